// Issue 34, the fresh-fruit mall (§2 recipeOrgManage, recipeOrgStatistics, xgOrgSkuManage, xgOrgOrderManage): a fruit
// org (org kind 'fruit', domain/orgKind.ts) sells fruit to the members (§3 product members, levels §9 default LV1) of
// the schools the platform links it to. Its goods are catalogue products with one SKU each (domain/aggregates/product.ts),
// whose offer (a price per member level, a stock per day, the season) is the SKU's extraInfo.fruit. A member orders
// for a child (school, grade, class) for one school day or every school day of a week or a month (the §4 holiday
// calendar decides which days are school days); the fruit org delivers day by day and refunds a missed day.
// These are the rules the server, the order statechart (machines/fruitOrder.machine.ts) and the screens share.
import { DEFAULT_MEMBER_LEVEL, WEEK_STARTS_ON } from './constants.ts';
import { lineAmount, sumAmounts } from './money.ts';
import { isNonWorkingDay } from './onlineRestriction.ts';
import type { Holiday } from './types.ts';

export const FRUIT_TEXT = {
  notFruitOrg: '仅鲜果机构可以操作',
  notPlatform: '仅平台可以管理鲜果机构',
  fruitOrgMissing: '鲜果机构不存在',
  notSchool: (id: string) => `不是学校：${id}`,
  skuMissing: '鲜果商品不存在',
  skuOffShelf: '该商品已下架',
  notServed: '该鲜果机构不服务这所学校',
  outOfSeason: (day: string) => `该商品在 ${day} 不在供应季节`,
  levelPriceMissing: `请填写 ${DEFAULT_MEMBER_LEVEL} 会员价`,
  badPrice: '价格须为不小于 0、最多两位小数的数字',
  badStock: '每日库存须为不小于 0 的整数',
  badSeason: '供应季节须为 1-12 月',
  badQuantity: '数量须为 1-99 的整数',
  noSchoolDays: '所选时间内没有上学日',
  pastDay: '不能订购今天之前的日期',
  soldOut: (day: string, left: number) => `${day} 库存不足，剩余 ${left}`,
  childRequired: '请填写孩子姓名、年级和班级',
  notMember: '您不是本商城的会员',
  notFruitShop: '该商城不销售鲜果',
  refundNotDue: (day: string) => `${day} 还未到，不能申请退款`,
  refundAsked: (day: string) => `${day} 已申请退款`,
  grouponOrderRequired: '请填写孩子的学校、年级、班级和开始日期',
  orderMissing: '订单不存在',
  notPlaced: '只有待支付的订单可以操作',
  notPaid: '订单尚未支付',
  dayNotInOrder: (day: string) => `订单不包含 ${day}`,
  dayNotPending: (day: string) => `${day} 已配送或已退款`,
  paymentUnavailable: '该支付方式不可用',
  paymentFailed: '支付失败，请稍后重试',
  memberSignIn: '请先登录会员账号',
  memberSessionExpired: '会员登录已过期，请重新登录',
  idempotencyKeyReused: (orderNo: string) => `该请求编号已用于订单 ${orderNo}，请求内容不同`,
  badIdempotencyKey: '请求编号（Idempotency-Key）格式不正确',
  badDay: '日期格式不正确',
} as const;

export const FRUIT_LIMITS = { quantityMax: 99, nameMax: 64, photosMax: 6, priceMax: 10_000, stockMax: 100_000, ordersPerPage: 100 } as const;

/** What a fruit SKU offers beyond the catalogue's SKU (SKU extraInfo.fruit). */
export interface FruitOffer {
  /** ¥ per unit by member level id (§3 member config); the LV1 price is the price of a level without its own */
  levelPrices: Record<string, number>;
  /** units the fruit org can deliver per school day, over every school it serves */
  dailyStock: number;
  /** months (1-12) it is in season; empty: all year */
  season: number[];
}

const twoDecimals = (n: number) => Number.isFinite(n) && n >= 0 && n <= FRUIT_LIMITS.priceMax && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9;

/** The problem with an offer as entered, or null. */
export function fruitOfferProblem(offer: FruitOffer): string | null {
  if (!(DEFAULT_MEMBER_LEVEL in offer.levelPrices)) return FRUIT_TEXT.levelPriceMissing;
  if (!Object.values(offer.levelPrices).every(twoDecimals)) return FRUIT_TEXT.badPrice;
  if (!Number.isInteger(offer.dailyStock) || offer.dailyStock < 0 || offer.dailyStock > FRUIT_LIMITS.stockMax) return FRUIT_TEXT.badStock;
  if (!offer.season.every((m) => Number.isInteger(m) && m >= 1 && m <= 12)) return FRUIT_TEXT.badSeason;
  return null;
}

/** The offer stored on a SKU (what an older or foreign SKU lacks reads as nothing offered). */
export function fruitOfferOf(extraInfo: unknown): FruitOffer | null {
  const f = (extraInfo as { fruit?: Partial<FruitOffer> } | null)?.fruit;
  if (!f || typeof f !== 'object' || !f.levelPrices) return null;
  return { levelPrices: { ...f.levelPrices }, dailyStock: Number(f.dailyStock ?? 0), season: Array.isArray(f.season) ? [...f.season] : [] };
}

/** The member's price: his level's, else the LV1 price (decided on the server; the client's price is never read). */
export function levelPriceOf(offer: Pick<FruitOffer, 'levelPrices'>, level: string | undefined): number {
  const own = level !== undefined ? offer.levelPrices[level] : undefined;
  return own ?? offer.levelPrices[DEFAULT_MEMBER_LEVEL] ?? 0;
}

