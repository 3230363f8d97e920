/**
 * Model-based path testing on top of `xstate/graph` (issue 3).
 *
 * `createTestModel` refuses machines with `invoke` or `after`, so every machine is wrapped in a
 * `TestModel` whose events are *fixtures*: the user events with payloads chosen per guard branch, plus,
 * for each invoked actor, its `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events and, for each
 * delayed transition, its `xstate.after.<delay>.<stateId>` event. The machine under test has its actors
 * replaced by never-resolving fakes and runs on a `SimulatedClock` that is never advanced, so only the
 * fixture events move it: the transitions are pure, and a path replays exactly.
 *
 * Three kinds of paths are generated per model:
 * - `shortest`: one shortest path to every state (`TestModel.getShortestPaths`);
 * - `transition`: for each fixture event enabled in a state and not yet taken by a shortest path, the
 *   shortest path to that state followed by the event (so self-loops and returns to the start, which no
 *   shortest or simple path can contain, are exercised too);
 * - `simple`: maximal simple paths (no state twice) up to a depth bound, walked over the adjacency map
 *   (`TestModel.getAdjacencyMap`); `getSimplePaths` has no bound and explodes on the dense org-app graph.
 */
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventObject,
  type InspectionEvent,
  type PromiseActorLogic,
  type StateValue,
} from 'xstate';
import { getStateNodes, TestModel, type AdjacencyMap } from 'xstate/graph';

// ---------------------------------------------------------------------------------------------------
// Fixtures

/** The event a delayed transition raises. */
export interface AfterEvent {
  type: `xstate.after.${string}`;
}

/**
 * One event the model may send, with a note for the test plan (what the payload stands for). `TEvent`
 * is the machine's own event union (so payloads are type-checked); the done / error / after events of
 * its actors and delays come from doneEvent / errorEvent / afterEvent.
 */
export interface Fixture<TEvent extends EventObject = EventObject> {
  event: TEvent | DoneActorEvent<unknown> | ErrorActorEvent | AfterEvent;
  /** shown after the event in the plan and in test names, e.g. "menu 0" */
  note?: string;
  /** restricts where the model sends it (besides "some active state node handles its type") */
  when?: (snapshot: AnyMachineSnapshot) => boolean;
}

/** A fake actor that never settles: the path decides with a fixture event when (and how) it finishes. */
export function never<TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

function stateNode(machine: AnyStateMachine, path: string): AnyStateNode {
  return machine.getStateNodeById(path ? `${machine.id}.${path}` : machine.id);
}

/** The id XState gave the (single) actor invoked by the state at `path` (e.g. `0.session.signingIn`). */
export function invokeId(machine: AnyStateMachine, path: string): string {
  const invoke = stateNode(machine, path).invoke;
  if (invoke.length !== 1) throw new Error(`${machine.id}.${path} invokes ${invoke.length} actors, expected 1`);
  return invoke[0].id;
}

/** The done event of the actor invoked in `path`, with a typed output fixture. */
export function doneEvent<TOutput>(machine: AnyStateMachine, path: string, output: TOutput): DoneActorEvent<TOutput> {
  const id = invokeId(machine, path);
  return { type: `xstate.done.actor.${id}`, output, actorId: id };
}

/** The error event of the actor invoked in `path`. */
export function errorEvent(machine: AnyStateMachine, path: string, error: unknown): ErrorActorEvent {
  const id = invokeId(machine, path);
  return { type: `xstate.error.actor.${id}`, error, actorId: id };
}

/** The event a named delay of the state at `path` raises (`xstate.after.<delay>.<stateId>`). */
export function afterEvent(machine: AnyStateMachine, path: string, delay: string): AfterEvent {
  const node = stateNode(machine, path);
  const found = node.after.find((t) => t.delay === delay);
  if (!found) throw new Error(`${node.id} has no delayed transition "${delay}"`);
  return { type: found.eventType as AfterEvent['type'] };
}

// ---------------------------------------------------------------------------------------------------
// Models

export interface ModelStart {
  /** shown in the plan when a machine has more than one start */
  name: string;
  input?: unknown;
}

export interface MachineModel {
  name: string;
  /** the definition: the coverage check reads its states and transitions */
  machine: AnyStateMachine;
  /** the same machine with every actor a never-resolving fake */
  testMachine: AnyStateMachine;
  starts: ModelStart[];
  fixtures: Fixture[];
  /** depth bound (events) of the simple paths */
  simpleDepth: number;
  /**
   * Context the state identity depends on besides the state value, as short flags shown next to the
   * state (`signedOut [error]`): what a guard reads or a tester should see. Default: none.
   */
  contextFlags?: (snapshot: AnyMachineSnapshot) => string[];
}

