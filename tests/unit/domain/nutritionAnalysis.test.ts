// The calculator and the WS/T 554 analysis (domain/nutritionAnalysis.ts) on hand-worked examples: every
// expected figure below is worked out in the comments from the per-100 g values and the standards.json targets,
// not by calling the code.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  NUTRITION_LIMITS, analyseDays, analyseMeals, analysisProblems, calculate, lineProblems,
  type AnalysisFood, type AnalysisMeal, type FoodLookup, type MealAnalysis, type NutritionLine,
} from '../../../domain/nutritionAnalysis.ts';
import type { NutrientKey } from '../../../domain/nutrition.ts';

// ---------------------------------------------------------------------------------------------------------
// foods with round figures per 100 g (edible portion 100 %), so the sums can be checked by hand
const food = (foodId: string, nameZh: string, group: string, per100g: Partial<Record<NutrientKey, number | null>>): AnalysisFood =>
  ({ foodId, nameZh, group, ediblePortionPct: 100, per100g });
const zero = { energyKcal: 0, protein: 0, fat: 0, cho: 0, fiber: 0, sodium: 0, calcium: 0, iron: 0, zinc: 0, vitaminA: 0, vitaminB1: 0, vitaminB2: 0, vitaminC: 0 };
const FOODS: AnalysisFood[] = [
  food('G', '米', '谷薯类', { ...zero, energyKcal: 300, protein: 5, fat: 1, cho: 70, fiber: 2, calcium: 10, iron: 1, zinc: 1, vitaminB1: 0.2, vitaminB2: 0.1 }),
  food('V', '菜', '蔬菜类', { ...zero, energyKcal: 20, protein: 2, cho: 4, fiber: 3, sodium: 50, calcium: 100, iron: 2, zinc: 0.5, vitaminA: 300, vitaminB1: 0.05, vitaminB2: 0.1, vitaminC: 30 }),
  food('M', '肉', '畜禽肉类', { ...zero, energyKcal: 200, protein: 20, fat: 13, sodium: 60, calcium: 10, iron: 3, zinc: 3, vitaminA: 10, vitaminB1: 0.5, vitaminB2: 0.2 }),
  food('O', '油', '植物油', { ...zero, energyKcal: 900, fat: 100 }),
  food('S', '盐', '盐', { ...zero, sodium: 39000 }),
  // a food some values are unknown for
  food('X', '无维C菜', '蔬菜类', { ...zero, energyKcal: 20, vitaminC: null }),
];
const lookup: FoodLookup = (id) => FOODS.find((f) => f.foodId === id);
const net = (foodId: string, weight: number): NutritionLine => ({ foodId, weight, weightType: 'net' });

// Lunch A (meal code 3): rice 130 g, greens 150 g, meat 20 g, oil 10 g, salt 2 g, all net
const lunchA: AnalysisMeal[] = [{
  mealCode: 3,
  dishes: [
    { name: '米饭', items: [net('G', 130)] },
    { name: '青菜炒肉', items: [net('V', 150), net('M', 20), net('O', 10), net('S', 2)] },
  ],
}];

const nutrient = (a: MealAnalysis, key: NutrientKey) => a.nutrients.find((n) => n.key === key)!;
const group = (a: MealAnalysis, name: string) => a.foodGroups.find((g) => g.group === name)!;

