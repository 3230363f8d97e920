// Recipe settings of issue 9 on the real server and database: people groups (§7 recipe people config and custom
// people, §5 参数错误), recipe labels and their config, the mallRecipeSpec settings, the §7 form-service items
// of the recipe user limit (tenancy: the platform writes, members read their own), the limit itself (deleted
// cycles give their place back, extra times, whitelist, allowlist), and a category in use that is not deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import type { PeopleEnergy, RecipeLabel, RecipeLabelConfig, RecipePeople } from '../../contracts/recipeSettings.ts';
import type { FormItem } from '../../contracts/forms.ts';
import type { RecipeCycleDetail, RecipeCycleList } from '../../contracts/recipeCycles.ts';
import { MEAL_PATTERN_CODES } from '../../domain/constants.ts';
import { dumpProjections } from '../support/projectionDump.ts';
import { rebuildProjections } from '../../server/store/rebuild.ts';

let server: TestServer;
let dietitian: Session;
let dietitianB: Session;
let purchaser: Session;
let admin: Session;
let provider: Session;

type Res<T = unknown> = { status: number; body: { status_text: string; data: T } };
const req = <T = unknown>(s: Session, method: string, path: string, body?: unknown) => call<T>(server, method, path, { ...auth(s), body }) as Promise<Res<T>>;
const people = (s: Session, q = '') => req<{ rows: RecipePeople[] }>(s, 'GET', `/v4/mall/recipe/people/config${q}`);
/** The rows of the settings tables, to prove a refusal wrote nothing. */
const dump = async () => (await sql<{ row: string }>`SELECT row_to_json(t)::text AS row FROM (
  SELECT 'p' AS k, to_jsonb(p) AS v FROM recipe_people p UNION ALL SELECT 'l', to_jsonb(l) FROM recipe_labels l
  UNION ALL SELECT 'c', to_jsonb(c) FROM recipe_label_configs c UNION ALL SELECT 'f', to_jsonb(f) FROM form_items f) t ORDER BY 1`.execute(server.store.db)).rows.map((r) => r.row);

