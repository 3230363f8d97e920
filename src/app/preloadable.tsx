import { lazy, type ComponentType, type ReactNode } from 'react';

/**
 * React.lazy suspends on its first render even when its module has long been fetched (prefetched while the user
 * typed), and React 19 reveals a suspended boundary at most every 300 ms: on the way from sign-in to the menu each
 * such boundary cost up to 300 ms of waiting on an idle page (issue 12). A preloadable component renders its module
 * directly once it is loaded, and is a plain lazy component before that.
 */
export interface Preloadable<P extends object, M> {
  (props: P): ReactNode;
  /** fetches the module (once); the component renders without suspending once this has resolved */
  preload(): Promise<M>;
}

export function preloadable<P extends object, M extends { default: ComponentType<P> }>(load: () => Promise<M>): Preloadable<P, M> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<M> | null = null;
  const preload = () => {
    pending ??= load().then((m) => {
      loaded = m.default;
      return m;
    }, (e: unknown) => {
      // a failed fetch (offline a moment) is tried again by the next render or preload
      pending = null;
      throw e;
    });
    return pending;
  };
  const Lazy = lazy(preload);
  function Preloaded(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  Preloaded.preload = preload;
  return Preloaded;
}
