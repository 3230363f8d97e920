// The lifecycle of one inspection ticket (issue 33, bright kitchens): opened → assigned to the installer company →
// fixed (with a note and a photo) → verified by the school, or reopened back to the company with a reason. The states
// and the actions each allows are domain/inspection.ts's INSPECTION_TRANSITIONS, the guards its inspectionActionsFor
// (who may act), so the buttons errorDevice offers are the commands the server takes. The I/O is one invoked actor
// (runInspectionAction, PUT /v1/device/inspection/{id}) the screen provides; SYNC carries the ticket as the server
// now has it (a refetch, a live update).
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  inspectionActionsFor, inspectionInputProblem, type InspectionAction, type InspectionStatus,
} from '../domain/inspection.ts';
import type { Party } from '../domain/orgKind.ts';
import { errorMessage, notProvided } from './errorMessage.ts';

/** The fields of a ticket the flow reads (a row of GET /v1/device/inspection). */
export interface InspectionSummary {
  id: string;
  status: InspectionStatus;
  version: number;
}

export interface InspectionActionInput {
  id: string;
  version: number;
  action: InspectionAction;
  note: string;
  companyId: string | null;
  /** the repair photo as a data: URL, when one was taken */
  photo: string | null;
}

export interface InspectionFlowInput {
  ticket: InspectionSummary;
  /** who the viewer is toward the ticket (domain/orgKind.ts partyOf); 'member' when it is not his to act on */
  party: Party;
}

export interface InspectionFlowContext extends InspectionFlowInput {
  action: InspectionAction | null;
  note: string;
  companyId: string | null;
  photo: string | null;
  error: string | null;
}

export type InspectionFlowEvent =
  | { type: 'ASSIGN'; companyId: string }
  | { type: 'FIX'; note: string; photo?: string | null }
  | { type: 'VERIFY'; note?: string }
  | { type: 'REOPEN'; note: string }
  | { type: 'SYNC'; ticket: InspectionSummary };

type ActionEvent = Exclude<InspectionFlowEvent, { type: 'SYNC' }>;

const EVENT_ACTION = { ASSIGN: 'assign', FIX: 'fix', VERIFY: 'verify', REOPEN: 'reopen' } as const satisfies Record<ActionEvent['type'], InspectionAction>;

/** What the viewer may do with the ticket now: the buttons the screen shows. */
export function allowedInspectionActions(c: Pick<InspectionFlowContext, 'ticket' | 'party'>): InspectionAction[] {
  return inspectionActionsFor(c.ticket.status, c.party);
}

/** Why an action cannot be sent as typed (checked before the round trip, as the decider checks it), or null. */
export function inspectionEventProblem(event: ActionEvent): string | null {
  return inspectionInputProblem(EVENT_ACTION[event.type], {
    note: 'note' in event ? event.note : undefined, companyId: 'companyId' in event ? event.companyId : undefined,
  });
}

/** The transition an action event takes in a state that allows it. */
const take = (event: ActionEvent['type']) => ({ guard: { type: 'may', params: { action: EVENT_ACTION[event] } }, target: '#inspection.sending', actions: 'begin' }) as const;
/** The same for an event with input checked first (a company, a note, a reason): refused input stays on screen with its message. */
const takeChecked = (event: 'ASSIGN' | 'FIX' | 'REOPEN') => [{ guard: 'inputRefused', actions: 'refuseInput' }, take(event)] as const;

export const inspectionMachine = setup({
  types: {
    context: {} as InspectionFlowContext,
    events: {} as InspectionFlowEvent,
    input: {} as InspectionFlowInput,
  },
  actors: {
    /** PUT /v1/device/inspection/{id}; resolves with the ticket as it is after it */
    runInspectionAction: fromPromise<InspectionSummary, InspectionActionInput>(async () => notProvided('runInspectionAction')),
  },
  actions: {
    begin: assign(({ event }) => {
      const e = event as ActionEvent;
      return {
        action: EVENT_ACTION[e.type],
        note: 'note' in e ? (e.note ?? '').trim() : '',
        companyId: 'companyId' in e ? e.companyId : null,
        photo: 'photo' in e ? (e.photo ?? null) : null,
        error: null,
      };
    }),
    refuseInput: assign(({ event }) => ({ error: inspectionEventProblem(event as ActionEvent) })),
  },
  guards: {
    is: ({ context }, params: { status: InspectionStatus }) => context.ticket.status === params.status,
    may: ({ context }, params: { action: InspectionAction }) => allowedInspectionActions(context).includes(params.action),
    inputRefused: ({ context, event }) => event.type !== 'SYNC' && allowedInspectionActions(context).includes(EVENT_ACTION[event.type]) && inspectionEventProblem(event) !== null,
  },
}).createMachine({
  id: 'inspection',
  context: ({ input }) => ({ ...input, action: null, note: '', companyId: null, photo: null, error: null }),
  initial: 'resolving',
  on: {
    SYNC: { target: '.resolving', actions: assign(({ event }) => ({ ticket: event.ticket, error: null })) },
  },
  states: {
    /** transient: the state the ticket is in on the server */
    resolving: {
      always: [
        { guard: { type: 'is', params: { status: 'opened' } }, target: 'opened' },
        { guard: { type: 'is', params: { status: 'assigned' } }, target: 'assigned' },
        { guard: { type: 'is', params: { status: 'fixed' } }, target: 'fixed' },
        { target: 'verified' },
      ],
    },
    // each state takes the actions INSPECTION_TRANSITIONS allows in it (tests/unit/machines/inspection.machine.test.ts compares)
    /** waiting for the school to pick a company (a device without one) */
    opened: { on: { ASSIGN: takeChecked('ASSIGN') } },
    /** the company repairs it; the school may hand it to another company meanwhile */
    assigned: { on: { FIX: takeChecked('FIX'), ASSIGN: takeChecked('ASSIGN') } },
    /** the school checks the repair */
    fixed: { on: { VERIFY: take('VERIFY'), REOPEN: takeChecked('REOPEN') } },
    verified: {},
    sending: {
      invoke: {
        src: 'runInspectionAction',
        input: ({ context }) => ({
          id: context.ticket.id, version: context.ticket.version, action: context.action ?? 'assign', note: context.note, companyId: context.companyId, photo: context.photo,
        }),
        onDone: { target: 'resolving', actions: assign(({ event }) => ({ ticket: event.output, action: null, note: '', companyId: null, photo: null })) },
        // refused (403), acted on meanwhile (409), bad input (400) or offline: the message says why, the ticket stays
        onError: { target: 'resolving', actions: assign(({ event }) => ({ error: errorMessage(event.error), action: null, photo: null })) },
      },
    },
  },
});

export type InspectionMachine = typeof inspectionMachine;
export type InspectionRef = ActorRefFrom<typeof inspectionMachine>;
export type InspectionSnapshot = SnapshotFrom<typeof inspectionMachine>;
