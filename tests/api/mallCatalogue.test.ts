import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { dumpProjections } from '../support/projectionDump.ts';
import { rebuildProjections } from '../../server/store/rebuild.ts';
import { UNITS } from '../../domain/constants.ts';
import { DEMO_GOODS } from '../../server/seed/seedMall.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth, newProduct, purchaserGroups, type GroupConfig, type Price } from './mallApi.ts';

let server: TestServer;
let supplier: Session;
let bureau: Session;
let school: Session;
let m1: GroupConfig;
let open: GroupConfig;
beforeAll(async () => {
  server = await startTestServer();
  supplier = await signIn(server, DEMO.supplier);
  bureau = await signIn(server, DEMO.bureau);
  school = await signIn(server, DEMO.purchaser, SCHOOL_A);
  ({ withApproval: m1, without: open } = await purchaserGroups(server, supplier));
});
afterAll(async () => { await server?.close(); });

interface Category { id: string; name: string; sort: number; groupName: string; enable: number }
interface Product { id: string; name: string; isUppershelf: number; status: number; categoryId: string }
interface Sku { skuId: string; unit: string; name: string; productId: string }

describe('demo goods', () => {
  it('gives the supplier at least 100 products with SKUs in every one of its categories, all in §9 units', async () => {
    const count = await call<{ count: number }>(server, 'GET', '/v4/mall/product/count', auth(supplier));
    expect(count.body.data.count).toBeGreaterThanOrEqual(100);
    const cats = await call<{ rows: Category[] }>(server, 'GET', '/v2/category?groupName=mallProduct', auth(supplier));
    expect(cats.body.data.rows.map((c) => c.name)).toEqual(Object.keys(DEMO_GOODS));
    const products = await call<{ rows: Product[] }>(server, 'GET', '/v4/mall/product?$limit=1000', auth(supplier));
    expect(new Set(products.body.data.rows.map((p) => p.categoryId)).size).toBe(Object.keys(DEMO_GOODS).length);
    const skus = await call<{ rows: Sku[]; count: number }>(server, 'GET', '/v4/mall/sku?$limit=1000', auth(supplier));
    expect(new Set(skus.body.data.rows.map((s) => s.productId)).size).toBe(count.body.data.count);
    expect(skus.body.data.rows.every((s) => (UNITS as readonly string[]).includes(s.unit))).toBe(true);
  });

  it('prices them for M1 with approval on (some pending) and for a second group without approval', async () => {
    expect(m1).toMatchObject({ priceApprovalEnable: true, priceModifyLimitEnable: true, priceApprovalTimeRule: '0w' });
    expect(open).toMatchObject({ priceApprovalEnable: false });
    const forM1 = await call<{ rows: Price[]; count: number }>(server, 'GET', `/v5/mall/sku/price?roleGroupId=${m1.roleGroupId}&$limit=1000`, auth(supplier));
    expect(forM1.body.data.count).toBeGreaterThanOrEqual(50);
    expect(forM1.body.data.rows.some((p) => p.isCheck === 0)).toBe(true);
    expect(forM1.body.data.rows.filter((p) => p.isCheck === 1).length).toBeGreaterThan(40);
    const forOpen = await call<{ rows: Price[] }>(server, 'GET', `/v5/mall/sku/price?roleGroupId=${open.roleGroupId}&$limit=1000`, auth(supplier));
    expect(forOpen.body.data.rows.every((p) => p.isCheck === 1)).toBe(true);
    // the school buys under M1 only, and sees only effective approved prices
    const seen = await call<{ rows: Price[] }>(server, 'GET', '/v5/mall/sku/price/latest-price?$groupby=skuId,roleGroupId&supplierId=org-xfsp', auth(school));
    expect(seen.body.data.rows.length).toBe(forM1.body.data.rows.filter((p) => p.isCheck === 1).length);
    expect(seen.body.data.rows.every((p) => p.roleGroupId === m1.roleGroupId && p.isCheck === 1)).toBe(true);
    const supplierLinks = await call<{ rows: { supplierOrgId: string; type: string; typeName: string }[] }>(server, 'GET', '/v4/mall/supplier', auth(school));
    // the demo schools buy from two suppliers (issue 11: the delivery centre is the second)
    expect(supplierLinks.body.data.rows).toEqual(expect.arrayContaining([expect.objectContaining({ supplierOrgId: 'org-xfsp', type: 'sxps', typeName: '生鲜配送' })]));
    expect(supplierLinks.body.data.rows.map((l) => l.supplierOrgId).sort()).toEqual(['org-jcps', 'org-xfsp']);
  });

  it('lets the bureau find queue prices by supplier and category, and by search', async () => {
    const cats = await call<{ rows: Category[] }>(server, 'GET', '/v2/category?groupName=mallProduct', auth(supplier));
    const grain = cats.body.data.rows.find((c) => c.name === '粮食')!;
    const queue = await call<{ rows: (Price & { productName: string; categoryId: string })[] }>(server, 'GET', `/v5/mall/sku/price?isCheck=0&supplierId=org-xfsp&categoryId=${grain.id}`, auth(bureau));
    expect(queue.status).toBe(200);
    expect(queue.body.data.rows.length).toBeGreaterThan(0);
    expect(queue.body.data.rows.every((p) => p.categoryId === grain.id && p.isCheck === 0)).toBe(true);
    const found = await call<{ rows: (Price & { productName: string })[] }>(server, 'GET', `/v5/mall/sku/price/searchprice?keyword=${encodeURIComponent('鸡蛋')}&supplierId=org-xfsp`, auth(school));
    expect(found.body.data.rows.map((p) => p.productName).sort()).toEqual(['土鸡蛋', '鲜鸡蛋']);
  });
});

