// §7 /v4/mall/menu (issue 9): dishes of an org with nutrients per portion, versions and 409s, tenancy, the
// writers' rule, and bad input refused with nothing written.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import type { Dish } from '../../contracts/dishes.ts';
import { RECIPE_CATEGORIES } from '../../domain/constants.ts';
import { runCommand } from '../../server/store/command.ts';
import { seedRecipes } from '../../server/seed/seedRecipes.ts';
import { DEMO_DISHES } from '../../server/seed/demoDishes.ts';
import type { DishPackage } from '../../contracts/dishPackages.ts';
import { AGE_RANGES } from '../../domain/constants.ts';

type Rows = { rows: Dish[]; count: number };
type Category = { id: string; name: string; isPackage: number; extraInfo: { ageRange?: string } };
const foodsFile = JSON.parse(fs.readFileSync(new URL('../../server/data/foods.json', import.meta.url), 'utf8')) as {
  foods: { id: string; nameZh: string; ediblePortionPct: number | null; per100g: Record<string, number | null> }[];
};
const food = (id: string) => foodsFile.foods.find((f) => f.id === id)!;

let server: TestServer;
let dietitianA: Session;
let dietitianB: Session;
let categoriesA: Map<string, string>;
let categoriesB: Map<string, string>;

const menuCategories = async (s: Session) => (await call<{ rows: Category[] }>(server, 'GET', '/v2/category?groupName=menuCategory', auth(s))).body.data.rows;
/** dish categories by name (the package categories share the group, flagged isPackage) */
const categoriesOf = async (s: Session) => new Map((await menuCategories(s)).filter((c) => !c.isPackage).map((c) => [c.name, c.id]));

beforeAll(async () => {
  server = await startTestServer();
  dietitianA = await signIn(server, DEMO.dietitian, SCHOOL_A);
  dietitianB = await signIn(server, DEMO.dietitian, SCHOOL_B);
  categoriesA = await categoriesOf(dietitianA);
  categoriesB = await categoriesOf(dietitianB);
});
afterAll(async () => { await server?.close(); });

const dump = async () => (await sql<{ row: string }>`SELECT row_to_json(t)::text AS row FROM dishes t ORDER BY 1`.execute(server.store.db)).rows.map((r) => r.row);
const post = (s: Session, body: unknown) => call<Dish>(server, 'POST', '/v4/mall/menu', { ...auth(s), body });
const list = (s: Session, query = '') => call<Rows>(server, 'GET', `/v4/mall/menu${query}`, auth(s));

/** 番茄炒蛋 with five ingredients (tomato, egg, soybean oil, salt, sugar). */
const fiveLines = [{ foodId: '11529', weight: 150 }, { foodId: '01123', weight: 60 }, { foodId: '04044', weight: 8 }, { foodId: '02047', weight: 1.5 }, { foodId: '19335', weight: 3 }];

