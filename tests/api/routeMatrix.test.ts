// Issue 27: the route × role matrix. Every route of the OpenAPI document the server serves, called as every demo
// account (README: 13800000001..10, in its first org), a member holding no role and a trial applicant (formuser
// into the trial org as a bureau), against one server with parallel requests. For each call the table
// (server/http/routePowers.ts) says whether the caller passes: a route it refuses must answer 403, a route it lets
// through must not answer the table's refusal. Only that boundary is asserted (what a handler then answers for the
// sampled input is the other API tests' business). A route of the document that needs an org-app and has no
// entry fails the walk; so does an entry naming no route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { signIn, type Session } from './usersApi.ts';
import { sample, type Schema } from '../support/openApiSample.ts';
import { fastifyPath } from '../../server/http/route.ts';
import { powersOf, rolesOf } from '../../server/http/auth.ts';
import { powersOfRule, ROUTE_POWERS, ruleOf } from '../../server/http/routePowers.ts';
import { hasModulePower } from '../../domain/powerKey.ts';
import { rolelessMayCall } from '../../domain/rolelessAccess.ts';
import { appendToStream } from '../../server/store/eventStore.ts';
import { runCommand } from '../../server/store/command.ts';

interface Operation { parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }
interface Caller { name: string; session: Session; roles: { name: string; code: string }[]; powers: Set<string> }

const REFUSAL = '没有该操作的权限';
let server: TestServer;
let doc: { paths: Record<string, Record<string, Operation>> };
const callers: Caller[] = [];

async function send(method: string, url: string, s: Session | { token: string; key?: string }, body?: unknown): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { accesstoken: s.token, platform: 'web' };
  if (s.key) headers.key = s.key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let statusText = '';
  try { statusText = (JSON.parse(text) as { status_text?: string }).status_text ?? ''; } catch { /* not the envelope */ }
  return { status: res.status, text: statusText };
}

/** A member of 阳光实验小学 holding no role there: the supplier of the second supplier, joined without one. */
async function rolelessMember(): Promise<Session> {
  const db = server.store.db;
  const user = await db.selectFrom('users').select('user_id').where('username', '=', '13800000010').executeTakeFirstOrThrow();
  const app = await db.selectFrom('org_apps').select('app_id').where('org_id', '=', 'org-ygsy').executeTakeFirstOrThrow();
  await runCommand(db, (tx) => appendToStream(tx, {
    orgId: 'org-ygsy', streamId: `member-org-ygsy-${user.user_id}`, streamType: 'member', expectedVersion: 0, meta: { time: new Date().toISOString(), route: 'test' },
    events: [{ type: 'UserJoinedOrgApp', data: { orgId: 'org-ygsy', appId: app.app_id, userId: user.user_id, extraInfo: {} } }],
  }));
  return signIn(server, '13800000010', '阳光实验小学');
}

