// Sharing and exporting recipe cycles (issue 9) on the real server and database: cloud recipes copied into a
// school (independent of the cloud), whole-cycle copies, recipe shares (§5: ids up to 7 protected with the missing
// template number message; tenancy: only the orgs named read a shared cycle), Excel templates (§5: an empty id is
// the parameter error), and the recipe log read from the cycle's events. Bad input: 4xx, nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import type { RecipeCycleDetail } from '../../contracts/recipeCycles.ts';
import type {
  CloudRecipeList, RecipeCloneResult, RecipeExcelTemplate, RecipeExcelTemplateList, RecipeLogEntry, RecipeShare, RecipeShareList,
} from '../../contracts/recipeSharing.ts';
import { CLOUD_RECIPES } from '../../server/seed/seedCloudRecipes.ts';
import { SHARING_TEXT } from '../../domain/recipeSharing.ts';

let server: TestServer;
let dietitianA: Session;
let dietitianB: Session;
let purchaserA: Session;
let provider: Session;

const api = <T = unknown>(s: Session, method: string, path: string, body?: unknown) => call<T>(server, method, path, { ...auth(s), body });
const cyclesOf = async (s: Session) => (await api<{ rows: { id: string; name: string; status: string }[] }>(s, 'GET', '/v4/mall/recipe/cycle')).body.data.rows;