export type PathKind = 'shortest' | 'transition' | 'simple';

export interface PathStep {
  /** the event that led to `state` (`xstate.init` for the first step) */
  event: EventObject;
  state: AnyMachineSnapshot;
}

export interface ModelPath {
  model: string;
  start: ModelStart;
  kind: PathKind;
  /** steps[0] is the start state; every later step is an event and the state it leads to */
  steps: PathStep[];
}

const serializeEvent = (event: EventObject) => JSON.stringify(event);

export function flagsOf(model: MachineModel, snapshot: AnyMachineSnapshot): string[] {
  return model.contextFlags?.(snapshot) ?? [];
}

function stateKeyOf(model: MachineModel) {
  return (snapshot: AnyMachineSnapshot): string => JSON.stringify([snapshot.value, flagsOf(model, snapshot)]);
}

/** `signedOut [error]` */
export function describeState(model: MachineModel, snapshot: AnyMachineSnapshot): string {
  const flags = flagsOf(model, snapshot);
  return stateLabel(snapshot.value) + (flags.length ? ` [${flags.join(', ')}]` : '');
}

/** Event types some active state node (or an ancestor) declares a transition for. */
function ownEvents(snapshot: AnyMachineSnapshot): Set<string> {
  return new Set((snapshot._nodes as AnyStateNode[]).flatMap((node) => node.ownEvents));
}

function eventsFor(model: MachineModel) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    // a machine in a top-level final state takes no more events (xstate/graph's pure transition
    // would still move it: qrSignIn `confirmed` --REFRESH--> `creating`, which a real actor ignores)
    if (snapshot.status !== 'active') return [];
    const handled = ownEvents(snapshot);
    return model.fixtures.filter((f) => handled.has(f.event.type) && (f.when?.(snapshot) ?? true)).map((f) => f.event);
  };
}

function testModelFor(model: MachineModel, start: ModelStart) {
  return new TestModel<AnyMachineSnapshot, EventObject, unknown>(model.testMachine, {
    input: start.input,
    events: eventsFor(model),
    serializeState: stateKeyOf(model),
    serializeEvent,
  });
}

/** Whether the event selects at least one transition (a guard-refused event is not an edge worth a path). */
function enabled(model: MachineModel, snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  return model.testMachine.getTransitionData(snapshot, event).length > 0;
}

type Transitions = AdjacencyMap<AnyMachineSnapshot, EventObject>[keyof AdjacencyMap<AnyMachineSnapshot, EventObject>]['transitions'];
const edgesOf = (transitions: Transitions) => Object.values(transitions) as { event: EventObject; state: AnyMachineSnapshot }[];

function edgeKey(stateKey: string, event: EventObject) {
  return `${stateKey}|${serializeEvent(event)}`;
}

function eventSequence(steps: PathStep[]) {
  return steps
    .slice(1)
    .map((s) => serializeEvent(s.event))
    .join('\n');
}

/** Every path of a model: shortest, transition, then bounded simple paths (see the file comment). */
export function generatePaths(model: MachineModel): ModelPath[] {
  const key = stateKeyOf(model);
  const out: ModelPath[] = [];
  const reached = new Set<string>();
  const coveredEdges = new Set<string>();
  const seenSequences = new Set<string>();
  const add = (path: ModelPath) => {
    const seq = `${path.start.name}\n${eventSequence(path.steps)}`;
    if (seenSequences.has(seq)) return;
    seenSequences.add(seq);
    for (let i = 1; i < path.steps.length; i++) coveredEdges.add(edgeKey(key(path.steps[i - 1].state), path.steps[i].event));
    out.push(path);
  };

  model.starts.forEach((start, startIndex) => {
    const tm = testModelFor(model, start);
    const shortest = tm.getShortestPaths({ allowDuplicatePaths: true });
    const shortestTo = new Map<string, PathStep[]>();
    for (const p of shortest) shortestTo.set(key(p.state), p.steps);

    // 1. one shortest path to each state not reached from an earlier start (at least one per start)
    const fresh = shortest.filter((p) => p.steps.length > 1 && !reached.has(key(p.state)));
    const chosen = fresh.length ? fresh : shortest.filter((p) => p.steps.length > 1).slice(0, 1);
    for (const p of chosen) add({ model: model.name, start, kind: 'shortest', steps: p.steps });
    for (const p of shortest) reached.add(key(p.state));

    // 2. every enabled edge not taken yet: shortest path to its source, then the event
    const adjacency: AdjacencyMap<AnyMachineSnapshot, EventObject> = tm.getAdjacencyMap();
    for (const [sourceKey, { state, transitions }] of Object.entries(adjacency)) {
      for (const { event, state: next } of edgesOf(transitions)) {
        if (!enabled(model, state, event) || coveredEdges.has(edgeKey(sourceKey, event))) continue;
        const head = shortestTo.get(sourceKey);
        if (!head) continue;
        add({ model: model.name, start, kind: 'transition', steps: [...head, { event, state: next }] });
      }
    }

    // 3. simple paths from the first start, up to the depth bound
    if (startIndex === 0) {
      for (const steps of boundedSimplePaths(model, adjacency, shortest[0].steps[0].state)) {
        add({ model: model.name, start, kind: 'simple', steps });
      }
    }
  });
  return out;
}

