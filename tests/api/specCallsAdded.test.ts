// Issue 15: the §7 calls the server lacked, over real HTTP on a real database: activation, registration, a user's
// roles and the support flag, config v2 writes, product permission, a fresh org id, the orgs of an app, raw/cooked
// marking, products for recipe foods and SKU status in bulk. Each with its tenancy and power refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { auth, newProduct } from './mallApi.ts';

let server: TestServer;
let admin: Session;
let provider: Session;
let supplier: Session;
beforeAll(async () => {
  server = await startTestServer();
  [admin, provider, supplier] = await Promise.all([signIn(server, DEMO.schoolAdmin, SCHOOL_A), signIn(server, DEMO.provider, SCHOOL_A), signIn(server, DEMO.supplier)]);
});
afterAll(async () => { await server?.close(); });

const as = (s: Session, body?: unknown) => ({ token: s.token, key: s.key, body });

describe('POST/GET /v1/users/activation', () => {
  it('records a day once per platform and reads it back for the current org-app only', async () => {
    const before = await call<{ activated: boolean; days: number }>(server, 'GET', '/v1/users/activation', as(admin));
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ activated: false, days: 0, firstDay: null });
    const first = await call<{ recorded: boolean; os: string; day: string }>(server, 'POST', '/v1/users/activation', as(admin, { os: 'pc' }));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ recorded: true, os: 'pc' });
    expect(first.body.data.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const n = await eventCount(server);
    const again = await call<{ recorded: boolean }>(server, 'POST', '/v1/users/activation', as(admin, { os: 'pc' }));
    expect(again.body.data.recorded).toBe(false);
    expect(await eventCount(server)).toBe(n);
    expect((await call(server, 'POST', '/v1/users/activation', as(admin, { os: 'android' }))).body.data).toMatchObject({ recorded: true });
    const read = await call<{ activated: boolean; days: number; firstDay: string; platforms: { os: string; days: number }[] }>(server, 'GET', '/v1/users/activation', as(admin));
    expect(read.body.data).toMatchObject({ activated: true, days: 1, firstDay: first.body.data.day, lastDay: first.body.data.day });
    expect(read.body.data.platforms.map((p) => p.os).sort()).toEqual(['android', 'pc']);
    // another org-app of another user sees nothing of it
    const other = await signIn(server, DEMO.dietitian, SCHOOL_B);
    expect((await call(server, 'GET', '/v1/users/activation', as(other))).body.data).toMatchObject({ activated: false });
  });
  it('refuses an unknown platform and a caller without an org-app key', async () => {
    expect((await call(server, 'POST', '/v1/users/activation', as(admin, { os: 'fax' }))).status).toBe(400);
    expect((await call(server, 'POST', '/v1/users/activation', { token: admin.token, body: { os: 'pc' } })).status).toBe(403);
    expect((await call(server, 'GET', '/v1/users/activation')).status).toBe(401);
  });
});

describe('POST /v2/users/register', () => {
  const phone = '13912345601';
  const code = async () => {
    expect((await call(server, 'POST', '/v1/passport/smscode', { body: { phoneNumber: phone, type: 'register' } })).status).toBe(200);
    return (await call<{ code: string }>(server, 'GET', `/v1/dev/smsoutbox?phoneNumber=${phone}`)).body.data.code;
  };
  it('registers a phone number proved by a register SMS code, signs in, and the password works', async () => {
    const smscode = await code();
    const bad = await call(server, 'POST', '/v2/users/register', { body: { username: phone, password: 'secret-9', smscode: smscode === '000000' ? '111111' : '000000' } });
    expect(bad.status).toBe(400);
    const res = await call<{ accesstoken: string; isRegister: boolean; name: string; mobilePhoneNumber: string }>(server, 'POST', '/v2/users/register', {
      body: { username: phone, mobilePhoneNumber: phone, name: '王小明', personName: '王小明', password: 'secret-9', smscode },
    });
    expect(res.status, res.body.status_text).toBe(200);
    expect(res.body.data).toMatchObject({ isRegister: true, name: '王小明', mobilePhoneNumber: phone });
    expect((await call(server, 'GET', '/v2/users/loginstatus', { token: res.body.data.accesstoken })).status).toBe(200);
    expect((await call(server, 'POST', '/v1/passport/login', { body: { username: phone, password: 'secret-9' } })).status).toBe(200);
    // the same number again: a guessed code is refused as for any number (issue 29: a prober learns nothing); with the
    // number's own code, its owner learns it is taken (409); nothing written either way
    const n = await eventCount(server);
    const again = await code();
    expect((await call(server, 'POST', '/v2/users/register', { body: { username: phone, password: 'secret-9', smscode: again === '123456' ? '654321' : '123456' } })).status).toBe(400);
    expect((await call(server, 'POST', '/v2/users/register', { body: { username: phone, password: 'secret-9', smscode: await code() } })).status).toBe(409);
    expect(await eventCount(server)).toBe(n);
  });
  it('refuses a bad phone, a short password and a different mobilePhoneNumber', async () => {
    expect((await call(server, 'POST', '/v2/users/register', { body: { username: '123', password: 'secret-9', smscode: '1' } })).status).toBe(400);
    expect((await call(server, 'POST', '/v2/users/register', { body: { username: '13912345602', password: '123', smscode: '1' } })).status).toBe(400);
    expect((await call(server, 'POST', '/v2/users/register', { body: { username: '13912345602', mobilePhoneNumber: '13912345603', password: 'secret-9', smscode: '1' } })).status).toBe(400);
  });
});

