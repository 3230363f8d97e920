// Issue 15: each documented request shape replayed with every §3 field of its entity gets 200, and the fields the
// server derives (a user's phone number and registration, a price's supplier, approval and deletion) are checked
// against the caller: disagreeing values are refused, nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth, newProduct, purchaserGroups, type GroupConfig } from './mallApi.ts';

let server: TestServer;
let admin: Session;
let platform: Session;
let supplier: Session;
let groups: { withApproval: GroupConfig; without: GroupConfig };
beforeAll(async () => {
  server = await startTestServer();
  [admin, platform, supplier] = await Promise.all([signIn(server, DEMO.schoolAdmin, SCHOOL_A), signIn(server, DEMO.provider, SCHOOL_A), signIn(server, DEMO.supplier)]);
  groups = await purchaserGroups(server, supplier);
});
afterAll(async () => { await server?.close(); });

const as = (s: Session, body?: unknown) => ({ token: s.token, key: s.key, body });

describe('§3 user fields on POST and PUT /v2/users', () => {
  const phone = '13955500001';
  it('creates and updates a user with every §3 field', async () => {
    const created = await call<{ userId: string; name: string; personName: string; mobilePhoneNumber: string; isRegister: boolean }>(server, 'POST', '/v2/users', as(admin, {
      username: phone, name: '赵六', personName: '赵六', email: 'zhao@example.com', mobilePhoneNumber: phone, password: 'secret-77',
      enable: true, expiration: '2030-01-01', isRegister: true, isNotRouterHome: false,
    }));
    expect(created.status, created.body.status_text).toBe(200);
    expect(created.body.data).toMatchObject({ name: '赵六', personName: '赵六', mobilePhoneNumber: phone, isRegister: true });
    // the platform may set another user's password too: every §3 field in one PUT
    const updated = await call<{ name: string; email: string }>(server, 'PUT', `/v2/users/${phone}`, as(platform, {
      name: '赵六六', personName: '赵六六', email: 'z6@example.com', mobilePhoneNumber: phone, password: 'secret-78', enable: true,
      expiration: null, isRegister: true, isNotRouterHome: false,
    }));
    expect(updated.status, updated.body.status_text).toBe(200);
    expect(updated.body.data).toMatchObject({ name: '赵六六', email: 'z6@example.com' });
    const renamed = await call<{ name: string }>(server, 'PUT', `/v2/users/${phone}`, as(admin, { personName: '赵老六' }));
    expect(renamed.body.data.name).toBe('赵老六');
  });

  it('refuses derived fields that disagree, writing nothing', async () => {
    const n = await eventCount(server);
    const other = await call(server, 'POST', '/v2/users', as(admin, { username: '13955500002', name: '钱七', mobilePhoneNumber: '13955500003' }));
    expect(other.status).toBe(400);
    expect(other.body.status_text).toContain('mobilePhoneNumber');
    expect((await call(server, 'POST', '/v2/users', as(admin, { username: '13955500002', name: '钱七', personName: '孙八' }))).status).toBe(400);
    expect((await call(server, 'PUT', `/v2/users/${phone}`, as(admin, { mobilePhoneNumber: '13955500009' }))).status).toBe(400);
    expect(await eventCount(server)).toBe(n);
    // isRegister is the server's decision: the console's false is taken as a hint, the answer shows what holds (issue 31)
    const hinted = await call<{ isRegister: boolean }>(server, 'POST', '/v2/users', as(admin, { username: '13955500002', name: '钱七', isRegister: false }));
    expect(hinted.status, hinted.body.status_text).toBe(200);
    expect(hinted.body.data.isRegister).toBe(true);
    const kept = await call<{ isRegister: boolean }>(server, 'PUT', `/v2/users/${phone}`, as(admin, { isRegister: false }));
    expect(kept.status, kept.body.status_text).toBe(200);
    expect(kept.body.data.isRegister).toBe(true);
  });
});

