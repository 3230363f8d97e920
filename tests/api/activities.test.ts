// Issue 34, activityList over real HTTP, attacks first: a member sees and signs up only for the activities meant for
// his child's school in his own org, and reads only his own sign-up; the staff routes refuse a roleless member of the
// org, a trial applicant and another org's admin (403, or 404 for an id of another org); twenty parallel sign-ups never
// pass the capacity; a cancel lets the first waiting member in; the deadline, bad input and a stale version are
// readable 4xx. The trial sandbox's activities reach no real school and no real member. Beside them, the storefront's
// orders per client address (a proxy the server trusts names the address, so each test orders from its own).
// The server's clock is the test's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { fixtureMembers, memberCall, openStorefront, staff, type MemberSession } from './storefrontApi.ts';
import { runCommand } from '../../server/store/command.ts';
import { appendToStream } from '../../server/store/eventStore.ts';
import type { ActivityRow, MemberActivity, SignUpRow } from '../../contracts/activities.ts';
import { orderDaysOf } from '../../domain/fruitMall.ts';
import { dayOf } from '../../domain/priceCycle.ts';

const FRUIT_ORG = 'org-xgy';
const ORG_A = 'org-ygsy';
const ORG_B = 'org-mdzx';
const DAY = 86_400_000;
const ORDERS_PER_ADDRESS = 3;
let now = Date.now();
let server: TestServer;
let fruit: Session;
let adminA: Session;
let platformB: Session;

const at = (days: number) => new Date(now + days * DAY).toISOString();
const terms = (over: Record<string, unknown> = {}) => ({
  title: '开放厨房日', description: '<p>走进<b>后厨</b></p><script>alert(1)</script>', place: '食堂', startsAt: at(10), endsAt: at(10.1), signUpBy: at(8), capacity: 5, ...over,
});
const list = <T>(s: Session, path: string) => staff<{ rows: T[] }>(server, s, 'GET', path);
const mine = (m: MemberSession) => memberCall<{ rows: MemberActivity[] }>(server, 'GET', '/v1/storefront/activities', m.membertoken);
const signUp = (m: MemberSession, id: string, seats?: number) => memberCall<MemberActivity>(server, 'POST', `/v1/storefront/activities/${id}/signup`, m.membertoken, seats ? { seats } : {});

/** The SMS notices (no code) the dev outbox holds for a phone: what the members were told (server/modules/activities/notify.ts). */
const smsNotices = async (phone: string) =>
  (await call<{ rows: { template: string; params: Record<string, string> }[] }>(server, 'GET', `/v1/dev/smsnotices?phoneNumber=${phone}`)).body.data.rows;

/** A published activity of the session's org. */
async function published(s: Session, over: Record<string, unknown> = {}): Promise<ActivityRow> {
  const made = await staff<ActivityRow>(server, s, 'POST', '/v1/activities', terms(over));
  if (made.status !== 200) throw new Error(`creating an activity: ${made.body.status_text}`);
  const res = await staff<ActivityRow>(server, s, 'POST', `/v1/activities/${made.body.data.id}/state`, { action: 'publish' });
  if (res.status !== 200) throw new Error(`publishing: ${res.body.status_text}`);
  return res.body.data;
}

/** a fruit order for a child of `schoolOrgId` on the first school day ahead, sent from the client address `from` */
async function orderFruit(m: MemberSession, schoolOrgId: string, from: string) {
  const offer = await memberCall<{ items: { skuId: string }[] }>(server, 'GET', '/v1/storefront/fruit/offer', m.membertoken);
  const holidays = (await server.store.db.selectFrom('holidays').select(['date', 'type']).execute()).map((h) => ({ date: String(h.date), type: h.type }));
  const day = Array.from({ length: 30 }, (_, i) => dayOf(new Date(now + (i + 1) * DAY))).find((d) => orderDaysOf('day', d, holidays).length)!;
  return memberCall(server, 'POST', '/v1/storefront/orders', m.membertoken, {
    skuId: offer.body.data.items[0]!.skuId, child: { name: '小明', schoolOrgId, grade: '三年级', className: '2班' }, plan: 'day', startDay: day, quantity: 1, payment: 'offline',
  }, { 'x-forwarded-for': from });
}

