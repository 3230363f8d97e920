// §2 mallRecipePurchaseplan (issue 11, mall host): the purchase plan of one week of a published recipe cycle.
// Types and paths come from contracts/purchasePlans.ts. Keys sit under the live-update root 'recipes' (every
// RecipeCycle… event invalidates it: src/app/liveUpdates.ts), then the org: a withdrawn cycle refreshes the plan.
import { queryOptions } from '@tanstack/react-query';
import { call, type CallOptions } from './http.ts';
import type * as api from '../contracts/purchasePlans.ts';

export type { PurchasePlan, PurchasePlanLine, UnmatchedLine as PurchasePlanUnmatched, PurchasePlanQuery } from '../contracts/purchasePlans.ts';

const MALL: CallOptions = { host: 'mall' };

export function fetchPurchasePlan(query: api.PurchasePlanQuery): Promise<api.PurchasePlan> {
  return call<typeof api.getPurchasePlan>({ method: 'GET', path: '/v4/mall/recipe/purchaseplan', query }, MALL);
}

export const purchasePlanKeys = {
  all: ['recipes'] as const,
  plan: (orgId: string | undefined, query: api.PurchasePlanQuery) => [...purchasePlanKeys.all, orgId, 'purchasePlan', query] as const,
};

export const purchasePlanQuery = (orgId: string | undefined, query: api.PurchasePlanQuery | null) => queryOptions({
  queryKey: purchasePlanKeys.plan(orgId, query ?? { cycleId: '', week: 1 }),
  queryFn: () => fetchPurchasePlan(query!),
  enabled: Boolean(orgId && query?.cycleId),
});

// §2 mallRecipeMonthPurchaseplan: the days of the cycle in one month, with totals per ingredient per week and month
export type { MonthPurchasePlan, MonthPurchasePlanQuery, PlanTotal } from '../contracts/purchasePlans.ts';

export function fetchMonthPurchasePlan(query: api.MonthPurchasePlanQuery): Promise<api.MonthPurchasePlan> {
  return call<typeof api.getMonthPurchasePlan>({ method: 'GET', path: '/v4/mall/recipe/monthpurchaseplan', query }, MALL);
}

export const monthPurchasePlanKeys = {
  all: purchasePlanKeys.all,
  plan: (orgId: string | undefined, query: api.MonthPurchasePlanQuery) => [...purchasePlanKeys.all, orgId, 'monthPurchasePlan', query] as const,
};

export const monthPurchasePlanQuery = (orgId: string | undefined, query: api.MonthPurchasePlanQuery | null) => queryOptions({
  queryKey: monthPurchasePlanKeys.plan(orgId, query ?? { cycleId: '', month: '' }),
  queryFn: () => fetchMonthPurchasePlan(query!),
  enabled: Boolean(orgId && query?.cycleId && query.month),
});
