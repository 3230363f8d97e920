// Issue 12 hardening (tenant isolation): POST /v1/passport/formuser lets anyone whose phone receives a register SMS
// code join any enabled org-app. In a formal org he joins WITHOUT a role, so that an org admin decides later what he
// may do. Until then he must see nothing of the org beyond the shell every member needs to start. This test makes
// such a member in formal demo orgs and calls every GET route of the OpenAPI document that needs an org-app (and
// the POST routes that only read), with path parameters filled with real ids of that org. Any answer with org data
// that is not in the short allowlist below is a leak. The other writes are walked too: none may succeed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { signIn, DEMO, SCHOOL_A } from './usersApi.ts';
import { ROLELESS_ROUTES, rolelessMayCall } from '../../domain/rolelessAccess.ts';
import { fastifyPath } from '../../server/http/route.ts';
import { sample, type Schema } from '../support/openApiSample.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

interface Operation { summary?: string; parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }
type Reply = { status: number; body: { status_code?: number; status_text?: string; data?: unknown } | null };

/**
 * What a member without a role may read: the shell basics (one line each: why he needs it). Keyed "METHOD path".
 */
const ALLOWED: Record<string, string> = {
  'GET /v2/users/checkorg': "the org's expiration: the shell warns before it ends",
  'GET /v2/users/orgapp/user': 'his own membership in the org-app',
  'GET /v2/roles/user/role': 'his own roles (none)',
  'GET /v2/roles/user/permission': "his own roles and powers (none), and what his org is (its kind: the shell's party, issue 27)",
  'GET /v1/config/theme': "the org's theme",
  'GET /v1/config/locales': "the org's text overrides (its name and welcome)",
};

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Reply> {
  const h: Record<string, string> = { ...headers };
  if (body !== undefined) h['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${path}`, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  try { return { status: res.status, body: JSON.parse(text) }; } catch { return { status: res.status, body: null }; }
}


/** Org data in an answer: any non-empty list, non-empty text or non-zero number anywhere in it. */
function hasData(v: unknown): boolean {
  if (v === null || v === undefined || typeof v === 'boolean') return false;
  if (typeof v === 'string') return v.length > 0;
  if (typeof v === 'number') return v !== 0;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.values(v).some(hasData);
  return false;
}

/** Real ids of the org for the routes' path parameters: the member asks for things that exist. */
async function idsOf(orgId: string, memberId: string): Promise<{ route: RegExp; id: string | undefined }[]> {
  const db = server.store.db;
  const first = async <T,>(q: Promise<T[]>, pick: (r: T) => string) => { const r = (await q)[0]; return r === undefined ? undefined : pick(r); };
  const user = await first(db.selectFrom('org_app_users').select('user_id').where('org_id', '=', orgId).where('user_id', '<>', memberId).execute(), (r) => r.user_id);
  const username = await first(db.selectFrom('users').select('username').where('user_id', '=', user ?? '').execute(), (r) => r.username);
  const roleGroup = await first(db.selectFrom('role_groups').select('role_group_id').where('org_id', '=', orgId).execute(), (r) => r.role_group_id);
  const notice = await first(db.selectFrom('notices').select('notice_id').where('org_id', '=', orgId).execute(), (r) => r.notice_id);
  const cycle = await first(db.selectFrom('recipe_cycles').select('id').where('org_id', '=', orgId).execute(), (r) => r.id);
  const cloud = await first(db.selectFrom('recipe_cycles').select('id').where('org_id', '=', 'org-platform').execute(), (r) => r.id);
  const share = await first(db.selectFrom('recipe_shares').select('id').execute(), (r) => String(r.id));
  const order = await first(db.selectFrom('orders').select('id').where((eb) => eb.or([eb('org_id', '=', orgId), eb('supplier_org_id', '=', orgId)])).execute(), (r) => r.id);
  const logistics = await first(db.selectFrom('logistics').select('id').where('org_id', '=', orgId).execute(), (r) => r.id);
  return [
    { route: /^\/v2\/users\/account\/\{id\}$/, id: username },
    { route: /^\/v2\/users\/\{id\}$/, id: user },
    { route: /^\/v2\/roles\/group\/\{id\}/, id: roleGroup },
    { route: /^\/v1\/notices\/\{id\}/, id: notice },
    { route: /^\/v4\/mall\/recipe\/standard\/cycle\/\{id\}/, id: cloud },
    { route: /^\/v[45]\/mall\/recipe\/cycle\/\{id\}/, id: cycle },
    { route: /^\/v4\/mall\/recipe\/share\/\{id\}/, id: share },
    { route: /^\/v4\/mall\/order\/\{id\}/, id: order },
    { route: /^\/v4\/mall\/logistics\/\{id\}/, id: logistics },
  ];
}

/** Issue 27: a formal org takes sign-ups only once switched on; the platform's member (in every demo org) does it. */
async function openSignUp(orgId: string, appId: string): Promise<void> {
  const provider = await signIn(server, DEMO.provider);
  const key = await call('POST', '/v1/token/orgappkey/encrypt', { accesstoken: provider.token }, { orgId, appId });
  const set = await call('PUT', '/v1/config/org', { accesstoken: provider.token, key: (key.body?.data as { key: string }).key }, { path: 'selfRegistrationEnable', value: true });
  expect(set.status, set.body?.status_text).toBe(200);
}

async function join(orgId: string, phone: string): Promise<{ token: string; key: string; userId: string }> {
  const appId = (await server.store.db.selectFrom('org_apps').select('app_id').where('org_id', '=', orgId).executeTakeFirstOrThrow()).app_id;
  await openSignUp(orgId, appId);
  expect((await call('POST', '/v1/passport/smscode', {}, { phoneNumber: phone, type: 'register' })).status).toBe(200);
  const code = (await call('GET', `/v1/dev/smsoutbox?phoneNumber=${phone}`, {})).body?.data as { code: string };
  const res = await call('POST', '/v1/passport/formuser', {}, { orgId, appId, phoneNumber: phone, smscode: code.code });
  expect(res.status, res.body?.status_text).toBe(200);
  const { accesstoken, userId } = res.body?.data as { accesstoken: string; userId: string };
  // a formal org grants nothing: the member the test is about
  const roles = await server.store.db.selectFrom('user_roles').select('role_id').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
  expect(roles).toEqual([]);
  const key = await call('POST', '/v1/token/orgappkey/encrypt', { accesstoken }, { orgId, appId });
  expect(key.status).toBe(200);
  return { token: accesstoken, key: (key.body?.data as { key: string }).key, userId };
}

/** The org-data answers a roleless member gets, and the writes he got through: "METHOD path → what" for each. */
async function leaksIn(orgId: string, phone: string): Promise<{ leaks: string[]; walked: number }> {
  const member = await join(orgId, phone);
  const ids = await idsOf(orgId, member.userId);
  const doc = await (await fetch(`${server.url}/docs/json`)).json() as { paths: Record<string, Record<string, Operation>> };
  const leaks: string[] = [];
  let walked = 0;
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (/\/v1\/events|\/docs|logout/.test(path)) continue;
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase();
      const reading = method === 'GET' || (method === 'POST' && READING_POSTS.has(path));
      // a write of the shell (opening the org-app, his own logout) is his own; any other write is walked too (issue 27:
      // his activation report and operation-log entries among them)
      if (!reading && rolelessMayCall(method, fastifyPath(path))) continue;
      const id = ids.find((i) => i.route.test(path))?.id ?? 'x';
      let url = path.replace(/\{orgId\}/g, orgId).replace(/\{\w+\}/g, id);
      const query = (op.parameters ?? []).filter((p) => p.in === 'query' && (p.required || p.name === 'orgId'))
        .map((p) => `${p.name}=${encodeURIComponent(p.name === 'orgId' ? orgId : String(sample(p.schema)))}`);
      if (query.length) url += `?${query.join('&')}`;
      const body = method !== 'GET' ? sample(op.requestBody?.content?.['application/json']?.schema) : undefined;
      // a route that answers without the org-app key is not about the org (public or the user's own): not walked
      const withoutKey = await call(method, url, { accesstoken: member.token }, body);
      if (withoutKey.status < 400) continue;
      walked += 1;
      const res = await call(method, url, { accesstoken: member.token, key: member.key }, body);
      if (res.status >= 500) leaks.push(`${method} ${path} → ${res.status} ${res.body?.status_text ?? ''}`);
      else if (!reading && res.status < 400) leaks.push(`${method} ${path} → ${res.status}: a write outside the shell went through`);
      else if (res.status < 300 && hasData(res.body?.data) && !ALLOWED[`${method} ${path}`]) {
        leaks.push(`${method} ${path} → ${JSON.stringify(res.body?.data).slice(0, 160)}`);
      } else if (res.status >= 400 && !res.body?.status_text) leaks.push(`${method} ${path} → ${res.status} without a readable status_text`);
    }
  }
  return { leaks, walked };
}

