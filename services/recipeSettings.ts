// §7 recipe settings (issue 9, mall host): people groups (recipe people config, custom people, reference energy)
// and recipe labels with their config. Types and paths come from contracts/recipeSettings.ts. Query keys start
// with the live-update root 'recipes' (every RecipePeople… / RecipeLabel… event invalidates it:
// src/app/liveUpdates.ts), then the org.
import { queryOptions } from '@tanstack/react-query';
import { call, type CallOptions } from './http.ts';
import type * as api from '../contracts/recipeSettings.ts';

export type {
  PeopleEnergy, RecipePeople, RecipePeopleQuery, CustomPeopleInput, CustomPeopleChange, PeopleChange, RecipeLabel, RecipeLabelInput, RecipeLabelChange,
  RecipeLabelConfig, RecipeLabelConfigChange,
} from '../contracts/recipeSettings.ts';

const MALL: CallOptions = { host: 'mall' };

// ---- people groups ----
export const fetchPeopleEnergy = () => call<typeof api.listPeopleEnergy>({ method: 'GET', path: '/v5/mall/recipe/people/energy' }, MALL);
export const fetchRecipePeople = (query: api.RecipePeopleQuery = {}) =>
  call<typeof api.listRecipePeople>({ method: 'GET', path: '/v4/mall/recipe/people/config', query }, MALL);
export const addReferencePeople = (peopleEnergyId: string) =>
  call<typeof api.addReferencePeople>({ method: 'POST', path: '/v5/mall/recipe/people/config', body: { peopleEnergyId } }, MALL);
export const updateRecipePeople = (body: api.PeopleChange) => call<typeof api.updateRecipePeople>({ method: 'PUT', path: '/v5/mall/recipe/people/config', body }, MALL);
export const addCustomPeople = (body: api.CustomPeopleInput) =>
  call<typeof api.addCustomPeople>({ method: 'POST', path: '/v5/mall/recipe/people/config/custom', body }, MALL);
export const updateCustomPeople = (peopleId: string, body: api.CustomPeopleChange) =>
  call<typeof api.updateCustomPeople>({ method: 'PUT', path: '/v5/mall/recipe/people/config/custom/{peopleId}', params: { peopleId }, body }, MALL);
/** issue 35 (recipeSport): store a class's exercise prescription on its custom group (or a new one); the server sets the target */
export const prescribeSport = (body: api.SportPrescriptionInput) =>
  call<typeof api.prescribeSport>({ method: 'PUT', path: '/v5/mall/recipe/people/sport', body }, MALL);
export const setPeopleDefault = (peopleId: string, defaultEnable: boolean) =>
  call<typeof api.setPeopleDefault>({ method: 'PUT', path: '/v5/mall/recipe/people/config/custom/defaultEnable', body: { peopleId, defaultEnable: defaultEnable ? 1 : 0 } }, MALL);
export const removeRecipePeople = (peopleId: string) =>
  call<typeof api.removeRecipePeople>({ method: 'DELETE', path: '/v4/mall/recipe/people/config', body: { peopleId } }, MALL);

// ---- recipe labels ----
export const fetchRecipeLabels = () => call<typeof api.listRecipeLabels>({ method: 'GET', path: '/v4/mall/recipelabel', query: {} }, MALL);
export const createRecipeLabel = (body: api.RecipeLabelInput) => call<typeof api.createRecipeLabel>({ method: 'POST', path: '/v4/mall/recipelabel', body }, MALL);
/** §7 PUT /v4/mall/recipelabel with the label's id in the body; isDelete 1 removes it. */
export const updateRecipeLabel = (id: string, body: api.RecipeLabelChange) =>
  call<typeof api.updateRecipeLabel>({ method: 'PUT', path: '/v4/mall/recipelabel', body: { ...body, id } }, MALL);
export const fetchRecipeLabelConfig = () => call<typeof api.getRecipeLabelConfig>({ method: 'GET', path: '/v4/mall/recipelabel/config' }, MALL);
export const saveRecipeLabelConfig = (body: api.RecipeLabelConfigChange) =>
  call<typeof api.setRecipeLabelConfig>({ method: 'PUT', path: '/v4/mall/recipelabel/config', body }, MALL);

export const recipeSettingKeys = {
  all: ['recipes'] as const,
  people: (orgId: string | undefined) => [...recipeSettingKeys.all, orgId, 'people'] as const,
  energy: (orgId: string | undefined) => [...recipeSettingKeys.all, orgId, 'peopleEnergy'] as const,
  labels: (orgId: string | undefined) => [...recipeSettingKeys.all, orgId, 'labels'] as const,
  labelConfig: (orgId: string | undefined) => [...recipeSettingKeys.all, orgId, 'labelConfig'] as const,
};

export const recipePeopleQuery = (orgId: string | undefined) => queryOptions({
  queryKey: recipeSettingKeys.people(orgId), queryFn: () => fetchRecipePeople(), enabled: Boolean(orgId),
});
export const peopleEnergyQuery = (orgId: string | undefined) => queryOptions({
  queryKey: recipeSettingKeys.energy(orgId), queryFn: fetchPeopleEnergy, enabled: Boolean(orgId), staleTime: Infinity,
});
export const recipeLabelsQuery = (orgId: string | undefined) => queryOptions({
  queryKey: recipeSettingKeys.labels(orgId), queryFn: fetchRecipeLabels, enabled: Boolean(orgId),
});
export const recipeLabelConfigQuery = (orgId: string | undefined) => queryOptions({
  queryKey: recipeSettingKeys.labelConfig(orgId), queryFn: fetchRecipeLabelConfig, enabled: Boolean(orgId),
});
