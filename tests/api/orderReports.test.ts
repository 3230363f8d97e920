// Order reports (issue 11) over real HTTP on the seeded demo: the test places its own orders on delivery days
// six weeks ahead (the demo's orders end a week ahead), takes them through confirm, delivery, receipt with a short
// and an over line and an accepted return, and checks the report's figures against those orders: counts, amounts,
// differences, returns, the price paid against the area's market average, the periods. Then who sees what: the
// school its own, the supplier its own, the salesman his groups' schools, the bureau its area, a bureau of another
// area nothing; users without the report power and a delivery user are refused; bad input is a readable 400.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { ORGS } from './ordersApi.ts';
import { auth } from './mallApi.ts';
import type { OrderDetail } from '../../contracts/orders.ts';
import type { ReturnRow } from '../../contracts/orderReturns.ts';
import type { OrderReport, OrderReportRow } from '../../contracts/orderReports.ts';
import { dayOf } from '../../domain/priceCycle.ts';
import { lineAmount, sumAmounts } from '../../domain/money.ts';
import { lineDifference, periodOf, REPORT_TEXT, unitPrice } from '../../domain/orderReports.ts';
import { placingFacts } from '../../server/modules/orders/access.ts';
import { POWER_NODES } from '../../server/modules/permissions/powers.ts';
import { runCommand } from '../../server/store/command.ts';
import { appendToStream, type NewEvent } from '../../server/store/eventStore.ts';

const { XFSP, JCPS, A, B } = ORGS;

let server: TestServer;
let schoolA: Session;
let schoolB: Session;
let supplier: Session;
let salesman: Session;
let bureau: Session;
let delivery: Session;
let dietitian: Session;

const inDays = (n: number) => dayOf(new Date(Date.now() + n * 86_400_000));
const D1 = inDays(42);
const D2 = inDays(43);
/** a day of its own for the weighed receipt */
const D3 = inDays(45);
const RANGE = `startDate=${D1}&endDate=${D2}`;

const report = (s: Session, query: string) => call<OrderReport>(server, 'GET', `/v4/mall/order/report?${query}`, auth(s));
const act = (s: Session, id: string, body: unknown) => call<OrderDetail>(server, 'PUT', `/v4/mall/order/${id}`, { ...auth(s), body });
async function place(s: Session, supplierId: string, deliveryDate: string, items: { skuId: string; quantity: number }[]): Promise<OrderDetail> {
  const res = await call<OrderDetail>(server, 'POST', '/v4/mall/order', { ...auth(s), body: { supplierId, deliveryDate, items } });
  expect(res.status, res.body.status_text).toBe(200);
  return res.body.data;
}
async function step(s: Session, id: string, body: Record<string, unknown>): Promise<OrderDetail> {
  const res = await act(s, id, body);
  expect(res.status, res.body.status_text).toBe(200);
  return res.body.data;
}

interface Good { skuId: string; productName: string; unit: string; price: number }
/** The SKUs school A may order from a supplier now, with their product and price. */
async function goodsOf(supplierOrg: string): Promise<Good[]> {
  const db = server.store.db;
  const skus = (await db.selectFrom('skus').select('sku_id').where('org_id', '=', supplierOrg).where('is_delete', '=', false).execute()).map((r) => r.sku_id);
  const facts = await placingFacts(db, A, supplierOrg, skus, new Date());
  return skus.flatMap((id) => {
    const f = facts.skus[id];
    return f && f.price !== null ? [{ skuId: id, productName: f.productName, unit: f.unit, price: f.price }] : [];
  });
}

