// Issue 10: the nutrition calculator (nutrientCalculator) and the WS/T 554 analysis (analysisCalculator,
// mallRecipeNutritionAnalysis) of meals and of a stored recipe cycle. The figures are computed by
// domain/nutritionAnalysis.ts; these schemas only carry them. Weights are grams; nutrient keys are those of
// foods.json (domain/nutrition.ts NUTRIENT_KEYS).
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { IdParams } from './common.ts';
import { NUTRIENT_KEYS, type NutrientKey as NutrientKeyName } from '../domain/nutrition.ts';
import {
  NUTRITION_LIMITS, type Calculation as DomainCalculation, type CycleAgeGroupAnalysis as DomainCycleAgeGroup, type MealAnalysis,
} from '../domain/nutritionAnalysis.ts';
import type { AgeGroup as AgeGroupName, Sex as SexName } from '../domain/nutritionStandards.ts';

const tags = ['nutrition'];

// type lists, not unions: the server coerces types, and a union would turn a null into '' or 0
const nullableNumber = Type.Unsafe<number | null>({ type: ['number', 'null'] });
const nullableText = Type.Unsafe<string | null>({ type: ['string', 'null'] });

// spelled out (a mapped array loses the literal types); the check below keeps them equal to the domain's lists
export const AgeGroup = Type.Union([Type.Literal('6-8'), Type.Literal('9-11'), Type.Literal('12-14'), Type.Literal('15-17')]);
export const Sex = Type.Union([Type.Literal('mixed'), Type.Literal('male'), Type.Literal('female')]);
const WeightType = Type.Union([Type.Literal('net'), Type.Literal('gross')]);
const NutrientKey = Type.Unsafe<NutrientKeyName>({ type: 'string', enum: [...NUTRIENT_KEYS] });
const Verdict = Type.Union([Type.Literal('low'), Type.Literal('ok'), Type.Literal('high'), Type.Literal('noTarget'), Type.Literal('unknown')]);

/** The 13 nutrients, null = no ingredient knew it. */
export const Nutrients = Type.Object(
  Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, nullableNumber])) as Record<(typeof NUTRIENT_KEYS)[number], typeof nullableNumber>,
);

// ---------------------------------------------------------------------------------------------------------
// Requests. Bounds here are loose on purpose (a little slack): the domain's lineProblems refuses with words.

/** weight: a number; negative, too large or too many lines are refused by the domain with a reason */
export const NutritionLineInput = Type.Object({
  foodId: Type.String({ minLength: 1, maxLength: 32 }),
  weight: Type.Number(),
  weightType: WeightType,
}, { additionalProperties: false });
export type NutritionLineInput = Static<typeof NutritionLineInput>;

export const CalculateInput = Type.Object({
  items: Type.Array(NutritionLineInput, { minItems: 1, maxItems: NUTRITION_LIMITS.linesMax * 2 }),
}, { additionalProperties: false });
export type CalculateInput = Static<typeof CalculateInput>;

export const AnalysisDishInput = Type.Object({
  name: Type.String({ maxLength: NUTRITION_LIMITS.dishNameMax * 2 }),
  items: Type.Array(NutritionLineInput, { maxItems: NUTRITION_LIMITS.linesMax * 2 }),
}, { additionalProperties: false });
export const AnalysisMealInput = Type.Object({
  /** §9 meal code: 早餐 1, 早点 2, 午餐 3, 午点 4, 晚餐 5, 晚点 6 */
  mealCode: Type.Integer({ minimum: -1000, maximum: 1000 }),
  dishes: Type.Array(AnalysisDishInput, { maxItems: NUTRITION_LIMITS.dishesPerMeal * 2 }),
}, { additionalProperties: false });
export type AnalysisMealInput = Static<typeof AnalysisMealInput>;

