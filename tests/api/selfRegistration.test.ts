// Issue 27 finding 5, as an outsider tries it: POST /v1/passport/formuser without a roleCode joined any formal org
// (the platform org included) as a roleless member; that member's POST /v1/log/operationlog with 100 entries of
// 190 KB went through three times, and the org's GET /v1/log/operationlog?$limit=5 then answered 57 MB.
// Now: sign-up into a formal org only where its admin switched self-registration on (never the platform org); a
// roleless member writes nothing; operation-log writes are bounded per call, per entry and per member; reading
// answers entries stored before those bounds in bounded size.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, DEMO, SCHOOL_A, signIn, type Session } from './usersApi.ts';
import { runCommand } from '../../server/store/command.ts';
import { appendToStream } from '../../server/store/eventStore.ts';
import { OPERATION_LOG } from '../../domain/constants.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

const auth = (s: Session) => ({ token: s.token, key: s.key });
let phones = 0;
const newPhone = () => `1390001${String(4000 + phones++).padStart(4, '0')}`;

async function appOf(orgId: string): Promise<string> {
  return (await server.store.db.selectFrom('org_apps').select('app_id').where('org_id', '=', orgId).executeTakeFirstOrThrow()).app_id;
}

/** The outsider's sign-up: a register code to his phone, then formuser without a roleCode. */
async function signUp(orgId: string, phone = newPhone()) {
  const appId = await appOf(orgId);
  expect((await call(server, 'POST', '/v1/passport/smscode', { body: { phoneNumber: phone, type: 'register' } })).status).toBe(200);
  const code = (await call<{ code: string }>(server, 'GET', `/v1/dev/smsoutbox?phoneNumber=${phone}`)).body.data.code;
  const res = await call<{ accesstoken: string; userId: string }>(server, 'POST', '/v1/passport/formuser', { body: { orgId, appId, phoneNumber: phone, smscode: code } });
  return { res, phone, appId };
}

async function memberSession(orgId: string, token: string): Promise<Session> {
  const appId = await appOf(orgId);
  const key = await call<{ key: string }>(server, 'POST', '/v1/token/orgappkey/encrypt', { token, body: { orgId, appId } });
  expect(key.status).toBe(200);
  return { token, userId: '', key: key.body.data.key };
}

const entry = (bytes: number) => ({ action: 'export', note: 'x'.repeat(bytes) });