describe('GET /v2/roles/user/role and the support flag', () => {
  it("answers the caller's roles, with groups, related and department roles when asked", async () => {
    const res = await call<{ userId: string; roles: { name: string; roleGroupId: string | null }[]; groupRoles: { roleGroupId: string }[]; relationRoles: unknown[]; departmentRoles: string[] }>(
      server, 'GET', '/v2/roles/user/role?groupRole=true&relationRole=true&departmentRole=true', as(admin));
    expect(res.status).toBe(200);
    expect(res.body.data.userId).toBe(admin.userId);
    expect(res.body.data.roles.length).toBeGreaterThan(0);
    const groupIds = new Set(res.body.data.roles.map((r) => r.roleGroupId).filter(Boolean));
    expect(new Set(res.body.data.groupRoles.map((g) => g.roleGroupId))).toEqual(groupIds);
    expect(Array.isArray(res.body.data.relationRoles)).toBe(true);
    expect(Array.isArray(res.body.data.departmentRoles)).toBe(true);
    const plain = await call<Record<string, unknown>>(server, 'GET', '/v2/roles/user/role', as(admin));
    expect(plain.body.data).not.toHaveProperty('groupRoles');
  });
  it("another member's roles need the user-management power; a non-member's are refused", async () => {
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    expect((await call(server, 'GET', `/v2/roles/user/role?userId=${admin.userId}`, as(purchaser))).status).toBe(403);
    const mine = await call<{ roles: { name: string }[] }>(server, 'GET', `/v2/roles/user/role?userId=${purchaser.userId}`, as(admin));
    expect(mine.status).toBe(200);
    expect(mine.body.data.roles.length).toBeGreaterThan(0);
    const stranger = await signIn(server, DEMO.dietitian, SCHOOL_B);
    const strangerInA = (await call(server, 'GET', `/v2/roles/user/role?userId=${stranger.userId}`, as(admin)));
    // the dietitian may be in school A too; only a non-member is refused
    const member = (await call<{ rows: { userId: string }[] }>(server, 'GET', `/v2/roles/role/user?$limit=1000`, as(admin))).body.data.rows.some((r) => r.userId === stranger.userId);
    expect(strangerInA.status).toBe(member ? 200 : 403);
  });
  it('the support flag is true for the platform only', async () => {
    expect((await call(server, 'GET', '/v2/roles/user/role/jsysupport', as(provider))).body.data).toEqual({ isSupport: true });
    expect((await call(server, 'GET', '/v2/roles/user/role/jsysupport', as(admin))).body.data).toEqual({ isSupport: false });
    expect((await call(server, 'GET', '/v2/roles/user/role/jsysupport')).status).toBe(401);
  });
});

