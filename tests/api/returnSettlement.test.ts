// Returns in settlement and the order log (issue 11) over real HTTP on a real database: a return the supplier
// accepted comes off what the school pays for the order (its settled amount, also after settlement); a pending,
// disputed or withdrawn one does not. The order's detail lists its returns and its log tells the return's story
// beside the order's own events, to whoever sees the order and to nobody else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_B, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import type { OrderDetail, OrderList, OrderLogRow } from '../../contracts/orders.ts';

type OrderLogList = { rows: OrderLogRow[]; count: number };
import type { ReturnRow } from '../../contracts/orderReturns.ts';
import { orderParties, receivedOrder as receivedOrderOf, type EffectivePrice } from './ordersApi.ts';
import { lineAmount, sumAmounts } from '../../domain/money.ts';


let server: TestServer;
let school: Session;
let supplier: Session;
let prices: EffectivePrice[];

const act = (s: Session, id: string, body: unknown) => call<OrderDetail>(server, 'PUT', `/v4/mall/order/${id}`, { ...auth(s), body });
const detail = (s: Session, id: string) => call<OrderDetail>(server, 'GET', `/v4/mall/order/${id}`, auth(s));
const createReturn = (body: unknown) => call<ReturnRow>(server, 'POST', '/v4/mall/order/return', { ...auth(school), body });
const decide = (id: string, body: unknown) => call<ReturnRow>(server, 'PUT', `/v4/mall/order/return/${id}`, { ...auth(supplier), body });
const log = (s: Session, orderId: string) => call<OrderLogList>(server, 'GET', `/v4/mall/order/log?orderId=${orderId}`, auth(s));

const receivedOrder = () => receivedOrderOf(server, { school, supplier, prices }, 5, 4);

beforeAll(async () => {
  server = await startTestServer();
  ({ school, supplier, prices } = await orderParties(server));
});
afterAll(async () => { await server?.close(); });

describe('returns in settlement', () => {
  it('an accepted return comes off what the school pays; pending and disputed ones do not', async () => {
    const order = await receivedOrder();
    const [a, b] = prices;
    const received = sumAmounts([lineAmount(a!.price, 4), lineAmount(b!.price, 2)]);
    expect(order).toMatchObject({ receivedAmount: received, returnedAmount: 0, payableAmount: received, returns: [] });

    const disputed = await createReturn({ orderId: order.id, reason: '包装破损', items: [{ skuId: b!.skuId, quantity: 1 }] });
    expect(disputed.status, disputed.body.status_text).toBe(200);
    // pending: listed, not credited
    expect((await detail(school, order.id)).body.data).toMatchObject({ returnedAmount: 0, payableAmount: received, returns: [{ returnNo: disputed.body.data.returnNo, status: 'pending' }] });
    expect((await decide(disputed.body.data.returnId, { action: 'dispute', reason: '送达时完好' })).status).toBe(200);

    const accepted = await createReturn({ orderId: order.id, reason: '不新鲜', items: [{ skuId: a!.skuId, quantity: 1.5 }] });
    expect(accepted.status, accepted.body.status_text).toBe(200);
    expect((await decide(accepted.body.data.returnId, { action: 'accept' })).status).toBe(200);
    const credit = lineAmount(a!.price, 1.5);
    const after = (await detail(school, order.id)).body.data;
    expect(after).toMatchObject({ returnedAmount: credit, payableAmount: sumAmounts([received, -credit]) });
    expect(after.returns.map((r) => [r.returnNo, r.status, r.amount])).toEqual([
      [disputed.body.data.returnNo, 'disputed', disputed.body.data.amount], [accepted.body.data.returnNo, 'accepted', credit],
    ]);
    // the supplier reads the same figures, in its list too
    expect((await detail(supplier, order.id)).body.data).toMatchObject({ returnedAmount: credit, payableAmount: after.payableAmount });
    const listed = await call<OrderList>(server, 'GET', `/v4/mall/order/search?keyword=${order.orderNo}`, auth(supplier));
    expect(listed.body.data.rows.find((r) => r.id === order.id)).toMatchObject({ returnedAmount: credit, payableAmount: after.payableAmount });

    // settled, then another return accepted: what is paid goes down again
    expect((await act(school, order.id, { action: 'settle' })).status).toBe(200);
    const late = await createReturn({ orderId: order.id, reason: '发现变质', items: [{ skuId: b!.skuId, quantity: 0.5 }] });
    expect(late.status, late.body.status_text).toBe(200);
    expect((await decide(late.body.data.returnId, { action: 'accept' })).status).toBe(200);
    const settled = (await detail(school, order.id)).body.data;
    const credits = sumAmounts([credit, lineAmount(b!.price, 0.5)]);
    expect(settled).toMatchObject({ status: 'settled', returnedAmount: credits, payableAmount: sumAmounts([received, -credits]) });
  });

  it('the order log tells the returns beside the order\'s events, only to those who see the order', async () => {
    const order = await receivedOrder();
    const [a] = prices;
    const r = await createReturn({ orderId: order.id, reason: '数量不符', items: [{ skuId: a!.skuId, quantity: 1 }] });
    expect(r.status, r.body.status_text).toBe(200);
    expect((await decide(r.body.data.returnId, { action: 'accept' })).status).toBe(200);
    for (const s of [school, supplier]) {
      const res = await log(s, order.id);
      expect(res.status, res.body.status_text).toBe(200);
      const rows = res.body.data.rows;
      // newest first: accepted, returned, then the order's own story from receipt back to its creation
      expect(rows.map((x) => x.action)).toEqual(['returnAccept', 'return', 'receive', 'deliver', 'dispatch', 'confirm', 'create']);
      expect(res.body.data.count).toBe(7);
      const [acceptedRow, returnRow] = rows;
      expect(returnRow).toMatchObject({
        type: 'ReturnCreated', status: 'received', reason: '数量不符', returnNo: r.body.data.returnNo, amount: r.body.data.amount,
        lines: [{ skuId: a!.skuId, returnedQuantity: 1 }],
      });
      expect(acceptedRow).toMatchObject({ type: 'ReturnAccepted', status: 'received', returnNo: r.body.data.returnNo });
    }
    // another school sees neither the order nor its returns in any log
    const other = await signIn(server, DEMO.purchaser, SCHOOL_B);
    const foreign = await log(other, order.id);
    expect(foreign.status).toBe(200);
    expect(foreign.body.data).toMatchObject({ rows: [], count: 0 });
    const all = await call<OrderLogList>(server, 'GET', '/v4/mall/order/log?$limit=100', auth(other));
    expect(all.status, all.body.status_text).toBe(200);
    expect(all.body.data.rows.some((x) => x.orderId === order.id)).toBe(false);
  });
});
