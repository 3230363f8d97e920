// Orders (issue 11) over real HTTP on a real database: a school places an order with its supplier at the
// effective approved prices; the supplier confirms (refusing a line), dispatches and delivers; the school receives
// with differences and settles; the log shows each step. Actions in the wrong state are 409, two at once → one
// wins, bad input → 4xx with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import type { OrderDetail, OrderList, OrderLogRow } from '../../contracts/orders.ts';
import { dayOf } from '../../domain/priceCycle.ts';
import { lineAmount, sumAmounts } from '../../domain/money.ts';

const SUPPLIER_ORG = 'org-xfsp';
interface EffectivePrice { skuId: string; price: number; isCheck: number; unit: string; productName: string }

let server: TestServer;
let school: Session;
let supplier: Session;
let prices: EffectivePrice[];
/** a SKU sold by weight (斤, 千克: fractions are quantities) and one sold by the package (袋, 桶 …: whole only, issue 30) */
let weighed: EffectivePrice;
let packaged: EffectivePrice;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const inDays = (n: number) => dayOf(new Date(Date.now() + n * 86_400_000));
const place = (s: Session, body: unknown) => call<OrderDetail>(server, 'POST', '/v4/mall/order', { ...auth(s), body });
const act = (s: Session, id: string, body: unknown, headers?: Record<string, string>) => call<OrderDetail>(server, 'PUT', `/v4/mall/order/${id}`, { ...auth(s), body, headers });
const get = <T>(s: Session, path: string) => call<T>(server, 'GET', path, auth(s));
const orderCount = async () => Number((await server.store.db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  server = await startTestServer();
  school = await signIn(server, DEMO.purchaser, SCHOOL_A);
  supplier = await signIn(server, DEMO.supplier);
  const res = await get<{ rows: EffectivePrice[] }>(school, `/v5/mall/sku/price/latest-price?supplierId=${SUPPLIER_ORG}&$limit=200`);
  prices = res.body.data.rows.filter((p) => p.isCheck === 1);
  expect(prices.length).toBeGreaterThanOrEqual(3);
  weighed = prices.find((p) => ['斤', '千克'].includes(p.unit))!;
  packaged = prices.find((p) => ['袋', '桶', '箱'].includes(p.unit))!;
  expect([weighed?.unit, packaged?.unit].every(Boolean), 'the demo supplier sells by weight and by the package').toBe(true);
});
afterAll(async () => { await server?.close(); });

