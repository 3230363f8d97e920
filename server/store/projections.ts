// Inline projections: each module registers handlers per event type; they run in the append's
// transaction, and the rebuild replays the same handlers over the whole log.
import type { StoredEvent, Tx } from './eventStore.ts';

export type ProjectionHandler = (tx: Tx, event: StoredEvent<any>) => Promise<void>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** Projects a run of consecutive events of one type in a few statements (bulk imports, the rebuild). */
export type BatchProjectionHandler = (tx: Tx, events: StoredEvent<any>[]) => Promise<void>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Entry { one: ProjectionHandler; many?: BatchProjectionHandler }
const handlers = new Map<string, Entry[]>();

/**
 * Register handlers by event type. Modules call this at import time. A handler may come with a batch form
 * (`many`) that must leave the tables exactly as calling `one` for each event in order would.
 */
export function defineProjection(byType: Record<string, ProjectionHandler | Entry>): void {
  for (const [type, handler] of Object.entries(byType)) {
    const entry = typeof handler === 'function' ? { one: handler } : handler;
    const list = handlers.get(type) ?? [];
    if (!list.some((e) => e.one === entry.one)) list.push(entry);
    handlers.set(type, list);
  }
}

export async function applyProjections(tx: Tx, event: StoredEvent): Promise<void> {
  for (const entry of handlers.get(event.type) ?? []) await entry.one(tx, event);
}

/** Applies events in log order; a run of one type goes to the batch handlers that exist, one by one otherwise. */
export async function applyProjectionsBatch(tx: Tx, events: StoredEvent[]): Promise<void> {
  for (let start = 0; start < events.length;) {
    let end = start + 1;
    while (end < events.length && events[end].type === events[start].type) end++;
    const run = events.slice(start, end);
    for (const entry of handlers.get(run[0].type) ?? []) {
      if (entry.many && run.length > 1) await entry.many(tx, run);
      else for (const event of run) await entry.one(tx, event);
    }
    start = end;
  }
}

export function knownEventTypes(): string[] {
  return [...handlers.keys()];
}
