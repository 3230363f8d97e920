import { useLingui } from '@lingui/react';
import { formatDate, formatDateTime, formatNumber, formatPercent, formatTime, type DateInput } from '../../domain/intlFormat.ts';

// Issue 13: dates, times and numbers in the language chosen in the console (Lingui's active locale), beside
// useMoney for ¥ amounts. A new set of functions when the language changes, so views re-render.
export function useIntlFormat() {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return {
    dateTime: (value: DateInput | null | undefined, seconds?: boolean) => formatDateTime(value, locale, seconds),
    date: (value: DateInput | null | undefined) => formatDate(value, locale),
    /** a span of calendar days (a recipe cycle, a week), both ends in the chosen language */
    dateRange: (start: DateInput | null | undefined, end: DateInput | null | undefined) => `${formatDate(start, locale)} ~ ${formatDate(end, locale)}`,
    time: (value: DateInput | null | undefined) => formatTime(value, locale),
    number: (value: number, digits?: number) => formatNumber(value, locale, digits),
    /** a share (0..1) as a percentage, rounded down */
    percent: (share: number) => formatPercent(share, locale),
  };
}
