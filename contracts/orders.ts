// §2 orderList, foodPurchase, orderLogList, mallOrderSpec (issue 11): the order endpoints of §7 Mall
// (`/v4/mall/order`, `/v4/mall/order/search`, `PUT /v4/mall/orders`). An order belongs to the school (purchasing
// org) that placed it and names the supplier org it was placed with. Statuses and the actions each allows live in
// domain/order.ts; the server decides every action with the order decider (domain/aggregates/order.ts).
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { Id, IdParams, Paging, Version } from './common.ts';
import { PAGE } from '../domain/constants.ts';
import { ORDER_ACTIONS, ORDER_LIMITS, ORDER_STATUSES } from '../domain/order.ts';
import type { WeighDifferenceFilter } from '../domain/scale.ts';

const tags = ['orders'];

// spelled out (a mapped array loses the literal types); the check below keeps them equal to domain's lists
export const OrderStatus = Type.Union([
  Type.Literal('draft'), Type.Literal('submitted'), Type.Literal('confirmed'), Type.Literal('refused'), Type.Literal('dispatched'),
  Type.Literal('delivered'), Type.Literal('received'), Type.Literal('settled'), Type.Literal('cancelled'),
]);
export const OrderAction = Type.Union([
  Type.Literal('submit'), Type.Literal('confirm'), Type.Literal('refuse'), Type.Literal('dispatch'), Type.Literal('deliver'),
  Type.Literal('receive'), Type.Literal('settle'), Type.Literal('cancel'),
]);
const _sameLists: [typeof ORDER_STATUSES[number], typeof ORDER_ACTIONS[number]] extends [Static<typeof OrderStatus>, Static<typeof OrderAction>]
  ? ([Static<typeof OrderStatus>, Static<typeof OrderAction>] extends [typeof ORDER_STATUSES[number], typeof ORDER_ACTIONS[number]] ? true : never) : never = true;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/**
 * A quantity a client sends. Any number passes the schema so the decider can say what is wrong in its own words
 * (zero, negative, too many decimals, too large); NaN and Infinity cannot be sent in JSON and are refused by it too.
 */
const Quantity = Type.Number();
/**
 * A figure read or counted at receipt (a weight in grams, a received quantity). No type in the schema on purpose:
 * the server coerces typed numbers, so a JSON `null` (what `NaN` becomes in JSON.stringify) would arrive as 0 and
 * record nothing received; untyped, the value reaches the decider as sent and anything but a finite number is a 400.
 */
const Reading = Type.Unsafe<number>({ description: 'a finite number' });

/** One line of a new order: a SKU of the supplier and how many of its unit. No price: the server sets it. */
export const OrderItemInput = Type.Object({ skuId: Id, quantity: Quantity }, { additionalProperties: false });
export type OrderItemInput = Static<typeof OrderItemInput>;

/**
 * `POST /v4/mall/order`: a submitted order for the caller's org (a draft with `draft: true`, submitted later with
 * the `submit` action). A `price` on an item is refused (400): the line price is the effective approved price.
 */
