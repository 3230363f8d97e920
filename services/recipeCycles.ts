// §7 /v4/mall/recipe/cycle (issue 9, mall host): weekly recipe cycles. Types and paths come from
// contracts/recipeCycles.ts. Query keys start with the live-update root 'recipes' (every RecipeCycle… event
// invalidates it: src/app/liveUpdates.ts), then the org, so another console's change refreshes these views.
import { queryOptions } from '@tanstack/react-query';
import { call, ifMatch, type CallOptions } from './http.ts';
import type * as api from '../contracts/recipeCycles.ts';

export type {
  RecipeCycleRow, RecipeCycleDetail, RecipeCycleList, RecipeCycleQuery, RecipeCycleInput, RecipeCycleChange, RecipeCellsChange, RecipeCopy,
  RecipeCycleAbilities, Cell as RecipeCell,
} from '../contracts/recipeCycles.ts';

const MALL: CallOptions = { host: 'mall' };

export function fetchRecipeCycles(query: api.RecipeCycleQuery = {}): Promise<api.RecipeCycleList> {
  return call<typeof api.listRecipeCycles>({ method: 'GET', path: '/v4/mall/recipe/cycle', query }, MALL);
}
export function fetchRecipeCycle(id: string): Promise<api.RecipeCycleDetail> {
  return call<typeof api.getRecipeCycle>({ method: 'GET', path: '/v4/mall/recipe/cycle/{id}', params: { id } }, MALL);
}
export function createRecipeCycle(body: api.RecipeCycleInput): Promise<api.RecipeCycleDetail> {
  return call<typeof api.createRecipeCycle>({ method: 'POST', path: '/v4/mall/recipe/cycle', body }, MALL);
}
export function updateRecipeCycle(id: string, body: api.RecipeCycleChange): Promise<api.RecipeCycleDetail> {
  return call<typeof api.updateRecipeCycle>({ method: 'PUT', path: '/v4/mall/recipe/cycle/{id}', params: { id }, body }, MALL);
}
export function deleteRecipeCycle(id: string, version?: number): Promise<{ id: string }> {
  return call<typeof api.deleteRecipeCycle>({ method: 'DELETE', path: '/v4/mall/recipe/cycle/{id}', params: { id } }, { ...MALL, ...ifMatch(version) });
}
/** Cells as they should be (no dishes: emptied), with the version read: a stale one is refused (409). */
export function setRecipeCells(id: string, body: api.RecipeCellsChange): Promise<api.RecipeCycleDetail> {
  return call<typeof api.setRecipeCells>({ method: 'PUT', path: '/v4/mall/recipe/cycle/{id}/cell', params: { id }, body }, MALL);
}
export function copyRecipeCycle(id: string, body: api.RecipeCopy): Promise<api.RecipeCycleDetail> {
  return call<typeof api.copyRecipeCycle>({ method: 'POST', path: '/v4/mall/recipe/cycle/{id}/copy', params: { id }, body }, MALL);
}

const ACTIONS = {
  submit: '/v4/mall/recipe/cycle/{id}/submit',
  approve: '/v4/mall/recipe/cycle/{id}/approve',
  reject: '/v4/mall/recipe/cycle/{id}/reject',
  publish: '/v4/mall/recipe/cycle/{id}/publish',
  withdraw: '/v4/mall/recipe/cycle/{id}/withdraw',
} as const;

/** One approval step (the recipeApproval machine's runRecipeAction). */
export function runRecipeAction(input: { id: string; version: number; action: keyof typeof ACTIONS; remark: string }): Promise<api.RecipeCycleRow> {
  const body = { version: input.version, ...(input.remark && { remark: input.remark }) };
  return call<typeof api.submitRecipeCycle>({ method: 'POST', path: ACTIONS[input.action] as typeof ACTIONS.submit, params: { id: input.id }, body }, MALL);
}

export const recipeCycleKeys = {
  all: ['recipes'] as const,
  lists: (orgId: string | undefined) => [...recipeCycleKeys.all, orgId, 'cycles'] as const,
  list: (orgId: string | undefined, query: api.RecipeCycleQuery) => [...recipeCycleKeys.lists(orgId), query] as const,
  detail: (orgId: string | undefined, id: string) => [...recipeCycleKeys.all, orgId, 'cycle', id] as const,
};

export const recipeCyclesQuery = (orgId: string | undefined, query: api.RecipeCycleQuery) => queryOptions({
  queryKey: recipeCycleKeys.list(orgId, query),
  queryFn: () => fetchRecipeCycles(query),
  enabled: Boolean(orgId),
});

export const recipeCycleQuery = (orgId: string | undefined, id: string) => queryOptions({
  queryKey: recipeCycleKeys.detail(orgId, id),
  queryFn: () => fetchRecipeCycle(id),
  enabled: Boolean(orgId),
});
