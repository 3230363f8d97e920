// Deliveries (issue 11; §7 /v4/mall/logistics, §6 M7) over real HTTP on the seeded demo: the supplier groups its
// orders of a day on its route with a vehicle and a driver; the delivery user sees only his routes' deliveries and
// marks each stop departed then arrived (arrival delivering the order through the order decider); the school sees
// its own stops only; everyone else finds nothing. Bad input is a clear 4xx and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import type { LogisticsDetail, LogisticsList } from '../../contracts/logistics.ts';
import type { OrderDetail, OrderList } from '../../contracts/orders.ts';
import { dayOf } from '../../domain/priceCycle.ts';

const A = 'org-ygsy';
const B = 'org-mdzx';
const XFSP = 'org-xfsp';

let server: TestServer;
let supplier: Session;
let delivery: Session;
let schoolA: Session;
let schoolB: Session;
let salesman: Session;
let routeId: string;
let tomorrow: string;

const get = <T>(s: Session, path: string) => call<T>(server, 'GET', path, auth(s));
const send = <T>(s: Session, method: string, path: string, body: unknown) => call<T>(server, method, path, { ...auth(s), body });
const eventCount = async () => Number((await server.store.db.selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).where('stream_id', 'like', 'logistics-%').executeTakeFirstOrThrow()).n);
const ordersOf = async (day: string, status: string) =>
  (await get<OrderList>(supplier, `/v4/mall/order?startDate=${day}&endDate=${day}&status=${status}`)).body.data.rows;

beforeAll(async () => {
  server = await startTestServer();
  [supplier, delivery, schoolA, schoolB, salesman] = await Promise.all([
    signIn(server, DEMO.supplier), signIn(server, DEMO.delivery), signIn(server, DEMO.purchaser, SCHOOL_A), signIn(server, DEMO.purchaser, SCHOOL_B),
    signIn(server, '13800000007'),
  ]);
  const route = await send<{ objectId: string }>(supplier, 'POST', '/v4/mall/route', { name: '测试线', purchaserOrgIds: [B, A], manageRoleNames: ['supplier'] });
  expect(route.status, route.body.status_text).toBe(200);
  routeId = route.body.data.objectId;
  tomorrow = dayOf(new Date(Date.now() + 86_400_000));
});
afterAll(async () => { await server?.close(); });