describe('placing an order', () => {
  it('creates a submitted order for the caller\'s school priced by the server at the effective prices', async () => {
    // 2.5 斤 is a quantity; a packaged line is whole (issue 30)
    const [a, b] = [weighed, packaged];
    const res = await place(school, { supplierId: SUPPLIER_ORG, deliveryDate: inDays(3), items: [{ skuId: a!.skuId, quantity: 2.5 }, { skuId: b!.skuId, quantity: 3 }] });
    expect(res.status, res.body.status_text).toBe(200);
    const o = res.body.data;
    expect(o).toMatchObject({ status: 'submitted', orgId: school.orgApp!.orgId, supplierId: SUPPLIER_ORG, orgName: SCHOOL_A, lineCount: 2, actions: ['cancel'] });
    expect(o.orderNo).toMatch(/^DD\d{14}$/);
    expect(o.lines.map((l) => [l.skuId, l.price, l.quantity])).toEqual([[a!.skuId, a!.price, 2.5], [b!.skuId, b!.price, 3]]);
    expect(o.amount).toBe(sumAmounts([lineAmount(a!.price, 2.5), lineAmount(b!.price, 3)]));
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const events = await eventCount(server);
    const orders = await orderCount();
    const sku = prices[0]!.skuId;
    // a SKU of the school's other supplier, named with this one
    const other = await get<{ rows: EffectivePrice[] }>(school, '/v5/mall/sku/price/latest-price?supplierId=org-jcps&$limit=1');
    const foreign = other.body.data.rows[0]!.skuId;
    const ok = { supplierId: SUPPLIER_ORG, deliveryDate: inDays(3) };
    const cases: [unknown, number, RegExp][] = [
      [{ ...ok, items: [{ skuId: sku, quantity: 0 }] }, 400, /大于 0/],
      [{ ...ok, items: [{ skuId: sku, quantity: -2 }] }, 400, /大于 0/],
      [{ ...ok, items: [{ skuId: sku, quantity: 'NaN' }] }, 400, /quantity|数字|number/i],
      [{ ...ok, items: [{ skuId: sku, quantity: 1.23456 }] }, 400, /小数/],
      // issue 30: 0.33 of a bag is no quantity; the refusal names the line (its goods and SKU), a draft no less
      [{ ...ok, items: [{ skuId: weighed.skuId, quantity: 2.5 }, { skuId: packaged.skuId, quantity: 0.33 }] }, 400,
        new RegExp(`^${escape(`参数错误：商品 ${packaged.productName}（${packaged.skuId}）按${packaged.unit}整件订购，数量须为整数（收到 0.33）`)}$`)],
      [{ ...ok, draft: true, items: [{ skuId: packaged.skuId, quantity: 1.5 }] }, 400, /整件订购/],
      [{ ...ok, items: [{ skuId: sku, quantity: 1, price: 0.01 }] }, 400, /price|价格/i],
      [{ ...ok, items: [{ skuId: 'no-such-sku', quantity: 1 }] }, 400, /不存在或不属于该供应商/],
      [{ ...ok, items: [{ skuId: foreign, quantity: 1 }] }, 400, /不存在或不属于该供应商/],
      [{ ...ok, items: [{ skuId: sku, quantity: 1 }, { skuId: sku, quantity: 2 }] }, 400, /重复/],
      [{ ...ok, items: [] }, 400, /items|至少/],
      [{ ...ok, supplierId: 'org-nobody', items: [{ skuId: sku, quantity: 1 }] }, 400, /不是本机构的供应商/],
      [{ ...ok, deliveryDate: dayOf(new Date()), items: [{ skuId: sku, quantity: 1 }] }, 422, /截止时间/],
      [{ ...ok, deliveryDate: '2026-02-30', items: [{ skuId: sku, quantity: 1 }] }, 400, /日期/],
    ];
    for (const [body, status, text] of cases) {
      const res = await place(school, body);
      expect([res.status, res.body.status_text], JSON.stringify(body)).toEqual([status, expect.stringMatching(text)]);
      expect(res.body.status_code).toBe(status);
    }
    // the raw NaN a JSON body cannot carry is refused by the parser too
    const raw = await call(server, 'POST', '/v4/mall/order', { ...auth(school), raw: `{"supplierId":"${SUPPLIER_ORG}","deliveryDate":"${inDays(3)}","items":[{"skuId":"${sku}","quantity":NaN}]}` });
    expect(raw.status).toBe(400);
    expect([await eventCount(server), await orderCount()]).toEqual([events, orders]);
  });

  it('refuses a SKU without an effective price (a pending one) with 422', async () => {
    const pending = await get<{ rows: { skuId: string; isCheck: number; roleGroupId: string }[] }>(supplier, '/v5/mall/sku/price?isCheck=0&$limit=50');
    const skuIds = new Set(prices.map((p) => p.skuId));
    const unpriced = pending.body.data.rows.find((p) => !skuIds.has(p.skuId));
    expect(unpriced).toBeDefined();
    const res = await place(school, { supplierId: SUPPLIER_ORG, deliveryDate: inDays(3), items: [{ skuId: unpriced!.skuId, quantity: 1 }] });
    expect([res.status, res.body.status_text]).toEqual([422, expect.stringMatching(/没有生效的审核价格/)]);
  });

  it('applies the supplier\'s minimum amount and cut-off from its settings', async () => {
    const before = (await get<{ version: number }>(supplier, '/v4/mall/order/spec')).body.data;
    const set = await call<{ minimumAmount: number; version: number }>(server, 'PUT', '/v4/mall/order/spec', {
      ...auth(supplier), body: { cutoffDays: 2, cutoffTime: '12:00', minimumAmount: 100000, supplierMayChangeQuantity: false, version: before.version },
    });
    expect(set.status, set.body.status_text).toBe(200);
    const low = await place(school, { supplierId: SUPPLIER_ORG, deliveryDate: inDays(5), items: [{ skuId: prices[0]!.skuId, quantity: 1 }] });
    expect([low.status, low.body.status_text]).toEqual([422, expect.stringMatching(/起订金额/)]);
    // a stale version of the settings is refused
    const stale = await call(server, 'PUT', '/v4/mall/order/spec', { ...auth(supplier), body: { cutoffDays: 1, cutoffTime: '18:00', minimumAmount: 0, supplierMayChangeQuantity: false, version: before.version } });
    expect(stale.status).toBe(409);
    const back = await call(server, 'PUT', '/v4/mall/order/spec', { ...auth(supplier), body: { cutoffDays: 1, cutoffTime: '18:00', minimumAmount: 0, supplierMayChangeQuantity: false } });
    expect(back.status).toBe(200);
    const bad = await call(server, 'PUT', '/v4/mall/order/spec', { ...auth(supplier), body: { cutoffDays: 1, cutoffTime: '25:00', minimumAmount: 0, supplierMayChangeQuantity: false } });
    expect(bad.status).toBe(400);
  });
});

