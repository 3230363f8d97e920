// §3 org config by path (theme and locales are paths too): one stream per org-app and stored top-level path.
// A dotted path writes inside the stored value it starts with, so both spellings always agree.
import type { Decider, DomainEvent } from '../decider.ts';

export interface OrgConfigSet { appId: string; path: string; value: unknown }
export type OrgConfigEvent = DomainEvent<'OrgConfigSet', OrgConfigSet>;

export interface SetConfig {
  type: 'SetConfig';
  appId: string;
  /** the stored path the value lives in */
  storedPath: string;
  /** the keys below the stored path that are set ([] sets the whole value) */
  keys: string[];
  value: unknown;
}

/** The value stored at the path now (the org-app's own, else the org-wide one it falls back to). */
export interface OrgConfigState { value: unknown }

export function getIn(value: unknown, keys: readonly string[]): unknown {
  let v = value;
  for (const k of keys) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

export function setIn(value: unknown, keys: readonly string[], next: unknown): unknown {
  if (keys.length === 0) return next;
  const base = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const [k, ...rest] = keys;
  return { ...base, [k]: setIn(base[k], rest, next) };
}

export const orgConfigDecider: Decider<SetConfig, OrgConfigState, OrgConfigEvent> = {
  initialState: () => ({ value: undefined }),
  decide(command, state) {
    const next = setIn(state.value, command.keys, command.value);
    // the same value again records nothing
    if (JSON.stringify(next) === JSON.stringify(state.value)) return [];
    return [{ type: 'OrgConfigSet', data: { appId: command.appId, path: command.storedPath, value: next } }];
  },
  evolve: (_state, event) => ({ value: event.data.value }),
};
