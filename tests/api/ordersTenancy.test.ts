// Who sees and acts on which orders (issue 11, §6 M1/M6/M7), over real HTTP on the seeded demo: about three
// weeks of orders of both schools with both suppliers (server/seed/seedOrders.ts). A school sees its own; a
// supplier those placed with it; a salesman his groups' schools; a delivery user his routes' schools; a bureau its
// area; the platform all. The school's supplier permissions (order, delivery) bind the supplier. The supplier's
// live feed hears of a new order.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, grantScreen, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { ORGS } from './ordersApi.ts';
import { auth, bureauOfAnotherArea } from './mallApi.ts';
import { openLiveFeed } from './liveClient.ts';
import type { OrderDetail, OrderList, OrderRow } from '../../contracts/orders.ts';
import { ORDER_STATUSES } from '../../domain/order.ts';
import { dayOf } from '../../domain/priceCycle.ts';
import { runCommand } from '../../server/store/command.ts';
import { appendToStream } from '../../server/store/eventStore.ts';

const { XFSP, JCPS, A, B } = ORGS;

let server: TestServer;
let schoolA: Session;
let supplier: Session;
let delivery: Session;
let salesman: Session;
let bureau: Session;
let platform: Session;
let all: OrderRow[];

const get = <T>(s: Session, path: string) => call<T>(server, 'GET', path, auth(s));
const act = (s: Session, id: string, body: unknown) => call<OrderDetail>(server, 'PUT', `/v4/mall/order/${id}`, { ...auth(s), body });
/** Every order the caller sees, page by page (100 a page, §9). */
async function everything(s: Session): Promise<OrderRow[]> {
  const out: OrderRow[] = [];
  for (let skip = 0; ; skip += 100) {
    const res = await get<OrderList>(s, `/v4/mall/order?$limit=100&$skip=${skip}`);
    expect(res.status, res.body.status_text).toBe(200);
    out.push(...res.body.data.rows);
    if (out.length >= res.body.data.count || !res.body.data.rows.length) return out;
  }
}
const pairs = (rows: OrderRow[]) => [...new Set(rows.map((r) => `${r.orgId}>${r.supplierId}`))].sort();

beforeAll(async () => {
  server = await startTestServer();
  [schoolA, supplier, delivery, salesman, bureau, platform] = await Promise.all([
    signIn(server, DEMO.purchaser, SCHOOL_A), signIn(server, DEMO.supplier), signIn(server, DEMO.delivery),
    signIn(server, DEMO.salesman), signIn(server, DEMO.bureau), signIn(server, DEMO.provider, '营养餐运营平台'),
  ]);
  all = await everything(platform);
});
afterAll(async () => { await server?.close(); });

describe('the demo orders', () => {
  it('hold about three weeks of orders in every state for both schools with both suppliers', async () => {
    // the drafts too, which only their school sees
    const stored = (await server.store.db.selectFrom('orders').select(['org_id', 'supplier_org_id', 'status', 'delivery_date']).execute())
      .map((r) => ({ orgId: r.org_id, supplierId: r.supplier_org_id, status: r.status, deliveryDate: String(r.delivery_date) }));
    expect(pairs(stored as OrderRow[])).toEqual([`${A}>${JCPS}`, `${A}>${XFSP}`, `${B}>${JCPS}`, `${B}>${XFSP}`].sort());
    expect(all.length).toBe(stored.filter((r) => r.status !== 'draft').length);
    for (const org of [A, B]) {
      const mine = stored.filter((r) => r.orgId === org);
      expect(new Set(mine.map((r) => r.status))).toEqual(new Set(ORDER_STATUSES));
      const days = mine.map((r) => r.deliveryDate).sort();
      const span = (Date.parse(days.at(-1)!) - Date.parse(days[0]!)) / 86_400_000;
      // three weeks whatever day the run's seed started (server/seed/demoOrderPlan.ts; every kind of day in tests/unit/server/demoSeedDates.test.ts)
      expect(span).toBeGreaterThanOrEqual(21);
    }
  });
});

