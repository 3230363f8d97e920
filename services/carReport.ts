// §2 carReport (issue 11, mall host): per vehicle and driver over a period, from the deliveries the caller sees.
// Types and paths come from contracts/carReport.ts. Keys sit under the live-update root 'logistics' (every
// Logistics… event invalidates it: src/app/liveUpdates.ts), then the org: a stop marked arrived refreshes the report.
import { queryOptions } from '@tanstack/react-query';
import { call, type CallOptions } from './http.ts';
import type * as api from '../contracts/carReport.ts';

export type { CarReport, CarReportQuery, CarReportRow } from '../contracts/carReport.ts';

const MALL: CallOptions = { host: 'mall' };

export function fetchCarReport(query: api.CarReportQuery): Promise<api.CarReport> {
  return call<typeof api.getCarReport>({ method: 'GET', path: '/v4/mall/logistics/carreport', query }, MALL);
}

export const carReportKeys = {
  all: ['logistics'] as const,
  report: (orgId: string | undefined, query: api.CarReportQuery) => [...carReportKeys.all, orgId, 'carReport', query] as const,
};

export const carReportQuery = (orgId: string | undefined, query: api.CarReportQuery) => queryOptions({
  queryKey: carReportKeys.report(orgId, query),
  queryFn: () => fetchCarReport(query),
  enabled: Boolean(orgId && query.startDate && query.endDate),
});