/** A trial applicant: an SMS code, then formuser into the trial org as a bureau (§1: he practises it there). */
async function trialApplicant(): Promise<Session> {
  const phone = '13900000327';
  const post = (path: string, body: unknown, token?: string) => fetch(`${server.url}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...(token && { accesstoken: token }) }, body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ status_code: number; status_text: string; data: Record<string, string> }>);
  const app = await server.store.db.selectFrom('org_apps').select('app_id').where('org_id', '=', 'org-tyxx').executeTakeFirstOrThrow();
  expect((await post('/v1/passport/smscode', { phoneNumber: phone, type: 'register' })).status_code).toBe(200);
  const code = ((await (await fetch(`${server.url}/v1/dev/smsoutbox?phoneNumber=${phone}`)).json()) as { data: { code: string } }).data.code;
  const joined = await post('/v1/passport/formuser', { orgId: 'org-tyxx', appId: app.app_id, phoneNumber: phone, smscode: code, roleCode: '4' });
  expect(joined.status_code, joined.status_text).toBe(200);
  const token = joined.data.accesstoken!;
  const key = await post('/v1/token/orgappkey/encrypt', { orgId: 'org-tyxx', appId: app.app_id }, token);
  return { token, userId: joined.data.userId!, key: key.data.key };
}

beforeAll(async () => {
  server = await startTestServer();
  doc = await (await fetch(`${server.url}/docs/json`)).json() as typeof doc;
  const accounts = Array.from({ length: 10 }, (_, i) => `138000000${String(i + 1).padStart(2, '0')}`);
  const sessions: [string, Session][] = await Promise.all(accounts.map(async (u) => [u, await signIn(server, u)] as [string, Session]));
  sessions.push(['roleless member', await rolelessMember()], ['trial applicant', await trialApplicant()]);
  for (const [name, session] of sessions) {
    const { orgId, appId } = session.orgApp ?? (await server.store.db.selectFrom('org_apps').select(['org_id as orgId', 'app_id as appId']).where('key', '=', session.key!).executeTakeFirstOrThrow());
    const roles = await rolesOf(server.store.db, session.userId, orgId);
    callers.push({ name, session, roles, powers: new Set(await powersOf(server.store.db, session.userId, orgId, appId)) });
  }
}, 120_000);
afterAll(async () => { await server?.close(); });

/** What the table says of a caller on a route: 'refused', 'allowed', or 'party' (its powers pass; the party's guard decides). */
function expected(c: Caller, method: string, url: string): 'refused' | 'allowed' | 'party' {
  if (!c.roles.length) return rolelessMayCall(method, url) ? 'allowed' : 'refused';
  const rule = ruleOf(method, url)!;
  const powers = powersOfRule(rule);
  const holds = !powers.length || hasModulePower(powers[0], c.roles, c.powers) || powers.some((k) => c.powers.has(k));
  if (!holds) return 'refused';
  return rule.party ? 'party' : 'allowed';
}

async function pool<T>(items: T[], run: (item: T) => Promise<void>, concurrency = 8) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => { while (next < items.length) await run(items[next++]!); }));
}

// sign-in state would end the walk's sessions; the event stream never ends
const SKIP = /logout|\/v1\/events|\/docs/;

describe('the route × role matrix (issue 27)', () => {
  it('every route answers every caller as its entry in server/http/routePowers.ts says', async () => {
    const routes = Object.entries(doc.paths).filter(([p]) => !SKIP.test(p))
      .flatMap(([path, ops]) => Object.entries(ops).map(([m, op]) => ({ path, url: fastifyPath(path), method: m.toUpperCase(), op })));
    const missing: string[] = [];
    const orgAppRoutes: typeof routes = [];
    // an org-app route is one that, signed in, answers a missing key with 403: it must have an entry
    const someone = callers[1]!.session;
    await pool(routes, async (r) => {
      const bare = await send(r.method, r.path.replace(/\{\w+\}/g, 'x'), { token: someone.token });
      if (bare.status !== 403 || bare.text !== '缺少机构应用 key') return;
      if (!ruleOf(r.method, r.url)) missing.push(`${r.method} ${r.url}`);
      else orgAppRoutes.push(r);
    });
    expect(missing, `org-app routes without an entry in server/http/routePowers.ts:\n${missing.join('\n')}`).toEqual([]);
    expect(orgAppRoutes.length).toBeGreaterThan(250);

    const failures: string[] = [];
    let asserted = 0;
    // reads first: a write a caller may make (with sampled ids that name nothing) must not change a read's answer
    const ordered = [...orgAppRoutes].sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
    const calls = ordered.flatMap((r) => callers.map((c) => ({ r, c })));
    await pool(calls, async ({ r, c }) => {
      const want = expected(c, r.method, r.url);
      if (want === 'party') return;
      let url = r.path.replace(/\{\w+\}/g, 'x');
      const query = (r.op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema) ?? 'x'))}`);
      if (query.length) url += `?${query.join('&')}`;
      const body = r.method === 'GET' ? undefined : sample(r.op.requestBody?.content?.['application/json']?.schema);
      const res = await send(r.method, url, c.session, body === undefined && r.method !== 'GET' && r.method !== 'DELETE' ? {} : body);
      asserted++;
      if (want === 'refused' && res.status !== 403) failures.push(`${r.method} ${r.url} as ${c.name}: the table refuses, the server answered ${res.status} ${res.text}`);
      if (want === 'allowed' && res.status === 403 && res.text === REFUSAL) failures.push(`${r.method} ${r.url} as ${c.name}: the table lets him through, the server refused`);
    });
    if (failures.length) console.error(`${failures.length} calls disagree with the table:\n${failures.join('\n')}`);
    expect(failures).toEqual([]);
    expect(asserted).toBeGreaterThan(2000);
    // the table names served routes only
    const served = new Set(orgAppRoutes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(ROUTE_POWERS).filter((k) => !served.has(k) && !SKIP.test(k))).toEqual([]);
  }, 600_000);

  it('the dietitian of the demo (only-dietitian) is refused orders and passes prices by his recipe screens', () => {
    const dietitian = callers.find((c) => c.name === '13800000006')!;
    expect(expected(dietitian, 'POST', '/v4/mall/order')).toBe('refused');
    expect(expected(dietitian, 'GET', '/v5/mall/sku/price')).toBe('allowed');
  });
});
