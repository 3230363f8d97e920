// Nutrition maths (issue 9 dishes, issue 10 calculator and analysis): one pure module the server, the console and
// the labels all read, so the same lines give the same figures everywhere.
// - A line's nutrients = per-100 g value × net weight / 100; net = gross × edible portion % / 100.
// - §9 arithmetic rounded to 6 decimals, at every line and every sum (display rounds again to the catalogue's
//   decimals: domain/nutrientCatalogue.ts).
// - A null nutrient (foods.json: SR28 has no value) stays unknown: it is never counted as 0. A sum adds the known
//   values and lists, per nutrient, the foods that lacked it; a total nobody knew is null.
// - kcal ↔ kJ with the §9 energy factor 4.1868.
import { DEFAULT_DOSAGE_MODE, ENERGY_FACTOR_KJ_PER_KCAL } from './constants.ts';
import { round6 } from './numberInput.ts';

/** The 13 nutrient keys of foods.json `per100g`, in the order the catalogue shows them. */
export const NUTRIENT_KEYS = [
  'energyKcal', 'protein', 'fat', 'cho', 'fiber', 'sodium', 'calcium', 'iron', 'zinc', 'vitaminA', 'vitaminB1', 'vitaminB2', 'vitaminC',
] as const;
export type NutrientKey = (typeof NUTRIENT_KEYS)[number];

export const isNutrientKey = (k: string): k is NutrientKey => (NUTRIENT_KEYS as readonly string[]).includes(k);

/** Nutrient values per nutrient key; null = unknown. */
export type Nutrients = Record<NutrientKey, number | null>;

/** What the maths needs of an ingredient (a platform food or an org's own). */
export interface FoodNutrition {
  foodId: string;
  /** % of the item as bought that is edible; null where the source gives no figure */
  ediblePortionPct: number | null;
  per100g: Partial<Record<NutrientKey, number | null>>;
}

/** §9 recipe dosage modes: a dish's weights are net (edible) or gross (as bought). Default netWeight. */
export const DOSAGE_MODES = ['netWeight', 'grossWeight'] as const;
export type DosageMode = (typeof DOSAGE_MODES)[number];
export type WeightType = 'net' | 'gross';

export const weightTypeOf = (mode: DosageMode = DEFAULT_DOSAGE_MODE as DosageMode): WeightType => (mode === 'grossWeight' ? 'gross' : 'net');

/**
 * The edible (net) weight in grams of a line. A gross weight of a food whose edible portion is unknown has an
 * unknown net weight (null): guessing 100 % would overstate every nutrient of a food with refuse.
 */
export function netWeight(weight: number, weightType: WeightType, ediblePortionPct: number | null): number | null {
  if (weightType === 'net') return round6(weight);
  if (ediblePortionPct === null) return null;
  return round6((weight * ediblePortionPct) / 100);
}

export interface LineNutrients {
  foodId: string;
  /** grams as entered */
  weight: number;
  weightType: WeightType;
  /** edible grams; null when unknown (gross weight, no edible portion figure) */
  netWeight: number | null;
  nutrients: Nutrients;
}

// Written out rather than built from NUTRIENT_KEYS: an analysis makes ~10^5 of these, and one literal shape is several
// times cheaper than Object.fromEntries (issue 30's bench). The Record type refuses a key missing or extra.
const emptyNutrients = (v: number | null): Nutrients => ({
  energyKcal: v, protein: v, fat: v, cho: v, fiber: v, sodium: v, calcium: v, iron: v, zinc: v, vitaminA: v, vitaminB1: v, vitaminB2: v, vitaminC: v,
});

/** One ingredient line: each nutrient = per-100 g × net / 100, rounded to 6 decimals; unknown stays null. */
export function lineNutrients(food: FoodNutrition, weight: number, weightType: WeightType = 'net'): LineNutrients {
  const net = netWeight(weight, weightType, food.ediblePortionPct);
  const nutrients = emptyNutrients(null);
  for (const k of NUTRIENT_KEYS) {
    const per100 = food.per100g[k];
    nutrients[k] = net === null || per100 === null || per100 === undefined ? null : round6((per100 * net) / 100);
  }
  return { foodId: food.foodId, weight, weightType, netWeight: net, nutrients };
}

