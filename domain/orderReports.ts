// Order reports (issue 11; §2 mallOrderBusinessData, mallOrderProductSales, mallOrderSummaryStatistics,
// mallOrderProductReports, orderPurchaseReportJinjiang): what the figures of every report mean, once. The server
// sums the projection rows with SQL (server/modules/orderReports) along these rules; the screens and the tests read
// the same rules from here.
//
// - Which orders count: those a supplier has been asked for and not turned down — submitted up to settled. Drafts
//   (not yet sent), refused and cancelled orders count nowhere; on a counted order, lines the supplier refused
//   do not count either.
// - When: an order falls on its delivery day (the day the food is for), bucketed by day, by week (Monday to
//   Sunday, keyed by its Monday) or by calendar month (YYYY-MM).
// - Amounts (¥): ordered = Σ line amounts (quantity × the price set at submission); received = Σ amounts of the
//   weighed quantities of received lines; returned = Σ amounts of *accepted* returns (a pending or disputed return
//   has not given anything back yet, a withdrawn one never will); payable = what the orders come to after receipt
//   (received amount where received, else ordered) less the accepted returns — domain/orderReturn payableAmount.
// - Differences (from receiving): a received line differs when its scale verdict is short or over (beyond the
//   scale's tolerance, domain/scale weighResult) or, received without a scale, when the quantity differs at all;
//   then short = max(0, ordered − received), over = max(0, received − ordered), in the line's unit and in ¥. A line
//   weighed within tolerance has no difference. Quantities only add up within one product (one unit): the screens
//   show them on product rows only.
// - Price vs market: the price paid for a product is Σ amount ÷ Σ quantity of its lines; its market average is the
//   same quotient over the counted lines of *every* supplier's orders for schools of the same area(s) as the
//   report's schools, for the same product name and unit, delivered in the report's date range — what the market
//   actually charged schools nearby, weighted by what they bought. (Approved list prices were the other choice:
//   they say what could have been paid, not what was; and SKUs of two suppliers share no id, only a name and unit.)
import type { OrderParty, OrderStatus } from './order.ts';
import type { WeighResult } from './scale.ts';
import { fromFen, toFen } from './money.ts';
import { payableAmount } from './orderReturn.ts';

export const REPORT_PERIODS = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_DIMENSIONS = [...REPORT_PERIODS, 'school', 'supplier', 'category', 'product'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

/** Orders the reports count. */
export const COUNTED_STATUSES: readonly OrderStatus[] = ['submitted', 'confirmed', 'dispatched', 'delivered', 'received', 'settled'];
/** The return status whose amount counts as returned. */
export const COUNTED_RETURN_STATUS = 'accepted';

/**
 * Who reads order reports (with the orderReport power): the school, the supplier, its salesmen, the bureau and the
 * platform. A delivery user drives routes; amounts and prices are not his to see.
 */
export const REPORT_PARTIES: readonly OrderParty[] = ['school', 'supplier', 'salesman', 'bureau', 'platform'];
export const mayReadReports = (party: OrderParty) => REPORT_PARTIES.includes(party);

export const REPORT_LIMITS = {
  /** the longest date range one report covers (a year of days, leap or not) */
  maxDays: 366,
  /** dimensions one report groups by at once (e.g. month × supplier × category) */
  maxDimensions: 3,
  /** rows one report returns at most (the grouping of a year by product and school stays below it) */
  maxRows: 5000,
} as const;

export const REPORT_TEXT = {
  badStart: '参数错误：开始日期不正确（YYYY-MM-DD）',
  badEnd: '参数错误：结束日期不正确（YYYY-MM-DD）',
  startAfterEnd: '参数错误：开始日期不能晚于结束日期',
  tooLong: `参数错误：统计区间不能超过 ${REPORT_LIMITS.maxDays} 天`,
  noGroupBy: '参数错误：请选择统计方式（groupBy）',
  unknownGroupBy: (names: readonly string[]) => `参数错误：未知的统计方式 ${names.join('、')}`,
  duplicateGroupBy: '参数错误：统计方式重复',
  twoPeriods: '参数错误：只能按一种周期（日、周、月）统计',
  tooManyGroupBy: `参数错误：最多按 ${REPORT_LIMITS.maxDimensions} 种方式同时统计`,
  notAllowed: '无权查看订单报表',
} as const;

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD that is a real calendar day, as UTC midnight ms; else null. */
function dayMs(day: string | undefined): number | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? null : ms;
}

export interface ReportRange { startDate: string; endDate: string; groupBy: ReportDimension[] }

/** Checks a report request's dates and grouping; the message is the readable status_text of a 400. */
export function parseReportQuery(q: { startDate?: string; endDate?: string; groupBy?: string }):
  { ok: true; value: ReportRange } | { ok: false; message: string } {
  const start = dayMs(q.startDate);
  if (start === null) return { ok: false, message: REPORT_TEXT.badStart };
  const end = dayMs(q.endDate);
  if (end === null) return { ok: false, message: REPORT_TEXT.badEnd };
  if (start > end) return { ok: false, message: REPORT_TEXT.startAfterEnd };
  if ((end - start) / DAY_MS + 1 > REPORT_LIMITS.maxDays) return { ok: false, message: REPORT_TEXT.tooLong };
  const parts = (q.groupBy ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!parts.length) return { ok: false, message: REPORT_TEXT.noGroupBy };
  const unknown = parts.filter((p) => !(REPORT_DIMENSIONS as readonly string[]).includes(p));
  if (unknown.length) return { ok: false, message: REPORT_TEXT.unknownGroupBy(unknown.map((u) => u.slice(0, 30)).slice(0, 5)) };
  if (new Set(parts).size !== parts.length) return { ok: false, message: REPORT_TEXT.duplicateGroupBy };
  if (parts.filter((p) => isPeriod(p as ReportDimension)).length > 1) return { ok: false, message: REPORT_TEXT.twoPeriods };
  if (parts.length > REPORT_LIMITS.maxDimensions) return { ok: false, message: REPORT_TEXT.tooManyGroupBy };
  return { ok: true, value: { startDate: q.startDate!, endDate: q.endDate!, groupBy: parts as ReportDimension[] } };
}

