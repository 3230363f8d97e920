/**
 * End-to-end model paths (issue 3): the same test models as tests/model/models.ts, run against the real
 * console in Chromium. A `PageMapping` says, for one model,
 * - for each state (value + the model's context flags): what the page must show (`PageState.check`), and
 *   which request of the page to hold pending so a transient state (an actor running) stays visible;
 * - for each fixture event, in the state it is sent from: the clicks and typing that send it
 *   (`PageEvent.run`), or nothing for the done / error / delayed events, which happen by themselves once
 *   the held request is released (or failed) or the delay has passed;
 * - or, for either, why it is skipped.
 *
 * `planPaths` filters the model to what has a mapping (fixture `when` narrowed; events into skipped states
 * dropped) and generates from it, with the model's own generator (graph.ts):
 *   1. the shortest path to every state, over the main events (`detour` events left out, so the main
 *      sign-in is by password, not by QR code);
 *   2. for each mapped event no path of 1 takes, and each state no path of 1 reaches: the shortest path
 *      (of the full filtered model) that does;
 * then drops every path that is a prefix of another (replaying the longer one checks it too).
 */
import { getNextSnapshot, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describePath, describeState, eventLabeller, generatePaths, type Fixture, type MachineModel, type ModelPath } from '../graph.ts';
import { describeMatch, Hold, type ConsoleDriver, type RequestMatch } from './ui.ts';

export interface Skip {
  skip: string;
}

export interface PageState {
  /** what the page shows in this state, one line (for the plan) */
  shows: string;
  /** a request to keep pending while this state is checked: it is the invoked actor's work */
  hold?: RequestMatch;
  check(ui: ConsoleDriver, hold?: Hold): Promise<void>;
}

export interface StepContext {
  /** the model state the event is sent in */
  from: AnyMachineSnapshot;
  /** the model state it leads to */
  to: AnyMachineSnapshot;
  /** the event after this one in the path, if any (a login types the wrong password when an error follows) */
  next?: EventObject;
  /** the hold of the state the event is sent in, if it has one */
  hold?: Hold;
}

export interface PageEvent {
  /** what is done on the page, one line (for the plan) */
  does: string;
  /** sent only from states where this holds (besides the fixture's own `when`) */
  when?: (from: AnyMachineSnapshot) => boolean;
  /** a second way into a state: used only for states and events the main events do not reach */
  detour?: boolean;
  run(ui: ConsoleDriver, ctx: StepContext): Promise<void>;
}

export interface PageStart {
  does: string;
  run(ui: ConsoleDriver): Promise<void>;
}

export interface PageMapping {
  model: MachineModel;
  /** by the model's start name */
  starts: Record<string, PageStart | Skip>;
  state(snapshot: AnyMachineSnapshot): PageState | Skip;
  event(fixture: Fixture): PageEvent | Skip;
}

export const isSkip = (x: unknown): x is Skip => typeof x === 'object' && x !== null && 'skip' in x;
export const isInternal = (event: EventObject) => event.type.startsWith('xstate.');

/** A released hold: the invoked actor finishes with the real server's answer. */
export function answered(does = 'the held request gets the real server\'s answer'): PageEvent {
  return { does, run: async (_ui, { hold }) => { await hold?.release('continue'); } };
}
/** A failed hold: the invoked actor fails as on a network error. */
export function networkError(does = 'the held request fails (network error)'): PageEvent {
  return { does, run: async (_ui, { hold }) => { await hold?.release('abort'); } };
}

export interface PlannedPath {
  path: ModelPath;
  title: string;
  /** why it was picked: the state or event it is the first to reach */
  reason: string;
}

export interface Plan {
  model: string;
  paths: PlannedPath[];
  /** state (described) → why it has no page path */
  skippedStates: Map<string, string>;
  /** event (labelled, with note) → why it is never sent */
  skippedEvents: Map<string, string>;
  /** states of the model's own paths no page path reaches (should be the skipped ones only) */
  unreachedStates: string[];
}

const serialize = (e: EventObject) => JSON.stringify(e);