describe('dishes', () => {
  it('every school has the §9 recipe categories', () => {
    expect([...categoriesA.keys()].sort()).toEqual([...RECIPE_CATEGORIES].sort());
    expect([...categoriesB.keys()].sort()).toEqual([...RECIPE_CATEGORIES].sort());
  });

  it('creates a dish from five ingredients; its nutrients per portion are per-100 g × grams / 100, summed', async () => {
    for (const l of fiveLines) expect(food(l.foodId), l.foodId).toBeTruthy();
    const res = await post(dietitianA, { name: '西红柿炒鸡蛋', categoryId: categoriesA.get('半荤半素'), tags: ['家常'], season: '夏', allergens: ['蛋类'], note: '先炒蛋后炒番茄', lines: fiveLines });
    expect(res.status, res.body.status_text).toBe(200);
    const dish = res.body.data;
    expect(dish).toMatchObject({ name: '西红柿炒鸡蛋', categoryName: '半荤半素', dosageMode: 'netWeight', season: '夏', tags: ['家常'], allergens: ['蛋类'] });
    expect(dish.lines.map((l) => [l.foodId, l.foodName, l.weight])).toEqual(fiveLines.map((l) => [l.foodId, food(l.foodId).nameZh, l.weight]));
    const expected = (key: string) => fiveLines.reduce((s, l) => s + ((food(l.foodId).per100g[key] ?? 0) * l.weight) / 100, 0);
    expect(dish.nutrients.energyKcal).toBeCloseTo(expected('energyKcal'), 5);
    expect(dish.nutrients.protein).toBeCloseTo(expected('protein'), 5);
    const listed = await list(dietitianA, `?name=${encodeURIComponent('炒鸡蛋')}`);
    expect(listed.body.data.rows.map((d) => d.id)).toContain(dish.id);
    expect((await list(dietitianA, '?name=xhsc')).body.data.rows.map((d) => d.id)).toContain(dish.id);
    expect((await list(dietitianA, `?categoryId=${categoriesA.get('素菜')}`)).body.data.rows.map((d) => d.id)).not.toContain(dish.id);
  });

  it('a gross-weight dish takes the edible portion; an unknown nutrient is listed as incomplete, not 0', async () => {
    const res = await post(dietitianA, { name: '白灼虾', categoryId: categoriesA.get('荤菜'), dosageMode: 'grossWeight', season: null, photo: null, lines: [{ foodId: '15270', weight: 100 }] });
    expect(res.status, res.body.status_text).toBe(200);
    expect([res.body.data.season, res.body.data.photo]).toEqual([null, null]);
    const shrimp = food('15270');
    expect(res.body.data.nutrients.protein).toBeCloseTo((shrimp.per100g.protein! * shrimp.ediblePortionPct!) / 100, 6);
    expect(res.body.data.nutrients.vitaminC).toBeNull();
    expect(res.body.data.incomplete).toContain('vitaminC');
  });

  it('changes a dish with the version read; a stale version is refused with 409 and writes nothing', async () => {
    const made = (await post(dietitianA, { name: '清炒菠菜', categoryId: categoriesA.get('素菜'), lines: [{ foodId: '11457', weight: 120 }] })).body.data;
    const changed = await call<Dish>(server, 'PUT', `/v4/mall/menu/${made.id}`, { ...auth(dietitianA), body: { note: '焯水后快炒', version: made.version } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.note).toBe('焯水后快炒');
    expect(changed.body.data.version).toBeGreaterThan(made.version);
    const before = await eventCount(server);
    const stale = await call(server, 'PUT', `/v4/mall/menu/${made.id}`, { ...auth(dietitianA), body: { name: '蒜蓉菠菜', version: made.version } });
    expect(stale.status).toBe(409);
    expect(stale.body.status_text).toMatch(/修改/);
    expect((await call(server, 'DELETE', `/v4/mall/menu/${made.id}`, { ...auth(dietitianA), headers: { 'if-match': `"${made.version}"` } })).status).toBe(409);
    expect(await eventCount(server)).toBe(before);
    expect((await call(server, 'DELETE', `/v4/mall/menu/${made.id}`, { ...auth(dietitianA), headers: { 'if-match': `"${changed.body.data.version}"` } })).status).toBe(200);
    expect((await list(dietitianA, `?id=${made.id}`)).body.data.count).toBe(0);
  });
});

describe('tenancy and writers', () => {
  it("another school's dish is not found there; a user of school A with school B's key is refused", async () => {
    const dish = (await post(dietitianA, { name: '米饭', categoryId: categoriesA.get('主食'), lines: [{ foodId: '20450', weight: 100 }] })).body.data;
    expect((await list(dietitianB, `?id=${dish.id}`)).body.data.count).toBe(0);
    expect((await call(server, 'PUT', `/v4/mall/menu/${dish.id}`, { ...auth(dietitianB), body: { name: '别校米饭' } })).status).toBe(404);
    expect((await call(server, 'DELETE', `/v4/mall/menu/${dish.id}`, auth(dietitianB))).status).toBe(404);
    // the school A admin is a member of school A only (demo memberships): school B's key is refused
    const adminA = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    expect((await post(adminA, { name: '馒头', categoryId: categoriesA.get('主食'), lines: [] })).status).toBe(200);
    expect((await call(server, 'GET', '/v4/mall/menu', { token: adminA.token, key: dietitianB.key })).status).toBe(403);
    expect((await post({ ...adminA, key: dietitianB.key }, { name: '馒头', categoryId: categoriesB.get('主食'), lines: [] })).status).toBe(403);
    // a category of school B does not file a dish of school A
    expect((await post(dietitianA, { name: '馒头', categoryId: categoriesB.get('主食'), lines: [] })).status).toBe(400);
  });

  it("a supplier cannot write a school's dishes; delivery staff neither read nor write", async () => {
    const supplier = await signIn(server, DEMO.supplier);
    const delivery = await signIn(server, DEMO.delivery);
    const before = await eventCount(server);
    expect((await post({ ...supplier, key: dietitianA.key }, { name: '供应商菜', categoryId: categoriesA.get('主食'), lines: [] })).status).toBe(403);
    expect((await call(server, 'GET', '/v4/mall/menu', { token: supplier.token, key: dietitianA.key })).status).toBe(403);
    // dishes are no screen of a delivery user's (issue 27): he reads none either
    expect((await list(delivery)).status).toBe(403);
    expect((await post(delivery, { name: '配送员菜', categoryId: 'x', lines: [] })).status).toBe(403);
    expect(await eventCount(server)).toBe(before);
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    expect((await post(purchaser, { name: '采购员的汤', categoryId: categoriesA.get('汤类'), lines: [{ foodId: '11529', weight: 50 }] })).status).toBe(200);
  });
});

describe('bad input', () => {
  it('is refused with a readable 4xx and nothing is written', async () => {
    const category = categoriesA.get('荤菜');
    const before = await eventCount(server);
    const rows = await dump();
    const productCategory = (await call<{ rows: Category[] }>(server, 'GET', '/v2/category?groupName=mallProduct&orgId=org-xfsp', auth(dietitianA))).body.data.rows[0]?.id ?? 'none';
    const cases: [unknown, RegExp][] = [
      [{ name: '红烧肉', categoryId: category, lines: [{ foodId: '10008', weight: -50 }] }, /第 1 行/],
      [{ name: '红烧肉', categoryId: category, lines: [{ foodId: '10008', weight: 0 }] }, /第 1 行/],
      [{ name: '红烧肉', categoryId: category, lines: [{ foodId: '10008', weight: 1e7 }] }, /第 1 行/],
      [{ name: '红烧肉', categoryId: category, lines: [{ foodId: '10008', weight: 'abc' }] }, /weight/],
      [{ name: '红烧肉', categoryId: category, lines: [{ foodId: '99999', weight: 100 }] }, /食材不存在：99999/],
      [{ name: '红烧肉', categoryId: category, lines: [{ foodId: '10008', weight: 100 }, { foodId: '10008', weight: 10 }] }, /重复/],
      [{ name: '', categoryId: category, lines: [] }, /名称不能为空/],
      [{ name: '   ', categoryId: category, lines: [] }, /名称不能为空/],
      [{ name: '红烧肉', categoryId: 'no-such-category', lines: [] }, /分类不存在/],
      [{ name: '红烧肉', categoryId: productCategory, lines: [] }, /分类不存在/],
      [{ name: '红烧肉', categoryId: category, season: '雨季', lines: [] }, /季节/],
      [{ name: '红烧肉', categoryId: category, lines: Array.from({ length: 10_000 }, (_, i) => ({ foodId: String(i), weight: 10 })) }, /lines/],
      [{ name: '红烧肉', categoryId: category }, /lines/],
      [{ name: '红烧肉', categoryId: category, lines: [], extra: 1 }, /extra/],
    ];
    for (const [body, text] of cases) {
      const res = await post(dietitianA, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.body.status_text).toMatch(text);
    }
    expect((await call(server, 'PUT', '/v4/mall/menu/nope', { ...auth(dietitianA), body: { name: 'x' } })).status).toBe(404);
    expect(await eventCount(server)).toBe(before);
    expect(await dump()).toEqual(rows);
  });
});

describe('demo dishes', () => {
  it('each demo school has about 60 dishes in all seven categories, 2 to 6 known foods each, with nutrients', async () => {
    // school B: the tests above write no dish there (school A has some of the same names)
    const namesA = new Set((await list(dietitianA, '?$limit=10000')).body.data.rows.map((d) => d.name));
    expect(DEMO_DISHES.every((x) => namesA.has(x.name))).toBe(true);
    for (const s of [dietitianB]) {
      const all = (await list(s, '?$limit=10000')).body.data.rows;
      expect(all.length).toBe(DEMO_DISHES.length);
      expect(all.length).toBeGreaterThanOrEqual(60);
      expect(new Set(all.map((d) => d.categoryName))).toEqual(new Set(RECIPE_CATEGORIES));
      for (const d of all) {
        expect(d.lines.length, d.name).toBeGreaterThanOrEqual(2);
        expect(d.lines.length, d.name).toBeLessThanOrEqual(6);
        expect(d.lines.every((l) => food(l.foodId)?.nameZh === l.foodName), d.name).toBe(true);
        expect(d.nutrients.energyKcal, d.name).toBeGreaterThan(0);
      }
      expect(all.find((d) => d.name === '番茄炒蛋')?.allergens).toContain('蛋类');
    }
  });

  it('seeding again writes nothing (idempotent)', async () => {
    const before = await eventCount(server);
    const meta = { time: new Date().toISOString(), route: 'test', username: 'seed' };
    const written = await runCommand(server.store.db, (tx) => seedRecipes(tx, { meta, appId: dietitianA.orgApp!.appId, schoolOrgIds: [dietitianA.orgApp!.orgId, dietitianB.orgApp!.orgId] }));
    expect(written).toBe(0);
    expect(await eventCount(server)).toBe(before);
  });
});

describe('set meals (packages)', () => {
  it('each school has a package category per §9 age range and a demo set meal in each, with nutrients per serving', async () => {
    const packageCategories = (await menuCategories(dietitianB)).filter((c) => c.isPackage);
    expect(packageCategories.map((c) => c.extraInfo.ageRange).sort()).toEqual([...AGE_RANGES].sort());
    const list = (await call<{ rows: DishPackage[]; count: number }>(server, 'GET', '/v4/mall/menu/package', auth(dietitianB))).body.data;
    expect(list.rows.map((p) => p.ageRange).sort()).toEqual([...AGE_RANGES].sort());
    const small = list.rows.find((p) => p.ageRange === '6-8')!;
    const big = list.rows.find((p) => p.ageRange === '15-17')!;
    expect(small.dishes.map((d) => d.dishName)).toEqual(['米饭', '番茄炒蛋', '清炒西兰花', '紫菜蛋花汤']);
    // the same dishes at 0.8 and 1.4 portions
    expect(big.nutrients.energyKcal! / small.nutrients.energyKcal!).toBeCloseTo(1.4 / 0.8, 4);
  });

  it('creates, changes with its version and deletes a set meal; a dish in a set meal is not deleted', async () => {
    const pkgCategory = (await menuCategories(dietitianA)).find((c) => c.isPackage && c.extraInfo.ageRange === '9-11')!;
    const dishes = (await list(dietitianA, '?$limit=10000')).body.data.rows;
    const rice = dishes.find((d) => d.name === '红薯饭')!;
    const meat = dishes.find((d) => d.name === '红烧肉')!;
    const made = await call<DishPackage>(server, 'POST', '/v4/mall/menu/package', {
      ...auth(dietitianA), body: { name: '红烧肉套餐', categoryId: pkgCategory.id, tags: ['经典午餐'], dishes: [{ dishId: rice.id, portions: 1 }, { dishId: meat.id, portions: 1 }] },
    });
    expect(made.status, made.body.status_text).toBe(200);
    expect(made.body.data.ageRange).toBe('9-11');
    expect(made.body.data.nutrients.energyKcal).toBeCloseTo(rice.nutrients.energyKcal! + meat.nutrients.energyKcal!, 5);
    expect((await call(server, 'DELETE', `/v4/mall/menu/${meat.id}`, auth(dietitianA))).status).toBe(409);
    const changed = await call<DishPackage>(server, 'PUT', `/v4/mall/menu/package/${made.body.data.id}`, {
      ...auth(dietitianA), body: { dishes: [{ dishId: rice.id, portions: 1.5 }], version: made.body.data.version },
    });
    expect(changed.status, changed.body.status_text).toBe(200);
    expect((await call(server, 'PUT', `/v4/mall/menu/package/${made.body.data.id}`, { ...auth(dietitianA), body: { name: 'x', version: made.body.data.version } })).status).toBe(409);
    expect((await call(server, 'GET', '/v4/mall/menu/package', auth(dietitianB))).body.data).not.toContainEqual(expect.objectContaining({ name: '红烧肉套餐' }));
    expect((await call(server, 'DELETE', `/v4/mall/menu/package/${made.body.data.id}`, auth(dietitianB))).status).toBe(404);
    expect((await call(server, 'DELETE', `/v4/mall/menu/package/${made.body.data.id}`, auth(dietitianA))).status).toBe(200);
  });

  it('refuses bad set meals and writes nothing', async () => {
    const categories = await menuCategories(dietitianA);
    const pkgCategory = categories.find((c) => c.isPackage)!.id;
    const dishCategory = categories.find((c) => !c.isPackage)!.id;
    const dish = (await list(dietitianA, '?$limit=1')).body.data.rows[0];
    const dishB = (await list(dietitianB, '?$limit=1')).body.data.rows[0];
    const delivery = await signIn(server, DEMO.delivery);
    const before = await eventCount(server);
    const cases: [unknown, RegExp][] = [
      [{ name: '', categoryId: pkgCategory, dishes: [{ dishId: dish.id, portions: 1 }] }, /名称不能为空/],
      [{ name: '套餐', categoryId: dishCategory, dishes: [{ dishId: dish.id, portions: 1 }] }, /套餐分类不存在/],
      [{ name: '套餐', categoryId: pkgCategory, dishes: [] }, /至少包含一道/],
      [{ name: '套餐', categoryId: pkgCategory, dishes: [{ dishId: dish.id, portions: 0 }] }, /份数/],
      [{ name: '套餐', categoryId: pkgCategory, dishes: [{ dishId: dish.id, portions: 99 }] }, /份数/],
      [{ name: '套餐', categoryId: pkgCategory, dishes: [{ dishId: dish.id, portions: 1 }, { dishId: dish.id, portions: 1 }] }, /重复/],
      [{ name: '套餐', categoryId: pkgCategory, dishes: [{ dishId: dishB.id, portions: 1 }] }, /菜品不存在/],
      [{ name: '套餐', categoryId: pkgCategory, dishes: Array.from({ length: 10_000 }, (_, i) => ({ dishId: String(i), portions: 1 })) }, /dishes/],
    ];
    for (const [body, text] of cases) {
      const res = await call(server, 'POST', '/v4/mall/menu/package', { ...auth(dietitianA), body });
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(res.body.status_text).toMatch(text);
    }
    expect((await call(server, 'POST', '/v4/mall/menu/package', { ...auth(delivery), body: { name: '套餐', categoryId: pkgCategory, dishes: [] } })).status).toBe(403);
    expect(await eventCount(server)).toBe(before);
  });
});