export const AnalysisInput = Type.Object({
  /** checked by the domain (an unknown age group is refused with the list of known ones) */
  ageGroup: Type.String({ maxLength: 16 }),
  sex: Type.Optional(Sex),
  /** one day's meals */
  meals: Type.Array(AnalysisMealInput, { minItems: 1, maxItems: NUTRITION_LIMITS.mealsMax }),
}, { additionalProperties: false });
export type AnalysisInput = Static<typeof AnalysisInput>;

export const CycleAnalysisQuery = Type.Object({
  /** one age group of the cycle; absent = every age group the cycle serves */
  ageGroup: Type.Optional(Type.String({ maxLength: 16 })),
  sex: Type.Optional(Sex),
  /** issue 35: judge energy against this people group's own target (a sports class's, from its exercise prescription) */
  peopleId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
}, { additionalProperties: false });
export type CycleAnalysisQuery = Static<typeof CycleAnalysisQuery>;

// ---------------------------------------------------------------------------------------------------------
// Answers

export const CalculationLine = Type.Object({
  foodId: Type.String(),
  nameZh: Type.String(),
  weight: Type.Number(),
  weightType: WeightType,
  /** edible grams; null: gross weight of a food whose edible portion is unknown */
  netWeight: nullableNumber,
  nutrients: Nutrients,
});
export const Calculation = Type.Object({
  total: Nutrients,
  items: Type.Array(CalculationLine),
  /** per nutrient with an incomplete total, the foods that lacked it (the total is a lower bound) */
  missing: Type.Array(Type.Object({ key: NutrientKey, foodIds: Type.Array(Type.String()) })),
});
export type CalculationData = Static<typeof Calculation>;

export const EnergyResult = Type.Object({
  /** kcal; null when no ingredient knew it */
  value: nullableNumber, target: nullableNumber, percent: nullableNumber, minPct: Type.Number(), maxPct: nullableNumber, verdict: Verdict,
});
export const NutrientResult = Type.Object({
  key: NutrientKey,
  value: nullableNumber,
  unit: Type.String(),
  target: nullableNumber,
  percent: nullableNumber,
  minPct: nullableNumber,
  maxPct: nullableNumber,
  verdict: Verdict,
  missing: Type.Array(Type.String()),
  note: nullableText,
});
/** % of energy from protein, fat or carbohydrate at 4/9/4 kcal/g of 4P + 9F + 4C (domain/energyShares.ts) */
export const EnergyRatioResult = Type.Object({
  key: Type.Union([Type.Literal('protein'), Type.Literal('fat'), Type.Literal('cho')]),
  percent: nullableNumber, minPct: nullableNumber, maxPct: nullableNumber, verdict: Verdict, note: nullableText,
});
/** a meal's energy by the one meal rule (mealRule): target = the day's energy × sharePct, judged in minPct–maxPct */
export const MealShareResult = Type.Object({
  mealCode: Type.Integer(), energyKcal: nullableNumber, percentOfDay: nullableNumber, sharePct: nullableNumber, target: nullableNumber, percent: nullableNumber,
  minPct: nullableNumber, maxPct: nullableNumber, verdict: Verdict,
});
export const MealRule = Type.Object({
  basis: Type.Literal('mealRatio'),
  sharePct: Type.Object({ breakfast: Type.Number(), lunch: Type.Number(), dinner: Type.Number() }),
  minPct: Type.Number(),
  maxPct: nullableNumber,
});
/** salt equivalent (g) of every food's sodium against the age group's ceiling for the meals served; never 'low' */
export const SaltResult = Type.Object({
  value: nullableNumber, sodiumMg: nullableNumber, factor: Type.Number(), limit: nullableNumber, percent: nullableNumber, verdict: Verdict,
  missing: Type.Array(Type.String()),
});
export const FoodGroupResult = Type.Object({
  group: Type.String(), amount: Type.Number(), min: Type.Number(), max: Type.Number(), percent: Type.Number(), verdict: Verdict,
  suspect: Type.Boolean(), note: nullableText,
});
export const Scores = Type.Object({ variety: Type.Number(), category: Type.Number(), nutrient: Type.Number(), total: Type.Number() });