describe('calculate (foods.json values)', () => {
  const foods = new Map((JSON.parse(fs.readFileSync('server/data/foods.json', 'utf8')) as { foods: (AnalysisFood & { id: string })[] }).foods
    .map((f) => [f.id, { ...f, foodId: f.id }]));
  const real: FoodLookup = (id) => foods.get(id);

  it('a gross weight is made net by the edible portion; an unknown value stays unknown and names its food', () => {
    // egg 01123, 100 g gross, edible 88 % → 88 g net: energy 143 × 0.88 = 125.84 kcal, protein 12.56 × 0.88 = 11.0528 g,
    //   fibre 0 × 0.88 = 0, vitamin A 160 × 0.88 = 140.8 µg
    // shrimp 15270, 50 g net: energy 85 × 0.5 = 42.5, protein 20.1 × 0.5 = 10.05, fibre and vitamin A unknown (null)
    // total: energy 168.34, protein 21.1028, fibre 0 (egg only; shrimp missing), vitamin A 140.8 (shrimp missing)
    const c = calculate([{ foodId: '01123', weight: 100, weightType: 'gross' }, net('15270', 50)], real);
    expect(c.items[0]).toMatchObject({ foodId: '01123', nameZh: '鸡蛋', netWeight: 88 });
    expect(c.items[0].nutrients.energyKcal).toBe(125.84);
    expect(c.items[1].nutrients.fiber).toBeNull();
    expect(c.total.energyKcal).toBe(168.34);
    expect(c.total.protein).toBe(21.1028);
    expect(c.total.fiber).toBe(0);
    expect(c.total.vitaminA).toBe(140.8);
    expect(c.missing).toEqual(expect.arrayContaining([{ key: 'fiber', foodIds: ['15270'] }, { key: 'vitaminA', foodIds: ['15270'] }]));
    expect(c.missing.map((m) => m.key)).not.toContain('energyKcal');
  });

  it('refuses what it cannot compute, naming it', () => {
    expect(lineProblems([net('01123', 10)], real)).toEqual([]);
    expect(lineProblems([net('nope', 10), net('01123', 10)], real)).toEqual([expect.stringContaining('nope')]);
    expect(lineProblems([net('01123', -1)], real)).toEqual([expect.stringMatching(/第 1 行.*01123/)]);
    expect(lineProblems([net('01123', 5), net('01123', Number.NaN)], real)).toEqual([expect.stringMatching(/第 2 行/)]);
    expect(lineProblems([net('01123', NUTRITION_LIMITS.weightMaxG + 1)], real)).toHaveLength(1);
    const many = Array.from({ length: NUTRITION_LIMITS.linesMax + 1 }, () => net('01123', 1));
    expect(lineProblems(many, real)).toEqual([expect.stringContaining(String(NUTRITION_LIMITS.linesMax))]);
    expect(lineProblems(many.slice(1), real)).toEqual([]);
    expect(analysisProblems({ ageGroup: '5-6', meals: lunchA }, lookup)).toEqual([expect.stringContaining('5-6')]);
    expect(analysisProblems({ ageGroup: '9-11', meals: [{ mealCode: 7, dishes: [] }] }, lookup)).toEqual([expect.stringContaining('7')]);
    expect(analysisProblems({ ageGroup: '9-11', meals: lunchA }, lookup)).toEqual([]);
  });
});

