// Secrets never reach the inspector's journal, its table or an exported file (issue 3; Expensify
// src/libs/XStateInspector): any key that names a token, a password or a code is shown as '***'.

export const SECRET_KEY = /token|password|code|accesstoken|key|smscode/i;
export const MASK = '***';
/** keys the pattern catches that hold no secret: a response's status code, and a role's code (999, 5…) that guards read */
const NOT_SECRET = /^(status_code|statusCode)$/;
const isRole = (o: object) => 'roleId' in o || 'roleGroupId' in o;
const MAX_DEPTH = 12;

/** Masks a secret value: empty values stay empty (so replayed guards like "has a key" decide alike). */
function maskValue(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value;
  return MASK;
}

/**
 * A JSON-safe deep copy of `value` with every secret masked: errors become `{ name, message }`, functions
 * and actor refs are dropped, cycles and very deep values are cut.
 */
export function maskSecrets(value: unknown): unknown {
  const seen = new WeakSet<object>();
  const walk = (v: unknown, depth: number): unknown => {
    if (v === null || typeof v !== 'object') {
      if (typeof v === 'function' || typeof v === 'symbol') return undefined;
      if (typeof v === 'bigint') return String(v);
      if (typeof v === 'number' && !Number.isFinite(v)) return null;
      return v;
    }
    if (v instanceof Error) return { name: v.name, message: v.message };
    if (v instanceof Date) return v.toISOString();
    if (depth > MAX_DEPTH) return '[…]';
    if (seen.has(v)) return '[circular]';
    // actor refs (children in events, sourceRef): name only
    if ('sessionId' in v && 'send' in v && typeof (v as { send: unknown }).send === 'function') {
      const ref = v as { id?: string; systemId?: string };
      return { actor: ref.systemId ?? ref.id ?? '?' };
    }
    seen.add(v);
    try {
      if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1) ?? null);
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        if (SECRET_KEY.test(k) && !NOT_SECRET.test(k) && !(k === 'code' && isRole(v))) {
          out[k] = maskValue(x);
          continue;
        }
        const copied = walk(x, depth + 1);
        if (copied !== undefined) out[k] = copied;
      }
      return out;
    } finally {
      seen.delete(v);
    }
  };
  return walk(value, 0);
}
