import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth, bureauOfAnotherArea, newProduct, purchaserGroups, type GroupConfig, type Price } from './mallApi.ts';

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

const prices = (s: Session, query: string) => call<{ rows: Price[]; count: number }>(server, 'GET', `/v5/mall/sku/price?${query}`, auth(s));

describe('SKU price approval workflow', () => {
  it('pends, rejects one with a remark, approves the other; the supplier sees both and the log; the school only the approved one; the cycle holds', async () => {
    const { skuIds: [a, b] } = await newProduct(server, supplier, '有机菜心');
    const created = await call<{ rows: Price[] }>(server, 'POST', '/v5/mall/sku/price', {
      ...auth(supplier), body: { skuPrice: [{ skuId: a, price: 6.5, roleGroupId: m1.roleGroupId, marketAvg: 6.8 }, { skuId: b, price: '12.80', roleGroupId: m1.roleGroupId }] },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.rows.map((p) => [p.price, p.isCheck, p.status])).toEqual([[6.5, 0, 'pending'], [12.8, 0, 'pending']]);
    const [pa, pb] = created.body.data.rows;

    // the bureau's queue shows both, beside the market average and the (absent) last approved price
    const queue = await prices(bureau, `isCheck=0&skuId=${a},${b}`);
    expect(queue.status).toBe(200);
    expect(queue.body.data.rows.map((p) => p.id).sort()).toEqual([pa.id, pb.id].sort());
    const qa = queue.body.data.rows.find((p) => p.id === pa.id)!;
    expect(qa.marketAvg).toBe(6.8);
    expect(qa.extraInfo).toHaveProperty('mallAvgPrice');
    expect(qa.lastApprovedPrice).toBeNull();

    // the school sees neither while they are pending
    const none = await call<{ rows: Price[] }>(server, 'GET', `/v5/mall/sku/price/latest-price?$groupby=skuId,roleGroupId&skuId=${a},${b}`, auth(school));
    expect(none.body.data.rows).toEqual([]);

    const decided = await call<{ rows: Price[] }>(server, 'PUT', '/v5/mall/sku/price', {
      ...auth(bureau),
      body: { isCheckPrice: true, isEduBureauOrg: true, skuPrice: [{ id: pa.id, isCheck: -2, extraInfo: { checkRemark: '高于市场均价' } }, { id: pb.id, isCheck: 1 }] },
    });
    expect(decided.status).toBe(200);

    const mine = await prices(supplier, `skuId=${a},${b}`);
    const byId = new Map(mine.body.data.rows.map((p) => [p.id, p]));
    expect(byId.get(pa.id)).toMatchObject({ isCheck: -2, status: 'rejected', extraInfo: { checkRemark: '高于市场均价', isCheckRecord: true } });
    expect(byId.get(pb.id)).toMatchObject({ isCheck: 1, status: 'effective' });

    const log = await call<{ rows: { type: string; skuPriceId: string; username: string }[] }>(server, 'GET', `/v5/mall/sku/price/log?skuId=${a}`, auth(supplier));
    expect(log.status).toBe(200);
    expect(log.body.data.rows.map((r) => r.type)).toEqual(['SkuPriceDecided', 'SkuPriceCreated']);
    expect(log.body.data.rows[0].username).toBe(DEMO.bureau);

    const seen = await call<{ rows: Price[] }>(server, 'GET', `/v5/mall/sku/price/latest-price?$groupby=skuId,roleGroupId&skuId=${a},${b}`, auth(school));
    expect(seen.body.data.rows.map((p) => [p.skuId, p.price, p.isCheck])).toEqual([[b, 12.8, 1]]);
    const listing = await prices(school, `skuId=${a},${b}`);
    expect(listing.body.data.rows.map((p) => p.id)).toEqual([pb.id]);

    // the modify limit (M1: 0w) refuses a second change of the approved price inside its week, and writes nothing
    const before = await eventCount(server);
    const again = await call(server, 'PUT', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ id: pb.id, price: 11.5 }] } });
    expect(again.status).toBe(422);
    expect(again.body.status_text).toContain('审核周期内');
    const repost = await call(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ skuId: b, price: 11.5, roleGroupId: m1.roleGroupId }] } });
    expect(repost.status).toBe(422);
    expect(await eventCount(server)).toBe(before);

    // the rejected one may be corrected: it goes back to pending
    const fixed = await call<{ rows: Price[] }>(server, 'PUT', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ id: pa.id, price: 6.2 }] } });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.rows[0]).toMatchObject({ id: pa.id, price: 6.2, isCheck: 0 });
  });

  it('makes a price for a role group without approval effective at once', async () => {
    const { skuIds: [a] } = await newProduct(server, supplier, '散养土鸡', 1);
    const res = await call<{ rows: Price[] }>(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ skuId: a, price: 45, roleGroupId: open.roleGroupId }] } });
    expect(res.status).toBe(200);
    expect(res.body.data.rows[0]).toMatchObject({ isCheck: 1, status: 'effective', startDate: '2000-01-01', endDate: '3000-01-01' });
  });

  it('lets exactly one of two concurrent decisions on a price win; the other gets a clear 409', async () => {
    const { skuIds: [a] } = await newProduct(server, supplier, '紫薯', 1);
    const created = await call<{ rows: Price[] }>(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ skuId: a, price: 4.4, roleGroupId: m1.roleGroupId }] } });
    const id = created.body.data.rows[0].id;
    const before = await eventCount(server);
    const results = await Promise.all([
      call(server, 'PUT', '/v5/mall/sku/price', { ...auth(bureau), body: { isCheckPrice: true, skuPrice: [{ id, isCheck: 1 }] } }),
      call(server, 'PUT', '/v5/mall/sku/price', { ...auth(bureau), body: { isCheckPrice: true, skuPrice: [{ id, isCheck: -2, extraInfo: { checkRemark: '重复' } }] } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.status_text).toMatch(/已被(他人)?审核|刚被他人审核/);
    expect(await eventCount(server)).toBe(before + 1);
  });
});