describe('placing with an Idempotency-Key (issue 28)', () => {
  const keyed = (key: string, body: unknown) => call<OrderDetail>(server, 'POST', '/v4/mall/order', { ...auth(school), body, headers: { 'idempotency-key': key } });

  it('the same key and body twice place one order, and both answers are that order, also when sent at once', async () => {
    const body = { supplierId: SUPPLIER_ORG, deliveryDate: inDays(5), items: [{ skuId: prices[0]!.skuId, quantity: 4 }], remark: '重复点击' };
    const before = await orderCount();
    const first = await keyed('plan-cycle-1-week-2', body);
    expect(first.status, first.body.status_text).toBe(200);
    // the same body with its keys in another order is the same request
    const again = await keyed('plan-cycle-1-week-2', { remark: '重复点击', items: body.items, deliveryDate: body.deliveryDate, supplierId: SUPPLIER_ORG });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    // the answer says it is the first order again; the first answer did not
    expect([first.headers.get('idempotent-replayed'), again.headers.get('idempotent-replayed')]).toEqual([null, 'true']);
    expect(await orderCount()).toBe(before + 1);
    const racing = await Promise.all([1, 2, 3].map(() => keyed('double-click-7f3a', body)));
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(racing.map((r) => r.body.data.id)).size).toBe(1);
    expect(racing.filter((r) => r.headers.get('idempotent-replayed') === 'true').length).toBe(2);
    expect(await orderCount()).toBe(before + 2);
  });

  it('the key with another body is 422 naming the order it placed, and writes nothing; a bad key is 400; another school\'s key is its own', async () => {
    const body = { supplierId: SUPPLIER_ORG, deliveryDate: inDays(6), items: [{ skuId: prices[1]!.skuId, quantity: 2 }] };
    const first = await keyed('key-of-a-plan-day', body);
    expect(first.status).toBe(200);
    const events = await eventCount(server);
    const other = await keyed('key-of-a-plan-day', { ...body, items: [{ skuId: prices[1]!.skuId, quantity: 3 }] });
    expect(other.status).toBe(422);
    expect(other.body.status_text).toContain(first.body.data.orderNo);
    for (const bad of ['', 'x'.repeat(256), 'a key with spaces']) {
      const res = await call(server, 'POST', '/v4/mall/order', { ...auth(school), body, headers: { 'idempotency-key': bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await eventCount(server)).toBe(events);
    // the second school's purchaser uses the same key for its own order
    const schoolB = await signIn(server, DEMO.purchaser, '明德中学');
    const b = await call<OrderDetail>(server, 'POST', '/v4/mall/order', { ...auth(schoolB), body, headers: { 'idempotency-key': 'key-of-a-plan-day' } });
    expect(b.status, b.body.status_text).toBe(200);
    expect(b.body.data.id).not.toBe(first.body.data.id);
  });
});

describe('the lifecycle', () => {
  it('confirm with a refused line → dispatch → deliver → receive with differences → settle, with the log from the events', async () => {
    const [a, b, c] = prices;
    const placed = (await place(school, { supplierId: SUPPLIER_ORG, deliveryDate: inDays(4), items: [{ skuId: a!.skuId, quantity: 4 }, { skuId: b!.skuId, quantity: 2 }, { skuId: c!.skuId, quantity: 1 }] })).body.data;
    // the supplier sees it in its list of submitted orders
    const listed = await get<OrderList>(supplier, '/v4/mall/order?status=submitted');
    expect(listed.body.data.rows.find((r) => r.id === placed.id)?.actions).toEqual(['confirm', 'refuse', 'dispatch'].filter((x) => x !== 'dispatch'));

    const confirmed = await act(supplier, placed.id, { action: 'confirm', lines: [{ skuId: c!.skuId, refused: true, reason: '缺货' }], version: placed.version });
    expect(confirmed.status, confirmed.body.status_text).toBe(200);
    expect(confirmed.body.data.status).toBe('confirmed');
    expect(confirmed.body.data.lines.find((l) => l.skuId === c!.skuId)).toMatchObject({ status: 'refused', refuseReason: '缺货' });
    expect(confirmed.body.data.amount).toBe(sumAmounts([lineAmount(a!.price, 4), lineAmount(b!.price, 2)]));

    // the school may not dispatch; the supplier may not receive
    expect((await act(school, placed.id, { action: 'dispatch' })).status).toBe(403);
    for (const action of ['dispatch', 'deliver']) expect((await act(supplier, placed.id, { action })).body.status_code).toBe(200);
    const early = await act(school, placed.id, { action: 'settle' });
    expect([early.status, early.body.status_text]).toEqual([409, '订单已送达，不能结算']);

    const missing = await act(school, placed.id, { action: 'receive', lines: [{ skuId: a!.skuId, receivedQuantity: 3.5 }] });
    expect([missing.status, missing.body.status_text]).toEqual([400, expect.stringMatching(/实收数量/)]);
    const received = await act(school, placed.id, { action: 'receive', lines: [{ skuId: a!.skuId, receivedQuantity: 3.5, remark: '短少半袋' }, { skuId: b!.skuId, receivedQuantity: 2 }] });
    expect(received.status, received.body.status_text).toBe(200);
    expect(received.body.data.lines.find((l) => l.skuId === a!.skuId)).toMatchObject({ receivedQuantity: 3.5, difference: -0.5, remark: '短少半袋' });
    expect(received.body.data.receivedAmount).toBe(sumAmounts([lineAmount(a!.price, 3.5), lineAmount(b!.price, 2)]));
    expect((await act(school, placed.id, { action: 'settle' })).body.data.status).toBe('settled');

    const log = await get<{ rows: OrderLogRow[]; count: number }>(supplier, `/v4/mall/order/log?orderId=${placed.id}`);
    expect(log.body.data.count).toBe(6);
    expect(log.body.data.rows.map((r) => [r.action, r.status])).toEqual([
      ['settle', 'settled'], ['receive', 'received'], ['deliver', 'delivered'], ['dispatch', 'dispatched'], ['confirm', 'confirmed'], ['create', 'submitted'],
    ]);
    expect(log.body.data.rows.at(-1)).toMatchObject({ userId: school.userId, userName: '李晓梅' });
    expect(log.body.data.rows.at(-2)).toMatchObject({ userId: supplier.userId, lines: [{ skuId: c!.skuId, refused: true, reason: '缺货' }] });
  });

  it('refuses an order with a reason; cancels only before dispatch; a draft is submitted and priced later', async () => {
    const item = { skuId: prices[0]!.skuId, quantity: 1 };
    const one = (await place(school, { supplierId: SUPPLIER_ORG, deliveryDate: inDays(4), items: [item] })).body.data;
    expect((await act(supplier, one.id, { action: 'refuse' })).status).toBe(400);
    const refused = await act(supplier, one.id, { action: 'refuse', reason: '线路停运' });
    expect(refused.body.data).toMatchObject({ status: 'refused', reason: '线路停运', actions: [] });
    expect((await act(school, one.id, { action: 'cancel' })).status).toBe(409);

    const two = (await place(school, { supplierId: SUPPLIER_ORG, deliveryDate: inDays(4), items: [item] })).body.data;
    await act(supplier, two.id, { action: 'confirm' });
    await act(supplier, two.id, { action: 'dispatch' });
    const late = await act(school, two.id, { action: 'cancel', reason: '不要了' });
    expect([late.status, late.body.status_text]).toEqual([409, '订单已发货，不能取消']);

    const draft = (await place(school, { supplierId: SUPPLIER_ORG, deliveryDate: inDays(4), items: [item], draft: true })).body.data;
    expect(draft).toMatchObject({ status: 'draft', amount: 0, actions: ['submit', 'cancel'] });
    // a draft is the school's own: the supplier does not see it
    expect((await get(supplier, `/v4/mall/order/${draft.id}`)).status).toBe(404);
    // issue 28: the draft stores no price, but its detail says the price it would be placed at now
    const shown = (await get<OrderDetail>(school, `/v4/mall/order/${draft.id}`)).body.data;
    expect(shown.lines[0]).toMatchObject({ price: 0, amount: 0, expectedPrice: prices[0]!.price, expectedAmount: prices[0]!.price });
    expect(shown.expectedAmount).toBe(prices[0]!.price);
    const submitted = await act(school, draft.id, { action: 'submit' });
    expect(submitted.body.data).toMatchObject({ status: 'submitted', amount: shown.expectedAmount });
    // placed, it carries its own price and no expectation
    const placed = (await get<OrderDetail>(school, `/v4/mall/order/${draft.id}`)).body.data;
    expect([placed.expectedAmount, placed.lines[0]!.expectedPrice, placed.lines[0]!.price]).toEqual([undefined, undefined, prices[0]!.price]);
    expect((await act(school, draft.id, { action: 'cancel', reason: '改期' })).body.data).toMatchObject({ status: 'cancelled', reason: '改期' });
  });

  it('keeps the supplier\'s note on a confirmation for the school to read in the order, its list row and the log', async () => {
    const item = { skuId: prices[0]!.skuId, quantity: 1 };
    const o = (await place(school, { supplierId: SUPPLIER_ORG, deliveryDate: inDays(4), items: [item] })).body.data;
    expect(o.confirmNote).toBe('');
    // too long: refused, nothing written
    const events = await eventCount(server);
    const long = await act(supplier, o.id, { action: 'confirm', reason: '送'.repeat(501) });
    expect(long.status).toBe(400);
    expect(await eventCount(server)).toBe(events);
    const confirmed = await act(supplier, o.id, { action: 'confirm', reason: ' 周三上午送达 ', version: o.version });
    expect(confirmed.status, confirmed.body.status_text).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'confirmed', confirmNote: '周三上午送达', reason: '' });
    // the school reads it in the order's detail and its list row
    expect((await get<OrderDetail>(school, `/v4/mall/order/${o.id}`)).body.data.confirmNote).toBe('周三上午送达');
    const row = (await get<OrderList>(school, `/v4/mall/order/search?keyword=${o.orderNo}`)).body.data.rows[0];
    expect(row).toMatchObject({ id: o.id, confirmNote: '周三上午送达' });
    // and in the order log, from the confirmation event, as the supplier's note
    const log = await get<{ rows: OrderLogRow[] }>(school, `/v4/mall/order/log?orderId=${o.id}`);
    expect(log.body.data.rows.find((r) => r.action === 'confirm')).toMatchObject({ note: '周三上午送达', reason: '', userId: supplier.userId });
    expect(log.body.data.rows.find((r) => r.action === 'create')!.note).toBeUndefined();
    // cancelling later gives the order its reason; the note stays the confirmation's
    const cancelled = await act(school, o.id, { action: 'cancel', reason: '改期' });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', reason: '改期', confirmNote: '周三上午送达' });
    // a confirmation without a note records none
    const two = (await place(school, { supplierId: SUPPLIER_ORG, deliveryDate: inDays(4), items: [item] })).body.data;
    expect((await act(supplier, two.id, { action: 'confirm', reason: '   ' })).body.data.confirmNote).toBe('');
    const plain = await get<{ rows: OrderLogRow[] }>(school, `/v4/mall/order/log?orderId=${two.id}`);
    expect(plain.body.data.rows.find((r) => r.action === 'confirm')!.note).toBeUndefined();
  });

  it('changes quantities at confirmation only where the school allows it', async () => {
    const item = { skuId: prices[1]!.skuId, quantity: 2 };
    const o = (await place(school, { supplierId: SUPPLIER_ORG, deliveryDate: inDays(4), items: [item] })).body.data;
    const no = await act(supplier, o.id, { action: 'confirm', lines: [{ skuId: item.skuId, quantity: 3 }] });
    expect([no.status, no.body.status_text]).toEqual([403, '学校不允许供应商修改订购数量']);
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    expect((await call(server, 'PUT', '/v4/mall/order/spec', { ...auth(admin), body: { cutoffDays: 1, cutoffTime: '18:00', minimumAmount: 0, supplierMayChangeQuantity: true } })).status).toBe(200);
    const yes = await act(supplier, o.id, { action: 'confirm', lines: [{ skuId: item.skuId, quantity: 3 }] });
    expect(yes.body.data.lines[0]).toMatchObject({ quantity: 3, amount: lineAmount(prices[1]!.price, 3) });
    // issue 30: a supplier may change a packaged line only to whole packages; the refusal writes nothing
    const bag = (await place(school, { supplierId: SUPPLIER_ORG, deliveryDate: inDays(4), items: [{ skuId: packaged.skuId, quantity: 2 }] })).body.data;
    const events = await eventCount(server);
    const half = await act(supplier, bag.id, { action: 'confirm', lines: [{ skuId: packaged.skuId, quantity: 2.5 }] });
    expect([half.status, half.body.status_text]).toEqual([400, expect.stringMatching(new RegExp(`${packaged.skuId}.*整件订购`))]);
    expect(await eventCount(server)).toBe(events);
    const whole = await act(supplier, bag.id, { action: 'confirm', lines: [{ skuId: packaged.skuId, quantity: 3 }] });
    expect(whole.body.data.lines[0]).toMatchObject({ quantity: 3 });
  });
});