/**
 * Maximal simple paths (no state key twice, at most `simpleDepth` events) over the adjacency map. Of
 * parallel edges between the same two states only the first is followed: the others are covered by
 * transition paths, and following all of them multiplies the count without reaching anything new.
 * Paths that are a prefix of another are dropped (replaying the longer one checks them too).
 */
function boundedSimplePaths(
  model: MachineModel,
  adjacency: AdjacencyMap<AnyMachineSnapshot, EventObject>,
  initial: AnyMachineSnapshot,
): PathStep[][] {
  const key = stateKeyOf(model);
  const results: PathStep[][] = [];
  const visit = (steps: PathStep[], onPath: Set<string>) => {
    const here = key(steps[steps.length - 1].state);
    const nextTargets = new Set<string>();
    let extended = false;
    if (steps.length - 1 < model.simpleDepth) {
      for (const { event, state: next } of edgesOf(adjacency[here as keyof typeof adjacency]?.transitions ?? {})) {
        const nextKey = key(next);
        if (onPath.has(nextKey) || nextTargets.has(nextKey)) continue;
        if (!enabled(model, steps[steps.length - 1].state, event)) continue;
        nextTargets.add(nextKey);
        extended = true;
        onPath.add(nextKey);
        visit([...steps, { event, state: next }], onPath);
        onPath.delete(nextKey);
      }
    }
    if (!extended && steps.length > 1) results.push(steps);
  };
  visit([{ event: { type: 'xstate.init' }, state: initial }], new Set([key(initial)]));
  return results;
}

// ---------------------------------------------------------------------------------------------------
// Replay on a real actor

export interface ReplayResult {
  /** keys (see transitionKey) of every transition taken, eventless ones included */
  transitions: Set<string>;
  /** ids of every state node entered, transient ones included */
  states: Set<string>;
}

/** `${source id}|${event type or (always)}|${index among the source's transitions for that event}` */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source;
  const list: readonly AnyTransitionDefinition[] =
    t.eventType === '' ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
  return `${source.id}|${t.eventType || '(always)'}|${list.indexOf(t)}`;
}

/**
 * Replays the path's events on `createActor(testMachine)` (never-resolving fake actors, a clock that is
 * never advanced, so no timer or actor adds an event of its own). `check` runs after the start and after
 * each event with the actor's snapshot and the step the model expects.
 */
