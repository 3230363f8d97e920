// The nutrition calculator and the WS/T 554 analysis of meals (issue 10): pure, read by the server, the console
// and the labels alike, so the same meals give the same figures everywhere. Line maths and sums:
// domain/nutrition.ts (per-100 g × net / 100, net = gross × edible % / 100, 6 decimals, null = unknown);
// targets and bands: domain/nutritionStandards.ts (standards.json, §5, §9); advice: domain/nutrientCatalogue.ts.
//
// How the analysis is computed (one day; a week is its average day, see analyseDays)
//
//   targets     daily WS/T 554 target (mean of male and female unless a sex is asked) × the §9 share of the
//               main meals served (breakfast 0.2, lunch 0.4, dinner 0.4; snacks add food, not target). Where
//               standards.json has no figure (6-8: energy only) the item has no target, verdict 'noTarget',
//               is listed in `unscored` with the file's note, and takes no part in any score.
//   energy      value / target × 100 → §5 band 90–110 %: below 'low', above 'high', else 'ok'.
//   nutrients   protein 80–120 %; fibre, calcium, iron, zinc, vitamin A, B1, B2, C at least 80 % of target.
//               Sodium is judged as salt (below). Fat and carbohydrate are judged as energy ratios.
//               A value some food lacked is the sum of the known ones (a lower bound) and names those foods
//               in `missing`; a value no food knew is 'unknown' and is not scored.
//   ratios      % of energy from protein, fat and carbohydrate at 4/9/4 kcal/g, each divided by the same
//               4P + 9F + 4C (domain/energyShares.ts), so they add up to 100 %. Fat and carbohydrate are judged
//               against the WS/T 554 range (20–30 % fat, 50–65 % carbohydrate); protein's share is shown (protein
//               is judged by its amount) and not scored.
//   salt        salt equivalent = sodium of every food × 2.54 ÷ 1000 g (domain/salt.ts), against the WS/T 554 salt
//               amount of the main meals served as a ceiling: above 'high', else 'ok', never 'low'. It is the
//               amount of the 盐 food group too (so the group and the salt line always agree).
//   meals       one rule for each main meal, everywhere (issue 30): its §9 ratio of the day's targets (breakfast
//               0.2, lunch 0.4, dinner 0.4) judged in the §5 energy band (90–110 %). The targets of the meals
//               served are built from the same ratios, so a meal served alone gets the same verdict in
//               `energy` and in `meals[]`. The answer says so in `mealRule`.
//   food groups edible grams of each WS/T 554 group against the sum of its per-meal recommendation over the
//               main meals served (breakfast; lunchOrDinner for lunch and for dinner): §5 suitable when
//               80 % × min ≤ amount ≤ 120 % × max; below 'low', above 'high'. Salt and cooking oil are ceilings
//               only (domain/salt.ts): at most the figure is 'ok', above 'high', never 'low'. `percent` = amount ÷ the middle
//               of the recommended range × 100. A gross line whose edible % is unknown has no known grams and
//               adds nothing (its food is in `unknownFoods` only when the lookup did not know it).
//   sub-scores  each 0–100, 6 decimals (§9):
//     variety   = 100 × (½ × min(1, I ÷ Ie) + ½ × G ÷ Ge), where I = distinct ingredients served, Ie = VARIETY
//                 .foodsPerDay (12, 中国居民膳食指南 2022: at least 12 kinds of food a day) × the §9 share served
//                 (lunch only: 4.8), G = recommended groups with some amount, Ge = groups with a recommendation
//                 for the meals served (10). Ie = 0 (snacks only): the ingredient half is 0.
//     category  = 100 × (groups whose amount is suitable) ÷ Ge.
//     nutrient  = 100 × (scored items 'ok') ÷ (scored items), items = energy, the eight/nine amount nutrients
//                 with a target and a known value, and the fat and carbohydrate ratios where the age group has a
//                 range and the energy is known and above 0. No scored item: 0.
//     total     = 0.3 × variety + 0.3 × category + 0.4 × nutrient (§9 ANALYSIS.weights); pass when
//                 total ≥ passScore (§3 analysis extraInfo passScore, default §9 80).
//   advice      the catalogue's nutritionAnalysisProposal of every item 'low' (energy, an amount nutrient, the fat
//               or carbohydrate ratio) and of salt above its limit (sodium's), once per nutrient, in catalogue order.
//   several days (analyseDays): days with no dish are skipped; every amount (nutrients, group grams, meal energy)
//               and every target is the mean over the days analysed, and the verdicts and the category and
//               nutrient scores are those of this average day; variety is the mean of each day's variety score
//               (eating the same five foods every day is not varied, however the average looks).
import { ANALYSIS, MEAL_RATIO } from './constants.ts';
import { MACRO_KEYS, energySharesPct, type MacroKey } from './energyShares.ts';
import { SALT_GROUP, SALT_PER_SODIUM, isUpperLimitGroup, saltEquivalentG, upperLimitVerdict } from './salt.ts';
import {
  NUTRIENT_KEYS, lineNutrients, sumNutrients, weightTypeOf, type DosageMode, type FoodNutrition, type LineNutrients, type NutrientKey, type NutrientSum, type Nutrients, type WeightType,
} from './nutrition.ts';
import { RECIPE_LIMITS, dateOfDay, dishPortion } from './recipeCycle.ts';
import { nutrientEntry } from './nutrientCatalogue.ts';
import { round6 } from './numberInput.ts';
import {
  AGE_GROUPS, TARGET_NUTRIENTS, foodAmountBand, isAgeGroup, isMealCode, mainMealOf, nutrientBand,
  targetsForMeals, dailyTargets, dailyTargetNotes, TARGET_NOTES, type AgeGroup, type MealTargets, type Sex, type TargetNutrient,
} from './nutritionStandards.ts';

