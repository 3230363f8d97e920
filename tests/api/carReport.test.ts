// carReport (issue 11) over real HTTP on the demo database. The second supplier 集采配送中心 (org-jcps, signed in as
// its own supplier user 13800000010) has today's delivery on 城东线 (vehicle 沪D·36512, driver 刘强, the demo
// delivery user). The report counts its stops; an arrival marked by the driver shows as arrived and on time or late
// by the arrive-by time. Tenancy: each supplier its own deliveries, the delivery user only his routes' (M7), nobody
// else any (403). Bad input: 400 with a readable status_text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import type { CarReport } from '../../contracts/carReport.ts';
import type { LogisticsDetail, LogisticsList } from '../../contracts/logistics.ts';
import type { OrderList } from '../../contracts/orders.ts';
import { dayOf } from '../../domain/priceCycle.ts';
import { carriedWeight } from '../../domain/carReport.ts';

const JCPS_SUPPLIER = '13800000010';
const B = 'org-mdzx';

let server: TestServer;
let supplier2: Session;
let supplier1: Session;
let delivery: Session;
let today: string;

const report = (s: Session, query: string) => call<CarReport>(server, 'GET', `/v4/mall/logistics/carreport?${query}`, auth(s));
const send = <T>(s: Session, method: string, path: string, body: unknown) => call<T>(server, method, path, { ...auth(s), body });

beforeAll(async () => {
  server = await startTestServer();
  [supplier2, supplier1, delivery] = await Promise.all([signIn(server, JCPS_SUPPLIER), signIn(server, DEMO.supplier), signIn(server, DEMO.delivery)]);
  today = dayOf(new Date());
});
afterAll(async () => { await server?.close(); });

