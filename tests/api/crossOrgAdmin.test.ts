// Issue 16 point 3: an org admin (admin_ role) is an admin inside his own org only. Another org's config,
// roles, menus and categories, the global holiday calendar, orgs, templates, apps and partners belong to the
// platform (code 999 in the platform org), and an org admin cannot make himself the platform.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';

let server: TestServer;
let admin: Session;
let platform: Session;
const OTHER = 'org-mdzx';

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
  platform = await signIn(server, DEMO.provider, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

interface Row { what: string; method: string; path: string; body?: unknown }
const appId = () => admin.orgApp!.appId;

// each was allowed to the school admin before: admin_ counted as system provider everywhere
const CROSS_ORG: () => Row[] = () => [
  { what: "read another school's config", method: 'GET', path: `/v1/config/org?path=titleName&orgId=${OTHER}&appId=${appId()}` },
  { what: "write another school's config", method: 'PUT', path: '/v1/config/org', body: { path: 'titleName', value: '被改了', orgId: OTHER, appId: appId() } },
  { what: "read another school's roles", method: 'GET', path: `/v2/roles/role?orgId=${OTHER}` },
  { what: "read another school's role groups", method: 'GET', path: `/v2/roles/group?orgId=${OTHER}` },
  { what: "read another school's menu", method: 'GET', path: `/v2/permission/user/menu?groupName=pcMenu&orgId=${OTHER}&appId=${appId()}` },
  { what: "read another school's powers", method: 'GET', path: `/v2/permission/user/power?orgId=${OTHER}&appId=${appId()}` },
  { what: "read another school's categories", method: 'GET', path: `/v2/category?groupName=menuCategory&orgId=${OTHER}` },
  { what: "delete another school's categories", method: 'DELETE', path: '/v1/category/polardb', body: { groupName: 'menuCategory', orgId: OTHER } },
  { what: 'write the global holiday calendar', method: 'POST', path: '/v1/datetime/holidays', body: { date: '2031-10-01', type: 1, name: '国庆' } },
];

// orgs, templates, apps and partners: the platform's, refused even after the admin tried to give himself 999
const PLATFORM_ONLY: Row[] = [
  { what: 'list init templates', method: 'GET', path: '/v3/orgappinit/template' },
  { what: 'list all apps', method: 'GET', path: '/v2/config/app/all' },
  { what: 'list all org-apps', method: 'GET', path: '/v2/config/orgapp' },
  { what: 'list partners', method: 'GET', path: '/v1/productagent' },
];

describe('a school org admin', () => {
  it('gets 403 on every cross-org or global action, and nothing is written', async () => {
    const before = await eventCount(server);
    for (const row of CROSS_ORG()) {
      const res = await call(server, row.method, row.path, { token: admin.token, key: admin.key, body: row.body });
      expect(res.status, `${row.what}: ${res.body.status_text}`).toBe(403);
      expect(res.body.data, row.what).toBeNull();
    }
    expect(await eventCount(server)).toBe(before);
  });

  it('cannot mint or take the code-999 role in his org', async () => {
    const minted = await call(server, 'POST', '/v2/roles/role', { token: admin.token, key: admin.key, body: { name: 'my_platform', code: '999', cnName: '平台' } });
    expect(minted.status, minted.body.status_text).toBe(403);
    const taken = await call(server, 'POST', `/v2/roles/${admin.userId}`, { token: admin.token, key: admin.key, body: { roleName: 'system_provider' } });
    expect(taken.status, taken.body.status_text).toBe(403);
    for (const row of PLATFORM_ONLY) {
      const res = await call(server, row.method, row.path, { token: admin.token, key: admin.key, body: row.body });
      expect(res.status, row.what).toBe(403);
    }
  });

  it('still runs his own org: config, roles, menu, categories', async () => {
    for (const path of ['/v1/config/org?path=titleName', '/v2/roles/role', '/v2/permission/user/menu?groupName=pcMenu', '/v2/category?groupName=menuCategory']) {
      const res = await call(server, 'GET', path, { token: admin.token, key: admin.key });
      expect(res.status, `${path}: ${res.body.status_text}`).toBe(200);
    }
    const own = await call(server, 'POST', '/v2/roles/role', { token: admin.token, key: admin.key, body: { name: 'admin_kitchen', cnName: '食堂管理员' } });
    expect(own.status, own.body.status_text).toBe(200);
  });
});

describe('menus', () => {
  const menuKeys = async (s: Session) => (await call<{ rows: { moduleId: string }[] }>(server, 'GET', '/v2/permission/user/menu?groupName=pcMenu', { token: s.token, key: s.key }))
    .body.data.rows.map((r) => r.moduleId);

  it("offers the org admin none of the platform's screens, the platform all of them", async () => {
    const mine = await menuKeys(admin);
    expect(mine).toContain('contacts');
    for (const key of ['appsManage', 'appManage', 'orgAppManage', 'orgAppTemplateManage', 'agentsInfoManage', 'productSkuLog']) expect(mine).not.toContain(key);
    const theirs = await menuKeys(platform);
    for (const key of ['appsManage', 'appManage', 'orgAppManage', 'orgAppTemplateManage', 'agentsInfoManage', 'productSkuLog']) expect(theirs).toContain(key);
  });
});

describe('the platform', () => {
  it('still reads and writes across orgs and runs the global lists', async () => {
    for (const row of [...CROSS_ORG().filter((r) => r.method === 'GET'), ...PLATFORM_ONLY]) {
      const res = await call(server, row.method, row.path, { token: platform.token, key: platform.key });
      expect(res.status, `${row.what}: ${res.body.status_text}`).toBe(200);
    }
    const holiday = await call(server, 'POST', '/v1/datetime/holidays', { token: platform.token, key: platform.key, body: { date: '2031-10-02', type: 1, name: '国庆' } });
    expect(holiday.status, holiday.body.status_text).toBe(200);
  });
});
