// The event journal of this session (issue 3, Inspector): every event a machine actor of the console
// processed, with the state it led to, secrets masked. Fed by the root actor's inspection stream
// (`createActor(machine, { inspect })` in src/app/appActor.ts); replayed by ./replay.ts.
import type { AnyActorRef, InspectionEvent, StateValue } from 'xstate';
import { maskSecrets } from './mask.ts';

export const JOURNAL_FORMAT = 'meal-console/statechart-journal';
/** entries kept; older ones are folded into the per-actor base snapshots */
export const JOURNAL_LIMIT = 2000;

export interface JournalEvent {
  type: string;
  [key: string]: unknown;
}

/** A state an actor was in: value, masked context and status (the start of a replay). */
export interface RecordedSnapshot {
  machineId: string;
  value: StateValue;
  context: unknown;
  status: string;
  /** ids of the actor's children (a replay gives it inert stand-ins to send to) */
  children?: string[];
}

export interface JournalEntry {
  /** increasing number of the entry in this session */
  seq: number;
  /** ms since epoch when the actor processed the event */
  time: number;
  /** the actor's systemId (its id when it has none; 'app' for the root) */
  actorId: string;
  /** the id of the actor's machine (selects the machine a replay feeds) */
  machineId: string;
  /** the event with its payload, secrets masked */
  event: JournalEvent;
  /** the snapshot value the event led to */
  resultingState: StateValue;
  /** the actor's status after the event: active, done, stopped, error */
  status: string;
  /** on `xstate.init`: the actor's initial snapshot, the start of its replay */
  initial?: RecordedSnapshot;
}

export interface JournalFile {
  format: typeof JOURNAL_FORMAT;
  version: 1;
  exportedAt: number;
  /** what each actor was in before the first entry kept (entries dropped by the bound, or a late start) */
  bases: Record<string, RecordedSnapshot>;
  entries: JournalEntry[];
}

interface MachineSnapshotLike {
  value: StateValue;
  context: unknown;
  status: string;
  machine: { id: string };
  children?: Record<string, unknown>;
}

const isMachineSnapshot = (s: unknown): s is MachineSnapshotLike =>
  !!s && typeof s === 'object' && 'machine' in s && 'value' in s && 'context' in s;

function recorded(snapshot: MachineSnapshotLike): RecordedSnapshot {
  return {
    machineId: snapshot.machine.id,
    value: maskSecrets(snapshot.value) as StateValue,
    context: maskSecrets(snapshot.context),
    status: snapshot.status,
    children: Object.keys(snapshot.children ?? {}),
  };
}

type Listener = () => void;

export class Journal {
  private entries: JournalEntry[] = [];
  /** the raw snapshot after each entry (not exported): folded into a masked base when the entry is dropped */
  private raw: MachineSnapshotLike[] = [];
  private bases: Record<string, RecordedSnapshot> = {};
  private seq = 0;
  private listeners = new Set<Listener>();
  /** the entries as last handed out; null after a change (copied again only when asked for, not on every event) */
  private view: readonly JournalEntry[] | null = null;
  private enabled = false;

  constructor(
    private readonly limit = JOURNAL_LIMIT,
    private readonly clock: () => number = Date.now,
  ) {}

  get isEnabled(): boolean {
    return this.enabled;
  }

  /**
   * Starts recording. Given the running root, the current snapshot of every machine actor becomes its base
   * (a journal started late, e.g. by the system provider in production, replays from there).
   */
  enable(root?: AnyActorRef): void {
    if (this.enabled) return;
    this.enabled = true;
    if (root) {
      const actors: [string, AnyActorRef][] = [['app', root], ...Object.entries(root.system.getAll() as Record<string, AnyActorRef>)];
      for (const [id, ref] of actors) {
        const snap: unknown = ref.getSnapshot();
        if (isMachineSnapshot(snap) && !this.bases[id] && !this.entries.some((e) => e.actorId === id)) this.bases[id] = recorded(snap);
      }
    }
    this.emit();
  }

  /** The inspection observer: pass to `createActor(…, { inspect })` or `system.inspect()`. */
  readonly inspect = (ev: InspectionEvent): void => {
    if (!this.enabled || ev.type !== '@xstate.snapshot') return;
    const snapshot = ev.snapshot as unknown;
    if (!isMachineSnapshot(snapshot)) return;
    const ref = ev.actorRef as AnyActorRef;
    const actorId = (ref as { systemId?: string }).systemId ?? (ref.sessionId === ev.rootId ? snapshot.machine.id : ref.id);
    this.record(actorId, ev.event as JournalEvent, snapshot);
  };

  /** Records one processed event (exposed for tests that drive actors without the inspection stream). */
  record(actorId: string, event: JournalEvent, snapshot: MachineSnapshotLike): void {
    const entry: JournalEntry = {
      seq: ++this.seq,
      time: this.clock(),
      actorId,
      machineId: snapshot.machine.id,
      event: maskSecrets(event) as JournalEvent,
      resultingState: maskSecrets(snapshot.value) as StateValue,
      status: snapshot.status,
    };
    if (event.type === 'xstate.init') entry.initial = recorded(snapshot);
    this.entries.push(entry);
    this.raw.push(snapshot);
    while (this.entries.length > this.limit) {
      const dropped = this.entries.shift()!;
      const snap = this.raw.shift()!;
      this.bases[dropped.actorId] = recorded(snap);
    }
    this.emit();
  }

  getEntries = (): readonly JournalEntry[] => (this.view ??= this.entries.slice());

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The journal as a file: masked entries and bases, nothing else. */
  toFile(): JournalFile {
    return {
      format: JOURNAL_FORMAT,
      version: 1,
      exportedAt: this.clock(),
      bases: structuredClone(this.bases),
      entries: structuredClone(this.entries),
    };
  }

  clear(): void {
    this.entries = [];
    this.raw = [];
    this.bases = {};
    this.emit();
  }

  private emit() {
    this.view = null;
    for (const l of this.listeners) l();
  }
}

/** Reads a journal file (exported by this page); throws with a readable message when it is not one. */
export function parseJournalFile(text: string): JournalFile {
  const data: unknown = JSON.parse(text);
  if (!data || typeof data !== 'object') throw new Error('not a journal');
  const file = data as Partial<JournalFile>;
  if (file.format !== JOURNAL_FORMAT || !Array.isArray(file.entries)) throw new Error('not a journal');
  for (const e of file.entries) {
    if (!e || typeof e.actorId !== 'string' || typeof e.machineId !== 'string' || typeof e.event?.type !== 'string') {
      throw new Error('not a journal');
    }
  }
  // a file from elsewhere is masked again before it is shown
  return {
    format: JOURNAL_FORMAT,
    version: 1,
    exportedAt: typeof file.exportedAt === 'number' ? file.exportedAt : 0,
    bases: (maskSecrets(file.bases ?? {}) as Record<string, RecordedSnapshot>) ?? {},
    entries: maskSecrets(file.entries) as JournalEntry[],
  };
}

/** The console's journal (one per page). */
export const journal = new Journal();