export interface NutrientSum {
  /** the sum of the known values; null when no part knew the nutrient (and some part lacked it) */
  total: Nutrients;
  /** per nutrient, the foodIds that lacked it (each once, in the order met); empty = the total is complete */
  missing: Record<NutrientKey, string[]>;
}

const emptyMissing = (): Record<NutrientKey, string[]> => ({
  energyKcal: [], protein: [], fat: [], cho: [], fiber: [], sodium: [], calcium: [], iron: [], zinc: [], vitaminA: [], vitaminB1: [], vitaminB2: [], vitaminC: [],
});

/** Nothing at all: every total 0 and complete (an empty dish has no energy, and that is known). */
export const zeroSum = (): NutrientSum => ({ total: emptyNutrients(0), missing: emptyMissing() });

/**
 * Sums lines and earlier sums (lines → dish, dishes → meal → day → week) keeping unknowns: a part that lacks a
 * nutrient adds its foods to `missing` and nothing to the total.
 */
export function sumNutrients(parts: readonly (LineNutrients | NutrientSum)[]): NutrientSum {
  const total = emptyNutrients(0);
  const missing = emptyMissing();
  // nutrient by nutrient, parts in order: the same additions (and roundings) and the same order of missing foods as
  // part by part, without a closure or a lookup table per call (the analysis sums every line, dish, meal and day)
  for (const k of NUTRIENT_KEYS) {
    const miss = missing[k];
    let sum = 0;
    let known = parts.length === 0;
    for (const part of parts) {
      if ('foodId' in part) {
        const v = part.nutrients[k];
        if (v === null) { if (!miss.includes(part.foodId)) miss.push(part.foodId); } else { sum = round6(sum + v); known = true; }
      } else {
        const v = part.total[k];
        if (v !== null) { sum = round6(sum + v); known = true; }
        for (const id of part.missing[k]) if (!miss.includes(id)) miss.push(id);
      }
    }
    total[k] = known ? sum : null;
  }
  return { total, missing };
}

/** Whether a sum's nutrient is complete (no food lacked it). */
export const isComplete = (sum: NutrientSum, key: NutrientKey) => sum.missing[key].length === 0 && sum.total[key] !== null;

export interface IngredientLine { foodId: string; weight: number }

export interface DishNutrients extends NutrientSum {
  lines: LineNutrients[];
  /** foodIds the lookup did not know: counted nowhere, listed as missing for every nutrient */
  unknownFoods: string[];
}

/**
 * The nutrients of a dish portion: its lines' weights read as net or gross per the dish's dosageMode. A food
 * the lookup does not know counts as lacking every nutrient, so the total never pretends to be complete.
 */
export function dishNutrients(
  lines: readonly IngredientLine[], lookup: (foodId: string) => FoodNutrition | undefined, dosageMode: DosageMode = DEFAULT_DOSAGE_MODE as DosageMode,
): DishNutrients {
  const weightType = weightTypeOf(dosageMode);
  const unknownFoods: string[] = [];
  const computed = lines.map((l) => {
    const food = lookup(l.foodId);
    if (!food) unknownFoods.push(l.foodId);
    return lineNutrients(food ?? { foodId: l.foodId, ediblePortionPct: null, per100g: {} }, l.weight, weightType);
  });
  return { ...sumNutrients(computed), lines: computed, unknownFoods };
}

/** §9 energy factor: kcal → kJ, rounded to 6 decimals. */
export const kcalToKj = (kcal: number) => round6(kcal * ENERGY_FACTOR_KJ_PER_KCAL);
/** §9 energy factor: kJ → kcal, rounded to 6 decimals. */
export const kjToKcal = (kj: number) => round6(kj / ENERGY_FACTOR_KJ_PER_KCAL);