/** A member of the fruit org who ordered fruit for a child of `schoolOrgId` (what tells the server his child's school). */
let parents = 0;
async function fruitParent(phone: string, schoolOrgId: string): Promise<MemberSession> {
  const [m] = await fixtureMembers(server, FRUIT_ORG, [phone]);
  const order = await orderFruit(m!, schoolOrgId, `198.51.100.${++parents}`);
  if (order.status !== 200) throw new Error(`ordering: ${order.body.status_text}`);
  return m!;
}

/** A member of 阳光实验小学 holding no role there (the second supplier's user, joined without one), as routeMatrix makes him. */
async function rolelessMember(): Promise<Session> {
  const db = server.store.db;
  const user = await db.selectFrom('users').select('user_id').where('username', '=', DEMO.supplier2).executeTakeFirstOrThrow();
  const app = await db.selectFrom('org_apps').select('app_id').where('org_id', '=', ORG_A).executeTakeFirstOrThrow();
  await runCommand(db, (tx) => appendToStream(tx, {
    orgId: ORG_A, streamId: `member-${ORG_A}-${user.user_id}`, streamType: 'member', expectedVersion: 0, meta: { time: new Date().toISOString(), route: 'test' },
    events: [{ type: 'UserJoinedOrgApp', data: { orgId: ORG_A, appId: app.app_id, userId: user.user_id, extraInfo: {} } }],
  }));
  return signIn(server, DEMO.supplier2, SCHOOL_A);
}

/** A trial applicant: signs up in the demo trial org (org-tyxx) and takes its key, as the trial flow does. */
async function trialApplicant(): Promise<Session & { orgId: string }> {
  const phoneNumber = `139${String(Date.now()).slice(-8)}`;
  await call(server, 'POST', '/v1/passport/smscode', { body: { phoneNumber, type: 'register' } });
  const smscode = (await call<{ code: string }>(server, 'GET', `/v1/dev/smsoutbox?phoneNumber=${phoneNumber}`)).body.data.code;
  const { app_id: appId } = await server.store.db.selectFrom('org_apps').select('app_id').where('org_id', '=', 'org-tyxx').executeTakeFirstOrThrow();
  const made = await call<{ accesstoken: string; userId: string }>(server, 'POST', '/v1/passport/formuser', { body: { appId, orgId: 'org-tyxx', phoneNumber, smscode, roleCode: '2' } });
  if (made.status !== 200) throw new Error(`trial sign-up: ${made.body.status_text}`);
  const token = made.body.data.accesstoken;
  const key = (await call<{ key: string }>(server, 'POST', '/v1/token/orgappkey/encrypt', { token, body: { orgId: 'org-tyxx', appId } })).body.data.key;
  return { token, key, userId: made.body.data.userId, orgId: 'org-tyxx' };
}

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date(now), trustProxy: ['127.0.0.1', '::1'], anonymousLimits: { storefrontOrdersPerAddress: ORDERS_PER_ADDRESS } });
  [fruit, adminA, platformB] = await Promise.all([signIn(server, DEMO.fruit), signIn(server, DEMO.schoolAdmin, SCHOOL_A), signIn(server, DEMO.provider, SCHOOL_B)]);
  await Promise.all([openStorefront(server, adminA, '阳光小卖部'), openStorefront(server, platformB, '明德会员')]);
});
afterAll(async () => { await server?.close(); });

