// Issue 34, attack tests first: a member token is never a staff token and a staff token never a member's; a storefront
// code signs in to no staff account and a staff code to no storefront; an operator reaches only his own org's
// storefront records, and only in an org that sells to members and with the screen's power; a member only his org's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { drawCaptcha, memberCall, memberSignIn, openStorefront, staff, storefrontCode, type MemberSession } from './storefrontApi.ts';

let server: TestServer;
let adminA: Session;
let adminB: Session;
let member: MemberSession;
const PARENT = '13912340001';

beforeAll(async () => {
  server = await startTestServer();
  // the platform looks after school B's storefront (its code-999 role passes the screens; the org is a school)
  [adminA, adminB] = await Promise.all([signIn(server, DEMO.schoolAdmin, SCHOOL_A), signIn(server, DEMO.provider, SCHOOL_B)]);
  if (adminB.orgApp?.orgName !== SCHOOL_B) throw new Error('the platform is not in school B');
  await openStorefront(server, adminA, '阳光鲜果');
  member = await memberSignIn(server, adminA.orgApp!.orgId, PARENT);
});
afterAll(async () => { await server?.close(); });

describe('member and staff tokens stay apart', () => {
  it('a new phone signs in by SMS and becomes a member of the org at the first level (LV1), in membersManage', async () => {
    expect(member.level).toBe('LV1');
    expect(member.orgId).toBe(adminA.orgApp!.orgId);
    const list = await staff<{ rows: { phoneNumber: string; config: { level: string } }[] }>(server, adminA, 'GET', `/v1/productmembers?keyword=${PARENT}`);
    expect(list.body.data.rows).toEqual([expect.objectContaining({ phoneNumber: PARENT, config: expect.objectContaining({ level: 'LV1' }) })]);
    // signing in again is the same member
    const again = await memberSignIn(server, adminA.orgApp!.orgId, PARENT);
    expect(again.memberId).toBe(member.memberId);
    expect((await memberCall(server, 'GET', '/v1/storefront/me', again.membertoken)).body.data).toMatchObject({ memberId: member.memberId });
  });

  it('a member token opens no staff route, as accesstoken or anywhere else', async () => {
    const asStaff = { token: member.membertoken, key: adminA.key };
    expect((await call(server, 'GET', '/v4/mall/cms/template', asStaff)).status).toBe(401);
    expect((await call(server, 'GET', '/v1/productmembers', asStaff)).status).toBe(401);
    expect((await call(server, 'GET', '/v2/users/org/app', { token: member.membertoken })).status).toBe(401);
    // nor when sent in its own header to a staff route
    const res = await fetch(`${server.url}/v4/mall/cms/template`, { headers: { membertoken: member.membertoken, key: adminA.key! } });
    expect(res.status).toBe(401);
  });

  it('a staff token opens no storefront: not as membertoken, not dressed as one, not as accesstoken', async () => {
    expect((await memberCall(server, 'GET', '/v1/storefront/home', adminA.token)).status).toBe(401);
    expect((await memberCall(server, 'GET', '/v1/storefront/home', `mb_${adminA.token}`)).status).toBe(401);
    expect((await memberCall(server, 'GET', '/v1/storefront/home', undefined, undefined, { accesstoken: adminA.token, key: adminA.key! })).status).toBe(401);
    expect((await memberCall(server, 'GET', '/v1/storefront/home', 'mb_made-up')).status).toBe(401);
  });

  it("a storefront code signs no one in to the console, and a console code no one in to the storefront", async () => {
    const orgId = adminA.orgApp!.orgId;
    // the purchaser is a staff user: a storefront code of his phone is not his console password
    const code = await storefrontCode(server, orgId, DEMO.purchaser);
    const staffLogin = await call(server, 'POST', '/v1/passport/login', { body: { username: DEMO.purchaser, password: code, type: 'loginsmscode' } });
    expect(staffLogin.status).toBe(400);
    // a console sign-in code does not open the storefront
    const sent = await call(server, 'POST', '/v1/passport/smscode', { body: { phoneNumber: DEMO.salesman, type: 'loginsmscode' } });
    expect(sent.status).toBe(200);
    const consoleCode = server.sms.latest(DEMO.salesman)!;
    const memberLogin = await memberCall(server, 'POST', '/v1/storefront/login', undefined, { orgId, phoneNumber: DEMO.salesman, smscode: consoleCode });
    expect(memberLogin.status).toBe(400);
  });

  it('codes need the captcha, a wrong one is refused; a closed storefront takes no sign-in', async () => {
    const orgId = adminA.orgApp!.orgId;
    expect((await memberCall(server, 'POST', '/v1/storefront/smscode', undefined, { orgId, phoneNumber: '13912340002' })).status).toBe(400);
    await drawCaptcha(server, '13912340002');
    const wrong = await memberCall(server, 'POST', '/v1/storefront/smscode', undefined, { orgId, phoneNumber: '13912340002', captcha: 'zzzz' });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.status).toBeLessThan(500);
    expect(server.sms.latest('13912340002')).toBeUndefined();
    // school B never opened its storefront; an unknown org is answered alike
    const orgB = adminB.orgApp!.orgId;
    const captcha = await drawCaptcha(server, '13912340003');
    const closed = await memberCall(server, 'POST', '/v1/storefront/smscode', undefined, { orgId: orgB, phoneNumber: '13912340003', captcha });
    expect(closed.status).toBe(404);
    expect((await memberCall(server, 'GET', `/v1/storefront/shop/${orgB}`, undefined)).status).toBe(404);
    expect((await memberCall(server, 'GET', '/v1/storefront/shop/no-such-org', undefined)).status).toBe(404);
    expect((await memberCall<{ shopName: string }>(server, 'GET', `/v1/storefront/shop/${orgId}`, undefined)).body.data.shopName).toBe('阳光鲜果');
    // a wrong code is a 400 and leaves no session
    const bad = await memberCall(server, 'POST', '/v1/storefront/login', undefined, { orgId, phoneNumber: PARENT, smscode: '000000' });
    expect(bad.status).toBe(400);
  });

  it('signing out ends the member token; a member removed by the org is signed out too', async () => {
    const s = await memberSignIn(server, adminA.orgApp!.orgId, '13912340004');
    expect((await memberCall(server, 'POST', '/v1/storefront/logout', s.membertoken)).status).toBe(200);
    expect((await memberCall(server, 'GET', '/v1/storefront/me', s.membertoken)).status).toBe(401);
    const t = await memberSignIn(server, adminA.orgApp!.orgId, '13912340005');
    expect((await staff(server, adminA, 'DELETE', '/v1/productmembers', { ids: [t.memberId] })).status).toBe(200);
    expect((await memberCall(server, 'GET', '/v1/storefront/home', t.membertoken)).status).toBe(401);
  });
});

