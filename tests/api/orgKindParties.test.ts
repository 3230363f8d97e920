// Issue 27 findings 1 and 2, tried as an outsider would with the demo data of a plain start: a party's power across
// orgs (a bureau deciding prices and reading the orders of its area) follows from the org's kind and the member's
// role there (domain/orgKind.ts), never from a role code alone. A trial org is a sandbox; granting a role is a power.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, grantScreen, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth, type GroupConfig, type Price } from './mallApi.ts';

let server: TestServer;
let realBureau: Session;
let supplier: Session;
let userAdmin: Session;

const TRIAL_ORG = 'org-tyxx';
const REAL_ORGS = ['org-ygsy', 'org-mdzx', 'org-xfsp', 'org-jcps', 'org-cdjyj', 'org-platform'];
let phoneSeq = 0;
const newPhone = () => `136${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSeq).padStart(5, '0')}`;

interface OrderRow { id: string; orgId: string; supplierId: string }

beforeAll(async () => {
  server = await startTestServer();
  realBureau = await signIn(server, DEMO.bureau);
  supplier = await signIn(server, DEMO.supplier);
  userAdmin = await signIn(server, DEMO.userAdmin, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

/** An anonymous person signs up in the trial org as `roleCode` (finding 1): SMS code, formuser, org-app key. */
async function trialApplicant(roleCode: string): Promise<Session> {
  const phoneNumber = newPhone();
  expect((await call(server, 'POST', '/v1/passport/smscode', { body: { phoneNumber, type: 'register' } })).status).toBe(200);
  const smscode = (await call<{ code: string }>(server, 'GET', `/v1/dev/smsoutbox?phoneNumber=${phoneNumber}`)).body.data.code;
  const { app_id: appId } = await server.store.db.selectFrom('org_apps').select('app_id').where('org_id', '=', TRIAL_ORG).executeTakeFirstOrThrow();
  const signUp = await call<{ accesstoken: string; userId: string }>(server, 'POST', '/v1/passport/formuser', { body: { appId, orgId: TRIAL_ORG, phoneNumber, smscode, roleCode } });
  expect(signUp.status, signUp.body.status_text).toBe(200);
  const token = signUp.body.data.accesstoken;
  const key = await call<{ key: string }>(server, 'POST', '/v1/token/orgappkey/encrypt', { token, body: { orgId: TRIAL_ORG, appId } });
  expect(key.status).toBe(200);
  return { token, userId: signUp.body.data.userId, key: key.body.data.key };
}

/** org-xfsp's M1 purchaser group (the one with approval on) and a pending price of org-xfsp, as the real bureau sees it. */
async function xfspTargets(): Promise<{ group: GroupConfig; pending: Price }> {
  const groups = await call<{ rows: GroupConfig[] }>(server, 'GET', '/v4/mall/rolegroup/config', auth(supplier));
  const group = groups.body.data.rows.find((g) => g.priceApprovalEnable)!;
  expect(group).toBeDefined();
  const queue = await call<{ rows: Price[] }>(server, 'GET', '/v5/mall/sku/price?isCheck=0&supplierId=org-xfsp&$limit=1', auth(realBureau));
  expect(queue.status).toBe(200);
  const pending = queue.body.data.rows[0];
  expect(pending, 'the demo data has a pending price of org-xfsp').toBeDefined();
  return { group, pending };
}

const orders = (s: Session) => call<{ rows: OrderRow[]; count: number }>(server, 'GET', '/v4/mall/order?$limit=100', auth(s));
const prices = (s: Session, query = '') => call<{ rows: Price[]; count: number }>(server, 'GET', `/v5/mall/sku/price?${query}`, auth(s));

/**
 * Everything a bureau of a real area may do, tried by `attacker`: he reads no other org's orders, no price he does
 * not buy at (`buysFromRealSuppliers`: a school sees the approved prices of its suppliers, never the pending queue;
 * a sandbox sees no real supplier's price at all) and decides nothing.
 */
async function expectNoBureauPower(attacker: Session, buysFromRealSuppliers = false) {
  const { group, pending } = await xfspTargets();
  const seen = await orders(attacker);
  // a refusal or a list without any real school's order
  if (seen.status === 200) expect(seen.body.data.rows.filter((o) => REAL_ORGS.includes(o.orgId) && o.orgId !== attacker.orgApp?.orgId)).toEqual([]);
  else expect(seen.status).toBe(403);
  const read = await prices(attacker);
  const beyond = (p: Price) => REAL_ORGS.includes(p.supplierId) && (!buysFromRealSuppliers || p.isCheck !== 1);
  if (read.status === 200) expect(read.body.data.rows.filter(beyond)).toEqual([]);
  else expect(read.status).toBe(403);

  const before = await eventCount(server);
  const approve = await call(server, 'PUT', '/v5/mall/sku/price', { ...auth(attacker), body: { isCheckPrice: true, skuPrice: [{ id: pending.id, isCheck: 1 }] } });
  expect(approve.status, approve.body.status_text).toBe(403);
  const off = await call(server, 'PUT', `/v4/mall/rolegroup/config/${group.roleGroupId}`, { ...auth(attacker), body: { priceApprovalEnable: false, priceModifyLimitEnable: false } });
  expect(off.status, off.body.status_text).toBe(403);
  expect(await eventCount(server)).toBe(before);

  // the real bureau still sees the price pending and the supplier's approval on
  expect((await prices(realBureau, `id=${pending.id}`)).body.data.rows[0].isCheck).toBe(0);
  const after = await call<{ rows: GroupConfig[] }>(server, 'GET', '/v4/mall/rolegroup/config', auth(supplier));
  expect(after.body.data.rows.find((g) => g.roleGroupId === group.roleGroupId)).toMatchObject({ priceApprovalEnable: true });
}

describe('finding 1: an anonymous sign-up as bureau (roleCode 4) in the trial org', () => {
  it('practises the bureau in his sandbox: no real school\'s orders, no real supplier\'s prices, no decision', async () => {
    const applicant = await trialApplicant('4');
    await expectNoBureauPower(applicant);
  });

  it('as a supplier (roleCode 2) he sells nothing to a real school and reads no real order', async () => {
    const applicant = await trialApplicant('2');
    const seen = await orders(applicant);
    expect(seen.status).toBe(200);
    expect(seen.body.data.rows.filter((o) => o.orgId !== TRIAL_ORG)).toEqual([]);
  });
});

describe('finding 2: a school user admin and the school\'s code-4 role', () => {
  it('may not grant himself a role, the school\'s bureau role included; nothing is written', async () => {
    const before = await eventCount(server);
    for (const roleName of ['bureau', 'purchaser']) {
      const res = await call(server, 'POST', `/v2/roles/${userAdmin.userId}`, { ...auth(userAdmin), body: { roleName } });
      expect(res.status, `${roleName}: ${res.body.status_text}`).toBe(403);
      expect(res.body.status_text).toBe('不能给自己授予角色');
    }
    expect(await eventCount(server)).toBe(before);
  });

  it('may not give anyone of his school a role holding powers a school does not have (the bureau role)', async () => {
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const before = await eventCount(server);
    const res = await call(server, 'POST', `/v2/roles/${purchaser.userId}`, { ...auth(userAdmin), body: { roleName: 'bureau' } });
    expect(res.status, res.body.status_text).toBe(403);
    expect(res.body.status_text).toBe('该角色的权限超出本机构类型，不能授予');
    expect(await eventCount(server)).toBe(before);
  });

  it('a school member who holds the school\'s code-4 role anyway is a school: no other school\'s orders, no price decided', async () => {
    // as a grant from before issue 27 left it: the school's bureau role, with its price-approval power
    const role = await server.store.db.selectFrom('roles').select('role_id').where('org_id', '=', 'org-ygsy').where('name', '=', 'bureau').executeTakeFirstOrThrow();
    const { appendToStream } = await import('../../server/store/eventStore.ts');
    const { runCommand } = await import('../../server/store/command.ts');
    const { streamVersion } = await import('../../server/store/eventStore.ts');
    const streamId = `member-org-ygsy-${userAdmin.userId}`;
    await runCommand(server.store.db, async (tx) => appendToStream(tx, {
      orgId: 'org-ygsy', streamId, streamType: 'member', expectedVersion: await streamVersion(tx, streamId),
      events: [{ type: 'UserRoleGranted', data: { userId: userAdmin.userId, roleId: role.role_id } }], meta: { time: new Date().toISOString(), route: 'test' },
    }));
    const holder = await signIn(server, DEMO.userAdmin, SCHOOL_A);
    await expectNoBureauPower(holder, true);
  });

  it('a grant by the school admin to another member is an event the operation log shows', async () => {
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    const res = await call(server, 'POST', `/v2/roles/${userAdmin.userId}`, { ...auth(admin), body: { roleName: 'dietitian' } });
    expect(res.status, res.body.status_text).toBe(200);
    const log = await call<{ rows: { topic?: string; log?: unknown; [k: string]: unknown }[] }>(server, 'GET', '/v1/log/operationlog?$limit=20', auth(admin));
    expect(log.status, log.body.status_text).toBe(200);
    expect(JSON.stringify(log.body.data.rows)).toContain('UserRoleGranted');
  });
});

describe('the real bureau (demo 13800000005 in 城东区教育局)', () => {
  it("still reads its area's orders and prices and decides a price of its area", async () => {
    // reading the order list is the order-list screen's (routePowers.ts): the bureau's role is given it first
    await grantScreen(server, '城东区教育局', 'bureau', 'orderList');
    const seen = await orders(realBureau);
    expect(seen.status).toBe(200);
    expect(new Set(seen.body.data.rows.map((o) => o.orgId))).toEqual(new Set(['org-ygsy', 'org-mdzx']));
    const { pending } = await xfspTargets();
    const res = await call(server, 'PUT', '/v5/mall/sku/price', { ...auth(realBureau), body: { isCheckPrice: true, skuPrice: [{ id: pending.id, isCheck: 1 }] } });
    expect(res.status, res.body.status_text).toBe(200);
  });
});
