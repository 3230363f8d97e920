import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import { runCommand } from '../../server/store/command.ts';
import { appendToStream, type NewEvent } from '../../server/store/eventStore.ts';

let server: TestServer;
let supplier: Session;
let delivery: Session;
let bureau: Session;
beforeAll(async () => {
  server = await startTestServer();
  supplier = await signIn(server, DEMO.supplier);
  delivery = await signIn(server, DEMO.delivery);
  bureau = await signIn(server, DEMO.bureau);
});
afterAll(async () => { await server?.close(); });

interface Route { objectId: string; name: string; manageRoleNames: string[]; isDelete: number }

describe('delivery routes (M7)', () => {
  it('the supplier keeps its routes; others see only those naming one of their roles; writes are the supplier\'s', async () => {
    const a = await call<Route>(server, 'POST', '/v4/mall/route', { ...auth(supplier), body: { name: '城东线', manageRoleNames: ['delivery'], sort: 1 } });
    const b = await call<Route>(server, 'POST', '/v4/mall/route', { ...auth(supplier), body: { name: '城西线', manageRoleNames: ['someone_else'], sort: 2 } });
    expect([a.status, b.status]).toEqual([200, 200]);
    const dup = await call(server, 'POST', '/v4/mall/route', { ...auth(supplier), body: { name: '城东线' } });
    expect(dup.status).toBe(400);

    const all = await call<{ rows: Route[] }>(server, 'GET', '/v4/mall/route', auth(supplier));
    expect(all.body.data.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['城东线', '城西线']));
    const found = await call<{ rows: Route[] }>(server, 'GET', `/v4/mall/route/search?keyword=${encodeURIComponent('城东')}`, auth(supplier));
    expect(found.body.data.rows.map((r) => r.name)).toEqual(['城东线']);

    const renamed = await call<Route>(server, 'PUT', `/v4/mall/route/${a.body.data.objectId}`, { ...auth(supplier), body: { name: '城东一线' } });
    expect(renamed.body.data.name).toBe('城东一线');

    // the bureau is not in this org's routes and may not write them
    const before = await eventCount(server);
    const refused = await call(server, 'PUT', `/v4/mall/route/${a.body.data.objectId}`, { ...auth(bureau), body: { name: 'x' } });
    expect(refused.status).toBe(403);
    expect((await call(server, 'DELETE', `/v4/mall/route/${b.body.data.objectId}`, auth(delivery))).status).toBe(403);
    expect(await eventCount(server)).toBe(before);

    const deleted = await call(server, 'DELETE', `/v4/mall/route/${b.body.data.objectId}`, auth(supplier));
    expect(deleted.status).toBe(200);
    const after = await call<{ rows: Route[] }>(server, 'GET', '/v4/mall/route', auth(supplier));
    expect(after.body.data.rows.map((r) => r.name)).not.toContain('城西线');
  });

  it('a delivery user of the supplier org sees only the routes whose manageRoleNames hold its role', async () => {
    // the demo delivery user joins the supplier org with a role named delivery (the events the seed writes)
    const orgId = supplier.orgApp!.orgId;
    const role = await server.store.db.selectFrom('roles').select('role_id').where('org_id', '=', orgId).where('name', '=', 'delivery').executeTakeFirst();
    const roleId = role?.role_id ?? crypto.randomUUID();
    await runCommand(server.store.db, async (tx) => {
      const meta = { time: new Date().toISOString(), route: 'test' };
      const put = (streamId: string, streamType: string, events: NewEvent[]) => appendToStream(tx, { orgId, streamId, streamType, expectedVersion: 0, events, meta });
      if (!role) await put(`role-${roleId}`, 'role', [{ type: 'RoleCreated', data: { roleId, name: 'delivery', code: '3', cnName: '配送员', roleGroupId: null, manageRoleNames: [], enable: true, sort: 9, config: {} } }]);
      await put(`member-${orgId}-${delivery.userId}`, 'member', [
        { type: 'UserJoinedOrgApp', data: { orgId, appId: supplier.orgApp!.appId, userId: delivery.userId, extraInfo: {} } },
        { type: 'UserRoleGranted', data: { userId: delivery.userId, roleId } },
      ]);
    });
    await call(server, 'POST', '/v4/mall/route', { ...auth(supplier), body: { name: '城北线', manageRoleNames: ['delivery'] } });
    await call(server, 'POST', '/v4/mall/route', { ...auth(supplier), body: { name: '城南线', manageRoleNames: ['other'] } });
    const inSupplierOrg = await signIn(server, DEMO.delivery, supplier.orgApp!.orgName);
    expect(inSupplierOrg.orgApp?.orgId).toBe(orgId);
    const seen = await call<{ rows: Route[] }>(server, 'GET', '/v4/mall/route', auth(inSupplierOrg));
    expect(seen.status).toBe(200);
    expect(seen.body.data.rows.map((r) => r.name)).toContain('城北线');
    expect(seen.body.data.rows.map((r) => r.name)).not.toContain('城南线');
    expect(seen.body.data.rows.every((r) => r.manageRoleNames.includes('delivery'))).toBe(true);
  });
});