/** Limits on one request: beyond them it is a slip or an attack, refused with a reason. */
export const NUTRITION_LIMITS = {
  /** ingredient lines in one calculation or analysis (issue 10: 5,000 lines is the most) */
  linesMax: 5000,
  /** grams of one calculator line: a canteen batch, not a warehouse */
  weightMaxG: 1_000_000,
  /** grams of one line of an analysed meal, which is one student's: no more than a dish's largest dosage (issue 30) */
  mealLineMaxG: RECIPE_LIMITS.dosageMaxG,
  mealsMax: 31 * 6,
  dishesPerMeal: 60,
  dishNameMax: 100,
} as const;

/** Variety: 中国居民膳食指南 (2022) asks for at least 12 kinds of food a day (25 a week). */
export const VARIETY = { foodsPerDay: 12 } as const;

export const NUTRITION_TEXT = {
  tooManyLines: (n: number) => `参数错误：一次最多计算 ${NUTRITION_LIMITS.linesMax} 行食材（收到 ${n} 行）`,
  noLines: '参数错误：请至少添加一种食材',
  unknownFoods: (ids: readonly string[]) => `参数错误：食材不存在：${ids.slice(0, 5).join('、')}${ids.length > 5 ? ` 等 ${ids.length} 种` : ''}`,
  badWeight: (row: number, foodId: string, maxG: number = NUTRITION_LIMITS.weightMaxG) => `参数错误：第 ${row} 行（食材 ${foodId}）的重量须为 0 到 ${maxG} 克之间的数`,
  badAgeGroup: (given: string) => `参数错误：未知的年龄段「${given}」，只能是 ${AGE_GROUPS.join('、')}`,
  badMealCode: (code: number) => `参数错误：未知的餐次 ${code}（早餐 1、早点 2、午餐 3、午点 4、晚餐 5、晚点 6）`,
  duplicateMeal: (code: number) => `参数错误：餐次 ${code} 重复`,
  tooManyDishes: `参数错误：每个餐次最多 ${NUTRITION_LIMITS.dishesPerMeal} 道菜`,
  dishNameTooLong: `参数错误：菜品名称不能超过 ${NUTRITION_LIMITS.dishNameMax} 个字`,
  ageGroupNotInCycle: (given: string, groups: readonly string[]) => `参数错误：本周食谱没有年龄段「${given}」（有：${groups.join('、') || '无'}）`,
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
  /**
   * A custom people group's daily energy target (kcal/d; §3 recipe people energy, e.g. a sports class's from its exercise
   * prescription, domain/sportPrescription.ts) instead of the age group's WS/T 554 figure: energy and each meal are judged
   * against it × the share of the meals served. The other nutrients keep the age group's targets.
   */
  energyKcal?: number;
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

export interface EnergyResult { value: number | null; target: number | null; percent: number | null; minPct: number; maxPct: number | null; verdict: Verdict }
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
  /** protein, fat or carbohydrate (4/9/4 kcal/g of 4P + 9F + 4C) */
  key: MacroKey;
  /** % of energy from this nutrient */
  percent: number | null;
  minPct: number | null;
  maxPct: number | null;
  verdict: Verdict;
  note: string | null;
}
/**
 * A meal's energy judged by the one meal rule (mealRule): its kcal against the day's target × its share, in the §5
 * energy band. A snack has no share: 'noTarget'.
 */
