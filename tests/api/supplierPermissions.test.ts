// Supplier permissions (mallSupplierPermissionManage): a school limits a supplier to some goods categories and
// freezes the prices it pays; the server checks what is stored, filters the school's goods, SKUs and prices, and
// keeps the other school of the same role group untouched.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { auth, purchaserGroups, type GroupConfig, type Price } from './mallApi.ts';
import { runCommand } from '../../server/store/command.ts';
import { appendToStream, type NewEvent } from '../../server/store/eventStore.ts';

interface Link { objectId: string; orgId: string; orgName?: string; supplierOrgId: string; roleGroupId: string | null; priceFrozenAt: string | null; extraInfo: { permissions?: Record<string, unknown>; [k: string]: unknown } }
interface Category { id: string; name: string; parentId: string }
interface Product { id: string; categoryId: string | null; isUppershelf: number }
interface Sku { skuId: string; productId: string }
type Rows<T> = { rows: T[]; count: number };

const SUPPLIER_ORG = 'org-xfsp';

let server: TestServer;
let supplier: Session;
let bureau: Session;
let adminA: Session; // school admin of school A: manages its supplier links
let adminB: Session; // the platform operator signed into school B
let schoolA: Session; // purchaser of school A
let schoolB: Session; // purchaser of school B
let m1: GroupConfig;
let linkA: Link;
let linkB: Link;
let categories: Category[];
const category = (name: string) => categories.find((c) => c.name === name)!;

const get = <T>(s: Session, path: string) => call<T>(server, 'GET', path, auth(s));
const putLink = (s: Session, link: Link, permissions: unknown) =>
  call<Link>(server, 'PUT', `/v4/mall/supplier/${link.objectId}`, { ...auth(s), body: { extraInfo: { ...link.extraInfo, permissions } } });
const linkOf = async (s: Session) => (await get<Rows<Link>>(s, '/v4/mall/supplier')).body.data.rows.find((l) => l.supplierOrgId === SUPPLIER_ORG)!;

async function product(name: string, categoryId: string): Promise<{ productId: string; skuId: string }> {
  const res = await call<{ id: string; skus: { skuId: string }[] }>(server, 'POST', '/v4/mall/product', {
    ...auth(supplier), body: { name, categoryId, unit: '斤', skus: [{ name: `${name} 500g`, spec: '500g', unit: '斤' }] },
  });
  if (res.status !== 200) throw new Error(`product: ${res.body.status_text}`);
  return { productId: res.body.data.id, skuId: res.body.data.skus[0].skuId };
}

beforeAll(async () => {
  server = await startTestServer();
  supplier = await signIn(server, DEMO.supplier);
  bureau = await signIn(server, DEMO.bureau);
  adminA = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
  adminB = await signIn(server, DEMO.provider, SCHOOL_B);
  schoolA = await signIn(server, DEMO.purchaser, SCHOOL_A);
  schoolB = await signIn(server, DEMO.purchaser, SCHOOL_B);
  ({ withApproval: m1 } = await purchaserGroups(server, supplier));
  linkA = await linkOf(adminA);
  linkB = await linkOf(adminB);
  expect([linkA.orgId, linkB.orgId]).toEqual([adminA.orgApp!.orgId, adminB.orgApp!.orgId]);
  expect([linkA.roleGroupId, linkB.roleGroupId]).toEqual([m1.roleGroupId, m1.roleGroupId]);
  // these tests are about one supplier's link: the schools' link to the second demo supplier (issue 11) is switched off
  for (const admin of [adminA, adminB]) {
    for (const other of (await get<Rows<Link>>(admin, '/v4/mall/supplier')).body.data.rows.filter((l) => l.supplierOrgId !== SUPPLIER_ORG)) {
      expect((await call(server, 'PUT', `/v4/mall/supplier/${other.objectId}`, { ...auth(admin), body: { enable: 0 } })).status).toBe(200);
    }
  }
  // a sub-category of 蔬菜 with one product: a limit to 蔬菜 covers its descendants
  const cats = await get<Rows<Category>>(supplier, '/v2/category?groupName=mallProduct&$limit=1000');
  const veg = cats.body.data.rows.find((c) => c.name === '蔬菜')!;
  const sub = await call<Rows<Category>>(server, 'POST', '/v2/category', { ...auth(supplier), body: { name: '菌菇', groupName: 'mallProduct', parentId: veg.id } });
  expect(sub.status).toBe(200);
  categories = (await get<Rows<Category>>(supplier, '/v2/category?groupName=mallProduct&$limit=1000')).body.data.rows;
  expect(category('菌菇').parentId).toBe(veg.id);
});
afterAll(async () => { await server?.close(); });

