// Issue 34, the fruit mall over real HTTP: who may make a fruit org (the platform only, never a school admin or a trial
// applicant, nor by changing his own org's kind), what a fruit org reaches (its own goods and orders only), what a
// member reaches (his own orders only, through the storefront's member session, the one member sign-in), the price
// per member level and the campaign's discount decided on the server, stock never oversold, a group buy's orders
// placed at the group price when it succeeds at its deadline and nothing when it fails, and an order's way from
// placed to paid, delivered and a missed day asked for and refunded, into the picking list and the statistics.
// The server's clock is the test's: it moves to next week's days and past group buys' deadlines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, firstSignIn, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import { memberCall, memberSignIn as storefrontSignIn } from './storefrontApi.ts';
import type { FruitOrderList, FruitOrderRow, FruitOrgRow, FruitSkuRow, FruitStats, OrderQuote, PickingList, StorefrontOffer } from '../../contracts/fruitMall.ts';
import { orderDaysOf, weekStartOf } from '../../domain/fruitMall.ts';
import { spreadAmount } from '../../domain/aggregates/fruitOrder.ts';
import { dayOf } from '../../domain/priceCycle.ts';
import { lineAmount, sumAmounts } from '../../domain/money.ts';
import { paymentsOfApp } from '../../server/modules/fruitMall/routes.ts';
import { SimulatedGateway } from '../../server/payments/PaymentAdapter.ts';

const FRUIT_ORG = 'org-xgy';
const ORG_B = 'org-mdzx';
const ORG_A = 'org-ygsy';
/** the demo members of the fruit org's storefront: LV1 and LV2 */
const MEMBER_LV1 = '13830000001';
const MEMBER_LV2 = '13830000002';

let server: TestServer;
let platform: Session;
let fruit: Session;
let schoolAdmin: Session;
let supplier: Session;

let now = Date.now();
const DAY = 86_400_000;
const m = (token: string) => ({ headers: { membertoken: token } });
const get = <T>(s: Session, path: string) => call<T>(server, 'GET', path, auth(s));
const send = <T>(s: Session, method: string, path: string, body: unknown) => call<T>(server, method, path, { ...auth(s), body });

/** A member's session on the fruit org's storefront (captcha, SMS code), one per phone until the clock moves: codes
 * are rate-limited per phone and per address (§9). */
const sessions = new Map<string, string>();
async function memberSignIn(phone: string, fresh = false): Promise<string> {
  const known = sessions.get(phone);
  if (known && !fresh) return known;
  const token = (await storefrontSignIn(server, FRUIT_ORG, phone)).membertoken;
  if (!fresh) sessions.set(phone, token);
  return token;
}
const mget = <T>(token: string, path: string) => memberCall<T>(server, 'GET', path, token);
const mpost = <T>(token: string, path: string, body?: unknown, headers?: Record<string, string>) => memberCall<T>(server, 'POST', path, token, body, headers);

/** Next Monday in China time, and the school days of its week by the server's calendar. */
async function nextWeek(): Promise<{ monday: string; days: string[] }> {
  const monday = weekStartOf(dayOf(new Date(now + 7 * DAY)));
  const holidays = (await server.store.db.selectFrom('holidays').select(['date', 'type']).execute()).map((h) => ({ date: String(h.date), type: h.type }));
  return { monday, days: orderDaysOf('week', monday, holidays) };
}

const skuInput = (name: string, stock = 100) => ({
  name, spec: '约200g', unit: '个', photos: ['data:image/png;base64,iVBORw0KGgo='], onShelf: true,
  offer: { levelPrices: { LV1: 3.5, LV2: 3.2 }, dailyStock: stock, season: [] },
});

