import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, DEMO_PASSWORD, type TestServer } from '../support/testServer.ts';
import { call, eventCount, firstSignIn, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';

let server: TestServer;
let admin: Session;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

interface UserDetail { userId: string; username: string; name: string; email: string; expiration: string | null; version: number; roles: { name: string }[] }

const login = (username: string, password: string) => call(server, 'POST', '/v1/passport/login', { body: { username, password } });

describe('users', () => {
  it('reports login status with the user: a demo account has its own password, no change to make (issue 27)', async () => {
    const s = await signIn(server, DEMO.bureau);
    const res = await call<{ firstLogin: boolean; user: { username: string; name: string } }>(server, 'GET', '/v2/users/loginstatus', { token: s.token });
    expect(res.body.data).toMatchObject({ firstLogin: false, user: { username: DEMO.bureau, name: '赵敏' } });
  });

  it('creates a user in the current org-app with the default password, empty email and no expiration', async () => {
    const res = await call<UserDetail>(server, 'POST', '/v2/users', {
      token: admin.token, key: admin.key, body: { username: '13912340001', name: '王老师', expiration: '', roleNames: ['dietitian'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ username: '13912340001', name: '王老师', email: '', expiration: null, roles: [{ name: 'dietitian' }] });
    // the deployment's initial password, not the demo one (issue 27); the first sign-in chooses his own
    expect((await login('13912340001', DEMO_PASSWORD)).status).toBe(400);
    const s = await firstSignIn(server, '13912340001');
    expect(s.orgApp?.orgName).toBe(SCHOOL_A);
    const dup = await call(server, 'POST', '/v2/users', { token: admin.token, key: admin.key, body: { username: '13912340001', name: '王老师' } });
    expect(dup.status).toBe(409);
  });

  it('refuses user management to a user without the power', async () => {
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const before = await eventCount(server);
    const res = await call(server, 'POST', '/v2/users', { token: purchaser.token, key: purchaser.key, body: { username: '13912340002', name: '无权' } });
    expect(res.status).toBe(403);
    expect(await eventCount(server)).toBe(before);
    const userAdmin = await signIn(server, DEMO.userAdmin, SCHOOL_A);
    const ok = await call(server, 'POST', '/v2/users', { token: userAdmin.token, key: userAdmin.key, body: { username: '13912340002', name: '有权', password: 'secret-1' } });
    expect(ok.status).toBe(200);
    expect((await login('13912340002', 'secret-1')).status).toBe(200);
  });

  it('updates a user, changing the password only when one is sent', async () => {
    const created = await call<UserDetail>(server, 'POST', '/v2/users', { token: admin.token, key: admin.key, body: { username: '13912340003', name: '旧名', password: 'first-pw' } });
    const upd = await call<UserDetail>(server, 'PUT', '/v2/users/13912340003', { token: admin.token, key: admin.key, body: { name: '新名', email: 'a@b.cn', password: '' } });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ name: '新名', email: 'a@b.cn' });
    expect(upd.body.data.version).toBeGreaterThan(created.body.data.version);
    expect((await login('13912340003', 'first-pw')).status).toBe(200);
    // issue 16: a password is the user's own (or the platform's to reset), not his org manager's
    const byManager = await call(server, 'PUT', `/v2/users/${created.body.data.userId}`, { token: admin.token, key: admin.key, body: { password: 'second-pw' } });
    expect(byManager.status).toBe(403);
    expect((await login('13912340003', 'second-pw')).status).toBe(400);
    expect((await login('13912340003', 'first-pw')).status).toBe(200);
  });

  it('lets exactly one of two concurrent edits at the same version win; the other gets 409', async () => {
    const created = await call<UserDetail>(server, 'POST', '/v2/users', { token: admin.token, key: admin.key, body: { username: '13912340004', name: '并发' } });
    const version = created.body.data.version;
    const [a, b] = await Promise.all(['甲', '乙'].map((name) =>
      call(server, 'PUT', '/v2/users/13912340004', { token: admin.token, key: admin.key, body: { name, version } })));
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    // the loser is told who changed the user since the version it read (the command path's 409)
    const loser = (a.status === 409 ? a : b).body.status_text;
    expect(loser).toContain(DEMO.schoolAdmin);
    expect(loser).toMatch(/已被.+修改（UserUpdated），请刷新后重试/);
    const stale = await call(server, 'PUT', '/v2/users/13912340004', { token: admin.token, key: admin.key, body: { name: '丙', version } });
    expect(stale.status).toBe(409);
  });

  it('removes a user from the org; a user left in no org is deleted', async () => {
    const created = await call<UserDetail>(server, 'POST', '/v2/users', { token: admin.token, key: admin.key, body: { username: '13912340005', name: '离开' } });
    const res = await call<{ deleted: boolean }>(server, 'DELETE', `/v2/users/${created.body.data.userId}`, { token: admin.token, key: admin.key });
    expect(res.body.data.deleted).toBe(true);
    expect((await call(server, 'GET', `/v2/users/${created.body.data.userId}`, { token: admin.token, key: admin.key })).status).toBe(404);
    const self = await call(server, 'DELETE', `/v2/users/${admin.userId}`, { token: admin.token, key: admin.key });
    expect(self.status).toBe(422);
  });

  it('creates users in bulk all or nothing', async () => {
    const before = await eventCount(server);
    const bad = await call(server, 'POST', '/v2/users/bulk', {
      token: admin.token, key: admin.key, body: { users: [{ username: '13912340010', name: '一' }, { username: '12345', name: '坏号码' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.status_text).toContain('手机号');
    const dupExisting = await call(server, 'POST', '/v2/users/bulk', {
      token: admin.token, key: admin.key, body: { users: [{ username: '13912340011', name: '二' }, { username: DEMO.purchaser, name: '已在' }] },
    });
    expect(dupExisting.status).toBe(409);
    expect(await eventCount(server)).toBe(before);
    const good = await call<{ count: number }>(server, 'POST', '/v2/users/bulk', {
      token: admin.token, key: admin.key, body: { users: [{ username: '13912340012', name: '三' }, { username: '13912340013', name: '四' }] },
    });
    expect(good.body.data.count).toBe(2);
  });

  it('enforces the org user limit with 422', async () => {
    const provider = await signIn(server, DEMO.provider, '体验学校');
    const limit = await call<{ userLimit: number; userCount: number; remaining: number }>(server, 'GET', '/v2/users/org/userlimit', { token: provider.token, key: provider.key });
    expect(limit.body.data).toMatchObject({ userLimit: 20, userCount: 1, remaining: 19 });
    const users = Array.from({ length: 20 }, (_, i) => ({ username: `1370000${String(i).padStart(4, '0')}`, name: `体验${i}` }));
    const before = await eventCount(server);
    const res = await call(server, 'POST', '/v2/users/bulk', { token: provider.token, key: provider.key, body: { users } });
    expect(res.status).toBe(422);
    expect(res.body.status_text).toContain('上限');
    expect(await eventCount(server)).toBe(before);
    const fits = await call(server, 'POST', '/v2/users/bulk', { token: provider.token, key: provider.key, body: { users: users.slice(0, 19) } });
    expect(fits.status).toBe(200);
    const one = await call(server, 'POST', '/v2/users', { token: provider.token, key: provider.key, body: users[19] });
    expect(one.status).toBe(422);
  });

  it('reads and sets per-org-app user info', async () => {
    const s = await signIn(server, DEMO.dietitian, SCHOOL_A);
    const put = await call(server, 'PUT', '/v2/users/orgapp/user', { token: s.token, key: s.key, body: { extraInfo: { duties: '营养师' } } });
    expect(put.status).toBe(200);
    const get = await call<{ extraInfo: Record<string, unknown> }>(server, 'GET', '/v2/users/orgapp/user', { token: s.token, key: s.key });
    expect(get.body.data.extraInfo).toEqual({ duties: '营养师' });
    const other = await call(server, 'PUT', '/v2/users/orgapp/user', { token: s.token, key: s.key, body: { userId: admin.userId, extraInfo: {} } });
    expect(other.status).toBe(403);
  });

  it('lists users by role name', async () => {
    const res = await call<{ rows: { username: string; roleName: string }[]; count: number }>(server, 'GET', '/v2/roles/role/user?roleName=purchaser,dietitian', { token: admin.token, key: admin.key });
    expect(res.body.data.rows.map((r) => r.username)).toEqual(expect.arrayContaining([DEMO.purchaser, DEMO.dietitian]));
    expect(res.body.data.rows.every((r) => ['purchaser', 'dietitian'].includes(r.roleName))).toBe(true);
  });

  it('lists the external-origin org-apps and checks the org expiration', async () => {
    const s = await signIn(server, DEMO.provider, '体验学校');
    const ext = await call<{ count: number }>(server, 'GET', '/v1/org/fjzzorg', { token: s.token });
    expect(ext.body.data.count).toBe(9);
    const check = await call<{ expiration: string; expired: boolean }>(server, 'GET', '/v2/users/checkorg', { token: s.token, key: s.key });
    expect(check.body.data.expired).toBe(false);
    expect(new Date(check.body.data.expiration).getTime()).toBeGreaterThan(Date.now());
  });

  describe('bad input', () => {
    it.each([
      ['malformed JSON', { raw: '{"username": "139' }, /JSON/],
      ['missing name', { body: { username: '13912349999' } }, /name/],
      ['wrong type', { body: { username: '13912349999', name: { first: '王' } } }, /name/],
      ['unknown field', { body: { username: '13912349999', name: 'x', hack: true } }, /hack/],
      ['bad phone', { body: { username: 'abc', name: 'x' } }, /手机号/],
      ['bad expiration', { body: { username: '13912349999', name: 'x', expiration: 'soon' } }, /到期时间/],
      ['unknown role', { body: { username: '13912349999', name: 'x', roleNames: ['nobody'] } }, /角色不存在/],
    ])('POST /v2/users with %s → 400, nothing written', async (_, opts, text) => {
      const before = await eventCount(server);
      const res = await call(server, 'POST', '/v2/users', { token: admin.token, key: admin.key, ...opts });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status_code: 400, data: null });
      expect(res.body.status_text).toMatch(text);
      expect(await eventCount(server)).toBe(before);
    });
  });
});
