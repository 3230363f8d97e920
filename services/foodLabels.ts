// §2 mallRecipeCycleLabelSet (issue 10, mall host): the label inputs of the org's dishes, and the public trace
// call a label's QR code leads to. Types and paths come from contracts/foodLabels.ts. The label inputs change
// with the dishes, so their key starts with the live-update root 'dishes' (src/app/liveUpdates.ts), then the org.
import { queryOptions } from '@tanstack/react-query';
import { call, type CallOptions } from './http.ts';
import type * as api from '../contracts/foodLabels.ts';

export type { LabelDish, LabelDishes, Trace, TraceDish } from '../contracts/foodLabels.ts';

const MALL: CallOptions = { host: 'mall' };

export function fetchLabelDishes(ids: readonly string[]): Promise<api.LabelDishes> {
  return call<typeof api.listLabelDishes>({ method: 'GET', path: '/v5/mall/recipe/label/dish', query: { id: ids.join(',') } }, MALL);
}

/** Public: no sign-in needed. */
export function fetchTrace(orgId: string, dishIds: readonly string[]): Promise<api.Trace> {
  return call<typeof api.getTrace>({ method: 'GET', path: '/v5/public/trace/{orgId}/{dishIds}', params: { orgId, dishIds: dishIds.join(',') } }, MALL);
}

export const foodLabelKeys = {
  all: ['dishes'] as const,
  dishes: (orgId: string | undefined, ids: readonly string[]) => [...foodLabelKeys.all, orgId, 'labels', [...ids].sort()] as const,
  trace: (orgId: string, ids: readonly string[]) => ['trace', orgId, [...ids]] as const,
};

export const labelDishesQuery = (orgId: string | undefined, ids: readonly string[]) => queryOptions({
  queryKey: foodLabelKeys.dishes(orgId, ids),
  queryFn: () => fetchLabelDishes(ids),
  enabled: Boolean(orgId) && ids.length > 0,
});

export const traceQuery = (orgId: string, ids: readonly string[]) => queryOptions({
  queryKey: foodLabelKeys.trace(orgId, ids),
  queryFn: () => fetchTrace(orgId, ids),
  retry: false,
});