describe('categories, specs and units', () => {
  it('creates many categories at once, reorders them, updates and deletes one; sort asc then id', async () => {
    const created = await call<{ rows: Category[] }>(server, 'POST', '/v2/category', {
      ...auth(supplier), body: { groupName: 'mallPriceSupermarket', list: [{ name: '华润万家', sort: 2 }, { name: '永辉超市', sort: 1 }] },
    });
    expect(created.status).toBe(200);
    const listed = await call<{ rows: Category[] }>(server, 'GET', '/v2/category?groupName=mallPriceSupermarket', auth(supplier));
    expect(listed.body.data.rows.map((c) => c.name)).toEqual(['永辉超市', '华润万家']);
    const [a, b] = listed.body.data.rows;
    const moved = await call(server, 'PUT', '/v2/category', { ...auth(supplier), body: { categorys: [{ id: a.id, sort: 5 }, { id: b.id, sort: 0, name: '华润万家超市' }] } });
    expect(moved.status).toBe(200);
    const again = await call<{ rows: Category[] }>(server, 'GET', '/v1/category/polardb?groupName=mallPriceSupermarket', auth(supplier));
    expect(again.body.data.rows.map((c) => c.name)).toEqual(['华润万家超市', '永辉超市']);
    expect((await call(server, 'DELETE', `/v2/category/${a.id}`, { ...auth(supplier), body: { isPhysicalDelete: true } })).status).toBe(200);
    const one = await call(server, 'POST', '/v1/category/polardb', { ...auth(supplier), body: { name: '物美', groupName: 'mallPriceSupermarket' } });
    expect(one.status).toBe(200);
    const gone = await call<{ count: number }>(server, 'DELETE', '/v1/category/polardb', { ...auth(supplier), body: { groupName: 'mallPriceSupermarket' } });
    expect(gone.body.data.count).toBe(2);
    const empty = await call<{ rows: Category[] }>(server, 'GET', '/v2/category?groupName=mallPriceSupermarket', auth(supplier));
    expect(empty.body.data.rows).toEqual([]);
  });

  it('refuses unknown group names, a school editing the catalogue and reading another org', async () => {
    const before = await eventCount(server);
    const bad = await call(server, 'POST', '/v2/category', { ...auth(supplier), body: { groupName: 'nope', name: 'x' } });
    expect(bad.status).toBe(400);
    const schoolWrite = await call(server, 'POST', '/v2/category', { ...auth(school), body: { groupName: 'mallProduct', name: '零食' } });
    expect(schoolWrite.status).toBe(403);
    const other = await call(server, 'GET', '/v2/category?groupName=mallProduct&orgId=org-jcps', auth(supplier));
    expect(other.status).toBe(403);
    expect(await eventCount(server)).toBe(before);
    // a school may read the goods categories of its own supplier
    const ofSupplier = await call<{ rows: Category[] }>(server, 'GET', '/v2/category?groupName=mallProduct&orgId=org-xfsp', auth(school));
    expect(ofSupplier.body.data.rows.map((c) => c.name)).toEqual(Object.keys(DEMO_GOODS));
  });

  it('keeps specs with default sort 99 and updates their options; lists the §9 units', async () => {
    const spec = await call<{ id: string; sort: number; options: object }>(server, 'POST', '/v4/mall/spec', { ...auth(supplier), body: { name: '就餐人数', options: { mealsPeople: 300 } } });
    expect(spec.body.data).toMatchObject({ sort: 99, options: { mealsPeople: 300 } });
    const dup = await call(server, 'POST', '/v4/mall/spec', { ...auth(supplier), body: { name: '就餐人数' } });
    expect(dup.status).toBe(400);
    await call(server, 'PUT', `/v4/mall/spec/${spec.body.data.id}`, { ...auth(supplier), body: { options: { mealsPeople: 320 } } });
    const read = await call<{ rows: { options: object }[] }>(server, 'GET', `/v4/mall/spec?name=${encodeURIComponent('就餐人数')}`, auth(supplier));
    expect(read.body.data.rows).toEqual([expect.objectContaining({ options: { mealsPeople: 320 } })]);
    const units = await call<{ rows: { name: string }[] }>(server, 'GET', '/v4/mall/unit', auth(school));
    expect(units.body.data.rows.map((u) => u.name)).toEqual([...UNITS]);
  });
});

