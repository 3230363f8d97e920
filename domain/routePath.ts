// The path part of a hash location, as the guard and the menu routes compare it (§2).

/** '/contacts?x=1' → '/contacts'; '/contacts/' → '/contacts'; percent-escapes decoded. */
export function normalisePath(location: string): string {
  const bare = location.split('?')[0] || '/';
  let decoded = bare;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    // keep the raw path
  }
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
}
