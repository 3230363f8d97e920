// §7 Mall orders (issue 11, mall host): GET /v4/mall/order (or /search with a keyword, §7), detail, placing,
// one action, PUT /v4/mall/orders (batch), the order log and the order settings (mallOrderSpec). Types and paths
// come from contracts/orders.ts. Query keys start with the live-update root 'orders' (every Order… event
// invalidates it: src/app/liveUpdates.ts), then the org, so a school's new order refreshes the supplier's list.
import { queryOptions } from '@tanstack/react-query';
import { call, host, type CallOptions } from './http.ts';
import type * as api from '../contracts/orders.ts';
import type { OrderAction } from '../domain/order.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../domain/idempotency.ts';
import type { Envelope } from '../domain/types.ts';

export type {
  OrderRow, OrderDetail, OrderLine, OrderList, OrderQuery, OrderSearchQuery, OrderInput, OrderItemInput, OrderActionInput, OrderLineAction,
  OrderBatchInput, OrderBatchResult, OrderLogRow, OrderLogQuery, OrderSettings, OrderSettingsInput, OrderSettingsView,
} from '../contracts/orders.ts';

const MALL: CallOptions = { host: 'mall' };

/** The list, through /search when a keyword is typed (§7). */
export function fetchOrders(query: api.OrderQuery & { keyword?: string } = {}): Promise<api.OrderList> {
  const keyword = query.keyword?.trim();
  if (keyword) return call<typeof api.searchOrders>({ method: 'GET', path: '/v4/mall/order/search', query: { ...query, keyword } }, MALL);
  const { keyword: _none, ...rest } = query;
  return call<typeof api.listOrders>({ method: 'GET', path: '/v4/mall/order', query: rest }, MALL);
}
export function fetchOrder(id: string): Promise<api.OrderDetail> {
  return call<typeof api.getOrder>({ method: 'GET', path: '/v4/mall/order/{id}', params: { id } }, MALL);
}
/**
 * Places an order (priced by the server; no price is ever sent). `idempotencyKey` (issue 28): the same key again
 * answers the order it placed (a second click, a retry), so one form or plan day never places two.
 */
export async function createOrder(body: api.OrderInput, idempotencyKey: string): Promise<{ order: api.OrderDetail; replayed: boolean }> {
  const res = await host(MALL.host).post<Envelope<api.OrderDetail>>('/v4/mall/order', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
  // the answer says whether it is the order the key placed before (a second click, a plan generated again)
  return { order: res.data.data, replayed: res.headers[IDEMPOTENT_REPLAYED_HEADER] === 'true' };
}
/** A fresh key for one placing (a form's order): crypto.getRandomValues also works on a plain-http LAN address. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
/** One action at the version read (the order machine's runOrderAction): a stale one is refused (409). */
export function runOrderAction(input: { id: string; version: number; action: OrderAction; reason?: string; lines?: api.OrderLineAction[] }): Promise<api.OrderDetail> {
  const body: api.OrderActionInput = {
    action: input.action, version: input.version, ...(input.reason && { reason: input.reason }), ...(input.lines?.length && { lines: input.lines }),
  };
  return call<typeof api.actOnOrder>({ method: 'PUT', path: '/v4/mall/order/{id}', params: { id: input.id }, body }, MALL);
}
export function batchOrders(body: api.OrderBatchInput): Promise<api.OrderBatchResult> {
  return call<typeof api.batchOrders>({ method: 'PUT', path: '/v4/mall/orders', body }, MALL);
}
export function fetchOrderLog(query: api.OrderLogQuery = {}): Promise<{ rows: api.OrderLogRow[]; count: number }> {
  return call<typeof api.listOrderLog>({ method: 'GET', path: '/v4/mall/order/log', query }, MALL);
}
export function fetchOrderSettings(): Promise<api.OrderSettingsView> {
  return call<typeof api.getOrderSettings>({ method: 'GET', path: '/v4/mall/order/spec' }, MALL);
}
export function saveOrderSettings(body: api.OrderSettingsInput): Promise<api.OrderSettingsView> {
  return call<typeof api.putOrderSettings>({ method: 'PUT', path: '/v4/mall/order/spec', body }, MALL);
}

export const orderKeys = {
  all: ['orders'] as const,
  lists: (orgId: string | undefined) => [...orderKeys.all, orgId, 'list'] as const,
  list: (orgId: string | undefined, query: api.OrderQuery & { keyword?: string }) => [...orderKeys.lists(orgId), query] as const,
  detail: (orgId: string | undefined, id: string) => [...orderKeys.all, orgId, 'order', id] as const,
  log: (orgId: string | undefined, query: api.OrderLogQuery) => [...orderKeys.all, orgId, 'log', query] as const,
  settings: (orgId: string | undefined) => [...orderKeys.all, orgId, 'settings'] as const,
};

export const ordersQuery = (orgId: string | undefined, query: api.OrderQuery & { keyword?: string }) => queryOptions({
  queryKey: orderKeys.list(orgId, query),
  queryFn: () => fetchOrders(query),
  enabled: Boolean(orgId),
});

export const orderQuery = (orgId: string | undefined, id: string | undefined) => queryOptions({
  queryKey: orderKeys.detail(orgId, id ?? ''),
  queryFn: () => fetchOrder(id!),
  enabled: Boolean(orgId && id),
});

export const orderLogQuery = (orgId: string | undefined, query: api.OrderLogQuery) => queryOptions({
  queryKey: orderKeys.log(orgId, query),
  queryFn: () => fetchOrderLog(query),
  enabled: Boolean(orgId),
});

export const orderSettingsQuery = (orgId: string | undefined) => queryOptions({
  queryKey: orderKeys.settings(orgId),
  queryFn: () => fetchOrderSettings(),
  enabled: Boolean(orgId),
});
