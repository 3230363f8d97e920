// WS/T 554-2017 targets (issue 10), read from server/data/standards.json (beside foods.json, a byte-for-byte
// copy of shared/data/nutrition/standards.json): no figure of the standard is typed into code. The JSON is
// imported (the one server file domain/ may import, eslint.config.js), so the server (tsx), the console (Vite,
// only in the chunks that analyse) and the unit tests read the same file.
//
// What this module decides from the data:
// - the daily target of each nutrient for an age group and sex. A class eats together: `sex: 'mixed'` (the
//   default) is the mean of the male and female figures, which the standard gives separately; where it gives one
//   value (bySex false) the mean is that value. A null figure (ages 6-8: energy only) stays null, never guessed;
// - the share of the daily energy the meals served stand for: §9 meal ratios (breakfast 0.2, lunch 0.4,
//   dinner 0.4, domain/constants MEAL_RATIO) by §9 meal code. Snacks (早点 2, 午点 4, 晚点 6) have no ratio in §9:
//   what they bring counts in the day, but they add no target of their own;
// - the §5 / WS/T 554 guidance on each main meal's share of the day (standards.json mealEnergyShares), shown
//   beside the analysis, not scored;
// - the evaluation band of each item (standards.json evaluation, the §5 thresholds);
// - the recommended grams of each food group for the meals served (standards.json foodAmountsPerMeal:
//   breakfast, or lunchOrDinner for lunch and dinner), summed over the main meals served.
import standardsJson from '../server/data/standards.json' with { type: 'json' };
import { AGE_RANGES, MEAL_CODES, MEAL_RATIO } from './constants.ts';
import type { NutrientKey } from './nutrition.ts';
import { round6 } from './numberInput.ts';

export type AgeGroup = (typeof AGE_RANGES)[number];
export const AGE_GROUPS: readonly AgeGroup[] = AGE_RANGES;
export const isAgeGroup = (v: unknown): v is AgeGroup => typeof v === 'string' && (AGE_RANGES as readonly string[]).includes(v);

/** Whose target: the standard's male or female figure, or their mean for a class of both (default). */
export const SEXES = ['mixed', 'male', 'female'] as const;
export type Sex = (typeof SEXES)[number];

/** The nutrients WS/T 554 gives a daily amount for, by their foods.json key (energy is `energyKcal`). */
export const TARGET_NUTRIENTS = ['energyKcal', 'protein', 'fiber', 'calcium', 'iron', 'zinc', 'vitaminA', 'vitaminB1', 'vitaminB2', 'vitaminC'] as const;
export type TargetNutrient = (typeof TARGET_NUTRIENTS)[number];
/** The nutrients WS/T 554 gives as a % of energy range. */
export const ENERGY_RATIO_NUTRIENTS = ['fat', 'cho'] as const;
export type EnergyRatioNutrient = (typeof ENERGY_RATIO_NUTRIENTS)[number];

/** A main meal's §9 ratio key; snacks have none. */
export type MainMeal = keyof typeof MEAL_RATIO;

// ---------------------------------------------------------------------------------------------------------
// The raw file, typed

interface AmountRecord { nutrient: string; unit: string; ageGroup: string; male?: number | null; female?: number | null; bySex?: boolean | null; min?: number | null; max?: number | null; note?: string; source: string }
interface FoodAmountRecord { group: string; meal: string; ageGroup: string; min: number; max: number; unit: string; suspect?: boolean; note?: string; source: string }
interface MealShareRecord { meal: string; minPct: number; maxPct: number; source: string }
interface EvaluationRecord { item: string; rule: 'range' | 'atLeast'; minPct: number; maxPct: number | null; source: string }
interface EnergyFactorRecord { component: string; kJPerGram: number; source: string }

interface StandardsFile {
  wst554: {
    standard: string;
    dailyTargets: { records: AmountRecord[] };
    foodAmountsPerMeal: { records: FoodAmountRecord[] };
    mealEnergyShares: { records: MealShareRecord[] };
    evaluation: { records: EvaluationRecord[] };
  };
  gb28050: { standard: string; energyFactors: { records: EnergyFactorRecord[] } };
}