export const OrderInput = Type.Object({
  /** the supplier org (the `supplierOrgId` of one of the school's supplier links) */
  supplierId: Id,
  deliveryDate: Day,
  items: Type.Array(OrderItemInput, { minItems: 1, maxItems: ORDER_LIMITS.linesMax }),
  remark: Type.Optional(Type.String({ maxLength: ORDER_LIMITS.remarkMax })),
  draft: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type OrderInput = Static<typeof OrderInput>;

/**
 * What an action says about one line:
 * - confirm: `quantity` (a changed quantity, when the school's settings let the supplier change quantities) or
 *   `refused: true` with `reason` (the supplier cannot supply this line; the others are confirmed);
 * - receive: `receivedQuantity` (what arrived or was weighed; every open line must be named) and `remark`.
 */
export const OrderLineAction = Type.Object({
  skuId: Id,
  quantity: Type.Optional(Quantity),
  refused: Type.Optional(Type.Boolean()),
  reason: Type.Optional(Type.String({ maxLength: ORDER_LIMITS.reasonMax })),
  receivedQuantity: Type.Optional(Reading),
  remark: Type.Optional(Type.String({ maxLength: ORDER_LIMITS.reasonMax })),
  /**
   * receive on a scale: the reading in grams (any number to the schema; NaN cannot be sent in JSON, and a negative,
   * too heavy or finer-than-0.1 g one is refused by the decider) and the school's registered scale it came from.
   * The received quantity is then the reading in the line's unit; a `receivedQuantity` sent too must agree.
   */
  weighedGrams: Type.Optional(Reading),
  scaleId: Type.Optional(Id),
}, { additionalProperties: false });
export type OrderLineAction = Static<typeof OrderLineAction>;

/**
 * `PUT /v4/mall/order/{id}`: one action on an order (refuse needs `reason`; receive needs `lines`). With confirm,
 * `reason` is the supplier's note to the school (e.g. 周三上午送达), kept on the order as `confirmNote`.
 */
export const OrderActionInput = Type.Object({
  action: OrderAction,
  /** refuse: why (required); cancel: why; confirm: the supplier's note to the school */
  reason: Type.Optional(Type.String({ maxLength: ORDER_LIMITS.reasonMax })),
  lines: Type.Optional(Type.Array(OrderLineAction, { maxItems: ORDER_LIMITS.linesMax })),
  /** the version the client read: a change made meanwhile → 409 */
  version: Type.Optional(Version),
}, { additionalProperties: false });
export type OrderActionInput = Static<typeof OrderActionInput>;

export const OrderLine = Type.Object({
  skuId: Type.String(),
  productId: Type.String(),
  productName: Type.String(),
  skuName: Type.String(),
  spec: Type.String(),
  unit: Type.String(),
  /** what was ordered (after a supplier's change at confirmation) */
  quantity: Type.Number(),
  /** ¥ per unit: the effective approved price at submission (0 on a draft, not priced yet) */
  price: Type.Number(),
  /** ¥ quantity × price, rounded to the fen */
  amount: Type.Number(),
  /** a draft only (issue 28): the price it would be placed at now, the effective approved price; null: none, not stored */
  expectedPrice: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  expectedAmount: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /** open, or refused by the supplier */
  status: Type.Union([Type.Literal('open'), Type.Literal('refused')]),
  refuseReason: Type.String(),
  /** set on receipt */
  receivedQuantity: Type.Union([Type.Number(), Type.Null()]),
  receivedAmount: Type.Union([Type.Number(), Type.Null()]),
  /** receivedQuantity − quantity (null before receipt) */
  difference: Type.Union([Type.Number(), Type.Null()]),
  remark: Type.String(),
  /** weighed on a scale at receipt (null: counted by hand, or not received yet) */
  weighedGrams: Type.Union([Type.Number(), Type.Null()]),
  scaleName: Type.String(),
  /** the grams the scale's tolerance allowed either way on the ordered weight */
  allowedGrams: Type.Union([Type.Number(), Type.Null()]),
  /** the tolerance verdict (domain/scale.ts weighResult): short or over is a difference the supplier sees */
  weighResult: Type.Union([Type.Literal('ok'), Type.Literal('short'), Type.Literal('over'), Type.Null()]),
});
export type OrderLine = Static<typeof OrderLine>;

/** An order in a list. */
export const OrderRow = Type.Object({
  id: Type.String(),
  orderNo: Type.String(),
  /** the school (purchasing org) */
  orgId: Type.String(),
  orgName: Type.String(),
  supplierId: Type.String(),
  supplierName: Type.String(),
  deliveryDate: Type.String(),
  status: OrderStatus,
  /** ¥ of the open lines */
  amount: Type.Number(),
  /** ¥ of what was received (null before receipt) */
  receivedAmount: Type.Union([Type.Number(), Type.Null()]),
  /** ¥ of the returns the supplier accepted (domain/orderReturn.ts CREDITED_STATUSES) */
  returnedAmount: Type.Number(),
  /** ¥ the school pays, its settled amount: received (or ordered, before receipt) less accepted returns (payableAmount) */
  payableAmount: Type.Number(),
  lineCount: Type.Integer(),
  remark: Type.String(),
  /** why the supplier refused the order, or why it was cancelled */
  reason: Type.String(),
  /** the supplier's note on its confirmation (the confirm action's `reason`); '' when none */
  confirmNote: Type.String(),
  /**
   * received lines weighed short / over beyond the scale's tolerance (the stored verdicts, domain/scale.ts
   * DIFFERENCE_RESULTS): a list marks such an order, and `weighDifference` finds them
   */
  shortLines: Type.Integer(),
  overLines: Type.Integer(),
  createdBy: Type.String(),
  createdByName: Type.String(),
  createdAt: Type.String(),
  submittedAt: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.String(),
  /** the actions this caller may take on the order now (domain/order.ts actionsFor) */
  actions: Type.Array(OrderAction),
  /** sent back with an action: a change made meanwhile is refused with 409 */
  version: Type.Integer(),
});
export type OrderRow = Static<typeof OrderRow>;

/** A return of the order as its detail lists it (every status; only accepted ones are credited). */
export const OrderReturnSummary = Type.Object({
  returnId: Type.String(), returnNo: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('accepted'), Type.Literal('disputed'), Type.Literal('withdrawn')]),
  amount: Type.Number(), reason: Type.String(), createdAt: Type.String(),
});
export type OrderReturnSummary = Static<typeof OrderReturnSummary>;

