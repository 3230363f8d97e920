// The lifecycle of one order (issue 11), spawned per order on screen: draft → submitted → confirmed (or refused
// by the supplier, with a reason; a confirmation may refuse single lines) → dispatched → delivered → received
// (with differences) → settled; cancelled before dispatch. The states and the actions each allows are
// domain/order.ts's ORDER_TRANSITIONS and the guards its actionsFor (who may act, under the school's supplier
// permissions), so the buttons a screen offers are the commands the server takes. The I/O is one invoked actor
// (runOrderAction, PUT /v4/mall/order/{id}) the screen provides; SYNC carries the order as the server now has it
// (a live update, a refetch).
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  ORDER_TEXT, actionsFor, quantityProblem, type LinkPermissions, type OrderAction, type OrderParty, type OrderStatus,
} from '../domain/order.ts';
import { weightProblem } from '../domain/scale.ts';
import { errorMessage, notProvided } from './errorMessage.ts';

/** The fields of an order the flow reads (a row of GET /v4/mall/order). */
export interface OrderSummary {
  id: string;
  status: OrderStatus;
  version: number;
}

/** What one line says in an action (confirm: refused or changed; receive: what arrived). */
export interface OrderLineInput {
  skuId: string;
  quantity?: number;
  refused?: boolean;
  reason?: string;
  receivedQuantity?: number;
  remark?: string;
  /** received on a scale: the reading in grams and the registered scale */
  weighedGrams?: number;
  scaleId?: string;
}

export interface OrderActionInput {
  id: string;
  version: number;
  action: OrderAction;
  reason: string;
  lines: OrderLineInput[];
}

export interface OrderFlowInput {
  order: OrderSummary;
  /** who the viewer is toward the order (domain/order orderPartyOf) */
  party: OrderParty;
  /** the school's permissions for the order's supplier */
  permissions: LinkPermissions;
}

export interface OrderFlowContext extends OrderFlowInput {
  action: OrderAction | null;
  reason: string;
  lines: OrderLineInput[];
  error: string | null;
}

export type OrderFlowEvent =
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM'; lines?: OrderLineInput[]; /** the supplier's note to the school */ reason?: string }
  | { type: 'REFUSE'; reason: string }
  | { type: 'DISPATCH' }
  | { type: 'DELIVER' }
  | { type: 'RECEIVE'; lines: OrderLineInput[] }
  | { type: 'SETTLE' }
  | { type: 'CANCEL'; reason?: string }
  | { type: 'SYNC'; order: OrderSummary; permissions?: LinkPermissions };

/** What the viewer may do with the order now: the buttons the screen shows. */
export function allowedOrderActions(c: Pick<OrderFlowContext, 'order' | 'party' | 'permissions'>): OrderAction[] {
  return actionsFor(c.order.status, c.party, c.permissions);
}

/** Why a refusal or a receipt cannot be sent as typed (checked before the round trip), or null. */
export function inputProblem(event: OrderFlowEvent): string | null {
  if (event.type === 'REFUSE' && !event.reason.trim()) return ORDER_TEXT.reasonRequired;
  if (event.type === 'RECEIVE') {
    for (const l of event.lines) {
      const p = l.weighedGrams !== undefined ? weightProblem(l.weighedGrams) : quantityProblem(l.receivedQuantity, true);
      if (p) return p;
    }
  }
  return null;
}

const EVENT_ACTION = {
  SUBMIT: 'submit', CONFIRM: 'confirm', REFUSE: 'refuse', DISPATCH: 'dispatch', DELIVER: 'deliver', RECEIVE: 'receive', SETTLE: 'settle', CANCEL: 'cancel',
} as const satisfies Record<Exclude<OrderFlowEvent['type'], 'SYNC'>, OrderAction>;

/** The transition an action event takes in a state that allows it. */
const take = (event: keyof typeof EVENT_ACTION) => ({ guard: { type: 'may', params: { action: EVENT_ACTION[event] } }, target: '#order.sending', actions: 'begin' }) as const;
/** The same for an event with input checked first (a refusal's reason, received quantities): refused input stays with its message. */
const takeChecked = (event: 'REFUSE' | 'RECEIVE') => [{ guard: 'inputRefused', actions: 'refuseInput' }, take(event)] as const;

