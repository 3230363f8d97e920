// Apps and org-apps for system providers: create and edit apps (next cp+year+sequence id), list every
// org-app, disable one (it leaves the chooser and refuses its key), edit an org's expiration and user limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import type { OrgApp } from '../../domain/types.ts';
import { yearOf } from '../../domain/priceCycle.ts';

let server: TestServer;
let provider: Session;
beforeAll(async () => {
  server = await startTestServer();
  provider = await signIn(server, DEMO.provider, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

const as = (s: Session) => ({ token: s.token, key: s.key });
const year = yearOf(new Date());

interface OrgAppRow { id: string; orgId: string; orgName: string; disabled: boolean; expiration: string | null; userLimit: number | null; userCount: number; agentName: string | null; supplierType: string | null }

describe('apps', () => {
  it('creates an app with the next id of the year, renames it and sets its config', async () => {
    const created = await call<{ appId: string; appName: string; orgCount: number }>(server, 'POST', '/v2/config/app', { ...as(provider), body: { appName: '智慧食堂' } });
    expect(created.status, created.body.status_text).toBe(200);
    expect(created.body.data).toMatchObject({ appId: `cp${year}002`, appName: '智慧食堂', orgCount: 0 });
    const second = await call<{ appId: string }>(server, 'POST', '/v2/config/app', { ...as(provider), body: { appName: '营养分析' } });
    expect(second.body.data.appId).toBe(`cp${year}003`);
    const edited = await call<{ appName: string; config: Record<string, unknown> }>(server, 'PUT', `/v2/config/app/cp${year}002`, {
      ...as(provider), body: { appName: '智慧食堂平台', config: { mallRecipeUserLimite: 8 } },
    });
    expect(edited.status, edited.body.status_text).toBe(200);
    expect(edited.body.data).toMatchObject({ appName: '智慧食堂平台', config: { mallRecipeUserLimite: 8 } });
    // the version read: a stale one is refused with 409 naming who changed it, the current one is taken
    const { version } = edited.body.data as unknown as { version: number };
    const stale = await call(server, 'PUT', `/v2/config/app/cp${year}002`, { ...as(provider), body: { appName: '旧版本', version: version - 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.status_text).toContain(DEMO.provider);
    const current = await call<{ appName: string; version: number }>(server, 'PUT', `/v2/config/app/cp${year}002`, { ...as(provider), body: { appName: '智慧食堂平台', version } });
    expect(current.body.data).toMatchObject({ appName: '智慧食堂平台', version });
    const all = await call<{ rows: { appId: string; orgCount: number }[] }>(server, 'GET', '/v2/config/app/all', as(provider));
    expect(all.body.data.rows.map((a) => a.appId)).toEqual([`cp${year}001`, `cp${year}002`, `cp${year}003`]);
    expect(all.body.data.rows[0].orgCount).toBe(9);
  });

  it('refuses bad input and unknown apps, writing nothing', async () => {
    const before = await eventCount(server);
    expect((await call(server, 'POST', '/v2/config/app', { ...as(provider), body: { appName: '' } })).status).toBe(400);
    expect((await call(server, 'POST', '/v2/config/app', { ...as(provider), body: { appName: '   ' } })).status).toBe(400);
    expect((await call(server, 'POST', '/v2/config/app', { ...as(provider), body: { appName: 'x', appId: 'cp2020001' } })).status).toBe(400);
    expect((await call(server, 'PUT', '/v2/config/app/cp1999001', { ...as(provider), body: { appName: 'x' } })).status).toBe(404);
    expect((await call(server, 'PUT', `/v2/config/app/cp${year}001`, { ...as(provider), body: {} })).status).toBe(400);
    expect(await eventCount(server)).toBe(before);
  });
});

describe('org-apps', () => {
  it('lists every org-app for the provider, with partner, user count and supplier type', async () => {
    const res = await call<{ rows: OrgAppRow[]; count: number }>(server, 'GET', '/v2/config/orgapp', as(provider));
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(9);
    const school = res.body.data.rows.find((r) => r.orgName === SCHOOL_A)!;
    expect(school.agentName).toBe('营养餐平台直营');
    expect(school.userCount).toBeGreaterThan(3);
    const sxps = await call<{ rows: OrgAppRow[] }>(server, 'GET', '/v2/config/orgapp?supplierType=sxps', as(provider));
    expect(sxps.body.data.rows.map((r) => r.orgName)).toEqual(['集采配送中心']);
  });

  it('disables an org-app: it leaves the chooser list of its users and refuses its key; enabling brings it back', async () => {
    const list = await call<{ rows: OrgAppRow[] }>(server, 'GET', `/v2/config/orgapp?keyword=${encodeURIComponent(SCHOOL_B)}`, as(provider));
    const row = list.body.data.rows[0];
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_B);
    const off = await call(server, 'PUT', `/v2/config/orgapp/${row.id}`, { ...as(provider), body: { disabled: true } });
    expect(off.status, off.body.status_text).toBe(200);
    const apps = await call<{ rows: OrgApp[] }>(server, 'GET', '/v2/users/org/app', { token: purchaser.token });
    expect(apps.body.data.rows.find((o) => o.orgName === SCHOOL_B)?.disabled).toBe(true);
    expect((await call(server, 'GET', '/v2/users/checkorg', as(purchaser))).status).toBe(403);
    const on = await call(server, 'PUT', `/v2/config/orgapp/${row.id}`, { ...as(provider), body: { disabled: false } });
    expect(on.status).toBe(200);
    expect((await call(server, 'GET', '/v2/users/checkorg', as(purchaser))).status).toBe(200);
  });

  it("sets an org's expiration and user limit, which checkorg and userlimit then report", async () => {
    const list = await call<{ rows: OrgAppRow[] }>(server, 'GET', `/v2/config/orgapp?keyword=${encodeURIComponent(SCHOOL_A)}`, as(provider));
    const { orgId } = list.body.data.rows[0];
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const res = await call(server, 'PUT', `/v2/config/orgapp/org/${orgId}`, { ...as(provider), body: { expiration: past, userLimit: 50 } });
    expect(res.status, res.body.status_text).toBe(200);
    const check = await call<{ expired: boolean }>(server, 'GET', '/v2/users/checkorg', as(provider));
    expect(check.body.data.expired).toBe(true);
    const limit = await call<{ userLimit: number }>(server, 'GET', '/v2/users/org/userlimit', as(provider));
    expect(limit.body.data.userLimit).toBe(50);
    await call(server, 'PUT', `/v2/config/orgapp/org/${orgId}`, { ...as(provider), body: { expiration: null, userLimit: null } });
    expect((await call<{ expired: boolean }>(server, 'GET', '/v2/users/checkorg', as(provider))).body.data.expired).toBe(false);
    const before = await eventCount(server);
    expect((await call(server, 'PUT', `/v2/config/orgapp/org/${orgId}`, { ...as(provider), body: { expiration: 'someday' } })).status).toBe(400);
    expect((await call(server, 'PUT', `/v2/config/orgapp/org/${orgId}`, { ...as(provider), body: { userLimit: 0 } })).status).toBe(400);
    expect((await call(server, 'PUT', `/v2/config/orgapp/org/${orgId}`, { ...as(provider), body: { agentId: 'agent-none' } })).status).toBe(400);
    expect((await call(server, 'PUT', '/v2/config/orgapp/org/org-none', { ...as(provider), body: { userLimit: 3 } })).status).toBe(404);
    expect((await call(server, 'PUT', '/v2/config/orgapp/none', { ...as(provider), body: { disabled: true } })).status).toBe(404);
    expect(await eventCount(server)).toBe(before);
  });

  it('refuses every app and org-app call to users without the system-provider role', async () => {
    const sessions = [await signIn(server, DEMO.schoolAdmin, SCHOOL_A), await signIn(server, DEMO.supplier)];
    const before = await eventCount(server);
    for (const s of sessions) {
      const calls: [string, string, unknown?][] = [
        ['GET', '/v2/config/app/all'], ['POST', '/v2/config/app', { appName: 'x' }], ['PUT', `/v2/config/app/cp${year}001`, { appName: 'x' }],
        ['GET', '/v2/config/orgapp'], ['PUT', '/v2/config/orgapp/x', { disabled: true }], ['PUT', '/v2/config/orgapp/org/org-ygsy', { userLimit: 1 }],
      ];
      for (const [method, path, body] of calls) {
        const res = await call<{ rows?: unknown[] }>(server, method, path, { ...as(s), body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.data).toBeNull();
      }
    }
    expect(await eventCount(server)).toBe(before);
  });
});
