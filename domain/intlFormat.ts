// Issue 13: dates, times and numbers as people read them in their language, through Intl with the chosen locale
// (money is formatMoney in money.ts). Screens use the hooks beside useMoney (src/components/useIntlFormat.ts)
// rather than toLocaleString() without a locale (the browser's language, not the one chosen) or hand-padded
// "YYYY-MM-DD HH:mm" strings (one order of fields for every language). The 24-hour clock in every language:
// the console is used at work, where times are read against delivery cut-offs and shifts.
export type DateInput = string | number | Date;

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let f = cache.get(key) as F | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

const DATE_TIME: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

function format(value: DateInput | null | undefined, locale: string, kind: 'dateTime' | 'dateTimeSeconds' | 'date' | 'time'): string {
  if (value === null || value === undefined || value === '') return '';
  // a bare calendar day ("2026-11-25") is that day wherever the browser is, not UTC midnight
  const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  const options = kind === 'date' ? DATE : kind === 'time' ? TIME : kind === 'dateTimeSeconds' ? { ...DATE_TIME, second: '2-digit' as const } : DATE_TIME;
  return cached(`${kind}|${locale}`, () => new Intl.DateTimeFormat(locale, options)).format(d);
}

/** 2026/11/25 17:04 (zh-CN), 11/25/2026, 17:04 (en-US) */
export const formatDateTime = (value: DateInput | null | undefined, locale: string, seconds = false) => format(value, locale, seconds ? 'dateTimeSeconds' : 'dateTime');
/** 2026/11/25 (zh-CN), 11/25/2026 (en-US) */
export const formatDate = (value: DateInput | null | undefined, locale: string) => format(value, locale, 'date');
/** 17:04 */
export const formatTime = (value: DateInput | null | undefined, locale: string) => format(value, locale, 'time');

/** 12,345.6 with the language's separators; `digits` fixes the decimals shown */
export function formatNumber(value: number, locale: string, digits?: number): string {
  const options: Intl.NumberFormatOptions = digits === undefined ? { maximumFractionDigits: 3 } : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return cached(`number|${digits ?? ''}|${locale}`, () => new Intl.NumberFormat(locale, options)).format(value);
}

/**
 * A share (0..1) as a percentage with one decimal, rounded down so that a share short of a goal never reads as
 * reaching it (94.96 % shows 94.9 %, not 95.0 %).
 */
export function formatPercent(share: number, locale: string): string {
  const floored = Math.floor(share * 1000) / 1000;
  return cached(`percent|${locale}`, () => new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })).format(floored);
}
