// Issue 34, the fresh-fruit mall's back office and order model. Three callers:
// - the platform (recipeOrgManage, recipeOrgStatistics): creates fruit orgs (org kind 'fruit') from the fruit-org
//   template, links them to the schools they serve, reads their statistics;
// - a fruit org (xgOrgSkuManage, xgOrgOrderManage): its goods (catalogue products with one SKU each, the offer in the
//   SKU's extraInfo.fruit), its orders, the day's picking list, delivery and refunds of missed days;
// - a member (the storefront, a parent): signs in on the storefront (captcha + SMS, a member of the fruit org at LV1
//   the first time; header `membertoken`, not a staff token), reads its offer at his level's price, orders with the
//   campaign of his level applied by the server, reads and cancels his own orders and asks refunds of missed days.
// The rules are domain/fruitMall.ts's; orders are decided by domain/aggregates/fruitOrder.ts.
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { Id, Paging, Version } from './common.ts';
import { FRUIT_LIMITS } from '../domain/fruitMall.ts';

const tags = ['fruitMall'];
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Phone = Type.String({ minLength: 1, maxLength: 32 });
const Name = Type.String({ minLength: 1, maxLength: FRUIT_LIMITS.nameMax });
const Money = Type.Number({ minimum: 0, maximum: FRUIT_LIMITS.priceMax });

export const FruitPlan = Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')]);
export const FruitPayment = Type.Union([Type.Literal('offline'), Type.Literal('gateway')]);
export const FruitOrderStatus = Type.Union([Type.Literal('placed'), Type.Literal('paid'), Type.Literal('delivered'), Type.Literal('refunded'), Type.Literal('cancelled')]);
export const FruitDayStatus = Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('refunded')]);
export const FruitOrderAction = Type.Union([Type.Literal('pay'), Type.Literal('cancel'), Type.Literal('deliver'), Type.Literal('refund')]);

// ---- fruit orgs (the platform)

export const FruitOrgRow = Type.Object({
  orgId: Type.String(), name: Type.String(), createdAt: Type.String(),
  schools: Type.Array(Type.Object({ orgId: Type.String(), name: Type.String() })),
  version: Type.Integer(),
});
export type FruitOrgRow = Static<typeof FruitOrgRow>;

export const FruitOrgInput = Type.Object({
  orgName: Name,
  /** becomes the fruit org's admin (created when new) */
  adminPhone: Phone,
  adminName: Type.Optional(Type.String({ maxLength: FRUIT_LIMITS.nameMax })),
  schoolOrgIds: Type.Array(Id, { maxItems: 500 }),
}, { additionalProperties: false });
export type FruitOrgInput = Static<typeof FruitOrgInput>;

export const FruitSchoolsInput = Type.Object({ schoolOrgIds: Type.Array(Id, { maxItems: 500 }) }, { additionalProperties: false });

export const listFruitOrgs = endpoint({
  method: 'GET', path: '/v1/fruit/orgs', tags, response: Type.Object({ rows: Type.Array(FruitOrgRow), count: Type.Integer() }),
  summary: 'The fruit orgs and the schools each serves (the platform)',
});
export const createFruitOrg = endpoint({
  method: 'POST', path: '/v1/fruit/orgs', tags, body: FruitOrgInput, response: FruitOrgRow,
  summary: 'Create a fruit org from the fruit-org template (kind fruit, adminPhone its admin) serving the schools named (the platform)',
});
export const setFruitSchools = endpoint({
  method: 'PUT', path: '/v1/fruit/orgs/{orgId}/schools', tags, params: Type.Object({ orgId: Id }), body: FruitSchoolsInput, response: FruitOrgRow,
  summary: 'The schools a fruit org serves, as a whole list (the platform)',
});
export const listSchoolsForFruit = endpoint({
  method: 'GET', path: '/v1/fruit/schools', tags, response: Type.Array(Type.Object({ orgId: Type.String(), name: Type.String() })),
  summary: 'The schools a fruit org may be linked to (the platform)',
});