describe('products and SKUs', () => {
  it('creates, edits, shelves, sets approval status and deletes products; a school sees only shelved goods and their prices', async () => {
    const { productId, skuIds: [sku] } = await newProduct(server, supplier, '富硒鸡蛋', 1);
    await call(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ skuId: sku, price: 25, roleGroupId: m1.roleGroupId }] } });
    const queue = await call<{ rows: Price[] }>(server, 'GET', `/v5/mall/sku/price?isCheck=0&skuId=${sku}`, auth(bureau));
    await call(server, 'PUT', '/v5/mall/sku/price', { ...auth(bureau), body: { isCheckPrice: true, skuPrice: [{ id: queue.body.data.rows[0].id, isCheck: 1 }] } });
    const visible = async () => (await call<{ rows: Price[] }>(server, 'GET', `/v5/mall/sku/price/latest-price?skuId=${sku}`, auth(school))).body.data.rows.length;
    expect(await visible()).toBe(1);

    const edited = await call<Product>(server, 'PUT', `/v4/mall/product/${productId}`, { ...auth(supplier), body: { name: '富硒鲜鸡蛋', priceClass: 'cqwd' } });
    expect(edited.body.data.name).toBe('富硒鲜鸡蛋');
    const off = await call<{ rows: Product[] }>(server, 'PUT', '/v4/mall/product/package/uppershelf', { ...auth(supplier), body: { productIds: [productId], isUppershelf: 0 } });
    expect(off.body.data.rows[0].isUppershelf).toBe(0);
    expect(await visible()).toBe(0);
    const forSchool = await call<{ rows: Product[] }>(server, 'GET', `/v4/mall/product?id=${productId}`, auth(school));
    expect(forSchool.body.data.rows).toEqual([]);
    await call(server, 'PUT', '/v4/mall/product/package/uppershelf', { ...auth(supplier), body: { productIds: [productId], isUppershelf: 1 } });
    expect(await visible()).toBe(1);

    const status = await call<{ rows: Product[] }>(server, 'PUT', '/v4/mall/product/batchupdate/approvalstatus', { ...auth(supplier), body: { productIds: [productId], status: 2 } });
    expect(status.body.data.rows[0].status).toBe(2);
    const schoolShelf = await call(server, 'PUT', '/v4/mall/product/package/uppershelf', { ...auth(school), body: { productIds: [productId], isUppershelf: 0 } });
    expect(schoolShelf.status).toBe(403);
    expect((await call(server, 'DELETE', `/v4/mall/product/${productId}`, auth(supplier))).status).toBe(200);
    const after = await call<{ rows: Product[] }>(server, 'GET', `/v4/mall/product?id=${productId}`, auth(supplier));
    expect(after.body.data.rows).toEqual([]);
  });

  it('keeps SKUs with §9 units, refuses others, and logs every change of a SKU and its prices', async () => {
    const { productId } = await newProduct(server, supplier, '莲藕', 0);
    const before = await eventCount(server);
    const bad = await call(server, 'POST', '/v4/mall/sku', { ...auth(supplier), body: { productId, name: '莲藕 1kg', unit: '公斤' } });
    expect(bad.status).toBe(400);
    expect(bad.body.status_text).toContain('公斤');
    const unknown = await call(server, 'POST', '/v4/mall/sku', { ...auth(supplier), body: { productId: 'nope', name: '莲藕', unit: '斤' } });
    expect(unknown.status).toBe(404);
    expect(await eventCount(server)).toBe(before);

    const sku = await call<Sku>(server, 'POST', '/v4/mall/sku', { ...auth(supplier), body: { productId, name: '莲藕 500g', spec: '500g', unit: '斤' } });
    expect(sku.status).toBe(200);
    const skuId = sku.body.data.skuId;
    await call(server, 'PUT', '/v4/mall/sku', { ...auth(supplier), body: { skuId, name: '莲藕 精品 500g' } });
    await call(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ skuId, price: 4.8, roleGroupId: open.roleGroupId }] } });
    const log = await call<{ rows: { type: string }[] }>(server, 'GET', `/v4/mall/sku/log?skuId=${skuId}`, auth(supplier));
    expect(log.body.data.rows.map((r) => r.type)).toEqual(['SkuPriceCreated', 'SkuUpdated', 'SkuCreated']);
    const schoolLog = await call(server, 'GET', `/v4/mall/sku/log?skuId=${skuId}`, auth(school));
    expect(schoolLog.status).toBe(403);
    expect((await call(server, 'DELETE', '/v4/mall/sku', { ...auth(supplier), body: { skuId } })).status).toBe(200);
    const gone = await call(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ skuId, price: 4.8, roleGroupId: open.roleGroupId }] } });
    expect(gone.status).toBe(400);
  });
});

