// Orders (issue 11; §3 Order, §4 order statuses, §6 M1/M6/M7 visibility, §7 Mall orders, §9 orders page 100).
// §4 does not show the order statuses; this is their design, shared by the decider (domain/aggregates/order.ts),
// the order statechart (machines/order.machine.ts), the server's read filters and the console:
//
//   draft ─submit→ submitted ─confirm→ confirmed ─dispatch→ dispatched ─deliver→ delivered ─receive→ received ─settle→ settled
//                      │ └──refuse→ refused                   (a confirmation may refuse single lines, with a reason)
//   draft, submitted, confirmed ─cancel→ cancelled           (before dispatch only)
import { partyOf, type Party, type PartyCaller } from './orgKind.ts';
import { visibleRoleGroups } from './roleGroupVisibility.ts';
import { isSystemProvider, type RoleLike } from './roles.ts';

export const ORDER_STATUSES = ['draft', 'submitted', 'confirmed', 'refused', 'dispatched', 'delivered', 'received', 'settled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_ACTIONS = ['submit', 'confirm', 'refuse', 'dispatch', 'deliver', 'receive', 'settle', 'cancel'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** §4 the status filter value that means no filter. */
export const ALL_STATUSES = '全部';

/** Each action: the statuses it is allowed in and the status it leaves the order in. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus }>> = {
  submit: { from: ['draft'], to: 'submitted' },
  confirm: { from: ['submitted'], to: 'confirmed' },
  refuse: { from: ['submitted'], to: 'refused' },
  dispatch: { from: ['confirmed'], to: 'dispatched' },
  deliver: { from: ['dispatched'], to: 'delivered' },
  receive: { from: ['delivered'], to: 'received' },
  settle: { from: ['received'], to: 'settled' },
  // before dispatch only: once the goods are on the road the school receives (with differences) instead
  cancel: { from: ['draft', 'submitted', 'confirmed'], to: 'cancelled' },
};

/** Statuses no action leaves. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['refused', 'settled', 'cancelled'];

export function allowedIn(action: OrderAction, status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[action].from.includes(status);
}

/** Who stands where toward an order: the caller's party (domain/orgKind.ts; 'member': no party, takes no action). */
export type OrderParty = Party;

/** Who may take each action: the school places, cancels, receives and settles; the supplier side the rest. */
export const ORDER_ACTORS: Readonly<Record<OrderAction, readonly OrderParty[]>> = {
  submit: ['school'],
  cancel: ['school'],
  receive: ['school'],
  settle: ['school', 'supplier'],
  confirm: ['supplier', 'salesman'],
  refuse: ['supplier', 'salesman'],
  dispatch: ['supplier', 'delivery'],
  deliver: ['supplier', 'delivery'],
};

/** The supplier permission (domain/supplierPermissions.ts, set by the school on its supplier link) an action needs. */
export const ACTION_PERMISSION: Readonly<Partial<Record<OrderAction, 'order' | 'delivery'>>> = {
  confirm: 'order', refuse: 'order', dispatch: 'delivery', deliver: 'delivery',
};

export interface LinkPermissions { order: boolean; delivery: boolean }

/**
 * The party a caller is toward orders, from his current org's kind and his roles there (domain/orgKind.ts partyOf,
 * issue 27): the platform; a supplier (2), its salesman (6) or delivery user (3) in an org that sells; a bureau (4)
 * of a bureau org; anyone of a school the school; a role code alone makes no party outside its org's kind.
 */
export const orderPartyOf = (caller: PartyCaller): OrderParty => partyOf(caller);

/** The actions a party may take on an order in `status` under the school's permissions for its supplier. */
export function actionsFor(status: OrderStatus, party: OrderParty, permissions: LinkPermissions): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => allowedIn(a, status) && ORDER_ACTORS[a].includes(party) && permitted(a, permissions));
}

export function permitted(action: OrderAction, permissions: LinkPermissions): boolean {
  const needs = ACTION_PERMISSION[action];
  return !needs || permissions[needs];
}

/**
 * §6 M6: the schools a salesman sees are those buying from his supplier under a purchaser role group (M1) he
 * sees: its manageRoleNames name one of his roles (a salesman group's own role), or it is one of his roles' groups.
 * Returns the visible M1 group ids.
 */
export function salesmanRoleGroups<G extends { roleGroupId: string; manageRoleNames?: readonly string[] }>(
  roles: readonly (RoleLike & { roleGroupId?: string | null })[],
  purchaserGroups: readonly G[],
): string[] {
  return visibleRoleGroups(roles, purchaserGroups).map((g) => g.roleGroupId);
}

