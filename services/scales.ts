// §2 mallElectronicWeightManage (issue 11, mall host): the school's registered scales, GET/POST
// /v4/mall/electronicweight, PUT/DELETE /v4/mall/electronicweight/{id}. Types and paths come from
// contracts/scales.ts. Query keys start with the live-update root 'scales' (every Scale… event invalidates it:
// src/app/liveUpdates.ts's first-word rule), then the org.
import { queryOptions } from '@tanstack/react-query';
import { call, type CallOptions } from './http.ts';
import type * as api from '../contracts/scales.ts';

export type { Scale, ScaleInput, ScaleChange, ScaleList, ScaleQuery } from '../contracts/scales.ts';

const MALL: CallOptions = { host: 'mall' };

export function fetchScales(query: api.ScaleQuery = {}): Promise<api.ScaleList> {
  return call<typeof api.listScales>({ method: 'GET', path: '/v4/mall/electronicweight', query }, MALL);
}
export function createScale(body: api.ScaleInput): Promise<api.Scale> {
  return call<typeof api.createScale>({ method: 'POST', path: '/v4/mall/electronicweight', body }, MALL);
}
/** A change at the version read: a stale one is refused (409). */
export function updateScale(id: string, body: api.ScaleChange): Promise<api.Scale> {
  return call<typeof api.updateScale>({ method: 'PUT', path: '/v4/mall/electronicweight/{id}', params: { id }, body }, MALL);
}
export function deleteScale(id: string): Promise<{ id: string }> {
  return call<typeof api.deleteScale>({ method: 'DELETE', path: '/v4/mall/electronicweight/{id}', params: { id } }, MALL);
}

export const scaleKeys = {
  all: ['scales'] as const,
  lists: (orgId: string | undefined) => [...scaleKeys.all, orgId, 'list'] as const,
  list: (orgId: string | undefined, query: api.ScaleQuery) => [...scaleKeys.lists(orgId), query] as const,
};

export const scalesQuery = (orgId: string | undefined, query: api.ScaleQuery = {}) => queryOptions({
  queryKey: scaleKeys.list(orgId, query),
  queryFn: () => fetchScales(query),
  enabled: Boolean(orgId),
});