/** A bureau org of another area whose bureau role holds the report power: it sees reports, of no demo school. */
async function bureauOfAnotherArea(userId: string): Promise<string> {
  const orgId = `org-cxjyj-${crypto.randomBytes(3).toString('hex')}`;
  const name = `城西区教育局${orgId.slice(-6)}`;
  const app = await server.store.db.selectFrom('apps').select('app_id').executeTakeFirstOrThrow();
  const meta = { time: new Date().toISOString(), route: 'test' };
  const [permissionId, roleId, orgAppId] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  const node = POWER_NODES.orderReport;
  await runCommand(server.store.db, async (tx) => {
    const put = (streamId: string, streamType: string, events: NewEvent[]) => appendToStream(tx, { orgId, streamId, streamType, expectedVersion: 0, events, meta });
    await put(`org-${orgId}`, 'org', [{ type: 'OrgCreated', data: { orgId, name, orgType: 'formal', kind: 'bureau', agentId: null, parentOrgId: null, area: '城西区', expiration: null, userLimit: null } }]);
    await put(`orgApp-${orgAppId}`, 'orgApp', [{ type: 'OrgAppCreated', data: { id: orgAppId, orgId, appId: app.app_id, appName: '营养餐管理平台', key: crypto.randomBytes(16).toString('hex') } }]);
    await put(`permission-${permissionId}`, 'permission', [{
      type: 'PermissionCreated',
      data: { permissionId, appId: app.app_id, moduleId: node.moduleId, parentId: node.parentId, moduleName: node.powerName, groupName: node.groupName, power: node.moduleId, powerName: node.powerName, sort: 0, enable: true, extraInfo: {} },
    }]);
    await put(`role-${roleId}`, 'role', [
      { type: 'RoleCreated', data: { roleId, name: 'bureau', code: '4', cnName: '教育局', roleGroupId: null, manageRoleNames: [], enable: true, sort: 1, config: {} } },
      { type: 'RolePermissionGranted', data: { roleId, permissionId } },
    ]);
    await put(`member-${orgId}-${userId}`, 'member', [
      { type: 'UserJoinedOrgApp', data: { orgId, appId: app.app_id, userId, extraInfo: {} } },
      { type: 'UserRoleGranted', data: { userId, roleId } },
    ]);
  });
  return name;
}

// the story: what the test placed, and what it expects of the report
let mine: Good[]; // what school A may order from the first supplier
let shared: Good; // a product both suppliers sell (same name and unit)
let other: Good;
let second: Good; // the delivery centre's SKU of the shared product
let o1: OrderDetail; // A ← XFSP on D1: shared 4 → received 3.5 (short 0.5), other 2 → 2.2 (over 0.2); 1 of shared returned and accepted
let o2: OrderDetail; // A ← XFSP on D2: shared 10, submitted only
let o3: OrderDetail; // B ← XFSP on D1: other 6, confirmed
let o5: OrderDetail; // A ← JCPS on D1: shared 5, submitted
let accepted: ReturnRow;

beforeAll(async () => {
  server = await startTestServer();
  [schoolA, schoolB, supplier, salesman, bureau, delivery, dietitian] = await Promise.all([
    signIn(server, DEMO.purchaser, SCHOOL_A), signIn(server, DEMO.purchaser, SCHOOL_B), signIn(server, DEMO.supplier), signIn(server, DEMO.salesman),
    signIn(server, DEMO.bureau), signIn(server, DEMO.delivery), signIn(server, DEMO.dietitian, SCHOOL_A),
  ]);
  let theirs: Good[];
  [mine, theirs] = await Promise.all([goodsOf(XFSP), goodsOf(JCPS)]);
  shared = mine.find((g) => theirs.some((t) => t.productName === g.productName && t.unit === g.unit))!;
  expect(shared, 'a product both demo suppliers sell').toBeDefined();
  second = theirs.find((t) => t.productName === shared.productName && t.unit === shared.unit)!;
  other = mine.find((g) => g.productName !== shared.productName)!;

  o1 = await place(schoolA, XFSP, D1, [{ skuId: shared.skuId, quantity: 4 }, { skuId: other.skuId, quantity: 2 }]);
  for (const action of ['confirm', 'dispatch', 'deliver']) await step(supplier, o1.id, { action });
  o1 = await step(schoolA, o1.id, { action: 'receive', lines: [{ skuId: shared.skuId, receivedQuantity: 3.5 }, { skuId: other.skuId, receivedQuantity: 2.2 }] });
  const ret = await call<ReturnRow>(server, 'POST', '/v4/mall/order/return', { ...auth(schoolA), body: { orderId: o1.id, reason: '变质', items: [{ skuId: shared.skuId, quantity: 1 }] } });
  expect(ret.status, ret.body.status_text).toBe(200);
  const acc = await call<ReturnRow>(server, 'PUT', `/v4/mall/order/return/${ret.body.data.returnId}`, { ...auth(supplier), body: { action: 'accept' } });
  expect(acc.status, acc.body.status_text).toBe(200);
  accepted = acc.body.data;
  // a pending return gives nothing back yet: it must not count
  const pending = await call<ReturnRow>(server, 'POST', '/v4/mall/order/return', { ...auth(schoolA), body: { orderId: o1.id, reason: '破损', items: [{ skuId: other.skuId, quantity: 0.5 }] } });
  expect(pending.status, pending.body.status_text).toBe(200);

  o2 = await place(schoolA, XFSP, D2, [{ skuId: shared.skuId, quantity: 10 }]);
  o3 = await place(schoolB, XFSP, D1, [{ skuId: other.skuId, quantity: 6 }]);
  o3 = await step(supplier, o3.id, { action: 'confirm' });
  o5 = await place(schoolA, JCPS, D1, [{ skuId: second.skuId, quantity: 5 }]);
  // neither a cancelled order nor a draft counts
  const cancelled = await place(schoolA, XFSP, D1, [{ skuId: shared.skuId, quantity: 100 }]);
  await step(schoolA, cancelled.id, { action: 'cancel', reason: '停餐' });
  const draft = await call<OrderDetail>(server, 'POST', '/v4/mall/order', { ...auth(schoolA), body: { supplierId: XFSP, deliveryDate: D2, items: [{ skuId: other.skuId, quantity: 50 }], draft: true } });
  expect(draft.status, draft.body.status_text).toBe(200);
});
afterAll(async () => { await server?.close(); });

