// The adapter between the nutrition standards and analysis (domain/nutritionStandards.ts, domain/nutritionAnalysis.ts,
// owned by the analysis) and the meal allocation programme (domain/mealAllocation.ts): the bands the programme
// holds are the analysis's own targets and §5 bands, never a second copy; the score before and after is the
// analysis's own score of the same week.
import { weightTypeOf, type DosageMode } from './nutrition.ts';
import { MACRO_KCAL_PER_GRAM } from './energyShares.ts';
import { isUpperLimitGroup } from './salt.ts';
import {
  energyRatioRanges, foodAmountBand, isAgeGroup, nutrientBand, targetsForMeals, targetUnit, TARGET_NUTRIENTS, type AgeGroup,
  type EnergyRatioNutrient,
} from './nutritionStandards.ts';
import { analyseDays, type AnalysisMeal, type FoodLookup, type MealAnalysis } from './nutritionAnalysis.ts';
import type { DayBands, EnergyShareBand, FoodGroupBand, NutrientBand } from './mealAllocation.ts';

/** Where the verdicts are held: each day's, or the week's average day (what the week's analysis scores). */
export const ALLOCATION_LEVELS = ['week', 'day'] as const;
export type AllocationLevel = (typeof ALLOCATION_LEVELS)[number];

/** kcal per gram of fat and carbohydrate at 4/9/4, as the analysis counts their shares (domain/energyShares.ts). */
export const ENERGY_SHARE_KCAL: Record<EnergyRatioNutrient, number> = { fat: MACRO_KCAL_PER_GRAM.fat, cho: MACRO_KCAL_PER_GRAM.cho };

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * The bands of an age group over some days, each day with the meal codes it serves: one set for their average day
 * (level 'week', what the week's analysis scores; a target is the mean of the days' targets for the meals each
 * serves) plus each day's energy band, so the programme cannot feed one day double to starve another; or one set
 * per day (level 'day': every day passes on its own, so the week does too; stricter, often not feasible with a
 * week's real dishes). A target the standard lacks (ages 6-8 have energy only) gives no band.
 */
export function allocationBands(ageRange: string, days: readonly { day: number; mealCodes: readonly number[] }[], level: AllocationLevel): DayBands[] {
  if (!isAgeGroup(ageRange) || !days.length) return [];
  if (level === 'week') {
    const week = bandsOf(ageRange, days, null);
    const energy = days.map((d) => bandsOf(ageRange, [d], d.day)).map((b) => ({ ...b, nutrients: b.nutrients.filter((n) => n.key === 'energyKcal'), energyShares: [], foodGroups: [] }));
    return [week, ...energy];
  }
  return days.map((d) => bandsOf(ageRange, [d], d.day));
}

function bandsOf(ageRange: AgeGroup, set: readonly { day: number; mealCodes: readonly number[] }[], day: number | null): DayBands {
  {
    const targets = set.map((d) => targetsForMeals(ageRange, d.mealCodes));
    const nutrients: NutrientBand[] = [];
    for (const key of TARGET_NUTRIENTS) {
      const values = targets.map((t) => t.nutrients[key]);
      if (values.some((v) => v === null)) continue;
      const band = nutrientBand(key);
      nutrients.push({ key, target: mean(values as number[]), minPct: band.minPct, maxPct: band.maxPct, unit: targetUnit(key) });
    }
    const energyShares: EnergyShareBand[] = [];
    const ratios = energyRatioRanges(ageRange);
    for (const key of ['fat', 'cho'] as const) {
      const r = ratios[key];
      if (r.minPct !== null && r.maxPct !== null) energyShares.push({ key, kcalPerGram: ENERGY_SHARE_KCAL[key], minPct: r.minPct, maxPct: r.maxPct });
    }
    // a group the standard recommends for some of the days' meals: its range averaged over the days (0 where a day
    // has none), held to the §5 food-amount band as the analysis judges it: from minPct of the low end to maxPct of
    // the high end
    const band = foodAmountBand();
    const groups = [...new Set(targets.flatMap((t) => t.foodGroups.map((g) => g.group)))];
    const foodGroups: FoodGroupBand[] = groups.map((group) => {
      const of = targets.map((t) => t.foodGroups.find((x) => x.group === group));
      const min = mean(of.map((g) => g?.min ?? 0));
      const max = mean(of.map((g) => g?.max ?? 0));
      // salt and cooking oil are ceilings, as the analysis judges them: no lower row, the figure itself the upper
      if (isUpperLimitGroup(group)) return { group, target: max, min: null, max };
      return { group, target: (min + max) / 2, min: (min * band.minPct) / 100, max: band.maxPct === null ? null : (max * band.maxPct) / 100 };
    });
    return { day, days: set.map((d) => d.day), ageRange, nutrients, energyShares, foodGroups };
  }
}

export interface ScoredDish { name: string; lines: readonly { foodId: string; weight: number }[]; dosageMode: DosageMode; portion: number }

/**
 * The analysis of a week at some dosages: each day's meals with every dish's lines scaled to its dosage (lines ×
 * dosage ÷ portion), scored by the analysis of the average day. Null when nothing is served.
 */
export function weekAnalysis(
  ageRange: string, days: readonly { day: number; meals: readonly { mealCode: number; dishes: readonly { dish: ScoredDish; dosage: number }[] }[] }[],
  lookup: FoodLookup,
): MealAnalysis | null {
  if (!isAgeGroup(ageRange)) return null;
  const served = days.filter((d) => d.meals.some((m) => m.dishes.length));
  if (!served.length) return null;
  const meals: AnalysisMeal[][] = served.map((d) => d.meals.filter((m) => m.dishes.length).map((m) => ({
    mealCode: m.mealCode,
    dishes: m.dishes.map(({ dish, dosage }) => ({
      name: dish.name,
      items: dish.lines.map((l) => ({ foodId: l.foodId, weight: dish.portion > 0 ? (l.weight * dosage) / dish.portion : 0, weightType: weightTypeOf(dish.dosageMode) })),
    })),
  })));
  return analyseDays(meals, lookup, { ageGroup: ageRange });
}
