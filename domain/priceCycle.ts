// Approval cycles of SKU prices (§4 priceApprovalTimeRule, §5 duration strings, §9 week starts Monday).
// Dates are calendar days written 'YYYY-MM-DD'; all arithmetic is on those days (no time zones).
import { parseDuration } from './durations.ts';
import { WEEK_STARTS_ON } from './constants.ts';

export interface Cycle {
  /** first day of the cycle, inclusive */
  start: string;
  /** last day of the cycle, inclusive */
  end: string;
}

export interface PriceCycleConfig {
  priceModifyLimitEnable?: boolean;
  priceApprovalTimeRule?: string | null;
}

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A 'YYYY-MM-DD' day, or null when the text is not a real calendar day. */
export function parseDay(text: string): Date | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) ? d : null;
}

/**
 * The last text dayOf found to be a calendar day: a price list asks about the same day twice on each of its rows
 * (issue 32), and the answer for a text never changes, so the check is not run again for it.
 */
let lastDayText = '';

/** The calendar day of a Date in the given UTC offset (minutes east; China is +480), or of a 'YYYY-MM-DD' text. */
export function dayOf(date: Date | string, offsetMinutes = 480): string {
  if (typeof date === 'string') {
    if (date === lastDayText) return date;
    if (parseDay(date)) {
      lastDayText = date;
      return date;
    }
    return dayOf(new Date(date), offsetMinutes);
  }
  return new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** The calendar year of a Date in China time (§9: the product's days are China's), e.g. for app ids and holidays. */
export const yearOf = (date: Date): number => Number(dayOf(date).slice(0, 4));

const fmt = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY_MS);
function addMonths(d: Date, n: number): Date {
  // clamp to the last day of the target month (Jan 31 + 1m → Feb 28/29)
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + n;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), last)));
}

/**
 * The cycle an approved price holds in, anchored at `date` (the day it was approved).
 * §4: `Nd`/`Nw`/`Nm`/`Ny` with N > 0 is a rolling cycle of N units starting that day;
 * `0d`, `0w`, `0m`, `0y` is the current calendar day, week (Monday to Sunday, §9), month or year.
 * §5: anything else is no limit, so there is no cycle (null).
 */
export function cycleOf(rule: string | null | undefined, date: Date | string): Cycle | null {
  const duration = parseDuration(rule);
  if (!duration) return null;
  const day = parseDay(dayOf(date))!;
  const { amount, unit } = duration;
  if (amount === 0) {
    switch (unit) {
      case 'd': return { start: fmt(day), end: fmt(day) };
      case 'w': {
        const back = (day.getUTCDay() - WEEK_STARTS_ON + 7) % 7;
        const start = addDays(day, -back);
        return { start: fmt(start), end: fmt(addDays(start, 6)) };
      }
      case 'm': return { start: fmt(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1))), end: fmt(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0))) };
      case 'y': return { start: `${day.getUTCFullYear()}-01-01`, end: `${day.getUTCFullYear()}-12-31` };
    }
  }
  const next = unit === 'd' ? addDays(day, amount) : unit === 'w' ? addDays(day, 7 * amount) : addMonths(day, unit === 'm' ? amount : 12 * amount);
  return { start: fmt(day), end: fmt(addDays(next, -1)) };
}

export function inCycle(cycle: Cycle, date: Date | string): boolean {
  const d = dayOf(date);
  return cycle.start <= d && d <= cycle.end;
}

export type ModifyCheck = { ok: true } | { ok: false; cycle: Cycle; reason: string };

/**
 * §4 priceModifyLimitEnable: a supplier cannot change an approved price again inside the cycle that began
 * when it was approved. Without the limit, without an approved price, or without a cycle rule (§5 "no limit"
 * means no cycle to hold the price in), a change is allowed.
 */
export function canModifyApprovedPrice(
  lastApproved: { checkedAt: Date | string } | null | undefined, now: Date | string, config: PriceCycleConfig,
): ModifyCheck {
  if (!config.priceModifyLimitEnable || !lastApproved) return { ok: true };
  const cycle = cycleOf(config.priceApprovalTimeRule, lastApproved.checkedAt);
  if (!cycle || !inCycle(cycle, now)) return { ok: true };
  return { ok: false, cycle, reason: `已审核的价格在审核周期内（${cycle.start} 至 ${cycle.end}）不能再次修改` };
}