beforeAll(async () => {
  server = await startTestServer();
  dietitianA = await signIn(server, DEMO.dietitian, SCHOOL_A);
  dietitianB = await signIn(server, DEMO.dietitian, SCHOOL_B);
  purchaserA = await signIn(server, DEMO.purchaser, SCHOOL_A);
  provider = await signIn(server, DEMO.provider, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

describe('cloud recipes', () => {
  let copy: RecipeCloneResult;

  it('every org reads the seeded cloud recipes (published cycles of the standard org)', async () => {
    const list = await api<CloudRecipeList>(purchaserA, 'GET', '/v4/mall/recipe/standard/cycle');
    expect(list.status, list.body.status_text).toBe(200);
    expect(list.body.data.rows.map((r) => r.name).sort()).toEqual(CLOUD_RECIPES.map((c) => c.name).sort());
    expect(list.body.data.rows.every((r) => r.status === 'published' && r.cellCount > 0)).toBe(true);
    expect(list.body.data.mayPublish).toBe(false);
  });

  it('a dietitian copies one into her school: a draft of the school, with the school\'s own dishes of the same names', async () => {
    const cloud = (await api<CloudRecipeList>(dietitianA, 'GET', '/v4/mall/recipe/standard/cycle?name=小学')).body.data.rows[0];
    const source = (await api<RecipeCycleDetail>(dietitianA, 'GET', `/v4/mall/recipe/standard/cycle/${cloud.id}`)).body.data;
    const res = await api<RecipeCloneResult>(dietitianA, 'POST', `/v4/mall/recipe/standard/cycle/${cloud.id}/copy`, { name: '云食谱副本', startDate: '2026-12-07' });
    expect(res.status, res.body.status_text).toBe(200);
    copy = res.body.data;
    expect(copy).toMatchObject({ name: '云食谱副本', status: 'draft', startDate: '2026-12-07', weeks: cloud.weeks, cellCount: cloud.cellCount, dishesCopied: 0 });
    expect(copy.dishesMatched).toBeGreaterThan(0);
    // the same menu by dish name; the dish ids are the school's
    const names = (d: RecipeCycleDetail) => d.cells.map((c) => `${c.day}:${c.mealCode}:${c.dishes.map((x) => d.dishes.find((y) => y.id === x.dishId)?.name).join(',')}`);
    expect(names(copy)).toEqual(names(source));
    const schoolDishes = (await api<{ rows: { id: string }[] }>(dietitianA, 'GET', '/v4/mall/menu?$limit=10000')).body.data.rows.map((d) => d.id);
    expect(copy.dishes.every((d) => schoolDishes.includes(d.id))).toBe(true);
    expect((await cyclesOf(dietitianA)).map((c) => c.id)).toContain(copy.id);
  });

  it('the copy is independent: editing it leaves the cloud recipe as it was', async () => {
    const cloudBefore = (await api<RecipeCycleDetail>(dietitianA, 'GET', `/v4/mall/recipe/standard/cycle/${(await api<CloudRecipeList>(dietitianA, 'GET', '/v4/mall/recipe/standard/cycle?name=小学')).body.data.rows[0].id}`)).body.data;
    const emptied = await api<RecipeCycleDetail>(dietitianA, 'PUT', `/v4/mall/recipe/cycle/${copy.id}/cell`, { cells: [{ ...copy.cells[0], dishes: [] }] });
    expect(emptied.status, emptied.body.status_text).toBe(200);
    const cloudAfter = (await api<RecipeCycleDetail>(dietitianA, 'GET', `/v4/mall/recipe/standard/cycle/${cloudBefore.id}`)).body.data;
    expect(cloudAfter.cells).toEqual(cloudBefore.cells);
    expect(cloudAfter.version).toBe(cloudBefore.version);
    // nobody edits the cloud recipe through the school's cycle endpoints
    expect((await api(dietitianA, 'PUT', `/v4/mall/recipe/cycle/${cloudBefore.id}/cell`, { cells: [{ day: 0, mealCode: 3, dishes: [] }] })).status).toBe(404);
  });

  it('the recipe log shows who made the copy, from where, and the edit after it', async () => {
    const log = await api<{ rows: RecipeLogEntry[]; count: number }>(dietitianA, 'GET', `/v4/mall/recipe/cycle/${copy.id}/log`);
    expect(log.status, log.body.status_text).toBe(200);
    expect(log.body.data.rows.map((r) => r.type)).toEqual(['RecipeCycleCellsSet', 'RecipeCycleCellsSet', 'RecipeCycleCreated']);
    expect(log.body.data.rows[2]).toMatchObject({ userName: '周丽华', detail: { name: '云食谱副本', copiedFrom: expect.stringContaining('云食谱') } });
    expect(log.body.data.rows[0].detail).toEqual({ days: [copy.cells[0].day], meals: [copy.cells[0].mealCode] });
    // another school's dietitian session does not read it
    expect((await api(dietitianB, 'GET', `/v4/mall/recipe/cycle/${copy.id}/log`)).status).toBe(404);
  });

  it('only the platform publishes into the cloud; a dish the other school lacks is copied into it with its copy', async () => {
    const dishes = (await api<{ rows: { id: string; name: string; categoryName: string }[] }>(dietitianA, 'GET', '/v4/mall/menu?$limit=10000')).body.data.rows;
    const cats = new Map((await api<{ rows: { id: string; name: string }[] }>(dietitianA, 'GET', '/v2/category?groupName=menuCategory')).body.data.rows.map((c) => [c.name, c.id]));
    const special = await api<{ id: string }>(dietitianA, 'POST', '/v4/mall/menu', { name: '阳光特色饺子', categoryId: cats.get('主食'), lines: [{ foodId: '01123', weight: 120 }] });
    expect(special.status, special.body.status_text).toBe(200);
    const made = (await api<RecipeCycleDetail>(dietitianA, 'POST', '/v4/mall/recipe/cycle', {
      name: '特色一周', startDate: '2026-11-30', cycleOption: 'week', weeks: 1, mealPattern: 3, ageGroups: [{ ageRange: '6-8', people: 50 }],
    })).body.data;
    await api(dietitianA, 'PUT', `/v4/mall/recipe/cycle/${made.id}/cell`, { cells: [{ day: 0, mealCode: 3, dishes: [{ dishId: special.body.data.id }, { dishId: dishes[0].id }] }] });
    expect((await api(dietitianA, 'POST', '/v4/mall/recipe/standard/cycle/publish', { cycleId: made.id })).status).toBe(403);
    // the demo school approves its cycles: submitted by the dietitian, approved and published by the school admin
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    expect((await api(dietitianA, 'POST', `/v4/mall/recipe/cycle/${made.id}/submit`, {})).status).toBe(200);
    expect((await api(admin, 'POST', `/v4/mall/recipe/cycle/${made.id}/approve`, {})).status).toBe(200);
    expect((await api(provider, 'POST', '/v4/mall/recipe/standard/cycle/publish', { cycleId: made.id })).body.status_text).toBe(SHARING_TEXT.cloudNotPublished);
    expect((await api(admin, 'POST', `/v4/mall/recipe/cycle/${made.id}/publish`, {})).status).toBe(200);
    const published = await api<{ id: string; status: string }>(provider, 'POST', '/v4/mall/recipe/standard/cycle/publish', { cycleId: made.id });
    expect(published.status, published.body.status_text).toBe(200);
    expect(published.body.data.status).toBe('published');
    const copied = await api<RecipeCloneResult>(dietitianB, 'POST', `/v4/mall/recipe/standard/cycle/${published.body.data.id}/copy`, { name: '明德的特色周', startDate: '2026-12-14' });
    expect(copied.status, copied.body.status_text).toBe(200);
    expect(copied.body.data.dishesCopied).toBe(1);
    const bDishes = (await api<{ rows: { id: string; name: string }[] }>(dietitianB, 'GET', '/v4/mall/menu?name=阳光特色饺子')).body.data.rows;
    expect(bDishes).toHaveLength(1);
    expect(copied.body.data.cells[0].dishes.map((d) => d.dishId)).toContain(bDishes[0].id);
  });

  it('a dish whose category the receiving org lacks stops the copy with the category named, nothing written', async () => {
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    const made = await api<{ rows: { id: string; name: string }[] }>(admin, 'POST', '/v2/category', { groupName: 'menuCategory', list: [{ name: '阳光特色小吃' }] });
    expect(made.status, made.body.status_text).toBe(200);
    const categoryId = made.body.data.rows.find((c) => c.name === '阳光特色小吃')!.id;
    const dish = await api<{ id: string }>(dietitianA, 'POST', '/v4/mall/menu', { name: '阳光糖油粑粑', categoryId, lines: [{ foodId: '01123', weight: 80 }] });
    expect(dish.status, dish.body.status_text).toBe(200);
    const cycle = (await api<RecipeCycleDetail>(dietitianA, 'POST', '/v4/mall/recipe/cycle', {
      name: '小吃一周', startDate: '2026-11-30', cycleOption: 'week', weeks: 1, mealPattern: 3, ageGroups: [{ ageRange: '6-8', people: 50 }],
    })).body.data;
    await api(dietitianA, 'PUT', `/v4/mall/recipe/cycle/${cycle.id}/cell`, { cells: [{ day: 0, mealCode: 3, dishes: [{ dishId: dish.body.data.id }] }] });
    for (const [who, step] of [[dietitianA, 'submit'], [admin, 'approve'], [admin, 'publish']] as const) {
      expect((await api(who, 'POST', `/v4/mall/recipe/cycle/${cycle.id}/${step}`, {})).status, step).toBe(200);
    }
    const before = await eventCount(server);
    const refused = await api(provider, 'POST', '/v4/mall/recipe/standard/cycle/publish', { cycleId: cycle.id });
    expect(refused.status).toBe(422);
    expect(refused.body.status_text).toBe(SHARING_TEXT.categoryMissing('阳光特色小吃'));
    expect(await eventCount(server)).toBe(before);
  });

  it('bad input: an unknown cloud recipe 404, a start that is no Monday 400, nothing written', async () => {
    const cloud = (await api<CloudRecipeList>(dietitianA, 'GET', '/v4/mall/recipe/standard/cycle')).body.data.rows[0];
    const before = await eventCount(server);
    expect((await api(dietitianA, 'POST', '/v4/mall/recipe/standard/cycle/nope/copy', { name: 'x', startDate: '2026-12-07' })).status).toBe(404);
    const tuesday = await api(dietitianA, 'POST', `/v4/mall/recipe/standard/cycle/${cloud.id}/copy`, { name: 'x', startDate: '2026-12-08' });
    expect(tuesday.status).toBe(400);
    expect(tuesday.body.status_text).toMatch(/星期一/);
    expect((await api(dietitianA, 'POST', `/v4/mall/recipe/standard/cycle/${cloud.id}/copy`, { name: ' ', startDate: '2026-12-07' })).status).toBe(400);
    expect((await api(dietitianA, 'POST', `/v4/mall/recipe/standard/cycle/${cloud.id}/copy`, { name: 'x', startDate: 'soon' })).status).toBe(400);
    expect(await eventCount(server)).toBe(before);
  });
});

describe('copying a whole cycle', () => {
  it('copies a week cycle to a new Monday, and a month cycle to another month (days its month lacks left out)', async () => {
    const [source] = (await cyclesOf(dietitianA)).filter((c) => c.name.includes('四周食谱'));
    const res = await api<RecipeCloneResult>(dietitianA, 'POST', `/v4/mall/recipe/cycle/${source.id}/clone`, { name: '下一轮四周', startDate: '2027-03-01' });
    expect(res.status, res.body.status_text).toBe(200);
    const src = (await api<RecipeCycleDetail>(dietitianA, 'GET', `/v4/mall/recipe/cycle/${source.id}`)).body.data;
    expect(res.body.data).toMatchObject({ status: 'draft', startDate: '2027-03-01', weeks: src.weeks, cellCount: src.cellCount });
    expect(res.body.data.cells.map((c) => c.dishes)).toEqual(src.cells.map((c) => c.dishes));

    const month = (await api<RecipeCycleDetail>(dietitianA, 'POST', '/v4/mall/recipe/cycle', {
      name: '一月月食谱', startDate: '2027-01-01', cycleOption: 'month', mealPattern: 3, ageGroups: [{ ageRange: '6-8', people: 50 }],
    })).body.data;
    expect(month.days).toBe(31);
    await api(dietitianA, 'PUT', `/v4/mall/recipe/cycle/${month.id}/cell`, { cells: [{ day: 0, mealCode: 3, dishes: [{ dishId: src.cells[0].dishes[0].dishId }] }, { day: 30, mealCode: 3, dishes: [{ dishId: src.cells[0].dishes[0].dishId }] }] });
    const feb = await api<RecipeCloneResult>(dietitianA, 'POST', `/v4/mall/recipe/cycle/${month.id}/clone`, { name: '二月月食谱', startDate: '2027-02-01' });
    expect(feb.status, feb.body.status_text).toBe(200);
    expect(feb.body.data).toMatchObject({ cycleOption: 'month', days: 28, endDate: '2027-02-28' });
    expect(feb.body.data.cells.map((c) => c.day)).toEqual([0]);
    expect((await api(dietitianA, 'POST', `/v4/mall/recipe/cycle/${month.id}/clone`, { name: '二月', startDate: '2027-02-02' })).status).toBe(400);
  });
  it('another school cannot copy a cycle it cannot read', async () => {
    const [source] = await cyclesOf(dietitianA);
    expect((await api(dietitianB, 'POST', `/v4/mall/recipe/cycle/${source.id}/clone`, { name: 'x', startDate: '2027-03-01' })).status).toBe(404);
  });
});

describe('recipe shares (§7 /v4/mall/recipe/share)', () => {
  let share: RecipeShare;
  let draftId: string;

  it('school A cannot read school B\'s unshared cycle, until B shares it', async () => {
    const draft = (await cyclesOf(dietitianB)).find((c) => c.status === 'draft')!;
    draftId = draft.id;
    expect((await api(dietitianA, 'GET', `/v4/mall/recipe/cycle/${draft.id}`)).status).toBe(404);
    const list = (await api<RecipeShareList>(dietitianB, 'GET', '/v4/mall/recipe/share')).body.data;
    expect(list.mayShare).toBe(true);
    const orgA = list.orgs.find((o) => o.orgName === SCHOOL_A)!;
    const res = await api<RecipeShare>(dietitianB, 'POST', '/v4/mall/recipe/share', { name: ' 明德草稿给阳光 ', cycleId: draft.id, orgIds: [orgA.orgId] });
    expect(res.status, res.body.status_text).toBe(200);
    share = res.body.data;
    expect(share).toMatchObject({ name: '明德草稿给阳光', cycleName: draft.name, own: true, orgIds: [orgA.orgId] });
    expect(share.id).toBeGreaterThan(7);
    const seen = await api<RecipeShareList>(dietitianA, 'GET', '/v4/mall/recipe/share');
    expect(seen.body.data.rows.find((r) => r.id === share.id)).toMatchObject({ own: false, orgName: SCHOOL_B });
    // §7 orgId list: only shares made by the orgs named (repeated or comma separated)
    const fromB = await api<RecipeShareList>(dietitianA, 'GET', `/v4/mall/recipe/share?orgId=${share.orgId}&orgId=org-none`);
    expect(fromB.body.data.rows.map((r) => r.id)).toContain(share.id);
    expect((await api<RecipeShareList>(dietitianA, 'GET', `/v4/mall/recipe/share?orgId=org-none,${dietitianA.orgApp!.orgId}`)).body.data.rows.map((r) => r.id)).not.toContain(share.id);
    const read = await api<RecipeCycleDetail>(dietitianA, 'GET', `/v4/mall/recipe/share/${share.id}/cycle`);
    expect(read.status, read.body.status_text).toBe(200);
    expect(read.body.data.id).toBe(draft.id);
    // the share reads the cycle, it does not open the school's cycle endpoints
    expect((await api(dietitianA, 'GET', `/v4/mall/recipe/cycle/${draft.id}`)).status).toBe(404);
  });

  it('an org not named reads nothing: the trial school neither lists nor reads nor copies the share', async () => {
    const trial = await signIn(server, DEMO.provider, '体验学校');
    expect((await api<RecipeShareList>(trial, 'GET', '/v4/mall/recipe/share')).body.data.rows.map((r) => r.id)).not.toContain(share.id);
    expect((await api(trial, 'GET', `/v4/mall/recipe/share/${share.id}/cycle`)).status).toBe(404);
    expect((await api(trial, 'POST', `/v4/mall/recipe/share/${share.id}/copy`, { name: 'x', startDate: '2027-03-01' })).status).toBe(404);
    // the recipient cannot change the share either
    expect((await api(dietitianA, 'PUT', `/v4/mall/recipe/share/${share.id}`, { name: 'x' })).status).toBe(404);
  });

  it('the recipient copies it into its own cycles; the copy is its own', async () => {
    const res = await api<RecipeCloneResult>(dietitianA, 'POST', `/v4/mall/recipe/share/${share.id}/copy`, { name: '明德分享副本', startDate: '2027-03-08' });
    expect(res.status, res.body.status_text).toBe(200);
    expect((await cyclesOf(dietitianA)).map((c) => c.id)).toContain(res.body.data.id);
    expect((await cyclesOf(dietitianB)).map((c) => c.id)).not.toContain(res.body.data.id);
  });

  it('§5: an update without an id, or with an id of 7 or below, is refused with the missing template number message', async () => {
    const before = await eventCount(server);
    for (const path of ['/v4/mall/recipe/share', '/v4/mall/recipe/share/7', '/v4/mall/recipe/share/1', '/v4/mall/recipe/share/abc']) {
      const res = await api(dietitianB, 'PUT', path, { name: 'x' });
      expect(res.status, path).toBe(400);
      expect(res.body.status_text).toBe(SHARING_TEXT.missingTemplateNumber);
    }
    expect((await api(dietitianB, 'DELETE', '/v4/mall/recipe/share/3')).body.status_text).toBe(SHARING_TEXT.missingTemplateNumber);
    expect(await eventCount(server)).toBe(before);
  });

  it('bad input is refused with nothing written; a stale version is 409; the owner changes and removes it', async () => {
    const before = await eventCount(server);
    expect((await api(dietitianB, 'POST', '/v4/mall/recipe/share', { name: 'x', cycleId: draftId, orgIds: [] })).body.status_text).toBe(SHARING_TEXT.shareNoOrgs);
    expect((await api(dietitianB, 'POST', '/v4/mall/recipe/share', { name: 'x', cycleId: 'nope', orgIds: share.orgIds })).status).toBe(404);
    expect((await api(dietitianB, 'POST', '/v4/mall/recipe/share', { name: 'x', cycleId: draftId, orgIds: ['org-platform'] })).status).toBe(400);
    expect((await api(dietitianB, 'POST', '/v4/mall/recipe/share', { name: '', cycleId: draftId, orgIds: share.orgIds })).status).toBe(400);
    expect((await api(purchaserA, 'POST', '/v4/mall/recipe/share', { name: 'x', cycleId: draftId, orgIds: share.orgIds })).status).toBe(403);
    expect(await eventCount(server)).toBe(before);
    const renamed = await api<RecipeShare>(dietitianB, 'PUT', `/v4/mall/recipe/share/${share.id}`, { name: '改名', version: share.version });
    expect(renamed.status, renamed.body.status_text).toBe(200);
    expect((await api(dietitianB, 'PUT', `/v4/mall/recipe/share/${share.id}`, { name: '再改', version: share.version })).status).toBe(409);
    expect((await api(dietitianB, 'DELETE', `/v4/mall/recipe/share/${share.id}`)).status).toBe(200);
    expect((await api(dietitianA, 'GET', `/v4/mall/recipe/share/${share.id}/cycle`)).status).toBe(404);
  });
});

describe('Excel templates (§7 /v4/mall/recipe/exceltpl)', () => {
  let tpl: RecipeExcelTemplate;
  it('lists the built-in template first; a dietitian adds, changes and removes one of the school\'s', async () => {
    const list = await api<RecipeExcelTemplateList>(dietitianA, 'GET', '/v4/mall/recipe/exceltpl');
    expect(list.body.data.rows[0]).toMatchObject({ builtIn: true, layout: 'mealRows' });
    const made = await api<RecipeExcelTemplate>(dietitianA, 'POST', '/v4/mall/recipe/exceltpl', { name: ' 按天 ', layout: 'dayRows', showDosage: false });
    expect(made.status, made.body.status_text).toBe(200);
    tpl = made.body.data;
    expect(tpl).toMatchObject({ name: '按天', layout: 'dayRows', showDosage: false, showWeekend: false, builtIn: false, version: 1 });
    const changed = await api<RecipeExcelTemplate>(dietitianA, 'PUT', `/v4/mall/recipe/exceltpl/${tpl.id}`, { title: '阳光小学本周食谱', version: 1 });
    expect(changed.body.data).toMatchObject({ title: '阳光小学本周食谱', version: 2 });
    // another school neither sees nor changes it
    expect((await api<RecipeExcelTemplateList>(dietitianB, 'GET', '/v4/mall/recipe/exceltpl')).body.data.rows.map((r) => r.id)).not.toContain(tpl.id);
    expect((await api(dietitianB, 'PUT', `/v4/mall/recipe/exceltpl/${tpl.id}`, { name: 'x' })).status).toBe(404);
    expect((await api(purchaserA, 'POST', '/v4/mall/recipe/exceltpl', { name: 'x', layout: 'dayRows' })).status).toBe(403);
  });
  it('§5: an empty id is the generic parameter error; bad fields are refused; nothing written', async () => {
    const before = await eventCount(server);
    for (const [method, path, body] of [['PUT', '/v4/mall/recipe/exceltpl', { name: 'x' }], ['DELETE', '/v4/mall/recipe/exceltpl', { id: '' }], ['DELETE', '/v4/mall/recipe/exceltpl', {}], ['PUT', '/v4/mall/recipe/exceltpl/%20', { name: 'x' }]] as const) {
      const res = await api(dietitianA, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.status_text).toBe(SHARING_TEXT.parameterError);
    }
    expect((await api(dietitianA, 'POST', '/v4/mall/recipe/exceltpl', { name: ' ', layout: 'dayRows' })).body.status_text).toBe(SHARING_TEXT.templateNameEmpty);
    expect((await api(dietitianA, 'POST', '/v4/mall/recipe/exceltpl', { name: 'x', layout: 'diagonal' })).status).toBe(400);
    expect((await api(dietitianA, 'PUT', '/v4/mall/recipe/exceltpl/builtin-week', { name: 'x' })).status).toBe(403);
    expect(await eventCount(server)).toBe(before);
    expect((await api(dietitianA, 'DELETE', '/v4/mall/recipe/exceltpl', { id: tpl.id })).status).toBe(200);
    expect((await api(dietitianA, 'DELETE', '/v4/mall/recipe/exceltpl', { id: tpl.id })).status).toBe(404);
  });
});

describe('the recipe user limit (§9) holds for copies too', () => {
  it('a copy past the limit is refused with its message, nothing written', async () => {
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    expect((await call(server, 'PUT', '/v1/config/org', { ...auth(admin), body: { path: 'nutritiousmeals.mallRecipeUserLimiteEnable', value: true } })).status).toBe(200);
    const cloud = (await api<CloudRecipeList>(dietitianA, 'GET', '/v4/mall/recipe/standard/cycle')).body.data.rows[0];
    const before = await eventCount(server);
    // the dietitian made more than five cycles of the school in this file (seeded ones, copies, clones)
    const refused = await api(dietitianA, 'POST', `/v4/mall/recipe/standard/cycle/${cloud.id}/copy`, { name: '超额副本', startDate: '2027-03-01' });
    expect(refused.status).toBe(422);
    expect(refused.body.status_text).toMatch(/每位用户最多可新建 5 个周食谱/);
    const [own] = await cyclesOf(dietitianA);
    expect((await api(dietitianA, 'POST', `/v4/mall/recipe/cycle/${own.id}/clone`, { name: '超额', startDate: '2027-03-01' })).status).toBe(422);
    expect(await eventCount(server)).toBe(before);
  });
});
