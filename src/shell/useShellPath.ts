import { useHashLocation } from 'wouter/use-hash-location';
import { normalisePath } from '../../domain/routePath.ts';

/** The current hash path (without its query) and the hash navigation function. */
export function useShellPath() {
  const [location, navigate] = useHashLocation();
  return { path: normalisePath(location), location, navigate } as const;
}