describe('category limits', () => {
  it('a school limited to one category sees only its goods, SKUs and prices (with its descendants, counts right); the other school sees all', async () => {
    const veg = category('蔬菜');
    const mushroom = await product('杏鲍菇', category('菌菇').id);
    // the supplier prices the new SKU for the schools' group; the bureau approves it
    const priced = await call<Rows<Price>>(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ skuId: mushroom.skuId, price: 7.5, roleGroupId: m1.roleGroupId }] } });
    expect(priced.status).toBe(200);
    expect((await call(server, 'PUT', '/v5/mall/sku/price', { ...auth(bureau), body: { isCheckPrice: true, skuPrice: [{ id: priced.body.data.rows[0].id, isCheck: 1 }] } })).status).toBe(200);

    // what the supplier has on the shelf, by category (the expected sets)
    const all = (await get<Rows<Product>>(supplier, '/v4/mall/product?isUppershelf=1&$limit=1000')).body.data.rows;
    const allowedCats = new Set([veg.id, category('菌菇').id]);
    const allowedProducts = new Set(all.filter((p) => p.categoryId && allowedCats.has(p.categoryId)).map((p) => p.id));
    expect(allowedProducts.size).toBeGreaterThan(2);
    expect(allowedProducts.has(mushroom.productId)).toBe(true);
    expect(all.length).toBeGreaterThan(allowedProducts.size);
    const allSkus = (await get<Rows<Sku>>(supplier, '/v4/mall/sku?$limit=1000')).body.data.rows;
    const allowedSkus = allSkus.filter((s) => allowedProducts.has(s.productId));

    const saved = await putLink(adminA, linkA, { categoryIds: [veg.id], priceEdit: true, order: true, delivery: true });
    expect(saved.status).toBe(200);
    expect(saved.body.data.extraInfo.permissions).toEqual({ categoryIds: [veg.id], priceEdit: true, order: true, delivery: true });
    linkA = saved.body.data;

    // products: only 蔬菜 and 菌菇, the count is the filtered count, paging keeps it
    const products = await get<Rows<Product>>(schoolA, '/v4/mall/product?$limit=1000');
    expect(products.status).toBe(200);
    expect(new Set(products.body.data.rows.map((p) => p.id))).toEqual(allowedProducts);
    expect(products.body.data.count).toBe(allowedProducts.size);
    const page = await get<Rows<Product>>(schoolA, '/v4/mall/product?$limit=3&$skip=3');
    expect(page.body.data.rows).toHaveLength(3);
    expect(page.body.data.count).toBe(allowedProducts.size);
    expect((await get<{ count: number }>(schoolA, '/v4/mall/product/count')).body.data.count).toBe(allowedProducts.size);
    const meat = await get<Rows<Product>>(schoolA, `/v4/mall/product?categoryId=${category('肉类').id}`);
    expect(meat.body.data).toEqual({ rows: [], count: 0 });

    // SKUs: only those of the allowed goods
    const skus = await get<Rows<Sku>>(schoolA, '/v4/mall/sku?$limit=1000');
    expect(new Set(skus.body.data.rows.map((s) => s.skuId))).toEqual(new Set(allowedSkus.map((s) => s.skuId)));
    expect(skus.body.data.count).toBe(allowedSkus.length);
    const otherSku = allSkus.find((s) => !allowedProducts.has(s.productId))!;
    expect((await get<Rows<Sku>>(schoolA, `/v4/mall/sku?skuId=${otherSku.skuId}`)).body.data).toEqual({ rows: [], count: 0 });
    // nor the food ingredients of a SKU outside the limit; the other school may read them
    expect((await get(schoolA, `/v4/mall/sku/ingredients?skuId=${otherSku.skuId}`)).status).toBe(403);
    expect((await get(schoolA, `/v4/mall/sku/ingredients?skuId=${mushroom.skuId}`)).status).toBe(200);
    expect((await get(schoolB, `/v4/mall/sku/ingredients?skuId=${otherSku.skuId}`)).status).toBe(200);

    // prices: the effective ones of the allowed goods only, in the listing and the latest-price view
    const latest = await get<Rows<Price & { productId: string }>>(schoolA, '/v5/mall/sku/price/latest-price?$groupby=skuId,roleGroupId');
    expect(latest.status).toBe(200);
    expect(latest.body.data.rows.length).toBeGreaterThan(0);
    expect(latest.body.data.rows.every((p) => allowedProducts.has(p.productId))).toBe(true);
    expect(latest.body.data.rows.map((p) => p.skuId)).toContain(mushroom.skuId);
    const listing = await get<Rows<Price & { productId: string }>>(schoolA, '/v5/mall/sku/price?$limit=1000');
    expect(listing.body.data.count).toBe(listing.body.data.rows.length);
    expect(listing.body.data.rows.every((p) => allowedProducts.has(p.productId))).toBe(true);
    const listingPage = await get<Rows<Price>>(schoolA, '/v5/mall/sku/price?$limit=2');
    expect(listingPage.body.data.count).toBe(listing.body.data.count);

    // the other school of the same role group still sees everything
    const productsB = await get<Rows<Product>>(schoolB, '/v4/mall/product?$limit=1000');
    expect(productsB.body.data.count).toBe(all.length);
    expect((await get<Rows<Sku>>(schoolB, '/v4/mall/sku?$limit=1000')).body.data.count).toBe(allSkus.length);
    const listingB = await get<Rows<Price & { productId: string }>>(schoolB, '/v5/mall/sku/price?$limit=1000');
    expect(listingB.body.data.count).toBeGreaterThan(listing.body.data.count);
    expect(listingB.body.data.rows.some((p) => !allowedProducts.has(p.productId))).toBe(true);

    // the limit lifted: school A sees all again
    const lifted = await putLink(adminA, linkA, { categoryIds: [], priceEdit: true, order: true, delivery: true });
    expect(lifted.status).toBe(200);
    linkA = lifted.body.data;
    expect((await get<Rows<Product>>(schoolA, '/v4/mall/product?$limit=1000')).body.data.count).toBe(all.length);
  });
});