const line = (o: OrderDetail, skuId: string) => o.lines.find((l) => l.skuId === skuId)!;
const ok = async (s: Session, query: string) => {
  const res = await report(s, query);
  expect(res.status, res.body.status_text).toBe(200);
  return res.body.data;
};
const bySchool = (rows: OrderReportRow[]) => Object.fromEntries(rows.map((r) => [r.orgId, r]));

describe('the figures', () => {
  it('school A by supplier: counts, ordered and received amounts, short and over, accepted returns, payable', async () => {
    const data = await ok(schoolA, `${RANGE}&groupBy=supplier`);
    const [s1, s2] = [line(o1, shared.skuId), line(o1, other.skuId)];
    const xfsp = data.rows.find((r) => r.supplierId === XFSP)!;
    expect(xfsp).toMatchObject({
      orderCount: 2, lineCount: 3,
      amount: sumAmounts([s1.amount, s2.amount, o2.amount]),
      receivedAmount: sumAmounts([s1.receivedAmount!, s2.receivedAmount!]),
      shortQuantity: 0.5, overQuantity: 0.2, differenceLines: 2,
      shortAmount: lineDifference(s1).shortAmount, overAmount: lineDifference(s2).overAmount,
      returnQuantity: 1, returnAmount: accepted.amount,
      deliveredAmount: sumAmounts([s1.receivedAmount!, s2.receivedAmount!, o2.amount]),
      payableAmount: sumAmounts([s1.receivedAmount!, s2.receivedAmount!, o2.amount, -accepted.amount]),
      avgPrice: null, marketAvgPrice: null,
    });
    expect(accepted.amount).toBe(lineAmount(s1.price, 1));
    expect(lineDifference(s1).shortAmount).toBe(sumAmounts([s1.amount, -s1.receivedAmount!]));
    const jcps = data.rows.find((r) => r.supplierId === JCPS)!;
    expect(jcps).toMatchObject({ orderCount: 1, amount: o5.amount, receivedAmount: 0, returnAmount: 0, payableAmount: o5.amount });
    expect(data.rows).toHaveLength(2);
    // totals: distinct orders, everything added
    expect(data.totals).toMatchObject({ orderCount: 3, amount: sumAmounts([xfsp.amount, jcps.amount]), payableAmount: sumAmounts([xfsp.payableAmount, jcps.payableAmount]) });
    expect(data.schools).toEqual([{ id: A, name: SCHOOL_A }]);
  });

  it('by product: the price paid against the area\'s market average (every supplier\'s orders for the area\'s schools)', async () => {
    const data = await ok(supplier, `${RANGE}&groupBy=product`);
    const row = data.rows.find((r) => r.productName === shared.productName && r.unit === shared.unit)!;
    const paid = [line(o1, shared.skuId), line(o2, shared.skuId)];
    expect(row).toMatchObject({ quantity: 14, receivedQuantity: 3.5, shortQuantity: 0.5, orderCount: 2 });
    expect(row.avgPrice).toBe(unitPrice(sumAmounts(paid.map((l) => l.amount)), 14));
    // the market: the supplier's two lines and the delivery centre's line for school A
    const market = unitPrice(sumAmounts([...paid.map((l) => l.amount), line(o5, second.skuId).amount]), 19);
    expect(row.marketAvgPrice).toBe(market);
    if (shared.price !== second.price) expect(row.priceVsMarket).not.toBe(0);
    expect(row.priceVsMarket).toBe(Math.round(((row.avgPrice! - market!) / market!) * 1000) / 10);
    const o = data.rows.find((r) => r.productName === other.productName)!;
    expect(o).toMatchObject({ quantity: 8, receivedQuantity: 2.2, overQuantity: 0.2 });
  });

  it('by day and by week: an order falls on its delivery day, a week is keyed by its Monday', async () => {
    const days = await ok(schoolA, `${RANGE}&groupBy=day`);
    expect(days.rows.map((r) => [r.period, r.orderCount])).toEqual([[D1, 2], [D2, 1]]);
    const weeks = await ok(schoolA, `${RANGE}&groupBy=week,supplier`);
    for (const r of weeks.rows) expect([periodOf(D1, 'week'), periodOf(D2, 'week')]).toContain(r.period);
    expect(weeks.rows.reduce((n, r) => n + r.orderCount, 0)).toBe(3);
    const months = await ok(schoolA, `${RANGE}&groupBy=month`);
    expect(new Set(months.rows.map((r) => r.period))).toEqual(new Set([D1.slice(0, 7), D2.slice(0, 7)]));
  });

  it('filters narrow the figures: one school, one supplier, one category, one product', async () => {
    const a = await ok(supplier, `${RANGE}&groupBy=school&orgId=${A}`);
    expect(a.rows.map((r) => r.orgId)).toEqual([A]);
    const p = await ok(bureau, `${RANGE}&groupBy=supplier&product=${encodeURIComponent(shared.productName)}`);
    expect(p.totals.quantity).toBe(19);
    const cat = (await server.store.db.selectFrom('order_lines as l').innerJoin('categories as c', (j) => j.onRef('c.id', '=', 'l.category_id'))
      .select('c.name').where('l.order_id', '=', o3.id).executeTakeFirstOrThrow()).name;
    const c = await ok(bureau, `${RANGE}&groupBy=school&category=${encodeURIComponent(cat)}&supplierId=${XFSP}`);
    expect(bySchool(c.rows)[B]).toMatchObject({ orderCount: 1, amount: o3.amount });
  });
});

