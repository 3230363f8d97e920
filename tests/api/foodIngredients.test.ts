// §7 Food ingredients (issue 9): the platform library read from foods.json, an org's own ingredients and
// overrides that win inside that org only, the search rule, the writers' rule and bad input.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import type { FoodIngredient } from '../../contracts/foodIngredients.ts';

type Rows = { rows: FoodIngredient[]; count: number };

let server: TestServer;
let dietitianA: Session;
let dietitianB: Session;
beforeAll(async () => {
  server = await startTestServer();
  dietitianA = await signIn(server, DEMO.dietitian, SCHOOL_A);
  dietitianB = await signIn(server, DEMO.dietitian, SCHOOL_B);
});
afterAll(async () => { await server?.close(); });

const list = (s: Session, query = '') => call<Rows>(server, 'GET', `/v4/mall/food/ingredients${query}`, auth(s));
const q = (text: string) => `?query=${encodeURIComponent(text)}`;
const dump = async () => (await sql<{ row: string }>`SELECT row_to_json(t)::text AS row FROM food_ingredients t ORDER BY 1`.execute(server.store.db)).rows.map((r) => r.row);

describe('platform library', () => {
  it('is the 243 foods of the data file, which equals the shared reference copy, with nulls kept', async () => {
    const shared = '/work/shared/data/nutrition/foods.json';
    const repo = new URL('../../server/data/foods.json', import.meta.url);
    const file = JSON.parse(fs.readFileSync(repo, 'utf8')) as { foods: { id: string; nameZh: string; per100g: Record<string, number | null> }[] };
    if (fs.existsSync(shared)) expect(fs.readFileSync(shared, 'utf8')).toBe(fs.readFileSync(repo, 'utf8'));
    const all = await list(dietitianA, '?$limit=10000');
    expect(all.status).toBe(200);
    expect(all.body.data.count).toBe(file.foods.length);
    expect(all.body.data.rows.map((r) => r.foodId)).toEqual(file.foods.map((f) => f.id));
    const shrimp = all.body.data.rows.find((r) => r.foodId === '15270')!;
    expect(shrimp.per100g.vitaminC).toBeNull();
    expect(shrimp.per100g.protein).toBe(file.foods.find((f) => f.id === '15270')!.per100g.protein);
    expect(shrimp.source).toBe('platform');
  });

  it('searches by Chinese name, pinyin initials, English name and a foodId list; $limit is bounded', async () => {
    expect((await list(dietitianA, q('鸡蛋'))).body.data.rows.map((r) => r.foodId)).toContain('01123');
    expect((await list(dietitianA, q('jd'))).body.data.rows.map((r) => r.nameZh)).toContain('鸡蛋');
    expect((await list(dietitianA, q('egg'))).body.data.rows.map((r) => r.foodId)).toContain('01123');
    const some = await list(dietitianA, '?foodId=01123,15270,nope');
    expect(some.body.data.rows.map((r) => r.foodId).sort()).toEqual(['01123', '15270']);
    const tooMany = Array.from({ length: 71 }, (_, i) => String(i)).join(',');
    expect((await list(dietitianA, `?foodId=${tooMany}`)).status).toBe(400);
    expect((await list(dietitianA, '?$limit=10001')).status).toBe(400);
    expect((await list(dietitianA, '?$limit=5')).body.data.rows).toHaveLength(5);
    expect((await call(server, 'GET', '/v4/mall/food/ingredients')).status).toBe(401);
  });
});

