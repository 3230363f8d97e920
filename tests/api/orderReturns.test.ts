// Returns (issue 11) over real HTTP on a real database: the school returns part of what it received on an order
// with a reason (and a photo); the supplier of the order accepts or disputes; the amounts follow the order line
// prices to the fen. Others do not see the return (404); bad input is a clear 4xx with nothing written; two
// returns at once never take back more than was received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_B, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import type { OrderDetail } from '../../contracts/orders.ts';
import type { ReturnList, ReturnRow } from '../../contracts/orderReturns.ts';
import { inDays, orderParties, receivedOrder as receivedOrderOf, SUPPLIER_ORG, type EffectivePrice } from './ordersApi.ts';
import { lineAmount, sumAmounts } from '../../domain/money.ts';


let server: TestServer;
let school: Session;
let supplier: Session;
let prices: EffectivePrice[];

const createReturn = (s: Session, body: unknown) => call<ReturnRow>(server, 'POST', '/v4/mall/order/return', { ...auth(s), body });
const decide = (s: Session, id: string, body: unknown) => call<ReturnRow>(server, 'PUT', `/v4/mall/order/return/${id}`, { ...auth(s), body });
const withdraw = (s: Session, id: string) => call<ReturnRow>(server, 'DELETE', `/v4/mall/order/return/${id}`, auth(s));
const list = (s: Session, query = '') => call<ReturnList>(server, 'GET', `/v4/mall/order/return${query}`, auth(s));
const returnCount = async () => Number((await server.store.db.selectFrom('order_returns').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

const receivedOrder = () => receivedOrderOf(server, { school, supplier, prices }, 4, 3.5);

beforeAll(async () => {
  server = await startTestServer();
  ({ school, supplier, prices } = await orderParties(server));
});
afterAll(async () => { await server?.close(); });

describe('returns', () => {
  it('the school returns received lines with a reason and a photo; the supplier sees it and accepts; the amount follows the prices', async () => {
    const order = await receivedOrder();
    const [a, b] = prices;
    const photo = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';
    const res = await createReturn(school, { orderId: order.id, reason: '大米受潮', photos: [photo], items: [{ skuId: a!.skuId, quantity: 1.5 }, { skuId: b!.skuId, quantity: 0.333 }] });
    expect(res.status, res.body.status_text).toBe(200);
    const r = res.body.data;
    expect(r).toMatchObject({
      orderId: order.id, orderNo: order.orderNo, orgId: school.orgApp!.orgId, supplierId: SUPPLIER_ORG, status: 'pending', reason: '大米受潮',
      photos: [photo], actions: ['withdraw'], disputeReason: '', decidedAt: null, version: 1,
    });
    expect(r.returnNo).toMatch(/^TH\d{14}$/);
    expect(r.lines.map((l) => [l.skuId, l.price, l.quantity, l.amount])).toEqual([
      [a!.skuId, a!.price, 1.5, lineAmount(a!.price, 1.5)], [b!.skuId, b!.price, 0.333, lineAmount(b!.price, 0.333)],
    ]);
    expect(r.amount).toBe(sumAmounts([lineAmount(a!.price, 1.5), lineAmount(b!.price, 0.333)]));

    // the supplier of the order sees it pending, with its actions; the school may not accept its own return
    const seen = await list(supplier, `?status=pending&orderId=${order.id}`);
    expect(seen.body.data).toMatchObject({ count: 1, rows: [{ returnId: r.returnId, actions: ['accept', 'dispute'] }] });
    const own = await decide(school, r.returnId, { action: 'accept' });
    expect([own.status, own.body.status_text]).toEqual([403, '无权同意退货']);

    const accepted = await decide(supplier, r.returnId, { action: 'accept', version: 1 });
    expect(accepted.status, accepted.body.status_text).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'accepted', actions: [], version: 2 });
    expect(accepted.body.data.decidedAt).not.toBeNull();
    // decided: the school can no longer withdraw it, the supplier cannot dispute it
    const late = await withdraw(school, r.returnId);
    expect([late.status, late.body.status_text]).toEqual([409, '退货单已同意，不能撤回']);
    expect((await decide(supplier, r.returnId, { action: 'dispute', reason: '晚了' })).status).toBe(409);
    expect((await list(school, `?status=accepted&orderId=${order.id}`)).body.data.rows.map((x) => x.returnId)).toEqual([r.returnId]);
  });

  it('takes back at most what was received less the standing returns; a withdrawn or disputed return frees its quantity', async () => {
    const order = await receivedOrder();
    const a = prices[0]!.skuId;
    const first = (await createReturn(school, { orderId: order.id, reason: '发霉', items: [{ skuId: a, quantity: 2 }] })).body.data;
    const over = await createReturn(school, { orderId: order.id, reason: '发霉', items: [{ skuId: a, quantity: 1.501 }] });
    expect([over.status, over.body.status_text]).toEqual([400, expect.stringMatching(/超过可退数量 1\.5/)]);
    // the school withdraws the first (kept, as withdrawn); its 2 may be returned again
    const w = await withdraw(school, first.returnId);
    expect(w.body.data).toMatchObject({ status: 'withdrawn', actions: [] });
    const second = await createReturn(school, { orderId: order.id, reason: '发霉', items: [{ skuId: a, quantity: 3.5 }] });
    expect(second.status, second.body.status_text).toBe(200);
    // a dispute needs a reason; a disputed return no longer holds the quantity
    const bare = await decide(supplier, second.body.data.returnId, { action: 'dispute' });
    expect([bare.status, bare.body.status_text]).toEqual([400, '参数错误：请填写异议原因']);
    const disputed = await decide(supplier, second.body.data.returnId, { action: 'dispute', reason: '送达时完好，有签收' });
    expect(disputed.body.data).toMatchObject({ status: 'disputed', disputeReason: '送达时完好，有签收' });
    expect((await createReturn(school, { orderId: order.id, reason: '发霉', items: [{ skuId: a, quantity: 3.5 }] })).status).toBe(200);
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const order = await receivedOrder();
    const [a, b] = prices;
    const events = await eventCount(server);
    const returns = await returnCount();
    const ok = { orderId: order.id, reason: '破损' };
    const cases: [unknown, number, RegExp][] = [
      [{ ...ok, items: [{ skuId: a!.skuId, quantity: 3.6 }] }, 400, /超过可退数量 3\.5/],
      [{ ...ok, items: [{ skuId: 'no-such-sku', quantity: 1 }] }, 400, /没有已收货的商品 no-such-sku/],
      [{ ...ok, items: [{ skuId: a!.skuId, quantity: 'NaN' }] }, 400, /quantity|数字|number/i],
      [{ ...ok, items: [{ skuId: a!.skuId, quantity: 0 }] }, 400, /大于 0/],
      [{ ...ok, items: [{ skuId: a!.skuId, quantity: -1 }] }, 400, /大于 0/],
      [{ ...ok, items: [{ skuId: a!.skuId, quantity: 1.0001 }] }, 400, /小数/],
      [{ ...ok, items: [{ skuId: b!.skuId, quantity: 1 }, { skuId: b!.skuId, quantity: 1 }] }, 400, /重复/],
      [{ ...ok, items: [] }, 400, /至少/],
      [{ ...ok, reason: '  ', items: [{ skuId: a!.skuId, quantity: 1 }] }, 400, /退货原因/],
      [{ ...ok, items: [{ skuId: a!.skuId, quantity: 1 }], photos: ['javascript:alert(1)'] }, 400, /photos|pattern/i],
      [{ ...ok, items: [{ skuId: a!.skuId, quantity: 1 }], price: 1 }, 400, /price|additional/i],
      [{ ...ok, orderId: 'no-such-order', items: [{ skuId: a!.skuId, quantity: 1 }] }, 404, /订单不存在/],
    ];
    for (const [body, status, text] of cases) {
      const res = await createReturn(school, body);
      expect([res.status, res.body.status_text], JSON.stringify(body)).toEqual([status, expect.stringMatching(text)]);
    }
    const raw = await call(server, 'POST', '/v4/mall/order/return', { ...auth(school), raw: `{"orderId":"${order.id}","reason":"x","items":[{"skuId":"${a!.skuId}","quantity":NaN}]}` });
    expect(raw.status).toBe(400);
    // an order not received yet
    const open = await call<OrderDetail>(server, 'POST', '/v4/mall/order', { ...auth(school), body: { supplierId: SUPPLIER_ORG, deliveryDate: inDays(4), items: [{ skuId: a!.skuId, quantity: 1 }] } });
    const early = await createReturn(school, { ...ok, orderId: open.body.data.id, items: [{ skuId: a!.skuId, quantity: 1 }] });
    expect([early.status, early.body.status_text]).toEqual([409, '订单尚未收货，不能退货']);
    expect([await eventCount(server) - 1, await returnCount()]).toEqual([events, returns]);
  });

  it('two returns at once never take back more than was received', async () => {
    const order = await receivedOrder();
    const b = prices[1]!.skuId;
    const both = await Promise.all([1, 2].map(() => createReturn(school, { orderId: order.id, reason: '变质', items: [{ skuId: b, quantity: 1.5 }] })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const rows = (await list(school, `?orderId=${order.id}`)).body.data.rows;
    expect(rows.reduce((s, r) => s + r.lines[0]!.quantity, 0)).toBe(1.5);
  });
});

describe('tenancy', () => {
  it('another school, another supplier\'s delivery user and the school acting as supplier get nothing', async () => {
    const order = await receivedOrder();
    const r = (await createReturn(school, { orderId: order.id, reason: '破损', items: [{ skuId: prices[1]!.skuId, quantity: 1 }] })).body.data;
    const schoolB = await signIn(server, DEMO.purchaser, SCHOOL_B);
    const delivery = await signIn(server, DEMO.delivery);
    // school B holds the returns screen: it finds nothing of school A's
    expect((await list(schoolB, `?orderId=${order.id}`)).body.data).toEqual({ rows: [], count: 0 });
    expect((await decide(schoolB, r.returnId, { action: 'accept' })).status).toBe(404);
    expect((await withdraw(schoolB, r.returnId)).status).toBe(404);
    // returns are no screen of a delivery user's (issue 27): refused outright
    expect((await list(delivery, `?orderId=${order.id}`)).status).toBe(403);
    expect((await decide(delivery, r.returnId, { action: 'accept' })).status).toBe(403);
    expect((await withdraw(delivery, r.returnId)).status).toBe(403);
    // school B cannot return goods of school A's order: not found; the supplier cannot make returns at all
    const foreign = await createReturn(schoolB, { orderId: order.id, reason: '破损', items: [{ skuId: prices[1]!.skuId, quantity: 1 }] });
    expect([foreign.status, foreign.body.status_text]).toEqual([404, '订单不存在']);
    const bySupplier = await createReturn(supplier, { orderId: order.id, reason: '破损', items: [{ skuId: prices[1]!.skuId, quantity: 1 }] });
    expect([bySupplier.status, bySupplier.body.status_text]).toEqual([403, '只有下单的学校可以退货']);
    // the supplier may not withdraw the school's return
    expect((await withdraw(supplier, r.returnId)).status).toBe(403);
    expect((await list(school, `?orderId=${order.id}`)).body.data.rows[0]).toMatchObject({ returnId: r.returnId, status: 'pending' });
    const bad = await list(school, '?status=nope');
    expect([bad.status, bad.body.status_text]).toEqual([400, expect.stringMatching(/未知的退货单状态/)]);
  });
});