// ---- statistics (the platform, or the fruit org its own)

export const FruitStatsQuery = Type.Object({
  /** the platform names the fruit org; a fruit org reads its own */
  fruitOrgId: Type.Optional(Id),
  from: Day, to: Day,
}, { additionalProperties: false });
const StatCell = {
  orders: Type.Integer(), members: Type.Integer(), units: Type.Integer(),
  /** ¥ of delivered and pending paid days */
  revenue: Type.Number(),
  /** ¥ refunded */
  refunds: Type.Number(),
};
export const FruitStats = Type.Object({
  totals: Type.Object(StatCell),
  byDay: Type.Array(Type.Object({ day: Type.String(), ...StatCell })),
  bySchool: Type.Array(Type.Object({ schoolOrgId: Type.String(), schoolName: Type.String(), ...StatCell })),
  byClass: Type.Array(Type.Object({ schoolOrgId: Type.String(), schoolName: Type.String(), grade: Type.String(), className: Type.String(), ...StatCell })),
});
export type FruitStats = Static<typeof FruitStats>;
export const fruitStatistics = endpoint({
  method: 'GET', path: '/v1/fruit/statistics', tags, querystring: FruitStatsQuery, response: FruitStats,
  summary: "A fruit org's paid order days from..to by day, school and class: orders, members, units, revenue, refunds",
});

// ---- goods (the fruit org)

export const FruitOfferSchema = Type.Object({
  levelPrices: Type.Record(Type.String({ minLength: 1, maxLength: 32 }), Money, { description: '¥ per unit by member level id; LV1 required' }),
  dailyStock: Type.Integer({ minimum: 0, maximum: FRUIT_LIMITS.stockMax }),
  season: Type.Array(Type.Integer({ minimum: 1, maximum: 12 }), { maxItems: 12 }),
}, { additionalProperties: false });

const Photo = Type.String({ minLength: 1, maxLength: 400_000, pattern: '^(https?://|/|data:image/(jpeg|png|webp);base64,)' });

export const FruitSkuInput = Type.Object({
  name: Name,
  spec: Type.String({ maxLength: FRUIT_LIMITS.nameMax }),
  unit: Type.String({ minLength: 1, maxLength: 16 }),
  photos: Type.Array(Photo, { maxItems: FRUIT_LIMITS.photosMax }),
  onShelf: Type.Boolean(),
  offer: FruitOfferSchema,
  /** an update: the version read (or If-Match); a stale one is refused with 409 (docs/versions.md) */
  version: Type.Optional(Version),
}, { additionalProperties: false });
export type FruitSkuInput = Static<typeof FruitSkuInput>;

export const FruitSkuRow = Type.Object({
  skuId: Type.String(), productId: Type.String(), name: Type.String(), spec: Type.String(), unit: Type.String(),
  photos: Type.Array(Type.String()), onShelf: Type.Boolean(),
  offer: Type.Object({ levelPrices: Type.Record(Type.String(), Type.Number()), dailyStock: Type.Integer(), season: Type.Array(Type.Integer()) }),
  updatedAt: Type.String(),
  /** the version of the SKU's stream: an update sends it back */
  version: Type.Integer(),
});
export type FruitSkuRow = Static<typeof FruitSkuRow>;

export const listFruitSkus = endpoint({
  method: 'GET', path: '/v1/fruit/skus', tags, response: Type.Object({ rows: Type.Array(FruitSkuRow), count: Type.Integer() }),
  summary: "The fruit org's own goods",
});
export const createFruitSku = endpoint({
  method: 'POST', path: '/v1/fruit/skus', tags, body: FruitSkuInput, response: FruitSkuRow,
  summary: 'A new fruit SKU (a catalogue product with one SKU, its offer in the SKU)',
});
export const updateFruitSku = endpoint({
  method: 'PUT', path: '/v1/fruit/skus/{skuId}', tags, params: Type.Object({ skuId: Id }), body: FruitSkuInput, response: FruitSkuRow,
  summary: 'Change a fruit SKU (prices, stock, shelf, season, photos)',
});

