// §2 mallLogisticsManage, mallDeliveryManage (issue 11): deliveries at §7 `/v4/mall/logistics`. A delivery is
// the supplier's: the orders of one delivery day on one of its routes (M7), a vehicle and a driver; each order is
// a stop the delivery user marks departed and arrived (`PUT /v4/mall/logistics/order/{orderId}`). The rules live
// in domain/logistics.ts, the decisions in domain/aggregates/logistics.ts.
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { Id, Paging, Removed, Version } from './common.ts';
import { PAGE } from '../domain/constants.ts';
import { LOGISTICS_LIMITS } from '../domain/logistics.ts';
import { OrderStatus } from './orders.ts';

const tags = ['logistics'];
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const LogisticsStatus = Type.Union([Type.Literal('planned'), Type.Literal('onRoad'), Type.Literal('done')]);
const StopStatus = Type.Union([Type.Literal('pending'), Type.Literal('departed'), Type.Literal('arrived')]);

const Fields = {
  vehicle: Type.Optional(Type.String({ maxLength: 200 })),
  driverName: Type.Optional(Type.String({ maxLength: 200 })),
  driverPhone: Type.Optional(Type.String({ maxLength: 200 })),
  remark: Type.Optional(Type.String({ maxLength: 2000 })),
};

/** `POST /v4/mall/logistics`: the supplier's orders of `deliveryDate` (confirmed or on the road) on one of its routes. */
export const LogisticsInput = Type.Object({
  deliveryDate: Day,
  routeId: Id,
  orderIds: Type.Array(Id, { minItems: 1, maxItems: LOGISTICS_LIMITS.ordersMax }),
  ...Fields,
}, { additionalProperties: false });
export type LogisticsInput = Static<typeof LogisticsInput>;

/** `PUT /v4/mall/logistics`: vehicle, driver and remark any time; route and orders while no stop has departed. */
export const LogisticsChange = Type.Object({
  id: Id,
  routeId: Type.Optional(Id),
  orderIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: LOGISTICS_LIMITS.ordersMax })),
  ...Fields,
  version: Type.Optional(Version),
}, { additionalProperties: false });
export type LogisticsChange = Static<typeof LogisticsChange>;

export const LogisticsRemove = Type.Object({ id: Id }, { additionalProperties: false });

/**
 * `PUT /v4/mall/logistics/order/{orderId}`: mark the stop of this order departed or arrived. With `orderAction`,
 * the order moves too, through the order decider: departure dispatches a confirmed order, arrival delivers a
 * dispatched one (an order already past that step is left as it is).
 */
export const StopMarkInput = Type.Object({
  action: Type.Union([Type.Literal('depart'), Type.Literal('arrive')]),
  orderAction: Type.Optional(Type.Boolean()),
  version: Type.Optional(Version),
}, { additionalProperties: false });
export type StopMarkInput = Static<typeof StopMarkInput>;

export const LogisticsStop = Type.Object({
  orderId: Type.String(), orderNo: Type.String(), schoolOrgId: Type.String(), schoolName: Type.String(), sort: Type.Integer(),
  status: StopStatus, departedAt: Type.Union([Type.String(), Type.Null()]), arrivedAt: Type.Union([Type.String(), Type.Null()]),
  /** the order's own status and amount (what is on the truck) */
  orderStatus: Type.Union([OrderStatus, Type.Null()]), amount: Type.Union([Type.Number(), Type.Null()]),
});
export type LogisticsStop = Static<typeof LogisticsStop>;

export const LogisticsRow = Type.Object({
  id: Type.String(), supplierId: Type.String(), deliveryDate: Type.String(), routeId: Type.String(), routeName: Type.String(),
  vehicle: Type.String(), driverName: Type.String(), driverPhone: Type.String(), remark: Type.String(), status: LogisticsStatus,
  stopCount: Type.Integer(), arrivedCount: Type.Integer(), createdAt: Type.String(), updatedAt: Type.String(), version: Type.Integer(),
  /** the caller may change it (the supplier) / mark its stops (the supplier, the delivery user of its route) */
  editable: Type.Boolean(), markable: Type.Boolean(),
});
export type LogisticsRow = Static<typeof LogisticsRow>;
/** With its stops in driving order; a school sees only its own stops. */
export const LogisticsDetail = Type.Object({ ...LogisticsRow.properties, stops: Type.Array(LogisticsStop) });
export type LogisticsDetail = Static<typeof LogisticsDetail>;
export const LogisticsList = Type.Object({ rows: Type.Array(LogisticsDetail), count: Type.Integer() });
export type LogisticsList = Static<typeof LogisticsList>;

export const LogisticsQuery = Type.Object({
  deliveryDate: Type.Optional(Day), startDate: Type.Optional(Day), endDate: Type.Optional(Day), routeId: Type.Optional(Id),
  status: Type.Optional(LogisticsStatus), orderId: Type.Optional(Id),
  ...Paging(PAGE.generic),
}, { additionalProperties: false });
export type LogisticsQuery = Static<typeof LogisticsQuery>;
export const LogisticsSearchQuery = Type.Object({ ...LogisticsQuery.properties, keyword: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false });
export type LogisticsSearchQuery = Static<typeof LogisticsSearchQuery>;

const base = '/v4/mall/logistics';
const IdParams = Type.Object({ id: Id });

export const listLogistics = endpoint({
  method: 'GET', path: base, tags, querystring: LogisticsQuery, response: LogisticsList,
  summary: 'Deliveries the caller may see (supplier: its own; delivery user: those on his routes; school: those carrying its orders, its stops only), by day and route',
});
export const searchLogistics = endpoint({
  method: 'GET', path: `${base}/search`, tags, querystring: LogisticsSearchQuery, response: LogisticsList,
  summary: 'The same list narrowed by a keyword (route, vehicle, driver, school, order number)',
});
export const getLogistics = endpoint({ method: 'GET', path: `${base}/{id}`, tags, params: IdParams, response: LogisticsDetail, summary: 'One delivery with its stops in driving order' });
export const createLogistics = endpoint({
  method: 'POST', path: base, tags, body: LogisticsInput, response: LogisticsDetail,
  summary: 'The supplier groups its orders of a day on one of its routes into a delivery, with vehicle and driver; stops in the route\'s school order',
});
export const updateLogistics = endpoint({
  method: 'PUT', path: base, tags, body: LogisticsChange, response: LogisticsDetail,
  summary: 'Change vehicle, driver, remark; route and orders only before departure (409 after)',
});
export const deleteLogistics = endpoint({
  method: 'DELETE', path: base, tags, body: LogisticsRemove, response: Removed, summary: 'Delete a delivery that has not departed (its orders are free again)',
});
export const markStop = endpoint({
  method: 'PUT', path: `${base}/order/{orderId}`, tags, params: Type.Object({ orderId: Id }), body: StopMarkInput, response: LogisticsDetail,
  summary: 'The delivery user (or the supplier) marks the stop of an order departed or arrived; optionally dispatches / delivers the order too',
});