describe('members: their org, their child\'s school, their own sign-up', () => {
  it('a fruit org\'s parent sees the activities for his child\'s school only; another school\'s is not found, not even to sign up', async () => {
    const [forA, forB] = [await published(fruit, { title: '阳光营养周', audience: [ORG_A] }), await published(fruit, { title: '明德营养周', audience: [ORG_B] })];
    const [parentA, parentB] = [await fruitParent('13950000001', ORG_A), await fruitParent('13950000002', ORG_B)];
    expect((await mine(parentA)).body.data.rows.map((a) => a.id)).not.toContain(forB.id);
    expect((await mine(parentA)).body.data.rows.map((a) => a.id)).toContain(forA.id);
    expect((await mine(parentB)).body.data.rows.map((a) => a.id)).not.toContain(forA.id);
    const refused = await signUp(parentA, forB.id);
    expect([refused.status, refused.body.status_text]).toEqual([404, '活动不存在']);
    // a member who never ordered has no child the org knows of: nothing meant for a school
    const [stranger] = await fixtureMembers(server, FRUIT_ORG, ['13950000003']);
    expect((await mine(stranger!)).body.data.rows.map((a) => a.id)).not.toContain(forA.id);
    expect((await signUp(stranger!, forA.id)).status).toBe(404);
    // the description is sanitised on the way in and out
    const row = (await mine(parentA)).body.data.rows.find((a) => a.id === forA.id)!;
    expect(row.description).toBe('<p>走进<b>后厨</b></p>');
  });

  it("a school's member sees none of another school's activities; a draft is seen by no one", async () => {
    const b = await published(platformB, { title: '明德开放日' });
    const draft = (await staff<ActivityRow>(server, platformB, 'POST', '/v1/activities', terms({ title: '草稿' }))).body.data;
    const [memberB] = await fixtureMembers(server, ORG_B, ['13950000010']);
    const a = await published(adminA, { title: '阳光开放日' });
    expect((await mine(memberB!)).body.data.rows.map((r) => r.id)).toEqual(expect.arrayContaining([b.id]));
    expect((await mine(memberB!)).body.data.rows.map((r) => r.id)).not.toContain(a.id);
    expect((await mine(memberB!)).body.data.rows.map((r) => r.id)).not.toContain(draft.id);
    expect((await signUp(memberB!, a.id)).status).toBe(404);
    expect((await signUp(memberB!, draft.id)).status).toBe(404);
  });

  it("a member reads only his own sign-up: never another's, never the staff list", async () => {
    const act = await published(platformB, { title: '只看自己', capacity: 1 });
    const [m1, m2] = await fixtureMembers(server, ORG_B, ['13950000011', '13950000012']);
    expect((await signUp(m1!, act.id)).body.data.mine).toEqual({ seats: 1, status: 'confirmed', waitingNo: null });
    const other = (await mine(m2!)).body.data.rows.find((r) => r.id === act.id)!;
    expect(other.mine).toBeNull();
    expect(JSON.stringify(other)).not.toContain(m1!.memberId);
    expect((await memberCall(server, 'GET', `/v1/activities/${act.id}/signups`, m2!.membertoken)).status).toBe(401);
    expect((await call(server, 'GET', `/v1/activities/${act.id}/signups`, { token: m2!.membertoken, key: platformB.key })).status).toBe(401);
    // one sign-up per member per activity
    const again = await signUp(m1!, act.id);
    expect([again.status, again.body.status_text]).toEqual([409, '您已报名该活动']);
  });
});

describe('the staff routes refuse whoever does not run the activity', () => {
  it('a roleless member of the org, a trial applicant, another org\'s admin and a user admin of another school get 403 or 404 on every staff route', async () => {
    const act = await published(adminA, { title: '只给本校' });
    const [m] = await fixtureMembers(server, ORG_B, ['13950000020']);
    const routes: [string, string, unknown?][] = [
      ['GET', '/v1/activities'], ['GET', '/v1/activities/audience'], ['POST', '/v1/activities', terms()],
      ['PUT', `/v1/activities/${act.id}`, terms({ version: act.version })], ['POST', `/v1/activities/${act.id}/state`, { action: 'cancel' }],
      ['GET', `/v1/activities/${act.id}/signups`], ['PUT', `/v1/activities/${act.id}/signups/${m!.memberId}`, { attendance: 'present' }],
    ];
    const roleless = await rolelessMember();
    const trial = await trialApplicant();
    for (const [method, path, body] of routes) {
      expect((await staff(server, roleless, method, path, body)).status, `roleless ${method} ${path}`).toBe(403);
      expect((await staff(server, trial, method, path, body)).status, `trial ${method} ${path}`).toBe(403);
    }
    // another org's admin (the fruit org's staff, the platform in school B): the activity is not theirs to find
    for (const other of [fruit, platformB]) {
      for (const [method, path, body] of routes.slice(3)) expect((await staff(server, other, method, path, body)).status, `${method} ${path}`).toBe(404);
      expect((await list<ActivityRow>(other, '/v1/activities')).body.data.rows.map((r) => r.id)).not.toContain(act.id);
    }
    // school A's user admin (his role passes the §6 module checks in his own org) reaches no other org's activity
    // either: school B's is not found to him, whatever route he tries
    const userAdminA = await signIn(server, DEMO.userAdmin, SCHOOL_A);
    const ofB = await published(platformB, { title: '明德开放日' });
    for (const [method, path, body] of routes.slice(3)) {
      const other = path.replace(act.id, ofB.id);
      expect((await staff(server, userAdminA, method, other, body && typeof body === 'object' && 'version' in body ? { ...body, version: ofB.version } : body)).status, `user admin ${method} ${other}`).toBe(404);
    }
    expect((await list<ActivityRow>(userAdminA, '/v1/activities')).body.data.rows.map((r) => r.id)).not.toContain(ofB.id);
    // a member token is no staff token
    expect((await call(server, 'GET', '/v1/activities', { token: m!.membertoken, key: adminA.key })).status).toBe(401);
    const still = (await list<ActivityRow>(adminA, '/v1/activities')).body.data.rows.find((r) => r.id === act.id)!;
    expect([still.status, still.title, still.version]).toEqual(['published', '只给本校', act.version]);
  });
});

