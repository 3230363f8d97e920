// Issue 27 finding 6, as the probe tried it: a ticket taken before logout still opened GET /v1/events after it;
// open streams kept delivering after logout, disabling, role removal and removal from the org; one user opened
// 5,000 streams; every member heard every event type and stream id of his org, and every org heard org-xfsp's
// SkuPriceCreated/Decided. Now a ticket and its streams die with the session and the standing (closed within 5 s),
// a session holds a few streams at most, and each event reaches only those who may read what it is about.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, DEMO, SCHOOL_A, signIn, type Session } from './usersApi.ts';
import { openLiveFeed } from './liveClient.ts';
import { LIVE_LIMITS } from '../../domain/liveAudience.ts';
import { newProduct, purchaserGroups, type Price } from './mallApi.ts';
import { orderParties, inDays, SUPPLIER_ORG } from './ordersApi.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

const auth = (s: Session) => ({ token: s.token, key: s.key });
const ticketOf = async (s: Session) => call<{ ticket: string }>(server, 'POST', '/v1/live/ticket', auth(s));
const userIdOf = async (username: string) =>
  (await server.store.db.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirstOrThrow()).user_id;
/** Lets notices that are on their way arrive (the feeds read in the background). */
const settle = (ms = 1_500) => new Promise((r) => setTimeout(r, ms));

describe('each event reaches only members whose powers cover its module (issue 27 finding 6)', () => {
  it("the dietitian hears no order of his school, the purchaser no recipe category; each hears his own module's", async () => {
    const parties = await orderParties(server);
    const dietitian = await signIn(server, DEMO.dietitian, SCHOOL_A);
    const purchaserFeed = await openLiveFeed(server, parties.school);
    const dietitianFeed = await openLiveFeed(server, dietitian);
    try {
      const [a] = parties.prices;
      const placed = await call(server, 'POST', '/v4/mall/order', {
        ...auth(parties.school), body: { supplierId: SUPPLIER_ORG, deliveryDate: inDays(3), items: [{ skuId: a.skuId, quantity: 1 }] },
      });
      expect(placed.status, placed.body.status_text).toBe(200);
      expect(await purchaserFeed.next('OrderCreated')).toMatchObject({ orgId: 'org-ygsy' });

      const category = await call(server, 'POST', '/v2/category', { ...auth(dietitian), body: { groupName: 'menuCategory', name: '汤羹' } });
      expect(category.status, category.body.status_text).toBe(200);
      expect(await dietitianFeed.next('CategoryCreated')).toMatchObject({ orgId: 'org-ygsy' });
      await settle();
      expect(dietitianFeed.seen().filter((m) => m.type.startsWith('Order'))).toEqual([]);
      expect(purchaserFeed.seen().filter((m) => m.type.startsWith('Category'))).toEqual([]);
    } finally {
      purchaserFeed.close();
      dietitianFeed.close();
    }
  });

  it("an unrelated org of the area hears nothing of org-xfsp's prices; the bureau and the buying school do", async () => {
    const supplier = await signIn(server, DEMO.supplier);
    const bureau = await signIn(server, DEMO.bureau);
    const school = await signIn(server, DEMO.purchaser, SCHOOL_A);
    // the platform's member sees every module, so only the org's audience can keep the notice from him
    const trial = await signIn(server, DEMO.provider, '体验学校');
    const delivery = await signIn(server, DEMO.provider, '集采配送中心');
    const feeds = await Promise.all([bureau, school, trial, delivery].map((s) => openLiveFeed(server, s)));
    const [bureauFeed, schoolFeed, trialFeed, deliveryFeed] = feeds;
    try {
      const { withApproval } = await purchaserGroups(server, supplier);
      const { skuIds: [sku] } = await newProduct(server, supplier, '紫甘蓝', 1);
      const created = await call<{ rows: Price[] }>(server, 'POST', '/v5/mall/sku/price', { ...auth(supplier), body: { skuPrice: [{ skuId: sku, price: 6.6, roleGroupId: withApproval.roleGroupId }] } });
      expect(created.status, created.body.status_text).toBe(200);
      expect(await bureauFeed.next('SkuPriceCreated')).toMatchObject({ orgId: 'org-cdjyj' });
      const decided = await call(server, 'PUT', '/v5/mall/sku/price', { ...auth(bureau), body: { isCheckPrice: true, skuPrice: [{ id: created.body.data.rows[0].id, isCheck: 1 }] } });
      expect(decided.status, decided.body.status_text).toBe(200);
      expect(await schoolFeed.next('SkuPriceDecided')).toMatchObject({ orgId: 'org-ygsy' });
      await settle();
      for (const feed of [trialFeed, deliveryFeed]) expect(feed.seen().filter((m) => m.type.startsWith('SkuPrice'))).toEqual([]);
    } finally {
      for (const f of feeds) f.close();
    }
  });
});