// ---- orders (the fruit org, and the member his own)

export const FruitOrderRow = Type.Object({
  orderId: Type.String(), orderNo: Type.String(), fruitOrgId: Type.String(), fruitOrgName: Type.String(),
  memberName: Type.String(), memberPhone: Type.String(), memberLevel: Type.String(),
  childName: Type.String(), schoolOrgId: Type.String(), schoolName: Type.String(), grade: Type.String(), className: Type.String(),
  skuId: Type.String(), skuName: Type.String(), spec: Type.String(), unit: Type.String(),
  plan: FruitPlan, quantity: Type.Integer(), unitPrice: Type.Number(), amount: Type.Number(), refunded: Type.Number(),
  /** before the campaign's discount; the discount and the campaign decided on the server at order time */
  listAmount: Type.Number(), discount: Type.Number(), campaignName: Type.Union([Type.String(), Type.Null()]),
  /** the group buy whose success placed it (at its group price) */
  grouponId: Type.Union([Type.String(), Type.Null()]),
  payment: FruitPayment, status: FruitOrderStatus,
  days: Type.Array(Type.Object({ day: Type.String(), status: FruitDayStatus, refundRequested: Type.Boolean() })),
  /** what this caller may do now (domain/fruitMall.ts fruitOrderActionsFor) */
  actions: Type.Array(FruitOrderAction),
  createdAt: Type.String(),
  version: Type.Integer(),
});
export type FruitOrderRow = Static<typeof FruitOrderRow>;
export const FruitOrderList = Type.Object({ rows: Type.Array(FruitOrderRow), count: Type.Integer() });
export type FruitOrderList = Static<typeof FruitOrderList>;

export const FruitOrderQuery = Type.Object({
  /** orders delivering on that day */
  day: Type.Optional(Day),
  schoolOrgId: Type.Optional(Id),
  status: Type.Optional(FruitOrderStatus),
  ...Paging(FRUIT_LIMITS.ordersPerPage),
}, { additionalProperties: false });

export const listFruitOrders = endpoint({
  method: 'GET', path: '/v1/fruit/orders', tags, querystring: FruitOrderQuery, response: FruitOrderList,
  summary: "The fruit org's orders, newest first",
});
export const FruitOrderActInput = Type.Object({
  action: FruitOrderAction,
  /** deliver, refund: the day */
  day: Type.Optional(Day),
  reason: Type.Optional(Type.String({ maxLength: 200 })),
  version: Type.Optional(Type.Integer({ minimum: 0 })),
}, { additionalProperties: false });
export const actOnFruitOrder = endpoint({
  method: 'PUT', path: '/v1/fruit/orders/{orderId}', tags, params: Type.Object({ orderId: Id }), body: FruitOrderActInput, response: FruitOrderRow,
  summary: 'The fruit org records an offline payment, cancels an unpaid order, delivers a day or refunds a missed day',
});

export const PickingList = Type.Object({
  day: Type.String(),
  schools: Type.Array(Type.Object({
    schoolOrgId: Type.String(), schoolName: Type.String(),
    classes: Type.Array(Type.Object({
      grade: Type.String(), className: Type.String(),
      items: Type.Array(Type.Object({ skuId: Type.String(), skuName: Type.String(), spec: Type.String(), unit: Type.String(), quantity: Type.Integer() })),
      children: Type.Array(Type.Object({ orderId: Type.String(), childName: Type.String(), skuName: Type.String(), quantity: Type.Integer(), status: FruitDayStatus })),
    })),
  })),
});
export type PickingList = Static<typeof PickingList>;
export const pickingList = endpoint({
  method: 'GET', path: '/v1/fruit/picking', tags, querystring: Type.Object({ day: Day }, { additionalProperties: false }), response: PickingList,
  summary: "The day's picking list of the fruit org's paid orders, by school and class",
});
export const deliverPicking = endpoint({
  method: 'POST', path: '/v1/fruit/picking/deliver', tags,
  body: Type.Object({ day: Day, schoolOrgId: Id, grade: Type.Optional(Type.String({ maxLength: 32 })), className: Type.Optional(Type.String({ maxLength: 32 })) }, { additionalProperties: false }),
  response: Type.Object({ delivered: Type.Integer() }),
  summary: "Mark the day delivered for a school's paid orders (or one class's)",
});