/** Whether the fruit is in season on a day (YYYY-MM-DD). */
export const inSeason = (offer: Pick<FruitOffer, 'season'>, day: string): boolean =>
  offer.season.length === 0 || offer.season.includes(Number(day.slice(5, 7)));

// ---- days

export const FRUIT_PLANS = ['day', 'week', 'month'] as const;
export type FruitPlan = (typeof FRUIT_PLANS)[number];

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const dayText = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayText(new Date(utc(day).getTime() + n * 86_400_000));

/** A real calendar day written YYYY-MM-DD. */
export const isDay = (value: string): boolean => DAY_RE.test(value) && dayText(utc(value)) === value;

/** §4 a school day: a weekday not listed as a holiday, or a weekend listed as a make-up working day. */
export const isSchoolDay = (day: string, holidays: readonly Holiday[]): boolean =>
  !isNonWorkingDay({ date: day, weekday: utc(day).getUTCDay() }, holidays);

/** The first day of the §9 week (Monday) that holds the day. */
export function weekStartOf(day: string): string {
  const wd = utc(day).getUTCDay();
  return addDays(day, -((wd - WEEK_STARTS_ON + 7) % 7));
}

/**
 * The school days an order of the plan starting on `startDay` delivers: that day (if a school day); the school days of
 * its week from it on; the school days of its month from it on.
 */
export function orderDaysOf(plan: FruitPlan, startDay: string, holidays: readonly Holiday[]): string[] {
  let last = startDay;
  if (plan === 'week') last = addDays(weekStartOf(startDay), 6);
  if (plan === 'month') {
    const d = utc(startDay);
    last = dayText(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)));
  }
  const out: string[] = [];
  for (let day = startDay; day <= last; day = addDays(day, 1)) if (isSchoolDay(day, holidays)) out.push(day);
  return out;
}

// ---- orders

export const FRUIT_ORDER_STATUSES = ['placed', 'paid', 'delivered', 'refunded', 'cancelled'] as const;
export type FruitOrderStatus = (typeof FRUIT_ORDER_STATUSES)[number];
export const FRUIT_DAY_STATUSES = ['pending', 'delivered', 'refunded'] as const;
export type FruitDayStatus = (typeof FRUIT_DAY_STATUSES)[number];
export const FRUIT_PAYMENTS = ['offline', 'gateway'] as const;
/** offline: paid at school (the fruit org records it); gateway: paid online through the deployment's gateway */
export type FruitPayment = (typeof FRUIT_PAYMENTS)[number];

/** An order as the rules need it. */
export interface FruitOrderFacts {
  status: FruitOrderStatus;
  payment: FruitPayment;
  days: Readonly<Record<string, FruitDayStatus>>;
}

/**
 * The order's status once its days are as given (a paid order): every day refunded → refunded; none pending and one
 * delivered → delivered; else still paid.
 */
export function paidStatusOf(days: Readonly<Record<string, FruitDayStatus>>): FruitOrderStatus {
  const all = Object.values(days);
  if (all.every((d) => d === 'refunded')) return 'refunded';
  if (all.every((d) => d !== 'pending')) return 'delivered';
  return 'paid';
}

export type FruitOrderAction = 'pay' | 'cancel' | 'deliver' | 'refund';

/** Why the action may not be taken now (a FRUIT_TEXT text), or null. `day` for deliver and refund. */
export function fruitOrderActionProblem(order: FruitOrderFacts, action: FruitOrderAction, day?: string): string | null {
  switch (action) {
    case 'pay':
    case 'cancel':
      return order.status === 'placed' ? null : FRUIT_TEXT.notPlaced;
    case 'deliver':
    case 'refund': {
      if (order.status === 'placed') return FRUIT_TEXT.notPaid;
      if (day === undefined || !(day in order.days)) return FRUIT_TEXT.dayNotInOrder(day ?? '');
      if (order.status !== 'paid' || order.days[day] !== 'pending') return FRUIT_TEXT.dayNotPending(day);
      return null;
    }
  }
}

/** Why the member may not ask a refund of the day (a missed day: today or before, not delivered), or null. */
export function refundRequestProblem(order: FruitOrderFacts & { requested: Readonly<Record<string, true>> }, day: string, today: string): string | null {
  if (order.status === 'placed') return FRUIT_TEXT.notPaid;
  if (!(day in order.days)) return FRUIT_TEXT.dayNotInOrder(day);
  if (order.status !== 'paid' || order.days[day] !== 'pending') return FRUIT_TEXT.dayNotPending(day);
  if (day > today) return FRUIT_TEXT.refundNotDue(day);
  if (order.requested[day]) return FRUIT_TEXT.refundAsked(day);
  return null;
}

/** The actions the party may take on the order now: the member cancels an unpaid order; the fruit org does the rest. */
export function fruitOrderActionsFor(order: FruitOrderFacts, party: 'member' | 'fruit'): FruitOrderAction[] {
  const pending = Object.entries(order.days).find(([, s]) => s === 'pending')?.[0];
  const all: FruitOrderAction[] = party === 'member' ? ['cancel'] : ['pay', 'cancel', 'deliver', 'refund'];
  return all.filter((a) => !(a === 'pay' && order.payment !== 'offline') && fruitOrderActionProblem(order, a, pending) === null);
}

/** ¥ of one day: quantity × the unit price, to the fen. */
export const dayAmountOf = (unitPrice: number, quantity: number): number => lineAmount(unitPrice, quantity);
/** ¥ of an order of `days` days. */
export const orderAmountOf = (unitPrice: number, quantity: number, days: number): number =>
  sumAmounts(Array.from({ length: days }, () => dayAmountOf(unitPrice, quantity)));
