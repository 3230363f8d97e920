// Issue 34, the fruit mall's back office and order model over real HTTP: who may make a fruit org (the platform only,
// never a school admin or a trial applicant, nor by changing his own org's kind), what a fruit org reaches (its own
// goods and orders only), what a member reaches (his own orders only, through his own member session), the price per
// member level decided on the server, stock never oversold, and an order's way from placed to paid, delivered and a
// missed day refunded, into the picking list and the statistics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, firstSignIn, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import type { FruitOrderList, FruitOrderRow, FruitOrgRow, FruitSkuRow, FruitStats, MemberSession, OfferRow, PickingList } from '../../contracts/fruitMall.ts';
import { orderDaysOf, weekStartOf } from '../../domain/fruitMall.ts';
import { dayOf } from '../../domain/priceCycle.ts';
import { lineAmount, sumAmounts } from '../../domain/money.ts';
import { paymentsOfApp } from '../../server/modules/fruitMall/routes.ts';
import { SimulatedGateway } from '../../server/modules/fruitMall/payments.ts';

const FRUIT_ORG = 'org-xgy';
const ORG_B = 'org-mdzx';
const ORG_A = 'org-ygsy';
/** the demo members of school B: LV1 and LV2 */
const MEMBER_LV1 = '13830000001';
const MEMBER_LV2 = '13830000002';

let server: TestServer;
let platform: Session;
let fruit: Session;
let schoolAdmin: Session;
let supplier: Session;

const m = (token: string) => ({ headers: { membertoken: token } });
const get = <T>(s: Session, path: string) => call<T>(server, 'GET', path, auth(s));
const send = <T>(s: Session, method: string, path: string, body: unknown) => call<T>(server, method, path, { ...auth(s), body });

async function memberSignIn(phone: string): Promise<string> {
  expect((await call(server, 'POST', '/v1/fruit/member/smscode', { body: { phone } })).status).toBe(200);
  const code = (await call<{ code: string }>(server, 'GET', `/v1/dev/smsoutbox?phoneNumber=${phone}`)).body.data.code;
  const res = await call<MemberSession>(server, 'POST', '/v1/fruit/member/signin', { body: { phone, code } });
  expect(res.status, res.body.status_text).toBe(200);
  return res.body.data.memberToken;
}

/** Next Monday in China time, and the school days of its week by the server's calendar. */
async function nextWeek(): Promise<{ monday: string; days: string[] }> {
  const monday = weekStartOf(dayOf(new Date(Date.now() + 7 * 86_400_000)));
  const holidays = (await server.store.db.selectFrom('holidays').select(['date', 'type']).execute()).map((h) => ({ date: String(h.date), type: h.type }));
  return { monday, days: orderDaysOf('week', monday, holidays) };
}

const skuInput = (name: string, stock = 100) => ({
  name, spec: '约200g', unit: '个', photos: ['data:image/png;base64,iVBORw0KGgo='], onShelf: true,
  offer: { levelPrices: { LV1: 3.5, LV2: 3.2 }, dailyStock: stock, season: [] },
});

beforeAll(async () => {
  server = await startTestServer();
  [platform, fruit, schoolAdmin, supplier] = await Promise.all([
    signIn(server, DEMO.provider, '营养餐运营平台'), signIn(server, DEMO.fruit), signIn(server, DEMO.schoolAdmin, SCHOOL_A), signIn(server, DEMO.supplier),
  ]);
});
afterAll(async () => { await server?.close(); });

