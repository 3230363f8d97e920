/** The Statecharts page: no menu entry, shown to system providers (and in development builds) at this path. */
export const STATECHARTS_PATH = '/statecharts';

/** Who may open it: a system provider, or anyone in a development build. */
export function inspectorAllowed(isSystemProvider: boolean): boolean {
  return import.meta.env.DEV || isSystemProvider;
}