export const OrderDetail = Type.Object({
  ...OrderRow.properties, lines: Type.Array(OrderLine), returns: Type.Array(OrderReturnSummary),
  /** a draft only (issue 28, domain/draftPrice.ts): what submitting it now would cost; null when a line has no price */
  expectedAmount: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
});
export type OrderDetail = Static<typeof OrderDetail>;

export const OrderQuery = Type.Object({
  /** a status, or 全部 (§4: no filter); several separated by commas */
  status: Type.Optional(Type.String({ maxLength: 200 })),
  supplierId: Type.Optional(Id),
  /** a school (suppliers, salesmen, delivery users, bureaus, the platform) */
  orgId: Type.Optional(Id),
  /** delivery dates from … to (inclusive) */
  startDate: Type.Optional(Day),
  endDate: Type.Optional(Day),
  /**
   * our own filter (not in §7): orders with a received line weighed beyond the scale's tolerance, `any` (有差异),
   * or only `short` or only `over`
   */
  weighDifference: Type.Optional(Type.Union([Type.Literal('any'), Type.Literal('short'), Type.Literal('over')])),
  ...Paging(PAGE.orders),
}, { additionalProperties: false });
export type OrderQuery = Static<typeof OrderQuery>;
// the filter's values are domain/scale.ts WEIGH_DIFFERENCE_FILTERS (spelled out above for the literal types)
const _sameFilters: [WeighDifferenceFilter] extends [Static<typeof OrderQuery>['weighDifference'] & string]
  ? ([Static<typeof OrderQuery>['weighDifference'] & string] extends [WeighDifferenceFilter] ? true : never) : never = true;

export const OrderSearchQuery = Type.Object({
  ...OrderQuery.properties,
  /** order number, school, supplier or product name */
  keyword: Type.String({ maxLength: 100 }),
}, { additionalProperties: false });
export type OrderSearchQuery = Static<typeof OrderSearchQuery>;

export const OrderList = Type.Object({ rows: Type.Array(OrderRow), count: Type.Integer() });
export type OrderList = Static<typeof OrderList>;

/** `PUT /v4/mall/orders`: the same action on several orders; each is decided on its own. */
export const OrderBatchInput = Type.Object({
  orders: Type.Array(Type.Object({
    id: Id,
    action: OrderAction,
    /** as in `PUT /v4/mall/order/{id}`: refuse or cancel, why; confirm, the supplier's note to the school */
    reason: Type.Optional(Type.String({ maxLength: ORDER_LIMITS.reasonMax })),
    version: Type.Optional(Version),
  }, { additionalProperties: false }), { minItems: 1, maxItems: PAGE.orders }),
}, { additionalProperties: false });
export type OrderBatchInput = Static<typeof OrderBatchInput>;

export const OrderBatchResult = Type.Object({
  /** the orders the action was applied to, as they are now */
  rows: Type.Array(OrderRow),
  /** the refused ones: 1-based position in `orders`, the id, and why */
  errors: Type.Array(Type.Object({ row: Type.Integer(), id: Type.String(), status: Type.Integer(), errors: Type.Array(Type.String()) })),
});
export type OrderBatchResult = Static<typeof OrderBatchResult>;

/** One entry of the order log: who did what to which order, when (read from the order's events). */
export const OrderLogRow = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  orderNo: Type.String(),
  /** the event type, e.g. OrderConfirmed, or a return's (ReturnCreated …: the order's returns are in its log) */
  type: Type.String(),
  /** the action it records (create for a new order; return, returnAccept, returnDispute, returnWithdraw for a return's) */
  action: Type.String(),
  /** the status the order was left in (a return's event leaves the order's status as it was) */
  status: OrderStatus,
  /** a return's event: its number and amount */
  returnNo: Type.Optional(Type.String()),
  amount: Type.Optional(Type.Number()),
  userId: Type.String(),
  userName: Type.String(),
  at: Type.String(),
  reason: Type.String(),
  /** a confirmation: the supplier's note to the school */
  note: Type.Optional(Type.String()),
  /** lines the event names (refused, changed or received), as skuId → what happened */
  lines: Type.Array(Type.Object({
    skuId: Type.String(), quantity: Type.Optional(Type.Number()), receivedQuantity: Type.Optional(Type.Number()), refused: Type.Optional(Type.Boolean()), reason: Type.Optional(Type.String()),
    /** taken back by a return */
    returnedQuantity: Type.Optional(Type.Number()),
    /** received on a scale: the reading in grams and the tolerance verdict */
    weighedGrams: Type.Optional(Type.Number()),
    weighResult: Type.Optional(Type.Union([Type.Literal('ok'), Type.Literal('short'), Type.Literal('over')])),
  })),
});
export type OrderLogRow = Static<typeof OrderLogRow>;