/** The standards file as imported (read-only). Other modules (labels: GB 28050) read their parts from here. */
export const STANDARDS = standardsJson as unknown as StandardsFile;

/** standards.json names a nutrient as WS/T 554 does; the analysis by its foods.json key. */
const fileNutrient = (key: TargetNutrient | EnergyRatioNutrient): string => (key === 'energyKcal' ? 'energy' : key === 'cho' ? 'carbohydrate' : key);

// ---------------------------------------------------------------------------------------------------------
// Daily targets

export interface DailyTarget {
  key: TargetNutrient;
  /** per day; null = the standard gives no figure for this age group (see note) */
  value: number | null;
  /** the file's unit, e.g. 'kcal/d' */
  unit: string;
  note: string | null;
}

function pick(r: AmountRecord, sex: Sex): number | null {
  const m = r.male ?? null;
  const f = r.female ?? null;
  if (sex === 'male') return m;
  if (sex === 'female') return f;
  return m === null || f === null ? null : round6((m + f) / 2);
}

/**
 * Why a target is missing, in the words the analysis sends (English, beside the file's own notes). The console
 * shows each through a catalog entry (src/screens/meal/shared/nutritionTexts.ts, tests/unit/nutritionTexts.test.ts).
 */
export const TARGET_NOTES = {
  /** the file has no record for the nutrient and age group */
  noRecord: `${STANDARDS.wst554.standard}: no figure for this age group`,
  /** a record whose figure is null without a note of its own */
  noFigure: 'no figure',
  /** only snacks are served: no §9 share of the day to scale the target by */
  noMainMeal: 'no main meal served',
} as const;

/** The notes standards.json gives beside a missing daily target (or energy ratio), each once. */
export const dailyTargetNotes = (): string[] =>
  [...new Set(STANDARDS.wst554.dailyTargets.records.flatMap((r) => (r.note ? [r.note] : [])))];

/** Daily target of each nutrient WS/T 554 gives an amount for, for an age group and sex. */
export function dailyTargets(ageGroup: AgeGroup, sex: Sex = 'mixed'): Record<TargetNutrient, DailyTarget> {
  const out = {} as Record<TargetNutrient, DailyTarget>;
  for (const key of TARGET_NUTRIENTS) {
    const r = STANDARDS.wst554.dailyTargets.records.find((x) => x.nutrient === fileNutrient(key) && x.ageGroup === ageGroup);
    out[key] = { key, value: r ? pick(r, sex) : null, unit: r?.unit ?? '', note: r?.note ?? (r ? null : TARGET_NOTES.noRecord) };
  }
  return out;
}

export interface EnergyRatioRange {
  key: EnergyRatioNutrient;
  /** % of energy; null = no figure for this age group */
  minPct: number | null;
  maxPct: number | null;
  note: string | null;
}

/** The % of energy fat and carbohydrate should give (WS/T 554), for an age group. */
export function energyRatioRanges(ageGroup: AgeGroup): Record<EnergyRatioNutrient, EnergyRatioRange> {
  const out = {} as Record<EnergyRatioNutrient, EnergyRatioRange>;
  for (const key of ENERGY_RATIO_NUTRIENTS) {
    const r = STANDARDS.wst554.dailyTargets.records.find((x) => x.nutrient === fileNutrient(key) && x.ageGroup === ageGroup);
    out[key] = { key, minPct: r?.min ?? null, maxPct: r?.max ?? null, note: r?.note ?? null };
  }
  return out;
}

/**
 * GB 28050 energy conversion factor (kJ per gram) of protein, fat, carbohydrate or dietary fibre. The component is
 * named as standards.json and the nutrient keys name it ('fiber'): the earlier 'fibre' found no record and threw.
 */