describe('who may make a fruit org', () => {
  it('a school admin cannot create one, nor make his own school one, nor act as one', async () => {
    const before = await server.store.db.selectFrom('orgs').select(['org_id', 'kind']).orderBy('org_id').execute();
    expect((await send(schoolAdmin, 'POST', '/v1/fruit/orgs', { orgName: '假鲜果', adminPhone: '13899990001', schoolOrgIds: [ORG_A] })).status).toBe(403);
    expect((await send(schoolAdmin, 'POST', '/v3/orgappinit/create', { templateId: 'tpl-fruit', orgName: '假鲜果2', adminPhone: '13899990002', kind: 'fruit' })).status).toBe(403);
    expect((await send(schoolAdmin, 'PUT', `/v2/config/orgapp/org/${ORG_A}`, { kind: 'fruit' })).status).toBe(403);
    expect((await send(schoolAdmin, 'PUT', `/v1/fruit/orgs/${FRUIT_ORG}/schools`, { schoolOrgIds: [ORG_A] })).status).toBe(403);
    // the admin passes every screen power in his school, yet his school is no fruit org
    const skus = await get(schoolAdmin, '/v1/fruit/skus');
    expect(skus.status).toBe(403);
    expect(skus.body.status_text).toBe('仅鲜果机构可以操作');
    expect((await send(schoolAdmin, 'POST', '/v1/fruit/skus', skuInput('假苹果'))).status).toBe(403);
    expect((await get(schoolAdmin, '/v1/fruit/orders')).status).toBe(403);
    expect(await server.store.db.selectFrom('orgs').select(['org_id', 'kind']).orderBy('org_id').execute()).toEqual(before);
  });

  it('a trial applicant cannot create one or make his sandbox one', async () => {
    const phoneNumber = `139${String(Date.now()).slice(-8)}`;
    await call(server, 'POST', '/v1/passport/smscode', { body: { phoneNumber, type: 'register' } });
    const smscode = (await call<{ code: string }>(server, 'GET', `/v1/dev/smsoutbox?phoneNumber=${phoneNumber}`)).body.data.code;
    const { app_id: appId } = await server.store.db.selectFrom('org_apps').select('app_id').where('org_id', '=', 'org-tyxx').executeTakeFirstOrThrow();
    const signUp = await call<{ accesstoken: string; userId: string }>(server, 'POST', '/v1/passport/formuser', { body: { appId, orgId: 'org-tyxx', phoneNumber, smscode, roleCode: '2' } });
    expect(signUp.status, signUp.body.status_text).toBe(200);
    const token = signUp.body.data.accesstoken;
    const key = (await call<{ key: string }>(server, 'POST', '/v1/token/orgappkey/encrypt', { token, body: { orgId: 'org-tyxx', appId } })).body.data.key;
    const trial = { token, key, userId: signUp.body.data.userId };
    expect((await send(trial, 'POST', '/v1/fruit/orgs', { orgName: '试用鲜果', adminPhone: phoneNumber, schoolOrgIds: [] })).status).toBe(403);
    expect((await send(trial, 'POST', '/v3/orgappinit/create', { templateId: 'tpl-fruit', orgName: '试用鲜果2', adminPhone: phoneNumber, kind: 'fruit' })).status).toBe(403);
    expect((await send(trial, 'PUT', '/v2/config/orgapp/org/org-tyxx', { kind: 'fruit' })).status).toBe(403);
    expect((await send(trial, 'POST', '/v1/fruit/skus', skuInput('试用苹果'))).status).toBe(403);
    expect((await server.store.db.selectFrom('orgs').select('kind').where('org_id', '=', 'org-tyxx').executeTakeFirstOrThrow()).kind).toBe('trial');
  });

  it('the platform creates a fruit org serving a school; it reaches only its own goods and orders', async () => {
    const bad = await send(platform, 'POST', '/v1/fruit/orgs', { orgName: '坏鲜果', adminPhone: '13899990010', schoolOrgIds: ['org-xfsp'] });
    expect(bad.status).toBe(422);
    expect(bad.body.status_text).toBe('不是学校：org-xfsp');
    expect(await server.store.db.selectFrom('orgs').select('org_id').where('name', '=', '坏鲜果').execute()).toEqual([]);

    const made = await send<FruitOrgRow>(platform, 'POST', '/v1/fruit/orgs', { orgName: '果然鲜', adminPhone: '13899990011', adminName: '果老板', schoolOrgIds: [ORG_A] });
    expect(made.status, made.body.status_text).toBe(200);
    expect(made.body.data).toMatchObject({ name: '果然鲜', schools: [{ orgId: ORG_A, name: SCHOOL_A }] });
    const orgId = made.body.data.orgId;
    expect((await server.store.db.selectFrom('orgs').select('kind').where('org_id', '=', orgId).executeTakeFirstOrThrow()).kind).toBe('fruit');
    const list = await get<{ rows: FruitOrgRow[] }>(platform, '/v1/fruit/orgs');
    expect(list.body.data.rows.map((r) => r.orgId)).toEqual(expect.arrayContaining([orgId, FRUIT_ORG]));

    // its admin: his own goods only; the demo fruit org's SKU and orders are not found
    const admin = await firstSignIn(server, '13899990011', '果然鲜');
    const own = await send<FruitSkuRow>(admin, 'POST', '/v1/fruit/skus', skuInput('果然鲜苹果'));
    expect(own.status, own.body.status_text).toBe(200);
    const theirs = (await get<{ rows: FruitSkuRow[] }>(fruit, '/v1/fruit/skus')).body.data.rows;
    expect(theirs.map((s) => s.name)).not.toContain('果然鲜苹果');
    const mine = (await get<{ rows: FruitSkuRow[] }>(admin, '/v1/fruit/skus')).body.data.rows;
    expect(mine.map((s) => s.skuId)).toEqual([own.body.data.skuId]);
    expect((await send(admin, 'PUT', `/v1/fruit/skus/${theirs[0]!.skuId}`, skuInput('改别人的'))).status).toBe(404);
    const demoOrders = (await get<FruitOrderList>(fruit, '/v1/fruit/orders')).body.data.rows;
    expect(demoOrders.length).toBeGreaterThan(0);
    expect((await get<FruitOrderList>(admin, '/v1/fruit/orders')).body.data.count).toBe(0);
    expect((await send(admin, 'PUT', `/v1/fruit/orders/${demoOrders[0]!.orderId}`, { action: 'cancel' })).status).toBe(404);
    // nor its statistics
    expect((await get(admin, `/v1/fruit/statistics?fruitOrgId=${FRUIT_ORG}&from=2026-01-01&to=2026-01-31`)).status).toBe(403);
  });

  it("another org's token is refused: a supplier in his own org, or with the fruit org's key", async () => {
    expect((await get(supplier, '/v1/fruit/orders')).status).toBe(403);
    expect((await call(server, 'GET', '/v1/fruit/orders', { token: supplier.token, key: fruit.key })).status).toBe(403);
    expect((await call(server, 'GET', '/v1/fruit/orders', { key: fruit.key })).status).toBe(401);
  });
});