describe('the supplier plans deliveries', () => {
  let created: LogisticsDetail;
  it('splits a route\'s orders of a day over two deliveries; an order on one is refused on another (issue 28)', async () => {
    const confirmed = (await ordersOf(tomorrow, 'confirmed')).filter((o) => o.supplierId === XFSP);
    const ofB = confirmed.filter((o) => o.orgId === B).map((o) => o.id);
    const ofA = confirmed.filter((o) => o.orgId === A).map((o) => o.id);
    expect(ofA.length && ofB.length).toBeTruthy();
    const first = await send<LogisticsDetail>(supplier, 'POST', '/v4/mall/logistics', { deliveryDate: tomorrow, routeId, orderIds: ofB, vehicle: '一号车' });
    expect(first.status, first.body.status_text).toBe(200);
    // the rest of the day's orders wait for a second truck on the same route
    const second = await send<LogisticsDetail>(supplier, 'POST', '/v4/mall/logistics', { deliveryDate: tomorrow, routeId, orderIds: ofA, vehicle: '二号车' });
    expect(second.status, second.body.status_text).toBe(200);
    expect(first.body.data.stops.map((s) => s.orderId).sort()).toEqual([...ofB].sort());
    expect(second.body.data.stops.map((s) => s.orderId).sort()).toEqual([...ofA].sort());
    const before = await eventCount();
    // an order already on the first truck is refused on a third delivery and on the second, by its number
    const taken = first.body.data.stops[0]!;
    const third = await send(supplier, 'POST', '/v4/mall/logistics', { deliveryDate: tomorrow, routeId, orderIds: [taken.orderId] });
    expect(third.status).toBe(409);
    expect(third.body.status_text).toBe(`订单 ${taken.orderNo} 已在其他配送单中`);
    const moved = await send(supplier, 'PUT', '/v4/mall/logistics', { id: second.body.data.id, orderIds: [...ofA, taken.orderId] });
    expect(moved.status).toBe(409);
    expect(moved.body.status_text).toMatch(taken.orderNo);
    expect(await eventCount()).toBe(before);
    // handing an order from one planned truck to the other: off the first, then onto the second
    if (ofB.length > 1) {
      const off = await send(supplier, 'PUT', '/v4/mall/logistics', { id: first.body.data.id, orderIds: ofB.filter((id) => id !== taken.orderId) });
      expect(off.status, off.body.status_text).toBe(200);
      const on = await send<LogisticsDetail>(supplier, 'PUT', '/v4/mall/logistics', { id: second.body.data.id, orderIds: [...ofA, taken.orderId] });
      expect(on.status, on.body.status_text).toBe(200);
      expect(on.body.data.stopCount).toBe(ofA.length + 1);
    }
    // both were plans: deleted, the orders are free again for the stories below
    for (const d of [first, second]) expect((await send(supplier, 'DELETE', '/v4/mall/logistics', { id: d.body.data.id })).status).toBe(200);
  });

  it('an order of a school that switched the supplier\'s delivery permission off is refused on a truck, readably, writing nothing (issue 28)', async () => {
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    const links = await get<{ rows: { objectId: string; supplierOrgId: string; extraInfo: Record<string, unknown> }[] }>(admin, '/v4/mall/supplier');
    const link = links.body.data.rows.find((l) => l.supplierOrgId === XFSP)!;
    const setDelivery = async (delivery: boolean) => {
      const res = await send(admin, 'PUT', `/v4/mall/supplier/${link.objectId}`, { extraInfo: { ...link.extraInfo, permissions: { delivery } } });
      expect(res.status, res.body.status_text).toBe(200);
    };
    const ofA = (await ordersOf(tomorrow, 'confirmed')).filter((o) => o.supplierId === XFSP && o.orgId === A);
    expect(ofA.length).toBeGreaterThan(0);
    await setDelivery(false);
    try {
      const before = await eventCount();
      const refused = await send(supplier, 'POST', '/v4/mall/logistics', { deliveryDate: tomorrow, routeId, orderIds: ofA.map((o) => o.id) });
      expect(refused.status).toBe(403);
      expect(refused.body.status_text).toBe(`订单 ${ofA.map((o) => o.orderNo).join('、')} 的学校未允许本供应商配送（供应商权限“配送”已关闭），不能加入配送单`);
      expect(await eventCount()).toBe(before);
    } finally {
      await setDelivery(true);
    }
    const allowed = await send<LogisticsDetail>(supplier, 'POST', '/v4/mall/logistics', { deliveryDate: tomorrow, routeId, orderIds: ofA.map((o) => o.id) });
    expect(allowed.status, allowed.body.status_text).toBe(200);
    expect((await send(supplier, 'DELETE', '/v4/mall/logistics', { id: allowed.body.data.id })).status).toBe(200);
  });

  it('groups its confirmed orders of a day on its route, stops in the route\'s school order', async () => {
    const confirmed = (await ordersOf(tomorrow, 'confirmed')).filter((o) => o.supplierId === XFSP);
    expect(new Set(confirmed.map((o) => o.orgId))).toEqual(new Set([A, B]));
    const res = await send<LogisticsDetail>(supplier, 'POST', '/v4/mall/logistics', {
      deliveryDate: tomorrow, routeId, orderIds: confirmed.map((o) => o.id), vehicle: ' 沪A·12345 ', driverName: '王师傅', driverPhone: '13900000000',
    });
    expect(res.status, res.body.status_text).toBe(200);
    created = res.body.data;
    expect(created).toMatchObject({ deliveryDate: tomorrow, routeName: '测试线', vehicle: '沪A·12345', status: 'planned', stopCount: confirmed.length, editable: true });
    // school B first: the route names it first
    const firstA = created.stops.findIndex((s) => s.schoolOrgId === A);
    expect(created.stops.slice(0, firstA).every((s) => s.schoolOrgId === B)).toBe(true);
    expect(created.stops.slice(firstA).every((s) => s.schoolOrgId === A)).toBe(true);
    expect(created.stops.every((s) => s.orderStatus === 'confirmed' && s.status === 'pending')).toBe(true);
    const list = await get<LogisticsList>(supplier, `/v4/mall/logistics?deliveryDate=${tomorrow}`);
    expect(list.body.data.rows.map((r) => r.id)).toContain(created.id);
    const found = await get<LogisticsList>(supplier, `/v4/mall/logistics/search?keyword=${encodeURIComponent('王师傅')}`);
    expect(found.body.data.rows.map((r) => r.id)).toEqual([created.id]);
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const before = await eventCount();
    const [order] = created.stops;
    const today = dayOf(new Date());
    const cases: [unknown, number, RegExp][] = [
      [{ deliveryDate: tomorrow, routeId, orderIds: [order!.orderId] }, 409, /已在其他配送单/],
      [{ deliveryDate: tomorrow, routeId: 'nope', orderIds: ['x'] }, 400, /路线不存在/],
      [{ deliveryDate: tomorrow, routeId, orderIds: ['unknown-order'] }, 400, /unknown-order/],
      [{ deliveryDate: today, routeId, orderIds: [order!.orderId] }, 400, /不能加入/],
      [{ deliveryDate: tomorrow, routeId, orderIds: [] }, 400, /orderIds|至少/],
      [{ deliveryDate: '2026-13-45', routeId, orderIds: ['x'] }, 400, /日期/],
      [{ deliveryDate: tomorrow, routeId, orderIds: ['x'], driverPhone: 'call me' }, 400, /电话/],
      [{ deliveryDate: tomorrow, routeId, orderIds: ['x'], price: 1 }, 400, /.+/],
    ];
    for (const [body, status, message] of cases) {
      const res = await send(supplier, 'POST', '/v4/mall/logistics', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.status_text).toMatch(message);
    }
    // another supplier's order is not one of ours: JCPS's confirmed order of tomorrow
    const foreign = (await get<OrderList>(schoolA, `/v4/mall/order?startDate=${tomorrow}&endDate=${tomorrow}&status=confirmed`)).body.data.rows.find((o) => o.supplierId !== XFSP);
    if (foreign) expect((await send(supplier, 'POST', '/v4/mall/logistics', { deliveryDate: tomorrow, routeId, orderIds: [foreign.id] })).status).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('changes the driver; deletes only before departure; nobody else writes', async () => {
    const up = await send<LogisticsDetail>(supplier, 'PUT', '/v4/mall/logistics', { id: created.id, driverName: '李师傅', version: created.version });
    expect(up.status, up.body.status_text).toBe(200);
    expect(up.body.data.driverName).toBe('李师傅');
    const stale = await send(supplier, 'PUT', '/v4/mall/logistics', { id: created.id, driverName: '赵师傅', version: created.version });
    expect(stale.status).toBe(409);
    for (const s of [schoolA, delivery, salesman]) {
      expect((await send(s, 'PUT', '/v4/mall/logistics', { id: created.id, vehicle: 'x' })).status).toBe(403);
      expect((await send(s, 'POST', '/v4/mall/logistics', { deliveryDate: tomorrow, routeId, orderIds: [created.stops[0]!.orderId] })).status).toBe(403);
    }
    // the supplier marks the first stop departed: now the plan is history
    const first = created.stops[0]!;
    const dep = await send<LogisticsDetail>(supplier, 'PUT', `/v4/mall/logistics/order/${first.orderId}`, { action: 'depart', orderAction: true });
    expect(dep.status, dep.body.status_text).toBe(200);
    expect(dep.body.data.status).toBe('onRoad');
    expect(dep.body.data.stops[0]).toMatchObject({ status: 'departed', orderStatus: 'dispatched' });
    const del = await send(supplier, 'DELETE', '/v4/mall/logistics', { id: created.id });
    expect(del.status).toBe(409);
    expect(del.body.status_text).toMatch(/已出发/);
    expect((await send(supplier, 'PUT', '/v4/mall/logistics', { id: created.id, orderIds: [first.orderId] })).status).toBe(409);
  });

  it('a school sees the deliveries of its orders, its own stops only; a salesman nothing', async () => {
    const a = await get<LogisticsList>(schoolA, `/v4/mall/logistics?deliveryDate=${tomorrow}`);
    const mine = a.body.data.rows.find((r) => r.id === created.id)!;
    expect(mine.stops.length).toBeGreaterThan(0);
    expect(mine.stops.every((s) => s.schoolOrgId === A)).toBe(true);
    expect(mine).toMatchObject({ editable: false, markable: false });
    expect((await get(schoolA, `/v4/mall/logistics/${created.id}`)).status).toBe(200);
    const mark = await send(schoolA, 'PUT', `/v4/mall/logistics/order/${mine.stops[0]!.orderId}`, { action: 'depart' });
    expect(mark.status).toBe(403);
    // school A cannot mark (nor find) school B's stop
    const ofB = created.stops.find((s) => s.schoolOrgId === B)!;
    expect((await send(schoolA, 'PUT', `/v4/mall/logistics/order/${ofB.orderId}`, { action: 'depart' })).status).toBe(404);
    const b = (await get<LogisticsDetail>(schoolB, `/v4/mall/logistics/${created.id}`)).body.data;
    expect(b.stops.map((s) => s.orderId).sort()).toEqual(created.stops.filter((s) => s.schoolOrgId === B).map((s) => s.orderId).sort());
    // deliveries are no screen of a salesman's (issue 27): refused outright
    expect((await get<LogisticsList>(salesman, '/v4/mall/logistics')).status).toBe(403);
    expect((await get(salesman, `/v4/mall/logistics/${created.id}`)).status).toBe(403);
    // the delivery user of another supplier does not see it
    expect((await get(delivery, `/v4/mall/logistics/${created.id}`)).status).toBe(404);
  });
});

describe('the delivery user drives his route', () => {
  it('sees today\'s seeded delivery on his route, marks departure then arrival, and arrival delivers the order', async () => {
    const today = dayOf(new Date());
    const list = await get<LogisticsList>(delivery, `/v4/mall/logistics?deliveryDate=${today}`);
    expect(list.status).toBe(200);
    expect(list.body.data.count).toBe(1);
    const d = list.body.data.rows[0]!;
    expect(d).toMatchObject({ routeName: '城东线', markable: true, editable: false, status: 'planned' });
    const stop = d.stops[0]!;
    expect(stop.orderStatus).toBe('dispatched');
    const early = await send(delivery, 'PUT', `/v4/mall/logistics/order/${stop.orderId}`, { action: 'arrive', orderAction: true });
    expect(early.status).toBe(409);
    expect(early.body.status_text).toMatch(/尚未出发/);
    const dep = await send<LogisticsDetail>(delivery, 'PUT', `/v4/mall/logistics/order/${stop.orderId}`, { action: 'depart', orderAction: true });
    expect(dep.status, dep.body.status_text).toBe(200);
    // the order was already dispatched: departure leaves it so
    expect(dep.body.data.stops[0]).toMatchObject({ status: 'departed', orderStatus: 'dispatched' });
    const arr = await send<LogisticsDetail>(delivery, 'PUT', `/v4/mall/logistics/order/${stop.orderId}`, { action: 'arrive', orderAction: true, version: dep.body.data.version });
    expect(arr.status, arr.body.status_text).toBe(200);
    expect(arr.body.data.stops[0]).toMatchObject({ status: 'arrived', orderStatus: 'delivered' });
    expect(arr.body.data.stops[0]!.arrivedAt).not.toBeNull();
    // the school reads the arrival and the delivered order
    const order = await get<OrderDetail>(schoolA, `/v4/mall/order/${stop.orderId}`);
    expect(order.body.data.status).toBe('delivered');
    const seen = await get<LogisticsList>(schoolA, `/v4/mall/logistics?orderId=${stop.orderId}`);
    expect(seen.body.data.rows[0]!.stops.find((s) => s.orderId === stop.orderId)?.status).toBe('arrived');
    // again: refused, and the order is not delivered twice
    const again = await send(delivery, 'PUT', `/v4/mall/logistics/order/${stop.orderId}`, { action: 'arrive', orderAction: true });
    expect(again.status).toBe(409);
    expect((await send(delivery, 'PUT', `/v4/mall/logistics/order/${stop.orderId}`, { action: 'fly' })).status).toBe(400);
    expect((await send(delivery, 'PUT', '/v4/mall/logistics/order/no-such-order', { action: 'depart' })).status).toBe(404);
  });
});