/** §6 M7: the schools a delivery user serves: those on the live routes that name him among their delivery users. */
export function deliverySchools(routes: readonly { purchaserOrgIds: readonly string[]; deliveryUserIds: readonly string[] }[], userId: string): string[] {
  return [...new Set(routes.filter((r) => r.deliveryUserIds.includes(userId)).flatMap((r) => r.purchaserOrgIds))];
}

/** Whether the caller sees every order of the platform (only the platform does; org admins see their org's). */
export const seesEveryOrder = (party: OrderParty) => party === 'platform';

/** Limits of what one order may hold. */
export const ORDER_LIMITS = {
  linesMax: 500,
  remarkMax: 500,
  reasonMax: 500,
  /** largest quantity of one line */
  quantityMax: 1_000_000,
  /** decimals a quantity may carry (e.g. 2.5 斤, 0.125 千克) */
  quantityDecimals: 3,
  cutoffDaysMax: 30,
  amountMax: 100_000_000,
  /**
   * issue 27: how far a counted (not weighed) receipt may exceed the ordered quantity, in % of it. Beyond it the
   * school cannot take the line, and so cannot be made to pay for it (a weighed line: its scale's tolerance).
   */
  receiveOverPercent: 10,
} as const;

/** The most of a line a school may receive by counting: the ordered quantity plus receiveOverPercent (issue 27). */
export function countedReceiveLimit(ordered: number): number {
  const scale = 10 ** ORDER_LIMITS.quantityDecimals;
  return Math.floor((ordered * (100 + ORDER_LIMITS.receiveOverPercent) / 100) * scale + 1e-6) / scale;
}

/** mallOrderSpec: an org's order settings. */
export interface OrderSettings {
  /** orders for a delivery day close this many days before it … */
  cutoffDays: number;
  /** … at this time of day, HH:mm China time */
  cutoffTime: string;
  /** ¥ the open lines of an order must reach; 0 = no minimum */
  minimumAmount: number;
  /** whether suppliers may change quantities when confirming (the school's setting) */
  supplierMayChangeQuantity: boolean;
}

/** Settings of an org that never saved any: orders close at 18:00 the day before delivery, no minimum, no changes. */
export const DEFAULT_ORDER_SETTINGS: Readonly<OrderSettings> = Object.freeze({ cutoffDays: 1, cutoffTime: '18:00', minimumAmount: 0, supplierMayChangeQuantity: false });

/** China time, in which delivery days and cut-off times are meant (§9 dates are the school's days). */
const CHINA_OFFSET_MINUTES = 480;

/** The instant orders for `deliveryDate` (YYYY-MM-DD) close under the supplier's settings. */
export function orderDeadline(deliveryDate: string, settings: Pick<OrderSettings, 'cutoffDays' | 'cutoffTime'>): Date {
  const [h, m] = settings.cutoffTime.split(':').map(Number);
  const midnightUtc = Date.parse(`${deliveryDate}T00:00:00Z`);
  return new Date(midnightUtc - settings.cutoffDays * 86_400_000 + ((h ?? 0) * 60 + (m ?? 0) - CHINA_OFFSET_MINUTES) * 60_000);
}

/** Whether an order for `deliveryDate` may still be placed at `now`. */
export function beforeCutoff(now: Date, deliveryDate: string, settings: Pick<OrderSettings, 'cutoffDays' | 'cutoffTime'>): boolean {
  return now.getTime() < orderDeadline(deliveryDate, settings).getTime();
}

/** Why a quantity a client sent is not one, or null. `allowZero` for a received quantity (nothing arrived). */
export function quantityProblem(q: unknown, allowZero = false): string | null {
  if (typeof q !== 'number' || !Number.isFinite(q)) return ORDER_TEXT.quantityNaN;
  if (allowZero ? q < 0 : q <= 0) return allowZero ? ORDER_TEXT.receivedNegative : ORDER_TEXT.quantityNotPositive;
  if (q > ORDER_LIMITS.quantityMax) return ORDER_TEXT.quantityTooLarge;
  const scaled = q * 10 ** ORDER_LIMITS.quantityDecimals;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) return ORDER_TEXT.quantityDecimals;
  return null;
}

/** Why settings a client sent are not valid, or null (the schema checks types and ranges; this the meaning). */
export function settingsProblem(s: OrderSettings): string | null {
  if (!Number.isFinite(s.minimumAmount) || s.minimumAmount < 0) return ORDER_TEXT.badMinimum;
  if (Math.round(s.minimumAmount * 100) !== Math.round(s.minimumAmount * 100 * 1e6) / 1e6) return ORDER_TEXT.badMinimum;
  return null;
}