describe('conflicts', () => {
  it('two confirmations at once: exactly one wins, the other is a 409', async () => {
    const o = (await place(school, { supplierId: SUPPLIER_ORG, deliveryDate: inDays(4), items: [{ skuId: prices[0]!.skuId, quantity: 1 }] })).body.data;
    const both = await Promise.all([act(supplier, o.id, { action: 'confirm' }), act(supplier, o.id, { action: 'refuse', reason: '缺货' })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const events = await server.store.db.selectFrom('events').select('type').where('stream_id', '=', `order-${o.id}`).execute();
    expect(events).toHaveLength(2);
  });

  it('an action at a version the order has left is a 409 naming who changed it', async () => {
    const o = (await place(school, { supplierId: SUPPLIER_ORG, deliveryDate: inDays(4), items: [{ skuId: prices[0]!.skuId, quantity: 1 }] })).body.data;
    const racers = await Promise.all([1, 2, 3].map(() => act(supplier, o.id, { action: 'confirm', version: o.version })));
    expect(racers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const stale = await act(school, o.id, { action: 'cancel' }, { 'If-Match': String(o.version) });
    expect([stale.status, stale.body.status_text]).toEqual([409, expect.stringMatching(/已被.*修改/)]);
  });

  it('batch update decides each order on its own', async () => {
    const item = { skuId: prices[2]!.skuId, quantity: 1 };
    const a = (await place(school, { supplierId: SUPPLIER_ORG, deliveryDate: inDays(4), items: [item] })).body.data;
    const b = (await place(school, { supplierId: SUPPLIER_ORG, deliveryDate: inDays(4), items: [item] })).body.data;
    await act(school, b.id, { action: 'cancel' });
    const res = await call<{ rows: { id: string; status: string }[]; errors: { row: number; id: string; status: number }[] }>(server, 'PUT', '/v4/mall/orders', {
      ...auth(supplier), body: { orders: [{ id: a.id, action: 'confirm' }, { id: b.id, action: 'confirm' }, { id: 'nope', action: 'confirm' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.rows).toEqual([expect.objectContaining({ id: a.id, status: 'confirmed' })]);
    expect(res.body.data.errors).toEqual([{ row: 2, id: b.id, status: 409, errors: ['订单已取消，不能确认'] }, { row: 3, id: 'nope', status: 404, errors: ['订单不存在'] }]);
  });
});

describe('the list', () => {
  it('filters by status (全部 = none), pages 100 at most, searches by keyword', async () => {
    const all = await get<OrderList>(school, '/v4/mall/order');
    const every = await get<OrderList>(school, `/v4/mall/order?status=${encodeURIComponent('全部')}`);
    expect(every.body.data.count).toBe(all.body.data.count);
    const settled = await get<OrderList>(school, '/v4/mall/order?status=settled');
    expect(settled.body.data.rows.every((r) => r.status === 'settled')).toBe(true);
    expect(settled.body.data.count).toBeGreaterThan(0);
    expect((await get(school, '/v4/mall/order?status=bogus')).status).toBe(400);
    expect((await get(school, '/v4/mall/order?$limit=101')).status).toBe(400);
    const mine = all.body.data.rows[0]!;
    const found = await get<OrderList>(school, `/v4/mall/order/search?keyword=${mine.orderNo}`);
    expect(found.body.data.rows.map((r) => r.id)).toEqual([mine.id]);
    const none = await get<OrderList>(school, `/v4/mall/order/search?keyword=${encodeURIComponent('没有这种商品%')}`);
    expect(none.body.data.count).toBe(0);
  });
});
