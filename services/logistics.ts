// §7 Mall logistics (issue 11, mall host): deliveries at /v4/mall/logistics (list, /search with a keyword, one,
// create, change, delete) and a stop's departure or arrival at PUT /v4/mall/logistics/order/{orderId}. Types and
// paths come from contracts/logistics.ts. Query keys start with the live-update root 'logistics' (every
// Logistics… event invalidates it), then the org.
import { queryOptions } from '@tanstack/react-query';
import { call, type CallOptions } from './http.ts';
import type * as api from '../contracts/logistics.ts';

export type {
  LogisticsRow, LogisticsDetail, LogisticsList, LogisticsStop, LogisticsQuery, LogisticsSearchQuery, LogisticsInput, LogisticsChange, StopMarkInput,
} from '../contracts/logistics.ts';

const MALL: CallOptions = { host: 'mall' };

/** The list, through /search when a keyword is typed (§7). */
export function fetchLogistics(query: api.LogisticsSearchQuery = {}): Promise<api.LogisticsList> {
  const keyword = query.keyword?.trim();
  if (keyword) return call<typeof api.searchLogistics>({ method: 'GET', path: '/v4/mall/logistics/search', query: { ...query, keyword } }, MALL);
  const { keyword: _none, ...rest } = query;
  return call<typeof api.listLogistics>({ method: 'GET', path: '/v4/mall/logistics', query: rest }, MALL);
}
export function fetchDelivery(id: string): Promise<api.LogisticsDetail> {
  return call<typeof api.getLogistics>({ method: 'GET', path: '/v4/mall/logistics/{id}', params: { id } }, MALL);
}
export function createDelivery(body: api.LogisticsInput): Promise<api.LogisticsDetail> {
  return call<typeof api.createLogistics>({ method: 'POST', path: '/v4/mall/logistics', body }, MALL);
}
export function updateDelivery(body: api.LogisticsChange): Promise<api.LogisticsDetail> {
  return call<typeof api.updateLogistics>({ method: 'PUT', path: '/v4/mall/logistics', body }, MALL);
}
export function deleteDelivery(id: string): Promise<{ id: string }> {
  return call<typeof api.deleteLogistics>({ method: 'DELETE', path: '/v4/mall/logistics', body: { id } }, MALL);
}
/** Departure or arrival of an order's stop; with `orderAction` the order is dispatched / delivered too. */
export function markStop(orderId: string, body: api.StopMarkInput): Promise<api.LogisticsDetail> {
  return call<typeof api.markStop>({ method: 'PUT', path: '/v4/mall/logistics/order/{orderId}', params: { orderId }, body }, MALL);
}

export const logisticsKeys = {
  all: ['logistics'] as const,
  lists: (orgId: string | undefined) => [...logisticsKeys.all, orgId, 'list'] as const,
  list: (orgId: string | undefined, query: api.LogisticsSearchQuery) => [...logisticsKeys.lists(orgId), query] as const,
  detail: (orgId: string | undefined, id: string) => [...logisticsKeys.all, orgId, 'delivery', id] as const,
};

export const logisticsQuery = (orgId: string | undefined, query: api.LogisticsSearchQuery) => queryOptions({
  queryKey: logisticsKeys.list(orgId, query),
  queryFn: () => fetchLogistics(query),
  enabled: Boolean(orgId),
});

export const deliveryQuery = (orgId: string | undefined, id: string | undefined) => queryOptions({
  queryKey: logisticsKeys.detail(orgId, id ?? ''),
  queryFn: () => fetchDelivery(id!),
  enabled: Boolean(orgId && id),
});