describe('checking what is stored', () => {
  it('refuses malformed permissions and categories not of the supplier with a readable 400, writing nothing', async () => {
    const foreign = await call<Rows<Category>>(server, 'POST', '/v2/category', { ...auth(adminA), body: { name: '学校自建分类', groupName: 'mallProduct' } });
    expect(foreign.status).toBe(200);
    const before = await eventCount(server);
    const cases: [unknown, string][] = [
      ['全部', '应为对象'],
      [{ priceEdit: 'no' }, '维护价格（priceEdit）应为 true 或 false'],
      [{ order: 1, delivery: null }, '接收订单（order）应为 true 或 false'],
      [{ categoryIds: category('蔬菜').id }, '应为分类 id 的数组'],
      [{ categoryIds: [42] }, '商品分类 id'],
      [{ categoryIds: Array.from({ length: 501 }, () => crypto.randomUUID()) }, '最多 500 个'],
      [{ canDelete: true }, '未知的供应商权限项'],
      [{ categoryIds: [crypto.randomUUID()] }, '商品分类不属于该供应商'],
      [{ categoryIds: [category('蔬菜').id, foreign.body.data.rows[0].id] }, foreign.body.data.rows[0].id],
    ];
    for (const [permissions, text] of cases) {
      const res = await putLink(adminA, linkA, permissions);
      expect(res.status, JSON.stringify(permissions).slice(0, 80)).toBe(400);
      expect(res.body.status_text).toContain('参数错误：供应商权限不正确');
      expect(res.body.status_text).toContain(text);
    }
    // a new link with bad permissions is refused too (a supplier org that has no such category)
    const created = await call(server, 'POST', '/v4/mall/supplier', {
      ...auth(adminA), body: { supplierOrgId: 'org-jcps', type: 'sxps', extraInfo: { permissions: { categoryIds: [category('蔬菜').id] } } },
    });
    expect(created.status).toBe(400);
    expect(created.body.status_text).toContain('商品分类不属于该供应商');
    expect((await call(server, 'POST', '/v4/mall/supplier', { ...auth(adminA), body: { supplierOrgId: 'org-jcps', type: 'sxps', extraInfo: { permissions: { delivery: 'yes' } } } })).status).toBe(400);
    expect(await eventCount(server)).toBe(before);
    expect((await linkOf(adminA)).extraInfo.permissions).toEqual(linkA.extraInfo.permissions);
  });

  it('order and delivery are stored as sent; other extraInfo edits keep the stored permissions', async () => {
    const saved = await putLink(adminA, linkA, { order: false, delivery: false });
    expect(saved.status).toBe(200);
    expect(saved.body.data.extraInfo.permissions).toEqual({ categoryIds: [], priceEdit: true, order: false, delivery: false });
    const other = await call<Link>(server, 'PUT', `/v4/mall/supplier/${linkA.objectId}`, { ...auth(adminA), body: { extraInfo: { remark: '月结' } } });
    expect(other.status).toBe(200);
    expect(other.body.data.extraInfo).toEqual({ remark: '月结', permissions: { categoryIds: [], priceEdit: true, order: false, delivery: false } });
    const reset = await putLink(adminA, other.body.data, null);
    expect(reset.body.data.extraInfo.permissions).toEqual({ categoryIds: [], priceEdit: true, order: true, delivery: true });
    linkA = reset.body.data;
  });

  it('only the purchasing org\'s link managers may change a link: the supplier, its admin and the school\'s purchaser get 403', async () => {
    // the supplier sees its links with the school's name, but may not edit them
    const seen = (await get<Rows<Link>>(supplier, '/v4/mall/supplier')).body.data.rows;
    expect(seen.map((l) => l.orgName)).toEqual(expect.arrayContaining([SCHOOL_A, SCHOOL_B]));
    // an admin of the supplier org (role admin_*) is a link manager in its own org, not in the school's
    const orgId = supplier.orgApp!.orgId;
    const roleId = crypto.randomUUID();
    await runCommand(server.store.db, async (tx) => {
      const meta = { time: new Date().toISOString(), route: 'test' };
      const put = (streamId: string, streamType: string, events: NewEvent[], expectedVersion = 0) => appendToStream(tx, { orgId, streamId, streamType, expectedVersion, events, meta });
      await put(`role-${roleId}`, 'role', [{ type: 'RoleCreated', data: { roleId, name: 'admin_supplier', code: 'admin', cnName: '供应商管理员', roleGroupId: null, manageRoleNames: [], enable: true, sort: 9, config: {} } }]);
      const member = `member-${orgId}-${supplier.userId}`;
      const version = await tx.selectFrom('events').select((eb) => eb.fn.max('stream_version').as('v')).where('stream_id', '=', member).executeTakeFirst();
      await put(member, 'member', [{ type: 'UserRoleGranted', data: { userId: supplier.userId, roleId } }], Number(version?.v ?? 0));
    });
    const supplierAdmin = await signIn(server, DEMO.supplier);
    expect(supplierAdmin.orgApp?.orgId).toBe(orgId);

    const before = await eventCount(server);
    for (const s of [supplier, supplierAdmin, schoolA]) {
      const res = await putLink(s, linkA, { categoryIds: [], priceEdit: false, order: true, delivery: true });
      expect(res.status).toBe(403);
    }
    expect(await eventCount(server)).toBe(before);
    expect((await linkOf(adminA)).priceFrozenAt).toBeNull();
  });
});

