import type { Holiday, OnlineRule } from './types.ts';
import { bypassesOnlineRestriction, type RoleLike } from './roles.ts';

/** The current moment, as the rule compares it: local date, clock time and weekday (0 = Sunday). */
export interface NowParts {
  date: string; // YYYY-MM-DD
  time: string; // HH:mm
  weekday: number; // 0-6
}

export type OnlineCheck = { blocked: false } | { blocked: true; msg: string; title: string };

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Splits a moment into the parts checkOnline compares, in the given time zone (default China time). */
export function nowParts(date: Date, timeZone = 'Asia/Shanghai'): NowParts {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
    weekday: WEEKDAYS[get('weekday')],
  };
}

// Inclusive range checks on zero-padded strings, which sort like the values they hold.
function withinDates(date: string, [from, to]: readonly [string, string]): boolean {
  return date >= from && date <= to;
}

/** A clock range whose start is after its end spans midnight, e.g. 22:00-06:00. */
function withinTimes(time: string, [from, to]: readonly [string, string]): boolean {
  return from <= to ? time >= from && time <= to : time >= from || time <= to;
}

// §4 non-working day: a weekend not listed as a make-up working day (type 0), or a listed holiday
export function isNonWorkingDay(now: Pick<NowParts, 'date' | 'weekday'>, holidays: readonly Holiday[]): boolean {
  const listed = holidays.find((h) => h.date === now.date);
  if (listed) return listed.type !== 0;
  return now.weekday === 0 || now.weekday === 6;
}

// §4 online restriction: blocked outside allowed times or dates, or on non-working days when model is 2.
// §6 skipped for admin_, manage_admin_ and code 999.
export function checkOnline(
  rule: OnlineRule | undefined,
  now: NowParts,
  holidays: readonly Holiday[],
  roles: readonly RoleLike[],
): OnlineCheck {
  if (!rule?.enable || bypassesOnlineRestriction(roles)) return { blocked: false };
  const range = rule.datetime;
  const outside =
    (range && rule.type === 'time' && !withinTimes(now.time, range)) ||
    (range && rule.type === 'date' && !withinDates(now.date, range)) ||
    (rule.model === 2 && isNonWorkingDay(now, holidays));
  // §4 the blocked result carries the configured msg and title; the view supplies defaults when empty
  return outside ? { blocked: true, msg: rule.msg ?? '', title: rule.title ?? '' } : { blocked: false };
}
