// Issue 28 point 7: a screen's filters, page and open record live in the query of the hash location
// (`#/meal/orderList?status=2&page=3`), so a tab switch, Back/Forward and a reload find them again. These are the
// pure halves of src/components/useUrlState.ts: read fields from a query and write them back into it.
//
// A screen declares its fields with their defaults; the default's type is the field's type (text, whole number,
// yes/no). A field at its default is left out of the URL, so a screen's bare path is its unfiltered state. Keys
// the screen did not declare are kept as they are: two parts of one screen may each own some keys of one query.

export type UrlValue = string | number | boolean;
export type UrlFields = Record<string, UrlValue>;

/** '/a/b?x=1&y=2' → { path: '/a/b', query: 'x=1&y=2' } (a '?' inside the query stays in it). */
export function splitLocation(location: string): { path: string; query: string } {
  const at = location.indexOf('?');
  return at < 0 ? { path: location, query: '' } : { path: location.slice(0, at), query: location.slice(at + 1) };
}

/** The path with its query, without a dangling '?' when the query is empty. */
export function joinLocation(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}

/** One field's value from its text in the URL; a text that does not fit the field's type gives the default. */
function parseValue(text: string, fallback: UrlValue): UrlValue {
  if (typeof fallback === 'number') {
    // whole numbers only (pages, counts): '2.5', '1e3', '' or 'abc' are not a page
    if (!/^-?\d{1,15}$/.test(text)) return fallback;
    return Number(text);
  }
  if (typeof fallback === 'boolean') {
    if (text === '1' || text === 'true') return true;
    if (text === '0' || text === 'false') return false;
    return fallback;
  }
  return text;
}

function valueText(value: UrlValue): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/** The declared fields as the query says them, each absent or unreadable one at its default. */
export function parseUrlState<T extends UrlFields>(defaults: T, query: string): T {
  const params = new URLSearchParams(query);
  const out: UrlFields = { ...defaults };
  for (const [key, fallback] of Object.entries(defaults)) {
    const text = params.get(key);
    if (text !== null) out[key] = parseValue(text, fallback);
  }
  return out as T;
}

/**
 * The query with the declared fields set to `values`: a field equal to its default is removed, keys that are not
 * declared keep their place and value, new keys go at the end in the order of `defaults`.
 */
export function serialiseUrlState<T extends UrlFields>(defaults: T, values: Partial<T>, query = ''): string {
  const params = new URLSearchParams(query);
  for (const key of Object.keys(defaults)) {
    if (!(key in values)) continue;
    const value = values[key] as UrlValue | undefined;
    if (value === undefined || value === defaults[key] || (typeof value === 'number' && !Number.isFinite(value))) params.delete(key);
    else params.set(key, valueText(value));
  }
  return params.toString();
}