describe('a session holds a few streams at most (issue 27 finding 6)', () => {
  it('the probe\'s 5,000-stream attempt is refused with 429 after the cap', async () => {
    const s = await signIn(server, DEMO.supplier);
    const feeds = [];
    try {
      for (let i = 0; i < LIVE_LIMITS.streamsPerSession; i++) feeds.push(await openLiveFeed(server, s));
      let refused = 0;
      for (let i = 0; i < 20; i++) {
        const ticket = await ticketOf(s);
        if (ticket.status === 429) {
          refused += 1;
          expect(ticket.body.status_text).toBe('实时更新连接过多，请关闭其他窗口后再试');
          continue;
        }
        const res = await fetch(`${server.url}/v1/events?ticket=${ticket.body.data.ticket}`);
        expect(res.status).toBe(429);
        await res.body?.cancel();
        refused += 1;
      }
      expect(refused).toBe(20);
    } finally {
      for (const f of feeds) f.close();
    }
    // closing gives the places back
    await settle(500);
    const again = await openLiveFeed(server, s);
    again.close();
  });
});

describe('a ticket and its streams die with the session and the standing (issue 27 finding 6)', () => {
  it('a ticket taken before logout opens nothing after it; an open stream ends within 5 s of logout', async () => {
    const s = await signIn(server, DEMO.salesman);
    const feed = await openLiveFeed(server, s);
    const ticket = await ticketOf(s);
    expect(ticket.status).toBe(200);
    expect((await call(server, 'POST', '/v2/passport/logout', { token: s.token })).status).toBe(200);
    expect(await feed.ended(5_000)).toBe(true);
    const res = await fetch(`${server.url}/v1/events?ticket=${ticket.body.data.ticket}`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it("the org disabling him ends his stream within 5 s", async () => {
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    const dietitian = await signIn(server, DEMO.dietitian, SCHOOL_A);
    const feed = await openLiveFeed(server, dietitian);
    const res = await call(server, 'PUT', `/v2/users/${DEMO.dietitian}`, { ...auth(admin), body: { enable: false } });
    expect(res.status, res.body.status_text).toBe(200);
    expect(await feed.ended(5_000)).toBe(true);
  });

  it('taking his role ends his stream within 5 s', async () => {
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const feed = await openLiveFeed(server, purchaser);
    const res = await call(server, 'DELETE', `/v2/roles/${await userIdOf(DEMO.purchaser)}`, { ...auth(admin), body: { roleName: 'purchaser' } });
    expect(res.status, res.body.status_text).toBe(200);
    expect(await feed.ended(5_000)).toBe(true);
  });

  it('removing him from the org ends his stream within 5 s', async () => {
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    const userAdmin = await signIn(server, DEMO.userAdmin, SCHOOL_A);
    const feed = await openLiveFeed(server, userAdmin);
    const res = await call(server, 'DELETE', `/v2/users/${await userIdOf(DEMO.userAdmin)}`, auth(admin));
    expect(res.status, res.body.status_text).toBe(200);
    expect(await feed.ended(5_000)).toBe(true);
  });
});