describe('who sees which orders', () => {
  it('a school sees its own orders only; another school\'s order is not found, nor can it be acted on', async () => {
    const a = await everything(schoolA);
    expect(a.filter((r) => r.status !== 'draft').length).toBe(all.filter((r) => r.orgId === A).length);
    expect(a.filter((r) => r.status === 'draft').length).toBeGreaterThan(0);
    expect(pairs(a)).toEqual([`${A}>${JCPS}`, `${A}>${XFSP}`].sort());
    const ofB = all.find((r) => r.orgId === B && r.status === 'submitted')!;
    expect((await get(schoolA, `/v4/mall/order/${ofB.id}`)).status).toBe(404);
    expect((await act(schoolA, ofB.id, { action: 'cancel' })).status).toBe(404);
    expect((await get<OrderList>(schoolA, `/v4/mall/order?orgId=${B}`)).body.data.count).toBe(0);
    const log = await get<{ rows: { orderId: string }[]; count: number }>(schoolA, `/v4/mall/order/log?orderId=${ofB.id}`);
    expect(log.body.data.count).toBe(0);
  });

  it('a supplier sees the orders placed with it, of both schools, without the schools\' drafts', async () => {
    const rows = await everything(supplier);
    expect(pairs(rows)).toEqual([`${A}>${XFSP}`, `${B}>${XFSP}`].sort());
    expect(rows.length).toBe(all.filter((r) => r.supplierId === XFSP && r.status !== 'draft').length);
    expect(rows.some((r) => r.status === 'draft')).toBe(false);
    const other = all.find((r) => r.supplierId === JCPS && r.status === 'submitted')!;
    expect((await act(supplier, other.id, { action: 'confirm' })).status).toBe(404);
  });

  it('a delivery user sees only the schools on his routes (M7) and may dispatch and deliver, not confirm', async () => {
    const rows = await everything(delivery);
    expect(pairs(rows)).toEqual([`${A}>${JCPS}`]);
    const offRoute = all.find((r) => r.orgId === B && r.supplierId === JCPS && r.status === 'confirmed')!;
    expect((await get(delivery, `/v4/mall/order/${offRoute.id}`)).status).toBe(404);
    const mine = rows.find((r) => r.status === 'confirmed')!;
    expect(mine.actions).toEqual(['dispatch']);
    expect((await act(delivery, rows.find((r) => r.status === 'submitted')!.id, { action: 'confirm' })).status).toBe(403);
    expect((await act(delivery, mine.id, { action: 'dispatch' })).body.data.status).toBe('dispatched');
    expect((await act(delivery, mine.id, { action: 'deliver' })).body.data).toMatchObject({ status: 'delivered', actions: [] });
  });

  it('a salesman sees the schools of the purchaser groups his roles are named in (M6), and confirms for them', async () => {
    expect(pairs(await everything(salesman))).toEqual([`${A}>${XFSP}`, `${B}>${XFSP}`].sort());
    // school B moves to a purchaser group that does not name the salesman
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
    const rows = await everything(salesman);
    expect(pairs(rows)).toEqual([`${A}>${XFSP}`]);
    const ofB = all.find((r) => r.orgId === B && r.supplierId === XFSP && r.status === 'submitted')!;
    expect((await act(salesman, ofB.id, { action: 'confirm' })).status).toBe(404);
    const ofA = rows.find((r) => r.status === 'submitted')!;
    expect(ofA.actions).toEqual(['confirm', 'refuse']);
    expect((await act(salesman, ofA.id, { action: 'confirm' })).body.data.status).toBe('confirmed');
  });

  it('a bureau sees the orders of its area\'s schools and acts on none; a bureau of another area sees none', async () => {
    // the bureau's demo menu has no order list: it reads no order until its org shows it one (issue 27)
    expect((await get(bureau, '/v4/mall/order')).status).toBe(403);
    await grantScreen(server, '城东区教育局', 'bureau', 'orderList');
    const rows = await everything(bureau);
    expect(rows.length).toBe(all.filter((r) => r.status !== 'draft').length);
    expect(rows.every((r) => r.actions.length === 0)).toBe(true);
    expect((await act(bureau, rows.find((r) => r.status === 'submitted')!.id, { action: 'refuse', reason: 'x' })).status).toBe(403);
    const other = await signIn(server, DEMO.bureau, await bureauOfAnotherArea(server, bureau.userId));
    // its org shows it no order list
    expect((await get<OrderList>(other, '/v4/mall/order')).status).toBe(403);
  });

  it('the platform sees every submitted order and may act on none', async () => {
    const submitted = all.find((r) => r.status === 'submitted')!;
    expect(submitted.actions).toEqual([]);
    expect((await act(platform, submitted.id, { action: 'confirm' })).status).toBe(403);
  });
});

