// Issue 34: what operators publish and members see. §5 rich text is sanitised (DOMPurify, the allowed tag list) when
// it comes in and again when it goes out; records show within their schedule; campaigns by member level; group buys
// succeed or fail at their deadline as the server's clock says, and nobody joins after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { memberCall, memberSignIn, openStorefront, staff, type MemberSession } from './storefrontApi.ts';

let server: TestServer;
let admin: Session;
let alice: MemberSession;
let bob: MemberSession;
let now = Date.parse('2026-09-01T08:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date(now) });
  admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
  await openStorefront(server, admin, '阳光鲜果', 'grouponFirst');
  [alice, bob] = [await memberSignIn(server, admin.orgApp!.orgId, '13912350001'), await memberSignIn(server, admin.orgApp!.orgId, '13912350002')];
});
afterAll(async () => { await server?.close(); });

interface Home {
  blocks: { block: string; title?: string }[]; notices: { id: string; body: string }[]; banners: { id: string }[]; articles: { id: string }[];
  campaigns: { id: string; name: string }[]; groupons: { id: string; status: string; joined: number; myQuantity: number | null }[];
  recommendations: { id: string; position: string }[];
}
const home = async (m: MemberSession) => (await memberCall<Home>(server, 'GET', '/v1/storefront/home', m.membertoken)).body.data;

const ATTACK = '<p onclick="alert(1)">秋季<b>水果</b><script>alert(2)</script><img src="x.png" onerror="alert(3)"><a href="javascript:alert(4)">链接</a>'
  + '<iframe src="https://evil.example"></iframe><span style="position:fixed;inset:0">遮罩</span><form action="/steal"><input name="p"></form><svg onload="alert(5)"></svg></p>';
const dangerous = [/<script/i, /onclick/i, /onerror/i, /onload/i, /javascript:/i, /<iframe/i, /style=/i, /<form/i, /<input/i, /<svg/i];

describe('§5 rich text', () => {
  it('is sanitised on the way in: what is stored and shown has no script, handler, frame, form, style or javascript: link', async () => {
    const res = await staff<{ id: string; body: string }>(server, admin, 'POST', '/v4/mall/cms/content', { kind: 'notice', title: '秋季水果通知', body: ATTACK });
    expect(res.status).toBe(200);
    for (const bad of dangerous) expect(res.body.data.body).not.toMatch(bad);
    // the words and the allowed tags stay
    expect(res.body.data.body).toContain('<b>水果</b>');
    expect(res.body.data.body).toContain('<img src="x.png">');
    const stored = await server.store.db.selectFrom('mall_records').select('data').where('record_id', '=', res.body.data.id).executeTakeFirstOrThrow();
    for (const bad of dangerous) expect(JSON.stringify(stored.data)).not.toMatch(bad);
    const article = await staff<{ id: string }>(server, admin, 'POST', '/v4/mall/cms/content', { kind: 'article', title: '吃水果的好处', body: ATTACK });
    const shown = await memberCall<{ body: string }>(server, 'GET', `/v1/storefront/content/${article.body.data.id}`, alice.membertoken);
    expect(shown.status).toBe(200);
    for (const bad of dangerous) expect(shown.body.data.body).not.toMatch(bad);
  });

  it('is sanitised on the way out too: a record written before (here straight into the table) shows clean', async () => {
    const res = await staff<{ id: string }>(server, admin, 'POST', '/v4/mall/cms/content', { kind: 'notice', title: '旧通知', body: '<p>旧</p>' });
    await server.store.db.updateTable('mall_records').set({ data: JSON.stringify({ kind: 'notice', title: '旧通知', body: ATTACK }) })
      .where('record_id', '=', res.body.data.id).execute();
    const notice = (await home(alice)).notices.find((n) => n.id === res.body.data.id)!;
    for (const bad of dangerous) expect(notice.body).not.toMatch(bad);
    await staff(server, admin, 'DELETE', `/v4/mall/cms/content/${res.body.data.id}`);
  });

  it('refuses pictures and links that are not http(s) or the site, and bad input with a readable 400', async () => {
    const cases = [
      { kind: 'banner', title: 'x', imageUrl: 'javascript:alert(1)' },
      { kind: 'banner', title: 'x', imageUrl: 'data:image/svg+xml,<svg onload=alert(1)>' },
      { kind: 'banner', title: 'x', imageUrl: '/a.png', linkUrl: '//evil.example' },
      { kind: 'banner', title: 'x' },
      { kind: 'article', title: 'x', body: '<script>only</script>' },
      { kind: 'notice', title: '  ' },
      { kind: 'notice', title: 'x', startsAt: at(2 * HOUR), endsAt: at(HOUR) },
      { kind: 'poster', title: 'x' },
    ];
    for (const body of cases) {
      const res = await staff(server, admin, 'POST', '/v4/mall/cms/content', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status_text).toBeTruthy();
    }
  });
});