export function energyFactorKj(component: 'protein' | 'fat' | 'carbohydrate' | 'fiber'): number {
  const r = STANDARDS.gb28050.energyFactors.records.find((x) => x.component === component);
  if (!r) throw new Error(`standards.json has no energy factor for ${component}`);
  return r.kJPerGram;
}

// ---------------------------------------------------------------------------------------------------------
// Meals: §9 meal codes → ratio and food-amount meal

/** The §9 ratio key of a meal code: 早餐 1 → breakfast, 午餐 3 → lunch, 晚餐 5 → dinner; snacks → null. */
export function mainMealOf(mealCode: number): MainMeal | null {
  if (mealCode === MEAL_CODES['早餐']) return 'breakfast';
  if (mealCode === MEAL_CODES['午餐']) return 'lunch';
  if (mealCode === MEAL_CODES['晚餐']) return 'dinner';
  return null;
}

export const isMealCode = (v: unknown): v is number => typeof v === 'number' && Object.values(MEAL_CODES).includes(v);

/** The §9 energy share of one meal code (0 for a snack). */
export const mealEnergyShare = (mealCode: number): number => {
  const m = mainMealOf(mealCode);
  return m ? MEAL_RATIO[m] : 0;
};

/** The share of the daily targets the meals served stand for: the sum of their §9 ratios, each main meal once. */
export function servedShare(mealCodes: Iterable<number>): number {
  const mains = new Set<MainMeal>();
  for (const c of mealCodes) { const m = mainMealOf(c); if (m) mains.add(m); }
  return round6([...mains].reduce((s, m) => s + MEAL_RATIO[m], 0));
}

export interface MealShareGuide { meal: MainMeal; minPct: number; maxPct: number }

/** WS/T 554 / §5 guidance on a main meal's share of the daily energy target (null for a snack). */
export function mealShareGuide(mealCode: number): MealShareGuide | null {
  const m = mainMealOf(mealCode);
  if (!m) return null;
  const r = STANDARDS.wst554.mealEnergyShares.records.find((x) => x.meal === m);
  return r ? { meal: m, minPct: r.minPct, maxPct: r.maxPct } : null;
}

// ---------------------------------------------------------------------------------------------------------
// Evaluation bands (§5)

export interface Band {
  /** % of target below which the verdict is 'low' */
  minPct: number;
  /** % of target above which the verdict is 'high'; null = no upper bound */
  maxPct: number | null;
}

function evaluation(item: string): Band {
  const r = STANDARDS.wst554.evaluation.records.find((x) => x.item === item);
  if (!r) throw new Error(`standards.json has no evaluation rule for ${item}`);
  return { minPct: r.minPct, maxPct: r.rule === 'range' ? r.maxPct : null };
}

/** §5 band of an amount nutrient: energy 90–110 %, protein 80–120 %, others at least 80 % of target. */
export function nutrientBand(key: TargetNutrient): Band {
  if (key === 'energyKcal') return evaluation('energy');
  if (key === 'protein') return evaluation('protein');
  return evaluation('otherNutrients');
}

/** §5 band of a food group amount: 80–120 % of the recommendation counts as suitable. */
export const foodAmountBand = (): Band => evaluation('foodAmounts');

// ---------------------------------------------------------------------------------------------------------
// Food amounts per meal

export interface FoodAmountTarget {
  group: string;
  /** grams for the meals served (the sum of each main meal's recommendation) */
  min: number;
  max: number;
  /** the source marks the figure as doubtful (大豆类 lunch/dinner); shown, still used */
  suspect: boolean;
  note: string | null;
}

/** The WS/T 554 food groups with a recommended amount, in the file's order. */
export const RECOMMENDED_GROUPS: readonly string[] = [...new Set(STANDARDS.wst554.foodAmountsPerMeal.records.map((r) => r.group))];