describe('analyseMeals: lunch A for 9-11', () => {
  // 9-11 daily targets (mean of male and female): energy (2100 + 1900) / 2 = 2000 kcal, protein 50 g, fibre 20 g,
  // calcium 850 mg, iron 14 mg, zinc 8 mg, vitamin A 550 µg, B1 1.1 mg, B2 1.1 mg, C 75 mg.
  // Lunch only: §9 share 0.4 → energy 800, protein 20, fibre 8, calcium 340, iron 5.6, zinc 3.2, vitamin A 220,
  // B1 0.44, B2 0.44, C 30.
  const a = analyseMeals(lunchA, lookup, { ageGroup: '9-11' });

  it('energy: 390 + 30 + 40 + 90 + 0 = 550 kcal of 800 = 68.75 % → low (§5 band 90–110 %)', () => {
    expect(a.share).toBe(0.4);
    expect(a.energy).toEqual({ value: 550, target: 800, percent: 68.75, minPct: 90, maxPct: 110, verdict: 'low' });
  });

  it('each nutrient against its share of the daily target', () => {
    // protein 6.5 + 3 + 4 = 13.5 g of 20 = 67.5 % → low (80–120 %)
    expect(nutrient(a, 'protein')).toMatchObject({ value: 13.5, target: 20, percent: 67.5, verdict: 'low' });
    // fibre 2.6 + 4.5 = 7.1 of 8 = 88.75 % → ok (≥ 80 %)
    expect(nutrient(a, 'fiber')).toMatchObject({ value: 7.1, target: 8, percent: 88.75, verdict: 'ok' });
    // calcium 13 + 150 + 2 = 165 of 340 = 48.529412 % → low
    expect(nutrient(a, 'calcium')).toMatchObject({ value: 165, target: 340, percent: 48.529412, verdict: 'low' });
    // iron 1.3 + 3 + 0.6 = 4.9 of 5.6 = 87.5 % ok; zinc 1.3 + 0.75 + 0.6 = 2.65 of 3.2 = 82.8125 % ok
    expect(nutrient(a, 'iron')).toMatchObject({ value: 4.9, percent: 87.5, verdict: 'ok' });
    expect(nutrient(a, 'zinc')).toMatchObject({ value: 2.65, percent: 82.8125, verdict: 'ok' });
    // vitamin A 450 + 2 = 452 of 220 = 205.454545 % → ok (no upper bound for other nutrients)
    expect(nutrient(a, 'vitaminA')).toMatchObject({ value: 452, percent: 205.454545, verdict: 'ok', maxPct: null });
    // B1 0.26 + 0.075 + 0.1 = 0.435 of 0.44 = 98.863636 % ok; B2 0.13 + 0.15 + 0.04 = 0.32 of 0.44 = 72.727273 % low
    expect(nutrient(a, 'vitaminB1')).toMatchObject({ value: 0.435, percent: 98.863636, verdict: 'ok' });
    expect(nutrient(a, 'vitaminB2')).toMatchObject({ value: 0.32, percent: 72.727273, verdict: 'low' });
    // C 45 of 30 = 150 % ok
    expect(nutrient(a, 'vitaminC')).toMatchObject({ value: 45, percent: 150, verdict: 'ok' });
    // sodium 75 + 12 + 780 = 867 mg: judged as salt (below), not as a sodium amount
    expect(nutrient(a, 'sodium')).toMatchObject({ value: 867, target: null, verdict: 'noTarget', note: 'judged as salt equivalent (salt)' });
  });

  it('protein, fat and carbohydrate as % of the energy they give at 4/9/4 kcal/g (issue 30)', () => {
    // protein 13.5 g × 4 = 54 kcal; fat 1.3 + 2.6 + 10 = 13.9 g × 9 = 125.1 kcal; carbohydrate 91 + 6 = 97 g × 4 = 388 kcal
    // divided by their own sum 54 + 125.1 + 388 = 567.1 kcal (not the table's 550):
    //   protein 54 / 567.1 = 9.522130 %, fat 125.1 / 567.1 = 22.059601 % (20–30 % ok), carbohydrate 388 / 567.1 = 68.418268 % (50–65 % high)
    const [protein, fat, cho] = a.energyRatios;
    expect(protein).toMatchObject({ key: 'protein', minPct: null, maxPct: null, verdict: 'noTarget' });
    expect(protein.percent).toBeCloseTo(9.52213, 5);
    expect(fat).toMatchObject({ key: 'fat', minPct: 20, maxPct: 30, verdict: 'ok' });
    expect(fat.percent).toBeCloseTo(22.059601, 5);
    expect(cho).toMatchObject({ key: 'cho', minPct: 50, maxPct: 65, verdict: 'high' });
    expect(cho.percent).toBeCloseTo(68.418268, 5);
    // the three shares are of one energy: they add up to 100 %
    expect(protein.percent! + fat.percent! + cho.percent!).toBeCloseTo(100, 5);
  });

  it('salt: the sodium of every food × 2.54 against the 2 g ceiling of a 9-11 lunch', () => {
    // 867 mg × 2.54 / 1000 = 2.20218 g, above 2 g (WS/T 554 盐 for lunchOrDinner, 9-11) → high, 110.109 % of the limit
    expect(a.salt).toEqual({ value: 2.20218, sodiumMg: 867, factor: 2.54, limit: 2, percent: 110.109, verdict: 'high', missing: [] });
    // the 盐 group holds the same salt equivalent and verdict
    expect(group(a, '盐')).toMatchObject({ amount: 2.20218, verdict: 'high' });
  });

  it('food groups against the lunch recommendations, suitable at 80 %–120 %', () => {
    // 谷薯类 120–140 g: 130 within 96–168 ok; percent 130 / 130 = 100
    expect(group(a, '谷薯类')).toMatchObject({ amount: 130, min: 120, max: 140, percent: 100, verdict: 'ok' });
    // 蔬菜类 140–160: 150 ok; 畜禽肉类 16–20: 20 within 12.8–24 ok; 植物油 10: 10 ok;
    // 盐 2: the salt equivalent of all the sodium, 2.20218 g, is above the 2 g ceiling → high
    expect(group(a, '蔬菜类').verdict).toBe('ok');
    expect(group(a, '畜禽肉类')).toMatchObject({ amount: 20, min: 16, max: 20, verdict: 'ok' });
    expect(group(a, '植物油').verdict).toBe('ok');
    expect(group(a, '盐').verdict).toBe('high');
    // nothing of 水果类, 鱼虾类, 蛋类, 奶及奶制品, 大豆类…: low
    for (const g of ['水果类', '鱼虾类', '蛋类', '奶及奶制品', '大豆类及其制品和坚果']) expect(group(a, g)).toMatchObject({ amount: 0, verdict: 'low' });
    expect(group(a, '大豆类及其制品和坚果').suspect).toBe(true);
    expect(a.foodGroups).toHaveLength(10);
  });

  it('scores, pass and advice', () => {
    // variety: 5 ingredients of 12 × 0.4 = 4.8 → 1; 5 groups of 10 → 0.5; 100 × (½ + ¼) = 75
    expect(a.variety).toEqual({ ingredients: 5, expectedIngredients: 4.8, groups: 5, expectedGroups: 10, distinctIngredients: 5 });
    // category: 4 of 10 groups suitable (谷薯, 蔬菜, 畜禽, 植物油; salt is over its ceiling) → 40
    // nutrient: 12 scored (energy, 9 nutrients, fat and carbohydrate %; protein's share is shown, not scored);
    //   ok: fibre, iron, zinc, A, B1, C, fat % = 7 → 58.333333
    // total: 0.3 × 75 + 0.3 × 40 + 0.4 × 58.333333 = 22.5 + 12 + 23.333333 = 57.833333 < 80 → fails
    expect(a.scores).toEqual({ variety: 75, category: 40, nutrient: 58.333333, total: 57.833333 });
    expect(a.passScore).toBe(80);
    expect(a.pass).toBe(false);
    // advice for each shortfall and for too much salt (sodium's), in catalogue order (carbohydrate is too high,
    // not short: no advice)
    expect(a.advice.map((x) => x.key)).toEqual(['energyKcal', 'protein', 'sodium', 'calcium', 'vitaminB2']);
    expect(a.advice[3].text).toContain('钙不足');
    expect(a.unscored).toEqual([]);
  });

  it('the lunch by the one meal rule: 550 of 2000 × 40 % = 800 kcal → 68.75 %, low as `energy` says (issue 30)', () => {
    expect(a.mealRule).toEqual({ basis: 'mealRatio', sharePct: { breakfast: 20, lunch: 40, dinner: 40 }, minPct: 90, maxPct: 110 });
    expect(a.meals).toEqual([{ mealCode: 3, energyKcal: 550, percentOfDay: 27.5, sharePct: 40, target: 800, percent: 68.75, minPct: 90, maxPct: 110, verdict: 'low' }]);
    expect(a.meals[0].verdict).toBe(a.energy.verdict);
  });

  it('the pass score of the analysis extraInfo decides pass', () => {
    expect(analyseMeals(lunchA, lookup, { ageGroup: '9-11', passScore: 57 }).pass).toBe(true);
    expect(analyseMeals(lunchA, lookup, { ageGroup: '9-11', passScore: 58 }).pass).toBe(false);
  });

  it('a boy\'s targets are the male figures', () => {
    // male 9-11 energy 2100 × 0.4 = 840 → 550 / 840 = 65.47619 %
    const boy = analyseMeals(lunchA, lookup, { ageGroup: '9-11', sex: 'male' });
    expect(boy.energy).toMatchObject({ target: 840, percent: 65.47619 });
  });
  it('a people group\'s own energy target (issue 35, a sports class) replaces the age group\'s for energy and the meal, not the nutrients', () => {
    // a class whose prescription asks 1300 kcal a day: lunch 1300 × 0.4 = 520 → 550 / 520 = 105.769231 % → ok
    const light = analyseMeals(lunchA, lookup, { ageGroup: '9-11', energyKcal: 1300 });
    expect(light.energy).toMatchObject({ value: 550, target: 520, percent: 105.769231, verdict: 'ok' });
    expect(light.meals[0]).toMatchObject({ target: 520, verdict: 'ok' });
    expect(nutrient(light, 'protein')).toMatchObject({ target: 20 });
    // more training, 1600 kcal: 640 → 85.9375 % → low; the verdict follows the prescription
    expect(analyseMeals(lunchA, lookup, { ageGroup: '9-11', energyKcal: 1600 }).energy).toMatchObject({ target: 640, percent: 85.9375, verdict: 'low' });
  });
});