/** POST routes that only read (their summary lists, searches or computes): walked like the GETs. */
const READING_POSTS = new Set(['/v5/mall/nutrition/calculate', '/v5/mall/nutrition/analysis', '/v1/live/ticket']);

describe('a member without a role in a formal org (issue 12)', () => {
  it('is refused with a readable text, reads no other member\'s standing, while the org\'s admin still reads its data', async () => {
    const member = await join('org-ygsy', '13900000123');
    const orders = await call('GET', '/v4/mall/order', { accesstoken: member.token, key: member.key, 'accept-language': 'en-US' });
    expect(orders.status).toBe(403);
    expect(orders.body?.status_text).toBe('You do not have permission for this action');
    const other = (await server.store.db.selectFrom('users').select('user_id').where('username', '=', '13800000008').executeTakeFirstOrThrow()).user_id;
    for (const path of [`/v2/users/orgapp/user?userId=${other}`, `/v2/roles/user/role?userId=${other}`]) {
      const res = await call('GET', path, { accesstoken: member.token, key: member.key });
      expect(res.status, path).toBe(403);
      expect(res.body?.status_text).toBe('没有该操作的权限');
    }
    // his own standing is his
    expect((await call('GET', '/v2/users/orgapp/user', { accesstoken: member.token, key: member.key })).status).toBe(200);
    // the same routes still answer a member with a role: the refusal is about holding none
    const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
    const adminOrders = await call('GET', '/v4/mall/order', { accesstoken: admin.token, key: admin.key! });
    expect(adminOrders.status).toBe(200);
    expect(hasData(adminOrders.body?.data)).toBe(true);
    expect((await call('GET', `/v2/users/orgapp/user?userId=${member.userId}`, { accesstoken: admin.token, key: admin.key! })).status).toBe(200);
  });

  it('the shell the server lets him call names real routes (a typo there would refuse the shell itself)', async () => {
    const doc = await (await fetch(`${server.url}/docs/json`)).json() as { paths: Record<string, Record<string, Operation>> };
    const served = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${fastifyPath(path)}`)));
    expect([...ROLELESS_ROUTES].filter((r) => !served.has(r))).toEqual([]);
    // the test's own allowlist is narrower than the server's shell: what it lets show data, the server lets through
    expect(Object.keys(ALLOWED).filter((r) => !ROLELESS_ROUTES.has(r))).toEqual([]);
  });

  it('a trial org\'s applicant still gets his role and its data', async () => {
    const orgId = 'org-tyxx';
    const appId = (await server.store.db.selectFrom('org_apps').select('app_id').where('org_id', '=', orgId).executeTakeFirstOrThrow()).app_id;
    const phone = '13900000124';
    expect((await call('POST', '/v1/passport/smscode', {}, { phoneNumber: phone, type: 'register' })).status).toBe(200);
    const code = (await call('GET', `/v1/dev/smsoutbox?phoneNumber=${phone}`, {})).body?.data as { code: string };
    const res = await call('POST', '/v1/passport/formuser', {}, { orgId, appId, phoneNumber: phone, smscode: code.code, roleCode: '1' });
    expect(res.status).toBe(200);
    const { accesstoken } = res.body?.data as { accesstoken: string };
    const key = ((await call('POST', '/v1/token/orgappkey/encrypt', { accesstoken }, { orgId, appId })).body?.data as { key: string }).key;
    const menu = await call('GET', '/v2/permission/user/menu?groupName=pcMenu', { accesstoken, key });
    expect(menu.status).toBe(200);
    expect(hasData(menu.body?.data)).toBe(true);
    expect((await call('GET', '/v4/mall/recipe/cycle', { accesstoken, key })).status).toBe(200);
  });

  it.each([['a school', 'org-ygsy', '13900000121'], ['a supplier', 'org-xfsp', '13900000122']])('in %s sees only the shell basics', async (_, orgId, phone) => {
    const { leaks, walked } = await leaksIn(orgId, phone);
    expect(walked).toBeGreaterThan(80);
    if (leaks.length) console.error(`${orgId}: ${leaks.length} leaks:\n${leaks.join('\n')}`);
    expect(leaks, `org data a roleless member of ${orgId} reads:\n${leaks.join('\n')}`).toEqual([]);
  }, 300_000);
});
