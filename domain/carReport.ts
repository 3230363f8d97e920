// carReport (车辆报表, issue 11; §2 carReport): what each vehicle and its driver carried over a period, from the
// supplier's deliveries (domain/logistics.ts) and the departure and arrival marks of their stops:
// - deliveries (the days' runs), stops (orders dropped), schools and orders served;
// - what was carried: the open lines of those orders, their amount and their weight (a line's quantity in grams by
//   its unit or a spec stating one weight per unit, domain/purchasePlan.ts gramsPerUnit; lines sold by the piece,
//   box of cartons … are counted as not weighable, never guessed);
// - on-time arrivals: a stop is on time when it arrived on its delivery day (China time) no later than the
//   arrive-by time (school kitchens need the food before cooking; 10:00 unless the report is asked with another).
import { gramsPerUnit } from './purchasePlan.ts';
import { round6 } from './numberInput.ts';
import { sumAmounts } from './money.ts';
import { parseDay } from './priceCycle.ts';

export const CAR_REPORT_LIMITS = { periodDaysMax: 366 } as const;
/** The arrive-by time a stop is on time by, when the report is asked without one (HH:mm, China time). */
export const DEFAULT_ARRIVE_BY = '10:00';
const CHINA_OFFSET_MS = 8 * 3_600_000;

export const CAR_REPORT_TEXT = {
  notCarrier: '只有供应商和配送员可以查看车辆报表',
  badPeriod: '参数错误：开始日期不能晚于结束日期',
  periodTooLong: `参数错误：统计期间最多 ${CAR_REPORT_LIMITS.periodDaysMax} 天`,
  badDate: '参数错误：日期不正确',
  noVehicle: '未填写车辆',
  noDriver: '未填写司机',
} as const;

/** One stop as the report reads it: its delivery's vehicle and driver, its marks, and the order it carried. */
export interface CarStop {
  logisticsId: string;
  deliveryDate: string;
  vehicle: string;
  driverName: string;
  orderId: string;
  schoolOrgId: string;
  status: 'pending' | 'departed' | 'arrived';
  arrivedAt: string | null;
  /** ¥ of the order's open lines */
  amount: number;
  /** the order's open lines */
  lines: readonly { quantity: number; unit: string; spec: string }[];
}

/** Whether a stop arrived on time: on its delivery day, by `arriveBy` China time; null while it has not arrived. */
export function arrivedOnTime(stop: Pick<CarStop, 'deliveryDate' | 'arrivedAt'>, arriveBy = DEFAULT_ARRIVE_BY): boolean | null {
  if (!stop.arrivedAt) return null;
  const [h, m] = arriveBy.split(':').map(Number);
  const deadline = Date.parse(`${stop.deliveryDate}T00:00:00Z`) - CHINA_OFFSET_MS + ((h ?? 0) * 60 + (m ?? 0)) * 60_000;
  return Date.parse(stop.arrivedAt) <= deadline;
}

/** Grams of the weighable lines and how many lines could not be weighed. */
export function carriedWeight(lines: CarStop['lines']): { grams: number; unweighed: number } {
  let grams = 0;
  let unweighed = 0;
  for (const l of lines) {
    const per = gramsPerUnit(l.unit, l.spec);
    if (per === null) unweighed += 1;
    else grams += l.quantity * per;
  }
  return { grams: round6(grams), unweighed };
}

export interface CarReportRow {
  vehicle: string;
  driverName: string;
  deliveries: number;
  stops: number;
  schools: number;
  orders: number;
  /** ¥ carried */
  amount: number;
  /** kg carried (weighable lines) */
  weightKg: number;
  /** lines that could not be weighed */
  unweighedLines: number;
  arrived: number;
  onTime: number;
  /** on-time arrivals / arrivals, 0…1; null with no arrival */
  onTimeRate: number | null;
}

type Totals = Omit<CarReportRow, 'vehicle' | 'driverName'>;

function summarize(stops: readonly CarStop[], arriveBy: string): Totals {
  const orders = new Set(stops.map((s) => s.orderId));
  // an order is carried once even if (by a re-plan) it shows on two stops
  const byOrder = new Map(stops.map((s) => [s.orderId, s]));
  const weight = [...byOrder.values()].map((s) => carriedWeight(s.lines));
  const arrivedStops = stops.filter((s) => s.arrivedAt);
  const onTime = arrivedStops.filter((s) => arrivedOnTime(s, arriveBy)).length;
  return {
    deliveries: new Set(stops.map((s) => s.logisticsId)).size,
    stops: stops.length,
    schools: new Set(stops.map((s) => s.schoolOrgId)).size,
    orders: orders.size,
    amount: sumAmounts([...byOrder.values()].map((s) => s.amount)),
    weightKg: round6(weight.reduce((n, w) => n + w.grams, 0) / 1000),
    unweighedLines: weight.reduce((n, w) => n + w.unweighed, 0),
    arrived: arrivedStops.length,
    onTime,
    onTimeRate: arrivedStops.length ? round6(onTime / arrivedStops.length) : null,
  };
}

/** The report: a row per vehicle and driver (as written on the deliveries, trimmed), busiest first, and the totals. */
export function carReport(stops: readonly CarStop[], arriveBy = DEFAULT_ARRIVE_BY): { rows: CarReportRow[]; totals: Totals } {
  const groups = new Map<string, { vehicle: string; driverName: string; stops: CarStop[] }>();
  for (const s of stops) {
    const vehicle = s.vehicle.trim();
    const driverName = s.driverName.trim();
    const key = `${vehicle}\u0000${driverName}`;
    const g = groups.get(key) ?? { vehicle, driverName, stops: [] };
    g.stops.push(s);
    groups.set(key, g);
  }
  const rows = [...groups.values()].map((g) => ({ vehicle: g.vehicle, driverName: g.driverName, ...summarize(g.stops, arriveBy) }))
    .sort((a, b) => b.stops - a.stops || a.vehicle.localeCompare(b.vehicle) || a.driverName.localeCompare(b.driverName));
  return { rows, totals: summarize(stops, arriveBy) };
}

/** Why a period is not one the report can be asked for, or null. */
export function periodProblem(startDate: string, endDate: string): string | null {
  const from = parseDay(startDate);
  const to = parseDay(endDate);
  if (!from || !to) return CAR_REPORT_TEXT.badDate;
  if (from.getTime() > to.getTime()) return CAR_REPORT_TEXT.badPeriod;
  if ((to.getTime() - from.getTime()) / 86_400_000 + 1 > CAR_REPORT_LIMITS.periodDaysMax) return CAR_REPORT_TEXT.periodTooLong;
  return null;
}
