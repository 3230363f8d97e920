// Org pickers (issue 28 point 4) over real HTTP on the seeded demo: forms name schools and suppliers by picking
// them by name, and the server decides which orgs a caller may see. The attack side: a school asks for the
// supplier's school list, a caller names another org in the query, an org of another district or a sandbox's
// practice supplier is searched by name: none of them is shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';

interface Picked { rows: { orgId: string; name: string }[]; count: number }
const FAR = 'org-test-far-supplier';

let server: TestServer;
let supplier: Session;
let supplier2: Session;
let school: Session;
let admin: Session;
let bureau: Session;
let platform: Session;
const get = (s: Session, path: string) => call<Picked>(server, 'GET', path, auth(s));
const ids = async (s: Session, path: string) => {
  const res = await get(s, path);
  expect(res.status, res.body.status_text).toBe(200);
  return res.body.data.rows.map((r) => r.orgId).sort();
};

beforeAll(async () => {
  server = await startTestServer();
  // a supplier of another district, named like the demo's own
  await server.store.db.insertInto('orgs').values({
    org_id: FAR, name: '鲜丰城西分公司', org_type: 'formal', kind: 'supplier', area: '城西区', agent_id: null, parent_org_id: null, expiration: null, user_limit: null, created_at: new Date(),
  }).execute();
  [supplier, supplier2, school, admin, bureau, platform] = await Promise.all([
    signIn(server, DEMO.supplier), signIn(server, DEMO.supplier2), signIn(server, DEMO.purchaser, SCHOOL_A), signIn(server, DEMO.schoolAdmin, SCHOOL_A),
    signIn(server, DEMO.bureau), signIn(server, DEMO.provider, '营养餐运营平台'),
  ]);
});
afterAll(async () => { await server?.close(); });

describe('the schools a route may stop at', () => {
  it('are the schools buying from the caller\'s org, found by name', async () => {
    const linked = async (orgId: string) => (await server.store.db.selectFrom('mall_suppliers').select('org_id').where('supplier_org_id', '=', orgId).execute())
      .map((r) => r.org_id).filter((id, i, all) => all.indexOf(id) === i).sort();
    expect(await ids(supplier, '/v4/mall/route/schools')).toEqual(await linked('org-xfsp'));
    expect(await ids(supplier, '/v4/mall/route/schools')).toEqual(expect.arrayContaining(['org-mdzx', 'org-ygsy']));
    expect(await ids(supplier, `/v4/mall/route/schools?keyword=${encodeURIComponent('明德')}`)).toEqual(['org-mdzx']);
    expect(await ids(supplier2, '/v4/mall/route/schools')).toEqual(await linked('org-jcps'));
  });

  it('shows a school, or a caller naming another org, nothing beyond his reach', async () => {
    // nobody buys from a school: its list is empty, it does not learn the supplier's customers
    expect(await ids(admin, '/v4/mall/route/schools')).toEqual([]);
    expect((await get(school, '/v4/mall/route/schools')).status).toBe(403);
    // the org is the request's; one named in the query is refused, not obeyed
    const named = await get(admin, '/v4/mall/route/schools?orgId=org-xfsp');
    expect([named.status, named.body.status_text]).toEqual([403, '无权访问其他机构的数据']);
    expect((await call(server, 'GET', '/v4/mall/route/schools')).status).toBe(401);
  });
});

describe('the suppliers a school may link', () => {
  it('are the selling orgs of its district, found by name; never itself, a school, another district or a sandbox', async () => {
    expect(await ids(admin, '/v4/mall/supplier/candidates')).toEqual(['org-jcps', 'org-xfsp']);
    expect(await ids(bureau, '/v4/mall/supplier/candidates')).toEqual(['org-jcps', 'org-xfsp']);
    expect(await ids(admin, `/v4/mall/supplier/candidates?keyword=${encodeURIComponent('鲜丰')}`)).toEqual(['org-xfsp']);
    expect(await ids(admin, `/v4/mall/supplier/candidates?keyword=${encodeURIComponent('城西')}`)).toEqual([]);
    expect(await ids(admin, `/v4/mall/supplier/candidates?keyword=${FAR}`)).toEqual([]);
    expect((await get(admin, `/v4/mall/supplier/candidates?keyword=${'x'.repeat(101)}`)).status).toBe(400);
    // who manages no suppliers searches none: a supplier, a school's purchaser
    for (const s of [supplier, school]) expect((await get(s, '/v4/mall/supplier/candidates')).status).toBe(403);
  });

  it('the platform finds the selling orgs of every district', async () => {
    expect(await ids(platform, `/v4/mall/supplier/candidates?keyword=${encodeURIComponent('鲜丰')}`)).toEqual([FAR, 'org-xfsp'].sort());
  });
});