describe('price tenancy', () => {
  it("refuses a supplier reading another supplier's prices", async () => {
    for (const path of ['/v5/mall/sku/price?supplierId=org-jcps', '/v5/mall/sku/price/latest-price?supplierId=org-jcps', '/v4/mall/product?supplierId=org-jcps']) {
      const res = await call(server, 'GET', path, auth(supplier));
      expect(res.status, path).toBe(403);
      expect(res.body.data, path).toBeNull();
    }
    // and with another org's key the request never gets that far
    const other = await call(server, 'GET', '/v5/mall/sku/price', { token: supplier.token, key: bureau.key });
    expect(other.status).toBe(403);
  });

  it('refuses a school approving a price (purchaser and school admin), writing nothing', async () => {
    const pending = (await prices(bureau, 'isCheck=0&$limit=1')).body.data.rows[0];
    expect(pending).toBeDefined();
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    const before = await eventCount(server);
    for (const s of [school, admin]) {
      const res = await call(server, 'PUT', '/v5/mall/sku/price', { ...auth(s), body: { isCheckPrice: true, skuPrice: [{ id: pending.id, isCheck: 1 }] } });
      expect(res.status).toBe(403);
    }
    expect(await eventCount(server)).toBe(before);
    const still = await prices(bureau, `id=${pending.id}`);
    expect(still.body.data.rows[0].isCheck).toBe(0);
  });

  it('refuses a bureau of another area approving, and shows it none of this area\'s prices', async () => {
    const pending = (await prices(bureau, 'isCheck=0&$limit=1')).body.data.rows[0];
    const orgName = await bureauOfAnotherArea(server, bureau.userId);
    const west = await signIn(server, DEMO.bureau, orgName);
    expect(west.orgApp?.orgName).toBe(orgName);
    const before = await eventCount(server);
    const res = await call(server, 'PUT', '/v5/mall/sku/price', { ...auth(west), body: { isCheckPrice: true, eduBureauOrgArea: '城东区', skuPrice: [{ id: pending.id, isCheck: 1 }] } });
    expect(res.status).toBe(403);
    expect(res.body.status_text).toBe('不能审核其他区域供应商的价格');
    expect(await eventCount(server)).toBe(before);
    const queue = await prices(west, 'isCheck=0');
    expect(queue.body.data.rows).toEqual([]);
  });
});

