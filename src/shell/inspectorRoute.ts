/** The Statecharts page: no menu entry, shown to system providers (and in development builds) at this path. */
export const STATECHARTS_PATH = '/statecharts';