/** Recommended grams of one food group for one meal code (null for a snack or a group/age the file lacks). */
export function foodAmountPerMeal(group: string, mealCode: number, ageGroup: AgeGroup): FoodAmountTarget | null {
  const m = mainMealOf(mealCode);
  if (!m) return null;
  const meal = m === 'breakfast' ? 'breakfast' : 'lunchOrDinner';
  const r = STANDARDS.wst554.foodAmountsPerMeal.records.find((x) => x.group === group && x.meal === meal && x.ageGroup === ageGroup);
  return r ? { group, min: r.min, max: r.max, suspect: r.suspect === true, note: r.note ?? null } : null;
}

/** Recommended grams of every food group for the meals served (each main meal once), in RECOMMENDED_GROUPS order. */
export function foodAmountTargets(mealCodes: Iterable<number>, ageGroup: AgeGroup): FoodAmountTarget[] {
  const mains = [...new Set([...mealCodes].filter((c) => mainMealOf(c) !== null))];
  const out: FoodAmountTarget[] = [];
  for (const group of RECOMMENDED_GROUPS) {
    const parts = mains.map((c) => foodAmountPerMeal(group, c, ageGroup)).filter((p): p is FoodAmountTarget => p !== null);
    if (!parts.length) continue;
    out.push({
      group,
      min: round6(parts.reduce((s, p) => s + p.min, 0)),
      max: round6(parts.reduce((s, p) => s + p.max, 0)),
      suspect: parts.some((p) => p.suspect),
      note: parts.find((p) => p.note)?.note ?? null,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Targets for the meals served

export interface MealTargets {
  ageGroup: AgeGroup;
  sex: Sex;
  /** the §9 share of the day the meals stand for (0 when only snacks are served) */
  share: number;
  /** daily target × share per nutrient; null = no figure (or no main meal served) */
  nutrients: Record<TargetNutrient, number | null>;
  /** why a target is null, per nutrient */
  notes: Partial<Record<TargetNutrient, string>>;
  energyRatios: Record<EnergyRatioNutrient, EnergyRatioRange>;
  foodGroups: FoodAmountTarget[];
}

const targetCache = new Map<string, MealTargets>();

/**
 * Every target of the meals served for an age group: the day's targets × the §9 share, and the food amounts.
 * The answer depends only on its arguments and the file, so it is kept (a four-week cycle asks the same few
 * combinations hundreds of times); treat it as read-only.
 */
export function targetsForMeals(ageGroup: AgeGroup, mealCodes: Iterable<number>, sex: Sex = 'mixed'): MealTargets {
  const codes = [...mealCodes];
  const key = `${ageGroup}|${sex}|${[...new Set(codes)].sort((a, b) => a - b).join(',')}`;
  const known = targetCache.get(key);
  if (known) return known;
  const computed = computeTargets(ageGroup, codes, sex);
  targetCache.set(key, computed);
  return computed;
}

function computeTargets(ageGroup: AgeGroup, codes: number[], sex: Sex): MealTargets {
  const share = servedShare(codes);
  const daily = dailyTargets(ageGroup, sex);
  const nutrients = {} as Record<TargetNutrient, number | null>;
  const notes: Partial<Record<TargetNutrient, string>> = {};
  for (const key of TARGET_NUTRIENTS) {
    const d = daily[key];
    nutrients[key] = d.value === null || share === 0 ? null : round6(d.value * share);
    if (d.value === null) notes[key] = d.note ?? TARGET_NOTES.noFigure;
    else if (share === 0) notes[key] = TARGET_NOTES.noMainMeal;
  }
  return { ageGroup, sex, share, nutrients, notes, energyRatios: energyRatioRanges(ageGroup), foodGroups: foodAmountTargets(codes, ageGroup) };
}

/** The unit the analysis shows a nutrient's target in (foods.json units; the standard's per-day unit without /d). */
export const targetUnit = (key: NutrientKey): string => {
  const r = STANDARDS.wst554.dailyTargets.records.find((x) => x.nutrient === fileNutrient(key as TargetNutrient));
  return r ? r.unit.replace(/\/d$/, '') : '';
};
