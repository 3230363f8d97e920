// What an update changes: the fields whose value differs from the aggregate's, compared as JSON with object keys in
// any order (PostgreSQL jsonb does not keep the order a client sent), so the same value again records nothing.

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  }
  return value;
}

export const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** The defined fields of `change` (except `key`, the aggregate's id) whose value differs from `current`'s. */
export function changedFields<T extends object>(current: object, change: T, key?: keyof T): Partial<T> {
  const now = current as Record<string, unknown>;
  return Object.fromEntries(Object.entries(change).filter(([k, v]) => k !== key && v !== undefined && !sameJson(now[k], v))) as Partial<T>;
}

/** `current` with the defined fields of `change` over it: an Updated event carries only what changed. */
export function withChanges<T extends object>(current: T, change: object): T {
  return { ...current, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) } as T;
}