// ---- members (the storefront: the member session of POST /v1/storefront/login, header `membertoken`). The fruit org
// is the storefront's (the session's org), never a value the member sends; so are his level and his name.

export const OfferRow = Type.Object({
  skuId: Type.String(), name: Type.String(), spec: Type.String(), unit: Type.String(),
  photos: Type.Array(Type.String()), season: Type.Array(Type.Integer()),
  /** ¥ per unit at the member's level (decided on the server) */
  price: Type.Number(),
  level: Type.String(),
});
export type OfferRow = Static<typeof OfferRow>;
export const StorefrontOffer = Type.Object({
  fruitOrgName: Type.String(),
  /** the schools the fruit org serves: a child's school is one of them */
  schools: Type.Array(Type.Object({ orgId: Type.String(), name: Type.String() })),
  items: Type.Array(OfferRow),
});
export type StorefrontOffer = Static<typeof StorefrontOffer>;
export const memberOffer = endpoint({
  method: 'GET', path: '/v1/storefront/fruit/offer', tags, response: StorefrontOffer,
  summary: "The storefront's on-shelf fruit at the member's price and the schools it serves",
});

export const FruitChild = Type.Object({
  name: Type.String({ maxLength: FRUIT_LIMITS.nameMax }), schoolOrgId: Id, grade: Type.String({ maxLength: 32 }), className: Type.String({ maxLength: 32 }),
}, { additionalProperties: false });
export const MemberOrderInput = Type.Object({
  skuId: Id,
  child: FruitChild,
  plan: FruitPlan,
  startDay: Day,
  quantity: Type.Integer({ minimum: 1, maximum: FRUIT_LIMITS.quantityMax }),
  payment: FruitPayment,
}, { additionalProperties: false });
export type MemberOrderInput = Static<typeof MemberOrderInput>;

export const OrderQuote = Type.Object({
  days: Type.Array(Type.String()), unitPrice: Type.Number(), listAmount: Type.Number(), discount: Type.Number(), amount: Type.Number(),
  campaignName: Type.Union([Type.String(), Type.Null()]),
});
export type OrderQuote = Static<typeof OrderQuote>;
export const quoteMemberOrder = endpoint({
  method: 'POST', path: '/v1/storefront/fruit/quote', tags, body: MemberOrderInput, response: OrderQuote,
  summary: 'What the order would cost now: the days, his price, the best campaign of his level (nothing is written)',
});
export const placeMemberOrder = endpoint({
  method: 'POST', path: '/v1/storefront/orders', tags, body: MemberOrderInput, response: FruitOrderRow,
  summary: 'A member orders fruit for his child (price, discount and days decided on the server; header Idempotency-Key makes a retry safe)',
});
export const listMemberOrders = endpoint({
  method: 'GET', path: '/v1/storefront/orders', tags, querystring: Type.Object({ ...Paging(FRUIT_LIMITS.ordersPerPage) }, { additionalProperties: false }),
  response: FruitOrderList,
  summary: "The signed-in member's own orders, newest first",
});
export const cancelMemberOrder = endpoint({
  method: 'POST', path: '/v1/storefront/orders/{orderId}/cancel', tags, params: Type.Object({ orderId: Id }), response: FruitOrderRow,
  summary: 'The member cancels his own unpaid order',
});
export const askMemberRefund = endpoint({
  method: 'POST', path: '/v1/storefront/orders/{orderId}/refund', tags, params: Type.Object({ orderId: Id }),
  body: Type.Object({ day: Day, reason: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false }), response: FruitOrderRow,
  summary: 'The member asks a refund of a missed day (today or before, not delivered); the fruit org refunds it',
});
