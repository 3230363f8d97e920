// Bad input is refused before it reaches a handler or the database (issue 16: NUL, lone surrogates,
// Infinity, numbers beyond what a column holds and deeply nested JSON gave 500s). Three general guards
// instead of route-by-route fixes: a nesting limit on JSON bodies, a string check on everything parsed, and
// finite bounds added to every number and integer in the route schemas.

/** Deeper JSON than any request of ours needs; far below what would exhaust a recursive walker. */
export const MAX_JSON_DEPTH = 64;

/** Whether JSON text nests arrays/objects deeper than `max` (scanned before parsing, strings skipped). */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c) escaped = true;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * The path of the first string (or object key) holding NUL or a lone UTF-16 surrogate, or of a non-finite
 * number, or null. PostgreSQL stores neither character in text or jsonb, and a surrogate half is not text.
 */
// a high surrogate not followed by a low one, or a low one not preceded by a high one
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isBadText = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

export function badStringPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isBadText(value) ? path || '(值)' : null;
  // 1e999 parses to Infinity, and "Infinity" coerces to it: no request of ours means a non-finite number
  if (typeof value === 'number') return Number.isFinite(value) ? null : path || '(值)';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const bad = badStringPath(value[i], `${path}[${i}]`);
      if (bad) return bad;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const here = path ? `${path}.${k}` : k;
      if (isBadText(k)) return here;
      const bad = badStringPath(v, here);
      if (bad) return bad;
    }
  }
  return null;
}

// JavaScript's exact integers; a column narrower than that still answers 400 through the error handler.
const INTEGER_BOUND = Number.MAX_SAFE_INTEGER;
// no amount, weight or nutrient of ours comes near this, and it keeps Infinity and 1e308 out
const NUMBER_BOUND = 1e15;

type Schema = Record<string, unknown>;

/** Adds finite minimum/maximum to every number and integer of a request schema that lacks them (in place). */
export function boundNumbers(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Schema;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const bound = types.includes('number') ? NUMBER_BOUND : types.includes('integer') ? INTEGER_BOUND : null;
  if (bound !== null) {
    if (s.maximum === undefined && s.exclusiveMaximum === undefined) s.maximum = bound;
    if (s.minimum === undefined && s.exclusiveMinimum === undefined) s.minimum = -bound;
  }
  for (const key of ['properties', 'patternProperties', 'definitions', '$defs']) {
    const children = s[key];
    if (children && typeof children === 'object') for (const child of Object.values(children)) boundNumbers(child);
  }
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains']) boundNumbers(s[key]);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const list = s[key];
    if (Array.isArray(list)) for (const child of list) boundNumbers(child);
  }
}

/** PostgreSQL errors a request's values can still cause: the caller's mistake, answered 400 with a reason. */
const PG_INPUT_ERRORS: Record<string, string> = {
  '22P02': '参数格式不正确',
  '22003': '数值超出范围',
  '22007': '日期时间格式不正确',
  '22008': '日期时间超出范围',
  // a zone offset PostgreSQL cannot hold (a date beyond its years): the date rule refuses it first (domain/dateText.ts)
  '22009': '日期时间超出范围',
  '22021': '包含无效字符',
  '22P05': '包含无效字符',
  '2201B': '正则表达式不正确',
  '22025': '转义字符不正确',
  '54001': '参数嵌套过深',
};

export function pgInputErrorText(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code in PG_INPUT_ERRORS ? `参数错误：${PG_INPUT_ERRORS[code]}` : null;
}
