// §9 semesters: first Sept 1 to Jan 31, second Feb 1 to Aug 31, overridable per org
// (org config nutritiousmeals.semester, §3). Month-days are 'MM-DD'; a range may cross the new year.
import { SEMESTER_DEFAULT } from './constants.ts';

export interface SemesterRange {
  /** MM-DD */
  start: string;
  /** MM-DD; before start means the range ends in the next calendar year */
  end: string;
}

export interface SemesterConfig {
  first: SemesterRange;
  second: SemesterRange;
}

export type SemesterName = keyof SemesterConfig;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A valid month-day 'MM-DD' (29 Feb allowed). */
export function isMonthDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = /^(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const month = Number(m[1]);
  const day = Number(m[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1];
}

/** §9 the default semesters (a fresh copy). */
export function defaultSemesters(): SemesterConfig {
  return { first: { ...SEMESTER_DEFAULT.first }, second: { ...SEMESTER_DEFAULT.second } };
}

/** The org's semesters: stored values where valid, the §9 defaults elsewhere. */
export function semesterConfigOf(stored: unknown): SemesterConfig {
  const d = defaultSemesters();
  const s = (stored ?? {}) as Partial<Record<SemesterName, Partial<SemesterRange>>>;
  const pick = (name: SemesterName): SemesterRange => ({
    start: isMonthDay(s[name]?.start) ? s[name]!.start! : d[name].start,
    end: isMonthDay(s[name]?.end) ? s[name]!.end! : d[name].end,
  });
  return { first: pick('first'), second: pick('second') };
}

const crosses = (r: SemesterRange) => r.end < r.start;

/** Dates YYYY-MM-DD of a range that starts in `year`. */
export function rangeDates(range: SemesterRange, year: number): { start: string; end: string } {
  const endYear = crosses(range) ? year + 1 : year;
  const day = (y: number, md: string) => {
    // 29 Feb in a common year becomes 28 Feb
    if (md === '02-29' && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return `${y}-02-28`;
    return `${y}-${md}`;
  };
  return { start: day(year, range.start), end: day(endYear, range.end) };
}

/**
 * The dates of the school year that starts in `year`: the first semester starts in `year`; the second starts
 * in the next calendar year when it begins before the first does (the §9 default: Feb after Sept).
 */
export function schoolYearDates(config: SemesterConfig, year: number): Record<SemesterName, { start: string; end: string }> {
  const secondYear = config.second.start <= config.first.start ? year + 1 : year;
  return { first: rangeDates(config.first, year), second: rangeDates(config.second, secondYear) };
}

/** The semester a date (YYYY-MM-DD) falls in, with the year its school year starts; null between semesters. */
export function semesterOf(date: string, config: SemesterConfig): { name: SemesterName; schoolYear: number } | null {
  const year = Number(date.slice(0, 4));
  for (const schoolYear of [year - 1, year]) {
    const dates = schoolYearDates(config, schoolYear);
    for (const name of ['first', 'second'] as const) {
      if (date >= dates[name].start && date <= dates[name].end) return { name, schoolYear };
    }
  }
  return null;
}

/**
 * The school year a date (YYYY-MM-DD) belongs to: its semester's, or between semesters (the summer) the one that
 * starts in September of its calendar year or, before September, the one that started the year before.
 */
export function schoolYearOf(date: string, config: SemesterConfig): number {
  const year = Number(date.slice(0, 4));
  return semesterOf(date, config)?.schoolYear ?? (Number(date.slice(5, 7)) >= 9 ? year : year - 1);
}

/** Problems of a semester configuration as readable messages; empty when valid. */
export function validateSemesters(value: unknown): string[] {
  const errors: string[] = [];
  const v = (value ?? {}) as Partial<Record<SemesterName, Partial<SemesterRange>>>;
  const names: Record<SemesterName, string> = { first: '第一学期', second: '第二学期' };
  for (const name of ['first', 'second'] as const) {
    if (!isMonthDay(v[name]?.start)) errors.push(`${names[name]}开始日期不合法（MM-DD）`);
    if (!isMonthDay(v[name]?.end)) errors.push(`${names[name]}结束日期不合法（MM-DD）`);
  }
  if (errors.length) return errors;
  const config = v as SemesterConfig;
  // a school year's two semesters must not overlap
  const dates = schoolYearDates(config, 2001);
  const [a, b] = [dates.first, dates.second].sort((x, y) => x.start.localeCompare(y.start));
  if (b.start <= a.end) errors.push('两个学期的日期不能重叠');
  const next = schoolYearDates(config, 2002);
  if (dates.second.end >= next.first.start) errors.push('第二学期必须在下一学年第一学期开始前结束');
  return errors;
}