describe('supplier permissions and live updates', () => {
  it('without the order permission the school cannot order from the supplier nor may it confirm; without delivery it may not dispatch; outside its categories a SKU is refused', async () => {
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    const links = await get<{ rows: { objectId: string; supplierOrgId: string; extraInfo: Record<string, unknown> }[] }>(admin, '/v4/mall/supplier');
    const link = links.body.data.rows.find((l) => l.supplierOrgId === XFSP)!;
    const setPermissions = async (permissions: Record<string, boolean | string[]>) => {
      const res = await call(server, 'PUT', `/v4/mall/supplier/${link.objectId}`, { ...auth(admin), body: { extraInfo: { ...link.extraInfo, permissions } } });
      expect(res.status, res.body.status_text).toBe(200);
    };
    const submitted = (await everything(supplier)).find((r) => r.orgId === A && r.status === 'submitted')!;
    const confirmed = (await everything(supplier)).find((r) => r.orgId === A && r.status === 'confirmed')!;
    const price = await get<{ rows: { skuId: string; isCheck: number }[] }>(schoolA, `/v5/mall/sku/price/latest-price?supplierId=${XFSP}&$limit=20`);
    const order = { supplierId: XFSP, deliveryDate: dayOf(new Date(Date.now() + 4 * 86_400_000)), items: [{ skuId: price.body.data.rows.find((p) => p.isCheck === 1)!.skuId, quantity: 1 }] };

    await setPermissions({ order: false, delivery: false });
    const placed = await call(server, 'POST', '/v4/mall/order', { ...auth(schoolA), body: order });
    expect([placed.status, placed.body.status_text]).toEqual([403, expect.stringMatching(/order/)]);
    expect((await act(supplier, submitted.id, { action: 'confirm' })).status).toBe(403);
    expect((await act(supplier, confirmed.id, { action: 'dispatch' })).status).toBe(403);
    const seen = await get<OrderDetail>(supplier, `/v4/mall/order/${submitted.id}`);
    expect(seen.body.data.actions).toEqual([]);

    await setPermissions({ order: true, delivery: false });
    expect((await act(supplier, confirmed.id, { action: 'dispatch' })).status).toBe(403);
    expect((await act(supplier, submitted.id, { action: 'confirm' })).status).toBe(200);
    await setPermissions({ order: true, delivery: true });
    expect((await act(supplier, confirmed.id, { action: 'dispatch' })).status).toBe(200);

    // limited to the goods of another category, the SKU is as foreign to the school as another supplier's
    const sku = (await get<{ rows: { skuId: string; productId: string }[] }>(schoolA, `/v4/mall/sku?skuId=${order.items[0]!.skuId}`)).body.data.rows[0]!;
    // the supplier's own goods: the categories a link may name
    const products = (await get<{ rows: { id: string; categoryId: string }[] }>(supplier, '/v4/mall/product?$limit=1000')).body.data.rows;
    const own = products.find((p) => p.id === sku.productId)!.categoryId;
    const other = products.find((p) => p.categoryId !== own)!.categoryId;
    await setPermissions({ order: true, delivery: true, categoryIds: [other] });
    const outside = await call(server, 'POST', '/v4/mall/order', { ...auth(schoolA), body: order });
    expect([outside.status, outside.body.status_text]).toEqual([400, expect.stringMatching(/不存在或不属于该供应商/)]);
    await setPermissions({ order: true, delivery: true, categoryIds: [own] });
    expect((await call(server, 'POST', '/v4/mall/order', { ...auth(schoolA), body: order })).status).toBe(200);
    await setPermissions({ order: true, delivery: true });
  });

  it('the supplier\'s live feed hears of a new order, the school\'s of its confirmation', async () => {
    const supplierFeed = await openLiveFeed(server, supplier);
    const schoolFeed = await openLiveFeed(server, schoolA);
    try {
      const price = await get<{ rows: { skuId: string; isCheck: number }[] }>(schoolA, `/v5/mall/sku/price/latest-price?supplierId=${XFSP}&$limit=20`);
      const placed = await call<OrderDetail>(server, 'POST', '/v4/mall/order', {
        ...auth(schoolA), body: { supplierId: XFSP, deliveryDate: dayOf(new Date(Date.now() + 4 * 86_400_000)), items: [{ skuId: price.body.data.rows.find((p) => p.isCheck === 1)!.skuId, quantity: 2 }] },
      });
      expect(placed.status, placed.body.status_text).toBe(200);
      expect(await supplierFeed.next('OrderCreated')).toEqual({ orgId: XFSP, streamId: `order-${placed.body.data.id}`, type: 'OrderCreated' });
      await act(supplier, placed.body.data.id, { action: 'confirm' });
      expect(await schoolFeed.next('OrderConfirmed')).toEqual({ orgId: A, streamId: `order-${placed.body.data.id}`, type: 'OrderConfirmed' });
    } finally {
      supplierFeed.close();
      schoolFeed.close();
    }
  });
});
