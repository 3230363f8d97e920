// Sharing and exporting recipe cycles (issue 9, mall host): cloud recipes (/v4/mall/recipe/standard/cycle), recipe
// shares (§7 /v4/mall/recipe/share), Excel templates (§7 /v4/mall/recipe/exceltpl), whole-cycle copies and the
// recipe log. Keys sit under the live-update root 'recipes' (every Recipe… event invalidates it), then the org.
import { queryOptions } from '@tanstack/react-query';
import { call, ifMatch, type CallOptions } from './http.ts';
import type * as api from '../contracts/recipeSharing.ts';
import { recipeCycleKeys } from './recipeCycles.ts';

export type {
  CloudRecipeList, RecipeCloneInput, RecipeCloneResult, RecipeShare, RecipeShareList, RecipeShareInput, RecipeShareChange,
  RecipeExcelTemplate, RecipeExcelTemplateList, RecipeExcelTemplateInput, RecipeExcelTemplateChange, RecipeLogEntry,
} from '../contracts/recipeSharing.ts';

const MALL: CallOptions = { host: 'mall' };

export function fetchCloudRecipes(query: api.CloudRecipeQuery = {}): Promise<api.CloudRecipeList> {
  return call<typeof api.listCloudRecipes>({ method: 'GET', path: '/v4/mall/recipe/standard/cycle', query }, MALL);
}
export function fetchCloudRecipe(id: string) {
  return call<typeof api.getCloudRecipe>({ method: 'GET', path: '/v4/mall/recipe/standard/cycle/{id}', params: { id } }, MALL);
}
export function copyCloudRecipe(id: string, body: api.RecipeCloneInput): Promise<api.RecipeCloneResult> {
  return call<typeof api.copyCloudRecipe>({ method: 'POST', path: '/v4/mall/recipe/standard/cycle/{id}/copy', params: { id }, body }, MALL);
}
export function publishCloudRecipe(cycleId: string) {
  return call<typeof api.publishCloudRecipe>({ method: 'POST', path: '/v4/mall/recipe/standard/cycle/publish', body: { cycleId } }, MALL);
}

export function fetchRecipeShares(query: api.RecipeShareQuery = {}): Promise<api.RecipeShareList> {
  return call<typeof api.listRecipeShares>({ method: 'GET', path: '/v4/mall/recipe/share', query }, MALL);
}
export function createRecipeShare(body: api.RecipeShareInput): Promise<api.RecipeShare> {
  return call<typeof api.createRecipeShare>({ method: 'POST', path: '/v4/mall/recipe/share', body }, MALL);
}
export function updateRecipeShare(id: number, body: api.RecipeShareChange): Promise<api.RecipeShare> {
  return call<typeof api.updateRecipeShare>({ method: 'PUT', path: '/v4/mall/recipe/share/{id}', params: { id: String(id) }, body }, MALL);
}
export function deleteRecipeShare(id: number, version?: number) {
  return call<typeof api.deleteRecipeShare>({ method: 'DELETE', path: '/v4/mall/recipe/share/{id}', params: { id: String(id) } }, { ...MALL, ...ifMatch(version) });
}
export function fetchSharedCycle(id: number) {
  return call<typeof api.getSharedCycle>({ method: 'GET', path: '/v4/mall/recipe/share/{id}/cycle', params: { id: String(id) } }, MALL);
}
export function copySharedCycle(id: number, body: api.RecipeCloneInput): Promise<api.RecipeCloneResult> {
  return call<typeof api.copySharedCycle>({ method: 'POST', path: '/v4/mall/recipe/share/{id}/copy', params: { id: String(id) }, body }, MALL);
}

export function fetchExcelTemplates(): Promise<api.RecipeExcelTemplateList> {
  return call<typeof api.listExcelTemplates>({ method: 'GET', path: '/v4/mall/recipe/exceltpl' }, MALL);
}
export function createExcelTemplate(body: api.RecipeExcelTemplateInput): Promise<api.RecipeExcelTemplate> {
  return call<typeof api.createExcelTemplate>({ method: 'POST', path: '/v4/mall/recipe/exceltpl', body }, MALL);
}
export function updateExcelTemplate(id: string, body: api.RecipeExcelTemplateChange): Promise<api.RecipeExcelTemplate> {
  return call<typeof api.updateExcelTemplate>({ method: 'PUT', path: '/v4/mall/recipe/exceltpl/{id}', params: { id }, body }, MALL);
}
export function deleteExcelTemplate(id: string, version?: number) {
  return call<typeof api.deleteExcelTemplate>({ method: 'DELETE', path: '/v4/mall/recipe/exceltpl', body: { id, ...(version !== undefined && { version }) } }, MALL);
}

export function cloneRecipeCycle(id: string, body: api.RecipeCloneInput): Promise<api.RecipeCloneResult> {
  return call<typeof api.cloneRecipeCycle>({ method: 'POST', path: '/v4/mall/recipe/cycle/{id}/clone', params: { id }, body }, MALL);
}
export function fetchRecipeCycleLog(id: string, query: { $limit?: number; $skip?: number } = {}) {
  return call<typeof api.recipeCycleLog>({ method: 'GET', path: '/v4/mall/recipe/cycle/{id}/log', params: { id }, query }, MALL);
}

export const recipeSharingKeys = {
  all: recipeCycleKeys.all,
  cloud: (orgId: string | undefined, query: api.CloudRecipeQuery) => [...recipeCycleKeys.all, orgId, 'cloud', query] as const,
  cloudCycle: (orgId: string | undefined, id: string) => [...recipeCycleKeys.all, orgId, 'cloudCycle', id] as const,
  shares: (orgId: string | undefined, query: api.RecipeShareQuery) => [...recipeCycleKeys.all, orgId, 'shares', query] as const,
  sharedCycle: (orgId: string | undefined, id: number) => [...recipeCycleKeys.all, orgId, 'sharedCycle', id] as const,
  templates: (orgId: string | undefined) => [...recipeCycleKeys.all, orgId, 'excelTemplates'] as const,
  log: (orgId: string | undefined, id: string) => [...recipeCycleKeys.all, orgId, 'log', id] as const,
};

export const cloudRecipesQuery = (orgId: string | undefined, query: api.CloudRecipeQuery) => queryOptions({
  queryKey: recipeSharingKeys.cloud(orgId, query), queryFn: () => fetchCloudRecipes(query), enabled: Boolean(orgId),
});
export const cloudRecipeQuery = (orgId: string | undefined, id: string) => queryOptions({
  queryKey: recipeSharingKeys.cloudCycle(orgId, id), queryFn: () => fetchCloudRecipe(id), enabled: Boolean(orgId),
});
export const recipeSharesQuery = (orgId: string | undefined, query: api.RecipeShareQuery = {}) => queryOptions({
  queryKey: recipeSharingKeys.shares(orgId, query), queryFn: () => fetchRecipeShares(query), enabled: Boolean(orgId),
});
export const sharedCycleQuery = (orgId: string | undefined, id: number) => queryOptions({
  queryKey: recipeSharingKeys.sharedCycle(orgId, id), queryFn: () => fetchSharedCycle(id), enabled: Boolean(orgId),
});
export const excelTemplatesQuery = (orgId: string | undefined) => queryOptions({
  queryKey: recipeSharingKeys.templates(orgId), queryFn: fetchExcelTemplates, enabled: Boolean(orgId),
});
export const recipeCycleLogQuery = (orgId: string | undefined, id: string) => queryOptions({
  queryKey: recipeSharingKeys.log(orgId, id), queryFn: () => fetchRecipeCycleLog(id, { $limit: 200 }), enabled: Boolean(orgId),
});
