// Issue 31: one query language on every list (server/http/listQuery.ts, docs/query-language.md). Walks every GET list
// route of the OpenAPI document (a `{rows, count}` answer or a contacts list's plain array; a path with an `{id}` is
// asked about a record of its parent list) as the first three roles that may read it — school, supplier, bureau, then
// the platform, a fruit org, an installer company, a storefront member — with what the original console sends: its own
// orgId and appId, $limit, $skip, $select, $orderby (a field the route sorts by) and $count — and gets no 400, and
// every route answers at least one of them (none is left unwalked because nobody may read it); sends one unknown
// field per route and gets a 400 naming it; and another org's orgId is refused, never answered with one's own rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { memberSignIn } from './storefrontApi.ts';
import { sample, type Schema } from '../support/openApiSample.ts';
import { rowKeyOf } from '../../server/http/listQuery.ts';

interface Parameter { name: string; in: string; required?: boolean; schema?: Schema & { description?: string } }
interface Operation { parameters?: Parameter[]; responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }
interface Caller { name: string; session: Session; orgId: string; appId?: string }

let server: TestServer;
let routes: { path: string; op: Operation; fields: string[] }[] = [];
const callers: Caller[] = [];

/** A storefront member's session: his member token, no staff token or org-app key. */
const MEMBERS = new Set<Session>();
/** The member lists (his group buys, his fruit orders) answer a member token only; staff lists answer staff only. */
const forMembers = (path: string) => /^\/v1\/storefront\//.test(path);

async function get(url: string, s: Session): Promise<{ status: number; text: string; rows?: Record<string, unknown>[] }> {
  const headers: Record<string, string> = MEMBERS.has(s) ? { membertoken: s.token } : { accesstoken: s.token, key: s.key ?? '', platform: 'web' };
  const res = await fetch(`${server.url}${url}`, { headers });
  const body = await res.json().catch(() => ({})) as { status_text?: string; data?: Record<string, unknown>[] | { rows?: Record<string, unknown>[] } };
  return { status: res.status, text: body.status_text ?? '', rows: Array.isArray(body.data) ? body.data : body.data?.rows };
}

/** A path's `{id}` filled with the id of the first record of its parent list the caller reads (`…/cycle/{id}/log` ← `…/cycle`). */
async function pathFor(path: string, s: Session): Promise<string> {
  const at = path.indexOf('/{');
  if (at < 0) return path;
  const parent = await get(`${path.slice(0, at)}?$limit=1`, s);
  const id = parent.rows?.[0]?.id;
  return path.replace(/\{\w+\}/, encodeURIComponent(typeof id === 'string' ? id : 'none'));
}

/** What a route needs beyond its schema: the table a custom-table list reads (§7 answers 参数错误 without one), a report's grouping. */
const NEEDS: Record<string, string[]> = { '/v1/form/table/item': ['tableId=whiteList'], '/v4/mall/order/report': ['groupBy=school'] };
/** Values a caller's own records give: a department he sees, himself (filled in per caller, beforeAll). */
const OWN = new Map<Session, Record<string, string>>();
/** Parameters a handler requires though its schema does not (§7 answers 请指定查询的部门 without one). */
const HANDLER_NEEDS: Record<string, string[]> = { '/v3/contacts/department/person': ['departmentId'] };

/** The route's required query parameters, each with a value its schema accepts (a day for a date, the caller's own ids). */
function required(path: string, op: Operation, s?: Session): string[] {
  const own = (s && OWN.get(s)) ?? {};
  const given = [...(NEEDS[path] ?? []), ...(op.parameters ?? []).filter((p) => p.in === 'query' && (p.required || HANDLER_NEEDS[path]?.includes(p.name)) && own[p.name]).map((p) => `${p.name}=${own[p.name]}`)];
  return [...given, ...(op.parameters ?? []).filter((p) => p.in === 'query' && p.required && !given.some((g) => g.startsWith(`${p.name}=`))).map((p) => {
    let v = /date$/i.test(p.name) ? '2026-01-05' : sample(p.schema);
    if (v === undefined && p.schema?.pattern && new RegExp(p.schema.pattern).test('2026-01-05')) v = '2026-01-05';
    return `${p.name}=${encodeURIComponent(String(v ?? 'x'))}`;
  })];
}

/** The fields the OpenAPI document says the list sorts by ($orderby's description). */
const orderable = (op: Operation) => {
  const d = op.parameters?.find((p) => p.name === '$orderby')?.schema?.description ?? '';
  return d.includes('(none') ? [] : d.split(': ').pop()!.split(',').map((f) => f.trim()).filter(Boolean);
};

