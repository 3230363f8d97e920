// Issue 16 point 7: a salesman sees and changes only the delivery routes that name one of his roles (§6 M7);
// an operation-log entry carries the session's identity, not the body's; a school sees no SKU of goods that
// are off the shelf.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, grantScreen, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth, newProduct } from './mallApi.ts';

let server: TestServer;
let supplier: Session;
let salesman: Session;
let school: Session;

beforeAll(async () => {
  server = await startTestServer();
  supplier = await signIn(server, DEMO.supplier);
  salesman = await signIn(server, DEMO.salesman);
  school = await signIn(server, DEMO.purchaser, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

interface Route { objectId: string; name: string }

describe('delivery routes (§6 M7)', () => {
  it("a salesman sees and deletes only the routes naming his role; the supplier's others stay", async () => {
    expect(salesman.orgApp!.orgId).toBe(supplier.orgApp!.orgId);
    // routes are no screen of the demo salesman's (issue 27): refused until his org shows him the route screen
    expect((await call(server, 'GET', '/v4/mall/route', auth(salesman))).status).toBe(403);
    await grantScreen(server, '鲜丰食品供应有限公司', 'salesman', 'routeManage');
    const mine = await call<Route>(server, 'POST', '/v4/mall/route', { ...auth(supplier), body: { name: '业务员线', manageRoleNames: ['salesman'] } });
    const other = await call<Route>(server, 'POST', '/v4/mall/route', { ...auth(supplier), body: { name: '配送员线', manageRoleNames: ['delivery'] } });
    expect([mine.status, other.status]).toEqual([200, 200]);

    const seen = await call<{ rows: Route[] }>(server, 'GET', '/v4/mall/route', auth(salesman));
    expect(seen.body.data.rows.map((r) => r.name)).toEqual(['业务员线']);
    const refused = await call(server, 'DELETE', `/v4/mall/route/${other.body.data.objectId}`, auth(salesman));
    expect(refused.status).toBe(404);
    const renamed = await call(server, 'PUT', `/v4/mall/route/${other.body.data.objectId}`, { ...auth(salesman), body: { name: '改名' } });
    expect(renamed.status).toBe(404);
    expect((await call(server, 'DELETE', `/v4/mall/route/${mine.body.data.objectId}`, auth(salesman))).status).toBe(200);

    const left = await call<{ rows: Route[] }>(server, 'GET', '/v4/mall/route', auth(supplier));
    expect(left.body.data.rows.map((r) => r.name)).toContain('配送员线');
  });
});

describe('operation log entries', () => {
  it('carry the session\'s user and org, whatever the body claims', async () => {
    const posted = await call(server, 'POST', '/v1/log/operationlog', {
      ...auth(school), body: { topic: '导出订单', orgName: '教育局', orgType: 'bureau', username2: '局长', username: DEMO.provider, userId: 'someone', log: [{ action: 'export' }] },
    });
    expect(posted.status, posted.body.status_text).toBe(200);
    const row = await server.store.db.selectFrom('events').select(['data', 'meta']).where('type', '=', 'OperationLogged').orderBy('position', 'desc').executeTakeFirstOrThrow();
    const data = row.data as Record<string, unknown>;
    const meta = row.meta as Record<string, unknown>;
    expect(data).toMatchObject({ topic: '导出订单', orgName: SCHOOL_A, username2: '李晓梅' });
    expect(data.orgType).not.toBe('bureau');
    expect(meta).toMatchObject({ userId: school.userId });
  });
});

describe('SKUs of goods off the shelf', () => {
  it('are hidden from a school and kept for their supplier', async () => {
    const { productId, skuIds } = await newProduct(server, supplier, '停售青菜', 2);
    const schoolSees = async () => (await call<{ rows: { skuId: string }[] }>(server, 'GET', `/v4/mall/sku?productId=${productId}`, auth(school))).body.data.rows.map((r) => r.skuId);
    expect((await schoolSees()).sort()).toEqual([...skuIds].sort());
    const off = await call(server, 'PUT', '/v4/mall/product/package/uppershelf', { ...auth(supplier), body: { productIds: [productId], isUppershelf: 0 } });
    expect(off.status, off.body.status_text).toBe(200);
    expect(await schoolSees()).toEqual([]);
    const supplierSees = await call<{ rows: { skuId: string }[] }>(server, 'GET', `/v4/mall/sku?productId=${productId}`, auth(supplier));
    expect(supplierSees.body.data.rows).toHaveLength(2);
  });
});
