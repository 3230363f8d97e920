// Issue 12: sign-in answers with the org-app list, and one call (POST /v2/users/org/app/context) answers what the
// console loads when an org-app is chosen. Each must answer the same data as the §7 calls it stands in for, for
// every kind of user, and refuse what they refuse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/testServer.ts';
import type { OrgApp } from '../../domain/types.ts';
import type { OrgAppContext } from '../../contracts/orgAppContext.ts';
import { call, DEMO, SCHOOL_A, SCHOOL_B } from './usersApi.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

const CONFIG_PATHS = ['titleName', 'systemNotify', 'ysdadminTheme', 'locales', 'systemName', 'icon'];

async function login(username: string) {
  const res = await call<{ accesstoken: string; userId: string; orgApps: OrgApp[] }>(server, 'POST', '/v1/passport/login', { body: { username, password: DEMO_PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** What the §7 calls answer for the org-app, one by one, with its key. */
async function separately(token: string, orgApp: OrgApp) {
  const key = (await call<{ key: string }>(server, 'POST', '/v1/token/orgappkey/encrypt', { token, body: { orgId: orgApp.orgId, appId: orgApp.appId } })).body.data.key;
  const get = async <T>(path: string) => {
    const res = await call<T>(server, 'GET', path, { token, key });
    expect(res.status, path).toBe(200);
    return res.body.data;
  };
  const q = `orgId=${orgApp.orgId}&appId=${orgApp.appId}`;
  const list = await get<{ rows: OrgApp[] }>('/v2/users/org/app');
  return {
    key,
    orgApp: { ...list.rows.find((o) => o.orgId === orgApp.orgId && o.appId === orgApp.appId), key },
    config: await get(`/v1/config/org?${q}&path=${CONFIG_PATHS.join(',')}`),
    theme: await get('/v1/config/theme'),
    locales: await get('/v1/config/locales'),
    menu: (await get<{ rows: unknown[] }>(`/v2/permission/user/menu?groupName=pcMenu&${q}`)).rows,
    quickEntries: (await get<{ rows: unknown[] }>(`/v2/permission/user/menu?groupName=quickEntry&${q}`)).rows,
    permission: await get('/v2/roles/user/permission'),
  };
}

describe('sign-in to menu in fewer round trips', () => {
  it('answers the password sign-in with the same org-app list as GET /v2/users/org/app', async () => {
    for (const username of [DEMO.provider, DEMO.purchaser, DEMO.bureau]) {
      const { accesstoken, orgApps } = await login(username);
      const list = await call<{ rows: OrgApp[] }>(server, 'GET', '/v2/users/org/app', { token: accesstoken });
      expect(orgApps.length).toBeGreaterThan(0);
      expect(orgApps).toEqual(list.body.data.rows);
    }
  });

  it('answers the org-app context with what the §7 calls answer, for admins, members and the platform', async () => {
    const cases: [string, string | undefined][] = [[DEMO.provider, undefined], [DEMO.purchaser, SCHOOL_A], [DEMO.purchaser, SCHOOL_B], [DEMO.supplier, undefined], [DEMO.delivery, undefined], [DEMO.schoolAdmin, undefined]];
    const menus = new Set<string>();
    for (const [username, orgName] of cases) {
      const { accesstoken, orgApps } = await login(username);
      const orgApp = orgName ? orgApps.find((o) => o.orgName === orgName)! : orgApps[0];
      expect(orgApp, `${username} in ${orgName}`).toBeDefined();
      const res = await call<OrgAppContext>(server, 'POST', '/v2/users/org/app/context', {
        token: accesstoken, body: { orgId: orgApp.orgId, appId: orgApp.appId, configPath: CONFIG_PATHS },
      });
      expect(res.status, res.body.status_text).toBe(200);
      const expected = await separately(accesstoken, orgApp);
      expect(res.body.data, `${username} in ${orgApp.orgName}`).toEqual(expected);
      expect(res.body.data.menu.length).toBeGreaterThan(0);
      menus.add(JSON.stringify(res.body.data.menu.map((m) => m.moduleId)));
    }
    // the cases differ: a context that ignored the caller would fail here
    expect(menus.size).toBeGreaterThan(2);
  });

  it("refuses an org-app the user is not a member of (403), a missing token (401) and a malformed body (400)", async () => {
    const provider = await login(DEMO.provider);
    const purchaser = await login(DEMO.purchaser);
    const foreign = provider.orgApps.find((o) => !purchaser.orgApps.some((p) => p.orgId === o.orgId && p.appId === o.appId));
    expect(foreign).toBeDefined();
    const path = '/v2/users/org/app/context';
    const body = { orgId: foreign!.orgId, appId: foreign!.appId };
    const refused = await call(server, 'POST', path, { token: purchaser.accesstoken, body });
    expect(refused.status).toBe(403);
    expect(refused.body.status_text).toBe('您不是该机构的成员');
    expect((await call(server, 'POST', path, { body })).status).toBe(401);
    for (const bad of [{ orgId: foreign!.orgId }, { ...body, configPath: ['a b'] }, { ...body, extra: 1 }]) {
      const res = await call(server, 'POST', path, { token: purchaser.accesstoken, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.status_text).toBeTruthy();
    }
  });
});