describe('analyseMeals: what the standard lacks is said, never invented', () => {
  it('6-8 has energy only: the nutrient score is energy alone, the rest is listed as unscored', () => {
    // 6-8 energy (1700 + 1550) / 2 = 1625 × 0.4 = 650 → 550 / 650 = 84.615385 % → low
    const a = analyseMeals(lunchA, lookup, { ageGroup: '6-8' });
    expect(a.energy).toMatchObject({ target: 650, percent: 84.615385, verdict: 'low' });
    expect(nutrient(a, 'protein')).toMatchObject({ target: null, percent: null, verdict: 'noTarget' });
    expect(nutrient(a, 'protein').note).toMatch(/6-8/);
    expect(a.energyRatios.map((r) => r.verdict)).toEqual(['noTarget', 'noTarget', 'noTarget']);
    expect(a.unscored.map((u) => u.item)).toEqual(['protein', 'fiber', 'calcium', 'iron', 'zinc', 'vitaminA', 'vitaminB1', 'vitaminB2', 'vitaminC', 'fatEnergyRatio', 'choEnergyRatio']);
    // food groups 6-8 lunch: 谷薯 100–120 (130 within 80–144 ok), 蔬菜 120–140 (150 within 96–168 ok),
    // 畜禽 12–16 (20 above 19.2: high), 油 10 ok, 盐 2 g ceiling (2.20218 g of salt: high), five groups absent
    // → 3 of 10 → 30
    expect(group(a, '畜禽肉类').verdict).toBe('high');
    // the 6-8 salt ceiling is in the standard (2 g a lunch), so salt is judged even where nutrients are not
    expect(a.salt).toMatchObject({ limit: 2, verdict: 'high' });
    // nutrient: energy only, low → 0; total 0.3 × 75 + 0.3 × 30 + 0 = 31.5
    expect(a.scores).toEqual({ variety: 75, category: 30, nutrient: 0, total: 31.5 });
    expect(a.advice.map((x) => x.key)).toEqual(['energyKcal', 'sodium']);
  });

  it('a nutrient some food lacks is a lower bound naming that food; one no food knows is unknown and unscored', () => {
    // greens X (vitamin C unknown) 100 g beside greens V 100 g: C = 30 (V only), X named as missing
    const some = analyseMeals([{ mealCode: 3, dishes: [{ name: '双拼', items: [net('V', 100), net('X', 100)] }] }], lookup, { ageGroup: '9-11' });
    expect(nutrient(some, 'vitaminC')).toMatchObject({ value: 30, missing: ['X'], verdict: 'ok' });
    const none = analyseMeals([{ mealCode: 3, dishes: [{ name: '单拼', items: [net('X', 100)] }] }], lookup, { ageGroup: '9-11' });
    expect(nutrient(none, 'vitaminC')).toMatchObject({ value: null, verdict: 'unknown', missing: ['X'] });
    expect(none.unscored.map((u) => u.item)).toContain('vitaminC');
  });
});

