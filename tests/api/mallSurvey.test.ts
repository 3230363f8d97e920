import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth, newProduct, purchaserGroups, type GroupConfig, type Price } from './mallApi.ts';
import { dayOf } from '../../domain/priceCycle.ts';
import { sql } from 'kysely';
import { rebuildProjections } from '../../server/store/rebuild.ts';

let server: TestServer;
let supplier: Session;
let bureau: Session;
let school: Session;
let m1: GroupConfig;
beforeAll(async () => {
  server = await startTestServer();
  supplier = await signIn(server, DEMO.supplier);
  bureau = await signIn(server, DEMO.bureau);
  school = await signIn(server, DEMO.purchaser, SCHOOL_A);
  ({ withApproval: m1 } = await purchaserGroups(server, supplier));
});
afterAll(async () => { await server?.close(); });

interface Survey { id: string; skuId: string | null; productName: string; priceClass: string; price: number; kind: string }

describe('price surveys', () => {
  it('the bureau records market prices; new prices get their average as marketAvg, in the approval queue too', async () => {
    const { productId, skuIds: [a, b] } = await newProduct(server, supplier, '询价测试猪肉', 2);
    const today = dayOf(new Date());
    const recorded = await call<{ rows: Survey[] }>(server, 'POST', '/v5/mall/price/survey', {
      ...auth(bureau),
      body: {
        surveys: [
          { skuId: a, priceClass: 'dqbd', price: 20, source: '城东农贸市场', surveyDate: today },
          { skuId: a, priceClass: 'dqbd', price: '22.5', source: '城南超市', surveyDate: today },
          { productId, priceClass: 'cqwd', price: 30, surveyDate: today },
        ],
      },
    });
    expect(recorded.status).toBe(200);
    expect(recorded.body.data.rows).toHaveLength(3);

    const avg = await call<{ rows: { skuId: string; marketAvg: number; count: number }[] }>(server, 'GET', `/v5/mall/price/survey/avg?skuId=${a},${b}`, auth(bureau));
    expect(avg.body.data.rows.sort((x, y) => x.skuId.localeCompare(y.skuId))).toEqual([
      { skuId: a, marketAvg: 21.25, count: 2 }, { skuId: b, marketAvg: 30, count: 1 },
    ].sort((x, y) => x.skuId.localeCompare(y.skuId)));

    const created = await call<{ rows: Price[] }>(server, 'POST', '/v5/mall/sku/price', {
      ...auth(supplier), body: { skuPrice: [{ skuId: a, price: 21, roleGroupId: m1.roleGroupId }, { skuId: b, price: 31, roleGroupId: m1.roleGroupId, marketAvg: 29 }] },
    });
    expect(created.status).toBe(200);
    const queue = await call<{ rows: Price[] }>(server, 'GET', `/v5/mall/sku/price?isCheck=0&skuId=${a},${b}`, auth(bureau));
    const bySku = new Map(queue.body.data.rows.map((p) => [p.skuId, p]));
    expect(bySku.get(a)!.marketAvg).toBe(21.25);
    // a market average the supplier gave stays
    expect(bySku.get(b)!.marketAvg).toBe(29);

    const mine = await call<{ rows: Survey[] }>(server, 'GET', '/v5/mall/price/survey?priceClass=dqbd', auth(bureau));
    expect(mine.body.data.rows.filter((s) => s.skuId === a)).toHaveLength(2);
    const deleted = await call(server, 'DELETE', `/v5/mall/price/survey/${recorded.body.data.rows[0].id}`, auth(bureau));
    expect(deleted.status).toBe(200);
  });

  it('education inquiry goods by product name; bad input refused with nothing written; only bureaus record', async () => {
    const edu = await call<{ rows: Survey[] }>(server, 'POST', '/v5/mall/price/survey', {
      ...auth(bureau), body: { kind: 'education', surveys: [{ productName: '大米（散装）', priceClass: 'jyjxj', price: 2.6 }] },
    });
    expect(edu.status).toBe(200);
    expect(edu.body.data.rows[0]).toMatchObject({ kind: 'education', productName: '大米（散装）', priceClass: 'jyjxj', price: 2.6 });
    const before = await eventCount(server);
    const bad = await call(server, 'POST', '/v5/mall/price/survey', {
      ...auth(bureau), body: { surveys: [{ productName: '面粉', priceClass: 'jyjxj', price: 3 }, { productName: '油', priceClass: 'xx', price: -1 }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.status_text).toContain('第 2 行');
    expect(await eventCount(server)).toBe(before);
    for (const s of [supplier, school]) {
      const refused = await call(server, 'POST', '/v5/mall/price/survey', { ...auth(s), body: { surveys: [{ productName: '面粉', priceClass: 'jyjxj', price: 3 }] } });
      expect(refused.status).toBe(403);
    }
    expect((await call(server, 'GET', '/v5/mall/price/survey', auth(school))).status).toBe(403);
  });
});

describe('rebuild', () => {
  it('replays surveys, routes and the survey averages of prices into the same tables', async () => {
    await call(server, 'POST', '/v4/mall/route', { ...auth(supplier), body: { name: '重放线', manageRoleNames: ['delivery'] } });
    const dump = async () => {
      const out: Record<string, string[]> = {};
      for (const table of ['price_surveys', 'mall_routes', 'sku_prices']) {
        const { rows } = await sql<{ row: string }>`SELECT row_to_json(t)::text AS row FROM ${sql.table(table)} t ORDER BY 1`.execute(server.store.db);
        out[table] = rows.map((r) => r.row);
      }
      return out;
    };
    const before = await dump();
    expect(before.price_surveys.length).toBeGreaterThan(2);
    expect(before.sku_prices.some((r) => Number((JSON.parse(r) as { market_avg: number | null }).market_avg) === 21.25)).toBe(true);
    await rebuildProjections(server.store.db);
    expect(await dump()).toEqual(before);
  });
});
