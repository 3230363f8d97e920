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

const emptyNutrients = (value: number | null): Nutrients =>
  Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, value])) as Nutrients;

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

const emptyMissing = (): Record<NutrientKey, string[]> => Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, [] as string[]])) as Record<NutrientKey, string[]>;

/** Nothing at all: every total 0 and complete (an empty dish has no energy, and that is known). */
export const zeroSum = (): NutrientSum => ({ total: emptyNutrients(0), missing: emptyMissing() });

/**
 * Sums lines and earlier sums (lines → dish, dishes → meal → day → week) keeping unknowns: a part that lacks a
 * nutrient adds its foods to `missing` and nothing to the total.
 */
export function sumNutrients(parts: readonly (LineNutrients | NutrientSum)[]): NutrientSum {
  const total = emptyNutrients(0);
  const known = Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, parts.length === 0])) as Record<NutrientKey, boolean>;
  const missing = emptyMissing();
  const miss = (k: NutrientKey, ids: readonly string[]) => { for (const id of ids) if (!missing[k].includes(id)) missing[k].push(id); };
  for (const part of parts) {
    const isLine = 'foodId' in part;
    for (const k of NUTRIENT_KEYS) {
      const v = isLine ? part.nutrients[k] : part.total[k];
      if (v !== null) { total[k] = round6((total[k] ?? 0) + v); known[k] = true; }
      if (isLine) { if (v === null) miss(k, [part.foodId]); } else miss(k, part.missing[k]);
    }
  }
  for (const k of NUTRIENT_KEYS) if (!known[k]) total[k] = null;
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