export const Analysis = Type.Object({
  ageGroup: AgeGroup,
  sex: Sex,
  days: Type.Integer(),
  mealCodes: Type.Array(Type.Integer()),
  share: Type.Number(),
  energy: EnergyResult,
  nutrients: Type.Array(NutrientResult),
  energyRatios: Type.Array(EnergyRatioResult),
  salt: SaltResult,
  /** the one rule each main meal's energy is judged by (and the targets are scaled by) */
  mealRule: MealRule,
  meals: Type.Array(MealShareResult),
  foodGroups: Type.Array(FoodGroupResult),
  /** per day (means over the days of a week) and over all the days */
  variety: Type.Object({
    ingredients: Type.Number(), expectedIngredients: Type.Number(), groups: Type.Number(), expectedGroups: Type.Number(), distinctIngredients: Type.Integer(),
  }),
  scores: Scores,
  passScore: Type.Number(),
  pass: Type.Boolean(),
  advice: Type.Array(Type.Object({ key: NutrientKey, text: Type.String() })),
  unscored: Type.Array(Type.Object({ item: Type.String(), note: Type.String() })),
  unknownFoods: Type.Array(Type.String()),
});
export type AnalysisData = Static<typeof Analysis>;

export const CycleDayAnalysis = Type.Object({
  /** 0-based day of the cycle */
  day: Type.Integer(),
  date: Type.String(),
  analysis: Analysis,
});
export const CycleWeekAnalysis = Type.Object({
  /** 0-based week of the cycle */
  week: Type.Integer(),
  startDate: Type.String(),
  endDate: Type.String(),
  /** the average day of the week's days that have dishes; null when the week has none */
  analysis: Type.Union([Analysis, Type.Null()]),
  days: Type.Array(CycleDayAnalysis),
});
export const CycleAgeGroupAnalysis = Type.Object({
  ageGroup: AgeGroup,
  people: Type.Integer(),
  weeks: Type.Array(CycleWeekAnalysis),
});
export const CycleAnalysis = Type.Object({
  cycleId: Type.String(),
  name: Type.String(),
  status: Type.String(),
  startDate: Type.String(),
  passScore: Type.Number(),
  ageGroups: Type.Array(CycleAgeGroupAnalysis),
  /** dishes the cells name that no longer exist (counted nowhere) */
  missingDishes: Type.Array(Type.String()),
});
export type CycleAnalysisData = Static<typeof CycleAnalysis>;

// the schemas carry exactly the domain's shapes and lists
const _same: [MealAnalysis, DomainCalculation, AgeGroupName, SexName, DomainCycleAgeGroup] extends
  [AnalysisData, CalculationData, Static<typeof AgeGroup>, Static<typeof Sex>, Static<typeof CycleAgeGroupAnalysis>] ? true : never = true;
const _back: [AnalysisData, Static<typeof AgeGroup>] extends [MealAnalysis, AgeGroupName] ? true : never = true;
void _same; void _back;

// ---------------------------------------------------------------------------------------------------------

export const calculateNutrition = endpoint({
  method: 'POST', path: '/v5/mall/nutrition/calculate', tags, body: CalculateInput, response: Calculation,
  summary: 'Nutrients of ingredient lines (grams, net or gross) and their total with the org\'s ingredient values; unknowns stay null and are listed',
});
export const analyseNutrition = endpoint({
  method: 'POST', path: '/v5/mall/nutrition/analysis', tags, body: AnalysisInput, response: Analysis,
  summary: 'WS/T 554 analysis of one day\'s meals for an age group: energy, nutrients, fat/carbohydrate energy %, food groups, scores, pass and advice',
});
export const analyseRecipeCycle = endpoint({
  method: 'GET', path: '/v5/mall/recipe/cycle/{id}/analysis', tags, params: IdParams, querystring: CycleAnalysisQuery, response: CycleAnalysis,
  summary: 'WS/T 554 analysis of a stored cycle per day and per week (average day), for each of its age groups or the one asked',
});
