// The lines the calculator and the analysis calculator send (issue 10): amounts as typed, checked before they are
// sent, and a library dish taken as its lines × portions, read net or gross by the dish's dosage mode.
import { DISH_LIMITS } from '../../../../domain/aggregates/dish.ts';
import { round6 } from '../../../../domain/numberInput.ts';
import { weightTypeOf, type DosageMode, type WeightType } from '../../../../domain/nutrition.ts';

/** a typed amount: '' is no amount (NaN), never 0 */
export const amountOf = (s: string) => (s.trim() === '' ? NaN : Number(s));
/** a line's grams: above 0 and at most a dish line's limit */
export const weightOk = (w: number) => Number.isFinite(w) && w > 0 && w <= DISH_LIMITS.weightMaxGrams;
/** a dish counts in whole or part portions, at most PORTIONS_MAX of them */
export const PORTIONS_MAX = 100;
export const portionsOk = (p: number) => Number.isFinite(p) && p > 0 && p <= PORTIONS_MAX;

export interface LineItem { foodId: string; weight: number; weightType: WeightType }

/** A library dish as ingredient lines: each line's grams per portion × portions (§9 6 decimals), net or gross by the dish. */
export function dishItems(dish: { lines: readonly { foodId: string; weight: number }[]; dosageMode: DosageMode }, portions: number): LineItem[] {
  if (!portionsOk(portions)) return [];
  const weightType = weightTypeOf(dish.dosageMode);
  return dish.lines.map((l) => ({ foodId: l.foodId, weight: round6(l.weight * portions), weightType }));
}

/** "85%": the share of a target, whole percent; no value or no target (the standard gives none) is a dash. */
export const percentText = (value: number | null, target: number | null | undefined) =>
  value === null || !target ? '—' : `${Math.round((value / target) * 100)}%`;