export interface MealShareResult {
  mealCode: number;
  energyKcal: number | null;
  /** the meal's kcal as % of the day's energy target */
  percentOfDay: number | null;
  /** the rule's share of the day for this meal, % (null for a snack) */
  sharePct: number | null;
  /** kcal: the day's energy target × sharePct */
  target: number | null;
  /** energyKcal as % of target */
  percent: number | null;
  /** the §5 energy band the percent is judged in */
  minPct: number | null;
  maxPct: number | null;
  verdict: Verdict;
}
/** The one rule every main meal's energy (and its share of the targets) is judged by, as the answer states it. */
export interface MealRule {
  /** 'mealRatio': §9 meal ratios of the day's targets, judged in the §5 energy band */
  basis: 'mealRatio';
  /** % of the day per main meal */
  sharePct: { breakfast: number; lunch: number; dinner: number };
  minPct: number;
  maxPct: number | null;
}
/** Salt equivalent of all the sodium served against the age group's ceiling for the meals served. */
export interface SaltResult {
  /** g of salt equivalent (sodium × factor ÷ 1000); null when no food knew its sodium */
  value: number | null;
  sodiumMg: number | null;
  /** g salt per g sodium */
  factor: number;
  /** g: WS/T 554 salt amounts of the main meals served, a ceiling; null when no main meal is served */
  limit: number | null;
  /** value as % of the limit */
  percent: number | null;
  /** ok at or under the limit, high above it; never low */
  verdict: Verdict;
  /** foods that lacked sodium: the value is a lower bound */
  missing: string[];
}
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
  /** distinct ingredients per day (mean over the days) */
  ingredients: number;
  /** VARIETY.foodsPerDay × the §9 share served (mean over the days) */
  expectedIngredients: number;
  /** recommended groups served per day (mean) */
  groups: number;
  /** groups with a recommendation for the meals served (mean) */
  expectedGroups: number;
  /** distinct ingredients over all the days */
  distinctIngredients: number;
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
  /** the §9 share of the day the meals served stand for (mean over the days) */
  share: number;
  energy: EnergyResult;
  nutrients: NutrientResult[];
  energyRatios: EnergyRatioResult[];
  salt: SaltResult;
  mealRule: MealRule;
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
// Validation

// a number and nothing else: null, true or "10" are not weights (issue 30), whatever a lenient reader made of them
const validWeight = (w: unknown, maxG: number): w is number => typeof w === 'number' && Number.isFinite(w) && w >= 0 && w <= maxG;

/**
 * Every reason lines are refused (empty = acceptable): at most linesMax lines, unknown foods named, weights numbers
 * from 0 to maxG (the calculator's batch limit unless a meal's is given).
 */
export function lineProblems(lines: readonly NutritionLine[], lookup: FoodLookup, maxG: number = NUTRITION_LIMITS.weightMaxG): string[] {
  if (lines.length > NUTRITION_LIMITS.linesMax) return [NUTRITION_TEXT.tooManyLines(lines.length)];
  const out: string[] = [];
  const unknown = [...new Set(lines.filter((l) => !lookup(l.foodId)).map((l) => l.foodId))];
  if (unknown.length) out.push(NUTRITION_TEXT.unknownFoods(unknown));
  const bad = lines.findIndex((l) => !validWeight(l.weight, maxG));
  if (bad >= 0) out.push(NUTRITION_TEXT.badWeight(bad + 1, lines[bad].foodId, maxG));
  return out;
}

