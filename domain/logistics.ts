// Logistics and delivery (issue 11; §2 mallLogisticsManage, mallDeliveryManage; §3 Logistics id, orderId; §6 M7;
// §7 /v4/mall/logistics). A delivery is the supplier's: the orders of one delivery day on one of its routes (M7),
// with a vehicle and a driver. Each order is a stop; the delivery user marks departure and arrival per stop:
//
//   pending ─depart→ departed ─arrive→ arrived      (arrival may also deliver the order: domain/order.ts `deliver`)
//
// The delivery is `planned` until a stop departs, `onRoad` while any stop is not arrived, then `done`. Its orders
// and route may change and it may be deleted only while it is planned: once on the road it is what happened.

export const STOP_STATUSES = ['pending', 'departed', 'arrived'] as const;
export type StopStatus = (typeof STOP_STATUSES)[number];
export const STOP_MARKS = ['depart', 'arrive'] as const;
export type StopMark = (typeof STOP_MARKS)[number];
export type LogisticsStatus = 'planned' | 'onRoad' | 'done';

export const LOGISTICS_LIMITS = { textMax: 50, phoneMax: 20, remarkMax: 500, ordersMax: 200 } as const;

/** Order statuses a delivery may carry: confirmed or on the road (dispatched, delivered); not drafts, refused or cancelled ones. */
export const DELIVERABLE_ORDER_STATUSES = ['confirmed', 'dispatched', 'delivered'] as const;

export const LOGISTICS_TEXT = {
  notFound: '配送单不存在',
  noOrders: '参数错误：配送单至少要有一个订单',
  duplicateOrders: '参数错误：订单重复',
  tooManyOrders: `参数错误：一个配送单最多 ${LOGISTICS_LIMITS.ordersMax} 个订单`,
  routeInvalid: '参数错误：配送路线不存在',
  orderInvalid: (orderNo: string) => `参数错误：订单 ${orderNo} 不能加入此配送单（不是本供应商当天已确认的订单，或其学校不在该路线上）`,
  orderTaken: (orderNo: string) => `订单 ${orderNo} 已在其他配送单中`,
  /** the school switched the supplier's delivery permission off (mallSupplierPermissionManage) */
  noDeliveryPermission: (orderNo: string) => `订单 ${orderNo} 的学校未允许本供应商配送（供应商权限“配送”已关闭），不能加入配送单`,
  notPlanned: '配送已出发，不能再修改订单或删除',
  stopNotFound: '该订单不在此配送单中',
  cannotMark: (mark: StopMark, status: StopStatus) =>
    mark === 'depart' ? (status === 'pending' ? '' : '该站点已出发') : (status === 'departed' ? '' : status === 'arrived' ? '该站点已到达' : '该站点尚未出发，不能标记到达'),
  text: (what: string, max: number) => `参数错误：${what}不能超过 ${max} 个字`,
  phone: '参数错误：司机电话不正确',
} as const;

/** The status a stop leaves after a mark, or null when the mark is not allowed in `status`. */
export function markStop(status: StopStatus, mark: StopMark): StopStatus | null {
  if (mark === 'depart') return status === 'pending' ? 'departed' : null;
  return status === 'departed' ? 'arrived' : null;
}

export function logisticsStatus(stops: readonly { status: StopStatus }[]): LogisticsStatus {
  if (stops.every((s) => s.status === 'pending')) return 'planned';
  return stops.every((s) => s.status === 'arrived') ? 'done' : 'onRoad';
}

/**
 * The stops in driving order: the route's schools in their order on the route (M7 purchaserOrgIds), then orders
 * of one school by order number, so a driver reads the same order every time.
 */
export function stopsInRouteOrder<T extends { schoolOrgId: string; orderNo: string }>(routeSchools: readonly string[], stops: readonly T[]): T[] {
  const rank = new Map(routeSchools.map((s, i) => [s, i]));
  const at = (s: T) => rank.get(s.schoolOrgId) ?? Number.MAX_SAFE_INTEGER;
  return [...stops].sort((a, b) => at(a) - at(b) || a.orderNo.localeCompare(b.orderNo));
}

/** A driver's phone: digits, spaces, +, - (a mobile or a landline); empty = not given. */
export const validPhone = (phone: string) => phone === '' || /^[+\d][\d\s-]{4,19}$/.test(phone);

/** The order action a stop mark brings along (contracts StopMarkInput `orderAction`). */
export const MARK_ORDER_ACTION = { depart: 'dispatch', arrive: 'deliver' } as const;
const PAST: Record<StopMark, readonly string[]> = {
  depart: ['dispatched', 'delivered', 'received', 'settled'],
  arrive: ['delivered', 'received', 'settled'],
};
/**
 * Whether a mark's order action is still to be taken: not when the order is already past that step (it was
 * dispatched from the order list, say). In any other status it is taken, and the order decider says if it may.
 */
export const orderActionNeeded = (mark: StopMark, orderStatus: string): boolean => !PAST[mark].includes(orderStatus);
