// Issue 28 point 7: screen state kept in the URL (parsing and writing: src/components/urlState.ts).
//
//   const [f, setF] = useUrlState({ status: '', keyword: '', page: 0 });
//   setF({ keyword: 'x', page: 0 });           // filters: the entry is replaced, Back leaves the screen
//   setF({ cycle: id }, { push: true });      // an opened record: a new entry, Back returns to the list
//
// The query rides in the hash (`#/path?x=1`), where the shell's router reads its path: wouter's own navigate would
// move it into location.search, which outlives the screen, so this writes the hash itself and tells wouter's
// location hook (it listens to hashchange). The shell's tabs remember each tab's last location
// (src/shell/ShellRoutes.tsx), so switching tabs comes back to the same query.
import { useCallback, useMemo } from 'react';
import { useHashLocation } from 'wouter/use-hash-location';
import { joinLocation, parseUrlState, serialiseUrlState, splitLocation, type UrlFields } from './urlState.ts';

/** history.state of an entry this hook pushed: the screen may step back to the entry before it. */
const PUSHED = 'meal.urlState.pushed';

/** The hash location now: '/path?query'. */
export function currentHashLocation(): string {
  return `/${window.location.hash.replace(/^#?\/?/, '')}`;
}

/**
 * Goes to a hash location with its query kept in the hash. Replaces the entry unless `push`; an entry pushed as a
 * `record` is marked so that `useLeaveRecord` can step back over it.
 */
export function navigateHash(to: string, { push = false, record = false }: { push?: boolean; record?: boolean } = {}): void {
  const oldURL = window.location.href;
  const url = new URL(oldURL);
  url.hash = to.startsWith('/') ? to : `/${to}`;
  const newURL = url.href;
  if (newURL === oldURL) return;
  if (push) window.history.pushState(record ? { [PUSHED]: true } : null, '', newURL);
  else window.history.replaceState(window.history.state, '', newURL);
  const event = typeof HashChangeEvent !== 'undefined' ? new HashChangeEvent('hashchange', { oldURL, newURL }) : new Event('hashchange');
  window.dispatchEvent(event);
}

/** Whether the current entry was pushed by a `push` of this hook (it survives a reload: history.state does). */
export function currentEntryWasPushed(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[PUSHED] === true;
}

export interface UrlStateSetOptions {
  /** a new history entry (an opened record) instead of replacing the current one (a filter) */
  push?: boolean;
}

/**
 * The declared fields of the current hash query, and a setter that merges a patch into the URL. The values keep
 * their identity while the query does not change, so they can be effect and query-key dependencies.
 */
export function useUrlState<T extends UrlFields>(defaults: T): [T, (patch: Partial<T>, options?: UrlStateSetOptions) => void] {
  const [location] = useHashLocation();
  const { query } = splitLocation(location);
  // callers pass their defaults inline: compare them by content, not identity
  const defaultsKey = JSON.stringify(defaults);
  const stableDefaults = useMemo(() => defaults, [defaultsKey]);
  const values = useMemo(() => parseUrlState(stableDefaults, query), [stableDefaults, query]);
  const set = useCallback((patch: Partial<T>, options: UrlStateSetOptions = {}) => {
    // read the URL at call time, so two patches in one event both land
    const now = splitLocation(currentHashLocation());
    const next = serialiseUrlState(stableDefaults, patch, now.query);
    navigateHash(joinLocation(now.path, next), { push: options.push, record: options.push });
  }, [stableDefaults]);
  return [values, set];
}

/**
 * Leaves a record opened with `push`: steps Back when this entry is the pushed one (so the list's entry is not
 * doubled), otherwise applies `patch` in place (the record was opened by a reload or a link).
 */
export function useLeaveRecord<T extends UrlFields>(set: (patch: Partial<T>, options?: UrlStateSetOptions) => void) {
  return useCallback((patch: Partial<T>) => {
    if (currentEntryWasPushed()) window.history.back();
    else set(patch);
  }, [set]);
}
