// §7 order, delivery and return calls as replays (see replay.ts): school A's purchaser orders from the demo
// supplier at its approved prices; the supplier confirms (refusing a line), refuses another order in a batch,
// puts the confirmed orders on a truck of its route and marks the stop departed; the school returns part of a
// received order, the supplier disputes it, the school withdraws a second return.
import { expect } from 'vitest';
import { call, SCHOOL_A, type Session } from '../usersApi.ts';
import { auth } from '../mallApi.ts';
import { inDays, orderParties, receivedOrder, SUPPLIER_ORG, type OrderParties } from '../ordersApi.ts';
import type { OrderDetail } from '../../../contracts/orders.ts';
import type { LogisticsDetail } from '../../../contracts/logistics.ts';
import type { ReturnRow } from '../../../contracts/orderReturns.ts';
import type { Replay, ReplayContext } from './replay.ts';

// school A's purchaser and the demo supplier (orderParties), signed in once for the file (one server per file)
let partiesOnce: Promise<OrderParties> | undefined;
const parties = ({ server }: ReplayContext) => (partiesOnce ??= orderParties(server));
const school = async (ctx: ReplayContext) => (await parties(ctx)).school;
const supplier = async (ctx: ReplayContext) => (await parties(ctx)).supplier;

type Row = Record<string, unknown>;
const rowsOf = (data: unknown) => (data as { rows: Row[] }).rows;
const DAY = inDays(3);

/** A setup call that must succeed (its own refusal would hide the replay's). */
async function must<T>(ctx: ReplayContext, s: Session, method: string, path: string, body?: unknown): Promise<T> {
  const res = await call<T>(ctx.server, method, path, { ...auth(s), body });
  expect(res.status, `${method} ${path}: ${res.body.status_text}`).toBe(200);
  return res.body.data;
}
/** An order of the school for DAY, confirmed by the supplier: one more stop for a truck. */
async function confirmedOrder(ctx: ReplayContext): Promise<string> {
  const { prices } = await parties(ctx);
  const o = await must<OrderDetail>(ctx, await school(ctx), 'POST', '/v4/mall/order', { supplierId: SUPPLIER_ORG, deliveryDate: DAY, items: [{ skuId: prices[1]!.skuId, quantity: 2 }] });
  await must(ctx, await supplier(ctx), 'PUT', `/v4/mall/order/${o.id}`, { action: 'confirm' });
  return o.id;
}

// ids later replays use, set by earlier ones
let order: OrderDetail;
let routeId = '';
let delivery: LogisticsDetail;
let ret: ReturnRow;