describe('config v2', () => {
  it('PUT /v2/config/org writes several paths at once, all or nothing', async () => {
    const res = await call<Record<string, unknown>>(server, 'PUT', '/v2/config/org', as(admin, { config: { titleName: '阳光食堂', 'nutritiousmeals.recipeNotCreateProduct': false } }));
    expect(res.status, res.body.status_text).toBe(200);
    expect(res.body.data).toEqual({ titleName: '阳光食堂', 'nutritiousmeals.recipeNotCreateProduct': false });
    expect((await call<Record<string, unknown>>(server, 'GET', '/v1/config/org?path=titleName', as(admin))).body.data).toEqual({ titleName: '阳光食堂' });
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const other = await signIn(server, DEMO.dietitian, SCHOOL_B);
    const n = await eventCount(server);
    expect((await call(server, 'PUT', '/v2/config/org', as(admin, { config: { titleName: 'x', 'bad path!': 1 } }))).status).toBe(400);
    expect((await call(server, 'PUT', '/v2/config/org', as(admin, { config: { recipeConfig: {}, 'recipeConfig.dosageMode': 'x' } }))).status).toBe(400);
    expect((await call(server, 'PUT', '/v2/config/org', as(admin, { config: {} }))).status).toBe(400);
    expect((await call(server, 'PUT', '/v2/config/org', as(purchaser, { config: { titleName: 'x' } }))).status).toBe(403);
    expect((await call(server, 'PUT', '/v2/config/org', as(admin, { config: { titleName: 'x' }, orgId: other.orgApp!.orgId }))).status).toBe(403);
    expect(await eventCount(server)).toBe(n);
    expect((await call<Record<string, unknown>>(server, 'GET', '/v1/config/org?path=titleName', as(admin))).body.data).toEqual({ titleName: '阳光食堂' });
  });

  it('the documented config writes validate the settings-form paths as the settings screen needs', async () => {
    const n = await eventCount(server);
    const bad = await call(server, 'PUT', '/v1/config/org', as(admin, { path: 'systemNotify', value: { enable: true, content: '' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.status_text).toContain('启用通知时内容不能为空');
    expect((await call(server, 'PUT', '/v1/config/org', as(admin, { path: 'recipeConfig.dosageMode', value: 'byEye' }))).status).toBe(400);
    expect((await call(server, 'PUT', '/v2/config/org', as(admin, { config: { titleName: '' } }))).status).toBe(400);
    expect(await eventCount(server)).toBe(n);
    expect((await call(server, 'PUT', '/v1/config/org', as(admin, { path: 'recipeConfig.dosageMode', value: 'grossWeight' }))).status).toBe(200);
    expect((await call(server, 'PUT', '/v1/config/org', as(admin, { path: 'anythingElse', value: [1, 2] }))).status).toBe(200);
  });

  it('PUT /v2/config/org/productPermission: the platform sets any org-app\'s; nobody else', async () => {
    const target = admin.orgApp!;
    const body = { orgId: target.orgId, appId: target.appId, productPermission: { appIds: [target.appId], modules: ['mallHome'], expiration: '2027-08-31' } };
    expect((await call(server, 'PUT', '/v2/config/org/productPermission', as(admin, body))).status).toBe(403);
    const res = await call(server, 'PUT', '/v2/config/org/productPermission', as(provider, body));
    expect(res.status, res.body.status_text).toBe(200);
    expect((await call<Record<string, unknown>>(server, 'GET', '/v1/config/org?path=productPermission', as(admin))).body.data)
      .toEqual({ productPermission: { appIds: [target.appId], modules: ['mallHome'], expiration: '2027-08-31' } });
    expect((await call(server, 'PUT', '/v2/config/org/productPermission', as(provider, { ...body, productPermission: { appIds: ['cp1999999'] } }))).status).toBe(400);
    expect((await call(server, 'PUT', '/v2/config/org/productPermission', as(provider, { ...body, orgId: 'org-none' }))).status).toBe(404);
    expect((await call(server, 'PUT', '/v2/config/org/productPermission', as(provider, { ...body, productPermission: { expiration: 'soon' } }))).status).toBe(400);
  });

  it('GET /v2/config/newestorgid hands the platform a fresh id that the org-creation steps accept', async () => {
    expect((await call(server, 'GET', '/v2/config/newestorgid', as(admin))).status).toBe(403);
    const res = await call<{ orgId: string; newestOrgId: string | null }>(server, 'GET', '/v2/config/newestorgid', as(provider));
    expect(res.status).toBe(200);
    expect(res.body.data.orgId).toMatch(/^org-[0-9a-f]{10}$/);
    expect(res.body.data.newestOrgId).toBeTruthy();
    const templates = await call<{ rows: { name: string; disabled: boolean }[] }>(server, 'GET', '/v3/orgappinit/template?$limit=1000', as(provider));
    const template = templates.body.data.rows.find((t) => !t.disabled)!;
    const step = await call<{ events: number }>(server, 'POST', '/v3/orgappinit/org', as(provider, {
      orgId: res.body.data.orgId, orgName: '新建测试学校', appId: provider.orgApp!.appId, appName: '新建测试学校', name: template.name,
    }));
    expect(step.status, step.body.status_text).toBe(200);
    const after = await call<{ newestOrgId: string; orgId: string }>(server, 'GET', '/v2/config/newestorgid', as(provider));
    expect(after.body.data.newestOrgId).toBe(res.body.data.orgId);
    expect(after.body.data.orgId).not.toBe(res.body.data.orgId);
  });

  it('GET /v1/config/app/org lists every org of the app for the platform, the caller\'s own otherwise', async () => {
    const appId = admin.orgApp!.appId;
    const all = await call<{ rows: { orgId: string }[]; count: number }>(server, 'GET', `/v1/config/app/org?appId=${appId}`, as(provider));
    expect(all.status).toBe(200);
    const own = await call<{ rows: { orgId: string }[]; count: number }>(server, 'GET', `/v1/config/app/org?appId=${appId}`, as(admin));
    expect(own.body.data.rows.map((r) => r.orgId)).toContain(admin.orgApp!.orgId);
    expect(own.body.data.count).toBeLessThanOrEqual(all.body.data.count);
    expect(all.body.data.rows.map((r) => r.orgId)).toEqual(expect.arrayContaining(own.body.data.rows.map((r) => r.orgId)));
    expect(all.body.data.count).toBeGreaterThan(1);
    expect(own.body.data.count).toBeLessThan(all.body.data.count);
  });
});

describe('mall: raw/cooked, products for recipe foods, SKU status', () => {
  it('POST /v4/mall/product/rawripe marks the supplier\'s own products, all or nothing', async () => {
    const a = await newProduct(server, supplier, '测试生熟甲', 1);
    const b = await newProduct(server, supplier, '测试生熟乙', 1);
    const res = await call<{ rows: { id: string; rawRipe: string }[] }>(server, 'POST', '/v4/mall/product/rawripe', { ...auth(supplier), body: { productIds: [a.productId, b.productId], rawRipe: 'ripe' } });
    expect(res.status, res.body.status_text).toBe(200);
    expect(res.body.data.rows.map((r) => r.rawRipe)).toEqual(['ripe', 'ripe']);
    expect((await call(server, 'POST', '/v4/mall/product/rawripe', { ...auth(supplier), body: { productIds: [a.productId], rawRipe: 'boiled' } })).status).toBe(400);
    const n = await eventCount(server);
    expect((await call(server, 'POST', '/v4/mall/product/rawripe', { ...auth(supplier), body: { productIds: [a.productId, 'no-such'], rawRipe: 'raw' } })).status).toBe(404);
    expect((await call(server, 'POST', '/v4/mall/product/rawripe', as(admin, { productIds: [a.productId], rawRipe: 'raw' }))).status).toBe(403);
    expect(await eventCount(server)).toBe(n);
  });

  it('POST /v4/mall/recipe/initproduct makes one product per food not yet carried', async () => {
    const foods = await call<{ rows: { foodId: string; name: string }[] }>(server, 'GET', '/v4/mall/food/ingredients?$limit=3', auth(supplier));
    expect(foods.status, foods.body.status_text).toBe(200);
    const foodIds = foods.body.data.rows.map((f) => f.foodId);
    const first = await call<{ created: { id: string; extraInfo: { foodId: string } }[]; existing: unknown[] }>(server, 'POST', '/v4/mall/recipe/initproduct', { ...auth(supplier), body: { foodIds } });
    expect(first.status, first.body.status_text).toBe(200);
    expect(first.body.data.created.length + first.body.data.existing.length).toBe(foodIds.length);
    const again = await call<{ created: unknown[]; existing: { foodId: string }[] }>(server, 'POST', '/v4/mall/recipe/initproduct', { ...auth(supplier), body: { foodIds } });
    expect(again.body.data.created).toEqual([]);
    expect(again.body.data.existing.map((e) => e.foodId).sort()).toEqual([...foodIds].sort());
    expect((await call(server, 'POST', '/v4/mall/recipe/initproduct', { ...auth(supplier), body: { foodIds: ['no-such-food'] } })).status).toBe(400);
    expect((await call(server, 'POST', '/v4/mall/recipe/initproduct', as(admin, { foodIds }))).status).toBe(403);
  });

  it('PUT /v5/mall/sku/relationlock/skustatus disables and enables the supplier\'s SKUs at once', async () => {
    const p = await newProduct(server, supplier, '测试状态', 2);
    const off = await call<{ rows: { skuId: string; enable: number }[] }>(server, 'PUT', '/v5/mall/sku/relationlock/skustatus', { ...auth(supplier), body: { skuIds: p.skuIds, enable: 0 } });
    expect(off.status, off.body.status_text).toBe(200);
    expect(off.body.data.rows.map((r) => r.enable)).toEqual([0, 0]);
    const on = await call<{ rows: { enable: number }[] }>(server, 'PUT', '/v5/mall/sku/relationlock/skustatus', { ...auth(supplier), body: { skuIds: p.skuIds, enable: true } });
    expect(on.body.data.rows.map((r) => r.enable)).toEqual([1, 1]);
    const n = await eventCount(server);
    expect((await call(server, 'PUT', '/v5/mall/sku/relationlock/skustatus', { ...auth(supplier), body: { skuIds: [...p.skuIds, 'nope'], enable: 0 } })).status).toBe(404);
    expect((await call(server, 'PUT', '/v5/mall/sku/relationlock/skustatus', as(admin, { skuIds: p.skuIds, enable: 0 }))).status).toBe(403);
    expect(await eventCount(server)).toBe(n);
  });
});
