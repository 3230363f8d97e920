import { useHashLocation } from 'wouter/use-hash-location';

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

/** The current hash path (without its query) and the hash navigation function. */
export function useShellPath() {
  const [location, navigate] = useHashLocation();
  return { path: normalisePath(location), location, navigate } as const;
}
