// Issue 28 point 6 on the real server and database: the school sets who approves its weekly recipes (nobody, the
// holders of roles it names, or members it names) in its recipe settings; only those who may change the org config
// set it (the dietitian it governs, a roleless member and an outsider with a valid token are refused first); the
// editor's question "who approves?" is answered by role and name; the server decides every approval from the stored
// rule and the caller's granted roles; an approver does not approve his own submission unless nobody approves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendToStream } from '../../server/store/eventStore.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import type { RecipeApprovers } from '../../contracts/recipeApprovers.ts';
import type { RecipeCycleDetail, RecipeCycleRow } from '../../contracts/recipeCycles.ts';
import type { RecipeLogEntry } from '../../contracts/recipeSharing.ts';
import { MEAL_PATTERN_CODES } from '../../domain/constants.ts';

const PATH = '/v5/mall/recipe/approvers';
let server: TestServer;
let admin: Session;
let dietitian: Session;
let purchaser: Session;
let orgId: string;
let dishId: string;

const approvers = (s: Session) => call<RecipeApprovers>(server, 'GET', PATH, auth(s));
const setApprovers = (s: Session, body: unknown) => call<RecipeApprovers>(server, 'PUT', PATH, { ...auth(s), body });
const cycleCall = <T = unknown>(s: Session, method: string, path: string, body?: unknown) => call<T>(server, method, `/v4/mall/recipe/cycle${path}`, { ...auth(s), body });
const roleId = async (name: string, org = orgId) =>
  (await server.store.db.selectFrom('roles').select('role_id').where('org_id', '=', org).where('name', '=', name).executeTakeFirstOrThrow()).role_id;
const stored = async () => (await call<Record<string, unknown>>(server, 'GET', '/v1/config/org?path=recipeApprovers,recipeConfig.recipeApprovalEnable', auth(admin))).body.data;

/** A one-week cycle of the dietitian with one dish, submitted: the status the server answers. */
async function submittedCycle(name: string): Promise<{ id: string; status: string }> {
  const made = await cycleCall<RecipeCycleDetail>(dietitian, 'POST', '', {
    name, startDate: '2026-11-30', cycleOption: 'week', weeks: 1, mealPattern: MEAL_PATTERN_CODES['一餐'], ageGroups: [{ ageRange: '6-8', people: 40 }],
  });
  expect(made.status, made.body.status_text).toBe(200);
  const id = made.body.data.id;
  const cells = await cycleCall(dietitian, 'PUT', `/${id}/cell`, { cells: [{ day: 0, mealCode: 3, dishes: [{ dishId }] }] });
  expect(cells.status, cells.body.status_text).toBe(200);
  const sent = await cycleCall<RecipeCycleRow>(dietitian, 'POST', `/${id}/submit`, {});
  expect(sent.status, sent.body.status_text).toBe(200);
  return { id, status: sent.body.data.status };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
  dietitian = await signIn(server, DEMO.dietitian, SCHOOL_A);
  purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
  orgId = admin.orgApp!.orgId;
  const cats = (await call<{ rows: { id: string; name: string }[] }>(server, 'GET', '/v2/category?groupName=menuCategory', auth(dietitian))).body.data.rows;
  const dish = await call<{ id: string }>(server, 'POST', '/v4/mall/menu', {
    ...auth(dietitian), body: { name: '审核测试米饭', categoryId: cats.find((c) => c.name === '主食')?.id, lines: [{ foodId: '01123', weight: 150 }] },
  });
  expect(dish.status, dish.body.status_text).toBe(200);
  dishId = dish.body.data.id;
});
afterAll(async () => { await server?.close(); });