function fixtureLabel(model: MachineModel, fixture: Fixture): string {
  const base = eventLabeller(model.machine)(fixture.event);
  return fixture.note ? `${base} (${fixture.note})` : base;
}

/** The model narrowed to what the page can do and show. */
function pageModel(mapping: PageMapping, includeDetours: boolean): MachineModel {
  const { model } = mapping;
  const fixtures: Fixture[] = [];
  for (const fixture of model.fixtures) {
    const ev = mapping.event(fixture);
    if (isSkip(ev) || (ev.detour && !includeDetours)) continue;
    fixtures.push({
      ...fixture,
      when: (s) => {
        if (fixture.when && !fixture.when(s)) return false;
        if (ev.when && !ev.when(s)) return false;
        // never into a state the page cannot show
        const next = getNextSnapshot(model.testMachine, s, fixture.event as never) as AnyMachineSnapshot;
        return !isSkip(mapping.state(next));
      },
    });
  }
  const starts = model.starts.filter((s) => mapping.starts[s.name] && !isSkip(mapping.starts[s.name]));
  return { ...model, fixtures, starts };
}

const stateKey = (model: MachineModel, s: AnyMachineSnapshot) => describeState(model, s);

function sequence(p: ModelPath): string[] {
  return [p.start.name, ...p.steps.slice(1).map((s) => serialize(s.event))];
}
function isPrefix(a: string[], b: string[]): boolean {
  return a.length < b.length && a.every((x, i) => x === b[i]);
}

export function planPaths(mapping: PageMapping): Plan {
  const { model } = mapping;
  const main = pageModel(mapping, false);
  const full = pageModel(mapping, true);
  const chosen: PlannedPath[] = [];
  const reachedStates = new Set<string>();
  const usedEvents = new Set<string>();
  const take = (path: ModelPath, reason: string) => {
    chosen.push({ path, title: describePath(model, path), reason });
    for (const step of path.steps) reachedStates.add(stateKey(model, step.state));
    for (const step of path.steps.slice(1)) usedEvents.add(serialize(step.event));
  };

  // 1. shortest paths to every state over the main events
  for (const p of generatePaths(main).filter((p) => p.kind === 'shortest')) {
    take(p, `shortest path to ${stateKey(model, p.steps[p.steps.length - 1].state)}`);
  }
  // 2. states and events only detours (or longer paths) reach
  const candidates = generatePaths(full).filter((p) => p.kind !== 'simple');
  const byLength = [...candidates].sort((a, b) => a.steps.length - b.steps.length);
  for (const p of byLength) {
    const last = stateKey(model, p.steps[p.steps.length - 1].state);
    if (!reachedStates.has(last)) take(p, `shortest path to ${last}`);
  }
  for (const fixture of full.fixtures) {
    const key = serialize(fixture.event);
    if (usedEvents.has(key)) continue;
    const p = byLength.find((c) => c.steps.slice(1).some((s) => serialize(s.event) === key));
    if (p) take(p, `first path sending ${fixtureLabel(model, fixture)}`);
  }
  // 3. prefixes of longer paths go (the longer one checks the same steps first)
  const seqs = chosen.map((c) => sequence(c.path));
  const paths = chosen.filter((_, i) => !seqs.some((other, j) => j !== i && (isPrefix(seqs[i], other) || (j < i && other.join() === seqs[i].join()))));

  // what is left out, and why
  const skippedStates = new Map<string, string>();
  const skippedEvents = new Map<string, string>();
  const modelPaths = generatePaths(model);
  const allStates = new Map<string, AnyMachineSnapshot>();
  for (const p of modelPaths) for (const s of p.steps) allStates.set(stateKey(model, s.state), s.state);
  for (const [key, s] of allStates) {
    const st = mapping.state(s);
    if (isSkip(st)) skippedStates.set(key, st.skip);
  }
  for (const fixture of model.fixtures) {
    const ev = mapping.event(fixture);
    if (isSkip(ev)) skippedEvents.set(fixtureLabel(model, fixture), ev.skip);
    else if (!usedEvents.has(serialize(fixture.event))) skippedEvents.set(fixtureLabel(model, fixture), 'mapped, but no page path can send it (see its `when`)');
  }
  for (const [name, start] of Object.entries(mapping.starts)) if (isSkip(start)) skippedStates.set(`start "${name}"`, start.skip);
  const unreachedStates = [...allStates.keys()].filter((k) => !reachedStates.has(k) && !skippedStates.has(k));
  return { model: model.name, paths, skippedStates, skippedEvents, unreachedStates };
}