describe('sign-up into formal orgs (issue 27 finding 5)', () => {
  it('a school admin who marks his school an experience org opens it to nobody: only the platform makes an org a trial', async () => {
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    const set = await call(server, 'PUT', '/v1/config/org', { ...auth(admin), body: { path: 'isExperienceOrg', value: true } });
    // whether or not the flag is stored, it neither opens sign-ups nor lets an applicant pick a role
    const phone = newPhone();
    const appId = await appOf('org-ygsy');
    expect((await call(server, 'POST', '/v1/passport/smscode', { body: { phoneNumber: phone, type: 'register' } })).status).toBe(200);
    const code = (await call<{ code: string }>(server, 'GET', `/v1/dev/smsoutbox?phoneNumber=${phone}`)).body.data.code;
    const res = await call(server, 'POST', '/v1/passport/formuser', { body: { orgId: 'org-ygsy', appId, phoneNumber: phone, smscode: code, roleCode: '1' } });
    expect(res.status, `flag ${set.status}`).toBe(403);
    expect(await server.store.db.selectFrom('users').select('user_id').where('username', '=', phone).execute()).toEqual([]);
    if (set.status === 200) await call(server, 'PUT', '/v1/config/org', { ...auth(admin), body: { path: 'isExperienceOrg', value: false } });
  });

  it('a formal org refuses an outsider until its admin switches self-registration on; nobody is created', async () => {
    const { res, phone } = await signUp('org-ygsy');
    expect(res.status).toBe(403);
    expect(res.body.status_text).toBe('该机构未开放自助注册');
    expect(await server.store.db.selectFrom('users').select('user_id').where('username', '=', phone).execute()).toEqual([]);

    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    const set = await call(server, 'PUT', '/v1/config/org', { ...auth(admin), body: { path: 'selfRegistrationEnable', value: true } });
    expect(set.status, set.body.status_text).toBe(200);
    const joined = await signUp('org-ygsy');
    expect(joined.res.status, joined.res.body.status_text).toBe(200);
    // switched off again: the next outsider is refused
    expect((await call(server, 'PUT', '/v1/config/org', { ...auth(admin), body: { path: 'selfRegistrationEnable', value: false } })).status).toBe(200);
    expect((await signUp('org-ygsy')).res.status).toBe(403);
    // the switch is a yes or no
    const odd = await call(server, 'PUT', '/v1/config/org', { ...auth(admin), body: { path: 'selfRegistrationEnable', value: 'yes' } });
    expect(odd.status).toBe(400);
  });

  it('the platform org never takes sign-ups: the switch is refused, and a stored one changes nothing', async () => {
    expect((await signUp('org-platform')).res.status).toBe(403);
    const provider = await signIn(server, DEMO.provider, '营养餐运营平台');
    const set = await call(server, 'PUT', '/v1/config/org', { ...auth(provider), body: { path: 'selfRegistrationEnable', value: true } });
    expect(set.status).toBe(400);
    expect(set.body.status_text).toBe('参数错误：平台机构不能开放自助注册');
    // even if it were stored (an old write, a direct import), the platform org stays closed
    const appId = await appOf('org-platform');
    await runCommand(server.store.db, (tx) => appendToStream(tx, {
      orgId: 'org-platform', streamId: `config-org-platform-${appId}-selfRegistrationEnable`, streamType: 'config', expectedVersion: 'any',
      meta: { userId: 'test', username: 'test', time: new Date().toISOString() } as never,
      events: [{ type: 'OrgConfigSet', data: { appId, path: 'selfRegistrationEnable', value: true } }],
    }));
    const { res, phone } = await signUp('org-platform');
    expect(res.status).toBe(403);
    expect(await server.store.db.selectFrom('users').select('user_id').where('username', '=', phone).execute()).toEqual([]);
  });

  it('a trial org keeps its sign-up (how applicants come in)', async () => {
    const { res } = await signUp('org-tyxx');
    expect(res.status, res.body.status_text).toBe(200);
  });

  it('an existing member may still sign in through formuser where sign-up is off', async () => {
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    await call(server, 'PUT', '/v1/config/org', { ...auth(admin), body: { path: 'selfRegistrationEnable', value: true } });
    const first = await signUp('org-ygsy');
    expect(first.res.status).toBe(200);
    await call(server, 'PUT', '/v1/config/org', { ...auth(admin), body: { path: 'selfRegistrationEnable', value: false } });
    const again = await signUp('org-ygsy', first.phone);
    expect(again.res.status, again.res.body.status_text).toBe(200);
  });
});

describe('a roleless member writes nothing (issue 27 finding 5)', () => {
  it('his operation-log entries and activation are refused, and no event is written', async () => {
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    await call(server, 'PUT', '/v1/config/org', { ...auth(admin), body: { path: 'selfRegistrationEnable', value: true } });
    const { res } = await signUp('org-ygsy');
    expect(res.status).toBe(200);
    const member = await memberSession('org-ygsy', res.body.data.accesstoken);
    const before = await server.store.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', 'org-ygsy').executeTakeFirstOrThrow();
    const log = await call(server, 'POST', '/v1/log/operationlog', { ...auth(member), body: { topic: 'x', log: [entry(10)] } });
    expect(log.status).toBe(403);
    expect(log.body.status_text).toBe('没有该操作的权限');
    expect((await call(server, 'POST', '/v1/users/activation', { ...auth(member), body: { os: 'pc' } })).status).toBe(403);
    const after = await server.store.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', 'org-ygsy').executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // he still reads the shell
    expect((await call(server, 'GET', '/v2/users/checkorg', auth(member))).status).toBe(200);
  });
});

