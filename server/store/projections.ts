// Inline projections: each module registers handlers per event type; they run in the append's
// transaction, and the rebuild replays the same handlers over the whole log.
import type { StoredEvent, Tx } from './eventStore.ts';

export type ProjectionHandler = (tx: Tx, event: StoredEvent<any>) => Promise<void>; // eslint-disable-line @typescript-eslint/no-explicit-any

const handlers = new Map<string, ProjectionHandler[]>();

/** Register handlers by event type. Modules call this at import time. */
export function defineProjection(byType: Record<string, ProjectionHandler>): void {
  for (const [type, handler] of Object.entries(byType)) {
    const list = handlers.get(type) ?? [];
    if (!list.includes(handler)) list.push(handler);
    handlers.set(type, list);
  }
}

export async function applyProjections(tx: Tx, event: StoredEvent): Promise<void> {
  for (const handler of handlers.get(event.type) ?? []) await handler(tx, event);
}

export function knownEventTypes(): string[] {
  return [...handlers.keys()];
}