/** Plan as text: numbered paths, then the skipped states and events with their reasons. */
export function describePlan(plan: Plan): string {
  const lines = [`## ${plan.model}: ${plan.paths.length} page paths`];
  plan.paths.forEach((p, i) => lines.push(`${i + 1}. ${p.path.start.name === 'idle' || !p.path.start.name ? '' : `[${p.path.start.name}] `}${p.title}`));
  if (plan.skippedStates.size) {
    lines.push('', 'States without a page path:');
    for (const [k, why] of plan.skippedStates) lines.push(`- ${k}: ${why}`);
  }
  if (plan.skippedEvents.size) {
    lines.push('', 'Events never sent by a page path:');
    for (const [k, why] of plan.skippedEvents) lines.push(`- ${k}: ${why}`);
  }
  if (plan.unreachedStates.length) lines.push('', `Unreached without a reason: ${plan.unreachedStates.join(', ')}`);
  return lines.join('\n');
}

function fixtureOf(model: MachineModel, event: EventObject): Fixture {
  const f = model.fixtures.find((x) => serialize(x.event) === serialize(event));
  if (!f) throw new Error(`no fixture for ${event.type}`);
  return f;
}

/**
 * Runs one path on the page: the start, then for each step the event's clicks and typing and the check
 * of the state it leads to. Before a user action, the holds of the states it leads into are installed
 * (that state and the states after it reached by done / error / delayed events alone).
 */
export async function runPath(mapping: PageMapping, planned: PlannedPath, ui: ConsoleDriver): Promise<void> {
  const { model } = mapping;
  const { steps } = planned.path;
  const label = eventLabeller(model.machine);
  const stateOf = (i: number) => {
    const st = mapping.state(steps[i].state);
    if (isSkip(st)) throw new Error(`path enters skipped state ${describeState(model, steps[i].state)}`);
    return st;
  };
  const installHolds = async (from: number) => {
    for (let j = from; j < steps.length; j++) {
      if (j > from && !isInternal(steps[j].event)) break;
      const st = stateOf(j);
      if (st.hold && !ui.holds.has(j)) {
        const hold = new Hold(ui.page, st.hold);
        await hold.install();
        ui.holds.set(j, hold);
      }
    }
  };
  const check = async (i: number) => {
    const st = stateOf(i);
    const where = `step ${i} (${i === 0 ? 'start' : label(steps[i].event)}) → ${describeState(model, steps[i].state)}: ${st.shows}`;
    try {
      const hold = ui.holds.get(i);
      if (hold) await hold.pending();
      await st.check(ui, hold);
    } catch (e) {
      const err = e as Error;
      err.message = `${where}\n  page at "${ui.page.url()}"\n  ${err.message}`;
      throw err;
    }
  };

  try {
    const start = mapping.starts[planned.path.start.name];
    if (!start || isSkip(start)) throw new Error(`start ${planned.path.start.name} has no page mapping`);
    await installHolds(0);
    await start.run(ui);
    await check(0);
    for (let i = 1; i < steps.length; i++) {
      const ev = mapping.event(fixtureOf(model, steps[i].event));
      if (isSkip(ev)) throw new Error(`path sends skipped event ${label(steps[i].event)}`);
      if (!isInternal(steps[i].event)) await installHolds(i);
      await ev.run(ui, { from: steps[i - 1].state, to: steps[i].state, next: steps[i + 1]?.event, hold: ui.holds.get(i - 1) });
      await check(i);
    }
  } finally {
    for (const hold of ui.holds.values()) await hold.release('continue');
  }
}

export { describeMatch };