describe('bad price input', () => {
  it('refuses negative, non-numeric, over-precise prices, an end before the start and an unknown SKU with readable text, writing nothing', async () => {
    const { skuIds: [a] } = await newProduct(server, supplier, '青笋', 1);
    const cases: [unknown, RegExp][] = [
      [{ skuId: a, price: -3, roleGroupId: m1.roleGroupId }, /价格必须大于 0/],
      [{ skuId: a, price: 'abc', roleGroupId: m1.roleGroupId }, /价格必须是数字/],
      [{ skuId: a, price: 1.234, roleGroupId: m1.roleGroupId }, /两位小数/],
      [{ skuId: a, price: 3, roleGroupId: m1.roleGroupId, startDate: '2025-03-02', endDate: '2025-03-01' }, /结束日期不能早于开始日期/],
      [{ skuId: 'no-such-sku', price: 3, roleGroupId: m1.roleGroupId }, /SKU no-such-sku 不存在/],
      [{ skuId: a, price: 3, roleGroupId: 'no-such-group' }, /采购角色组不存在/],
    ];
    const before = await eventCount(server);
    for (const [row, text] of cases) {
      const res = await call<{ errors: { row: number; errors: string[] }[] }>(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [row] } });
      expect(res.status, JSON.stringify(row)).toBe(400);
      expect(res.body.status_text).toMatch(/^价格信息添加失败/);
      expect(res.body.status_text).toMatch(text);
      expect(res.body.data.errors[0].row).toBe(1);
    }
    const malformed = await call(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), raw: '{"skuPrice": [' });
    expect(malformed.status).toBe(400);
    expect(await eventCount(server)).toBe(before);
  });

  it('imports all rows or none, naming each bad row', async () => {
    const { skuIds } = await newProduct(server, supplier, '山药', 3);
    const before = await eventCount(server);
    const bad = await call<{ errors: { row: number; skuId: string; errors: string[] }[] }>(server, 'POST', '/v5/mall/sku/importprice', {
      ...auth(supplier),
      body: {
        remark: '五月报价', eduOrgId: 'org-cdjyj',
        skuPrice: [
          { skuId: skuIds[0], price: 5, roleGroupId: m1.roleGroupId },
          { skuId: skuIds[1], price: 0, roleGroupId: m1.roleGroupId },
          { skuId: skuIds[2], price: 7, roleGroupId: m1.roleGroupId, endDate: '1999-01-01' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.map((e) => e.row)).toEqual([2, 3]);
    expect(await eventCount(server)).toBe(before);

    const good = await call<{ rows: Price[]; count: number }>(server, 'POST', '/v5/mall/sku/importprice', {
      ...auth(supplier),
      body: { remark: '五月报价', eduOrgId: 'org-cdjyj', skuPrice: skuIds.map((skuId, i) => ({ skuId, price: 5 + i, roleGroupId: m1.roleGroupId })) },
    });
    expect(good.status).toBe(200);
    expect(good.body.data.count).toBe(3);
    expect(good.body.data.rows.every((p) => p.isCheck === 0 && p.extraInfo.importRemark === '五月报价')).toBe(true);
  });
});

describe('live updates of prices', () => {
  /** Reads the bureau's server-sent events until one of `type` arrives (or gives up after 5 s). */
  async function nextNotice(s: Session, type: string, act: () => Promise<unknown>): Promise<{ orgId: string; type: string } | null> {
    const controller = new AbortController();
    const ticket = await call<{ ticket: string }>(server, 'POST', '/v1/live/ticket', auth(s));
    const res = await fetch(`${server.url}/v1/events?ticket=${ticket.body.data.ticket}`, { signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    await reader.read(); // ': connected'
    await act();
    const deadline = Date.now() + 5000;
    let buffer = '';
    try {
      while (Date.now() < deadline) {
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
        if (!chunk || chunk.done) return null;
        buffer += decoder.decode(chunk.value);
        for (const line of buffer.split('\n')) {
          if (!line.startsWith('data: ')) continue;
          const msg = JSON.parse(line.slice(6)) as { orgId: string; type: string };
          if (msg.type === type) return msg;
        }
      }
      return null;
    } finally {
      controller.abort();
    }
  }

  it("tells the bureau's console when a supplier submits a price, and the school's when one is approved", async () => {
    const { skuIds: [a] } = await newProduct(server, supplier, '彩椒', 1);
    let priceId = '';
    const submitted = await nextNotice(bureau, 'SkuPriceCreated', async () => {
      const res = await call<{ rows: Price[] }>(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ skuId: a, price: 7.7, roleGroupId: m1.roleGroupId }] } });
      priceId = res.body.data.rows[0].id;
    });
    expect(submitted).toMatchObject({ orgId: 'org-cdjyj', type: 'SkuPriceCreated' });
    const approved = await nextNotice(school, 'SkuPriceDecided', () =>
      call(server, 'PUT', '/v5/mall/sku/price', { ...auth(bureau), body: { isCheckPrice: true, skuPrice: [{ id: priceId, isCheck: 1 }] } }));
    expect(approved).toMatchObject({ orgId: 'org-ygsy', type: 'SkuPriceDecided' });
  });
});
