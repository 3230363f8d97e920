// The live feed's own message beside the event notices (ARCHITECTURE.md live updates).

/**
 * Sent on GET /v1/events after the server's LISTEN connection was lost and is back: notices of the gap are
 * gone, so a console refetches everything it shows. Event types are PascalCase, so this never is one.
 */
export const LIVE_RESYNC = '$resync';
