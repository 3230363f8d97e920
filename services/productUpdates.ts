// §2 产品更新 (issue 35): the platform's release notes. Types and paths come from contracts/productUpdates.ts.
import { queryOptions } from '@tanstack/react-query';
import { call, ifMatch } from './http.ts';
import type * as api from '../contracts/productUpdates.ts';

export type { ProductUpdate, ProductUpdateList, ProductUpdateInput, ProductUpdateChange } from '../contracts/productUpdates.ts';

export const fetchProductUpdates = (query: api.ProductUpdateQuery = {}) =>
  call<typeof api.listProductUpdates>({ method: 'GET', path: '/v1/productupdates', query });
export const publishProductUpdate = (body: api.ProductUpdateInput) =>
  call<typeof api.publishProductUpdate>({ method: 'POST', path: '/v1/productupdates', body });
/** `revision`: the note's stream version as read, sent as If-Match (409 when someone changed it meanwhile) */
export const changeProductUpdate = (id: string, body: api.ProductUpdateChange, revision?: number) =>
  call<typeof api.changeProductUpdate>({ method: 'PUT', path: '/v1/productupdates/{id}', params: { id }, body }, ifMatch(revision));
export const withdrawProductUpdate = (id: string, revision?: number) =>
  call<typeof api.withdrawProductUpdate>({ method: 'DELETE', path: '/v1/productupdates/{id}', params: { id } }, ifMatch(revision));
export const markProductUpdateRead = (id: string) =>
  call<typeof api.markProductUpdateRead>({ method: 'PUT', path: '/v1/productupdates/{id}/read', params: { id } });

export const productUpdateKeys = { all: ['productUpdates'] as const, list: (orgId: string | undefined) => ['productUpdates', orgId] as const };

export const productUpdatesQuery = (orgId: string | undefined) => queryOptions({
  queryKey: productUpdateKeys.list(orgId), queryFn: () => fetchProductUpdates({ $limit: 200 }), enabled: Boolean(orgId),
});