/** Every reason an analysis request is refused (empty = acceptable): the age group, meal codes, dishes and all lines. */
export function analysisProblems(input: { ageGroup: string; meals: readonly AnalysisMeal[] }, lookup: FoodLookup): string[] {
  const out: string[] = [];
  if (!isAgeGroup(input.ageGroup)) out.push(NUTRITION_TEXT.badAgeGroup(input.ageGroup));
  const seen = new Set<number>();
  for (const m of input.meals) {
    if (!isMealCode(m.mealCode)) { out.push(NUTRITION_TEXT.badMealCode(m.mealCode)); break; }
    if (seen.has(m.mealCode)) { out.push(NUTRITION_TEXT.duplicateMeal(m.mealCode)); break; }
    seen.add(m.mealCode);
    if (m.dishes.length > NUTRITION_LIMITS.dishesPerMeal) { out.push(NUTRITION_TEXT.tooManyDishes); break; }
    if (m.dishes.some((d) => d.name.length > NUTRITION_LIMITS.dishNameMax)) { out.push(NUTRITION_TEXT.dishNameTooLong); break; }
  }
  // one student's meal: a line above a dish's largest dosage is a slip (a kilo too many), not a meal
  out.push(...lineProblems(input.meals.flatMap((m) => m.dishes.flatMap((d) => d.items)), lookup, NUTRITION_LIMITS.mealLineMaxG));
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Calculator

const unknownFood = (foodId: string): AnalysisFood => ({ foodId, ediblePortionPct: null, per100g: {}, group: '', nameZh: '' });

/** The calculator: nutrients of each line and their total, unknowns kept (domain/nutrition.ts). */
export function calculate(lines: readonly NutritionLine[], lookup: FoodLookup): Calculation {
  const items: CalculationLine[] = lines.map((l) => {
    const food = lookup(l.foodId) ?? unknownFood(l.foodId);
    const n = lineNutrients(food, l.weight, l.weightType);
    return { foodId: l.foodId, nameZh: food.nameZh, weight: l.weight, weightType: l.weightType, netWeight: n.netWeight, nutrients: n.nutrients };
  });
  const sum = sumNutrients(items.map((i) => ({ foodId: i.foodId, weight: i.weight, weightType: i.weightType, netWeight: i.netWeight, nutrients: i.nutrients })));
  return { total: sum.total, items, missing: NUTRIENT_KEYS.filter((k) => sum.missing[k].length).map((k) => ({ key: k, foodIds: sum.missing[k] })) };
}

// ---------------------------------------------------------------------------------------------------------
// One day, as measured (before averaging)

interface DayFacts {
  mealCodes: number[];
  targets: MealTargets;
  total: Nutrients;
  missing: Record<NutrientKey, string[]>;
  /** energy per meal code (null: no food of the meal knew it) */
  mealEnergy: Map<number, number | null>;
  /** edible grams per group */
  groups: Map<string, number>;
  foods: Set<string>;
  unknownFoods: string[];
  variety: { ingredients: number; expectedIngredients: number; groups: number; expectedGroups: number; score: number };
}

function measureDay(meals: readonly AnalysisMeal[], lookup: FoodLookup, ageGroup: AgeGroup, sex: Sex): DayFacts {
  const served = meals.filter((m) => m.dishes.length > 0);
  const mealCodes = [...new Set(served.map((m) => m.mealCode))].sort((a, b) => a - b);
  const targets = targetsForMeals(ageGroup, mealCodes, sex);
  const mealEnergy = new Map<number, number | null>();
  const groups = new Map<string, number>();
  const foods = new Set<string>();
  const unknownFoods: string[] = [];
  const mealSums: NutrientSum[] = [];
  for (const meal of served) {
    const dishSums: NutrientSum[] = [];
    for (const dish of meal.dishes) {
      const lines: LineNutrients[] = [];
      for (const item of dish.items) {
        const food = lookup(item.foodId);
        if (!food && !unknownFoods.includes(item.foodId)) unknownFoods.push(item.foodId);
        const line = lineNutrients(food ?? unknownFood(item.foodId), item.weight, item.weightType);
        lines.push(line);
        if (food) {
          foods.add(food.foodId);
          if (line.netWeight !== null) groups.set(food.group, round6((groups.get(food.group) ?? 0) + line.netWeight));
        }
      }
      dishSums.push(sumNutrients(lines));
    }
    // lines → dish → meal → day, as domain/nutrition.ts sums them
    const mealSum = sumNutrients(dishSums);
    const prev = mealEnergy.get(meal.mealCode);
    const e = mealSum.total.energyKcal;
    mealEnergy.set(meal.mealCode, prev === undefined ? e : prev === null ? e : e === null ? prev : round6(prev + e));
    mealSums.push(mealSum);
  }
  const sum = sumNutrients(mealSums);
  const expectedIngredients = round6(VARIETY.foodsPerDay * targets.share);
  const expectedGroups = targets.foodGroups.length;
  const groupsServed = targets.foodGroups.filter((g) => (groups.get(g.group) ?? 0) > 0).length;
  const ingredientPart = expectedIngredients > 0 ? Math.min(1, foods.size / expectedIngredients) : 0;
  const groupPart = expectedGroups > 0 ? groupsServed / expectedGroups : 0;
  const score = round6(100 * (ingredientPart / 2 + groupPart / 2));
  return {
    mealCodes, targets, total: sum.total, missing: sum.missing, mealEnergy, groups, foods, unknownFoods,
    variety: { ingredients: foods.size, expectedIngredients, groups: groupsServed, expectedGroups, score },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Verdicts and scores

const mean = (xs: readonly number[]) => round6(xs.reduce((s, x) => s + x, 0) / xs.length);
/** The mean of values that are all known; null when any is unknown (a target missing on one day is missing). */
const meanKnown = (xs: readonly (number | null)[]) => (xs.length && xs.every((x) => x !== null) ? mean(xs as number[]) : null);

function verdictOf(percent: number, minPct: number | null, maxPct: number | null): Verdict {
  if (minPct !== null && percent < minPct) return 'low';
  if (maxPct !== null && percent > maxPct) return 'high';
  return 'ok';
}

const percentOf = (value: number, target: number) => round6((value / target) * 100);

/**
 * The analysis's own notes on an item it does not score (`unscored`, a nutrient's or a ratio's `note`), in English
 * as the server sends them. The console shows each through a catalog entry keyed by this text
 * (src/screens/meal/shared/nutritionTexts.ts); tests/unit/nutritionTexts.test.ts fails on one without a translation.
 */
export const ANALYSIS_NOTES = {
  noTarget: 'no target',
  noEnergyValue: 'no ingredient has an energy value',
  noValue: 'no ingredient has a value',
  noRange: 'no range',
  ratioUnknown: 'energy or the nutrient is unknown or 0',
  asSalt: 'judged as salt equivalent (salt)',
  asEnergyRatio: 'judged as % of energy (energyRatios)',
  proteinByAmount: 'protein is judged by its amount (nutrients)',
} as const;
const AS_SALT = ANALYSIS_NOTES.asSalt;
const AS_ENERGY_RATIO = ANALYSIS_NOTES.asEnergyRatio;

/** Every note an analysis can carry: its own, the missing targets', and those standards.json gives. */
export const analysisNoteTexts = (): string[] =>
  [...new Set<string>([...Object.values(ANALYSIS_NOTES), ...Object.values(TARGET_NOTES), ...dailyTargetNotes()])];

/** Scores, pass and advice from a day's (or average day's) verdicts. */
function judge(input: {
  ageGroup: AgeGroup; sex: Sex; days: number; facts: DayFacts[]; passScore: number; energyKcal?: number;
}): MealAnalysis {
  const { ageGroup, sex, days, facts, passScore } = input;
  const ownEnergy = input.energyKcal !== undefined && Number.isFinite(input.energyKcal) && input.energyKcal > 0 ? input.energyKcal : null;
  // the average day: amounts and targets are means over the days analysed
  const total = Object.fromEntries(NUTRIENT_KEYS.map((k) => {
    const known = facts.map((f) => f.total[k]).filter((v): v is number => v !== null);
    return [k, known.length ? round6(known.reduce((s, v) => s + v, 0) / facts.length) : null];
  })) as Nutrients;
  const missing = Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, [...new Set(facts.flatMap((f) => f.missing[k]))]])) as Record<NutrientKey, string[]>;
  const target = Object.fromEntries(TARGET_NUTRIENTS.map((k) => [k, meanKnown(facts.map((f) => f.targets.nutrients[k]))])) as Record<TargetNutrient, number | null>;
  // a people group's own energy target replaces the age group's, for the meals served (the same share)
  if (ownEnergy !== null) target.energyKcal = meanKnown(facts.map((f) => (f.targets.share > 0 ? round6(ownEnergy * f.targets.share) : null)));
  const notes = facts[0].targets.notes;
  const ratios = facts[0].targets.energyRatios;
  const ratioRange = (key: MacroKey) => (key === 'protein' ? null : ratios[key]);
  const unscored: Unscored[] = [];
  const scored: Verdict[] = [];

  // energy
  const eBand = nutrientBand('energyKcal');
  const eValue = total.energyKcal;
  const eTarget = target.energyKcal;
  const ePct = eValue !== null && eTarget !== null && eTarget > 0 ? percentOf(eValue, eTarget) : null;
  const eVerdict: Verdict = eTarget === null ? 'noTarget' : eValue === null ? 'unknown' : verdictOf(ePct!, eBand.minPct, eBand.maxPct);
  const energy: EnergyResult = { value: eValue, target: eTarget, percent: ePct, minPct: eBand.minPct, maxPct: eBand.maxPct, verdict: eVerdict };
  if (eVerdict === 'noTarget') unscored.push({ item: 'energyKcal', note: notes.energyKcal ?? ANALYSIS_NOTES.noTarget });
  else if (eVerdict === 'unknown') unscored.push({ item: 'energyKcal', note: ANALYSIS_NOTES.noEnergyValue });
  else scored.push(eVerdict);

  // amount nutrients
  const nutrients: NutrientResult[] = NUTRIENT_KEYS.filter((k) => k !== 'energyKcal').map((key) => {
    const value = total[key];
    const unit = nutrientEntry(key).unit;
    const base = { key, value, unit, missing: missing[key] };
    if (!(TARGET_NUTRIENTS as readonly string[]).includes(key)) {
      const note = key === 'sodium' ? AS_SALT : AS_ENERGY_RATIO;
      return { ...base, target: null, percent: null, minPct: null, maxPct: null, verdict: 'noTarget' as Verdict, note };
    }
    const k = key as TargetNutrient;
    const band = nutrientBand(k);
    const t = target[k];
    if (t === null) {
      const note = notes[k] ?? ANALYSIS_NOTES.noTarget;
      unscored.push({ item: key, note });
      return { ...base, target: null, percent: null, minPct: band.minPct, maxPct: band.maxPct, verdict: 'noTarget' as Verdict, note };
    }
    if (value === null) {
      unscored.push({ item: key, note: ANALYSIS_NOTES.noValue });
      return { ...base, target: t, percent: null, minPct: band.minPct, maxPct: band.maxPct, verdict: 'unknown' as Verdict, note: null };
    }
    const percent = t > 0 ? percentOf(value, t) : null;
    const verdict = percent === null ? 'unknown' : verdictOf(percent, band.minPct, band.maxPct);
    scored.push(verdict);
    return { ...base, target: t, percent, minPct: band.minPct, maxPct: band.maxPct, verdict, note: null };
  });

  // protein, fat and carbohydrate as % of the energy they give at 4/9/4 (domain/energyShares.ts)
  const shares = energySharesPct({ protein: total.protein, fat: total.fat, cho: total.cho });
  const energyRatios: EnergyRatioResult[] = MACRO_KEYS.map((key) => {
    const r = ratioRange(key);
    const percent = shares[key];
    if (r === null) return { key, percent, minPct: null, maxPct: null, verdict: 'noTarget' as Verdict, note: ANALYSIS_NOTES.proteinByAmount };
    if (r.minPct === null || r.maxPct === null) {
      unscored.push({ item: `${key}EnergyRatio`, note: r.note ?? ANALYSIS_NOTES.noRange });
      return { key, percent, minPct: null, maxPct: null, verdict: 'noTarget' as Verdict, note: r.note };
    }
    if (percent === null) {
      unscored.push({ item: `${key}EnergyRatio`, note: ANALYSIS_NOTES.ratioUnknown });
      return { key, percent, minPct: r.minPct, maxPct: r.maxPct, verdict: 'unknown' as Verdict, note: null };
    }
    const verdict = verdictOf(percent, r.minPct, r.maxPct);
    scored.push(verdict);
    return { key, percent, minPct: r.minPct, maxPct: r.maxPct, verdict, note: null };
  });

  // each meal by the one meal rule: its §9 ratio of the day's energy target, in the §5 energy band, as `energy`
  // judges the meals served (whose targets are built from the same ratios: nutritionStandards.targetsForMeals)
  const dailyEnergy = ownEnergy ?? dailyTargets(ageGroup, sex).energyKcal.value;
  const mealCodes = [...new Set(facts.flatMap((f) => f.mealCodes))].sort((a, b) => a - b);
  const meals: MealShareResult[] = mealCodes.map((mealCode) => {
    const values = facts.filter((f) => f.mealEnergy.has(mealCode)).map((f) => f.mealEnergy.get(mealCode)!);
    const known = values.filter((v): v is number => v !== null);
    const energyKcal = known.length ? mean(known) : null;
    const main = mainMealOf(mealCode);
    const sharePct = main ? round6(MEAL_RATIO[main] * 100) : null;
    const percentOfDay = energyKcal !== null && dailyEnergy ? percentOf(energyKcal, dailyEnergy) : null;
    const target = sharePct !== null && dailyEnergy !== null ? round6((dailyEnergy * sharePct) / 100) : null;
    const percent = energyKcal !== null && target !== null && target > 0 ? percentOf(energyKcal, target) : null;
    const verdict: Verdict = target === null ? 'noTarget' : percent === null ? 'unknown' : verdictOf(percent, eBand.minPct, eBand.maxPct);
    return {
      mealCode, energyKcal, percentOfDay, sharePct, target, percent,
      minPct: target === null ? null : eBand.minPct, maxPct: target === null ? null : eBand.maxPct, verdict,
    };
  });
  const mealRule: MealRule = {
    basis: 'mealRatio',
    sharePct: { breakfast: round6(MEAL_RATIO.breakfast * 100), lunch: round6(MEAL_RATIO.lunch * 100), dinner: round6(MEAL_RATIO.dinner * 100) },
    minPct: eBand.minPct, maxPct: eBand.maxPct,
  };

  // food groups of the average day against the mean recommendation
  const gBand = foodAmountBand();
  const saltValue = saltEquivalentG(total.sodium);
  const groupNames = facts[0].targets.foodGroups.map((g) => g.group);
  for (const f of facts) for (const g of f.targets.foodGroups) if (!groupNames.includes(g.group)) groupNames.push(g.group);
  const foodGroups: FoodGroupResult[] = groupNames.map((group) => {
    const per = facts.map((f) => f.targets.foodGroups.find((g) => g.group === group));
    const min = mean(per.map((g) => g?.min ?? 0));
    const max = mean(per.map((g) => g?.max ?? 0));
    // the salt group holds the salt equivalent of every food's sodium, not the grams of table salt alone
    const amount = group === SALT_GROUP ? saltValue ?? 0 : mean(facts.map((f) => f.groups.get(group) ?? 0));
    const middle = (min + max) / 2;
    const percent = middle > 0 ? percentOf(amount, middle) : 0;
    const lo = round6((min * gBand.minPct) / 100);
    const hi = gBand.maxPct === null ? null : round6((max * gBand.maxPct) / 100);
    // salt and cooking oil are ceilings: at most the figure is fine, less is never a fault
    const verdict: Verdict = isUpperLimitGroup(group) ? (amount > max ? 'high' : 'ok') : amount < lo ? 'low' : hi !== null && amount > hi ? 'high' : 'ok';
    const src = per.find((g) => g);
    return { group, amount, min, max, percent, verdict, suspect: per.some((g) => g?.suspect), note: src?.note ?? null };
  });

  // salt: the same figure and ceiling as the 盐 group, with its sodium and the foods that lacked it
  const saltGroup = foodGroups.find((g) => g.group === SALT_GROUP);
  const saltLimit = saltGroup && facts.some((f) => f.targets.share > 0) ? saltGroup.max : null;
  const salt: SaltResult = {
    value: saltValue, sodiumMg: total.sodium, factor: SALT_PER_SODIUM, limit: saltLimit,
    percent: saltValue !== null && saltLimit !== null && saltLimit > 0 ? percentOf(saltValue, saltLimit) : null,
    verdict: upperLimitVerdict(saltValue, saltLimit), missing: missing.sodium,
  };

  const variety: VarietyResult = {
    ingredients: mean(facts.map((f) => f.variety.ingredients)),
    expectedIngredients: mean(facts.map((f) => f.variety.expectedIngredients)),
    groups: mean(facts.map((f) => f.variety.groups)),
    expectedGroups: mean(facts.map((f) => f.variety.expectedGroups)),
    distinctIngredients: new Set(facts.flatMap((f) => [...f.foods])).size,
  };
  const w = ANALYSIS.weights;
  const varietyScore = mean(facts.map((f) => f.variety.score));
  const category = foodGroups.length ? round6((100 * foodGroups.filter((g) => g.verdict === 'ok').length) / foodGroups.length) : 0;
  const nutrient = scored.length ? round6((100 * scored.filter((v) => v === 'ok').length) / scored.length) : 0;
  const totalScore = round6(w.variety * varietyScore + w.category * category + w.nutrient * nutrient);

  const lowKeys = new Set<NutrientKey>();
  if (energy.verdict === 'low') lowKeys.add('energyKcal');
  for (const n of nutrients) if (n.verdict === 'low') lowKeys.add(n.key);
  for (const r of energyRatios) if (r.verdict === 'low') lowKeys.add(r.key);
  // too much salt: the sodium advice (less salt and salty sauces)
  if (salt.verdict === 'high') lowKeys.add('sodium');
  const advice: Advice[] = NUTRIENT_KEYS.filter((k) => lowKeys.has(k)).map((k) => nutrientEntry(k))
    .sort((a, b) => a.nutritionAnalysisProposal.sort - b.nutritionAnalysisProposal.sort)
    .map((e) => ({ key: e.name, text: e.nutritionAnalysisProposal.text }));

  return {
    ageGroup, sex, days, mealCodes, share: mean(facts.map((f) => f.targets.share)),
    energy, nutrients, energyRatios, salt, mealRule, meals, foodGroups, variety,
    scores: { variety: varietyScore, category, nutrient, total: totalScore },
    passScore, pass: totalScore >= passScore, advice, unscored,
    unknownFoods: [...new Set(facts.flatMap((f) => f.unknownFoods))],
  };
}

