// §7 logging: GET /v1/log/apilog and GET /v1/log/operationlog (views of the event table, newest first).
import type { ListResult } from '../domain/types.ts';
import { get, queryParams } from './http.ts';

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