describe('seats, the waiting list, the deadline, attendance', () => {
  it('twenty parallel sign-ups never pass the capacity; the rest wait in order; a cancel lets the first waiting in', async () => {
    const act = await published(platformB, { title: '限额', capacity: 5 });
    const members = await fixtureMembers(server, ORG_B, Array.from({ length: 20 }, (_, i) => `1396000${String(i).padStart(4, '0')}`));
    const results = await Promise.all(members.map((m) => signUp(m, act.id)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const places = results.map((r) => r.body.data.mine!);
    expect(places.filter((p) => p.status === 'confirmed')).toHaveLength(5);
    expect(places.filter((p) => p.status === 'waiting').map((p) => p.waitingNo).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    const before = (await list<SignUpRow>(platformB, `/v1/activities/${act.id}/signups`)).body.data.rows;
    expect(before.filter((r) => r.status === 'confirmed').reduce((n, r) => n + r.seats, 0)).toBe(5);
    const firstWaiting = before.find((r) => r.waitingNo === 1)!;
    const secondWaiting = before.find((r) => r.waitingNo === 2)!;
    // a confirmed member cancels: the first on the waiting list is in, the second is now first
    const leaver = members.find((m) => m.memberId === before[0]!.memberId)!;
    const left = await memberCall<MemberActivity>(server, 'POST', `/v1/storefront/activities/${act.id}/cancel`, leaver.membertoken);
    expect([left.status, left.body.data.mine]).toEqual([200, null]);
    const after = (await list<SignUpRow>(platformB, `/v1/activities/${act.id}/signups`)).body.data.rows;
    expect(after.find((r) => r.memberId === firstWaiting.memberId)).toMatchObject({ status: 'confirmed', waitingNo: null });
    expect(after.find((r) => r.memberId === secondWaiting.memberId)).toMatchObject({ status: 'waiting', waitingNo: 1 });
    expect(after.filter((r) => r.status === 'confirmed')).toHaveLength(5);
    const promoted = members.find((m) => m.memberId === firstWaiting.memberId)!;
    expect((await mine(promoted)).body.data.rows.find((r) => r.id === act.id)!.mine).toEqual({ seats: 1, status: 'confirmed', waitingNo: null });
    // the promoted member is told by SMS, with the activity and its time; the one still waiting is not
    const phoneOf = (memberId: string) => `1396000${String(members.findIndex((m) => m.memberId === memberId)).padStart(4, '0')}`;
    await expect.poll(() => smsNotices(phoneOf(promoted.memberId)), { timeout: 10_000 })
      .toEqual([{ template: 'activityPromoted', params: { org: expect.any(String), title: '限额', startsAt: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/) } }]);
    expect(await smsNotices(phoneOf(secondWaiting.memberId))).toEqual([]);
    const row = (await list<ActivityRow>(platformB, '/v1/activities')).body.data.rows.find((r) => r.id === act.id)!;
    expect([row.confirmedSeats, row.waiting]).toEqual([5, 14]);
  });

  it('a parent and a child take two seats; past the deadline no one signs up; attendance only on the day, confirmed only', async () => {
    const HOUR = 3_600_000;
    // sign-ups close in a minute, it starts in three hours (tokens live days: the clock moves hours only)
    const act = await published(platformB, { title: '亲子', capacity: 3, seatsPerMember: 2, signUpBy: at(60_000 / DAY), startsAt: at(3 * HOUR / DAY), endsAt: at(4 * HOUR / DAY) });
    const [p1, p2, p3] = await fixtureMembers(server, ORG_B, ['13950000031', '13950000032', '13950000033']);
    const tooMany = await signUp(p1!, act.id, 3);
    expect(tooMany.status).toBe(400);
    expect((await signUp(p1!, act.id, 2)).body.data.mine).toMatchObject({ seats: 2, status: 'confirmed' });
    expect((await signUp(p2!, act.id, 2)).body.data.mine).toMatchObject({ seats: 2, status: 'waiting', waitingNo: 1 });
    const later = await published(platformB, { title: '下周' });
    await signUp(p1!, later.id);
    const early = await staff(server, platformB, 'PUT', `/v1/activities/${later.id}/signups/${p1!.memberId}`, { attendance: 'present' });
    expect([early.status, early.body.status_text]).toEqual([409, '活动当天才能签到']);
    now += 3 * HOUR;
    try {
      const late = await signUp(p3!, act.id);
      expect([late.status, late.body.status_text]).toEqual([409, '报名已截止']);
      const present = await staff<SignUpRow>(server, platformB, 'PUT', `/v1/activities/${act.id}/signups/${p1!.memberId}`, { attendance: 'present' });
      expect([present.status, present.body.data.attendance]).toEqual([200, 'present']);
      const waiting = await staff(server, platformB, 'PUT', `/v1/activities/${act.id}/signups/${p2!.memberId}`, { attendance: 'absent' });
      expect([waiting.status, waiting.body.status_text]).toEqual([409, '只有已确认的报名可以签到']);
    } finally {
      now -= 3 * HOUR;
    }
  });

  it('cancelling an activity shows it cancelled with the reason to those signed up; no one signs up any more', async () => {
    const act = await published(platformB, { title: '取消的活动', capacity: 1 });
    const [m1, m2, m3] = await fixtureMembers(server, ORG_B, ['13950000041', '13950000042', '13950000043']);
    await signUp(m1!, act.id);
    expect((await signUp(m3!, act.id)).body.data.mine?.status).toBe('waiting');
    const cancelled = await staff<ActivityRow>(server, platformB, 'POST', `/v1/activities/${act.id}/state`, { action: 'cancel', reason: '天气原因', version: act.version + 2 });
    expect([cancelled.status, cancelled.body.data.status]).toEqual([200, 'cancelled']);
    // everyone signed up, confirmed or waiting, is told by SMS with the reason; a member not signed up is not
    const told = { template: 'activityCancelled', params: { org: expect.any(String), title: '取消的活动', reason: '天气原因' } };
    await expect.poll(async () => [await smsNotices('13950000041'), await smsNotices('13950000043')], { timeout: 10_000 }).toEqual([[told], [told]]);
    expect(await smsNotices('13950000042')).toEqual([]);
    const seen = (await mine(m1!)).body.data.rows.find((r) => r.id === act.id)!;
    expect([seen.status, seen.cancelReason, seen.mine?.status]).toEqual(['cancelled', '天气原因', 'confirmed']);
    // not signed up: a cancelled activity is gone from his list, and cannot be signed up for
    expect((await mine(m2!)).body.data.rows.map((r) => r.id)).not.toContain(act.id);
    expect((await signUp(m2!, act.id)).status).toBe(404);
    const again = await staff(server, platformB, 'POST', `/v1/activities/${act.id}/state`, { action: 'publish' });
    expect([again.status, again.body.status_text]).toEqual([409, '只有草稿状态的活动可以发布']);
  });
});

describe('bad input and versions', () => {
  it('bad input is a readable 400 with nothing written; a stale version is a 409', async () => {
    const count = async () => Number((await server.store.db.selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const bad: [Record<string, unknown>, string | null][] = [
      [terms({ capacity: 0 }), null], [terms({ title: '' }), null], [terms({ startsAt: 'tomorrow' }), null], [terms({ extra: 1 }), null],
      [terms({ endsAt: at(9) }), '结束时间必须晚于开始时间'], [terms({ signUpBy: at(11) }), '报名截止时间不能晚于活动开始时间'],
      [terms({ title: '   ' }), '活动名称不能为空'], [terms({ audience: [ORG_B] }), '只能面向本机构服务的学校'],
    ];
    for (const [body, text] of bad) {
      const res = await staff(server, adminA, 'POST', '/v1/activities', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (text) expect(res.body.status_text).toBe(text);
      else expect(res.body.status_text).toBeTruthy();
    }
    // a fruit org names only schools it serves
    expect((await staff(server, fruit, 'POST', '/v1/activities', terms({ audience: ['org-xfsp'] }))).body.status_text).toBe('只能面向本机构服务的学校');
    expect((await staff(server, fruit, 'POST', '/v1/activities', terms({ audience: [] }))).body.status_text).toBe('请选择活动面向的学校');
    expect((await staff(server, adminA, 'POST', '/v1/activities/nope/state', { action: 'fly' })).status).toBe(400);
    expect(await count()).toBe(before);

    const made = (await staff<ActivityRow>(server, adminA, 'POST', '/v1/activities', terms({ title: '版本' }))).body.data;
    expect(made.audience).toEqual([{ orgId: ORG_A, name: SCHOOL_A }]);
    const first = await staff<ActivityRow>(server, adminA, 'PUT', `/v1/activities/${made.id}`, terms({ title: '版本一', version: made.version }));
    expect([first.status, first.body.data.title]).toEqual([200, '版本一']);
    const stale = await staff(server, adminA, 'PUT', `/v1/activities/${made.id}`, terms({ title: '版本二', version: made.version }));
    expect(stale.status).toBe(409);
    expect(stale.body.status_text).toMatch(/请刷新后重试/);
    const staleCancel = await staff(server, adminA, 'POST', `/v1/activities/${made.id}/state`, { action: 'cancel', version: made.version });
    expect(staleCancel.status).toBe(409);
  });
});

describe('the trial sandbox', () => {
  it("a trial org's activities and storefront reach no real school and no real member", async () => {
    const trial = await trialApplicant();
    // the applicant's role holds no activity screen: refused before any rule
    expect((await staff(server, trial, 'POST', '/v1/activities', terms({ audience: [ORG_A] }))).status).toBe(403);
    // the trial org's admin (the platform's code 999 passes the screens) still cannot name a real school
    const trialAdmin = await signIn(server, DEMO.provider, '体验学校');
    expect((await staff<unknown[]>(server, trialAdmin, 'GET', '/v1/activities/audience')).body.data).toEqual([]);
    for (const audience of [[ORG_A], [ORG_B], [FRUIT_ORG]]) {
      const res = await staff(server, trialAdmin, 'POST', '/v1/activities', terms({ audience }));
      expect([res.status, res.body.status_text]).toEqual([400, '体验机构的活动只面向本机构的体验会员']);
    }
    const own = await published(trialAdmin, { title: '体验活动' });
    expect(own.audience).toEqual([]);
    // real members of the schools and the fruit org see nothing of it, and cannot sign up
    const [real] = await fixtureMembers(server, ORG_B, ['13950000051']);
    const parent = await fruitParent('13950000052', ORG_A);
    for (const m of [real!, parent]) {
      expect((await mine(m)).body.data.rows.map((r) => r.id)).not.toContain(own.id);
      expect((await signUp(m, own.id)).status).toBe(404);
    }
    // the applicant cannot open (or fill) the sandbox's storefront either
    expect((await staff(server, trial, 'PUT', '/v4/mall/cms/template', { layout: 'classic', shopName: '体验商城', open: true, blocks: [] })).status).toBe(403);
    expect((await staff(server, trial, 'POST', '/v4/mall/cms/content', { kind: 'banner', title: '体验', imageUrl: '/x.png' })).status).toBe(403);
  });
});

describe('storefront orders per client address', () => {
  it('the order past the bound from one address within the window is a 429 with a readable text; another address still orders', async () => {
    const members = await fixtureMembers(server, FRUIT_ORG, ['13950000061', '13950000062', '13950000063', '13950000064', '13950000065']);
    const from = '203.0.113.7';
    const answers = [];
    for (const m of members.slice(0, ORDERS_PER_ADDRESS + 1)) answers.push(await orderFruit(m, ORG_B, from));
    expect(answers.map((r) => r.status)).toEqual([...Array(ORDERS_PER_ADDRESS).fill(200), 429]);
    expect(answers.at(-1)!.body.status_text).toBe('请求过于频繁，请稍后再试');
    const orders = await server.store.db.selectFrom('fruit_orders').select('id').where('member_user_id', '=', members[ORDERS_PER_ADDRESS]!.memberId).execute();
    expect(orders).toEqual([]);
    // in the member's language too
    const en = await memberCall(server, 'POST', '/v1/storefront/orders', members[4]!.membertoken, {}, { 'x-forwarded-for': from, 'accept-language': 'en-US' });
    expect([en.status, en.body.status_text]).toEqual([429, 'Too many requests. Please try again later']);
    expect((await orderFruit(members[4]!, ORG_B, '203.0.113.8')).status).toBe(200);
  });
});