// the §3 passScore when it is a usable number, else §9's default
const passScoreOf = (p: number | undefined) => (typeof p === 'number' && Number.isFinite(p) && p >= 0 && p <= 100 ? p : ANALYSIS.passScore);

/** The analysis of one day's meals against the age group's targets for the meals served. */
export function analyseMeals(meals: readonly AnalysisMeal[], lookup: FoodLookup, options: AnalysisOptions): MealAnalysis {
  const sex = options.sex ?? 'mixed';
  return judge({ ageGroup: options.ageGroup, sex, days: 1, facts: [measureDay(meals, lookup, options.ageGroup, sex)], passScore: passScoreOf(options.passScore), energyKcal: options.energyKcal });
}

/** The analysis of the average day of several days' meals (a week of a cycle); days without dishes are skipped. */
export function analyseDays(days: readonly (readonly AnalysisMeal[])[], lookup: FoodLookup, options: AnalysisOptions): MealAnalysis {
  const sex = options.sex ?? 'mixed';
  const served = days.filter((d) => d.some((m) => m.dishes.length > 0));
  const facts = (served.length ? served : [[]]).map((d) => measureDay(d, lookup, options.ageGroup, sex));
  return judge({ ageGroup: options.ageGroup, sex, days: served.length || 1, facts, passScore: passScoreOf(options.passScore), energyKcal: options.energyKcal });
}