describe("an org's own ingredients and overrides", () => {
  it('a local ingredient is seen inside its org only, found by its pinyin, changed with its version, removed', async () => {
    const made = await call<FoodIngredient>(server, 'POST', '/v4/mall/food/ingredients', {
      ...auth(dietitianA), body: { nameZh: '自制豆花', group: '大豆类及其制品和坚果', ediblePortionPct: 100, per100g: { energyKcal: 50, protein: 4.5, vitaminC: null } },
    });
    expect(made.status).toBe(200);
    const food = made.body.data;
    expect(food.source).toBe('local');
    expect(food.per100g.vitaminC).toBeNull();
    expect(food.per100g.fat).toBeNull();
    expect((await list(dietitianA, q('zzdh'))).body.data.rows.map((r) => r.foodId)).toEqual([food.foodId]);
    expect((await list(dietitianB, q('自制豆花'))).body.data.count).toBe(0);
    expect((await list(dietitianA, '?source=org')).body.data.rows.map((r) => r.foodId)).toContain(food.foodId);

    const changed = await call<FoodIngredient>(server, 'PUT', `/v4/mall/food/ingredients/${food.foodId}`, { ...auth(dietitianA), body: { per100g: { protein: 5 }, version: food.version } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.per100g.protein).toBe(5);
    expect(changed.body.data.per100g.energyKcal).toBe(50);
    const stale = await call(server, 'PUT', `/v4/mall/food/ingredients/${food.foodId}`, { ...auth(dietitianA), body: { per100g: { protein: 6 }, version: food.version } });
    expect(stale.status).toBe(409);

    // school B's key does not reach school A's ingredient
    expect((await call(server, 'DELETE', `/v4/mall/food/ingredients/${food.foodId}`, auth(dietitianB))).status).toBe(404);
    expect((await call(server, 'DELETE', `/v4/mall/food/ingredients/${food.foodId}`, auth(dietitianA))).status).toBe(200);
    expect((await list(dietitianA, q('自制豆花'))).body.data.count).toBe(0);
  });

  it("an override wins inside its org: the other school keeps the platform's values; removing it brings them back", async () => {
    const put = await call<FoodIngredient>(server, 'PUT', '/v4/mall/food/ingredients/01123', { ...auth(dietitianA), body: { per100g: { protein: 13.1 }, ediblePortionPct: 90 } });
    expect(put.status).toBe(200);
    expect(put.body.data.source).toBe('override');
    expect(put.body.data.per100g.protein).toBe(13.1);
    expect(put.body.data.per100g.energyKcal).toBe(143);
    const inA = (await list(dietitianA, '?foodId=01123')).body.data.rows[0];
    const inB = (await list(dietitianB, '?foodId=01123')).body.data.rows[0];
    expect([inA.per100g.protein, inA.ediblePortionPct]).toEqual([13.1, 90]);
    expect([inB.per100g.protein, inB.ediblePortionPct, inB.source]).toEqual([12.56, 88, 'platform']);
    expect((await call(server, 'DELETE', '/v4/mall/food/ingredients/01123', auth(dietitianA))).status).toBe(200);
    expect((await list(dietitianA, '?foodId=01123')).body.data.rows[0].per100g.protein).toBe(12.56);
  });

  it('refuses bad input with a readable message and writes nothing', async () => {
    const before = await eventCount(server);
    const rows = await dump();
    const bad: unknown[] = [
      {},
      { nameZh: '', group: '蔬菜类' },
      { nameZh: '菜', group: '零食' },
      { nameZh: '菜', group: '蔬菜类', per100g: { protein: -1 } },
      { nameZh: '菜', group: '蔬菜类', per100g: { energyKcal: 100000 } },
      { nameZh: '菜', group: '蔬菜类', per100g: { protein: 'abc' } },
      { nameZh: '菜', group: '蔬菜类', per100g: { sugar: 1 } },
      { nameZh: '菜', group: '蔬菜类', ediblePortionPct: 150 },
      { nameZh: 'x'.repeat(51), group: '蔬菜类' },
      { foodId: '99999', per100g: { protein: 1 } },
    ];
    for (const body of bad) {
      const res = await call(server, 'POST', '/v4/mall/food/ingredients', { ...auth(dietitianA), body });
      expect([400, 404], JSON.stringify(body)).toContain(res.status);
      expect(res.body.status_text).toBeTruthy();
    }
    expect((await call(server, 'PUT', '/v4/mall/food/ingredients/L0000000000', { ...auth(dietitianA), body: { nameZh: 'x' } })).status).toBe(404);
    expect(await eventCount(server)).toBe(before);
    expect(await dump()).toEqual(rows);
  });

  it('only the recipe writers of the org write: delivery staff and bureau write nothing', async () => {
    const delivery = await signIn(server, DEMO.delivery);
    // the ingredient library is no screen of a delivery user's (issue 27)
    expect((await list(delivery, q('鸡蛋'))).status).toBe(403);
    const res = await call(server, 'POST', '/v4/mall/food/ingredients', { ...auth(delivery), body: { nameZh: '菜', group: '蔬菜类' } });
    expect(res.status).toBe(403);
    const bureau = await signIn(server, DEMO.bureau);
    expect((await call(server, 'PUT', '/v4/mall/food/ingredients/01123', { ...auth(bureau), body: { per100g: { protein: 1 } } })).status).toBe(403);
  });
});

describe('ingredient ↔ product links', () => {
  it("lists the SKUs linked to foods, of suppliers the caller may read, paged by $skip", async () => {
    // mango and salmon: foods no demo good is linked to (server/seed/demoSkuFoods.ts), so the counts are this test's own
    const supplier = await signIn(server, DEMO.supplier);
    const skus = await call<{ rows: { skuId: string }[] }>(server, 'GET', '/v4/mall/sku?$limit=2', auth(supplier));
    const [a, b] = skus.body.data.rows.map((s) => s.skuId);
    expect((await call(server, 'PUT', '/v4/mall/sku/ingredients', { ...auth(supplier), body: { skuId: a, ingredients: [{ foodId: '09176', ratio: 0.9 }] } })).status).toBe(200);
    expect((await call(server, 'PUT', '/v4/mall/sku/ingredients', { ...auth(supplier), body: { skuId: b, ingredients: [{ foodId: '09176', ratio: 0.5 }, { foodId: '15236', ratio: 0.5 }] } })).status).toBe(200);
    type Links = { rows: { foodId: string; skuId: string; productName: string; ratio: number }[]; count: number };
    const school = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const egg = await call<Links>(server, 'GET', '/v4/mall/food/ingredients/product?foodId=09176', auth(school));
    expect(egg.status).toBe(200);
    expect(egg.body.data.rows.map((r) => r.skuId).sort()).toEqual([a, b].sort());
    const all = await call<Links>(server, 'GET', '/v4/mall/food/ingredients/product?foodId=09176,15236', auth(school));
    expect(all.body.data.count).toBe(3);
    const page2 = await call<Links>(server, 'GET', '/v4/mall/food/ingredients/product?foodId=09176,15236&$limit=2&$skip=2', auth(school));
    expect(page2.body.data.rows).toHaveLength(1);
    expect(page2.body.data.count).toBe(3);
    // the bureau of another area, and an org with no supplier link, read nothing of this supplier
    const delivery = await signIn(server, DEMO.delivery);
    // (a delivery user holds no screen of ingredients or goods at all: refused outright, issue 27)
    expect((await call<Links>(server, 'GET', '/v4/mall/food/ingredients/product?foodId=09176', auth(delivery))).status).toBe(403);
  });
});

describe('Excel import of local ingredients', () => {
  type Result = { created: number; updated: number };
  const imp = (s: Session, rows: unknown[]) => call<Result>(server, 'POST', '/v4/mall/food/ingredients/import', { ...auth(s), body: { rows } });

  it('adds new names, updates names the org has, and changes nothing when imported again', async () => {
    const rows = [
      { row: 2, nameZh: '学校自制酸梅汤', group: '其他', ediblePortionPct: 100, per100g: { energyKcal: 40, vitaminC: null } },
      { row: 3, nameZh: '本地黑猪肉', group: '畜禽肉类', per100g: { protein: 20.5, fat: 12 } },
    ];
    const first = await imp(dietitianA, rows);
    expect(first.status, first.body.status_text).toBe(200);
    expect(first.body.data).toEqual({ created: 2, updated: 0 });
    const before = await eventCount(server);
    expect((await imp(dietitianA, rows)).body.data).toEqual({ created: 0, updated: 0 });
    expect(await eventCount(server)).toBe(before);
    const changed = await imp(dietitianA, [{ ...rows[1], per100g: { protein: 21 } }]);
    expect(changed.body.data).toEqual({ created: 0, updated: 1 });
    const pork = (await list(dietitianA, q('本地黑猪肉'))).body.data.rows;
    expect(pork).toHaveLength(1);
    expect([pork[0].per100g.protein, pork[0].per100g.fat, pork[0].source]).toEqual([21, 12, 'local']);
    expect((await list(dietitianB, q('本地黑猪肉'))).body.data.count).toBe(0);
  });

  it('refuses the whole sheet when a row is bad, naming every bad row, and writes nothing', async () => {
    const before = await eventCount(server);
    const rows = await dump();
    const res = await imp(dietitianA, [
      { row: 2, nameZh: '好的食材', group: '蔬菜类' },
      { row: 3, nameZh: '', group: '蔬菜类' },
      { row: 4, nameZh: '坏分类', group: '零食' },
      { row: 5, nameZh: '负值', group: '蔬菜类', per100g: { protein: -3 } },
      { row: 6, nameZh: '好的食材', group: '蔬菜类' },
    ]);
    expect(res.status).toBe(400);
    for (const n of [3, 4, 5, 6]) expect(res.body.status_text).toContain(`第 ${n} 行`);
    expect(res.body.status_text).not.toContain('第 2 行');
    expect(await eventCount(server)).toBe(before);
    expect(await dump()).toEqual(rows);
    expect((await imp(dietitianA, [])).status).toBe(400);
    const delivery = await signIn(server, DEMO.delivery);
    expect((await imp(delivery, [{ row: 2, nameZh: 'x', group: '其他' }])).status).toBe(403);
  });

  it('answers a refused sheet with every bad row and its reasons in data.errors, in the language the request asks for', async () => {
    type Refused = { errors: { row: number; errors: string[] }[] };
    const sheet = [
      { row: 2, nameZh: '好的食材二', group: '蔬菜类' },
      { row: 3, nameZh: '', group: '蔬菜类' },
      { row: 4, nameZh: '负值二', group: '蔬菜类', ediblePortionPct: 0 },
      { row: 5, nameZh: '好的食材二', group: '蔬菜类' },
      // more bad rows than the status text names: data.errors still has each of them
      ...Array.from({ length: 6 }, (_, i) => ({ row: 10 + i, nameZh: '', group: '蔬菜类' })),
    ];
    const send = (language?: string) => call<Refused>(server, 'POST', '/v4/mall/food/ingredients/import', {
      ...auth(dietitianA), body: { rows: sheet }, ...(language && { headers: { 'accept-language': language } }),
    });
    const before = await eventCount(server);
    const rows = await dump();

    const zh = await send();
    expect(zh.status).toBe(400);
    expect(zh.body.status_text).toMatch(/^导入失败，没有写入任何数据（9 行有误）：第 3 行：/);
    expect(zh.body.data.errors.map((e) => e.row)).toEqual([3, 4, 5, 10, 11, 12, 13, 14, 15]);
    const zhByRow = new Map(zh.body.data.errors.map((e) => [e.row, e.errors]));
    expect(zhByRow.get(3)).toEqual(['食材名称不能为空']);
    expect(zhByRow.get(4)).toEqual(['可食部须大于 0 且不超过 100（%）']);
    expect(zhByRow.get(5)).toEqual(['食材名称重复：好的食材二']);

    const en = await send('en-US');
    expect(en.status).toBe(400);
    expect(en.body.status_text).toMatch(/^Nothing was imported: 9 row\(s\) with errors: Row 3: The ingredient name cannot be empty/);
    const enByRow = new Map(en.body.data.errors.map((e) => [e.row, e.errors]));
    expect(enByRow.get(3)).toEqual(['The ingredient name cannot be empty']);
    expect(enByRow.get(4)).toEqual(['The edible part must be above 0 and at most 100 (%)']);
    // the name is the sheet's own data, kept as written
    expect(enByRow.get(5)).toEqual(['The ingredient name is repeated: 好的食材二']);
    expect(enByRow.get(15)).toEqual(['The ingredient name cannot be empty']);

    const tw = await send('zh-TW');
    expect(tw.body.status_text).toMatch(/^匯入失敗，沒有寫入任何資料（9 行有誤）：第 3 行：食材名稱不能為空/);
    const twByRow = new Map(tw.body.data.errors.map((e) => [e.row, e.errors]));
    expect(twByRow.get(3)).toEqual(['食材名稱不能為空']);
    expect(twByRow.get(5)).toEqual(['食材名稱重複：好的食材二']);

    expect(await eventCount(server)).toBe(before);
    expect(await dump()).toEqual(rows);
  });
});