export const OrderLogQuery = Type.Object({
  orderId: Type.Optional(Id),
  ...Paging(PAGE.orders),
}, { additionalProperties: false });
export type OrderLogQuery = Static<typeof OrderLogQuery>;

/**
 * mallOrderSpec: an org's order settings. A supplier's cut-off and minimum apply to orders placed with it; a
 * school's `supplierMayChangeQuantity` says whether its suppliers may change quantities when confirming.
 */
export const OrderSettings = Type.Object({
  /** orders for a delivery day close this many days before it … */
  cutoffDays: Type.Integer({ minimum: 0, maximum: ORDER_LIMITS.cutoffDaysMax }),
  /** … at this time of day (HH:mm, China time) */
  cutoffTime: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' }),
  /** ¥ the open lines of an order must reach (0: none) */
  minimumAmount: Type.Number({ minimum: 0, maximum: ORDER_LIMITS.amountMax }),
  supplierMayChangeQuantity: Type.Boolean(),
});
export type OrderSettings = Static<typeof OrderSettings>;
export const OrderSettingsInput = Type.Object({ ...OrderSettings.properties, version: Type.Optional(Version) }, { additionalProperties: false });
export type OrderSettingsInput = Static<typeof OrderSettingsInput>;
export const OrderSettingsView = Type.Object({ ...OrderSettings.properties, version: Type.Integer() });
export type OrderSettingsView = Static<typeof OrderSettingsView>;

const base = '/v4/mall/order';

export const listOrders = endpoint({
  method: 'GET', path: base, tags, querystring: OrderQuery, response: OrderList,
  summary: 'Orders the caller may see (school: its own; supplier: placed with it; salesman: his groups\' schools; delivery: his routes\' schools; bureau: its area), newest first, 100 a page',
});
export const searchOrders = endpoint({
  method: 'GET', path: `${base}/search`, tags, querystring: OrderSearchQuery, response: OrderList,
  summary: 'The same list narrowed by a keyword (order number, school, supplier, product)',
});
export const getOrder = endpoint({ method: 'GET', path: `${base}/{id}`, tags, params: IdParams, response: OrderDetail, summary: 'One order with its lines' });
export const createOrder = endpoint({
  method: 'POST', path: base, tags, body: OrderInput, response: OrderDetail,
  summary: 'Place an order with a supplier for the caller\'s school: submitted (or a draft), priced by the server at the effective approved price',
});
export const actOnOrder = endpoint({
  method: 'PUT', path: `${base}/{id}`, tags, params: IdParams, body: OrderActionInput, response: OrderDetail,
  summary: 'One action: submit, confirm (lines may be refused or changed), refuse (reason), dispatch, deliver, receive (received quantities), settle, cancel; not allowed now → 409',
});
export const batchOrders = endpoint({
  method: 'PUT', path: '/v4/mall/orders', tags, body: OrderBatchInput, response: OrderBatchResult,
  summary: 'The same kind of action on up to 100 orders, each decided on its own (refused ones listed in errors)',
});
export const listOrderLog = endpoint({
  method: 'GET', path: `${base}/log`, tags, querystring: OrderLogQuery, response: Type.Object({ rows: Type.Array(OrderLogRow), count: Type.Integer() }),
  summary: 'Order log (orderLogList): who did what to the orders the caller may see, newest first, from the order events',
});
export const getOrderSettings = endpoint({ method: 'GET', path: `${base}/spec`, tags, response: OrderSettingsView, summary: 'The caller org\'s order settings (mallOrderSpec)' });
export const putOrderSettings = endpoint({
  method: 'PUT', path: `${base}/spec`, tags, body: OrderSettingsInput, response: OrderSettingsView,
  summary: 'Change the org\'s order settings (the org\'s admin, a supplier or a purchaser)',
});