/** Whether a meal code is a main meal (breakfast, lunch, dinner) whose §9 share adds to the targets. */
export const isMainMeal = (mealCode: number) => mainMealOf(mealCode) !== null;

// ---------------------------------------------------------------------------------------------------------
// A stored recipe cycle (issue 9 cells with per-age-group dosages): each day's meals for one age group, analysed
// per day and per week (the average day of the week's days with dishes).

export interface CycleDish { id: string; name: string; lines: readonly { foodId: string; weight: number }[]; dosageMode: DosageMode }
export interface CycleCell { day: number; mealCode: number; dishes: readonly { dishId: string; dosages?: Partial<Record<string, number>> }[] }
export interface CycleFacts {
  startDate: string;
  /** days the cycle spans */
  days: number;
  ageGroups: readonly { ageRange: string; people: number }[];
  cells: readonly CycleCell[];
  dishes: ReadonlyMap<string, CycleDish>;
}
export interface CycleDayAnalysis { day: number; date: string; analysis: MealAnalysis }
export interface CycleWeekAnalysis { week: number; startDate: string; endDate: string; analysis: MealAnalysis | null; days: CycleDayAnalysis[] }
export interface CycleAgeGroupAnalysis { ageGroup: AgeGroup; people: number; weeks: CycleWeekAnalysis[] }

