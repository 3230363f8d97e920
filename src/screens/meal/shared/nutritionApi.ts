// What the nutrition screens (issue 10) read beside services/nutrition.ts: the WS/T 554 targets of
// domain/nutritionStandards.ts in the calculator's shape, and the cycle calls of another school for the report. Targets come from the domain module the server
// scores with, so a % on screen is the same % the analysis judges.
import { call } from '../../../../services/http.ts';
import { queryOptions } from '@tanstack/react-query';
import { fetchOrgAppKey, fetchOrgApps } from '../../../../services/users.ts';
import type * as api from '../../../../contracts/nutrition.ts';
import type * as cycles from '../../../../contracts/recipeCycles.ts';
import { PAGE } from '../../../../domain/constants.ts';
import type { OrgApp } from '../../../../domain/types.ts';
import type { NutrientKey } from '../../../../domain/nutrition.ts';
import { dailyTargets, energyRatioRanges, isAgeGroup, targetsForMeals, TARGET_NUTRIENTS, type EnergyRatioNutrient } from '../../../../domain/nutritionStandards.ts';
import { calculatorMealCodes, type CalculatorMeal } from './nutritionLabels.ts';

export type { CalculationData, AnalysisData, CycleAnalysisData, AnalysisInput } from '../../../../services/nutrition.ts';

// The recipe report compares schools the user belongs to: each call carries that school's org-app key (fetched
// once when the org-app list did not hold it yet); the server checks the user's membership and power there.
const keys = new Map<string, Promise<string>>();
function keyOf(o: Pick<OrgApp, 'orgId' | 'appId' | 'key'>): Promise<string> {
  if (o.key) return Promise.resolve(o.key);
  const id = `${o.orgId}/${o.appId}`;
  if (!keys.has(id)) keys.set(id, fetchOrgAppKey(o).then((r) => r.key).catch((e: unknown) => { keys.delete(id); throw e; }));
  return keys.get(id)!;
}
/**
 * The user's org-apps when the org-app actor does not hold the list (a session restored on reload chose its org-app
 * without it). Under the live-update root 'orgApps', so a membership change refreshes it; not per org: it is the user's.
 */
export const userOrgAppsQuery = (enabled: boolean) => queryOptions({
  queryKey: ['orgApps', 'user'] as const,
  queryFn: fetchOrgApps,
  enabled,
  staleTime: 5 * 60_000,
});

export async function fetchSchoolCycles(o: Pick<OrgApp, 'orgId' | 'appId' | 'key'>): Promise<cycles.RecipeCycleList> {
  const key = await keyOf(o);
  return call<typeof cycles.listRecipeCycles>({ method: 'GET', path: '/v4/mall/recipe/cycle', query: { $limit: PAGE.recipeList } }, { host: 'mall', key });
}
export async function fetchSchoolCycleAnalysis(o: Pick<OrgApp, 'orgId' | 'appId' | 'key'>, id: string, ageGroup: string): Promise<api.CycleAnalysisData> {
  const key = await keyOf(o);
  return call<typeof api.analyseRecipeCycle>({ method: 'GET', path: '/v5/mall/recipe/cycle/{id}/analysis', params: { id }, query: { ageGroup } }, { host: 'mall', key });
}

export type TargetTable = Partial<Record<NutrientKey, number | null>>;

/** The day's target and the chosen meal's share of it, per nutrient WS/T 554 gives an amount for; the energy % range of fat and carbohydrate. */
export function calculatorTargets(ageGroup: string, meal: CalculatorMeal): {
  daily: TargetTable; meal: TargetTable; ratios: Partial<Record<EnergyRatioNutrient, { minPct: number | null; maxPct: number | null }>>;
} {
  if (!isAgeGroup(ageGroup)) return { daily: {}, meal: {}, ratios: {} };
  const day = dailyTargets(ageGroup);
  const share = targetsForMeals(ageGroup, calculatorMealCodes[meal]);
  const daily: TargetTable = {};
  const ofMeal: TargetTable = {};
  for (const k of TARGET_NUTRIENTS) { daily[k] = day[k].value; ofMeal[k] = share.nutrients[k]; }
  // fat and carbohydrate are judged as % of energy, not by an amount (the analysis does it)
  return { daily, meal: ofMeal, ratios: energyRatioRanges(ageGroup) };
}
