// Food labels (issue 10): the label inputs of an org's dishes, and the public trace page's call, which answers
// without sign-in only what a printed label shows; an unknown dish or org is a 404, bad input a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import type { Dish } from '../../contracts/dishes.ts';
import type { LabelDishes, Trace } from '../../contracts/foodLabels.ts';
import { CORE_LABEL_NUTRIENTS, GB28050, nutritionTable, type LabelFood } from '../../domain/nutritionLabel.ts';
import { NUTRIENT_KEYS } from '../../domain/nutrition.ts';
import type { FoodLabelConfig } from '../../domain/foodLabel.ts';

let server: TestServer;
let dietitianA: Session;
let dietitianB: Session;
let dish: Dish;
let otherOrgDish: Dish;

const category = async (s: Session) => {
  const rows = (await call<{ rows: { id: string; name: string; isPackage: number }[] }>(server, 'GET', '/v2/category?groupName=menuCategory', auth(s))).body.data.rows;
  return rows.find((c) => !c.isPackage && c.name === '半荤半素')!.id;
};
/** tomato 150 g, egg 60 g, soybean oil 8 g, salt 1.5 g, sugar 3 g: net weights, so the portion is 222.5 g */
const lines = [{ foodId: '11529', weight: 150 }, { foodId: '01123', weight: 60 }, { foodId: '04044', weight: 8 }, { foodId: '02047', weight: 1.5 }, { foodId: '19335', weight: 3 }];

beforeAll(async () => {
  server = await startTestServer();
  dietitianA = await signIn(server, DEMO.dietitian, SCHOOL_A);
  dietitianB = await signIn(server, DEMO.dietitian, SCHOOL_B);
  const made = await call<Dish>(server, 'POST', '/v4/mall/menu', {
    ...auth(dietitianA), body: { name: '标签番茄炒蛋', categoryId: await category(dietitianA), allergens: ['蛋类'], note: '内部做法', lines },
  });
  expect(made.status, made.body.status_text).toBe(200);
  dish = made.body.data;
  const other = await call<Dish>(server, 'POST', '/v4/mall/menu', { ...auth(dietitianB), body: { name: '别校菜品', categoryId: await category(dietitianB), lines: lines.slice(0, 2) } });
  otherOrgDish = other.body.data;
});
afterAll(async () => { await server?.close(); });

const labels = (s: Session | null, ids: string) => call<LabelDishes>(server, 'GET', `/v5/mall/recipe/label/dish?id=${encodeURIComponent(ids)}`, s ? auth(s) : {});
const trace = (org: string, ids: string) => call<Trace>(server, 'GET', `/v5/public/trace/${encodeURIComponent(org)}/${encodeURIComponent(ids)}`);

describe('label inputs', () => {
  it('gives a dish\'s portion, edible weight, nutrients and ingredients heaviest first, the same figures as the dish list', async () => {
    const res = await labels(dietitianA, dish.id);
    expect(res.status, res.body.status_text).toBe(200);
    const [d] = res.body.data.dishes;
    expect(res.body.data.orgName).toBe(SCHOOL_A);
    expect(d.portionGrams).toBe(222.5);
    expect(d.netGrams).toBe(222.5);
    for (const k of NUTRIENT_KEYS) expect(d.nutrients[k], k).toBe(dish.nutrients[k]);
    expect(d.ingredients.map((i) => i.grams)).toEqual([150, 60, 8, 3, 1.5]);
    expect(d.ingredients[0].name).toBe(dish.lines[0].foodName);
    expect(d.allergens).toEqual(['蛋类']);
  });

  it('leaves out another org\'s dish; refuses a caller without sign-in, no ids and an overlong list', async () => {
    const res = await labels(dietitianA, `${dish.id},${otherOrgDish.id}`);
    expect(res.body.data.dishes.map((d) => d.id)).toEqual([dish.id]);
    expect((await labels(null, dish.id)).status).toBe(401);
    // more ids than fit the query's length
    const many = await labels(dietitianA, Array.from({ length: 2001 }, (_, i) => `d${i}`).join(','));
    expect(many.status).toBe(400);
    expect((await labels(dietitianA, '')).status).toBe(400);
  });
});