/**
 * The meals of every day of a cycle for one age group (index = day; a day without dishes is empty). A dish is
 * served at the age group's dosage: each line's grams × dosage ÷ portion, read as net or gross by the dish's
 * dosage mode. A dish the cells name that no longer exists is left out (listed by cycleMissingDishes).
 */
export function cycleDayMeals(cycle: CycleFacts, ageGroup: AgeGroup): AnalysisMeal[][] {
  const days: AnalysisMeal[][] = Array.from({ length: Math.max(0, cycle.days) }, () => []);
  const cells = [...cycle.cells].sort((a, b) => a.day - b.day || a.mealCode - b.mealCode);
  for (const cell of cells) {
    if (cell.day < 0 || cell.day >= days.length) continue;
    const dishes: AnalysisDish[] = [];
    for (const cd of cell.dishes) {
      const dish = cycle.dishes.get(cd.dishId);
      if (!dish) continue;
      const portion = dishPortion(dish.lines);
      if (!(portion > 0)) continue;
      const dosage = cd.dosages?.[ageGroup];
      const scale = typeof dosage === 'number' && Number.isFinite(dosage) && dosage >= 0 ? dosage / portion : 1;
      const weightType = weightTypeOf(dish.dosageMode);
      dishes.push({ name: dish.name, items: dish.lines.map((l) => ({ foodId: l.foodId, weight: round6(l.weight * scale), weightType })) });
    }
    if (dishes.length) days[cell.day].push({ mealCode: cell.mealCode, dishes });
  }
  return days;
}