describe('role group price config', () => {
  it('is set by the bureau of the area, refused to the supplier, and checks the time rule', async () => {
    const denied = await call(server, 'PUT', `/v4/mall/rolegroup/config/${open.roleGroupId}`, { ...auth(supplier), body: { priceApprovalEnable: true } });
    expect(denied.status).toBe(403);
    const badRule = await call(server, 'PUT', `/v4/mall/rolegroup/config/${open.roleGroupId}`, { ...auth(bureau), body: { priceApprovalTimeRule: 'weekly' } });
    expect(badRule.status).toBe(400);
    const set = await call<GroupConfig>(server, 'PUT', `/v4/mall/rolegroup/config/${open.roleGroupId}`, {
      ...auth(bureau), body: { priceApprovalEnable: true, priceModifyLimitEnable: true, priceApprovalTimeRule: '5d' },
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ priceApprovalEnable: true, priceApprovalTimeRule: '5d' });
    const { skuIds: [sku] } = await newProduct(server, supplier, '芦笋', 1);
    const price = await call<{ rows: Price[] }>(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ skuId: sku, price: 18, roleGroupId: open.roleGroupId }] } });
    expect(price.body.data.rows[0].isCheck).toBe(0);
    await call(server, 'PUT', `/v4/mall/rolegroup/config/${open.roleGroupId}`, { ...auth(bureau), body: { priceApprovalEnable: false, priceModifyLimitEnable: false } });
  });

  it('lets an org of the configured approval group decide, which a school otherwise may not', async () => {
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    const { skuIds: [sku] } = await newProduct(server, supplier, '有机西兰花', 1);
    const created = await call<{ rows: Price[] }>(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ skuId: sku, price: 9.9, roleGroupId: m1.roleGroupId }] } });
    const id = created.body.data.rows[0].id;
    const decide = () => call(server, 'PUT', '/v5/mall/sku/price', { ...auth(admin), body: { isCheckPrice: true, skuPrice: [{ id, isCheck: 1 }] } });
    expect((await decide()).status).toBe(403);
    const group = await call<{ rows: Category[] }>(server, 'POST', '/v2/category', {
      ...auth(bureau), body: { groupName: 'mallPriceApprovalGroups', list: [{ name: '阳光实验小学审核组', extraInfo: { orgIds: ['org-ygsy'] } }] },
    });
    expect(group.status).toBe(200);
    const unknown = await call(server, 'PUT', `/v4/mall/rolegroup/config/${m1.roleGroupId}`, { ...auth(bureau), body: { priceApprovalGroup: 'nope' } });
    expect(unknown.status).toBe(400);
    const set = await call(server, 'PUT', `/v4/mall/rolegroup/config/${m1.roleGroupId}`, { ...auth(bureau), body: { priceApprovalGroup: group.body.data.rows[0].id } });
    expect(set.status).toBe(200);
    expect((await decide()).status).toBe(200);
    await call(server, 'PUT', `/v4/mall/rolegroup/config/${m1.roleGroupId}`, { ...auth(bureau), body: { priceApprovalGroup: null } });
  });
});

describe('rebuild', () => {
  it('replays catalogue and price events into the same tables', async () => {
    const dump = () => dumpProjections(server.store.db);
    const before = await dump();
    expect(before.sku_prices.length).toBeGreaterThan(100);
    await rebuildProjections(server.store.db);
    expect(await dump()).toEqual(before);
  });
});