describe('who may set the recipe approvers (attacks first)', () => {
  it('the dietitian, the purchaser, a roleless member and an outsider with a valid token are refused; nothing is stored', async () => {
    const before = await stored();
    const attempt = { mode: 'none' };
    for (const s of [dietitian, purchaser]) {
      const res = await setApprovers(s, attempt);
      expect(res.status, `${s.userId}: ${res.body.status_text}`).toBe(403);
      expect(res.body.status_text).toBeTruthy();
    }
    // the dietitian naming herself the approver of her own cycles
    expect((await setApprovers(dietitian, { mode: 'members', userIds: [dietitian.userId] })).status).toBe(403);
    // a member of school A without a role (the delivery user joins without one)
    const delivery = await server.store.db.selectFrom('users').select('user_id').where('username', '=', DEMO.delivery).executeTakeFirstOrThrow();
    await server.store.db.transaction().execute((tx) => appendToStream(tx, {
      orgId, streamId: `member-${orgId}-${delivery.user_id}`, streamType: 'member', expectedVersion: 0, meta: { time: new Date().toISOString(), route: 'test' },
      events: [{ type: 'UserJoinedOrgApp', data: { orgId, appId: admin.orgApp!.appId, userId: delivery.user_id, extraInfo: {} } }],
    }));
    const roleless = await signIn(server, DEMO.delivery, SCHOOL_A);
    expect(roleless.key).toBeTruthy();
    expect((await setApprovers(roleless, attempt)).status).toBe(403);
    expect((await approvers(roleless)).status).toBe(403);
    // the admin of school A with school B's key (he is no member there), and a supplier with school A's key
    const schoolB = await signIn(server, DEMO.dietitian, SCHOOL_B);
    expect((await call(server, 'PUT', PATH, { token: admin.token, key: schoolB.key, body: attempt })).status).toBe(403);
    const supplier = await signIn(server, DEMO.supplier);
    expect((await call(server, 'PUT', PATH, { token: supplier.token, key: admin.key, body: attempt })).status).toBe(403);
    expect((await call(server, 'GET', PATH, { token: supplier.token, key: admin.key })).status).toBe(403);
    // no token at all
    expect((await call(server, 'PUT', PATH, { key: admin.key, body: attempt })).status).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it("another org's role, a non-member, an unknown mode or a smuggled org id are refused with a reason; nothing is stored", async () => {
    const before = await stored();
    const otherRole = await roleId('dietitian', (await signIn(server, DEMO.dietitian, SCHOOL_B)).orgApp!.orgId);
    const cases: [unknown, number, RegExp][] = [
      [{ mode: 'roles', roleIds: [otherRole] }, 400, /不是本机构的角色/],
      [{ mode: 'roles', roleIds: [] }, 400, /至少选择一个审核角色/],
      [{ mode: 'members', userIds: ['no-such-user'] }, 400, /不是本机构的成员/],
      [{ mode: 'members' }, 400, /至少选择一位审核人/],
      [{ mode: 'admins' }, 400, /.+/],
      [{ mode: 'none', orgId: 'org-mdzx' }, 400, /.+/],
    ];
    for (const [body, status, text] of cases) {
      const res = await setApprovers(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.status_text).toMatch(text);
    }
    // the org config path itself keeps the setting's shape
    const raw = await call(server, 'PUT', '/v1/config/org', { ...auth(admin), body: { path: 'recipeApprovers', value: { mode: 'everyone' } } });
    expect(raw.status).toBe(400);
    expect(await stored()).toEqual(before);
  });
});

describe('who approves', () => {
  it('before the school sets anyone, the editor names the org admins by role and name; the dietitian may not change it', async () => {
    const seen = await approvers(dietitian);
    expect(seen.status, seen.body.status_text).toBe(200);
    expect(seen.body.data).toMatchObject({ mode: 'admins', saved: false, canChange: false });
    expect(seen.body.data.approvers.map((a) => a.name)).toContain('吴静');
    expect(seen.body.data.roles.map((r) => r.name)).toContain('机构管理员');
    expect(seen.body.data.choices).toBeUndefined();
    const byAdmin = (await approvers(admin)).body.data;
    expect(byAdmin.canChange).toBe(true);
    expect(byAdmin.choices?.members.map((m) => m.name)).toEqual(expect.arrayContaining(['周丽华', '李晓梅']));
    expect(byAdmin.choices?.roles.map((r) => r.name)).toEqual(expect.arrayContaining(['营养师', '学校采购员']));
  });

  it('named members approve; others, the admin included, are refused with a readable reason; the submitter does not approve his own', async () => {
    const set = await setApprovers(admin, { mode: 'members', userIds: [purchaser.userId, dietitian.userId] });
    expect(set.status, set.body.status_text).toBe(200);
    expect(set.body.data).toMatchObject({ mode: 'members', saved: true, userIds: [purchaser.userId, dietitian.userId] });
    expect(set.body.data.approvers.map((a) => a.name).sort()).toEqual(['周丽华', '李晓梅'].sort());
    expect((await approvers(dietitian)).body.data.approvers.map((a) => a.userId).sort()).toEqual([purchaser.userId, dietitian.userId].sort());

    const cycle = await submittedCycle('成员审核');
    expect(cycle.status).toBe('submitted');
    // the admin is not named: the rule the school set decides, not his role
    const byAdmin = await cycleCall(admin, 'POST', `/${cycle.id}/approve`, {});
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.status_text).toMatch(/不是本机构设置的食谱审核人/);
    // the dietitian is named but submitted it herself
    const own = await cycleCall(dietitian, 'POST', `/${cycle.id}/approve`, {});
    expect(own.status).toBe(403);
    expect(own.body.status_text).toMatch(/不能审核自己提交的周食谱/);
    expect((await cycleCall<RecipeCycleDetail>(dietitian, 'GET', `/${cycle.id}`)).body.data.abilities.approve).toBe(false);
    // the purchaser, named, sees the submitted cycle of another author and approves it
    const detail = await cycleCall<RecipeCycleDetail>(purchaser, 'GET', `/${cycle.id}`);
    expect(detail.status, detail.body.status_text).toBe(200);
    expect(detail.body.data.abilities.approve).toBe(true);
    const ok = await cycleCall<RecipeCycleRow>(purchaser, 'POST', `/${cycle.id}/approve`, { remark: '可以' });
    expect(ok.status, ok.body.status_text).toBe(200);
    expect(ok.body.data.status).toBe('approved');
  });

  it("holders of a role the school names approve: the server reads the caller's granted roles, not his name or code", async () => {
    const purchaserRole = await roleId('purchaser');
    const set = await setApprovers(admin, { mode: 'roles', roleIds: [purchaserRole] });
    expect(set.status, set.body.status_text).toBe(200);
    expect(set.body.data.roles).toEqual([{ roleId: purchaserRole, name: '学校采购员' }]);
    expect(set.body.data.approvers.map((a) => a.name)).toContain('李晓梅');
    expect(set.body.data.approvers.map((a) => a.name)).not.toContain('周丽华');

    const cycle = await submittedCycle('角色审核');
    expect((await cycleCall(dietitian, 'POST', `/${cycle.id}/approve`, {})).status).toBe(403);
    expect((await cycleCall(admin, 'POST', `/${cycle.id}/reject`, { remark: '不行' })).status).toBe(403);
    const ok = await cycleCall<RecipeCycleRow>(purchaser, 'POST', `/${cycle.id}/approve`, {});
    expect(ok.status, ok.body.status_text).toBe(200);
    expect(ok.body.data.status).toBe('approved');
  });

  it('nobody approves: submitting publishes at once, recorded as published without approval; approval switched back on keeps the approvers', async () => {
    const set = await setApprovers(admin, { mode: 'none' });
    expect(set.status, set.body.status_text).toBe(200);
    expect(set.body.data).toMatchObject({ mode: 'none', approvers: [] });
    expect(await stored()).toMatchObject({ 'recipeConfig.recipeApprovalEnable': false });
    const seen = (await approvers(dietitian)).body.data;
    expect(seen.mode).toBe('none');

    const cycle = await submittedCycle('无需审核');
    expect(cycle.status).toBe('published');
    const log = await call<{ rows: RecipeLogEntry[] }>(server, 'GET', `/v4/mall/recipe/cycle/${cycle.id}/log`, auth(dietitian));
    expect(log.status, log.body.status_text).toBe(200);
    const published = log.body.data.rows.find((e) => e.type === 'RecipeCyclePublished');
    expect(published?.detail.withoutApproval).toBe(true);
    expect(log.body.data.rows.some((e) => e.type === 'RecipeCycleSubmitted')).toBe(false);

    // the system settings' switch on again: the roles saved before approve again
    expect((await call(server, 'PUT', '/v1/config/org', { ...auth(admin), body: { path: 'recipeConfig.recipeApprovalEnable', value: true } })).status).toBe(200);
    expect((await approvers(dietitian)).body.data).toMatchObject({ mode: 'roles', roleIds: [await roleId('purchaser')] });
  });
});