describe('the storefront home', () => {
  it("shows the template's blocks in its layout's order, scheduled records from their time, campaigns of the member's level", async () => {
    const banner = await staff<{ id: string; state: string }>(server, admin, 'POST', '/v4/mall/cms/content', { kind: 'banner', title: '明天上线', imageUrl: '/b.png', startsAt: at(HOUR) });
    expect(banner.body.data.state).toBe('scheduled');
    const rec = await staff<{ id: string }>(server, admin, 'POST', '/v4/mall/recommend', { position: 'top', productId: 'sku-apple', title: '烟台苹果', sort: 1, endsAt: at(2 * HOUR) });
    const lv1 = await staff<{ id: string }>(server, admin, 'POST', '/v4/mall/campaign', { name: '开学九折', kind: 'discount', percentOff: 10, levels: ['LV1'], startsAt: at(-HOUR), endsAt: at(24 * HOUR) });
    const lv2 = await staff<{ id: string }>(server, admin, 'POST', '/v4/mall/campaign', { name: '金卡满减', kind: 'coupon', amountOff: 5, threshold: 50, levels: ['LV2'], startsAt: at(-HOUR), endsAt: at(24 * HOUR) });
    expect([banner.status, rec.status, lv1.status, lv2.status]).toEqual([200, 200, 200, 200]);

    let h = await home(alice);
    expect(h.blocks.map((b) => b.block).slice(0, 2)).toEqual(['banners', 'groupons']);
    expect(h.banners.map((b) => b.id)).not.toContain(banner.body.data.id);
    expect(h.recommendations.map((r) => r.id)).toEqual([rec.body.data.id]);
    expect(h.campaigns.map((c) => c.name)).toEqual(['开学九折']);
    // the operator's preview at the banner's time shows it, and every level's campaigns
    const preview = await staff<Home>(server, admin, 'GET', `/v4/mall/cms/preview?at=${encodeURIComponent(at(HOUR))}`);
    expect(preview.body.data.banners.map((b) => b.id)).toContain(banner.body.data.id);
    expect(preview.body.data.campaigns.map((c) => c.name).sort()).toEqual(['金卡满减', '开学九折'].sort());

    now += 90 * 60_000;
    h = await home(alice);
    expect(h.banners.map((b) => b.id)).toContain(banner.body.data.id);
    now += 60 * 60_000;
    expect((await home(alice)).recommendations).toEqual([]);
    // a hidden block is left out
    await staff(server, admin, 'PUT', '/v4/mall/cms/template', { layout: 'newsFirst', shopName: '阳光鲜果', open: true, blocks: [{ block: 'articles', hidden: true }, { block: 'notices', title: '学校通知' }] });
    h = await home(alice);
    expect(h.blocks[0]).toEqual({ block: 'notices', title: '学校通知' });
    expect(h.blocks.map((b) => b.block)).not.toContain('articles');
  });
});

