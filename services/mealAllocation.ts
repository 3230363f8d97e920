// Smart meal allocation (issue 10; §3 recipeConfig.aiMealsAllocate): the org's settings, a proposal for a week of a
// recipe cycle (solved on the server) and its acceptance. Types and paths come from contracts/mealAllocation.ts.
// The settings are org config: their key starts with the config root the live updates invalidate.
import { queryOptions } from '@tanstack/react-query';
import { call, type CallOptions } from './http.ts';
import type * as api from '../contracts/mealAllocation.ts';

export type {
  AllocationRequest, AllocationProposal, AllocationGroup, AllocationLine, AllocationSettings, AllocationAccept, AllocationAccepted, UnmetConstraint,
} from '../contracts/mealAllocation.ts';

const MALL: CallOptions = { host: 'mall' };

export function fetchAllocationSettings(): Promise<api.AllocationSettings> {
  return call<typeof api.getAllocationSettings>({ method: 'GET', path: '/v5/mall/recipe/cycle/allocate/settings' }, MALL);
}
/** The cheapest dosages of a week that hold every band, or why none do (the server gives up within 5 s). */
export function proposeAllocation(id: string, body: api.AllocationRequest): Promise<api.AllocationProposal> {
  return call<typeof api.proposeAllocation>({ method: 'POST', path: '/v5/mall/recipe/cycle/{id}/allocate', params: { id }, body }, { ...MALL, timeout: 30_000 });
}
/** Writes the accepted dosages at the version the proposal was made on (a stale one: 409). */
export function acceptAllocation(id: string, body: api.AllocationAccept): Promise<api.AllocationAccepted> {
  return call<typeof api.acceptAllocation>({ method: 'POST', path: '/v5/mall/recipe/cycle/{id}/allocate/accept', params: { id }, body }, MALL);
}

export const allocationKeys = {
  all: ['config'] as const,
  settings: (orgId: string | undefined, appId: string | undefined) => [...allocationKeys.all, orgId, appId, 'aiMealsAllocate'] as const,
};

export const allocationSettingsQuery = (orgId: string | undefined, appId: string | undefined) => queryOptions({
  queryKey: allocationKeys.settings(orgId, appId),
  queryFn: fetchAllocationSettings,
  enabled: Boolean(orgId && appId),
});