describe('receiving on a scale', () => {
  it('a line weighed within the scale\'s tolerance is no difference; one beyond it is short by the whole gap', async () => {
    const [a, b] = mine.filter((g) => g.unit === '斤');
    expect(b, 'two demo goods sold by the 斤').toBeDefined();
    const scale = await server.store.db.selectFrom('scales').select(['id', 'tolerance', 'tolerance_kind']).where('org_id', '=', B).executeTakeFirstOrThrow();
    expect([scale.tolerance_kind, Number(scale.tolerance)]).toEqual(['percent', 2]);
    const placed = await place(schoolB, XFSP, D3, [{ skuId: a!.skuId, quantity: 2 }, { skuId: b!.skuId, quantity: 4 }]);
    for (const action of ['confirm', 'dispatch', 'deliver']) await step(supplier, placed.id, { action });
    // 1 010 g of 1 000 g ordered: 1 % over, within 2 %; 1 800 g of 2 000 g: 10 % short
    const got = await step(schoolB, placed.id, { action: 'receive', lines: [
      { skuId: a!.skuId, weighedGrams: 1010, scaleId: scale.id }, { skuId: b!.skuId, weighedGrams: 1800, scaleId: scale.id },
    ] });
    const [la, lb] = [line(got, a!.skuId), line(got, b!.skuId)];
    expect([la.receivedQuantity, lb.receivedQuantity]).toEqual([2.02, 3.6]);
    const data = await ok(schoolB, `startDate=${D3}&endDate=${D3}&groupBy=school`);
    expect(data.rows[0]).toMatchObject({
      receivedQuantity: 5.62, differenceLines: 1, shortQuantity: 0.4, overQuantity: 0,
      shortAmount: lineDifference({ ...lb, weighResult: 'short' }).shortAmount, overAmount: 0,
      receivedAmount: sumAmounts([la.receivedAmount!, lb.receivedAmount!]),
    });
    expect(data.rows[0]!.shortAmount).toBeGreaterThan(0);
  });
});