export const ACTION_NAMES: Readonly<Record<OrderAction | 'create', string>> = {
  create: '下单', submit: '提交', confirm: '确认', refuse: '拒单', dispatch: '发货', deliver: '送达', receive: '收货', settle: '结算', cancel: '取消',
};
export const STATUS_NAMES: Readonly<Record<OrderStatus, string>> = {
  draft: '草稿', submitted: '待确认', confirmed: '已确认', refused: '已拒单', dispatched: '已发货', delivered: '已送达', received: '已收货', settled: '已结算', cancelled: '已取消',
};

/** The server's words (§8 style: a readable status_text). */
export const ORDER_TEXT = {
  notFound: '订单不存在',
  badIdempotencyKey: '参数错误：Idempotency-Key 应为 1 到 255 个可见字符',
  idempotencyKeyReused: (orderNo: string) => `该 Idempotency-Key 已用于内容不同的另一次下单（订单 ${orderNo}），未重复下单`,
  exists: '订单已存在',
  notAllowed: (action: OrderAction, status: OrderStatus) => `订单${STATUS_NAMES[status]}，不能${ACTION_NAMES[action]}`,
  notYourAction: (action: OrderAction) => `无权${ACTION_NAMES[action]}该订单`,
  noOrderPermission: '该学校未允许此供应商接收订单（供应商权限 order）',
  noDeliveryPermission: '该学校未允许此供应商配送（供应商权限 delivery）',
  notLinked: '参数错误：不是本机构的供应商',
  noItems: '参数错误：订单至少需要一个商品',
  duplicateSku: (skuId: string) => `参数错误：商品 ${skuId} 重复`,
  unknownSkus: (ids: readonly string[]) => `参数错误：商品不存在或不属于该供应商：${ids.join('、')}`,
  unpricedSkus: (ids: readonly string[]) => `商品没有生效的审核价格，不能下单：${ids.join('、')}`,
  quantityNaN: '参数错误：数量不是有效的数字',
  quantityNotPositive: '参数错误：数量必须大于 0',
  receivedNegative: '参数错误：实收数量不能小于 0',
  quantityTooLarge: `参数错误：数量不能超过 ${ORDER_LIMITS.quantityMax}`,
  quantityDecimals: `参数错误：数量最多 ${ORDER_LIMITS.quantityDecimals} 位小数`,
  pastCutoff: (deadline: string) => `已过下单截止时间（${deadline}），请选择更晚的配送日期`,
  belowMinimum: (minimum: string) => `订单金额未达到起订金额 ${minimum}`,
  priceSent: '参数错误：价格由系统按生效的审核价格确定，不能提交价格',
  reasonRequired: '参数错误：请填写拒单原因',
  noteTooLong: (max: number) => `参数错误：确认备注不能超过 ${max} 个字`,
  lineReasonRequired: (skuId: string) => `参数错误：请填写商品 ${skuId} 的拒绝原因`,
  unknownLine: (skuId: string) => `参数错误：订单中没有商品 ${skuId}`,
  mayNotChangeQuantity: '学校不允许供应商修改订购数量',
  receivedBeyondLimit: (skuId: string, max: number) => `实收数量超过订购数量及允许误差：商品 ${skuId} 最多可收 ${max}`,
  receiveAllLines: (ids: readonly string[]) => `参数错误：请填写每个商品的实收数量：${ids.join('、')}`,
  badMinimum: '参数错误：起订金额应为不小于 0、最多两位小数的金额',
  mayNotEditSettings: '无权修改订单设置',
  stale: '订单已被他人修改，请刷新后重试',
} as const;

/** Half-open display of a deadline in China time: YYYY-MM-DD HH:mm. */
export function formatDeadline(d: Date): string {
  return new Date(d.getTime() + CHINA_OFFSET_MINUTES * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Splits the §7 status filter: '全部', '' or nothing → no filter; else known statuses (unknown ones are an error). */
export function statusFilter(value: string | undefined): { ok: true; statuses: OrderStatus[] | null } | { ok: false; unknown: string[] } {
  if (value === undefined) return { ok: true, statuses: null };
  const parts = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (!parts.length || parts.includes(ALL_STATUSES)) return { ok: true, statuses: null };
  const unknown = parts.filter((p) => !(ORDER_STATUSES as readonly string[]).includes(p));
  return unknown.length ? { ok: false, unknown } : { ok: true, statuses: parts as OrderStatus[] };
}

/** Whether a caller of this party may change the order settings of his org (the screens hide it from others). */
export function mayEditOrderSettings(party: OrderParty, roles: readonly RoleLike[]): boolean {
  return party === 'supplier' || party === 'school' || isSystemProvider(roles);
}
