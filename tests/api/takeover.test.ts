// Issue 16 point 2: a user manager of one org cannot take over a user of another org. Adding a known phone
// only invites it; a password is changed by its user or the platform only; enabled and valid-until are the
// org's decision about its own membership, not about the account other orgs share.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, DEMO_PASSWORD, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { USER_ACCESS_TEXT } from '../../domain/userAccess.ts';

let server: TestServer;
let admin: Session;
let platform: Session;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
  platform = await signIn(server, DEMO.provider, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

const login = (username: string, password: string) => call<{ accesstoken: string }>(server, 'POST', '/v1/passport/login', { body: { username, password } });
const asAdmin = (method: string, path: string, body?: unknown) => call<Record<string, unknown>>(server, method, path, { token: admin.token, key: admin.key, body });
const orgNames = async (s: Session) => (await call<{ rows: { orgName: string }[] }>(server, 'GET', '/v2/users/org/app', { token: s.token })).body.data.rows.map((r) => r.orgName);

describe('the takeover sequence, refused at every step', () => {
  it("adding another org's user by POST /v2/users only invites him: his password stays", async () => {
    const added = await asAdmin('POST', '/v2/users', { username: DEMO.supplier, name: '改名', password: 'taken-over-1', email: 'x@evil.test' });
    expect(added.status, added.body.status_text).toBe(200);
    expect((await login(DEMO.supplier, 'taken-over-1')).status).not.toBe(200);
    expect((await login(DEMO.supplier, DEMO_PASSWORD)).status).toBe(200);
    expect(added.body.data.name).not.toBe('改名');
  });

  it('adding him through contacts only invites him too', async () => {
    const depts = await asAdmin('GET', '/v3/contacts/department');
    const dept = (depts.body.data as unknown as { departmentId: string }[])[0].departmentId;
    const added = await asAdmin('POST', '/v3/contacts/person', { name: '冒名', phoneNumber: DEMO.bureau, department: [dept] });
    expect(added.status, added.body.status_text).toBe(200);
    expect((await login(DEMO.bureau, DEMO_PASSWORD)).status).toBe(200);
  });

  it("then cannot set his password, the platform's neither", async () => {
    for (const phone of [DEMO.supplier, DEMO.provider]) {
      const put = await asAdmin('PUT', `/v2/users/${phone}`, { password: 'taken-over-2' });
      expect(put.status, phone).toBe(403);
      expect(put.body.status_text).toBe(USER_ACCESS_TEXT.password);
      expect((await login(phone, 'taken-over-2')).status).not.toBe(200);
      expect((await login(phone, DEMO_PASSWORD)).status).toBe(200);
    }
  });

  it('and the account answer tells a screen not to offer it', async () => {
    const other = await asAdmin('GET', `/v2/users/${DEMO.supplier}`);
    expect(other.body.data).toMatchObject({ canChangePassword: false, canChangeAccount: false });
    const self = await asAdmin('GET', `/v2/users/${DEMO.schoolAdmin}`);
    expect(self.body.data).toMatchObject({ canChangePassword: true, canChangeAccount: true });
  });

  it('nor change the name or e-mail every other org sees', async () => {
    const put = await asAdmin('PUT', `/v2/users/${DEMO.supplier}`, { name: '冒名顶替' });
    expect(put.status).toBe(403);
    expect(put.body.status_text).toBe(USER_ACCESS_TEXT.shared);
  });

  it('disabling him switches off his membership here only', async () => {
    const put = await asAdmin('PUT', `/v2/users/${DEMO.supplier}`, { enable: false });
    expect(put.status, put.body.status_text).toBe(200);
    expect(put.body.data.enable).toBe(false);
    // he still signs in and works in his own org
    const own = await signIn(server, DEMO.supplier, '鲜丰食品供应有限公司');
    expect((await call(server, 'GET', '/v2/permission/user/menu?groupName=pcMenu', { token: own.token, key: own.key })).status).toBe(200);
    expect(await orgNames(own)).not.toContain(SCHOOL_A);
    // the school's membership no longer opens the school
    const schoolApp = (await call<{ key: string }>(server, 'POST', '/v1/token/orgappkey/encrypt', { token: own.token, body: { orgId: admin.orgApp!.orgId, appId: admin.orgApp!.appId } }));
    expect(schoolApp.status).toBe(403);
    expect(schoolApp.body.status_text).toBe(USER_ACCESS_TEXT.inactive);
    expect((await call(server, 'GET', '/v2/permission/user/menu?groupName=pcMenu', { token: own.token, key: admin.key })).body.status_text).toBe(USER_ACCESS_TEXT.inactive);
  });

  it('an expiration in the past ends his membership here only', async () => {
    const put = await asAdmin('PUT', `/v2/users/${DEMO.bureau}`, { expiration: '2020-01-01T00:00:00.000Z' });
    expect(put.status, put.body.status_text).toBe(200);
    expect((await login(DEMO.bureau, DEMO_PASSWORD)).status).toBe(200);
    const bureau = await signIn(server, DEMO.bureau);
    expect(bureau.key).toBeTruthy();
    expect(await orgNames(bureau)).not.toContain(SCHOOL_A);
    expect((await call(server, 'GET', '/v2/permission/user/menu?groupName=pcMenu', { token: bureau.token, key: bureau.key })).status).toBe(200);
  });

  it('the school cannot hand out the code-999 role with a new user', async () => {
    const res = await asAdmin('POST', '/v2/users', { username: '13977770001', name: '新人', roleNames: ['system_provider'] });
    expect(res.status).toBe(403);
  });
});

describe('who may change a password', () => {
  it('the user himself', async () => {
    const own = await asAdmin('PUT', `/v2/users/${DEMO.schoolAdmin}`, { password: 'my-new-pass-1' });
    expect(own.status, own.body.status_text).toBe(200);
    expect((await login(DEMO.schoolAdmin, 'my-new-pass-1')).status).toBe(200);
  });

  it('the platform', async () => {
    const res = await call(server, 'PUT', `/v2/users/${DEMO.purchaser}`, { token: platform.token, key: platform.key, body: { password: 'set-by-platform-1' } });
    expect(res.status, res.body.status_text).toBe(200);
    expect((await login(DEMO.purchaser, 'set-by-platform-1')).status).toBe(200);
  });
});