export const orderMachine = setup({
  types: {
    context: {} as OrderFlowContext,
    events: {} as OrderFlowEvent,
    input: {} as OrderFlowInput,
  },
  actors: {
    /** PUT /v4/mall/order/{id}; resolves with the order as it is after it */
    runOrderAction: fromPromise<OrderSummary, OrderActionInput>(async () => notProvided('runOrderAction')),
  },
  actions: {
    /** the action about to be sent, with its reason and lines; a former failure is forgotten */
    begin: assign(({ event }) => {
      const e = event as Exclude<OrderFlowEvent, { type: 'SYNC' }>;
      return {
        action: EVENT_ACTION[e.type],
        reason: 'reason' in e ? (e.reason ?? '').trim() : '',
        lines: 'lines' in e ? (e.lines ?? []) : [],
        error: null,
      };
    }),
    refuseInput: assign(({ event }) => ({ error: inputProblem(event) })),
  },
  guards: {
    is: ({ context }, params: { status: OrderStatus }) => context.order.status === params.status,
    may: ({ context }, params: { action: OrderAction }) => allowedOrderActions(context).includes(params.action),
    inputRefused: ({ event }) => inputProblem(event) !== null,
  },
}).createMachine({
  id: 'order',
  context: ({ input }) => ({ ...input, action: null, reason: '', lines: [], error: null }),
  initial: 'resolving',
  on: {
    SYNC: {
      target: '.resolving',
      actions: assign(({ context, event }) => ({ order: event.order, permissions: event.permissions ?? context.permissions, error: null })),
    },
  },
  states: {
    /** transient: the state the order is in on the server */
    resolving: {
      always: [
        { guard: { type: 'is', params: { status: 'draft' } }, target: 'draft' },
        { guard: { type: 'is', params: { status: 'submitted' } }, target: 'submitted' },
        { guard: { type: 'is', params: { status: 'confirmed' } }, target: 'confirmed' },
        { guard: { type: 'is', params: { status: 'refused' } }, target: 'refused' },
        { guard: { type: 'is', params: { status: 'dispatched' } }, target: 'dispatched' },
        { guard: { type: 'is', params: { status: 'delivered' } }, target: 'delivered' },
        { guard: { type: 'is', params: { status: 'received' } }, target: 'received' },
        { guard: { type: 'is', params: { status: 'settled' } }, target: 'settled' },
        { target: 'cancelled' },
      ],
    },
    // each state takes the actions domain/order.ts ORDER_TRANSITIONS allows in it (tests/unit/machines/order.test.ts compares)
    draft: { on: { SUBMIT: take('SUBMIT'), CANCEL: take('CANCEL') } },
    submitted: { on: { CONFIRM: take('CONFIRM'), REFUSE: takeChecked('REFUSE'), CANCEL: take('CANCEL') } },
    confirmed: { on: { DISPATCH: take('DISPATCH'), CANCEL: take('CANCEL') } },
    /** the supplier said why (the order's reason) */
    refused: {},
    dispatched: { on: { DELIVER: take('DELIVER') } },
    delivered: { on: { RECEIVE: takeChecked('RECEIVE') } },
    /** received, with differences where a line's received quantity is not the ordered one */
    received: { on: { SETTLE: take('SETTLE') } },
    settled: {},
    cancelled: {},
    sending: {
      invoke: {
        src: 'runOrderAction',
        input: ({ context }) => ({ id: context.order.id, version: context.order.version, action: context.action ?? 'submit', reason: context.reason, lines: context.lines }),
        onDone: { target: 'resolving', actions: assign(({ event }) => ({ order: event.output, action: null, reason: '', lines: [] })) },
        // refused (403), not allowed now or stale (409: someone else acted first), bad input (400/422) or offline:
        // the message says why and the order stays as it was until a SYNC brings the server's
        onError: { target: 'resolving', actions: assign(({ event }) => ({ error: errorMessage(event.error), action: null })) },
      },
    },
  },
});

export type OrderMachine = typeof orderMachine;
export type OrderRef = ActorRefFrom<typeof orderMachine>;
export type OrderSnapshot = SnapshotFrom<typeof orderMachine>;