describe('operators: their org, an org that sells to members, the screen power', () => {
  it("another org's operator neither sees nor changes the org's records; its members see none of them", async () => {
    const banner = await staff<{ id: string }>(server, adminA, 'POST', '/v4/mall/cms/content', { kind: 'banner', title: '新学期水果', imageUrl: '/img/fruit.png' });
    expect(banner.status).toBe(200);
    const id = banner.body.data.id;
    expect((await staff<{ rows: unknown[] }>(server, adminB, 'GET', '/v4/mall/cms/content')).body.data.rows).toEqual([]);
    expect((await staff(server, adminB, 'PUT', `/v4/mall/cms/content/${id}`, { kind: 'banner', title: 'x', imageUrl: '/x.png' })).status).toBe(404);
    expect((await staff(server, adminB, 'DELETE', `/v4/mall/cms/content/${id}`)).status).toBe(404);
    const g = await staff<{ id: string }>(server, adminB, 'POST', '/v4/mall/groupon', {
      title: '明德团购', productId: 'p-1', unitPrice: 30, groupPrice: 20, minPeople: 2, deadline: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(g.status).toBe(200);
    // a member of A asks for B's group buy by id: not found, and cannot join it
    expect((await memberCall(server, 'GET', `/v1/storefront/groupon/${g.body.data.id}`, member.membertoken)).status).toBe(404);
    expect((await memberCall(server, 'POST', `/v1/storefront/groupon/${g.body.data.id}/join`, member.membertoken, {})).status).toBe(404);
    expect((await staff(server, adminA, 'GET', `/v4/mall/groupon/${g.body.data.id}`)).status).toBe(404);
    const home = await memberCall<{ banners: { id: string }[]; groupons: unknown[] }>(server, 'GET', '/v1/storefront/home', member.membertoken);
    expect(home.body.data.banners.map((b) => b.id)).toEqual([id]);
    expect(home.body.data.groupons).toEqual([]);
  });

  it('an org that does not sell to members is refused whatever it holds; a member of staff without the screen too', async () => {
    const supplier = await signIn(server, DEMO.supplier);
    for (const [m, p] of [['GET', '/v4/mall/cms/content'], ['GET', '/v4/mall/groupon'], ['PUT', '/v4/mall/cms/template']] as const) {
      const res = await staff(server, supplier, m, p, m === 'PUT' ? { layout: 'classic', shopName: 'x', open: true } : undefined);
      expect(res.status, `${m} ${p}`).toBe(403);
    }
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    expect((await staff(server, purchaser, 'POST', '/v4/mall/cms/content', { kind: 'notice', title: 'x', body: 'y' })).status).toBe(403);
    expect((await staff(server, purchaser, 'POST', '/v4/mall/campaign', { name: 'x', kind: 'gift', gift: 'y' })).status).toBe(403);
  });
});
