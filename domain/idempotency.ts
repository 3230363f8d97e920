// Idempotent creation (issue 28; STYLE.md "creation that a retry cannot double"; the IETF httpapi
// "Idempotency-Key" draft): a client sends a key with a request that creates money-bearing records; the server
// answers a repeat of the same key and body with the first result, and refuses the key with another body (422).

/** The header a creating request carries its key in. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The header of an answer that is the first request's result again (as Stripe's API says it): 'true'. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** A key as the server accepts it: 1 to 255 visible ASCII characters (a UUID, or a key derived from what is created). */
export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && /^[\x21-\x7e]{1,255}$/.test(value);
}

/**
 * The body as one text that does not depend on the order of its keys: two requests that mean the same have the
 * same text (the fingerprint the server hashes and compares).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
