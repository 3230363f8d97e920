// Issue 28: a date field that speaks the console's language. The browser's own date input (<input type="date">)
// follows the browser's language and region (a zh-CN browser shows 年/月/日 and Chinese month names in an English
// console), so the console's date fields are Fluent's DatePicker with the calendar's words from the chosen language:
// month and weekday names from Intl, the buttons' labels from the Lingui catalogue, and the week starting on Monday
// (§9). The value stays the day as YYYY-MM-DD, as the native field gave it, and the field shows and takes it so
// (typed or pasted; a complete day is taken at once, without waiting for the field to lose focus).
import { useMemo } from 'react';
import { DatePicker, type CalendarStrings } from '@fluentui/react-datepicker-compat';
import type { DateFormatting } from '@fluentui/react-calendar-compat';
import { useLingui } from '@lingui/react/macro';
import { WEEK_STARTS_ON } from '../../domain/constants.ts';

const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** A YYYY-MM-DD (or YYYY/M/D) day as a local Date at midnight; null when it is no real day. */
export function dayToDate(text: string): Date | null {
  const m = ISO_DAY.exec(text.trim().replace(/[/.年月]/g, '-').replace(/日$/, ''));
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date : null;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A local Date as YYYY-MM-DD. */
export const dateToDay = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Monday as DayOfWeek (0 = Sunday … 6 = Saturday, the calendar's numbering). */
const FIRST_DAY = WEEK_STARTS_ON as 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** The calendar's month and weekday names in a locale, Sunday first as the calendar wants them. */
function gridNames(locale: string) {
  const month = (style: 'long' | 'short') => Array.from({ length: 12 }, (_, m) => new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' }).format(Date.UTC(2024, m, 1)));
  // 2024-01-07 was a Sunday
  const day = (style: 'long' | 'narrow') => Array.from({ length: 7 }, (_, d) => new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(Date.UTC(2024, 0, 7 + d)));
  return { months: month('long'), shortMonths: month('short'), days: day('long'), shortDays: day('narrow') };
}

/** Fluent fills the {0} of its format strings itself: the catalogue's placeholder carries it through. */
const SLOT = '{0}';

export interface DateInputProps {
  /** the day as YYYY-MM-DD, '' for none */
  value: string;
  /** as Fluent's Input calls it: the new day as YYYY-MM-DD, '' when cleared */
  onChange: (event: unknown, data: { value: string }) => void;
  /** the first day that may be chosen (YYYY-MM-DD) */
  min?: string;
  max?: string;
  disabled?: boolean;
  className?: string;
  placeholder?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

export function DateInput({ value, onChange, min, max, disabled, className, placeholder, ...rest }: DateInputProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const strings: CalendarStrings = useMemo(() => ({
    ...gridNames(locale),
    goToToday: t`今天`,
    prevMonthAriaLabel: t`上个月`,
    nextMonthAriaLabel: t`下个月`,
    prevYearAriaLabel: t`上一年`,
    nextYearAriaLabel: t`下一年`,
    prevYearRangeAriaLabel: t`上一个年份范围`,
    nextYearRangeAriaLabel: t`下一个年份范围`,
    closeButtonAriaLabel: t`关闭日期选择`,
    selectedDateFormatString: t`已选择 ${SLOT}`,
    todayDateFormatString: t`今天，${SLOT}`,
    dayMarkedAriaLabel: t`已标记`,
    monthPickerHeaderAriaLabel: t`${SLOT}，切换年份`,
    yearPickerHeaderAriaLabel: t`${SLOT}，切换月份`,
    weekNumberFormatString: t`第 ${SLOT} 周`,
  }), [t, locale]);
  const formatting: DateFormatting = useMemo(() => {
    const monthYear = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long' });
    const full = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' });
    const year = new Intl.DateTimeFormat(locale, { year: 'numeric' });
    return {
      formatDay: (d) => String(d.getDate()),
      formatMonth: (d, s) => s.months[d.getMonth()]!,
      formatYear: (d) => year.format(d),
      formatMonthDayYear: (d) => full.format(d),
      formatMonthYear: (d) => monthYear.format(d),
    };
  }, [locale]);
  const date = value ? dayToDate(value) : null;
  return (
    <DatePicker
      {...rest}
      className={className}
      disabled={disabled}
      allowTextInput
      value={date}
      placeholder={placeholder ?? t`年-月-日`}
      formatDate={(d) => (d ? dateToDay(d) : '')}
      parseDateFromString={(text) => dayToDate(text)}
      onSelectDate={(d) => onChange(undefined, { value: d ? dateToDay(d) : '' })}
      // a whole day typed (or filled in) counts at once; '' clears
      onChange={(e, d) => {
        const text = d.value.trim();
        if (text === '') { if (value !== '') onChange(e, { value: '' }); return; }
        const typed = dayToDate(text);
        if (typed && dateToDay(typed) !== value && /^\d{4}-\d{2}-\d{2}$/.test(text)) onChange(e, { value: dateToDay(typed) });
      }}
      minDate={min ? dayToDate(min) ?? undefined : undefined}
      maxDate={max ? dayToDate(max) ?? undefined : undefined}
      firstDayOfWeek={FIRST_DAY}
      strings={strings}
      dateTimeFormatter={formatting}
    />
  );
}
