// §7 Mall returns (issue 11, mall host): GET, POST /v4/mall/order/return; PUT /v4/mall/order/return/{returnId}
// (the supplier accepts or disputes); DELETE /v4/mall/order/return/{id} (the school withdraws). Types and paths
// come from contracts/orderReturns.ts. Query keys start with the live-update root 'returns' (every Return… event
// invalidates it: src/app/liveUpdates.ts's first-word rule), then the org.
import { queryOptions } from '@tanstack/react-query';
import { call, type CallOptions } from './http.ts';
import type * as api from '../contracts/orderReturns.ts';

export type { ReturnRow, ReturnLine, ReturnList, ReturnQuery, ReturnInput, ReturnItemInput, ReturnActionInput } from '../contracts/orderReturns.ts';

const MALL: CallOptions = { host: 'mall' };

export function fetchReturns(query: api.ReturnQuery = {}): Promise<api.ReturnList> {
  return call<typeof api.listReturns>({ method: 'GET', path: '/v4/mall/order/return', query }, MALL);
}
/** A return of received lines of one of the school's orders (priced by the server from the order lines). */
export function createReturn(body: api.ReturnInput): Promise<api.ReturnRow> {
  return call<typeof api.createReturn>({ method: 'POST', path: '/v4/mall/order/return', body }, MALL);
}
/** The supplier's decision at the version read: a stale one is refused (409). */
export function decideReturn(input: { returnId: string; version: number; action: 'accept' | 'dispute'; reason?: string }): Promise<api.ReturnRow> {
  const body: api.ReturnActionInput = { action: input.action, version: input.version, ...(input.reason && { reason: input.reason }) };
  return call<typeof api.actOnReturn>({ method: 'PUT', path: '/v4/mall/order/return/{returnId}', params: { returnId: input.returnId }, body }, MALL);
}
export function withdrawReturn(id: string): Promise<api.ReturnRow> {
  return call<typeof api.withdrawReturn>({ method: 'DELETE', path: '/v4/mall/order/return/{id}', params: { id } }, MALL);
}

export const returnKeys = {
  all: ['returns'] as const,
  lists: (orgId: string | undefined) => [...returnKeys.all, orgId, 'list'] as const,
  list: (orgId: string | undefined, query: api.ReturnQuery) => [...returnKeys.lists(orgId), query] as const,
};

export const returnsQuery = (orgId: string | undefined, query: api.ReturnQuery) => queryOptions({
  queryKey: returnKeys.list(orgId, query),
  queryFn: () => fetchReturns(query),
  enabled: Boolean(orgId),
});