describe('who sees what', () => {
  it('the supplier its own orders, of both schools; the salesman his groups\' schools of his supplier', async () => {
    const s = await ok(supplier, `${RANGE}&groupBy=school`);
    expect(bySchool(s.rows)).toMatchObject({
      [A]: { orderCount: 2, amount: sumAmounts([o1.amount, o2.amount]) }, [B]: { orderCount: 1, amount: o3.amount },
    });
    expect(s.suppliers).toEqual([expect.objectContaining({ id: XFSP })]);
    const m = await ok(salesman, `${RANGE}&groupBy=school`);
    expect(m.rows.map((r) => [r.orgId, r.amount])).toEqual(s.rows.map((r) => [r.orgId, r.amount]));
    // school B sees only its own order
    const b = await ok(schoolB, `${RANGE}&groupBy=supplier`);
    expect(b.totals).toMatchObject({ orderCount: 1, amount: o3.amount });
  });

  it('the bureau sees the totals of its area\'s schools with both suppliers; a bureau of another area sees nothing', async () => {
    const data = await ok(bureau, `${RANGE}&groupBy=school`);
    expect(bySchool(data.rows)).toMatchObject({
      [A]: { orderCount: 3, amount: sumAmounts([o1.amount, o2.amount, o5.amount]) }, [B]: { orderCount: 1, amount: o3.amount },
    });
    expect(data.totals.orderCount).toBe(4);
    expect(data.totals.returnAmount).toBe(accepted.amount);
    const other = await signIn(server, DEMO.bureau, await bureauOfAnotherArea(bureau.userId));
    const none = await ok(other, `${RANGE}&groupBy=school`);
    expect(none.rows).toEqual([]);
    expect(none.totals.orderCount).toBe(0);
  });

  it('when school B leaves the salesman\'s purchaser groups (M6), his report holds school A only; the supplier\'s still both', async () => {
    const groupId = crypto.randomUUID();
    const link = await server.store.db.selectFrom('mall_suppliers').select('object_id').where('org_id', '=', B).where('supplier_org_id', '=', XFSP).executeTakeFirstOrThrow();
    await runCommand(server.store.db, async (tx) => {
      const meta = { time: new Date().toISOString(), route: 'test' };
      await appendToStream(tx, { orgId: XFSP, streamId: `roleGroup-${groupId}`, streamType: 'roleGroup', expectedVersion: 0, meta, events: [{
        type: 'RoleGroupCreated', data: { roleGroupId: groupId, groupName: '直营客户', code: 'M1', sort: 50, manageRoleNames: ['supplier'], config: {} },
      }] });
      const version = await tx.selectFrom('streams').select('stream_position').where('org_id', '=', B).where('stream_id', '=', `mallSupplier-${link.object_id}`).executeTakeFirstOrThrow();
      await appendToStream(tx, { orgId: B, streamId: `mallSupplier-${link.object_id}`, streamType: 'mallSupplier', expectedVersion: Number(version.stream_position), meta, events: [{
        type: 'MallSupplierUpdated', data: { objectId: link.object_id, roleGroupId: groupId },
      }] });
    });
    const m = await ok(salesman, `${RANGE}&groupBy=school`);
    expect(m.rows.map((r) => r.orgId)).toEqual([A]);
    expect(m.totals.amount).toBe(sumAmounts([o1.amount, o2.amount]));
    const s = await ok(supplier, `${RANGE}&groupBy=school`);
    expect(s.rows.map((r) => r.orgId).sort()).toEqual([A, B].sort());
  });

  it('is refused without the report power, and to a delivery user', async () => {
    for (const s of [dietitian, delivery]) {
      const res = await report(s, `${RANGE}&groupBy=school`);
      expect(res.status).toBe(403);
      expect(res.body.status_text).toMatch(/权限|无权/);
    }
  });
});

describe('bad input', () => {
  it('answers 400 with a readable reason', async () => {
    const cases: [string, string | RegExp][] = [
      [`startDate=2026-02-30&endDate=${D2}&groupBy=day`, REPORT_TEXT.badStart],
      [`startDate=${D1}&endDate=yesterday&groupBy=day`, REPORT_TEXT.badEnd],
      [`startDate=${D2}&endDate=${D1}&groupBy=day`, REPORT_TEXT.startAfterEnd],
      [`startDate=2024-01-01&endDate=2025-12-31&groupBy=day`, REPORT_TEXT.tooLong],
      [`${RANGE}&groupBy=colour`, REPORT_TEXT.unknownGroupBy(['colour'])],
      [`${RANGE}&groupBy=day,week`, REPORT_TEXT.twoPeriods],
      [`${RANGE}&groupBy=school,school`, REPORT_TEXT.duplicateGroupBy],
      [`${RANGE}&groupBy=`, REPORT_TEXT.noGroupBy],
      [`startDate=${D1}&groupBy=day`, /endDate|必/],
      [`${RANGE}&groupBy=day&colour=red`, /colour|参数/],
    ];
    for (const [query, text] of cases) {
      const res = await report(schoolA, query);
      expect(res.status, query).toBe(400);
      if (typeof text === 'string') expect(res.body.status_text, query).toBe(text);
      else expect(res.body.status_text, query).toMatch(text);
    }
  });
});