describe('price freeze (priceEdit off)', () => {
  it('keeps the prices approved before the freeze for that school only; newer approvals reach it again once allowed', async () => {
    // let the supplier change an approved price within the cycle (M1's modify limit off), as the bureau of the area
    expect((await call(server, 'PUT', `/v4/mall/rolegroup/config/${m1.roleGroupId}`, { ...auth(bureau), body: { priceModifyLimitEnable: false } })).status).toBe(200);
    const { skuId } = await product('冻结测试白菜', category('蔬菜').id);
    const first = await call<Rows<Price>>(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ skuId, price: 2.5, roleGroupId: m1.roleGroupId }] } });
    const p1 = first.body.data.rows[0].id;
    expect((await call(server, 'PUT', '/v5/mall/sku/price', { ...auth(bureau), body: { isCheckPrice: true, skuPrice: [{ id: p1, isCheck: 1 }] } })).status).toBe(200);
    const effective = async (s: Session) => (await get<Rows<Price>>(s, `/v5/mall/sku/price/latest-price?$groupby=skuId,roleGroupId&skuId=${skuId}`)).body.data.rows.map((p) => [p.id, p.price]);
    expect(await effective(schoolA)).toEqual([[p1, 2.5]]);
    expect(await effective(schoolB)).toEqual([[p1, 2.5]]);

    // school A turns price edits off: the server records the moment (a client-sent time is ignored)
    const t0 = Date.now();
    const frozen = await putLink(adminA, linkA, { categoryIds: [], priceEdit: false, order: true, delivery: true, priceFrozenAt: '2000-01-01T00:00:00.000Z' });
    expect(frozen.status).toBe(200);
    const frozenAt = frozen.body.data.priceFrozenAt!;
    expect(frozenAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(Date.parse(frozenAt)).toBeGreaterThanOrEqual(t0 - 1000);
    expect(frozen.body.data.extraInfo.permissions).toEqual({ categoryIds: [], priceEdit: false, order: true, delivery: true, priceFrozenAt: frozenAt });
    linkA = frozen.body.data;
    // the supplier sees which school froze its prices
    const forSupplier = (await get<Rows<Link>>(supplier, '/v4/mall/supplier')).body.data.rows;
    expect(forSupplier.filter((l) => l.priceFrozenAt).map((l) => l.orgName)).toEqual([SCHOOL_A]);

    // the supplier still prices its role group (200), and the bureau approves the new price
    await new Promise((r) => setTimeout(r, 5));
    const changed = await call<Rows<Price>>(server, 'PUT', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ id: p1, price: 2.9 }] } });
    expect(changed.status).toBe(200);
    const p2 = changed.body.data.rows[0].id;
    expect(p2).not.toBe(p1);
    expect((await call(server, 'PUT', '/v5/mall/sku/price', { ...auth(bureau), body: { isCheckPrice: true, skuPrice: [{ id: p2, isCheck: 1 }] } })).status).toBe(200);

    // school A keeps the price approved before the freeze; school B of the same group gets the new one
    expect(await effective(schoolA)).toEqual([[p1, 2.5]]);
    expect(await effective(schoolB)).toEqual([[p2, 2.9]]);
    const listingA = await get<Rows<Price>>(schoolA, `/v5/mall/sku/price?skuId=${skuId}`);
    expect(listingA.body.data).toMatchObject({ count: 1, rows: [{ id: p1 }] });

    // saving other permissions while frozen keeps the first moment
    const again = await putLink(adminA, linkA, { categoryIds: [category('蔬菜').id], priceEdit: false, order: false, delivery: true });
    expect(again.body.data.priceFrozenAt).toBe(frozenAt);
    expect(await effective(schoolA)).toEqual([[p1, 2.5]]);

    // price edits on again: the freeze time goes away and the newest approved price is effective
    const open = await putLink(adminA, again.body.data, { categoryIds: [], priceEdit: true, order: true, delivery: true });
    expect(open.status).toBe(200);
    expect(open.body.data.priceFrozenAt).toBeNull();
    expect(open.body.data.extraInfo.permissions).not.toHaveProperty('priceFrozenAt');
    linkA = open.body.data;
    expect(await effective(schoolA)).toEqual([[p2, 2.9]]);
    expect(await effective(schoolB)).toEqual([[p2, 2.9]]);
  });
});