beforeAll(async () => {
  server = await startTestServer();
  dietitian = await signIn(server, DEMO.dietitian, SCHOOL_A);
  dietitianB = await signIn(server, DEMO.dietitian, SCHOOL_B);
  purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
  provider = await signIn(server, DEMO.provider, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

describe('recipe people config', () => {
  let custom: RecipePeople;
  let reference: RecipePeople;

  it('lists the reference groups; a dietitian adds one once and a custom group', async () => {
    const energy = await req<{ rows: PeopleEnergy[] }>(purchaser, 'GET', '/v5/mall/recipe/people/energy');
    expect(energy.body.data.rows.map((e) => e.ageRange)).toEqual(['6-8', '9-11', '12-14', '15-17']);
    const added = await req<RecipePeople>(dietitian, 'POST', '/v5/mall/recipe/people/config', { peopleEnergyId: 'wst554-9-11' });
    expect(added.status, added.body.status_text).toBe(200);
    reference = added.body.data;
    expect(reference).toMatchObject({ name: '9-11岁学生', ageRange: '9-11', custom: false, customAvgAge: null, energyKcal: 2000, enable: 1, defaultEnable: 0 });
    const again = await req(dietitian, 'POST', '/v5/mall/recipe/people/config', { peopleEnergyId: 'wst554-9-11' });
    expect(again.status).toBe(409);
    expect(again.body.status_text).toBe('该参考人群已添加');
    const made = await req<RecipePeople>(dietitian, 'POST', '/v5/mall/recipe/people/config/custom', {
      name: ' 教职工 ', minAge: 25, maxAge: 60, energyKcal: 2250, foodIngredients: [{ field: '谷薯类', dosage: 300 }, { field: '蔬菜类', dosage: 450 }],
    });
    expect(made.status, made.body.status_text).toBe(200);
    custom = made.body.data;
    expect(custom).toMatchObject({ name: '教职工', ageRange: '25-60', customAvgAge: 42.5, custom: true, energyKcal: 2250 });
    // everyone of the org reads them, filtered as §7 asks
    expect((await people(purchaser)).body.data.rows.map((r) => r.name)).toEqual(['9-11岁学生', '教职工']);
    expect((await people(purchaser, '?extraInfo.category=custom')).body.data.rows.map((r) => r.name)).toEqual(['教职工']);
    expect((await people(purchaser, '?ageRange=9-11&enable=1&isDelete=0')).body.data.rows.map((r) => r.name)).toEqual(['9-11岁学生']);
  });

  it('changes a custom group, marks a default, disables a reference group', async () => {
    const changed = await req<RecipePeople>(dietitian, 'PUT', `/v5/mall/recipe/people/config/custom/${custom.peopleId}`, { maxAge: 50, version: custom.version });
    expect(changed.status, changed.body.status_text).toBe(200);
    expect(changed.body.data).toMatchObject({ ageRange: '25-50', customAvgAge: 37.5, version: custom.version + 1 });
    const stale = await req(dietitian, 'PUT', `/v5/mall/recipe/people/config/custom/${custom.peopleId}`, { maxAge: 55, version: custom.version });
    expect(stale.status).toBe(409);
    const def = await req<RecipePeople>(dietitian, 'PUT', '/v5/mall/recipe/people/config/custom/defaultEnable', { peopleId: custom.peopleId, defaultEnable: 1 });
    expect(def.body.data.defaultEnable).toBe(1);
    const off = await req<RecipePeople>(dietitian, 'PUT', '/v5/mall/recipe/people/config', { peopleId: reference.peopleId, enable: 0 });
    expect(off.body.data.enable).toBe(0);
    expect((await people(dietitian, '?enable=1')).body.data.rows.map((r) => r.name)).toEqual(['教职工']);
    const refOnly = await req(dietitian, 'PUT', `/v5/mall/recipe/people/config/custom/${reference.peopleId}`, { name: '改名' });
    expect(refOnly.status).toBe(422);
  });

  it('§5: an update, a default-enable call or a removal missing its parameters answers 参数错误, and bad input writes nothing', async () => {
    const before = await eventCount(server);
    const rows = await dump();
    const cases: [Promise<Res>, number, string | RegExp][] = [
      [req(dietitian, 'PUT', '/v5/mall/recipe/people/config', { enable: 1 }), 400, '参数错误'],
      [req(dietitian, 'PUT', '/v5/mall/recipe/people/config/custom/defaultEnable', { peopleId: custom.peopleId }), 400, '参数错误'],
      [req(dietitian, 'PUT', '/v5/mall/recipe/people/config/custom/defaultEnable', { defaultEnable: 1 }), 400, '参数错误'],
      [req(dietitian, 'DELETE', '/v4/mall/recipe/people/config', {}), 400, '参数错误'],
      [req(dietitian, 'POST', '/v5/mall/recipe/people/config', { peopleEnergyId: 'nope' }), 400, '参数错误：参考人群不存在'],
      [req(dietitian, 'POST', '/v5/mall/recipe/people/config/custom', { name: '  ', minAge: 1, maxAge: 2, energyKcal: 1, foodIngredients: [] }), 400, /人群名称不能为空/],
      [req(dietitian, 'POST', '/v5/mall/recipe/people/config/custom', { name: '幼儿', minAge: 9, maxAge: 3, energyKcal: 1, foodIngredients: [] }), 400, /最小年龄不大于最大年龄/],
      [req(dietitian, 'POST', '/v5/mall/recipe/people/config/custom', { name: '幼儿', minAge: 3, maxAge: 6, energyKcal: 1e9, foodIngredients: [] }), 400, /能量须为/],
      [req(dietitian, 'POST', '/v5/mall/recipe/people/config/custom', { name: '幼儿', minAge: 3, maxAge: 6, energyKcal: 1, foodIngredients: [{ field: '糖果', dosage: 1 }] }), 400, /食物类别只能是/],
      [req(dietitian, 'POST', '/v5/mall/recipe/people/config/custom', { name: '教职工', minAge: 3, maxAge: 6, energyKcal: 1, foodIngredients: [] }), 409, '人群「教职工」已存在'],
      [req(dietitian, 'POST', '/v5/mall/recipe/people/config/custom', { name: '幼儿', minAge: 'three', maxAge: 6, energyKcal: 1, foodIngredients: [] }), 400, /参数错误/],
      // a purchaser reads but does not write; another school's dietitian does not find this school's group
      [req(purchaser, 'POST', '/v5/mall/recipe/people/config', { peopleEnergyId: 'wst554-6-8' }), 403, /营养师或机构管理员/],
      [req(dietitianB, 'PUT', `/v5/mall/recipe/people/config/custom/${custom.peopleId}`, { name: '抢改' }), 404, '人群不存在'],
      [req(dietitianB, 'DELETE', '/v4/mall/recipe/people/config', { peopleId: custom.peopleId }), 404, '人群不存在'],
    ];
    for (const [res, status, text] of cases) {
      const r = await res;
      expect(r.status, r.body.status_text).toBe(status);
      if (typeof text === 'string') expect(r.body.status_text).toBe(text);
      else expect(r.body.status_text).toMatch(text);
    }
    expect(await eventCount(server)).toBe(before);
    expect(await dump()).toEqual(rows);
    expect((await people(dietitianB)).body.data.rows).toEqual([]);
  });

  it('removes a group', async () => {
    const removed = await req(dietitian, 'DELETE', '/v4/mall/recipe/people/config', { peopleId: reference.peopleId });
    expect(removed.status, removed.body.status_text).toBe(200);
    expect((await people(dietitian)).body.data.rows.map((r) => r.name)).toEqual(['教职工']);
  });
});

describe('recipe labels', () => {
  it('a dietitian creates, renames and removes labels; names are unique in the org; others read', async () => {
    const spring = await req<RecipeLabel>(dietitian, 'POST', '/v4/mall/recipelabel', { name: ' 春季 ', color: '#107C41' });
    expect(spring.status, spring.body.status_text).toBe(200);
    expect(spring.body.data).toMatchObject({ name: '春季', color: '#107C41', enable: 1 });
    const halal = await req<RecipeLabel>(dietitian, 'POST', '/v4/mall/recipelabel', { name: '清真' });
    expect(halal.body.data.color).toBe('#0F6CBD');
    expect((await req(dietitian, 'POST', '/v4/mall/recipelabel', { name: '春季' })).status).toBe(409);
    const renamed = await req(dietitian, 'PUT', '/v4/mall/recipelabel', { id: halal.body.data.id, name: '少油', version: halal.body.data.version });
    expect(renamed.status, renamed.body.status_text).toBe(200);
    expect((await req(dietitian, 'PUT', '/v4/mall/recipelabel', { name: 'x' })).body.status_text).toBe('参数错误');
    expect((await req(dietitian, 'POST', '/v4/mall/recipelabel', { name: '红色', color: 'red;}' })).status).toBe(400);
    expect((await req(purchaser, 'POST', '/v4/mall/recipelabel', { name: '采购员标签' })).status).toBe(403);
    expect((await req(dietitianB, 'PUT', `/v4/mall/recipelabel/${spring.body.data.id}`, { isDelete: 1 })).status).toBe(404);
    const names = async (s: Session) => (await req<{ rows: RecipeLabel[] }>(s, 'GET', '/v4/mall/recipelabel')).body.data.rows.map((r) => r.name);
    expect(await names(purchaser)).toEqual(['春季', '少油']);
    expect(await names(dietitianB)).toEqual([]);
    expect((await req(dietitian, 'PUT', `/v4/mall/recipelabel/${spring.body.data.id}`, { isDelete: 1 })).body.data).toEqual({ id: spring.body.data.id, removed: true });
    expect(await names(dietitian)).toEqual(['少油']);
  });

  it('the recipelabel config: defaults until saved; a required label needs labels on', async () => {
    const cfg = (s: Session) => req<RecipeLabelConfig>(s, 'GET', '/v4/mall/recipelabel/config');
    expect((await cfg(dietitian)).body.data).toEqual({ enable: true, multiple: true, required: false });
    const saved = await req<RecipeLabelConfig>(dietitian, 'PUT', '/v4/mall/recipelabel/config', { multiple: false, required: true });
    expect(saved.body.data).toEqual({ enable: true, multiple: false, required: true });
    const bad = await req(dietitian, 'POST', '/v4/mall/recipelabel/config', { enable: false });
    expect(bad.status).toBe(400);
    expect(bad.body.status_text).toMatch(/未启用食谱标签时不能要求必填标签/);
    expect((await req(purchaser, 'PUT', '/v4/mall/recipelabel/config', { multiple: true })).status).toBe(403);
    expect((await cfg(purchaser)).body.data).toEqual({ enable: true, multiple: false, required: true });
    expect((await cfg(dietitianB)).body.data).toEqual({ enable: true, multiple: true, required: false });
  });
});

describe('recipe settings (mallRecipeSpec)', () => {
  it('stores the three §3 settings as spec records whose options keep their shape', async () => {
    const taboo = await req<{ id: string }>(dietitian, 'POST', '/v4/mall/spec', { name: '食物禁忌', options: { foodTaboosEnable: true } });
    expect(taboo.status, taboo.body.status_text).toBe(200);
    const bad = await req(dietitian, 'PUT', `/v4/mall/spec/${taboo.body.data.id}`, { options: { foodTaboosEnable: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.status_text).toMatch(/foodTaboosEnable 须为布尔值/);
    const exp = await req(dietitian, 'POST', '/v4/mall/spec', { name: '采购计划导出内容', options: { exportContent: ['foodName', 'drop table'] } });
    expect(exp.status).toBe(400);
    expect((await req(dietitian, 'POST', '/v4/mall/spec', { name: '就餐人数', options: { mealsPeople: -5 } })).status).toBe(400);
    expect((await req(purchaser, 'POST', '/v4/mall/spec', { name: '就餐人数', options: { mealsPeople: 300 } })).status).toBe(403);
  });
});

describe('form service and the recipe user limit', () => {
  const cycle = (name: string) => ({
    name, startDate: '2026-11-23', cycleOption: 'week', weeks: 1, mealPattern: MEAL_PATTERN_CODES['一餐'], ageGroups: [{ ageRange: '6-8', people: 50 }],
  });
  const create = (s: Session, name: string) => req<RecipeCycleDetail>(s, 'POST', '/v4/mall/recipe/cycle', cycle(name));
  const items = (s: Session, q: string) => req<{ rows: FormItem[]; count: number }>(s, 'GET', `/v1/form/table/item?${q}`);
  let limitItem: FormItem;

  it('the platform writes the limit tables of an org; members read their own records; bad input is refused', async () => {
    const made = await req<FormItem>(provider, 'POST', '/v1/form/table/mallRecipeCycleUserLimite/item', { formData: { userphoneNumber: DEMO.dietitian, times: 1 } });
    expect(made.status, made.body.status_text).toBe(200);
    limitItem = made.body.data;
    expect(limitItem).toMatchObject({ tableId: 'mallRecipeCycleUserLimite', orgId: dietitian.orgApp!.orgId, isDelete: 0 });
    const before = await eventCount(server);
    const cases: [Promise<Res>, number, string | RegExp][] = [
      // an org's own admin (a §6 system provider) does not grant limits: the operator does
      [req(admin, 'POST', '/v1/form/table/whiteList/item', { formData: { userphoneNumber: DEMO.purchaser } }), 403, /平台运营方/],
      [req(dietitian, 'DELETE', '/v1/form/table/mallRecipeCycleUserLimite/item', { itemId: [limitItem.itemId] }), 403, /平台运营方/],
      [req(provider, 'POST', '/v1/form/table/mallRecipeCycleUserLimite/item', { formData: { userphoneNumber: DEMO.dietitian, times: 3 } }), 409, /已存在/],
      [req(provider, 'POST', '/v1/form/table/mallRecipeCycleUserLimite/item', { formData: { userphoneNumber: '123', times: 3 } }), 400, /手机号/],
      [req(provider, 'POST', '/v1/form/table/mallRecipeCycleUserLimite/item', { formData: { userphoneNumber: DEMO.purchaser, times: -2 } }), 400, /额外次数/],
      [req(provider, 'POST', '/v1/form/table/mallRecipeCycleOrgAllowlist/item', { formData: { orgId: 'no-such-org' } }), 400, /机构不存在/],
      [req(provider, 'POST', '/v1/form/table/secretTable/item', { formData: {} }), 404, '表单不存在'],
      [req(provider, 'DELETE', '/v1/form/table/whiteList/item', { itemId: [] }), 400, '参数错误'],
      [items(dietitian, 'appId=x'), 400, '参数错误'],
      [items(dietitianB, `tableId=whiteList&orgId=${dietitian.orgApp!.orgId}`), 403, /其他机构/],
    ];
    for (const [res, status, text] of cases) {
      const r = await res;
      expect(r.status, r.body.status_text).toBe(status);
      if (typeof text === 'string') expect(r.body.status_text).toBe(text);
      else expect(r.body.status_text).toMatch(text);
    }
    expect(await eventCount(server)).toBe(before);
    // the dietitian reads her record; the purchaser does not see the dietitian's; the org admin sees the org's
    const q = 'tableId=mallRecipeCycleUserLimite&isDelete=0$n&$select=formData&$limit=1000';
    expect((await items(dietitian, `${q}&formData.userphoneNumber=${DEMO.dietitian}`)).body.data.rows.map((r) => r.formData.times)).toEqual([1]);
    expect((await items(purchaser, q)).body.data.count).toBe(0);
    expect((await items(admin, q)).body.data.count).toBe(1);
    expect((await items(dietitianB, q)).body.data.count).toBe(0);
  });

  it('refuses the sixth cycle; a deleted cycle gives its place back; extra times, whitelist and allowlist lift it', async () => {
    expect((await req(admin, 'PUT', '/v1/config/org', { path: 'nutritiousmeals.mallRecipeUserLimiteEnable', value: true })).status).toBe(200);
    // the dietitian's own cycles so far (the demo seed wrote some in her name): the limit is 5 + 1 extra
    const mine = async () => (await req<RecipeCycleList>(dietitian, 'GET', '/v4/mall/recipe/cycle?$limit=1000')).body.data.rows.filter((r) => r.createdBy === dietitian.userId);
    let n = (await mine()).length;
    while (n < 6) {
      const ok = await create(dietitian, `限额食谱${n}`);
      expect(ok.status, ok.body.status_text).toBe(200);
      n++;
    }
    const before = await eventCount(server);
    const refused = await create(dietitian, '第七个');
    expect(refused.status).toBe(422);
    expect(refused.body.status_text).toBe('每位用户最多可新建 6 个周食谱（您已新建 6 个），如需更多请联系管理员');
    expect(await eventCount(server)).toBe(before);
    // deleting a draft gives its place back (it used to count every cycle ever created)
    const draft = (await mine()).find((r) => r.name.startsWith('限额食谱'))!;
    expect((await req(dietitian, 'DELETE', `/v4/mall/recipe/cycle/${draft.id}`)).status).toBe(200);
    expect((await create(dietitian, '删除后再建')).status).toBe(200);
    expect((await create(dietitian, '又满了')).status).toBe(422);
    // the extra times withdrawn: the limit is 5 again
    expect((await req(provider, 'DELETE', '/v1/form/table/mallRecipeCycleUserLimite/item', { itemId: [limitItem.itemId] })).status).toBe(200);
    expect((await create(dietitian, '又满了')).body.status_text).toMatch(/最多可新建 5 个周食谱（您已新建 6 个）/);
    // whitelisted: not limited; off the list again: limited
    const white = await req<FormItem>(provider, 'POST', '/v1/form/table/whiteList/item', { formData: { userphoneNumber: DEMO.dietitian, isWhiteList: true } });
    expect(white.status, white.body.status_text).toBe(200);
    expect((await create(dietitian, '白名单食谱')).status).toBe(200);
    expect((await req(provider, 'PUT', `/v1/form/table/whiteList/item/${white.body.data.itemId}`, { formData: { isWhiteList: false } })).status).toBe(200);
    expect((await create(dietitian, '白名单取消')).status).toBe(422);
    // the org allowlisted: nobody of it is limited
    const allow = await req<FormItem>(provider, 'POST', '/v1/form/table/mallRecipeCycleOrgAllowlist/item', { formData: { orgId: dietitian.orgApp!.orgId } });
    expect(allow.status, allow.body.status_text).toBe(200);
    expect((await create(dietitian, '允许名单食谱')).status).toBe(200);
    // a member sees whether her org is allowlisted
    expect((await items(purchaser, 'tableId=mallRecipeCycleOrgAllowlist')).body.data.rows.map((r) => r.formData.orgId)).toEqual([dietitian.orgApp!.orgId]);
  });
});

describe('recipe categories', () => {
  it('a category with dishes filed under it is not deleted; a school purchaser cannot edit categories', async () => {
    const cats = (await req<{ rows: { id: string; name: string }[] }>(dietitian, 'GET', '/v2/category?groupName=menuCategory')).body.data.rows;
    const staple = cats.find((c) => c.name === '主食')!;
    const dishes = (await req<{ rows: { categoryId: string }[] }>(dietitian, 'GET', '/v4/mall/menu?$limit=1000')).body.data.rows;
    const used = dishes.filter((d) => d.categoryId === staple.id).length;
    expect(used).toBeGreaterThan(0);
    const before = await eventCount(server);
    const refused = await req(dietitian, 'DELETE', `/v2/category/${staple.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.status_text).toMatch(new RegExp(`该分类下还有 ${used} 个菜品或套餐`));
    expect(await eventCount(server)).toBe(before);
    const fresh = await req<{ id: string }>(dietitian, 'POST', '/v1/category/polardb', { name: '临时分类', groupName: 'menuCategory' });
    expect((await req(dietitian, 'DELETE', `/v2/category/${fresh.body.data.id}`)).status).toBe(200);
    expect((await req(purchaser, 'POST', '/v1/category/polardb', { name: '采购员分类', groupName: 'menuCategory' })).status).toBe(403);
  });
});

describe('rebuild', () => {
  it('replays the people, label, label-config and form-item events into the same tables', async () => {
    const before = await dumpProjections(server.store.db);
    for (const t of ['recipe_people', 'recipe_labels', 'recipe_label_configs', 'form_items'] as const) expect(before[t].length, t).toBeGreaterThan(0);
    await rebuildProjections(server.store.db);
    expect(await dumpProjections(server.store.db)).toEqual(before);
  });
});
