import type { Holiday, ListResult } from '../domain/types.ts';
import { queryOptions } from '@tanstack/react-query';
import { get } from './http.ts';

export interface ServerDatetime {
  /** ISO time, or ms since epoch */
  datetime?: string | number;
  [k: string]: unknown;
}

/** A calendar row: the server sends the holiday's name with it, and the date's version (a change sends it back). */
export type HolidayRow = Holiday & { name?: string; version?: number };

// §7 GET /v1/datetime/holidays?date=YYYY
export async function fetchHolidays(year: number | string): Promise<HolidayRow[]> {
  const res = await get<ListResult<HolidayRow>>('/v1/datetime/holidays', { date: String(year) });
  return res?.rows ?? [];
}

/** Query keys of the holiday calendar (live-update root 'holidays'): one calendar for every org, by year. */
export const holidayKeys = {
  all: ['holidays'] as const,
  year: (year: number) => [...holidayKeys.all, year] as const,
};

export const holidaysQuery = (year: number) => queryOptions({
  queryKey: holidayKeys.year(year),
  queryFn: () => fetchHolidays(year),
});
