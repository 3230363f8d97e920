// §7 /v4/mall/recipe/cycle (issue 9): weekly recipe cycles on the real server and database: cells with default
// dosages, copies, versions and 409s, tenancy and who sees what, bad input refused with nothing written, the
// recipe user limit, the approval flow, and the semester filter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { appendToStream } from '../../server/store/eventStore.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import type { RecipeCycleDetail, RecipeCycleList, RecipeCycleRow } from '../../contracts/recipeCycles.ts';
import type { Dish } from '../../contracts/dishes.ts';
import { MEAL_PATTERN_CODES } from '../../domain/constants.ts';
import { mondayOf, seedRecipeCycles } from '../../server/seed/seedRecipeCycles.ts';

let server: TestServer;
let dietitian: Session;
let dietitianB: Session;
let admin: Session;
let purchaser: Session;
const dish: Record<string, string> = {};
let dishOfB: string;

const req = <T = unknown>(s: Session, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  call<T>(server, method, `/v4/mall/recipe/cycle${path}`, { ...auth(s), body, headers });
const dump = async () => (await sql<{ row: string }>`SELECT row_to_json(t)::text AS row FROM (
  SELECT 'c' AS k, to_jsonb(c) AS v FROM recipe_cycles c UNION ALL SELECT 'x', to_jsonb(x) FROM recipe_cycle_cells x) t ORDER BY 1`.execute(server.store.db)).rows.map((r) => r.row);

async function newDish(s: Session, name: string, category: string, lines: { foodId: string; weight: number }[]): Promise<string> {
  const cats = new Map((await call<{ rows: { id: string; name: string }[] }>(server, 'GET', '/v2/category?groupName=menuCategory', auth(s))).body.data.rows.map((c) => [c.name, c.id]));
  const res = await call<Dish>(server, 'POST', '/v4/mall/menu', { ...auth(s), body: { name, categoryId: cats.get(category), lines } });
  expect(res.status, res.body.status_text).toBe(200);
  return res.body.data.id;
}

const cycleInput = (over: Record<string, unknown> = {}) => ({
  name: '秋季第一轮', startDate: '2026-11-23', cycleOption: 'week', weeks: 2, mealPattern: MEAL_PATTERN_CODES['两餐'],
  ageGroups: [{ ageRange: '6-8', people: 120 }, { ageRange: '9-11', people: 80 }], ...over,
});

beforeAll(async () => {
  server = await startTestServer();
  dietitian = await signIn(server, DEMO.dietitian, SCHOOL_A);
  dietitianB = await signIn(server, DEMO.dietitian, SCHOOL_B);
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
  purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
  dish.rice = await newDish(dietitian, '米饭', '主食', [{ foodId: '01123', weight: 150 }]);
  dish.egg = await newDish(dietitian, '西红柿炒鸡蛋', '半荤半素', [{ foodId: '11529', weight: 100 }, { foodId: '04044', weight: 50 }]);
  dish.soup = await newDish(dietitian, '紫菜汤', '汤类', [{ foodId: '11529', weight: 20 }]);
  dishOfB = await newDish(dietitianB, '明德红烧肉', '荤菜', [{ foodId: '11529', weight: 90 }]);
});
afterAll(async () => { await server?.close(); });

describe('recipe cycles', () => {
  let cycle: RecipeCycleDetail;

  it('a dietitian creates a two-week cycle and fills Monday lunch; a dish without a dosage gets its portion', async () => {
    const created = await req<RecipeCycleDetail>(dietitian, 'POST', '', cycleInput({ name: '  秋季第一轮 ' }));
    expect(created.status, created.body.status_text).toBe(200);
    cycle = created.body.data;
    expect(cycle).toMatchObject({ name: '秋季第一轮', status: 'draft', days: 14, endDate: '2026-12-06', mealCodes: [1, 3], cellCount: 0, version: 1 });
    const set = await req<RecipeCycleDetail>(dietitian, 'PUT', `/${cycle.id}/cell`, {
      version: cycle.version,
      cells: [{ day: 0, mealCode: 3, dishes: [{ dishId: dish.rice }, { dishId: dish.egg, dosages: { '6-8': 120, '9-11': 140.5 } }] }],
    });
    expect(set.status, set.body.status_text).toBe(200);
    cycle = set.body.data;
    expect(cycle.cells).toEqual([{ day: 0, mealCode: 3, dishes: [
      { dishId: dish.rice, dosages: { '6-8': 150, '9-11': 150 } },
      { dishId: dish.egg, dosages: { '6-8': 120, '9-11': 140.5 } },
    ] }]);
    expect(cycle.dishes.map((d) => d.name).sort()).toEqual(['米饭', '西红柿炒鸡蛋'].sort());
    expect(cycle).toMatchObject({ cellCount: 1, version: 2 });
  });

  it('copies Monday onto Tuesday; removing every dish empties a cell', async () => {
    const copied = await req<RecipeCycleDetail>(dietitian, 'POST', `/${cycle.id}/copy`, { fromDay: 0, toDay: 1 });
    expect(copied.status, copied.body.status_text).toBe(200);
    expect(copied.body.data.cells.find((c) => c.day === 1)?.dishes).toEqual(copied.body.data.cells.find((c) => c.day === 0)?.dishes);
    const week = await req<RecipeCycleDetail>(dietitian, 'POST', `/${cycle.id}/copy`, { fromWeek: 0, toWeek: 1 });
    expect(week.body.data.cells.map((c) => c.day)).toEqual([0, 1, 7, 8]);
    const cleared = await req<RecipeCycleDetail>(dietitian, 'PUT', `/${cycle.id}/cell`, { cells: [{ day: 8, mealCode: 3, dishes: [] }] });
    expect(cleared.body.data.cells.map((c) => c.day)).toEqual([0, 1, 7]);
    cycle = cleared.body.data;
    expect(cycle.cellCount).toBe(3);
  });

  it('refuses a change made on a stale version with 409, naming who changed it', async () => {
    const stale = await req(dietitian, 'PUT', `/${cycle.id}`, { name: '改名', version: cycle.version - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.status_text).toMatch(/已被.*修改/);
    const header = await req(dietitian, 'PUT', `/${cycle.id}/cell`, { cells: [{ day: 2, mealCode: 3, dishes: [{ dishId: dish.rice }] }] }, { 'If-Match': `"${cycle.version - 2}"` });
    expect(header.status).toBe(409);
    const fresh = await req<RecipeCycleDetail>(dietitian, 'GET', `/${cycle.id}`);
    expect(fresh.body.data).toMatchObject({ name: '秋季第一轮', version: cycle.version, cellCount: 3 });
  });

  it('bad input is refused with a readable 4xx and nothing written', async () => {
    const before = await eventCount(server);
    const rows = await dump();
    const cellPut = (cells: unknown) => req(dietitian, 'PUT', `/${cycle.id}/cell`, { cells });
    const cases: [Promise<{ status: number; body: { status_text: string } }>, RegExp][] = [
      [cellPut([{ day: 14, mealCode: 3, dishes: [{ dishId: dish.rice }] }]), /第 15 天不在食谱周期内/],
      [cellPut([{ day: 0, mealCode: 5, dishes: [{ dishId: dish.rice }] }]), /晚餐 不在餐次模式「两餐」内/],
      [cellPut([{ day: 0, mealCode: 3, dishes: [{ dishId: 'no-such-dish' }] }]), /菜品不存在/],
      // another school's dish is not a dish of this org
      [cellPut([{ day: 0, mealCode: 3, dishes: [{ dishId: dishOfB }] }]), /菜品不存在/],
      [cellPut([{ day: 0, mealCode: 3, dishes: [{ dishId: dish.rice, dosages: { '6-8': -5 } }] }]), /用量/],
      [cellPut([{ day: 0, mealCode: 3, dishes: [{ dishId: dish.rice, dosages: { '6-8': 1e9 } }] }]), /不超过 1000 克/],
      [cellPut(Array.from({ length: 10_000 }, (_, i) => ({ day: i % 14, mealCode: 3, dishes: [] }))), /cells|参数/],
      [req(dietitian, 'POST', '', cycleInput({ name: '   ' })), /名称不能为空/],
      [req(dietitian, 'POST', '', cycleInput({ startDate: '2026-11-24' })), /星期一/],
      [req(dietitian, 'POST', '', cycleInput({ mealPattern: 42 })), /餐次模式/],
      [req(dietitian, 'POST', `/${cycle.id}/copy`, { fromDay: 0, toDay: 99 }), /不在食谱周期内/],
    ];
    for (const [res, text] of cases) {
      const r = await res;
      expect(r.status, r.body.status_text).toBe(400);
      expect(r.body.status_text).toMatch(text);
    }
    expect(await eventCount(server)).toBe(before);
    expect(await dump()).toEqual(rows);
  });

  it('tenancy: another school cannot read it, a purchaser does not see a draft she did not write', async () => {
    // the dietitian acting in school B does not find school A's cycle
    expect((await req(dietitianB, 'GET', `/${cycle.id}`)).status).toBe(404);
    expect((await req(dietitianB, 'PUT', `/${cycle.id}/cell`, { cells: [{ day: 0, mealCode: 3, dishes: [] }] })).status).toBe(404);
    expect((await req<RecipeCycleList>(dietitianB, 'GET', '')).body.data.rows.map((r) => r.id)).not.toContain(cycle.id);
    expect((await req(purchaser, 'GET', `/${cycle.id}`)).status).toBe(404);
    expect((await req<RecipeCycleList>(purchaser, 'GET', '')).body.data.rows.map((r) => r.id)).not.toContain(cycle.id);
    expect((await req(purchaser, 'PUT', `/${cycle.id}/cell`, { cells: [{ day: 0, mealCode: 3, dishes: [] }] })).status).toBe(404);
    // a supplier (not a member of the school) is refused outright with the school's key
    const supplier = await signIn(server, DEMO.supplier);
    expect((await call(server, 'GET', `/v4/mall/recipe/cycle/${cycle.id}`, { token: supplier.token, key: dietitian.key })).status).toBe(403);
    expect((await req<RecipeCycleDetail>(admin, 'GET', `/${cycle.id}`)).status).toBe(200);
  });

  it('approval: submitted by the dietitian, rejected with a remark, edited back to draft, approved and published by the admin', async () => {
    // approval off, submitting publishes at once (issue 28): tests/api/recipeApprovers.test.ts
    expect((await req(dietitian, 'POST', `/${cycle.id}/publish`, {})).status).toBe(409);
    const submitted = await req<RecipeCycleRow>(dietitian, 'POST', `/${cycle.id}/submit`, {});
    expect(submitted.body.data.status).toBe('submitted');
    // a submitted cycle is not edited
    expect((await req(dietitian, 'PUT', `/${cycle.id}/cell`, { cells: [{ day: 2, mealCode: 3, dishes: [{ dishId: dish.rice }] }] })).status).toBe(409);
    // neither the dietitian nor the purchaser approves
    const own = await req(dietitian, 'POST', `/${cycle.id}/approve`, {});
    expect(own.status).toBe(403);
    expect(own.body.status_text).toMatch(/不是本机构设置的食谱审核人/);
    expect((await req(purchaser, 'POST', `/${cycle.id}/approve`, {})).status).toBe(404);
    const noRemark = await req(admin, 'POST', `/${cycle.id}/reject`, { remark: '  ' });
    expect(noRemark.status).toBe(400);
    expect(noRemark.body.status_text).toMatch(/驳回原因/);
    const rejected = await req<RecipeCycleRow>(admin, 'POST', `/${cycle.id}/reject`, { remark: '蔬菜太少' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', remark: '蔬菜太少' });
    const edited = await req<RecipeCycleDetail>(dietitian, 'PUT', `/${cycle.id}/cell`, { cells: [{ day: 0, mealCode: 1, dishes: [{ dishId: dish.soup }] }] });
    expect(edited.body.data.status).toBe('draft');
    expect((await req<RecipeCycleRow>(dietitian, 'POST', `/${cycle.id}/submit`, {})).body.data.status).toBe('submitted');
    const approved = await req<RecipeCycleRow>(admin, 'POST', `/${cycle.id}/approve`, { remark: '搭配合理', version: edited.body.data.version + 1 });
    expect(approved.body.data.status, approved.body.status_text).toBe('approved');
    expect((await req<RecipeCycleRow>(admin, 'POST', `/${cycle.id}/publish`, {})).body.data.status).toBe('published');

    // the purchaser now sees it, reads it and cannot change it
    expect((await req<RecipeCycleList>(purchaser, 'GET', '')).body.data.rows.map((r) => r.id)).toContain(cycle.id);
    const read = await req<RecipeCycleDetail>(purchaser, 'GET', `/${cycle.id}`);
    expect(read.body.data.cells.length).toBe(4);
    expect(read.body.data.abilities).toMatchObject({ edit: false, approve: false });
    expect((await req(purchaser, 'PUT', `/${cycle.id}/cell`, { cells: [{ day: 0, mealCode: 3, dishes: [] }] })).status).toBe(403);
    // a published cycle is withdrawn before it is deleted
    expect((await req(dietitian, 'DELETE', `/${cycle.id}`)).status).toBe(409);
    expect((await req<RecipeCycleRow>(dietitian, 'POST', `/${cycle.id}/withdraw`, {})).body.data.status).toBe('withdrawn');
    expect((await req(purchaser, 'GET', `/${cycle.id}`)).status).toBe(404);
  });

  it('a role the org config names approves (recipeConfig.recipeApprovalRoleNames) and then sees submitted cycles', async () => {
    const made = (await req<RecipeCycleDetail>(dietitian, 'POST', '', cycleInput({ name: '待采购员审核', weeks: 1 }))).body.data;
    await req(dietitian, 'PUT', `/${made.id}/cell`, { cells: [{ day: 0, mealCode: 3, dishes: [{ dishId: dish.rice }] }] });
    expect((await req<RecipeCycleRow>(dietitian, 'POST', `/${made.id}/submit`, {})).body.data.status).toBe('submitted');
    expect((await req(purchaser, 'POST', `/${made.id}/approve`, {})).status).toBe(404);
    const current = (await call<{ recipeConfig: Record<string, unknown> }>(server, 'GET', '/v1/config/org?path=recipeConfig', auth(admin))).body.data.recipeConfig;
    const bad = await call(server, 'PUT', '/v1/config/settings', { ...auth(admin), body: { path: 'recipeConfig', value: { ...current, recipeApprovalRoleNames: 'purchaser' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.status_text).toMatch(/recipeApprovalRoleNames/);
    const set = await call(server, 'PUT', '/v1/config/settings', { ...auth(admin), body: { path: 'recipeConfig', value: { ...current, recipeApprovalRoleNames: ['purchaser'] } } });
    expect(set.status, set.body.status_text).toBe(200);
    expect((await req<RecipeCycleList>(purchaser, 'GET', '')).body.data.abilities).toMatchObject({ approve: true, edit: false });
    expect((await req<RecipeCycleRow>(purchaser, 'POST', `/${made.id}/approve`, {})).body.data.status).toBe('approved');
    // the dietitian does not hold the role: she still cannot approve
    expect((await req<RecipeCycleList>(dietitian, 'GET', '')).body.data.abilities.approve).toBe(false);
  });

  it('a supplier who is a member of the school reads published cycles only and creates none', async () => {
    // fixture: the demo supplier joins school A with its supplier role, as the seed joins members (member events)
    const db = server.store.db;
    const orgId = dietitian.orgApp!.orgId;
    const supplierUser = await db.selectFrom('users').select('user_id').where('username', '=', DEMO.supplier).executeTakeFirstOrThrow();
    const role = await db.selectFrom('roles').select('role_id').where('org_id', '=', orgId).where('name', '=', 'supplier').executeTakeFirstOrThrow();
    await db.transaction().execute((tx) => appendToStream(tx, {
      orgId, streamId: `member-${orgId}-${supplierUser.user_id}`, streamType: 'member', expectedVersion: 0, meta: { time: new Date().toISOString(), route: 'test' },
      events: [
        { type: 'UserJoinedOrgApp', data: { orgId, appId: dietitian.orgApp!.appId, userId: supplierUser.user_id, extraInfo: {} } },
        { type: 'UserRoleGranted', data: { userId: supplierUser.user_id, roleId: role.role_id } },
      ],
    }));
    const supplier = await signIn(server, DEMO.supplier, SCHOOL_A);
    expect(supplier.key).toBeTruthy();
    const draft = (await req<RecipeCycleDetail>(dietitian, 'POST', '', cycleInput({ name: '供应商看不到的草稿', weeks: 1 }))).body.data;
    const seen = (await req<RecipeCycleList>(supplier, 'GET', '')).body.data;
    expect(seen.rows.length).toBeGreaterThan(0);
    expect(seen.rows.every((r) => r.status === 'published')).toBe(true);
    expect(seen.abilities).toMatchObject({ create: false, edit: false, approve: false });
    expect((await req(supplier, 'GET', `/${draft.id}`)).status).toBe(404);
    expect((await req<RecipeCycleDetail>(supplier, 'GET', `/${seen.rows[0].id}`)).status).toBe(200);
    expect((await req(supplier, 'POST', '', cycleInput({ name: '供应商食谱' }))).status).toBe(403);
    expect((await req(supplier, 'PUT', `/${seen.rows[0].id}/cell`, { cells: [{ day: 0, mealCode: 3, dishes: [] }] })).status).toBe(403);
  });

  it('refuses the sixth new cycle of a user when the org limits them', async () => {
    expect((await call(server, 'PUT', '/v1/config/org', { ...auth(admin), body: { path: 'nutritiousmeals.mallRecipeUserLimiteEnable', value: true } })).status).toBe(200);
    for (let i = 1; i <= 5; i++) {
      const res = await req<RecipeCycleDetail>(purchaser, 'POST', '', cycleInput({ name: `采购员食谱${i}`, weeks: 1 }));
      expect(res.status, res.body.status_text).toBe(200);
    }
    const before = await eventCount(server);
    const sixth = await req(purchaser, 'POST', '', cycleInput({ name: '采购员食谱6', weeks: 1 }));
    expect(sixth.status).toBe(422);
    expect(sixth.body.status_text).toMatch(/每位用户最多可新建 5 个周食谱（您已新建 5 个）/);
    expect(await eventCount(server)).toBe(before);
    // the purchaser reads and edits her own drafts; the admin (a provider for §6) is not limited
    const own = (await req<RecipeCycleList>(purchaser, 'GET', '?status=draft')).body.data.rows.filter((r) => r.name.startsWith('采购员食谱'));
    expect(own).toHaveLength(5);
    expect((await req(purchaser, 'PUT', `/${own[0].id}`, { name: '采购员食谱一' })).status).toBe(200);
    expect((await req(admin, 'POST', '', cycleInput({ name: '管理员食谱' }))).status).toBe(200);
  });

  it('filters the list by semester (§9 defaults: first from Sept 1, second from Feb 1)', async () => {
    const spring = await req<RecipeCycleDetail>(admin, 'POST', '', cycleInput({ name: '春季第一轮', startDate: '2027-03-01' }));
    expect(spring.status, spring.body.status_text).toBe(200);
    const names = async (q: string) => (await req<RecipeCycleList>(dietitian, 'GET', q)).body.data.rows.map((r) => r.name);
    expect(await names('?semester=first&schoolYear=2026')).toContain('秋季第一轮');
    expect(await names('?semester=first&schoolYear=2026')).not.toContain('春季第一轮');
    expect(await names('?semester=second&schoolYear=2026')).toEqual(['春季第一轮']);
    expect(await names('?semester=second&schoolYear=2027')).toEqual([]);
    const list = (await req<RecipeCycleList>(dietitian, 'GET', '')).body.data;
    expect(list.semesters.first).toEqual({ start: '09-01', end: '01-31' });
  });

  it('the demo seed: a published four-week cycle from the org’s dishes (lunch every weekday, breakfast Mon/Wed/Fri) and a draft; run again, nothing', async () => {
    const db = server.store.db;
    const author = await db.selectFrom('users').select(['user_id', 'name']).where('username', '=', DEMO.dietitian).executeTakeFirstOrThrow();
    const opts = {
      meta: { time: new Date().toISOString(), route: 'test', username: 'seed' }, now: new Date(), author: { userId: author.user_id, name: author.name },
      schools: [{ orgId: dietitian.orgApp!.orgId, ageGroups: [{ ageRange: '6-8' as const, people: 120 }] }],
    };
    // the demo seed ran when the test database was made (when the org had dishes): again, it writes nothing
    expect(await db.transaction().execute((tx) => seedRecipeCycles(tx, opts))).toBe(0);
    const rows = (await req<RecipeCycleList>(purchaser, 'GET', '')).body.data.rows.filter((r) => r.name.includes(mondayOf(new Date())));
    const published = rows.find((r) => r.status === 'published')!;
    expect(published).toMatchObject({ weeks: 4, days: 28, startDate: mondayOf(new Date()) });
    const cells = (await req<RecipeCycleDetail>(purchaser, 'GET', `/${published.id}`)).body.data.cells;
    const lunchDays = cells.filter((c) => c.mealCode === 3).map((c) => c.day);
    expect(lunchDays).toEqual([0, 1, 2, 3, 4, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 21, 22, 23, 24, 25]);
    expect(cells.filter((c) => c.mealCode === 1).map((c) => c.day % 7)).toEqual(Array(12).fill(0).map((_, i) => [0, 2, 4][i % 3]));
    const drafts = (await req<RecipeCycleList>(dietitian, 'GET', '?status=draft')).body.data.rows.filter((r) => r.name.endsWith('（草稿）'));
    expect(drafts).toHaveLength(1);
  });
});
