import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { runCommand } from '../../server/store/command.ts';
import { appendToStream } from '../../server/store/eventStore.ts';
import { rebuildProjections } from '../../server/store/rebuild.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth, newProduct } from './mallApi.ts';

interface Ingredient { skuId: string; foodId: string; ratio: number; nameZh: string; group: string }
interface Food { id: string; nameZh: string; group: string }

let server: TestServer;
let supplier: Session;
beforeAll(async () => {
  server = await startTestServer();
  supplier = await signIn(server, DEMO.supplier);
});
afterAll(async () => { await server?.close(); });

const read = (s: Session, skuId: string) => call<{ rows: Ingredient[]; count: number }>(server, 'GET', `/v4/mall/sku/ingredients?skuId=${skuId}`, auth(s));
const put = (s: Session, skuId: string, ingredients: unknown) => call<{ rows: Ingredient[] }>(server, 'PUT', '/v4/mall/sku/ingredients', { ...auth(s), body: { skuId, ingredients } });
const dumpTable = async () => (await sql<{ row: string }>`SELECT row_to_json(t)::text AS row FROM sku_ingredients t ORDER BY 1`.execute(server.store.db)).rows.map((r) => r.row);

/** A SKU of another org (the delivery centre), written through the same events the catalogue writes. */
async function skuOfAnotherOrg(): Promise<string> {
  const skuId = crypto.randomUUID();
  const at = new Date().toISOString();
  await runCommand(server.store.db, (tx) => appendToStream(tx, {
    orgId: 'org-jcps', streamId: `sku-${skuId}`, streamType: 'sku', expectedVersion: 0, meta: { time: at, route: 'test' },
    events: [{ type: 'SkuCreated', data: { skuId, productId: 'p-other', name: '别家大米', spec: '', unit: '斤', sort: 99, enable: true, extraInfo: {}, at } }],
  }));
  return skuId;
}

describe('food ingredient catalogue', () => {
  it('finds foods by Chinese name for any signed-in user, and refuses the anonymous', async () => {
    const school = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const res = await call<{ rows: Food[]; count: number }>(server, 'GET', `/v4/mall/food/ingredients?query=${encodeURIComponent('鸡蛋')}&$limit=5`, auth(school));
    expect(res.status).toBe(200);
    expect(res.body.data.rows.map((f) => f.id)).toContain('01123');
    expect(res.body.data.rows.length).toBeLessThanOrEqual(5);
    const all = await call<{ rows: Food[]; count: number }>(server, 'GET', '/v4/mall/food/ingredients?$limit=300', auth(school));
    expect(all.body.data.count).toBe(243);
    expect((await call(server, 'GET', '/v4/mall/food/ingredients?query=x')).status).toBe(401);
  });
});

describe('SKU ingredients', () => {
  it('links foods to a SKU with ratios, reads them back, replaces and clears them', async () => {
    const { skuIds: [skuId] } = await newProduct(server, supplier, '蛋炒饭套餐', 1);
    expect((await read(supplier, skuId)).body.data.rows).toEqual([]);
    const set = await put(supplier, skuId, [{ foodId: '01123', ratio: 0.3 }, { foodId: '20444', ratio: 0.6 }]);
    expect(set.status).toBe(200);
    const back = await read(supplier, skuId);
    expect(back.status).toBe(200);
    expect(back.body.data.rows.map((i) => [i.foodId, i.ratio, i.nameZh])).toEqual([['01123', 0.3, '鸡蛋'], ['20444', 0.6, expect.any(String)]]);
    await put(supplier, skuId, [{ foodId: '20444', ratio: 1 }]);
    expect((await read(supplier, skuId)).body.data.rows.map((i) => [i.foodId, i.ratio])).toEqual([['20444', 1]]);
    const salesman = await signIn(server, DEMO.salesman);
    expect((await read(salesman, skuId)).body.data.rows).toHaveLength(1);
    await put(supplier, skuId, []);
    expect((await read(supplier, skuId)).body.data.count).toBe(0);
  });

  it('refuses bad input with a readable message and writes nothing', async () => {
    const { skuIds: [skuId] } = await newProduct(server, supplier, '番茄炒蛋', 1);
    await put(supplier, skuId, [{ foodId: '01123', ratio: 0.5 }]);
    const before = await eventCount(server);
    const rows = await dumpTable();
    const cases: [unknown, RegExp][] = [
      [[{ foodId: '99999', ratio: 0.5 }], /食材不存在：99999/],
      [[{ foodId: '01123', ratio: 0 }], /大于 0 且不超过 1/],
      [[{ foodId: '01123', ratio: 1.2 }], /大于 0 且不超过 1/],
      [[{ foodId: '01123', ratio: -0.1 }], /大于 0 且不超过 1/],
      [[{ foodId: '01123', ratio: 0.5 }, { foodId: '01123', ratio: 0.2 }], /食材重复/],
      [[{ foodId: '01123', ratio: 0.7 }, { foodId: '20444', ratio: 0.7 }], /合计不能超过 1/],
      [[{ foodId: '01123', ratio: 'abc' }], /./],
    ];
    for (const [ingredients, message] of cases) {
      const res = await put(supplier, skuId, ingredients);
      expect(res.status, JSON.stringify(ingredients)).toBe(400);
      expect(res.body.status_text).toMatch(message);
    }
    expect((await put(supplier, 'no-such-sku', [{ foodId: '01123', ratio: 0.5 }])).status).toBe(404);
    expect(await eventCount(server)).toBe(before);
    expect(await dumpTable()).toEqual(rows);
  });

  it("refuses another org's SKU and non-suppliers, writing nothing", async () => {
    const other = await skuOfAnotherOrg();
    const { skuIds: [own] } = await newProduct(server, supplier, '青菜', 1);
    const school = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const before = await eventCount(server);
    const res = await put(supplier, other, [{ foodId: '01123', ratio: 0.5 }]);
    expect(res.status).toBe(403);
    expect(res.body.status_text).toMatch(/其他供应商/);
    expect((await put(school, own, [{ foodId: '01123', ratio: 0.5 }])).status).toBe(403);
    expect((await read(supplier, other)).status).toBe(403);
    expect(await eventCount(server)).toBe(before);
  });

  it('rebuilds sku_ingredients from the events to exactly what the inline projection wrote', async () => {
    const { skuIds: [a, b] } = await newProduct(server, supplier, '重放套餐', 2);
    await put(supplier, a, [{ foodId: '01123', ratio: 0.4 }, { foodId: '20444', ratio: 0.5 }]);
    await put(supplier, b, [{ foodId: '20444', ratio: 0.9 }]);
    await put(supplier, b, [{ foodId: '01123', ratio: 0.25 }]);
    const before = await dumpTable();
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(await rebuildProjections(server.store.db)).toBe(await eventCount(server));
    expect(await dumpTable()).toEqual(before);
  });
});