describe('members', () => {
  it('price per member level is decided on the server; the body names no price and no member', async () => {
    const [lv1, lv2] = await Promise.all([memberSignIn(MEMBER_LV1), memberSignIn(MEMBER_LV2)]);
    const offer1 = (await call<OfferRow[]>(server, 'GET', `/v1/fruit/member/offer?schoolOrgId=${ORG_B}`, m(lv1))).body.data;
    const offer2 = (await call<OfferRow[]>(server, 'GET', `/v1/fruit/member/offer?schoolOrgId=${ORG_B}`, m(lv2))).body.data;
    const apple1 = offer1.find((o) => o.name === '红富士苹果')!;
    const apple2 = offer2.find((o) => o.name === '红富士苹果')!;
    expect([apple1.price, apple1.level, apple2.price, apple2.level]).toEqual([3.5, 'LV1', 3.2, 'LV2']);

    const { monday, days } = await nextWeek();
    const body = { fruitOrgId: FRUIT_ORG, skuId: apple2.skuId, child: { name: '何小明', schoolOrgId: ORG_B, grade: '七年级', className: '3班' }, plan: 'week', startDay: monday, quantity: 2, payment: 'offline' };
    for (const extra of [{ unitPrice: 0.01 }, { amount: 0 }, { memberPhone: MEMBER_LV1 }]) {
      expect((await call(server, 'POST', '/v1/fruit/member/orders', { ...m(lv2), body: { ...body, ...extra } })).status).toBe(400);
    }
    const placed = await call<FruitOrderRow>(server, 'POST', '/v1/fruit/member/orders', { ...m(lv2), body });
    expect(placed.status, placed.body.status_text).toBe(200);
    expect(placed.body.data).toMatchObject({ unitPrice: 3.2, quantity: 2, memberPhone: MEMBER_LV2, memberLevel: 'LV2', status: 'placed', actions: ['cancel'] });
    expect(placed.body.data.days.map((d) => d.day)).toEqual(days);
    expect(placed.body.data.amount).toBe(sumAmounts(days.map(() => lineAmount(3.2, 2))));

    // his own orders only: the other member neither lists nor cancels it
    const otherList = (await call<FruitOrderList>(server, 'GET', '/v1/fruit/member/orders', m(lv1))).body.data;
    expect(otherList.rows.map((r) => r.memberPhone).every((p) => p === MEMBER_LV1)).toBe(true);
    expect(otherList.rows.map((r) => r.orderId)).not.toContain(placed.body.data.orderId);
    expect((await call(server, 'POST', `/v1/fruit/member/orders/${placed.body.data.orderId}/cancel`, m(lv1))).status).toBe(404);
    const cancelled = await call<FruitOrderRow>(server, 'POST', `/v1/fruit/member/orders/${placed.body.data.orderId}/cancel`, m(lv2));
    expect(cancelled.body.data.status).toBe('cancelled');

    // he orders only as a member of the child's school, and only where the fruit org serves
    const forA = await call(server, 'POST', '/v1/fruit/member/orders', { ...m(lv2), body: { ...body, child: { ...body.child, schoolOrgId: ORG_A } } });
    expect(forA.status).toBe(403);
    expect(forA.body.status_text).toBe('您不是该学校的会员');
  });

  it('member and staff sessions do not open each other\'s routes', async () => {
    const lv1 = await memberSignIn(MEMBER_LV1);
    expect((await call(server, 'GET', '/v1/fruit/member/orders', { token: fruit.token, key: fruit.key })).status).toBe(401);
    expect((await call(server, 'GET', '/v1/fruit/member/orders')).status).toBe(401);
    expect((await call(server, 'GET', '/v1/fruit/orders', { ...m(lv1), key: fruit.key })).status).toBe(401);
    // a phone no school lists gets the same answer but no code, and cannot sign in
    expect((await call(server, 'POST', '/v1/fruit/member/smscode', { body: { phone: '13899998888' } })).status).toBe(200);
    expect((await call<{ code?: string }>(server, 'GET', '/v1/dev/smsoutbox?phoneNumber=13899998888')).body.data?.code).toBeUndefined();
    await call(server, 'POST', '/v1/fruit/member/signout', m(lv1));
    expect((await call(server, 'GET', '/v1/fruit/member/me', m(lv1))).status).toBe(401);
  });

  it('stock is never oversold under 20 parallel orders', async () => {
    const sku = (await send<FruitSkuRow>(fruit, 'POST', '/v1/fruit/skus', skuInput('限量蓝莓', 5))).body.data;
    const lv1 = await memberSignIn(MEMBER_LV1);
    const { monday, days } = await nextWeek();
    const day = days[0]!;
    expect(day >= monday).toBe(true);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => call<FruitOrderRow>(server, 'POST', '/v1/fruit/member/orders', {
      ...m(lv1), body: { fruitOrgId: FRUIT_ORG, skuId: sku.skuId, child: { name: `孩子${i}`, schoolOrgId: ORG_B, grade: '七年级', className: '1班' }, plan: 'day', startDay: day, quantity: 1, payment: 'offline' },
    })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    const sold = await server.store.db.selectFrom('fruit_order_days').select((eb) => eb.fn.sum<string>('quantity').as('n')).where('sku_id', '=', sku.skuId).executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(5);
  });
});

