import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, type Session } from './usersApi.ts';
import { dumpProjections } from '../support/projectionDump.ts';
import { rebuildProjections } from '../../server/store/rebuild.ts';
import { auth, newProduct, purchaserGroups, type GroupConfig, type Price } from './mallApi.ts';

let server: TestServer;
let supplier: Session;
let bureau: Session;
let m1: GroupConfig;
let open: GroupConfig;
beforeAll(async () => {
  server = await startTestServer();
  supplier = await signIn(server, DEMO.supplier);
  bureau = await signIn(server, DEMO.bureau);
  ({ withApproval: m1, without: open } = await purchaserGroups(server, supplier));
});
afterAll(async () => { await server?.close(); });

type RowErrors = { errors: { row: number; errors: string[] }[] };
const openSession = (s: Session, body: object = {}) => call<{ id: string; batchSize: number }>(server, 'POST', '/v5/mall/sku/importprice/session', { ...auth(s), body });

describe('price import session (batches staged, one commit)', () => {
  it('stages batches of 60 and commits them in one transaction', async () => {
    const { skuIds } = await newProduct(server, supplier, '导入测试大米', 3);
    const session = await openSession(supplier, { remark: '六月报价' });
    expect(session.status).toBe(200);
    expect(session.body.data.batchSize).toBe(60);
    const rows = skuIds.flatMap((skuId, i) => [
      { row: i * 2 + 1, skuId, price: 3 + i, roleGroupId: m1.roleGroupId },
      { row: i * 2 + 2, skuId, price: `${4 + i}.5`, roleGroupId: open.roleGroupId },
    ]);
    const before = await eventCount(server);
    const b1 = await call<{ staged: number }>(server, 'POST', `/v5/mall/sku/importprice/session/${session.body.data.id}`, { ...auth(supplier), body: { skuPrice: rows.slice(0, 4) } });
    const b2 = await call<{ staged: number }>(server, 'POST', `/v5/mall/sku/importprice/session/${session.body.data.id}`, { ...auth(supplier), body: { skuPrice: rows.slice(4) } });
    expect([b1.status, b2.status]).toEqual([200, 200]);
    expect(b2.body.data.staged).toBe(6);
    // staging writes no event and no price
    expect(await eventCount(server)).toBe(before);
    const none = await call<{ rows: Price[] }>(server, 'GET', `/v5/mall/sku/price?skuId=${skuIds.join(',')}`, auth(supplier));
    expect(none.body.data.rows).toEqual([]);

    const commit = await call<{ count: number }>(server, 'POST', `/v5/mall/sku/importprice/session/${session.body.data.id}/commit`, auth(supplier));
    expect(commit.status).toBe(200);
    expect(commit.body.data.count).toBe(6);
    const listed = await call<{ rows: Price[] }>(server, 'GET', `/v5/mall/sku/price?skuId=${skuIds.join(',')}`, auth(supplier));
    expect(listed.body.data.rows).toHaveLength(6);
    expect(listed.body.data.rows.filter((p) => p.roleGroupId === m1.roleGroupId).every((p) => p.isCheck === 0)).toBe(true);
    expect(listed.body.data.rows.filter((p) => p.roleGroupId === open.roleGroupId).every((p) => p.isCheck === 1)).toBe(true);
    // a committed session is gone
    const again = await call(server, 'POST', `/v5/mall/sku/importprice/session/${session.body.data.id}/commit`, auth(supplier));
    expect(again.status).toBe(404);
  });

  it('an error in the last batch leaves no price written', async () => {
    const { skuIds } = await newProduct(server, supplier, '导入测试面粉', 2);
    const session = await openSession(supplier);
    const id = session.body.data.id;
    const good = await call(server, 'POST', `/v5/mall/sku/importprice/session/${id}`, { ...auth(supplier), body: { skuPrice: [{ row: 1, skuId: skuIds[0], price: 9, roleGroupId: m1.roleGroupId }] } });
    expect(good.status).toBe(200);
    const before = await eventCount(server);
    const bad = await call<RowErrors>(server, 'POST', `/v5/mall/sku/importprice/session/${id}`, {
      ...auth(supplier),
      body: { skuPrice: [{ row: 61, skuId: skuIds[1], price: -1, roleGroupId: m1.roleGroupId }, { row: 62, skuId: 'no-such-sku', price: 2, roleGroupId: m1.roleGroupId }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.map((e) => e.row)).toEqual([61, 62]);
    expect(bad.body.status_text).toContain('第 61 行');
    // the console discards the session: nothing of the first batch was written
    expect((await call(server, 'DELETE', `/v5/mall/sku/importprice/session/${id}`, auth(supplier))).status).toBe(200);
    expect(await eventCount(server)).toBe(before);
    const listed = await call<{ rows: Price[] }>(server, 'GET', `/v5/mall/sku/price?skuId=${skuIds.join(',')}`, auth(supplier));
    expect(listed.body.data.rows).toEqual([]);
  });

  it('duplicates across batches are refused at commit, writing nothing', async () => {
    const { skuIds } = await newProduct(server, supplier, '导入测试鸡蛋', 1);
    const id = (await openSession(supplier)).body.data.id;
    for (const row of [1, 2]) {
      const r = await call(server, 'POST', `/v5/mall/sku/importprice/session/${id}`, { ...auth(supplier), body: { skuPrice: [{ row, skuId: skuIds[0], price: row, roleGroupId: m1.roleGroupId }] } });
      expect(r.status).toBe(200);
    }
    const before = await eventCount(server);
    const commit = await call<RowErrors>(server, 'POST', `/v5/mall/sku/importprice/session/${id}/commit`, auth(supplier));
    expect(commit.status).toBe(400);
    expect(commit.body.data.errors[0].row).toBe(2);
    expect(await eventCount(server)).toBe(before);
  });

  it('a session belongs to its user and org; a bureau cannot import prices', async () => {
    const id = (await openSession(supplier)).body.data.id;
    const other = await call(server, 'POST', `/v5/mall/sku/importprice/session/${id}`, { ...auth(bureau), body: { skuPrice: [{ row: 1, skuId: 'x', price: 1, roleGroupId: m1.roleGroupId }] } });
    expect(other.status).toBe(403);
    expect((await openSession(bureau)).status).toBe(403);
  });
});

describe('product import and bulk SKUs', () => {
  it('imports products with SKUs all or nothing, with row errors', async () => {
    const cats = await call<{ rows: { id: string; name: string }[] }>(server, 'GET', '/v2/category?groupName=mallProduct', auth(supplier));
    const cat = cats.body.data.rows[0];
    const before = await eventCount(server);
    const bad = await call<RowErrors>(server, 'POST', '/v4/mall/import/product', {
      ...auth(supplier),
      body: {
        products: [
          { row: 2, name: '表格青菜', categoryName: cat.name, unit: '斤', skus: [{ name: '表格青菜 500g', spec: '500g', unit: '斤' }] },
          { row: 3, name: '表格萝卜', categoryName: '不存在的分类', unit: '吨', skus: [] },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.map((e) => e.row)).toEqual([3]);
    expect(bad.body.data.errors[0].errors.join()).toContain('不存在的分类');
    expect(await eventCount(server)).toBe(before);

    const session = await call<{ id: string }>(server, 'POST', '/v4/mall/import/product/session', { ...auth(supplier), body: { file: 'goods.xlsx' } });
    const id = session.body.data.id;
    const s1 = await call(server, 'POST', `/v4/mall/import/product/session/${id}`, {
      ...auth(supplier), body: { products: [{ row: 2, name: '表格青菜', categoryName: cat.name, unit: '斤', priceClass: 'dqbd', skus: [{ name: '表格青菜 500g', spec: '500g', unit: '斤' }] }] },
    });
    const s2 = await call(server, 'POST', `/v4/mall/import/product/session/${id}`, {
      ...auth(supplier), body: { products: [{ row: 3, name: '表格萝卜', categoryId: cat.id, unit: '斤', rawRipe: 'raw', skus: [{ name: '表格萝卜 1kg', unit: '袋' }] }] },
    });
    expect([s1.status, s2.status]).toEqual([200, 200]);
    expect(await eventCount(server)).toBe(before);
    const commit = await call<{ created: number; skus: number }>(server, 'POST', `/v4/mall/import/product/session/${id}/commit`, auth(supplier));
    expect(commit.status).toBe(200);
    expect(commit.body.data).toMatchObject({ created: 2, skus: 2 });
    const found = await call<{ rows: { id: string; name: string; priceClass: string | null }[] }>(server, 'GET', `/v4/mall/product?name=${encodeURIComponent('表格')}`, auth(supplier));
    expect(found.body.data.rows.map((p) => p.name).sort()).toEqual(['表格萝卜', '表格青菜'].sort());

    // bulk SKUs: one bad row refuses all
    const productId = found.body.data.rows[0].id;
    const before2 = await eventCount(server);
    const badBulk = await call<RowErrors>(server, 'POST', '/v4/mall/bulk/productsku', {
      ...auth(supplier), body: { skus: [{ productId, name: '新规格 A', unit: '斤' }, { productId, name: '新规格 B', unit: '吨' }] },
    });
    expect(badBulk.status).toBe(400);
    expect(badBulk.body.data.errors.map((e) => e.row)).toEqual([2]);
    expect(await eventCount(server)).toBe(before2);
    const okBulk = await call<{ rows: { skuId: string; name: string }[] }>(server, 'POST', '/v4/mall/bulk/productsku', {
      ...auth(supplier), body: { skus: [{ productId, name: '新规格 A', unit: '斤' }, { productId, name: '新规格 B', unit: '箱' }] },
    });
    expect(okBulk.status).toBe(200);
    const upd = await call<{ rows: { spec: string }[] }>(server, 'PUT', '/v4/mall/bulk/productsku', {
      ...auth(supplier), body: { skus: okBulk.body.data.rows.map((s) => ({ skuId: s.skuId, spec: '2kg' })) },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data.rows.map((s) => s.spec)).toEqual(['2kg', '2kg']);
  });
});

describe('cloud goods library (standardProductManage)', () => {
  it('the platform publishes, a supplier copies products with SKUs into its org once; others may not publish', async () => {
    const provider = await signIn(server, DEMO.provider);
    const { productId } = await newProduct(server, supplier, '云库测试黄瓜', 2);
    expect((await call(server, 'POST', '/v4/mall/standard/product/publish', { ...auth(supplier), body: { productIds: [productId] } })).status).toBe(403);
    const published = await call<{ created: number; ids: string[] }>(server, 'POST', '/v4/mall/standard/product/publish', { ...auth(provider), body: { productIds: [productId] } });
    expect(published.status).toBe(200);
    expect(published.body.data.created).toBe(1);
    const library = await call<{ rows: { id: string; name: string; copied: boolean; skus: { name: string }[] }[] }>(server, 'GET', `/v4/mall/standard/product?name=${encodeURIComponent('云库测试')}`, auth(supplier));
    expect(library.body.data.rows).toHaveLength(1);
    expect(library.body.data.rows[0]).toMatchObject({ name: '云库测试黄瓜', copied: true });
    expect(library.body.data.rows[0].skus).toHaveLength(2);

    // the supplier already has the name: skipped; after deleting its own, the copy creates it with both SKUs
    const standardId = library.body.data.rows[0].id;
    const skipped = await call<{ created: number; skipped: string[] }>(server, 'POST', '/v4/mall/standard/product/copy', { ...auth(supplier), body: { productIds: [standardId] } });
    expect(skipped.body.data).toMatchObject({ created: 0, skipped: ['云库测试黄瓜'] });
    await call(server, 'DELETE', `/v4/mall/product/${productId}`, auth(supplier));
    const copied = await call<{ created: number; ids: string[] }>(server, 'POST', '/v4/mall/standard/product/copy', { ...auth(supplier), body: { productIds: [standardId] } });
    expect(copied.body.data.created).toBe(1);
    const skus = await call<{ rows: unknown[] }>(server, 'GET', `/v4/mall/sku?productId=${copied.body.data.ids[0]}`, auth(supplier));
    expect(skus.body.data.rows).toHaveLength(2);
    // a supplier product is not in the library, so copying it is refused
    expect((await call(server, 'POST', '/v4/mall/standard/product/copy', { ...auth(supplier), body: { productIds: [copied.body.data.ids[0]] } })).status).toBe(404);
  });
});

describe('product images (productImageManage)', () => {
  it('sets images of many products by id or name, all or nothing', async () => {
    const { productId } = await newProduct(server, supplier, '图片测试西红柿', 1);
    await newProduct(server, supplier, '图片测试黄瓜', 1);
    const before = await eventCount(server);
    const bad = await call<RowErrors>(server, 'POST', '/v4/mall/import/productimage', {
      ...auth(supplier), body: { products: [{ id: productId, images: ['https://img.example.com/a.jpg'] }, { name: '没有这个商品', images: ['https://img.example.com/b.jpg'] }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.map((e) => e.row)).toEqual([2]);
    expect(await eventCount(server)).toBe(before);
    const good = await call<{ count: number }>(server, 'POST', '/v4/mall/import/productimage', {
      ...auth(supplier), body: { products: [{ id: productId, images: ['https://img.example.com/a.jpg'] }, { name: '图片测试黄瓜', images: ['/files/c.png'] }] },
    });
    expect(good.body.data.count).toBe(2);
    await call(server, 'POST', '/v4/mall/import/productimage', { ...auth(supplier), body: { products: [{ id: productId, images: ['https://img.example.com/d.jpg'], append: true }] } });
    const p = await call<{ rows: { extraInfo: { images?: string[] } }[] }>(server, 'GET', `/v4/mall/product?id=${productId}`, auth(supplier));
    expect(p.body.data.rows[0].extraInfo.images).toEqual(['https://img.example.com/a.jpg', 'https://img.example.com/d.jpg']);
    // a bureau may not set a supplier's images
    expect((await call(server, 'POST', '/v4/mall/import/productimage', { ...auth(bureau), body: { products: [{ id: productId, images: [] }] } })).status).toBe(403);
  });
});

describe('a large import', () => {
  it('appends and projects a commit of many prices in bulk, leaving the tables a one-by-one replay gives', async () => {
    const { skuIds } = await newProduct(server, supplier, '批量导入面粉', 40);
    const importAll = async (price: number) => {
      const id = (await openSession(supplier)).body.data.id;
      const rows = skuIds.flatMap((skuId, i) => [m1, open].map((g, k) => ({ row: i * 2 + k + 1, skuId, price: price + i, roleGroupId: g.roleGroupId })));
      for (let i = 0; i < rows.length; i += 60) {
        const staged = await call(server, 'POST', `/v5/mall/sku/importprice/session/${id}`, { ...auth(supplier), body: { skuPrice: rows.slice(i, i + 60) } });
        expect(staged.status).toBe(200);
      }
      return call<{ count: number }>(server, 'POST', `/v5/mall/sku/importprice/session/${id}/commit`, auth(supplier));
    };
    expect((await importAll(10)).body.data.count).toBe(80);
    // the second import supersedes the 40 pending prices of the approval group (a batch of deletions)
    expect((await importAll(20)).body.data.count).toBe(80);
    const listed = await call<{ rows: Price[] }>(server, 'GET', `/v5/mall/sku/price?skuId=${skuIds.join(',')}&includeDeleted=1&$limit=1000`, auth(supplier));
    const superseded = listed.body.data.rows.filter((p) => p.isDelete === 1);
    expect(superseded).toHaveLength(40);
    expect(superseded.every((p) => p.roleGroupId === m1.roleGroupId && typeof p.extraInfo.supersededBy === 'string')).toBe(true);
    const before = await dumpProjections(server.store.db);
    await rebuildProjections(server.store.db);
    expect(await dumpProjections(server.store.db)).toEqual(before);
  });
});
