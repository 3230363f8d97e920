// Replay of a journal (issue 3): each machine's state at any step, recomputed from the recorded events
// through the machines' pure transitions. Nothing runs: invoked and spawned actors are inert stand-ins,
// actions are returned by `transition()` and dropped.
import {
  createActor,
  fromPromise,
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type StateValue,
} from 'xstate';
import { appMachine } from '../../machines/app.machine.ts';
import { frameBridgeMachine } from '../../machines/frameBridge.machine.ts';
import { guardMachine } from '../../machines/guard.machine.ts';
import { noticeBannerMachine } from '../../machines/noticeBanner.machine.ts';
import { onlineRestrictionMachine } from '../../machines/onlineRestriction.machine.ts';
import { orgAppMachine } from '../../machines/orgApp.machine.ts';
import { qrSignInMachine } from '../../machines/qrSignIn.machine.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { priceApprovalMachine, priceBoardMachine } from '../../machines/priceApproval.machine.ts';
import { recipeApprovalMachine } from '../../machines/recipeApproval.machine.ts';
import { orderMachine } from '../../machines/order.machine.ts';
import { fruitOrderMachine } from '../../machines/fruitOrder.machine.ts';
import { activityMachine } from '../../machines/activity.machine.ts';
import { inspectionMachine } from '../../machines/inspection.machine.ts';
import type { JournalEntry, JournalFile, RecordedSnapshot } from './journal.ts';

/** Every machine of the console, by machine id (= the actor id it runs under). */
export const MACHINES: Readonly<Record<string, AnyStateMachine>> = {
  app: appMachine,
  session: sessionMachine,
  orgApp: orgAppMachine,
  guard: guardMachine,
  noticeBanner: noticeBannerMachine,
  frameBridge: frameBridgeMachine,
  onlineRestriction: onlineRestrictionMachine,
  qrSignIn: qrSignInMachine,
  // run by the price screens' own actor, not the root
  priceBoard: priceBoardMachine,
  priceApproval: priceApprovalMachine,
  // one per recipe cycle open on mallRecipeCycleManage
  recipeApproval: recipeApprovalMachine,
  // one per order open on orderList
  order: orderMachine,
  // one per fruit order open on xgOrgOrderManage (issue 34)
  fruitOrder: fruitOrderMachine,
  // one per activity open on activityList (issue 34)
  activity: activityMachine,
  // one per inspection ticket open on errorDevice
  inspection: inspectionMachine,
};

/** The machine ids in display order. */
export const MACHINE_IDS = ['session', 'orgApp', 'guard', 'noticeBanner', 'frameBridge', 'onlineRestriction', 'qrSignIn', 'app', 'priceBoard', 'priceApproval', 'recipeApproval', 'order', 'fruitOrder', 'activity', 'inspection'] as const;

const inert = fromPromise(() => new Promise<never>(() => {}));

/** The machine with every actor it names replaced by one that never does anything. */
function inertMachine(machine: AnyStateMachine): AnyStateMachine {
  const names = Object.keys(machine.implementations.actors ?? {});
  return machine.provide({ actors: Object.fromEntries(names.map((n) => [n, inert])) });
}

const inertCache = new Map<AnyStateMachine, AnyStateMachine>();
function pure(machine: AnyStateMachine): AnyStateMachine {
  let m = inertCache.get(machine);
  if (!m) {
    m = inertMachine(machine);
    inertCache.set(machine, m);
  }
  return m;
}

export interface ReplayedState {
  actorId: string;
  machineId: string;
  value: StateValue;
  status: string;
  /** false once a step could not be recomputed (unknown machine, no start): the recorded value is shown */
  recomputed: boolean;
}

export interface ReplayStep {
  /** index of the entry in the journal */
  index: number;
  state: ReplayedState;
  /** the recomputed value equals the recorded one */
  matches: boolean;
}

export interface Replay {
  bases: Record<string, ReplayedState>;
  steps: ReplayStep[];
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A recorded snapshot made live again; its children are inert stand-ins so that `sendTo` finds them. */
function resolve(machine: AnyStateMachine, rec: RecordedSnapshot): AnyMachineSnapshot {
  const snapshot = machine.resolveState({ value: rec.value, context: rec.context as never });
  const children = Object.fromEntries((rec.children ?? []).map((id) => [id, createActor(inert, { id })]));
  return { ...snapshot, children };
}

/**
 * Recomputes every entry: each actor starts from its recorded initial snapshot (on `xstate.init`: the
 * machine's initial transition with the recorded input) or from its base, then each recorded event goes
 * through `transition(machine, snapshot, event)`.
 */
export function replayJournal(file: Pick<JournalFile, 'bases' | 'entries'>): Replay {
  const current = new Map<string, AnyMachineSnapshot | null>();
  const bases: Record<string, ReplayedState> = {};
  for (const [actorId, base] of Object.entries(file.bases ?? {})) {
    const machine = MACHINES[base.machineId];
    bases[actorId] = { actorId, machineId: base.machineId, value: base.value, status: base.status, recomputed: Boolean(machine) };
    try {
      current.set(actorId, machine ? resolve(pure(machine), base) : null);
    } catch {
      current.set(actorId, null);
    }
  }

  const steps: ReplayStep[] = file.entries.map((entry: JournalEntry, index) => {
    const machine = MACHINES[entry.machineId];
    let next: AnyMachineSnapshot | null = null;
    if (machine) {
      const m = pure(machine);
      try {
        if (entry.event.type === 'xstate.init') {
          const input = (entry.event as { input?: unknown }).input;
          next = initialTransition(m, input as never)[0] as AnyMachineSnapshot;
        } else {
          const before = current.get(entry.actorId);
          if (before) next = transition(m, before, entry.event as never)[0] as AnyMachineSnapshot;
        }
      } catch {
        next = null;
      }
    }
    current.set(entry.actorId, next);
    const state: ReplayedState = next
      ? { actorId: entry.actorId, machineId: entry.machineId, value: next.value, status: next.status, recomputed: true }
      : { actorId: entry.actorId, machineId: entry.machineId, value: entry.resultingState, status: entry.status, recomputed: false };
    return { index, state, matches: state.recomputed && sameValue(state.value, entry.resultingState) && state.status === entry.status };
  });
  return { bases, steps };
}

/** Each actor's state after the entry at `index` (inclusive; -1: before the first entry). */
export function statesAt(replay: Replay, index: number): Record<string, ReplayedState> {
  const out: Record<string, ReplayedState> = { ...replay.bases };
  for (let i = 0; i <= index && i < replay.steps.length; i++) {
    const { state } = replay.steps[i];
    out[state.actorId] = state;
  }
  return out;
}