beforeAll(async () => {
  // many orders from 127.0.0.1 test other rules here (stock, prices): the per-address bound is activities.test's
  server = await startTestServer({ clock: () => new Date(now), anonymousLimits: { storefrontOrdersPerAddress: 10_000 } });
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

describe('one member sign-in: the storefront\'s (attack tests first)', () => {
  it('the fruit mall\'s own member sign-in is gone; a member token opens no staff route, a staff token no member route', async () => {
    for (const path of ['/v1/fruit/member/smscode', '/v1/fruit/member/signin']) {
      expect((await call(server, 'POST', path, { body: { phone: MEMBER_LV1 } })).status, path).toBe(404);
    }
    expect((await call(server, 'GET', '/v1/fruit/member/orders')).status).toBe(404);
    const lv1 = await memberSignIn(MEMBER_LV1);
    // a member token on the fruit org's staff routes: as its own header, as accesstoken, with the org's key
    expect((await call(server, 'GET', '/v1/fruit/orders', { ...m(lv1), key: fruit.key })).status).toBe(401);
    expect((await call(server, 'GET', '/v1/fruit/orders', { token: lv1, key: fruit.key })).status).toBe(401);
    expect((await call(server, 'GET', '/v1/fruit/picking?day=2026-12-01', { token: lv1, key: fruit.key })).status).toBe(401);
    // a staff token on the member routes, in either header
    expect((await mget(fruit.token, '/v1/storefront/orders')).status).toBe(401);
    expect((await call(server, 'GET', '/v1/storefront/orders', { token: fruit.token, key: fruit.key })).status).toBe(401);
    expect((await memberCall(server, 'POST', '/v1/storefront/orders', undefined, {})).status).toBe(401);
  });

  it('a member token expires and a signed-out one is dead', async () => {
    const lv1 = await memberSignIn(MEMBER_LV1, true);
    expect((await mget(lv1, '/v1/storefront/orders')).status).toBe(200);
    // seven days later (§9 token life) the session is over
    const saved = now;
    now += 7 * DAY + 1000;
    const expired = await mget(lv1, '/v1/storefront/orders');
    now = saved;
    expect([expired.status, expired.body.status_text]).toEqual([401, '会员登录已过期，请重新登录']);
    expect((await mpost(lv1, '/v1/storefront/logout')).status).toBe(200);
    expect((await mget(lv1, '/v1/storefront/orders')).status).toBe(401);
  });

  it('a member of another org\'s storefront reaches none of the fruit org\'s orders, and a school\'s storefront sells no fruit', async () => {
    await send(schoolAdmin, 'PUT', '/v4/mall/cms/template', { layout: 'classic', shopName: '阳光小卖部', open: true, blocks: [] });
    const outsider = (await storefrontSignIn(server, schoolAdmin.orgApp!.orgId, MEMBER_LV1)).membertoken;
    const offer = await mget(outsider, '/v1/storefront/fruit/offer');
    expect([offer.status, offer.body.status_text]).toEqual([422, '该商城不销售鲜果']);
    expect((await mget<FruitOrderList>(outsider, '/v1/storefront/orders')).body.data.count).toBe(0);
    const theirs = (await get<FruitOrderList>(fruit, '/v1/fruit/orders')).body.data.rows[0]!;
    expect((await mpost(outsider, `/v1/storefront/orders/${theirs.orderId}/cancel`)).status).toBe(404);
  });
});

describe('members order on the storefront', () => {
  it('price per member level and the campaign discount are decided on the server; the body names no price, org or member', async () => {
    const [lv1, lv2] = await Promise.all([memberSignIn(MEMBER_LV1), memberSignIn(MEMBER_LV2)]);
    const offer1 = (await mget<StorefrontOffer>(lv1, '/v1/storefront/fruit/offer')).body.data;
    const offer2 = (await mget<StorefrontOffer>(lv2, '/v1/storefront/fruit/offer')).body.data;
    expect(offer1.schools.map((s) => s.orgId).sort()).toEqual([ORG_B, ORG_A].sort());
    const apple1 = offer1.items.find((o) => o.name === '红富士苹果')!;
    const apple2 = offer2.items.find((o) => o.name === '红富士苹果')!;
    expect([apple1.price, apple1.level, apple2.price, apple2.level]).toEqual([3.5, 'LV1', 3.2, 'LV2']);

    // the fruit org adds a coupon for LV2 only: ¥5 off from ¥20 (the demo's 10% off serves every level)
    const coupon = await send(fruit, 'POST', '/v4/mall/campaign', {
      name: 'LV2 满20减5', kind: 'coupon', amountOff: 5, threshold: 20, levels: ['LV2'], startsAt: new Date(now - DAY).toISOString(), endsAt: new Date(now + 30 * DAY).toISOString(),
    });
    expect(coupon.status, coupon.body.status_text).toBe(200);

    const { monday, days } = await nextWeek();
    const body = { skuId: apple2.skuId, child: { name: '何小明', schoolOrgId: ORG_B, grade: '七年级', className: '3班' }, plan: 'week', startDay: monday, quantity: 2, payment: 'offline' };
    for (const extra of [{ unitPrice: 0.01 }, { amount: 0 }, { discount: 99 }, { campaignId: 'x' }, { memberPhone: MEMBER_LV1 }, { fruitOrgId: ORG_A }]) {
      expect((await mpost(lv2, '/v1/storefront/orders', { ...body, ...extra })).status, JSON.stringify(extra)).toBe(400);
    }
    // LV2: 3.20 × 2 a day; the coupon takes ¥5 off when the week reaches ¥20, else the 10% does more
    const list2 = sumAmounts(days.map(() => lineAmount(3.2, 2)));
    const off2 = Math.max(list2 >= 20 ? 5 : 0, Math.round(list2 * 10) / 100);
    const quote = await mpost<OrderQuote>(lv2, '/v1/storefront/fruit/quote', body);
    expect(quote.body.data).toMatchObject({ days, unitPrice: 3.2, listAmount: list2, discount: off2 });
    const placed = await mpost<FruitOrderRow>(lv2, '/v1/storefront/orders', body);
    expect(placed.status, placed.body.status_text).toBe(200);
    expect(placed.body.data).toMatchObject({ unitPrice: 3.2, quantity: 2, memberPhone: MEMBER_LV2, memberLevel: 'LV2', status: 'placed', actions: ['cancel'], fruitOrgId: FRUIT_ORG });
    expect(placed.body.data.days.map((d) => d.day)).toEqual(days);
    expect([placed.body.data.listAmount, placed.body.data.discount, placed.body.data.amount]).toEqual([list2, off2, sumAmounts([list2, -off2])]);
    expect(placed.body.data.campaignName).toBe(off2 === 5 ? 'LV2 满20减5' : '开学季九折');
    // the days' rows add up to what was paid (a refund gives back that day's share)
    const dayRows = await server.store.db.selectFrom('fruit_order_days').select('amount').where('order_id', '=', placed.body.data.orderId).orderBy('day').execute();
    expect(dayRows.map((r) => Number(r.amount))).toEqual(spreadAmount(placed.body.data.amount, days.length));

    // LV1 gets the 10% only, whatever he sends
    const one = await mpost<FruitOrderRow>(lv1, '/v1/storefront/orders', { ...body, skuId: apple1.skuId, quantity: 1 });
    const list1 = sumAmounts(days.map(() => 3.5));
    expect([one.body.data.unitPrice, one.body.data.listAmount, one.body.data.discount, one.body.data.campaignName]).toEqual([3.5, list1, Math.round(list1 * 10) / 100, '开学季九折']);

    // his own orders only: the other member neither lists nor cancels nor asks a refund of it
    const otherList = (await mget<FruitOrderList>(lv1, '/v1/storefront/orders')).body.data;
    expect(otherList.rows.every((r) => r.memberPhone === MEMBER_LV1)).toBe(true);
    expect(otherList.rows.map((r) => r.orderId)).not.toContain(placed.body.data.orderId);
    expect((await mpost(lv1, `/v1/storefront/orders/${placed.body.data.orderId}/cancel`)).status).toBe(404);
    expect((await mpost(lv1, `/v1/storefront/orders/${placed.body.data.orderId}/refund`, { day: days[0] })).status).toBe(404);
    const cancelled = await mpost<FruitOrderRow>(lv2, `/v1/storefront/orders/${placed.body.data.orderId}/cancel`);
    expect(cancelled.body.data.status).toBe('cancelled');

    // only for a school the fruit org serves
    const elsewhere = await mpost(lv2, '/v1/storefront/orders', { ...body, child: { ...body.child, schoolOrgId: 'org-xfsp' } });
    expect([elsewhere.status, elsewhere.body.status_text]).toEqual([422, '该鲜果机构不服务这所学校']);
  });

  it('stock is never oversold under 20 parallel orders', async () => {
    const sku = (await send<FruitSkuRow>(fruit, 'POST', '/v1/fruit/skus', skuInput('限量蓝莓', 5))).body.data;
    const lv1 = await memberSignIn(MEMBER_LV1);
    const { days } = await nextWeek();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => mpost<FruitOrderRow>(lv1, '/v1/storefront/orders', {
      skuId: sku.skuId, child: { name: `孩子${i}`, schoolOrgId: ORG_B, grade: '七年级', className: '1班' }, plan: 'day', startDay: days[0], quantity: 1, payment: 'offline',
    })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status !== 200).map((r) => r.status)).toEqual(Array(15).fill(409));
    const sold = await server.store.db.selectFrom('fruit_order_days').select((eb) => eb.fn.sum<string>('quantity').as('n')).where('sku_id', '=', sku.skuId).executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(5);
  });

  it('bad input is a readable 4xx with nothing written', async () => {
    const lv1 = await memberSignIn(MEMBER_LV1);
    const count = async () => Number((await server.store.db.selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const noLv1 = await send(fruit, 'POST', '/v1/fruit/skus', { ...skuInput('无价'), offer: { levelPrices: { LV2: 1 }, dailyStock: 1, season: [] } });
    expect([noLv1.status, noLv1.body.status_text]).toEqual([400, '请填写 LV1 会员价']);
    expect((await send(fruit, 'POST', '/v1/fruit/skus', { ...skuInput('三位小数'), offer: { levelPrices: { LV1: 1.234 }, dailyStock: 1, season: [] } })).status).toBe(400);
    const sku = (await get<{ rows: FruitSkuRow[] }>(fruit, '/v1/fruit/skus')).body.data.rows[0]!;
    const past = await mpost(lv1, '/v1/storefront/orders', {
      skuId: sku.skuId, child: { name: '林小雨', schoolOrgId: ORG_B, grade: '七年级', className: '1班' }, plan: 'day', startDay: '2020-01-06', quantity: 1, payment: 'offline',
    });
    expect([past.status, past.body.status_text]).toEqual([422, '不能订购今天之前的日期']);
    expect((await mpost(lv1, '/v1/storefront/orders', { skuId: sku.skuId })).status).toBe(400);
    expect((await get(fruit, '/v1/fruit/picking?day=2026-02-30')).status).toBe(400);
    expect(await count()).toBe(before);
  });
});

/** Moves the server's clock to 10:00 China time of the day; everyone signs in again (sessions may have expired). */
async function moveTo(day: string) {
  now = Date.parse(`${day}T10:00:00+08:00`);
  sessions.clear();
  [platform, fruit] = await Promise.all([signIn(server, DEMO.provider, '营养餐运营平台'), signIn(server, DEMO.fruit)]);
}

describe('an order from placed to a missed day refunded', () => {
  it('paid by the gateway, on the picking list, delivered; the member asks a refund of a missed day and the fruit org refunds it; in the statistics', async () => {
    const gateway = paymentsOfApp(server.app).gateway as SimulatedGateway;
    let lv1 = await memberSignIn(MEMBER_LV1);
    const sku = (await get<{ rows: FruitSkuRow[] }>(fruit, '/v1/fruit/skus')).body.data.rows.find((s) => s.name === '香蕉')!;
    const { monday, days } = await nextWeek();
    expect(days.length).toBeGreaterThanOrEqual(2);
    const body = { skuId: sku.skuId, child: { name: '林小雨', schoolOrgId: ORG_B, grade: '七年级', className: '5班' }, plan: 'week', startDay: monday, quantity: 1, payment: 'gateway' };
    const key = { 'idempotency-key': `fruit-${Date.now()}` };
    const placed = await mpost<FruitOrderRow>(lv1, '/v1/storefront/orders', body, key);
    expect(placed.status, placed.body.status_text).toBe(200);
    const order = placed.body.data;
    expect(order.status).toBe('paid');
    expect(order.discount).toBeGreaterThan(0);
    expect(gateway.charges.find((c) => c.orderId === order.orderId)?.amount).toBe(order.amount);
    // a retry with the same key is the same order, charged once
    const again = await mpost<FruitOrderRow>(lv1, '/v1/storefront/orders', body, key);
    expect([again.body.data.orderId, again.headers.get('idempotent-replayed')]).toEqual([order.orderId, 'true']);
    expect(gateway.charges.filter((c) => c.orderId === order.orderId)).toHaveLength(1);

    const [first, second] = days as [string, string];
    const picking = (await get<PickingList>(fruit, `/v1/fruit/picking?day=${first}`)).body.data;
    const cls = picking.schools.find((s) => s.schoolOrgId === ORG_B)?.classes.find((c) => c.className === '5班');
    expect(cls?.children).toEqual([{ orderId: order.orderId, childName: '林小雨', skuName: '香蕉', quantity: 1, status: 'pending' }]);
    expect(cls?.items).toEqual([{ skuId: sku.skuId, skuName: '香蕉', spec: sku.spec, unit: sku.unit, quantity: 1 }]);
    // a day not yet come cannot be asked back
    const early = await mpost(lv1, `/v1/storefront/orders/${order.orderId}/refund`, { day: second });
    expect([early.status, early.body.status_text]).toEqual([409, `${second} 还未到，不能申请退款`]);

    await moveTo(first);
    const delivered = await send<{ delivered: number }>(fruit, 'POST', '/v1/fruit/picking/deliver', { day: first, schoolOrgId: ORG_B, grade: '七年级', className: '5班' });
    expect(delivered.body.data.delivered).toBe(1);
    expect((await send<{ delivered: number }>(fruit, 'POST', '/v1/fruit/picking/deliver', { day: first, schoolOrgId: ORG_B, className: '5班' })).body.data.delivered).toBe(0);
    expect((await send(fruit, 'PUT', `/v1/fruit/orders/${order.orderId}`, { action: 'refund', day: first })).status).toBe(409);
    expect((await send(fruit, 'PUT', `/v1/fruit/orders/${order.orderId}`, { action: 'pay' })).status).toBe(409);

    // the second day: no fruit came. The member asks (a delivered day he cannot), once
    await moveTo(second);
    lv1 = await memberSignIn(MEMBER_LV1);
    expect((await mpost(lv1, `/v1/storefront/orders/${order.orderId}/refund`, { day: first })).status).toBe(409);
    const asked = await mpost<FruitOrderRow>(lv1, `/v1/storefront/orders/${order.orderId}/refund`, { day: second, reason: '今天没送到' });
    expect(asked.status, asked.body.status_text).toBe(200);
    expect(asked.body.data.days.slice(0, 2)).toEqual([{ day: first, status: 'delivered', refundRequested: false }, { day: second, status: 'pending', refundRequested: true }]);
    expect((await mpost(lv1, `/v1/storefront/orders/${order.orderId}/refund`, { day: second })).body.status_text).toBe(`${second} 已申请退款`);
    expect((await mpost(lv1, `/v1/storefront/orders/${order.orderId}/cancel`)).status).toBe(409);
    // the fruit org sees the request and refunds the day: that day's share of what was paid
    const seen = (await get<FruitOrderList>(fruit, `/v1/fruit/orders?day=${second}`)).body.data.rows.find((r) => r.orderId === order.orderId)!;
    expect(seen.days.find((d) => d.day === second)?.refundRequested).toBe(true);
    const share = spreadAmount(order.amount, days.length)[1]!;
    const refunded = await send<FruitOrderRow>(fruit, 'PUT', `/v1/fruit/orders/${order.orderId}`, { action: 'refund', day: second, reason: '缺送' });
    expect(refunded.status, refunded.body.status_text).toBe(200);
    expect(refunded.body.data.refunded).toBe(share);
    expect(gateway.refunds.filter((r) => r.orderId === order.orderId).map((r) => r.amount)).toEqual([share]);
    for (const day of days.slice(2)) expect((await send(fruit, 'PUT', `/v1/fruit/orders/${order.orderId}`, { action: 'deliver', day })).status).toBe(200);
    const done = (await mget<FruitOrderList>(lv1, '/v1/storefront/orders')).body.data.rows.find((r) => r.orderId === order.orderId)!;
    expect(done.status).toBe('delivered');

    const stats = await get<FruitStats>(platform, `/v1/fruit/statistics?fruitOrgId=${FRUIT_ORG}&from=${monday}&to=${days.at(-1)}`);
    expect(stats.status, stats.body.status_text).toBe(200);
    const cell = stats.body.data.byClass.find((c) => c.className === '5班')!;
    expect(cell).toMatchObject({ schoolOrgId: ORG_B, orders: 1, members: 1, units: days.length - 1, refunds: share, revenue: sumAmounts([order.amount, -share]) });
    expect((await get<FruitStats>(fruit, `/v1/fruit/statistics?from=${monday}&to=${days.at(-1)}`)).body.data.byClass).toEqual(stats.body.data.byClass);
  });
});

interface GrouponView { id: string; status: string; joined: number; groupPrice: number }

describe('group buys of fruit, at their deadline', () => {
  it('succeeds: each member\'s order placed at the group price and charged; fails: no order, nothing charged', async () => {
    const gateway = paymentsOfApp(server.app).gateway as SimulatedGateway;
    const [lv1, lv2] = await Promise.all([memberSignIn(MEMBER_LV1), memberSignIn(MEMBER_LV2)]);
    const apple = (await get<{ rows: FruitSkuRow[] }>(fruit, '/v1/fruit/skus')).body.data.rows.find((s) => s.name === '红富士苹果')!;
    const { monday, days } = await nextWeek();
    const deadline = new Date(now + 3_600_000).toISOString();
    const start = async (minPeople: number) => {
      const g = await send<GrouponView>(fruit, 'POST', '/v4/mall/groupon', { title: `苹果${minPeople}人团`, productId: apple.productId, unitPrice: 3.5, groupPrice: 2.8, minPeople, deadline });
      expect(g.status, g.body.status_text).toBe(200);
      return g.body.data.id;
    };
    // the demo's own group buy (deadline: three days after the seed) is due or not depending on the weekday the run's
    // clock moved to: settled first, so the count below is of this test's group buys only
    await send(fruit, 'POST', '/v4/mall/groupon/settle', {});
    const [wins, loses] = [await start(2), await start(3)];
    const order = (name: string, payment: string) => ({ child: { name, schoolOrgId: ORG_A, grade: '三年级', className: '1班' }, plan: 'week', startDay: monday, payment });
    // a fruit group buy needs the child's order; a school the fruit org does not serve is refused
    expect((await mpost(lv1, `/v1/storefront/groupon/${wins}/join`, { quantity: 1 })).status).toBe(400);
    expect((await mpost(lv1, `/v1/storefront/groupon/${wins}/join`, { quantity: 1, order: { ...order('甲', 'gateway'), child: { name: '甲', schoolOrgId: 'org-xfsp', grade: '三年级', className: '1班' } } })).status).toBe(422);
    for (const [token, name, payment] of [[lv1, '团团', 'gateway'], [lv2, '圆圆', 'offline']] as const) {
      const joined = await mpost<GrouponView>(token, `/v1/storefront/groupon/${wins}/join`, { quantity: 2, order: order(name, payment) });
      expect(joined.status, joined.body.status_text).toBe(200);
    }
    expect((await mpost(lv1, `/v1/storefront/groupon/${loses}/join`, { quantity: 1, order: order('孤孤', 'gateway') })).status).toBe(200);
    const charges = gateway.charges.length;
    const grouponOrders = (id: string) => server.store.db.selectFrom('fruit_orders').selectAll().where('groupon_id', '=', id).orderBy('child_name').execute();

    // before the deadline nothing is placed, even when the operator asks to settle
    expect((await send<{ settled: number }>(fruit, 'POST', '/v4/mall/groupon/settle', {})).body.data.settled).toBe(0);
    expect(await grouponOrders(wins)).toEqual([]);

    // past the deadline the server settles by itself when anyone looks
    now += 3_600_000 + 1000;
    const [won, lost] = [await mget<GrouponView>(lv2, `/v1/storefront/groupon/${wins}`), await mget<GrouponView>(lv1, `/v1/storefront/groupon/${loses}`)];
    expect([won.body.data.status, lost.body.data.status]).toEqual(['succeeded', 'failed']);
    const placed = await grouponOrders(wins);
    expect(placed.map((o) => [o.child_name, o.member_phone, Number(o.unit_price), o.quantity, Number(o.discount), o.status])).toEqual([
      ['团团', MEMBER_LV1, 2.8, 2, 0, 'paid'], ['圆圆', MEMBER_LV2, 2.8, 2, 0, 'placed'],
    ]);
    const weekDays = days.filter((d) => d >= dayOf(new Date(now)));
    expect(Number(placed[0]!.amount)).toBe(sumAmounts(weekDays.map(() => lineAmount(2.8, 2))));
    // the gateway charged the one who pays online, once; the failed group charged no one
    expect(gateway.charges.slice(charges).map((c) => [c.orderId, c.amount])).toEqual([[placed[0]!.id, Number(placed[0]!.amount)]]);
    expect(await grouponOrders(loses)).toEqual([]);
    // his order is in his orders; settling again places nothing more
    expect((await mget<FruitOrderList>(lv1, '/v1/storefront/orders')).body.data.rows.filter((r) => r.grouponId === wins)).toHaveLength(1);
    await send(fruit, 'POST', '/v4/mall/groupon/settle', {});
    expect(await grouponOrders(wins)).toHaveLength(2);
  });

  it('a member whose order the rules refuse at the settle sees it failed with the reason; the fruit org sees whose failed', async () => {
    const [lv1, lv2] = await Promise.all([memberSignIn(MEMBER_LV1), memberSignIn(MEMBER_LV2)]);
    const sku = (await send<FruitSkuRow>(fruit, 'POST', '/v1/fruit/skus', skuInput('限量草莓', 1))).body.data;
    const { days } = await nextWeek();
    const g = await send<GrouponView>(fruit, 'POST', '/v4/mall/groupon', {
      title: '草莓两人团', productId: sku.productId, unitPrice: 3.5, groupPrice: 3, minPeople: 2, deadline: new Date(now + 3_600_000).toISOString(),
    });
    const order = (name: string) => ({ child: { name, schoolOrgId: ORG_A, grade: '三年级', className: '1班' }, plan: 'day', startDay: days[0], payment: 'offline' });
    for (const [token, name] of [[lv1, '先先'], [lv2, '后后']] as const) expect((await mpost(token, `/v1/storefront/groupon/${g.body.data.id}/join`, { order: order(name) })).status).toBe(200);
    now += 3_600_000 + 1000;
    type Mine = { id: string; status: string; myOrder: { status: string; orderNo: string | null; reason: string | null } | null };
    const mine = async (token: string, lang = 'zh-CN') => (await memberCall<{ rows: Mine[] }>(server, 'GET', '/v1/storefront/mine/groupons', token, undefined, { 'accept-language': lang }))
      .body.data.rows.find((r) => r.id === g.body.data.id)!;
    // the group succeeded, one unit of stock: the first joined gets the order, the second is told why not
    const [first, second] = [await mine(lv1), await mine(lv2)];
    expect(first).toMatchObject({ status: 'succeeded', myOrder: { status: 'placed', reason: null } });
    expect(second.myOrder).toEqual({ status: 'failed', orderNo: null, reason: `${days[0]} 库存不足，剩余 0` });
    expect((await mine(lv2, 'en-US')).myOrder?.reason).not.toMatch(/库存/);
    const placed = await server.store.db.selectFrom('fruit_orders').select(['order_no', 'member_phone']).where('groupon_id', '=', g.body.data.id).execute();
    expect(placed).toEqual([{ order_no: first.myOrder!.orderNo, member_phone: MEMBER_LV1 }]);
    const detail = await get<{ participants: { memberId: string; orderNo: string | null; orderFailure: string | null }[] }>(fruit, `/v4/mall/groupon/${g.body.data.id}`);
    const outcome = Object.fromEntries(detail.body.data.participants.map((p) => [p.orderNo ? 'placed' : 'failed', p.orderNo ?? p.orderFailure]));
    expect(outcome).toEqual({ placed: first.myOrder!.orderNo, failed: `${days[0]} 库存不足，剩余 0` });
  });
});
