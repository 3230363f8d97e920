// Issue 34: the lifecycle of one fruit order, spawned per order open on xgOrgOrderManage (and the storefront's "my
// orders"): placed → paid (the gateway, or the fruit org recording a payment made at school) → day by day delivered
// or refunded, ending delivered or refunded; placed → cancelled. The guards are domain/fruitMall.ts's
// fruitOrderActionProblem and fruitOrderActionsFor, the very rules the server's decider applies
// (domain/aggregates/fruitOrder.ts), so the buttons a screen offers are the commands the server takes. The I/O is one
// invoked actor (runFruitOrderAction: PUT /v1/fruit/orders/{id}, or the member's cancel) the screen provides; SYNC
// carries the order as the server now has it.
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  fruitOrderActionProblem, fruitOrderActionsFor, type FruitDayStatus, type FruitOrderAction, type FruitOrderStatus, type FruitPayment,
} from '../domain/fruitMall.ts';
import { errorMessage, notProvided } from './errorMessage.ts';

/** The fields of an order the flow reads (a row of GET /v1/fruit/orders or /v1/storefront/orders). */
export interface FruitOrderSummary {
  orderId: string;
  status: FruitOrderStatus;
  payment: FruitPayment;
  days: { day: string; status: FruitDayStatus }[];
  version: number;
}

export interface FruitOrderActionInput {
  orderId: string;
  version: number;
  action: FruitOrderAction;
  day: string | null;
  reason: string;
}

export interface FruitOrderFlowInput {
  order: FruitOrderSummary;
  /** the fruit org, or the member whose order it is */
  party: 'member' | 'fruit';
}

export interface FruitOrderFlowContext extends FruitOrderFlowInput {
  action: FruitOrderAction | null;
  day: string | null;
  reason: string;
  error: string | null;
}

export type FruitOrderFlowEvent =
  | { type: 'PAY' }
  | { type: 'CANCEL' }
  | { type: 'DELIVER'; day: string }
  | { type: 'REFUND'; day: string; reason?: string }
  | { type: 'SYNC'; order: FruitOrderSummary };

const EVENT_ACTION = { PAY: 'pay', CANCEL: 'cancel', DELIVER: 'deliver', REFUND: 'refund' } as const satisfies Record<Exclude<FruitOrderFlowEvent['type'], 'SYNC'>, FruitOrderAction>;

const factsOf = (order: FruitOrderSummary) => ({ status: order.status, payment: order.payment, days: Object.fromEntries(order.days.map((d) => [d.day, d.status])) });

/** What the viewer may do with the order now (the buttons the screen shows). */
export const allowedFruitOrderActions = (c: Pick<FruitOrderFlowContext, 'order' | 'party'>): FruitOrderAction[] => fruitOrderActionsFor(factsOf(c.order), c.party);

/** Whether the viewer may take the event's action now (for a day: that day). */
function mayTake(c: Pick<FruitOrderFlowContext, 'order' | 'party'>, event: Exclude<FruitOrderFlowEvent, { type: 'SYNC' }>): boolean {
  const action = EVENT_ACTION[event.type];
  const parties: Record<FruitOrderAction, readonly ('member' | 'fruit')[]> = { pay: ['fruit'], cancel: ['member', 'fruit'], deliver: ['fruit'], refund: ['fruit'] };
  if (!parties[action].includes(c.party)) return false;
  if (action === 'pay' && c.order.payment !== 'offline') return false;
  return fruitOrderActionProblem(factsOf(c.order), action, 'day' in event ? event.day : undefined) === null;
}

const take = { guard: 'may', target: '#fruitOrder.sending', actions: 'begin' } as const;

export const fruitOrderMachine = setup({
  types: {
    context: {} as FruitOrderFlowContext,
    events: {} as FruitOrderFlowEvent,
    input: {} as FruitOrderFlowInput,
  },
  actors: {
    /** the action on the server; resolves with the order as it is after it */
    runFruitOrderAction: fromPromise<FruitOrderSummary, FruitOrderActionInput>(async () => notProvided('runFruitOrderAction')),
  },
  actions: {
    begin: assign(({ event }) => {
      const e = event as Exclude<FruitOrderFlowEvent, { type: 'SYNC' }>;
      return { action: EVENT_ACTION[e.type], day: 'day' in e ? e.day : null, reason: e.type === 'REFUND' ? (e.reason ?? '').trim() : '', error: null };
    }),
  },
  guards: {
    is: ({ context }, params: { status: FruitOrderStatus }) => context.order.status === params.status,
    may: ({ context, event }) => event.type !== 'SYNC' && mayTake(context, event),
  },
}).createMachine({
  id: 'fruitOrder',
  context: ({ input }) => ({ ...input, action: null, day: null, reason: '', error: null }),
  initial: 'resolving',
  on: {
    SYNC: { target: '.resolving', actions: assign(({ event }) => ({ order: event.order, error: null })) },
  },
  states: {
    /** transient: the state the order is in on the server */
    resolving: {
      always: [
        { guard: { type: 'is', params: { status: 'placed' } }, target: 'placed' },
        { guard: { type: 'is', params: { status: 'paid' } }, target: 'paid' },
        { guard: { type: 'is', params: { status: 'delivered' } }, target: 'delivered' },
        { guard: { type: 'is', params: { status: 'refunded' } }, target: 'refunded' },
        { target: 'cancelled' },
      ],
    },
    /** waiting for the money: the gateway's answer, or the payment made at school */
    placed: { on: { PAY: take, CANCEL: take } },
    /** paid: days delivered or refunded one by one until none is pending */
    paid: { on: { DELIVER: take, REFUND: take } },
    delivered: {},
    refunded: {},
    cancelled: {},
    sending: {
      invoke: {
        src: 'runFruitOrderAction',
        input: ({ context }) => ({ orderId: context.order.orderId, version: context.order.version, action: context.action ?? 'cancel', day: context.day, reason: context.reason }),
        onDone: { target: 'resolving', actions: assign(({ event }) => ({ order: event.output, action: null, day: null, reason: '' })) },
        // refused, acted on meanwhile (409) or offline: the message says why; the order stays until a SYNC
        onError: { target: 'resolving', actions: assign(({ event }) => ({ error: errorMessage(event.error), action: null, day: null })) },
      },
    },
  },
});

export type FruitOrderMachine = typeof fruitOrderMachine;
export type FruitOrderRef = ActorRefFrom<typeof fruitOrderMachine>;
export type FruitOrderSnapshot = SnapshotFrom<typeof fruitOrderMachine>;
