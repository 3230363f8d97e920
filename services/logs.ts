// §7 logging: GET /v1/log/apilog and GET /v1/log/operationlog (views of the event table, newest first).
import type { ListResult } from '../domain/types.ts';
import { queryOptions } from '@tanstack/react-query';
import { get, post, queryParams } from './http.ts';

export interface LogQuery {
  type?: string[];
  userId?: string;
  username?: string;
  route?: string;
  /** ISO date-time */
  startTime?: string;
  endTime?: string;
  $limit?: number;
  $skip?: number;
}

/** One event: who, what, when, which org; secrets already blanked by the server. */
export interface OperationLogRow {
  id: string;
  orgId: string;
  streamId: string;
  type: string;
  time: string;
  userId: string | null;
  username: string | null;
  route: string | null;
  requestId: string | null;
  data: unknown;
}

/** One request that changed something: its route, who, when and the event types it appended. */
export interface ApiLogRow {
  id: string;
  requestId: string;
  route: string | null;
  userId: string | null;
  username: string | null;
  time: string;
  types: string[];
  count: number;
}

export function fetchOperationLog(q: LogQuery = {}): Promise<ListResult<OperationLogRow>> {
  return get<ListResult<OperationLogRow>>('/v1/log/operationlog', queryParams(q));
}

export function fetchApiLog(q: LogQuery = {}): Promise<ListResult<ApiLogRow>> {
  return get<ListResult<ApiLogRow>>('/v1/log/apilog', queryParams(q));
}

/** Query keys: the live-update root 'logs' (every event is also a log entry, so every event invalidates it), then the org. */
export const logKeys = {
  all: ['logs'] as const,
  operation: (orgId: string | undefined, q: LogQuery) => [...logKeys.all, orgId, 'operation', q] as const,
  api: (orgId: string | undefined, q: LogQuery) => [...logKeys.all, orgId, 'api', q] as const,
  request: (orgId: string | undefined, requestId: string) => [...logKeys.all, orgId, 'request', requestId] as const,
};

export const operationLogQuery = (orgId: string | undefined, q: LogQuery) => queryOptions({
  queryKey: logKeys.operation(orgId, q),
  queryFn: () => fetchOperationLog(q),
  enabled: Boolean(orgId),
});

export const apiLogQuery = (orgId: string | undefined, q: LogQuery) => queryOptions({
  queryKey: logKeys.api(orgId, q),
  queryFn: () => fetchApiLog(q),
  enabled: Boolean(orgId),
});

/** The events one request appended: the operation log of that second, narrowed to the request id. */
export const requestEventsQuery = (orgId: string | undefined, row: Pick<ApiLogRow, 'requestId' | 'time' | 'types'>) => queryOptions({
  queryKey: logKeys.request(orgId, row.requestId),
  queryFn: async () => {
    const start = new Date(row.time);
    const res = await fetchOperationLog({ startTime: start.toISOString(), endTime: new Date(start.getTime() + 1000).toISOString(), type: row.types });
    return res.rows.filter((r) => r.requestId === row.requestId || r.id === row.requestId);
  },
  enabled: Boolean(orgId),
});

/** One operation the console records beside the events (an export, which changes nothing and so leaves no event). */
export interface OperationEntry { action: string; [k: string]: unknown }

// §7 POST /v1/log/operationlog {topic, log}: who, org and org type are the session's on the server. §8: a failure
// is rethrown, so an operation that must be on record does not happen unrecorded.
export function logOperation(topic: string, log: OperationEntry[]): Promise<{ count: number }> {
  return post<{ count: number }>('/v1/log/operationlog', { topic, log });
}

// §7 POST /v1/log/module: a screen (module) that failed, reported for the platform's error watch. §8: failures
// are swallowed, a report must never become a second error.
export async function logModule(report: { module: string; path: string; message: string }): Promise<void> {
  try {
    await post('/v1/log/module', report);
  } catch {
    // ignored by design
  }
}