export const replays: Replay[] = [
  // ---- orders ----
  {
    call: 'POST /v4/mall/order',
    request: async (ctx) => {
      const [a, b, c] = (await parties(ctx)).prices;
      return {
        as: await school(ctx), path: '/v4/mall/order',
        body: { supplierId: SUPPLIER_ORG, deliveryDate: DAY, items: [{ skuId: a!.skuId, quantity: 12.5 }, { skuId: b!.skuId, quantity: 3 }, { skuId: c!.skuId, quantity: 1 }] },
      };
    },
    check: (data) => {
      order = data as OrderDetail;
      expect(order).toMatchObject({ status: 'submitted', supplierId: SUPPLIER_ORG, deliveryDate: DAY, orgName: SCHOOL_A, lineCount: 3 });
      expect(order.lines.map((l) => l.quantity)).toEqual([12.5, 3, 1]);
    },
  },
  {
    call: 'GET /v4/mall/order',
    request: async (ctx) => {
      const s = await school(ctx);
      return { as: s, path: '/v4/mall/order', query: { status: 'submitted', supplierId: SUPPLIER_ORG, orgId: s.orgApp!.orgId, startDate: DAY, endDate: DAY, $limit: 20, $skip: 0 } };
    },
    check: (data) => {
      expect(rowsOf(data).map((r) => r.id)).toContain(order.id);
      expect(rowsOf(data).every((r) => r.status === 'submitted' && r.deliveryDate === DAY)).toBe(true);
    },
  },
  {
    call: 'GET /v4/mall/order/search',
    request: async (ctx) => ({ as: await school(ctx), path: '/v4/mall/order/search', query: { keyword: order.orderNo, status: 'submitted' } }),
    check: (data) => expect(rowsOf(data).map((r) => r.id)).toEqual([order.id]),
  },
  {
    call: 'PUT /v4/mall/order/{id}',
    // the supplier confirms, refusing the third line (out of stock) at the version it read
    request: async (ctx) => ({
      as: await supplier(ctx), path: `/v4/mall/order/${order.id}`,
      body: { action: 'confirm', reason: '部分商品缺货', lines: [{ skuId: order.lines[2]!.skuId, refused: true, reason: '缺货' }], version: order.version },
    }),
    check: (data) => {
      order = data as OrderDetail;
      expect(order.status).toBe('confirmed');
      expect(order.lines[2]).toMatchObject({ status: 'refused', refuseReason: '缺货' });
    },
  },
  {
    call: 'PUT /v4/mall/orders',
    request: async (ctx) => {
      const { prices } = await parties(ctx);
      const s = await school(ctx);
      const other = await must<OrderDetail>(ctx, s, 'POST', '/v4/mall/order', { supplierId: SUPPLIER_ORG, deliveryDate: DAY, items: [{ skuId: prices[0]!.skuId, quantity: 5 }] });
      return { as: await supplier(ctx), path: '/v4/mall/orders', body: { orders: [{ id: other.id, action: 'refuse', reason: '线路停运', version: other.version }] } };
    },
    check: (data) => {
      const d = data as { rows: Row[]; errors: unknown[] };
      expect(d.errors).toEqual([]);
      expect(d.rows).toEqual([expect.objectContaining({ status: 'refused', reason: '线路停运' })]);
    },
  },

  // ---- deliveries ----
  {
    call: 'POST /v4/mall/logistics',
    request: async (ctx) => {
      const s = await supplier(ctx);
      const route = await must<{ objectId: string }>(ctx, s, 'POST', '/v4/mall/route', { name: '城西线', purchaserOrgIds: [(await school(ctx)).orgApp!.orgId], manageRoleNames: ['supplier'] });
      routeId = route.objectId;
      return {
        as: s, path: '/v4/mall/logistics',
        body: { deliveryDate: DAY, routeId, orderIds: [order.id], vehicle: '沪A·12345', driverName: '王师傅', driverPhone: '13900000000', remark: '早上七点前送到后厨' },
      };
    },
    check: (data) => {
      delivery = data as LogisticsDetail;
      expect(delivery).toMatchObject({ routeName: '城西线', vehicle: '沪A·12345', driverName: '王师傅', remark: '早上七点前送到后厨', status: 'planned', stopCount: 1 });
    },
  },
  {
    call: 'GET /v4/mall/logistics',
    request: async (ctx) => ({
      as: await supplier(ctx), path: '/v4/mall/logistics',
      query: { deliveryDate: DAY, startDate: inDays(1), endDate: inDays(7), routeId, status: 'planned', orderId: order.id, $limit: 20, $skip: 0 },
    }),
    check: (data) => expect(rowsOf(data).map((r) => r.id)).toEqual([delivery.id]),
  },
  {
    call: 'GET /v4/mall/logistics/search',
    request: async (ctx) => ({ as: await supplier(ctx), path: '/v4/mall/logistics/search', query: { keyword: '王师傅' } }),
    check: (data) => expect(rowsOf(data).map((r) => r.id)).toEqual([delivery.id]),
  },
  {
    call: 'GET /v4/mall/logistics/{id}',
    request: async (ctx) => ({ as: await school(ctx), path: `/v4/mall/logistics/${delivery.id}` }),
    check: (data) => expect((data as LogisticsDetail).stops.map((s) => s.orderId)).toEqual([order.id]),
  },
  {
    call: 'PUT /v4/mall/logistics',
    // a late order joins the truck; another driver and vehicle take it
    request: async (ctx) => ({
      as: await supplier(ctx), path: '/v4/mall/logistics',
      body: {
        id: delivery.id, routeId, orderIds: [order.id, await confirmedOrder(ctx)], vehicle: '沪B·67890', driverName: '李师傅', driverPhone: '13900000001',
        remark: '两单同车', version: delivery.version,
      },
    }),
    check: (data) => {
      delivery = data as LogisticsDetail;
      expect(delivery).toMatchObject({ vehicle: '沪B·67890', driverName: '李师傅', driverPhone: '13900000001', remark: '两单同车', stopCount: 2 });
    },
  },
  {
    call: 'PUT /v4/mall/logistics/order/{orderId}',
    request: async (ctx) => ({ as: await supplier(ctx), path: `/v4/mall/logistics/order/${order.id}`, body: { action: 'depart', orderAction: true, version: delivery.version } }),
    check: (data) => {
      const stop = (data as LogisticsDetail).stops.find((s) => s.orderId === order.id);
      expect(stop).toMatchObject({ status: 'departed', orderStatus: 'dispatched' });
    },
  },
  {
    call: 'DELETE /v4/mall/logistics',
    // the first truck has left: a second one, planned and not departed, is the one deleted
    request: async (ctx) => {
      const s = await supplier(ctx);
      const second = await must<LogisticsDetail>(ctx, s, 'POST', '/v4/mall/logistics', { deliveryDate: DAY, routeId, orderIds: [await confirmedOrder(ctx)], vehicle: '沪C·24680' });
      return { as: s, path: '/v4/mall/logistics', body: { id: second.id } };
    },
  },

  // ---- returns ----
  {
    call: 'POST /v4/mall/order/return',
    request: async (ctx) => {
      const p = await parties(ctx);
      const received = await receivedOrder(ctx.server, p, 4, 4);
      return {
        as: p.school, path: '/v4/mall/order/return',
        body: { orderId: received.id, reason: '大米受潮结块', items: [{ skuId: p.prices[0]!.skuId, quantity: 1.5 }], photos: ['data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ=='] },
      };
    },
    check: (data) => {
      ret = data as ReturnRow;
      expect(ret).toMatchObject({ status: 'pending', reason: '大米受潮结块', photos: ['data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ=='], lines: [expect.objectContaining({ quantity: 1.5 })] });
    },
  },
  {
    call: 'GET /v4/mall/order/return',
    request: async (ctx) => ({ as: await school(ctx), path: '/v4/mall/order/return', query: { status: 'pending', orderId: ret.orderId, $limit: 20, $skip: 0 } }),
    check: (data) => expect(rowsOf(data).map((r) => r.returnId)).toEqual([ret.returnId]),
  },
  {
    call: 'PUT /v4/mall/order/return/{returnId}',
    request: async (ctx) => ({ as: await supplier(ctx), path: `/v4/mall/order/return/${ret.returnId}`, body: { action: 'dispute', reason: '送达时完好，有签收记录', version: ret.version } }),
    check: (data) => expect(data).toMatchObject({ status: 'disputed', disputeReason: '送达时完好，有签收记录' }),
  },
  {
    call: 'DELETE /v4/mall/order/return/{id}',
    // the disputed return is decided: the school withdraws a second, pending one
    request: async (ctx) => {
      const p = await parties(ctx);
      const second = await must<ReturnRow>(ctx, p.school, 'POST', '/v4/mall/order/return', { orderId: ret.orderId, reason: '包装破损', items: [{ skuId: p.prices[0]!.skuId, quantity: 1 }] });
      return { as: p.school, path: `/v4/mall/order/return/${second.returnId}` };
    },
    check: (data) => expect(data).toMatchObject({ status: 'withdrawn', reason: '包装破损' }),
  },
];
