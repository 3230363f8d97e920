// Who approves the org's weekly recipes (issue 28, mall host): read by the recipe editor and the recipe settings,
// set in the recipe settings. Types and paths come from contracts/recipeApprovers.ts. The key starts with the
// recipes root so a recipe change refreshes it; a save invalidates it.
import { queryOptions } from '@tanstack/react-query';
import { call, type CallOptions } from './http.ts';
import type * as api from '../contracts/recipeApprovers.ts';

export type { RecipeApprovers, RecipeApproversInput, RecipeApproverPerson, RecipeApproverRole } from '../contracts/recipeApprovers.ts';

const MALL: CallOptions = { host: 'mall' };

export function fetchRecipeApprovers(): Promise<api.RecipeApprovers> {
  return call<typeof api.getRecipeApprovers>({ method: 'GET', path: '/v5/mall/recipe/approvers' }, MALL);
}
export function setRecipeApprovers(body: api.RecipeApproversInput): Promise<api.RecipeApprovers> {
  return call<typeof api.setRecipeApprovers>({ method: 'PUT', path: '/v5/mall/recipe/approvers', body }, MALL);
}

export const recipeApproverKeys = {
  all: ['recipes', 'approvers'] as const,
  of: (orgId: string | undefined) => [...recipeApproverKeys.all, orgId] as const,
};

export const recipeApproversQuery = (orgId: string | undefined) => queryOptions({
  queryKey: recipeApproverKeys.of(orgId),
  queryFn: fetchRecipeApprovers,
  enabled: Boolean(orgId),
});