describe('analyseDays: the average day of a week', () => {
  it('amounts are averaged over the days served, variety is the mean of the daily scores, empty days are skipped', () => {
    // day 1: lunch A (550 kcal); day 2: lunch of 230 g rice (300 × 2.3 = 690 kcal); day 3: nothing
    const lunchB: AnalysisMeal[] = [{ mealCode: 3, dishes: [{ name: '米饭', items: [net('G', 230)] }] }];
    const w = analyseDays([lunchA, lunchB, []], lookup, { ageGroup: '9-11' });
    expect(w.days).toBe(2);
    // energy (550 + 690) / 2 = 620 of 800 = 77.5 %
    expect(w.energy).toMatchObject({ value: 620, target: 800, percent: 77.5, verdict: 'low' });
    // rice (130 + 230) / 2 = 180 g, above 140 × 1.2 = 168 → high
    expect(group(w, '谷薯类')).toMatchObject({ amount: 180, verdict: 'high' });
    // variety day 2: 1 / 4.8 = 0.208333, halved 0.104167; 1 group of 10 halved 0.05 → 15.416667;
    // mean with day 1's 75 → (75 + 15.416667) / 2 = 45.208333(5)
    expect(w.scores.variety).toBeCloseTo(45.208333, 5);
    expect(w.variety).toMatchObject({ ingredients: 3, groups: 3, distinctIngredients: 5 });
  });
});