async function pool<T>(items: T[], run: (item: T) => Promise<void>, concurrency = 8) {
  const queue = [...items];
  await Promise.all(Array.from({ length: concurrency }, async () => { for (let x = queue.shift(); x; x = queue.shift()) await run(x); }));
}

beforeAll(async () => {
  server = await startTestServer();
  const doc = await (await fetch(`${server.url}/docs/json`)).json() as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(doc.paths).filter(([p]) => !/\/v1\/events|\/docs/.test(p)).flatMap(([path, ops]) => {
    const data = ops.get?.responses?.['200']?.content?.['application/json']?.schema?.properties?.data;
    // a `{rows, count}` list, or a plain array of records (the contacts lists)
    const rows = data?.type === 'array' && data.items?.type === 'object' ? data : data?.properties?.rows;
    return rows?.type === 'array' ? [{ path, op: ops.get!, fields: Object.keys(rows.items?.properties ?? {}) }] : [];
  });
  for (const [name, username, org] of [
    ['purchaser', DEMO.purchaser, SCHOOL_A], ['supplier', DEMO.supplier, undefined], ['bureau', DEMO.bureau, undefined], ['platform', DEMO.provider, undefined],
    // the org kinds whose lists only they reach: a fruit org (issue 34), an installer company (issue 33)
    ['fruit org', '13800000011', undefined], ['installer', '13800000012', undefined],
  ] as const) {
    const session = await signIn(server, username, org);
    const own = await server.store.db.selectFrom('org_apps').select(['org_id', 'app_id']).where('key', '=', session.key!).executeTakeFirstOrThrow();
    callers.push({ name, session, orgId: own.org_id, appId: own.app_id });
    const department = (await get('/v3/contacts/department?$limit=1', session)).rows?.[0]?.departmentId;
    // a SKU of his own, for the lists of one SKU's records (its ingredients)
    const sku = (await get('/v4/mall/sku?$limit=1', session)).rows?.[0]?.skuId;
    OWN.set(session, { userId: session.userId, ...(typeof department === 'string' && { departmentId: department }), ...(typeof sku === 'string' && { skuId: sku }) });
  }
  // a member of the fruit org's storefront (issue 34), signed in by SMS as the storefront does it
  const member = await memberSignIn(server, 'org-xgy', '13830000001');
  const memberSession: Session = { token: member.membertoken, userId: member.memberId };
  MEMBERS.add(memberSession);
  callers.push({ name: 'member', session: memberSession, orgId: member.orgId });
}, 120_000);

/** The callers a route is walked as: the staff for a staff list, the member for a member list. */
const callersOf = (path: string) => callers.filter((c) => MEMBERS.has(c.session) === forMembers(path));
/** Not his to read (a power, a party, a member token): the walk goes on to the next role. */
const notHis = (status: number) => status === 401 || status === 403;
afterAll(async () => { await server?.close(); });