export function replayPath(
  model: MachineModel,
  path: ModelPath,
  check?: (snapshot: AnyMachineSnapshot, step: PathStep, index: number) => void,
): ReplayResult {
  const result: ReplayResult = { transitions: new Set(), states: new Set() };
  const inspect = (ev: InspectionEvent) => {
    // the only machine actor is the root (the fakes are promise actors); the first microsteps are
    // reported while createActor() computes the initial snapshot, before `actor` is assigned
    if (ev.type !== '@xstate.microstep') return;
    for (const t of ev._transitions) result.transitions.add(transitionKey(t));
    for (const node of (ev.snapshot as AnyMachineSnapshot)._nodes as AnyStateNode[]) result.states.add(node.id);
  };
  const actor = createActor(model.testMachine, { input: path.start.input, clock: new SimulatedClock(), inspect });
  const note = (index: number) => {
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    for (const node of snapshot._nodes as AnyStateNode[]) result.states.add(node.id);
    check?.(snapshot, path.steps[index], index);
  };
  actor.start();
  try {
    note(0);
    for (let i = 1; i < path.steps.length; i++) {
      actor.send(path.steps[i].event);
      note(i);
    }
  } finally {
    actor.stop();
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Coverage

export interface StateInfo {
  id: string;
  label: string;
}
export interface TransitionInfo {
  key: string;
  label: string;
}

function relativeId(machine: AnyStateMachine, node: AnyStateNode): string {
  return node.id === machine.id ? '(root)' : node.id.slice(machine.id.length + 1);
}

/** Every state node of the machine but the root. */
export function machineStates(machine: AnyStateMachine): StateInfo[] {
  return getStateNodes(machine.root).map((node) => ({ id: node.id, label: relativeId(machine, node) }));
}

function guardLabel(t: AnyTransitionDefinition): string {
  const guard = t.guard as unknown;
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return ` [${String(guard.type)}]`;
  return ' [guard]';
}

/** Every transition the machine defines: `on`, `after`, invoke `onDone`/`onError`, `always`, per branch. */
export function machineTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const labels = eventLabeller(machine);
  const out: TransitionInfo[] = [];
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    const defs: AnyTransitionDefinition[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const t of defs) {
      const targets = t.target?.length ? t.target.map((n) => relativeId(machine, n)).join(', ') : '(self)';
      const event = t.eventType ? labels({ type: t.eventType }) : '(always)';
      out.push({ key: transitionKey(t), label: `${relativeId(machine, node)} --${event}${guardLabel(t)}--> ${targets}` });
    }
  }
  return out;
}

export interface CoverageReport {
  states: number;
  transitions: number;
  /** one message per state or transition no generated path reaches */
  unreached: string[];
}

/** Replays every path and names each state and transition of the machine none of them reached. */
export function coverage(model: MachineModel, paths: ModelPath[] = generatePaths(model)): CoverageReport {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const path of paths) {
    const r = replayPath(model, path);
    r.states.forEach((s) => states.add(s));
    r.transitions.forEach((t) => transitions.add(t));
  }
  const definedStates = machineStates(model.machine);
  const definedTransitions = machineTransitions(model.machine);
  const unreached = [
    ...definedStates.filter((s) => !states.has(s.id)).map((s) => `${model.name}: state ${s.label} unreached`),
    ...definedTransitions
      .filter((t) => !transitions.has(t.key))
      .map((t) => `${model.name}: transition ${t.label} unreached`),
  ];
  return { states: definedStates.length, transitions: definedTransitions.length, unreached };
}

// ---------------------------------------------------------------------------------------------------
// Readable names (test titles and the QA plan)

/** `signedIn.active`, `active.waiting.idle`; parallel regions as `{a.x, b.y}`. */
export function stateLabel(value: StateValue): string {
  if (typeof value === 'string') return value;
  const parts = Object.entries(value).map(([k, v]) => (v && (typeof v === 'string' || Object.keys(v).length) ? `${k}.${stateLabel(v as StateValue)}` : k));
  return parts.length === 1 ? parts[0] : `{${parts.join(', ')}}`;
}

/** Turns xstate's internal event types into `done: login`, `error: login`, `after 600ms`. */
export function eventLabeller(machine: AnyStateMachine) {
  const srcOf = new Map<string, string>();
  const delayOf = new Map<string, string>();
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const inv of node.invoke) srcOf.set(inv.id, typeof inv.src === 'string' ? inv.src : inv.id);
    for (const t of node.after) {
      const named = typeof t.delay === 'string' ? delays[t.delay] : t.delay;
      delayOf.set(t.eventType, typeof named === 'number' ? `${named}ms` : String(t.delay));
    }
  }
  return (event: EventObject): string => {
    const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
    if (done) return `done: ${srcOf.get(done[1]) ?? done[1]}`;
    const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
    if (error) return `error: ${srcOf.get(error[1]) ?? error[1]}`;
    if (event.type.startsWith('xstate.after.')) return `after ${delayOf.get(event.type) ?? event.type.split('.')[2]}`;
    return event.type;
  };
}

/** `signedOut → LOGIN (password) → signingIn → done: login → signedIn.active` */
export function describePath(model: MachineModel, path: ModelPath): string {
  const base = eventLabeller(model.machine);
  const notes = new Map(model.fixtures.map((f) => [serializeEvent(f.event), f.note]));
  const label = (e: EventObject) => {
    const note = notes.get(serializeEvent(e));
    return note ? `${base(e)} (${note})` : base(e);
  };
  return path.steps
    .map((s, i) => (i === 0 ? describeState(model, s.state) : `${label(s.event)} → ${describeState(model, s.state)}`))
    .join(' → ');
}