describe('public trace page', () => {
  it('answers without sign-in with exactly what a label shows, the GB 28050 table computed by the label module', async () => {
    const res = await trace(dietitianA.orgApp!.orgId, dish.id);
    expect(res.status, res.body.status_text).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['dishes', 'orgName']);
    const [d] = res.body.data.dishes;
    expect(Object.keys(d).sort()).toEqual(['allergens', 'ingredients', 'name', 'table']);
    expect(d.name).toBe('标签番茄炒蛋');
    expect(d.allergens).toEqual(['蛋类']);
    // names only: no food ids, no grams, no cooking note
    expect(d.ingredients).toEqual([...dish.lines].sort((a, b) => b.weight - a.weight).map((l) => l.foodName));
    expect(JSON.stringify(res.body.data)).not.toMatch(/11529|内部做法|"grams"/);
    expect(d.table.rows.map((r) => r.key)).toEqual([...CORE_LABEL_NUTRIENTS]);
    const food: LabelFood = { name: dish.name, ingredients: [], allergens: [], netGrams: 222.5, nutrients: dish.nutrients, incomplete: dish.incomplete as LabelFood['incomplete'] };
    expect(d.table).toEqual(nutritionTable(food, GB28050));
    expect(d.table.portionGrams).toBe(223);
  });

  it('follows the org\'s label panel setting: GB 28050-2025 "1+6" once the school chooses it, 2011 "1+4" again after', async () => {
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    const label = (method: string, body?: unknown) => call<FoodLabelConfig>(server, method, '/v1/config/foodlabel', { token: admin.token, key: admin.key, body });
    const config = (await label('GET')).body.data;
    const food: LabelFood = { name: dish.name, ingredients: [], allergens: [], netGrams: 222.5, nutrients: dish.nutrients, incomplete: dish.incomplete as LabelFood['incomplete'] };
    const set = await label('PUT', { fields: config.fields, saltConversionTip: config.saltConversionTip, panel: 'gb28050-2025' });
    expect(set.status, set.body.status_text).toBe(200);
    try {
      const [d] = (await trace(dietitianA.orgApp!.orgId, dish.id)).body.data.dishes;
      expect(d.table).toEqual(nutritionTable(food, GB28050, { panel: 'gb28050-2025' }));
      expect(d.table).toMatchObject({ panel: 'gb28050-2025', advisory: 'saltOilSugar' });
      expect(d.table.rows.map((r) => r.key)).toEqual(expect.arrayContaining(['saturatedFat', 'sugars']));
      // another school's trace keeps its own (default) panel
      const [other] = (await trace(dietitianB.orgApp!.orgId, otherOrgDish.id)).body.data.dishes;
      expect(other.table.panel).toBe('gb28050-2011');
    } finally {
      expect((await label('PUT', { fields: config.fields, saltConversionTip: config.saltConversionTip, panel: 'gb28050-2011' })).status).toBe(200);
    }
    const [back] = (await trace(dietitianA.orgApp!.orgId, dish.id)).body.data.dishes;
    expect(back.table).toMatchObject({ panel: 'gb28050-2011', advisory: null });
  });

  it('is a 404 for an unknown dish, another org\'s dish, an unknown org, or a list with one unknown id', async () => {
    expect((await trace(dietitianA.orgApp!.orgId, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await trace(dietitianA.orgApp!.orgId, otherOrgDish.id)).status).toBe(404);
    expect((await trace('no-such-org', dish.id)).status).toBe(404);
    const mixed = await trace(dietitianA.orgApp!.orgId, `${dish.id},nope`);
    expect(mixed.status).toBe(404);
    expect(mixed.body.status_text).toBe('菜品不存在');
    expect(mixed.body.data ?? null).toBeNull();
  });

  it('refuses more dishes than one label carries with a readable 400', async () => {
    const res = await trace(dietitianA.orgApp!.orgId, Array.from({ length: 13 }, (_, i) => `d${i}`).join(','));
    expect(res.status).toBe(400);
    expect(res.body.status_text).toMatch(/最多/);
  });
});