describe('issue 30: figures a dietitian can defend (foods.json values)', () => {
  const foods = new Map((JSON.parse(fs.readFileSync('server/data/foods.json', 'utf8')) as { foods: (AnalysisFood & { id: string })[] }).foods
    .map((f) => [f.id, { ...f, foodId: f.id }]));
  const real: FoodLookup = (id) => foods.get(id);
  const lunch = (...items: NutritionLine[]): AnalysisMeal[] => [{ mealCode: 3, dishes: [{ name: '一道菜', items }] }];
  const ratio = (a: MealAnalysis, key: string) => a.energyRatios.find((r) => r.key === key)!;

  it('50 g of white sugar gives 100 % of its energy from carbohydrate, not 104.9 %', () => {
    // 19335 白砂糖: protein 0, fat 0, carbohydrate 99.98 g/100 g → 49.99 g × 4 = 199.96 kcal of 199.96 kcal = 100 %
    const a = analyseMeals(lunch(net('19335', 50)), real, { ageGroup: '9-11' });
    expect(ratio(a, 'cho').percent).toBe(100);
    expect(ratio(a, 'fat').percent).toBe(0);
    expect(ratio(a, 'protein').percent).toBe(0);
  });

  it('10 g of soybean oil gives 100 % of its energy from fat', () => {
    // 04044 大豆油: fat 100 g/100 g → 10 g × 9 = 90 kcal of 90 kcal
    const a = analyseMeals(lunch(net('04044', 10)), real, { ageGroup: '9-11' });
    expect(ratio(a, 'fat')).toMatchObject({ percent: 100, verdict: 'high' });
    expect(ratio(a, 'cho')).toMatchObject({ percent: 0, verdict: 'low' });
  });

  it('rice with 30 g of soy sauce: 4.2 g of salt against the 2 g ceiling of a 9-11 lunch', () => {
    // 20444 籼米 130 g: sodium 5 mg/100 g → 6.5 mg; 16123 酱油 30 g: 5493 mg/100 g → 1647.9 mg; sum 1654.4 mg
    // salt = 1654.4 × 2.54 / 1000 = 4.202176 g; ceiling 2 g (WS/T 554 盐, lunchOrDinner, 9-11) → high, 210.1088 %
    const a = analyseMeals(lunch(net('20444', 130), net('16123', 30)), real, { ageGroup: '9-11' });
    expect(a.salt).toEqual({ value: 4.202176, sodiumMg: 1654.4, factor: 2.54, limit: 2, percent: 210.1088, verdict: 'high', missing: [] });
    expect(group(a, '盐')).toMatchObject({ amount: 4.202176, verdict: 'high' });
    expect(a.advice.map((x) => x.key)).toContain('sodium');
  });

  it('salt and oil under their ceilings are fine, never "low"', () => {
    // rice alone: 6.5 mg sodium → 0.01651 g salt, no oil: both ok (ceilings), not faults
    const a = analyseMeals(lunch(net('20444', 130)), real, { ageGroup: '9-11' });
    expect(a.salt).toMatchObject({ value: 0.01651, verdict: 'ok' });
    expect(group(a, '盐').verdict).toBe('ok');
    expect(group(a, '植物油')).toMatchObject({ amount: 0, verdict: 'ok' });
    expect(a.advice.map((x) => x.key)).not.toContain('sodium');
    // 13 g of oil over the 10 g ceiling is too much
    expect(group(analyseMeals(lunch(net('20444', 130), net('04044', 13)), real, { ageGroup: '9-11' }), '植物油').verdict).toBe('high');
  });

  it('a 400 kcal breakfast for 9-11 is judged once: 20 % of 2000 = 400 kcal target, 100 % → ok in energy and in meals[]', () => {
    // 20444 籼米 365 kcal/100 g: 400 / 3.65 = 109.589041 g ≈ 400 kcal (to 6 decimals of the line)
    const a = analyseMeals([{ mealCode: 1, dishes: [{ name: '粥', items: [net('20444', 109.589041)] }] }], real, { ageGroup: '9-11' });
    expect(a.energy).toMatchObject({ target: 400, verdict: 'ok' });
    expect(a.meals).toEqual([expect.objectContaining({ mealCode: 1, sharePct: 20, target: 400, minPct: 90, maxPct: 110, verdict: 'ok' })]);
    expect(a.meals[0].percent).toBeCloseTo(100, 4);
  });
});
