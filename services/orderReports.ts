// §2 order reports (issue 11, mall host): GET /v4/mall/order/report, the figures behind the five order report
// screens. Types and path come from contracts/orderReports.ts. Query keys sit under the live-update root 'orders'
// (every Order… event invalidates it: src/app/liveUpdates.ts), then the org, so a report refreshes when an order
// of it moves.
import { queryOptions } from '@tanstack/react-query';
import { call, type CallOptions } from './http.ts';
import type * as api from '../contracts/orderReports.ts';

export type { OrderReport, OrderReportRow, OrderReportFigures, OrderReportQuery } from '../contracts/orderReports.ts';

const MALL: CallOptions = { host: 'mall' };

export function fetchOrderReport(query: api.OrderReportQuery): Promise<api.OrderReport> {
  return call<typeof api.getOrderReport>({ method: 'GET', path: '/v4/mall/order/report', query }, MALL);
}

export const orderReportKeys = {
  all: ['orders'] as const,
  reports: (orgId: string | undefined) => [...orderReportKeys.all, orgId, 'report'] as const,
  report: (orgId: string | undefined, query: api.OrderReportQuery) => [...orderReportKeys.reports(orgId), query] as const,
};

export const orderReportQuery = (orgId: string | undefined, query: api.OrderReportQuery) => queryOptions({
  queryKey: orderReportKeys.report(orgId, query),
  queryFn: () => fetchOrderReport(query),
  enabled: Boolean(orgId),
});