describe('car report', () => {
  it('the second supplier\'s own user signs in and reads its vehicle\'s day: stops, schools, orders, amount, weight', async () => {
    expect(supplier2.orgApp?.orgId).toBe('org-jcps');
    const deliveries = (await call<LogisticsList>(server, 'GET', `/v4/mall/logistics?deliveryDate=${today}`, auth(supplier2))).body.data.rows as LogisticsDetail[];
    expect(deliveries.length).toBe(1);
    const d = deliveries[0]!;
    const res = await report(supplier2, `startDate=${today}&endDate=${today}`);
    expect(res.status, res.body.status_text).toBe(200);
    const r = res.body.data;
    expect(r.arriveBy).toBe('10:00');
    expect(r.rows).toHaveLength(1);
    // the amount and weight carried: the open lines of the stops' orders
    let grams = 0;
    let amount = 0;
    for (const s of d.stops) {
      const order = await call<{ lines: { quantity: number; unit: string; spec: string; status: string }[]; amount: number }>(server, 'GET', `/v4/mall/order/${s.orderId}`, auth(supplier2));
      grams += carriedWeight(order.body.data.lines.filter((l) => l.status === 'open')).grams;
      amount += order.body.data.amount;
    }
    expect(r.rows[0]).toMatchObject({
      vehicle: d.vehicle, driverName: d.driverName, deliveries: 1, stops: d.stops.length, orders: d.stops.length,
      schools: new Set(d.stops.map((s) => s.schoolOrgId)).size, arrived: 0, onTime: 0, onTimeRate: null,
    });
    expect(r.rows[0]!.amount).toBeCloseTo(amount, 2);
    expect(r.rows[0]!.weightKg).toBeCloseTo(grams / 1000, 6);
    expect(r.totals.stops).toBe(d.stops.length);
  });

  it('an arrival the driver marks counts as arrived, on time or late by the arrive-by time', async () => {
    const d = ((await call<LogisticsList>(server, 'GET', `/v4/mall/logistics?deliveryDate=${today}`, auth(delivery))).body.data.rows as LogisticsDetail[])[0]!;
    const first = d.stops[0]!;
    for (const action of ['depart', 'arrive']) {
      const res = await send<LogisticsDetail>(delivery, 'PUT', `/v4/mall/logistics/order/${first.orderId}`, { action });
      expect(res.status, res.body.status_text).toBe(200);
    }
    // arrived just now, today: by 23:59 it is on time, by 00:00 late
    const early = (await report(delivery, `startDate=${today}&endDate=${today}&arriveBy=23:59`)).body.data;
    expect(early.rows[0]).toMatchObject({ arrived: 1, onTime: 1, onTimeRate: 1 });
    const late = (await report(supplier2, `startDate=${today}&endDate=${today}&arriveBy=00:00`)).body.data;
    expect(late.rows[0]).toMatchObject({ arrived: 1, onTime: 0, onTimeRate: 0 });
  });

  it('each supplier reads its own deliveries; the delivery user only his routes\'; others are refused', async () => {
    // a second route of the delivery centre, without the demo driver, with school B's confirmed orders of one day
    const confirmed = (await call<OrderList>(server, 'GET', `/v4/mall/order?status=confirmed&orgId=${B}`, auth(supplier2))).body.data.rows;
    expect(confirmed.length).toBeGreaterThan(0);
    const day = confirmed[0]!.deliveryDate;
    const route = await send<{ objectId: string }>(supplier2, 'POST', '/v4/mall/route', { name: '城西线', purchaserOrgIds: [B], manageRoleNames: ['supplier'] });
    expect(route.status, route.body.status_text).toBe(200);
    const created = await send<LogisticsDetail>(supplier2, 'POST', '/v4/mall/logistics', {
      deliveryDate: day, routeId: route.body.data.objectId, orderIds: confirmed.filter((o) => o.deliveryDate === day).map((o) => o.id), vehicle: '沪E·20001', driverName: '赵师傅',
    });
    expect(created.status, created.body.status_text).toBe(200);
    const period = `startDate=${day < today ? day : today}&endDate=${day < today ? today : day}`;
    const vehicles = async (s: Session) => {
      const res = await report(s, period);
      expect(res.status, res.body.status_text).toBe(200);
      return res.body.data.rows.map((r) => r.vehicle).sort();
    };
    expect(await vehicles(supplier2)).toEqual(['沪D·36512 厢式货车', '沪E·20001']);
    expect(await vehicles(delivery)).toEqual(['沪D·36512 厢式货车']);
    // the other supplier has no delivery of the centre's
    expect(await vehicles(supplier1)).not.toContain('沪E·20001');
    expect(await vehicles(supplier1)).not.toContain('沪D·36512 厢式货车');
    // one route only
    const one = await report(supplier2, `${period}&routeId=${route.body.data.objectId}`);
    expect(one.body.data.rows.map((r) => r.vehicle)).toEqual(['沪E·20001']);
    for (const s of [await signIn(server, DEMO.purchaser, SCHOOL_A), await signIn(server, DEMO.bureau)]) {
      const res = await report(s, period);
      // refused by the route's entry (the carReport screen, server/http/routePowers.ts) or, holding it, by the handler
      expect([res.status, res.body.status_text]).toEqual([403, expect.stringMatching(/供应商和配送员|没有该操作的权限/)]);
    }
  });

  it('refuses a bad period or arrive-by time', async () => {
    const cases: [string, RegExp | null][] = [
      [`startDate=${today}&endDate=2001-01-01`, /开始日期不能晚于结束日期/],
      ['startDate=2026-02-30&endDate=2026-03-01', /日期不正确/],
      ['startDate=2020-01-01&endDate=2026-01-01', /最多 366 天/],
      [`startDate=${today}`, null],
      [`startDate=${today}&endDate=${today}&arriveBy=25:00`, null],
      [`startDate=${today}&endDate=${today}&foo=1`, null],
      ['startDate=x&endDate=y', null],
    ];
    for (const [q, text] of cases) {
      const res = await report(supplier2, q);
      expect([q, res.status]).toEqual([q, 400]);
      expect(res.body.status_text).toMatch(text ?? /./);
    }
  });
});
