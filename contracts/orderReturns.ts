// §2 mallOrderReturnManage (issue 11): returns of received goods, §7 `GET, POST /v4/mall/order/return;
// PUT /v4/mall/order/return/{returnId}; DELETE /v4/mall/order/return/{id}`. A return belongs to the school that
// made it (the order's org) and names the supplier of the order, which accepts or disputes it. The rules are
// domain/orderReturn.ts's; the server decides every change with the return decider (domain/aggregates/orderReturn.ts).
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { Id, IdParams, Paging, Version } from './common.ts';
import { PAGE } from '../domain/constants.ts';
import { RETURN_LIMITS, type ReturnAction as DomainAction, type ReturnStatus as DomainStatus } from '../domain/orderReturn.ts';

const tags = ['orders'];

export const ReturnStatus = Type.Union([Type.Literal('pending'), Type.Literal('accepted'), Type.Literal('disputed'), Type.Literal('withdrawn')]);
export const ReturnAction = Type.Union([Type.Literal('accept'), Type.Literal('dispute'), Type.Literal('withdraw')]);
// spelled out (a mapped array loses the literal types); this keeps them equal to domain's lists
const _sameLists: [DomainStatus, DomainAction] extends [Static<typeof ReturnStatus>, Static<typeof ReturnAction>]
  ? ([Static<typeof ReturnStatus>, Static<typeof ReturnAction>] extends [DomainStatus, DomainAction] ? true : never) : never = true;

/**
 * A photo of the returned goods: an address (http(s) or a path on this site), or a small image the console
 * shrank in the browser and sends inline (data:image/…;base64), like product images (POST /v4/mall/import/productimage).
 */
export const ReturnPhoto = Type.String({ minLength: 1, maxLength: RETURN_LIMITS.photoMax, pattern: '^(https?://|/|data:image/(jpeg|png|webp);base64,)' });

/** One line to return: a received SKU of the order and how many of its unit (any number: the decider says what is wrong). */
export const ReturnItemInput = Type.Object({ skuId: Id, quantity: Type.Number() }, { additionalProperties: false });
export type ReturnItemInput = Static<typeof ReturnItemInput>;

/** `POST /v4/mall/order/return`: a pending return of received lines of one of the caller's school's orders. */
export const ReturnInput = Type.Object({
  orderId: Id,
  reason: Type.String({ maxLength: RETURN_LIMITS.reasonMax }),
  items: Type.Array(ReturnItemInput, { maxItems: RETURN_LIMITS.linesMax }),
  photos: Type.Optional(Type.Array(ReturnPhoto, { maxItems: RETURN_LIMITS.photosMax })),
}, { additionalProperties: false });
export type ReturnInput = Static<typeof ReturnInput>;

/** `PUT /v4/mall/order/return/{returnId}`: the supplier accepts, or disputes with a reason. */
export const ReturnActionInput = Type.Object({
  action: Type.Union([Type.Literal('accept'), Type.Literal('dispute')]),
  reason: Type.Optional(Type.String({ maxLength: RETURN_LIMITS.reasonMax })),
  /** the version the client read: a change made meanwhile → 409 */
  version: Type.Optional(Version),
}, { additionalProperties: false });
export type ReturnActionInput = Static<typeof ReturnActionInput>;

export const ReturnLine = Type.Object({
  skuId: Type.String(),
  productName: Type.String(),
  skuName: Type.String(),
  unit: Type.String(),
  /** ¥ the order line's price */
  price: Type.Number(),
  quantity: Type.Number(),
  /** ¥ quantity × price, to the fen */
  amount: Type.Number(),
});
export type ReturnLine = Static<typeof ReturnLine>;

export const ReturnRow = Type.Object({
  returnId: Type.String(),
  returnNo: Type.String(),
  orderId: Type.String(),
  orderNo: Type.String(),
  /** the school */
  orgId: Type.String(),
  orgName: Type.String(),
  supplierId: Type.String(),
  supplierName: Type.String(),
  status: ReturnStatus,
  reason: Type.String(),
  /** the supplier's reason when it disputed */
  disputeReason: Type.String(),
  photos: Type.Array(Type.String()),
  /** ¥ of the returned lines */
  amount: Type.Number(),
  lines: Type.Array(ReturnLine),
  createdBy: Type.String(),
  createdByName: Type.String(),
  createdAt: Type.String(),
  decidedAt: Type.Union([Type.String(), Type.Null()]),
  /** what this caller may do now (domain/orderReturn.ts returnActionsFor) */
  actions: Type.Array(ReturnAction),
  version: Type.Integer(),
});
export type ReturnRow = Static<typeof ReturnRow>;

export const ReturnQuery = Type.Object({
  /** a status, or 全部 / nothing for all */
  status: Type.Optional(Type.String({ maxLength: 100 })),
  orderId: Type.Optional(Id),
  ...Paging(PAGE.orders),
}, { additionalProperties: false });
export type ReturnQuery = Static<typeof ReturnQuery>;

export const ReturnList = Type.Object({ rows: Type.Array(ReturnRow), count: Type.Integer() });
export type ReturnList = Static<typeof ReturnList>;

const base = '/v4/mall/order/return';

export const listReturns = endpoint({
  method: 'GET', path: base, tags, querystring: ReturnQuery, response: ReturnList,
  summary: 'Returns the caller may see (the school: its own; the supplier: of orders placed with it; as for orders otherwise), newest first',
});
export const createReturn = endpoint({
  method: 'POST', path: base, tags, body: ReturnInput, response: ReturnRow,
  summary: 'Return received lines of one of the school\'s orders, with a reason (and photos); at most what was received less standing returns',
});
export const actOnReturn = endpoint({
  method: 'PUT', path: `${base}/{returnId}`, tags, params: Type.Object({ returnId: Id }), body: ReturnActionInput, response: ReturnRow,
  summary: 'The supplier of the order accepts the return, or disputes it with a reason; only a pending return',
});
export const withdrawReturn = endpoint({
  method: 'DELETE', path: `${base}/{id}`, tags, params: IdParams, response: ReturnRow,
  summary: 'The school withdraws its pending return (kept as withdrawn, so the log stays)',
});