/** The dish ids the cells name that the cycle's dish map lacks (deleted since). */
export const cycleMissingDishes = (cycle: CycleFacts): string[] =>
  [...new Set(cycle.cells.flatMap((c) => c.dishes.map((d) => d.dishId)).filter((id) => !cycle.dishes.has(id)))];

/** The analysis of a cycle per day and per week, for each of its age groups (or those asked, in the cycle's order). */
export function analyseCycle(
  cycle: CycleFacts, lookup: FoodLookup, options: { ageGroups?: readonly AgeGroup[]; sex?: Sex; passScore?: number; energyKcal?: number } = {},
): CycleAgeGroupAnalysis[] {
  const groups = cycle.ageGroups.filter((g): g is { ageRange: AgeGroup; people: number } => isAgeGroup(g.ageRange) && (!options.ageGroups || options.ageGroups.includes(g.ageRange)));
  const weeks = Math.ceil(Math.max(0, cycle.days) / 7);
  return groups.map(({ ageRange, people }) => {
    const sex = options.sex ?? 'mixed';
    const passScore = passScoreOf(options.passScore);
    const perDay = cycleDayMeals(cycle, ageRange);
    // each day is measured once and judged alone and within its week (what analyseMeals and analyseDays do)
    const facts = perDay.map((meals) => (meals.some((m) => m.dishes.length > 0) ? measureDay(meals, lookup, ageRange, sex) : null));
    return {
      ageGroup: ageRange, people,
      weeks: Array.from({ length: weeks }, (_, week) => {
        const first = week * 7;
        const last = Math.min(first + 6, perDay.length - 1);
        const days: CycleDayAnalysis[] = [];
        const served: DayFacts[] = [];
        for (let day = first; day <= last; day++) {
          const f = facts[day];
          if (!f) continue;
          served.push(f);
          days.push({ day, date: dateOfDay(cycle.startDate, day), analysis: judge({ ageGroup: ageRange, sex, days: 1, facts: [f], passScore, energyKcal: options.energyKcal }) });
        }
        return {
          week, startDate: dateOfDay(cycle.startDate, first), endDate: dateOfDay(cycle.startDate, last),
          analysis: served.length ? judge({ ageGroup: ageRange, sex, days: served.length, facts: served, passScore, energyKcal: options.energyKcal }) : null, days,
        };
      }),
    };
  });
}

/** §3 analysis extraInfo passScore when it is a score (0–100), else §9's default 80. */
export function passScoreFrom(extraInfo: unknown): number {
  const p = (extraInfo as { passScore?: unknown } | null)?.passScore;
  const n = typeof p === 'string' && p.trim() !== '' ? Number(p) : p;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 100 ? n : ANALYSIS.passScore;
}
