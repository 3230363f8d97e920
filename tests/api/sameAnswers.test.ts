// Issue 10 "same answers everywhere": one set of ingredient lines goes to the domain module directly, to the
// calculator call, into a dish (what the dish screen and the label inputs read), into a meal of the analysis call,
// and onto the public label (trace) page. Every figure must be the one the domain computes. (The console showing
// the calculator call's figures is checked in Chromium by tests/e2e/nutritionScreens.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import type { Dish } from '../../contracts/dishes.ts';
import type { AnalysisData, CalculationData } from '../../contracts/nutrition.ts';
import type { LabelDishes, Trace } from '../../contracts/foodLabels.ts';
import { calculate, type AnalysisFood } from '../../domain/nutritionAnalysis.ts';
import { GB28050, nutritionTable, type LabelFood } from '../../domain/nutritionLabel.ts';
import { NUTRIENT_KEYS, type NutrientKey } from '../../domain/nutrition.ts';
import { foods } from '../../server/modules/mall/skuIngredientRoutes.ts';

let server: TestServer;
let dietitian: Session;

/** rice, pork, spinach (gross: 72 % edible), soybean oil, salt: grams per portion */
const LINES = [
  { foodId: '20450', weight: 120, weightType: 'net' as const },
  { foodId: '10060', weight: 45, weightType: 'net' as const },
  { foodId: '11457', weight: 90, weightType: 'gross' as const },
  { foodId: '04044', weight: 6, weightType: 'net' as const },
  { foodId: '02047', weight: 1.2, weightType: 'net' as const },
];

const lookup = (id: string): AnalysisFood | undefined => {
  const f = foods().get(id);
  return f && { foodId: f.id, nameZh: f.nameZh, group: f.group, ediblePortionPct: f.ediblePortionPct, per100g: f.per100g as AnalysisFood['per100g'] };
};

beforeAll(async () => {
  server = await startTestServer();
  dietitian = await signIn(server, DEMO.dietitian, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

describe('one domain module answers for the calculator, dishes, the analysis and the labels', () => {
  it('gives the same nutrients for the same lines everywhere', async () => {
    const domain = calculate(LINES, lookup).total;
    expect(domain.energyKcal).toBeGreaterThan(0);

    const calc = await call<CalculationData>(server, 'POST', '/v5/mall/nutrition/calculate', { ...auth(dietitian), body: { items: LINES } });
    expect(calc.status, calc.body.status_text).toBe(200);
    expect(calc.body.data.total).toEqual(domain);

    // a dish of the same food, each line at the edible weight the calculator worked out
    const categories = await call<{ rows: { id: string; name: string; isPackage: number }[] }>(server, 'GET', '/v2/category?groupName=menuCategory', auth(dietitian));
    const categoryId = categories.body.data.rows.find((c) => !c.isPackage && c.name === '主食')!.id;
    const netLines = calc.body.data.items.map((i) => ({ foodId: i.foodId, weight: i.netWeight! }));
    const made = await call<Dish>(server, 'POST', '/v4/mall/menu', { ...auth(dietitian), body: { name: '同答案盖饭', categoryId, lines: netLines } });
    expect(made.status, made.body.status_text).toBe(200);
    const byNetCalc = calculate(netLines.map((l) => ({ ...l, weightType: 'net' as const })), lookup);
    const byNet = byNetCalc.total;
    for (const k of NUTRIENT_KEYS) expect(made.body.data.nutrients[k], k).toBe(byNet[k]);
    // the same food as net weights gives the same figures as gross with its edible portion (to the 6 decimals kept)
    for (const k of NUTRIENT_KEYS) expect(byNet[k]!, k).toBeCloseTo(domain[k]!, 4);

    // the label inputs read the dish's figures
    const labels = await call<LabelDishes>(server, 'GET', `/v5/mall/recipe/label/dish?id=${made.body.data.id}`, auth(dietitian));
    expect(labels.status, labels.body.status_text).toBe(200);
    for (const k of NUTRIENT_KEYS) expect(labels.body.data.dishes[0].nutrients[k], k).toBe(byNet[k]);

    // the analysis of a lunch of those lines counts the same energy and nutrients
    const analysis = await call<AnalysisData>(server, 'POST', '/v5/mall/nutrition/analysis', {
      ...auth(dietitian), body: { ageGroup: '9-11', meals: [{ mealCode: 3, dishes: [{ name: '同答案盖饭', items: LINES }] }] },
    });
    expect(analysis.status, analysis.body.status_text).toBe(200);
    expect(analysis.body.data.energy.value).toBe(domain.energyKcal);
    expect(analysis.body.data.nutrients.length).toBeGreaterThanOrEqual(9);
    for (const n of analysis.body.data.nutrients) expect(n.value, n.key).toBe(domain[n.key as NutrientKey]);

    // the printed label's table (public trace page) is the label module's table of the dish's figures
    const trace = await call<Trace>(server, 'GET', `/v5/public/trace/${dietitian.orgApp!.orgId}/${made.body.data.id}`);
    expect(trace.status, trace.body.status_text).toBe(200);
    const food: LabelFood = {
      name: made.body.data.name, ingredients: [], allergens: [], netGrams: netLines.reduce((s, l) => s + l.weight, 0), nutrients: byNet,
      // what some food of the dish does not know (fibre: carbohydrate and energy are declared without it, GB 28050)
      incomplete: byNetCalc.missing.map((m) => m.key),
    };
    expect(trace.body.data.dishes[0].table).toEqual(nutritionTable(food, GB28050));
  });
});