describe('an order from placed to refunded', () => {
  it('paid by the gateway, on the picking list, delivered, a missed day refunded, in the statistics', async () => {
    const gateway = paymentsOfApp(server.app).gateway as SimulatedGateway;
    const lv1 = await memberSignIn(MEMBER_LV1);
    const sku = (await get<{ rows: FruitSkuRow[] }>(fruit, '/v1/fruit/skus')).body.data.rows.find((s) => s.name === '香蕉')!;
    const { monday, days } = await nextWeek();
    expect(days.length).toBeGreaterThanOrEqual(2);
    const body = { fruitOrgId: FRUIT_ORG, skuId: sku.skuId, child: { name: '林小雨', schoolOrgId: ORG_B, grade: '七年级', className: '5班' }, plan: 'week', startDay: monday, quantity: 1, payment: 'gateway' };
    const headers = { membertoken: lv1, 'idempotency-key': `fruit-${Date.now()}` };
    const placed = await call<FruitOrderRow>(server, 'POST', '/v1/fruit/member/orders', { headers, body });
    expect(placed.status, placed.body.status_text).toBe(200);
    const order = placed.body.data;
    expect(order.status).toBe('paid');
    expect(gateway.charges.find((c) => c.orderId === order.orderId)?.amount).toBe(order.amount);
    // a retry with the same key is the same order, charged once
    const again = await call<FruitOrderRow>(server, 'POST', '/v1/fruit/member/orders', { headers, body });
    expect([again.body.data.orderId, again.headers.get('idempotent-replayed')]).toEqual([order.orderId, 'true']);
    expect(gateway.charges.filter((c) => c.orderId === order.orderId)).toHaveLength(1);

    const [first, second] = days;
    const picking = (await get<PickingList>(fruit, `/v1/fruit/picking?day=${first}`)).body.data;
    const cls = picking.schools.find((s) => s.schoolOrgId === ORG_B)?.classes.find((c) => c.className === '5班');
    expect(cls?.children).toEqual([{ orderId: order.orderId, childName: '林小雨', skuName: '香蕉', quantity: 1, status: 'pending' }]);
    expect(cls?.items).toEqual([{ skuId: sku.skuId, skuName: '香蕉', spec: sku.spec, unit: sku.unit, quantity: 1 }]);

    const delivered = await send<{ delivered: number }>(fruit, 'POST', '/v1/fruit/picking/deliver', { day: first, schoolOrgId: ORG_B, grade: '七年级', className: '5班' });
    expect(delivered.body.data.delivered).toBe(1);
    // delivered once: again nothing; a delivered day is not refunded
    expect((await send<{ delivered: number }>(fruit, 'POST', '/v1/fruit/picking/deliver', { day: first, schoolOrgId: ORG_B, className: '5班' })).body.data.delivered).toBe(0);
    expect((await send(fruit, 'PUT', `/v1/fruit/orders/${order.orderId}`, { action: 'refund', day: first })).status).toBe(409);
    // a gateway order is not "paid at school"; the member cannot cancel a paid order
    expect((await send(fruit, 'PUT', `/v1/fruit/orders/${order.orderId}`, { action: 'pay' })).status).toBe(409);
    expect((await call(server, 'POST', `/v1/fruit/member/orders/${order.orderId}/cancel`, m(lv1))).status).toBe(409);

    const refunded = await send<FruitOrderRow>(fruit, 'PUT', `/v1/fruit/orders/${order.orderId}`, { action: 'refund', day: second, reason: '学校停课' });
    expect(refunded.status, refunded.body.status_text).toBe(200);
    expect(refunded.body.data.refunded).toBe(lineAmount(order.unitPrice, 1));
    expect(refunded.body.data.days.slice(0, 2)).toEqual([{ day: first, status: 'delivered' }, { day: second, status: 'refunded' }]);
    expect(gateway.refunds.filter((r) => r.orderId === order.orderId).map((r) => r.amount)).toEqual([lineAmount(order.unitPrice, 1)]);
    for (const day of days.slice(2)) expect((await send(fruit, 'PUT', `/v1/fruit/orders/${order.orderId}`, { action: 'deliver', day })).status).toBe(200);
    const done = (await call<FruitOrderList>(server, 'GET', '/v1/fruit/member/orders', m(lv1))).body.data.rows.find((r) => r.orderId === order.orderId)!;
    expect(done.status).toBe('delivered');

    const stats = await get<FruitStats>(platform, `/v1/fruit/statistics?fruitOrgId=${FRUIT_ORG}&from=${monday}&to=${days.at(-1)}`);
    expect(stats.status, stats.body.status_text).toBe(200);
    const cell = stats.body.data.byClass.find((c) => c.className === '5班')!;
    expect(cell).toMatchObject({ schoolOrgId: ORG_B, orders: 1, members: 1, units: days.length - 1, refunds: lineAmount(order.unitPrice, 1) });
    expect(cell.revenue).toBe(sumAmounts(days.slice(1).map(() => lineAmount(order.unitPrice, 1))));
    // the fruit org reads its own statistics too
    expect((await get<FruitStats>(fruit, `/v1/fruit/statistics?from=${monday}&to=${days.at(-1)}`)).body.data.byClass).toEqual(stats.body.data.byClass);
  });

  it('bad input is a readable 4xx with nothing written', async () => {
    const lv1 = await memberSignIn(MEMBER_LV1);
    const count = async () => Number((await server.store.db.selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const noLv1 = await send(fruit, 'POST', '/v1/fruit/skus', { ...skuInput('无价'), offer: { levelPrices: { LV2: 1 }, dailyStock: 1, season: [] } });
    expect([noLv1.status, noLv1.body.status_text]).toEqual([400, '请填写 LV1 会员价']);
    expect((await send(fruit, 'POST', '/v1/fruit/skus', { ...skuInput('三位小数'), offer: { levelPrices: { LV1: 1.234 }, dailyStock: 1, season: [] } })).status).toBe(400);
    const sku = (await get<{ rows: FruitSkuRow[] }>(fruit, '/v1/fruit/skus')).body.data.rows[0]!;
    const past = await call(server, 'POST', '/v1/fruit/member/orders', {
      ...m(lv1), body: { fruitOrgId: FRUIT_ORG, skuId: sku.skuId, child: { name: '林小雨', schoolOrgId: ORG_B, grade: '七年级', className: '1班' }, plan: 'day', startDay: '2020-01-06', quantity: 1, payment: 'offline' },
    });
    expect([past.status, past.body.status_text]).toEqual([422, '不能订购今天之前的日期']);
    expect((await get(fruit, '/v1/fruit/picking?day=2026-02-30')).status).toBe(400);
    expect(await count()).toBe(before);
  });
});

