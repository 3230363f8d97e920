// §7 /v5/mall/nutrition (issue 10, mall host): the nutrient calculator and the WS/T 554 analysis of meals and of
// a stored recipe cycle. Types and paths come from contracts/nutrition.ts. Query keys start with the live-update
// root 'nutrition' (Recipe…, Dish… and FoodIngredient… events invalidate it: src/app/liveUpdates.ts), then the
// org, so an edit of a cycle, a dish or an ingredient value refreshes every analysis on screen.
import { queryOptions } from '@tanstack/react-query';
import { call, type CallOptions } from './http.ts';
import type * as api from '../contracts/nutrition.ts';

export type {
  CalculateInput, CalculationData, AnalysisInput, AnalysisMealInput, AnalysisData, CycleAnalysisQuery, CycleAnalysisData, NutritionLineInput,
} from '../contracts/nutrition.ts';

const MALL: CallOptions = { host: 'mall' };

export function calculateNutrition(body: api.CalculateInput): Promise<api.CalculationData> {
  return call<typeof api.calculateNutrition>({ method: 'POST', path: '/v5/mall/nutrition/calculate', body }, MALL);
}
export function analyseNutrition(body: api.AnalysisInput): Promise<api.AnalysisData> {
  return call<typeof api.analyseNutrition>({ method: 'POST', path: '/v5/mall/nutrition/analysis', body }, MALL);
}
export function fetchCycleAnalysis(id: string, query: api.CycleAnalysisQuery = {}): Promise<api.CycleAnalysisData> {
  return call<typeof api.analyseRecipeCycle>({ method: 'GET', path: '/v5/mall/recipe/cycle/{id}/analysis', params: { id }, query }, MALL);
}

export const nutritionKeys = {
  all: ['nutrition'] as const,
  calculation: (orgId: string | undefined, body: api.CalculateInput) => [...nutritionKeys.all, orgId, 'calculate', body] as const,
  cycle: (orgId: string | undefined, id: string, query: api.CycleAnalysisQuery) => [...nutritionKeys.all, orgId, 'cycle', id, query] as const,
};

/** Totals of the lines as the calculator shows them (the same body answers from the cache). */
export const nutritionCalculationQuery = (orgId: string | undefined, body: api.CalculateInput) => queryOptions({
  queryKey: nutritionKeys.calculation(orgId, body),
  queryFn: () => calculateNutrition(body),
  enabled: Boolean(orgId) && body.items.length > 0,
});

export const cycleAnalysisQuery = (orgId: string | undefined, id: string, query: api.CycleAnalysisQuery = {}) => queryOptions({
  queryKey: nutritionKeys.cycle(orgId, id, query),
  queryFn: () => fetchCycleAnalysis(id, query),
  enabled: Boolean(orgId) && Boolean(id),
});
