// Issue 34: the lifecycle of one activity on activityList: draft → published → closed, and cancelled from draft or
// published. The guard is domain/activity.ts's ACTIVITY_ACTIONS, the very table the server's decider applies
// (domain/aggregates/activity.ts), so the buttons the screen offers are the commands the server takes. The I/O is one
// invoked actor (runActivityAction: POST /v1/activities/{id}/{action} with the version read) the screen provides;
// SYNC carries the activity as the server now has it.
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ACTIVITY_ACTIONS, type ActivityAction, type ActivityStatus } from '../domain/activity.ts';
import { errorMessage, notProvided } from './errorMessage.ts';

/** The fields of an activity the flow reads (a row of GET /v1/activities). */
export interface ActivitySummary { id: string; status: ActivityStatus; version: number }

export interface ActivityActionInput { id: string; version: number; action: ActivityAction; reason: string }

export interface ActivityFlowContext {
  activity: ActivitySummary;
  action: ActivityAction | null;
  reason: string;
  error: string | null;
}

export type ActivityFlowEvent =
  | { type: 'PUBLISH' }
  | { type: 'CLOSE' }
  | { type: 'CANCEL'; reason?: string }
  | { type: 'SYNC'; activity: ActivitySummary };

const EVENT_ACTION = { PUBLISH: 'publish', CLOSE: 'close', CANCEL: 'cancel' } as const satisfies Record<Exclude<ActivityFlowEvent['type'], 'SYNC'>, ActivityAction>;

/** What the operator may do with the activity now (the buttons the screen shows). */
export const allowedActivityActions = (a: Pick<ActivitySummary, 'status'>): readonly ActivityAction[] => ACTIVITY_ACTIONS[a.status];

const take = { guard: 'may', target: '#activity.sending', actions: 'begin' } as const;

export const activityMachine = setup({
  types: { context: {} as ActivityFlowContext, events: {} as ActivityFlowEvent, input: {} as { activity: ActivitySummary } },
  actors: {
    /** the action on the server; resolves with the activity as it is after it */
    runActivityAction: fromPromise<ActivitySummary, ActivityActionInput>(async () => notProvided('runActivityAction')),
  },
  actions: {
    begin: assign(({ event }) => {
      const e = event as Exclude<ActivityFlowEvent, { type: 'SYNC' }>;
      return { action: EVENT_ACTION[e.type], reason: e.type === 'CANCEL' ? (e.reason ?? '').trim() : '', error: null };
    }),
  },
  guards: {
    is: ({ context }, params: { status: ActivityStatus }) => context.activity.status === params.status,
    may: ({ context, event }) => event.type !== 'SYNC' && allowedActivityActions(context.activity).includes(EVENT_ACTION[event.type]),
  },
}).createMachine({
  id: 'activity',
  context: ({ input }) => ({ activity: input.activity, action: null, reason: '', error: null }),
  initial: 'resolving',
  on: { SYNC: { target: '.resolving', actions: assign(({ event }) => ({ activity: event.activity, error: null })) } },
  states: {
    /** transient: the state the activity is in on the server */
    resolving: {
      always: [
        { guard: { type: 'is', params: { status: 'draft' } }, target: 'draft' },
        { guard: { type: 'is', params: { status: 'published' } }, target: 'published' },
        { guard: { type: 'is', params: { status: 'closed' } }, target: 'closed' },
        { target: 'cancelled' },
      ],
    },
    /** being prepared: members see nothing yet */
    draft: { on: { PUBLISH: take, CANCEL: take } },
    /** members of the audience see it and sign up until the deadline */
    published: { on: { CLOSE: take, CANCEL: take } },
    /** sign-ups stopped; attendance may still be marked */
    closed: {},
    /** called off: the signed-up members see it cancelled */
    cancelled: {},
    sending: {
      invoke: {
        src: 'runActivityAction',
        input: ({ context }) => ({ id: context.activity.id, version: context.activity.version, action: context.action ?? 'cancel', reason: context.reason }),
        onDone: { target: 'resolving', actions: assign(({ event }) => ({ activity: event.output, action: null, reason: '' })) },
        // refused, changed meanwhile (409) or offline: the message says why; the activity stays until a SYNC
        onError: { target: 'resolving', actions: assign(({ event }) => ({ error: errorMessage(event.error), action: null, reason: '' })) },
      },
    },
  },
});

export type ActivityRef = ActorRefFrom<typeof activityMachine>;
export type ActivitySnapshot = SnapshotFrom<typeof activityMachine>;
