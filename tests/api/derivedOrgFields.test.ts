// Issue 12 hardening: §3 fields the server derives are accepted when they name the caller's own org-app and refused
// with 403 otherwise, never taken as where to write: a category's and a role's orgId/appId (a SKU price's
// supplierId: tests/api/specCallsFields.test.ts). Before, these documented fields got 400 不支持的字段.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';

let server: TestServer;
let supplier: Session;
let platform: Session;
let otherOrgId: string;
beforeAll(async () => {
  server = await startTestServer();
  [supplier, platform] = await Promise.all([signIn(server, DEMO.supplier), signIn(server, DEMO.provider, SCHOOL_A)]);
  const other = await signIn(server, DEMO.provider, SCHOOL_B);
  otherOrgId = other.orgApp!.orgId;
});
afterAll(async () => { await server?.close(); });

const as = (s: Session, body?: unknown) => ({ token: s.token, key: s.key, body });

describe('§3 category orgId and appId', () => {
  it('creates and updates a category carrying its own org-app', async () => {
    const own = { orgId: supplier.orgApp!.orgId, appId: supplier.orgApp!.appId };
    const created = await call<{ rows: { id: string; orgId: string }[] }>(server, 'POST', '/v2/category', as(supplier, { groupName: 'mallProduct', name: '派生字段甲', ...own }));
    expect(created.status, created.body.status_text).toBe(200);
    expect(created.body.data.rows[0].orgId).toBe(own.orgId);
    const one = await call(server, 'POST', '/v1/category/polardb', as(supplier, { groupName: 'mallProduct', name: '派生字段乙', ...own }));
    expect(one.status, one.body.status_text).toBe(200);
    const updated = await call(server, 'PUT', `/v2/category/${created.body.data.rows[0].id}`, as(supplier, { name: '派生字段丙', ...own }));
    expect(updated.status, updated.body.status_text).toBe(200);
  });

  it('refuses another org or app with 403, writing nothing', async () => {
    const made = await call<{ rows: { id: string }[] }>(server, 'POST', '/v2/category', as(supplier, { groupName: 'mallProduct', name: '派生字段丁' }));
    const id = made.body.data.rows[0].id;
    const n = await eventCount(server);
    const other = await call(server, 'POST', '/v2/category', as(supplier, { groupName: 'mallProduct', name: '派生字段戊', orgId: otherOrgId }));
    expect(other.status).toBe(403);
    expect(other.body.status_text).toContain('orgId');
    expect((await call(server, 'POST', '/v2/category', as(supplier, { groupName: 'mallProduct', list: [{ name: '派生字段己', orgId: otherOrgId }] }))).status).toBe(403);
    expect((await call(server, 'POST', '/v1/category/polardb', as(supplier, { groupName: 'mallProduct', name: '派生字段庚', appId: 'cp1999001' }))).status).toBe(403);
    expect((await call(server, 'PUT', `/v2/category/${id}`, as(supplier, { name: '派生字段辛', orgId: otherOrgId }))).status).toBe(403);
    expect((await call(server, 'PUT', '/v2/category', as(supplier, { categorys: [{ id, sort: 3, orgId: otherOrgId }] }))).status).toBe(403);
    expect(await eventCount(server)).toBe(n);
  });
});

describe('§3 role orgId', () => {
  it('creates a role carrying its own org; another org is refused with 403, writing nothing', async () => {
    const created = await call<{ roleId: string; orgId: string }>(server, 'POST', '/v2/roles/role', as(platform, { name: '派生字段角色', orgId: platform.orgApp!.orgId }));
    expect(created.status, created.body.status_text).toBe(200);
    expect(created.body.data.orgId).toBe(platform.orgApp!.orgId);
    const n = await eventCount(server);
    expect((await call(server, 'POST', '/v2/roles/role', as(platform, { name: '派生字段角色二', orgId: otherOrgId }))).status).toBe(403);
    expect((await call(server, 'PUT', `/v2/roles/role/${created.body.data.roleId}`, as(platform, { sort: 5, orgId: otherOrgId }))).status).toBe(403);
    expect(await eventCount(server)).toBe(n);
  });
});