describe('operation-log writes are bounded (issue 27 finding 5)', () => {
  it("the probe's flood (100 entries of 190 KB, three times) is refused with a readable text, and nothing is stored", async () => {
    const member = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const before = await server.store.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', 'OperationLogged').executeTakeFirstOrThrow();
    const flood = Array.from({ length: 100 }, () => entry(190 * 1024));
    for (let i = 0; i < 3; i++) {
      const res = await call(server, 'POST', '/v1/log/operationlog', { ...auth(member), body: { topic: 'flood', log: flood } });
      expect([400, 413]).toContain(res.status);
      expect(res.body.status_text).toMatch(/日志/);
    }
    const after = await server.store.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', 'OperationLogged').executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  }, 60_000);

  it('refuses more entries than the bound, or one entry over its size; takes a full call within both', async () => {
    const member = await signIn(server, DEMO.dietitian, SCHOOL_A);
    const many = await call(server, 'POST', '/v1/log/operationlog', { ...auth(member), body: { log: Array.from({ length: OPERATION_LOG.maxEntries + 1 }, () => entry(10)) } });
    expect(many.status).toBe(400);
    expect(many.body.status_text).toBe(`参数错误：body.log must NOT have more than ${OPERATION_LOG.maxEntries} items`);
    const big = await call(server, 'POST', '/v1/log/operationlog', { ...auth(member), body: { log: [entry(10), entry(OPERATION_LOG.maxEntryBytes)] } });
    expect(big.status).toBe(400);
    expect(big.body.status_text).toBe(`参数错误：第 2 条操作日志超过 ${OPERATION_LOG.maxEntryBytes / 1024} KB`);
    const full = await call(server, 'POST', '/v1/log/operationlog', {
      ...auth(member), body: { topic: 'export', log: Array.from({ length: OPERATION_LOG.maxEntries }, () => entry(OPERATION_LOG.maxEntryBytes - 100)) },
    });
    expect(full.status, full.body.status_text).toBe(200);
  });

  it('a member who keeps writing is held back (429) after the per-member limit; another member is not', async () => {
    const member = await signIn(server, DEMO.userAdmin, SCHOOL_A);
    const statuses: number[] = [];
    let last = { status_text: '' };
    for (let i = 0; i < OPERATION_LOG.callsPerMinute + 1; i++) {
      const res = await call(server, 'POST', '/v1/log/operationlog', { ...auth(member), body: { log: [entry(10)] } });
      statuses.push(res.status);
      last = res.body;
    }
    expect(statuses.slice(0, OPERATION_LOG.callsPerMinute).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(last.status_text).toBe('操作日志写入过于频繁，请稍后再试');
    const other = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    expect((await call(server, 'POST', '/v1/log/operationlog', { ...auth(other), body: { log: [entry(10)] } })).status).toBe(200);
  });

  it('entries stored before the bounds are answered in bounded size: $limit=5 is not megabytes', async () => {
    const huge = Array.from({ length: 100 }, () => entry(190 * 1024));
    for (let i = 0; i < 3; i++) {
      await runCommand(server.store.db, (tx) => appendToStream(tx, {
        orgId: 'org-mdzx', streamId: 'operationLog-org-mdzx', streamType: 'operationLog', expectedVersion: 'any',
        meta: { userId: crypto.randomUUID(), username: 'old', time: new Date().toISOString() } as never,
        events: [{ type: 'OperationLogged', data: { topic: 'old', orgName: '', orgType: '', username2: '', log: huge } }],
      }));
    }
    const admin = await signIn(server, DEMO.provider, '明德中学');
    const res = await fetch(`${server.url}/v1/log/operationlog?$limit=5`, { headers: { accesstoken: admin.token, key: admin.key! } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.length).toBeLessThan(5 * OPERATION_LOG.maxShownBytes + 20_000);
    const rows = (JSON.parse(text) as { data: { rows: { type: string; data: { truncated?: boolean; bytes?: number } }[] } }).data.rows;
    const old = rows.filter((r) => r.type === 'OperationLogged');
    expect(old.length).toBeGreaterThan(0);
    expect(old[0].data).toMatchObject({ truncated: true });
    expect(old[0].data.bytes).toBeGreaterThan(100 * 190 * 1024);
  }, 60_000);
});