describe('the list query language (issue 31)', () => {
  it('every list route takes what the console sends: its own org and app, paging, $select, $orderby and $count', async () => {
    // every GET list route of the document: the {rows} lists, the contacts lists' plain arrays, a record's log
    expect(routes.length).toBeGreaterThanOrEqual(72);
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(['/v3/contacts/person', '/v3/contacts/department', '/v4/mall/recipe/cycle/{id}/log']));
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining([
      // the modules added after the query layer (issues 33-35): storefront, fruit mall, devices, short links, service
      // plans, release notes, supermarkets, and the members' own lists
      '/v4/mall/cms/content', '/v4/mall/campaign', '/v4/mall/groupon', '/v1/fruit/orders', '/v1/fruit/skus', '/v1/device', '/v1/device/inspection',
      '/v1/shortlinks', '/v1/serviceplan/orders', '/v1/productupdates', '/v5/mall/price/supermarket/reference', '/v1/storefront/orders',
    ]));
    const failures: string[] = [];
    const answered = new Map<string, string[]>();
    let narrowed = 0;
    await pool(routes, async (r) => {
      let walked = 0;
      for (const c of callersOf(r.path)) {
        if (walked === 3) break;
        // a handler's required value he has none of (a department, for one who keeps no contacts) is not the language's
        if ((HANDLER_NEEDS[r.path] ?? []).some((n) => !OWN.get(c.session)?.[n])) continue;
        const select = r.fields.slice(0, 2);
        const sort = orderable(r.op)[0];
        const query = [...required(r.path, r.op, c.session), `orgId=${c.orgId}`, ...(c.appId ? [`appId=${c.appId}`] : []), '$limit=5', '$skip=0', '$count=true',
          ...(select.length ? [`$select=${select.join(',')}`] : []), ...(sort ? [`$orderby=${encodeURIComponent(`${sort} desc`)}`] : [])];
        const res = await get(`${await pathFor(r.path, c.session)}?${query.join('&')}`, c.session);
        if (notHis(res.status)) continue;
        walked++;
        answered.set(r.path, [...(answered.get(r.path) ?? []), `${c.name} ${res.status}`]);
        if (res.status === 400 || res.status >= 500) failures.push(`GET ${r.path} as ${c.name}: ${res.status} ${res.text}`);
        if (res.status !== 200 || !select.length || !res.rows?.length) continue;
        // the row's key stays (server/http/listQuery.ts rowKeyOf)
        const extra = res.rows.flatMap((row) => Object.keys(row)).filter((k) => !select.includes(k) && k !== rowKeyOf(r.fields));
        if (extra.length) failures.push(`GET ${r.path} as ${c.name}: $select=${select} answered ${[...new Set(extra)]}`);
        narrowed++;
        if (res.rows.length > 5) failures.push(`GET ${r.path} as ${c.name}: $limit=5 answered ${res.rows.length} rows`);
      }
    });
    expect(failures, failures.join('\n')).toEqual([]);
    // every list answered someone: a route nobody may read would pass the walk without being walked
    const unwalked = routes.filter((r) => !answered.get(r.path)?.some((a) => a.endsWith(' 200'))).map((r) => `${r.path}: ${answered.get(r.path)?.join(', ') ?? 'refused to every role'}`);
    expect(unwalked, unwalked.join('\n')).toEqual([]);
    expect(narrowed).toBeGreaterThan(30);
  }, 300_000);

  it('names the one field a list does not have, on every list route', async () => {
    const failures: string[] = [];
    await pool(routes, async (r) => {
      // as the first of the callers the route lets through (powers are checked before the query is read)
      let res = { status: 0, text: '' };
      for (const c of callersOf(r.path)) {
        res = await get(`${await pathFor(r.path, c.session)}?${[...required(r.path, r.op, c.session), 'zzNotAField=1'].join('&')}`, c.session);
        if (!notHis(res.status)) break;
      }
      if (res.status !== 400 || !res.text.includes('zzNotAField')) failures.push(`GET ${r.path}: ${res.status} ${res.text}`);
    });
    expect(failures, failures.join('\n')).toEqual([]);
  }, 300_000);

  it('refuses another org\'s orgId or a field it cannot sort or select by, naming it', async () => {
    const purchaser = callers[0]!;
    const other = await get('/v4/mall/recipe/cycle?orgId=org-mdzx', purchaser.session);
    expect([other.status, other.text]).toEqual([403, '无权访问其他机构的数据']);
    // a signed-in user's list (his org-apps): one of his orgs is accepted, another's refused
    const mine = await get(`/v2/users/org/app?orgId=${purchaser.orgId}`, purchaser.session);
    expect(mine.status, mine.text).toBe(200);
    const notMine = await get('/v2/users/org/app?orgId=org-jcps', purchaser.session);
    expect([notMine.status, notMine.text]).toEqual([403, '无权访问其他机构的数据']);
    const otherApp = await get('/v4/mall/recipe/cycle?appId=app-other', purchaser.session);
    expect([otherApp.status, otherApp.text]).toEqual([403, '无权访问其他应用的数据']);
    const badSelect = await get('/v4/mall/recipe/cycle?$select=name,password', purchaser.session);
    expect([badSelect.status, badSelect.text]).toEqual([400, '参数错误：不支持的字段 $select.password']);
    // a list that sorts: the orders by delivery day, as asked, the newest first as its own order breaks ties
    const byDay = await get('/v4/mall/order?$orderby=deliveryDate%20asc&$select=deliveryDate&$limit=50', purchaser.session);
    const days = byDay.rows!.map((r) => r.deliveryDate as string);
    expect(days.length).toBeGreaterThan(5);
    expect(days).toEqual([...days].sort());
    expect(Object.keys(byDay.rows![0]!).sort()).toEqual(['deliveryDate', 'id']);
    const badSort = await get('/v4/mall/recipe/cycle?$orderby=password%20desc', purchaser.session);
    expect(badSort.status).toBe(400);
    expect(badSort.text).toMatch(/^不支持按该字段排序：password/);
  });
});