export const isPeriod = (d: ReportDimension): d is ReportPeriod => (REPORT_PERIODS as readonly string[]).includes(d);

/** The period a delivery day falls in: the day itself, the Monday of its week, or its month (YYYY-MM). */
export function periodOf(day: string, period: ReportPeriod): string {
  if (period === 'day') return day;
  if (period === 'month') return day.slice(0, 7);
  const ms = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(ms - weekday * DAY_MS).toISOString().slice(0, 10);
}

/** Every period from the one holding `startDate` to the one holding `endDate`, so a trend shows its empty periods too. */
export function periodsBetween(startDate: string, endDate: string, period: ReportPeriod): string[] {
  const out: string[] = [];
  const end = Date.parse(`${endDate}T00:00:00Z`);
  for (let ms = Date.parse(`${startDate}T00:00:00Z`); ms <= end; ms += DAY_MS) {
    const key = periodOf(new Date(ms).toISOString().slice(0, 10), period);
    if (out[out.length - 1] !== key) out.push(key);
  }
  return out;
}

/** What the server sums for one group (or for the whole report): ¥ in yuan, quantities in the lines' units. */
export interface ReportSums {
  orderCount: number;
  lineCount: number;
  quantity: number;
  receivedQuantity: number;
  shortQuantity: number;
  overQuantity: number;
  amount: number;
  receivedAmount: number;
  shortAmount: number;
  overAmount: number;
  returnQuantity: number;
  returnAmount: number;
  /** Σ (received amount of a received line, else its ordered amount), before returns */
  deliveredAmount: number;
  /** lines received with a difference */
  differenceLines: number;
}

export interface ReportFigures extends ReportSums {
  /** what the school owes: delivered amount less accepted returns */
  payableAmount: number;
  /** ¥ per unit paid (product rows only) */
  avgPrice: number | null;
  /** ¥ per unit the area's market paid (product rows only; null when nobody else bought it either) */
  marketAvgPrice: number | null;
  /** (paid − market) ÷ market in %, one decimal (product rows only) */
  priceVsMarket: number | null;
}

/** The scale verdict under which a received line shows no difference (within the scale's tolerance). */
export const WITHIN_TOLERANCE: WeighResult = 'ok';

/**
 * One received line's difference from what was ordered: none when not received (null) or weighed within tolerance.
 * The server's SQL sums the same expressions (server/modules/orderReports/routes.ts SUMS).
 */
export function lineDifference(line: {
  quantity: number; receivedQuantity: number | null; amount: number; receivedAmount: number | null; weighResult?: WeighResult | null;
}) {
  if (line.receivedQuantity === null || line.weighResult === WITHIN_TOLERANCE) return { shortQuantity: 0, overQuantity: 0, shortAmount: 0, overAmount: 0 };
  const dq = round3(line.receivedQuantity - line.quantity);
  const da = fromFen(toFen(line.receivedAmount ?? 0) - toFen(line.amount));
  return { shortQuantity: Math.max(0, -dq), overQuantity: Math.max(0, dq), shortAmount: Math.max(0, -da), overAmount: Math.max(0, da) };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** ¥ per unit of an amount over a quantity, to the fen; null without a quantity. */
export function unitPrice(amount: number, quantity: number): number | null {
  return quantity > 0 ? fromFen(toFen(amount / quantity)) : null;
}

/** How far the price paid lies above (+) or below (−) the market average, in % to one decimal. */
export function priceVsMarket(paid: number | null, market: number | null): number | null {
  if (paid === null || market === null || market <= 0) return null;
  return Math.round(((paid - market) / market) * 1000) / 10;
}

/** A group's figures from its sums; `market` is the market average price when the group is one product. */
export function reportFigures(sums: ReportSums, product: { market: number | null } | null): ReportFigures {
  // a group's delivered amount is its orders' dues added up: the settlement rule applies to it as to one order
  const payable = payableAmount({ amount: sums.deliveredAmount, receivedAmount: null }, sums.returnAmount);
  if (!product) return { ...sums, payableAmount: payable, avgPrice: null, marketAvgPrice: null, priceVsMarket: null };
  const avgPrice = unitPrice(sums.amount, sums.quantity);
  return { ...sums, payableAmount: payable, avgPrice, marketAvgPrice: product.market, priceVsMarket: priceVsMarket(avgPrice, product.market) };
}

export const EMPTY_SUMS: Readonly<ReportSums> = Object.freeze({
  orderCount: 0, lineCount: 0, quantity: 0, receivedQuantity: 0, shortQuantity: 0, overQuantity: 0, amount: 0, receivedAmount: 0,
  shortAmount: 0, overAmount: 0, returnQuantity: 0, returnAmount: 0, deliveredAmount: 0, differenceLines: 0,
});