describe('group buys', () => {
  const terms = (over: Record<string, unknown> = {}) => ({ title: '阳光玫瑰葡萄团', productId: 'sku-grape', unitPrice: 39.9, groupPrice: 29.9, minPeople: 2, deadline: at(2 * HOUR), ...over });

  it('succeeds at its deadline when enough joined; fails when not; no one joins or leaves after it', async () => {
    const ok = (await staff<{ id: string }>(server, admin, 'POST', '/v4/mall/groupon', terms())).body.data.id;
    const short = (await staff<{ id: string }>(server, admin, 'POST', '/v4/mall/groupon', terms({ title: '榴莲团', minPeople: 3 }))).body.data.id;
    const join = (m: MemberSession, id: string, quantity = 1) => memberCall<{ joined: number; myQuantity: number; status: string }>(server, 'POST', `/v1/storefront/groupon/${id}/join`, m.membertoken, { quantity });
    expect((await join(alice, ok, 2)).body.data).toMatchObject({ joined: 1, myQuantity: 2, status: 'open' });
    // the operator may not change the terms under a member's feet
    expect((await staff(server, admin, 'PUT', `/v4/mall/groupon/${ok}`, terms({ groupPrice: 9.9 }))).status).toBe(409);
    expect((await join(bob, ok)).body.data.joined).toBe(2);
    expect((await join(alice, short)).status).toBe(200);
    expect((await join(bob, short)).status).toBe(200);
    expect((await memberCall(server, 'POST', `/v1/storefront/groupon/${short}/leave`, bob.membertoken)).status).toBe(200);
    expect((await join(bob, ok, 100)).status).toBe(400);

    now += 2 * HOUR;
    // past the deadline, before anyone settled it: no joining
    expect((await join(bob, short)).status).toBe(409);
    const mine = await memberCall<{ rows: { id: string; status: string; myQuantity: number }[] }>(server, 'GET', '/v1/storefront/mine/groupons', alice.membertoken);
    const byId = new Map(mine.body.data.rows.map((g) => [g.id, g]));
    expect(byId.get(ok)).toMatchObject({ status: 'succeeded', myQuantity: 2 });
    expect(byId.get(short)).toMatchObject({ status: 'failed' });
    const detail = await staff<{ status: string; participants: { name: string; quantity: number }[] }>(server, admin, 'GET', `/v4/mall/groupon/${ok}`);
    expect(detail.body.data.status).toBe('succeeded');
    expect(detail.body.data.participants.map((p) => p.quantity).sort()).toEqual([1, 2]);
    // the success is an event with what each member's order is to be, at the group price
    const ev = await server.store.db.selectFrom('events').select('data').where('type', '=', 'GrouponSucceeded').executeTakeFirstOrThrow();
    expect(ev.data).toMatchObject({ groupPrice: 29.9, participants: expect.arrayContaining([{ memberId: alice.memberId, quantity: 2 }]) });
    expect((await staff(server, admin, 'POST', `/v4/mall/groupon/${ok}/cancel`)).status).toBe(409);
  });

  it('refuses bad terms: group price not below the price, too few people, a deadline passed', async () => {
    for (const bad of [terms({ groupPrice: 39.9 }), terms({ minPeople: 1 }), terms({ deadline: at(-HOUR) }), terms({ unitPrice: 0.001 }), terms({ maxPeople: 1 })]) {
      const res = await staff(server, admin, 'POST', '/v4/mall/groupon', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('a full group closes without waiting for its deadline; a cancelled one takes no one', async () => {
    const full = (await staff<{ id: string }>(server, admin, 'POST', '/v4/mall/groupon', terms({ maxPeople: 2, deadline: at(48 * HOUR) }))).body.data.id;
    await memberCall(server, 'POST', `/v1/storefront/groupon/${full}/join`, alice.membertoken, {});
    await memberCall(server, 'POST', `/v1/storefront/groupon/${full}/join`, bob.membertoken, {});
    const g = await memberCall<{ status: string }>(server, 'GET', `/v1/storefront/groupon/${full}`, bob.membertoken);
    expect(g.body.data.status).toBe('succeeded');
    const gone = (await staff<{ id: string }>(server, admin, 'POST', '/v4/mall/groupon', terms({ deadline: at(48 * HOUR) }))).body.data.id;
    expect((await staff<{ status: string }>(server, admin, 'POST', `/v4/mall/groupon/${gone}/cancel`)).body.data.status).toBe('cancelled');
    expect((await memberCall(server, 'POST', `/v1/storefront/groupon/${gone}/join`, alice.membertoken, {})).status).toBe(409);
  });
});