describe('§3 SKU price fields on POST /v5/mall/sku/price', () => {
  it('prices a SKU with every §3 field', async () => {
    const { skuIds } = await newProduct(server, supplier, '字段测试商品', 1);
    const res = await call<{ rows: { skuId: string; isCheck: number; supplierId: string }[] }>(server, 'POST', '/v5/mall/sku/price', {
      ...auth(supplier),
      body: {
        startDate: '2026-12-01',
        skuPrice: [{
          skuId: skuIds[0], price: 12.5, marketAvg: 13, isCheck: 0, startDate: '2026-12-01', endDate: '2027-06-30', roleGroupId: groups.withApproval.roleGroupId,
          supplierId: supplier.orgApp!.orgId, enable: 1, isDelete: 0, extraInfo: { checkRemark: '', mallAvgPrice: 13, isPriceNewCycle: false, isCheckRecord: false },
        }],
      },
    });
    expect(res.status, res.body.status_text).toBe(200);
    // the server decides approval: pending where the group needs it
    expect(res.body.data.rows[0]).toMatchObject({ skuId: skuIds[0], isCheck: 0 });
    const open = await call<{ rows: { isCheck: number }[] }>(server, 'POST', '/v5/mall/sku/price', {
      ...auth(supplier), body: { skuPrice: [{ skuId: skuIds[0], price: 12, roleGroupId: groups.without.roleGroupId, isCheck: 1, supplierId: supplier.orgApp!.orgId }] },
    });
    expect(open.status, open.body.status_text).toBe(200);
    expect(open.body.data.rows[0].isCheck).toBe(1);
  });

  it('refuses another supplier, self-approval and a deleted new price, writing nothing', async () => {
    const { skuIds } = await newProduct(server, supplier, '字段拒绝商品', 1);
    const n = await eventCount(server);
    const item = { skuId: skuIds[0], price: 9, roleGroupId: groups.withApproval.roleGroupId };
    const post = (extra: object) => call(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ ...item, ...extra }] } });
    expect((await post({ supplierId: 'org-someone-else' })).status).toBe(403);
    const self = await post({ isCheck: 1 });
    expect(self.status).toBe(403);
    expect(self.body.status_text).toContain('不能自行审核通过');
    expect((await post({ isCheck: -2 })).status).toBe(400);
    expect((await post({ isDelete: 1 })).status).toBe(400);
    expect(await eventCount(server)).toBe(n);
  });
});

describe('§3 theme config and the category delete body', () => {
  it('keeps the whole ysdadminTheme as sent, brandColor and mode checked', async () => {
    const theme = { brandColor: '#107C41', mode: 'dark', layout: 'side', tagsView: true, sideTheme: 'theme-dark' };
    const res = await call<{ ysdadminTheme: Record<string, unknown> }>(server, 'PUT', '/v1/config/theme', as(admin, { ysdadminTheme: theme }));
    expect(res.status, res.body.status_text).toBe(200);
    expect((await call<{ ysdadminTheme: Record<string, unknown> }>(server, 'GET', '/v1/config/theme', as(admin))).body.data.ysdadminTheme).toEqual(theme);
    expect((await call(server, 'PUT', '/v1/config/theme', as(admin, { ysdadminTheme: { ...theme, brandColor: 'green' } }))).status).toBe(400);
    // only the layout sent: the console's two settings fall back to their defaults
    await call(server, 'PUT', '/v1/config/theme', as(admin, { ysdadminTheme: { layout: 'top' } }));
    expect((await call<{ ysdadminTheme: Record<string, unknown> }>(server, 'GET', '/v1/config/theme', as(admin))).body.data.ysdadminTheme)
      .toEqual({ brandColor: '#0F6CBD', mode: 'light', layout: 'top' });
  });

  it('DELETE /v2/category/{id} takes {isPhysicalDelete} or no body, and refuses anything else', async () => {
    const make = async (name: string) => (await call<{ rows: { id: string }[] }>(server, 'POST', '/v2/category', as(supplier, { groupName: 'mallProduct', name }))).body.data.rows[0].id;
    const a = await make('字段删除甲');
    const b = await make('字段删除乙');
    expect(a && b).toBeTruthy();
    expect((await call(server, 'DELETE', `/v2/category/${a}`, as(supplier, { isPhysicalDelete: 'yes' }))).status).toBe(400);
    expect((await call(server, 'DELETE', `/v2/category/${a}`, as(supplier, { isPhysicalDelete: false, color: 'red' }))).status).toBe(400);
    const logical = await call(server, 'DELETE', `/v2/category/${a}`, as(supplier, { isPhysicalDelete: false }));
    expect(logical.status, logical.body.status_text).toBe(200);
    const bare = await call(server, 'DELETE', `/v2/category/${b}`, as(supplier));
    expect(bare.status, bare.body.status_text).toBe(200);
  });
});
