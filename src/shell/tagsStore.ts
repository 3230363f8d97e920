import { useCallback, useMemo, useSyncExternalStore } from 'react';

// The opened tabs of the tags view (§2 "a tab navigation list is kept locally"): one list per user and
// org-app, kept in localStorage so a reload finds the same tabs. Home is always first and never stored.

export interface Tag {
  path: string;
  title: string;
  /** issue 28: where the tab was last, with its query (filters, page, open record); switching back goes there */
  location?: string;
}

export const TAGS_STORAGE_KEY = 'meal.tags';
/** at most this many tabs are kept per user and org-app; the oldest (after home) go first */
const MAX_TAGS = 30;

type Stored = Record<string, Tag[]>;
type Listener = () => void;

const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

function load(): Stored {
  try {
    const raw = localStorage.getItem(TAGS_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: Stored = {};
    for (const [scope, tags] of Object.entries(parsed as Record<string, unknown>)) {
      if (!Array.isArray(tags)) continue;
      out[scope] = tags.filter(
        (t): t is Tag => !!t && typeof t === 'object' && typeof (t as Tag).path === 'string' && typeof (t as Tag).title === 'string'
          && ((t as Tag).location === undefined || typeof (t as Tag).location === 'string'),
      );
    }
    return out;
  } catch {
    return {};
  }
}

let stored: Stored | null = null;
const state = (): Stored => (stored ??= load());

function save(scope: string, tags: Tag[]) {
  const next = { ...state() };
  if (tags.length) next[scope] = tags;
  else delete next[scope];
  stored = next;
  try {
    localStorage.setItem(TAGS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // storage unavailable: the tabs last this page only
  }
  emit();
}

/** refresh counters by path (not stored): bumping one remounts that tab's screen */
let refreshes: Record<string, number> = {};

function subscribe(listener: Listener) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === TAGS_STORAGE_KEY || e.key === null) {
      stored = null;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const EMPTY: Tag[] = [];

export function openTag(scope: string, tag: Tag) {
  const tags = state()[scope] ?? EMPTY;
  const at = tags.findIndex((t) => t.path === tag.path);
  if (at >= 0) {
    if (tags[at].title === tag.title && tags[at].location === tag.location) return;
    save(scope, tags.map((t, i) => (i === at ? tag : t)));
    return;
  }
  save(scope, [...tags, tag].slice(-MAX_TAGS));
}

export function closeTags(scope: string, keep: (tag: Tag) => boolean) {
  const tags = state()[scope] ?? EMPTY;
  const next = tags.filter(keep);
  if (next.length !== tags.length) save(scope, next);
}

export function refreshTag(path: string) {
  refreshes = { ...refreshes, [path]: (refreshes[path] ?? 0) + 1 };
  emit();
}

/** The stored tabs of one user and org-app. */
export function useStoredTags(scope: string): Tag[] {
  const getSnapshot = useCallback(() => state()[scope] ?? EMPTY, [scope]);
  return useSyncExternalStore(subscribe, getSnapshot);
}

/** A number that changes when the tab of `path` is refreshed: use it in the screen's key. */
export function useRefreshKey(path: string): number {
  const getSnapshot = useCallback(() => refreshes[path] ?? 0, [path]);
  return useSyncExternalStore(subscribe, getSnapshot);
}

/** All refresh counters (frames are keyed by them). */
export function useRefreshCounters(): Record<string, number> {
  return useSyncExternalStore(subscribe, () => refreshes);
}

/** The tabs actions bound to a scope. */
export function useTagActions(scope: string) {
  return useMemo(
    () => ({
      open: (tag: Tag) => openTag(scope, tag),
      close: (path: string) => closeTags(scope, (t) => t.path !== path),
      closeOthers: (path: string) => closeTags(scope, (t) => t.path === path),
      closeAll: () => closeTags(scope, () => false),
      prune: (isKnown: (path: string) => boolean) => closeTags(scope, (t) => isKnown(t.path)),
      refresh: refreshTag,
    }),
    [scope],
  );
}
