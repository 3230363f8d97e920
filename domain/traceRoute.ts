// The public trace page a food label's QR code opens (issue 10): `#/trace/<orgId>/<dishId>[,<dishId>…]`. Reachable
// without sign-in, like the §2 public routes, but with parameters, so it is matched by prefix. Kept apart from
// domain/nutritionLabel.ts so the sign-in entry (the router) does not carry the label maths.

export const TRACE_ROUTE_PREFIX = '/trace/';

/** The hash path of the trace page of one dish or of a meal's dishes. */
export function tracePath(orgId: string, dishIds: readonly string[]): string {
  return `${TRACE_ROUTE_PREFIX}${encodeURIComponent(orgId)}/${dishIds.map(encodeURIComponent).join(',')}`;
}

/** Whether a path is a trace page (which the guard leaves alone). */
export const isTracePath = (path: string) => path.startsWith(TRACE_ROUTE_PREFIX);

/** The org and dish ids of a trace path; null when it is not one. */
export function parseTracePath(path: string): { orgId: string; dishIds: string[] } | null {
  if (!isTracePath(path)) return null;
  const [org, ids, ...rest] = path.slice(TRACE_ROUTE_PREFIX.length).split('/');
  if (!org || !ids || rest.length) return null;
  try {
    const dishIds = ids.split(',').map(decodeURIComponent).filter(Boolean);
    return dishIds.length ? { orgId: decodeURIComponent(org), dishIds } : null;
  } catch {
    return null;
  }
}
