// The nutrition calculator and the WS/T 554 analysis of meals (issue 10): pure, read by the server, the console
// and the labels alike, so the same meals give the same figures everywhere. Line maths and sums:
// domain/nutrition.ts; targets: domain/nutritionStandards.ts (standards.json); advice: domain/nutrientCatalogue.ts.
// (Skeleton: the names and shapes are fixed; the computation follows in the next commit.)
import type { WeightType, FoodNutrition, NutrientKey, Nutrients } from './nutrition.ts';
import type { AgeGroup, EnergyRatioNutrient, Sex, TargetNutrient } from './nutritionStandards.ts';

/** Limits on one request: beyond them it is a slip or an attack, refused with a reason. */
export const NUTRITION_LIMITS = {
  /** ingredient lines in one calculation or analysis (issue 10: 5,000 lines is refused) */
  linesMax: 5000,
  /** grams of one line: a canteen batch, not a warehouse */
  weightMaxG: 1_000_000,
  mealsMax: 31 * 6,
  dishesPerMeal: 60,
  dishNameMax: 100,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Input

export interface NutritionLine { foodId: string; weight: number; weightType: WeightType }
export interface AnalysisDish { name: string; items: NutritionLine[] }
export interface AnalysisMeal { mealCode: number; dishes: AnalysisDish[] }

/** What the analysis needs of an ingredient: its nutrition, WS/T 554 group and name. */
export interface AnalysisFood extends FoodNutrition { group: string; nameZh: string }
export type FoodLookup = (foodId: string) => AnalysisFood | undefined;

export interface AnalysisOptions {
  ageGroup: AgeGroup;
  /** default 'mixed' (mean of the male and female figures) */
  sex?: Sex;
  /** §3 analysis extraInfo passScore; default §9 ANALYSIS.passScore (80) */
  passScore?: number;
}

// ---------------------------------------------------------------------------------------------------------
// Output

/** ok: inside the §5 band; low / high: outside it; noTarget: the standard gives no figure; unknown: no food knew the value */
export type Verdict = 'low' | 'ok' | 'high' | 'noTarget' | 'unknown';

export interface CalculationLine {
  foodId: string;
  nameZh: string;
  weight: number;
  weightType: WeightType;
  netWeight: number | null;
  nutrients: Nutrients;
}
export interface Calculation {
  total: Nutrients;
  items: CalculationLine[];
  /** per nutrient with an incomplete total, the foods that lacked it */
  missing: { key: NutrientKey; foodIds: string[] }[];
}

export interface EnergyResult { value: number; target: number | null; percent: number | null; minPct: number; maxPct: number | null; verdict: Verdict }
export interface NutrientResult {
  key: NutrientKey;
  value: number | null;
  unit: string;
  target: number | null;
  percent: number | null;
  minPct: number | null;
  maxPct: number | null;
  verdict: Verdict;
  /** foods that lacked this nutrient: the value is a lower bound */
  missing: string[];
  /** why there is no target (e.g. 6-8 has energy only) */
  note: string | null;
}
export interface EnergyRatioResult {
  key: EnergyRatioNutrient;
  /** % of energy from this nutrient */
  percent: number | null;
  minPct: number | null;
  maxPct: number | null;
  verdict: Verdict;
  note: string | null;
}
export interface MealShareResult { mealCode: number; energyKcal: number; percentOfDay: number | null; minPct: number | null; maxPct: number | null; verdict: Verdict }
export interface FoodGroupResult {
  group: string;
  /** edible grams */
  amount: number;
  min: number;
  max: number;
  /** amount as % of the middle of the recommended range */
  percent: number;
  verdict: Verdict;
  suspect: boolean;
  note: string | null;
}
export interface VarietyResult {
  ingredients: number;
  expectedIngredients: number;
  groups: number;
  expectedGroups: number;
}
export interface Scores { variety: number; category: number; nutrient: number; total: number }
export interface Advice { key: NutrientKey; text: string }
export interface Unscored { item: string; note: string }

export interface MealAnalysis {
  ageGroup: AgeGroup;
  sex: Sex;
  /** days averaged (1 for one day's meals) */
  days: number;
  mealCodes: number[];
  /** the §9 share of the day the meals served stand for */
  share: number;
  energy: EnergyResult;
  nutrients: NutrientResult[];
  energyRatios: EnergyRatioResult[];
  meals: MealShareResult[];
  foodGroups: FoodGroupResult[];
  variety: VarietyResult;
  scores: Scores;
  passScore: number;
  pass: boolean;
  advice: Advice[];
  unscored: Unscored[];
  unknownFoods: string[];
}

export type { TargetNutrient };

// ---------------------------------------------------------------------------------------------------------
// Functions (fixed names)

/** Every reason lines are refused (empty = acceptable): unknown foods named, weights finite and 0…weightMaxG, at most linesMax lines. */
export function lineProblems(lines: readonly NutritionLine[], lookup: FoodLookup): string[] { void lines; void lookup; throw new Error('not yet'); }
/** The calculator: nutrients of each line and their total, unknowns kept (domain/nutrition.ts). */
export function calculate(lines: readonly NutritionLine[], lookup: FoodLookup): Calculation { void lines; void lookup; throw new Error('not yet'); }
/** The analysis of one day's meals against the age group's targets for the meals served. */
export function analyseMeals(meals: readonly AnalysisMeal[], lookup: FoodLookup, options: AnalysisOptions): MealAnalysis { void meals; void lookup; void options; throw new Error('not yet'); }
/** The analysis of the average day of several days' meals (a week of a cycle); days without meals are skipped. */
export function analyseDays(days: readonly (readonly AnalysisMeal[])[], lookup: FoodLookup, options: AnalysisOptions): MealAnalysis { void days; void lookup; void options; throw new Error('not yet'); }
