import type { Holiday, ListResult } from '../domain/types.ts';
import { get } from './http.ts';

export interface ServerDatetime {
  /** ISO time, or ms since epoch */
  datetime?: string | number;
  [k: string]: unknown;
}

// §7 GET /v1/datetime — the server's clock
export function fetchDatetime(): Promise<ServerDatetime> {
  return get<ServerDatetime>('/v1/datetime');
}

// §7 GET /v1/datetime/holidays?date=YYYY
export async function fetchHolidays(year: number | string): Promise<Holiday[]> {
  const res = await get<ListResult<Holiday>>('/v1/datetime/holidays', { date: String(year) });
  return res?.rows ?? [];
}
