// Issue 31: every editable record read from a list (or a detail) carries `version`, and its update takes it back.
// For each record type: read it as its editor would, then two updates from that one version — the first wins
// (200), the second is stale (409 with a readable status_text, also in en-US), and the record shows the first
// update only: nothing half-written. A third update without a version is the §7 caller that sends none: accepted,
// last write wins (docs/versions.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';
import { UNITS } from '../../domain/constants.ts';

let server: TestServer;
const sessions = new Map<string, Promise<Session>>();
/** One session per account and org, signed in once. */
const as = (username: string, orgName?: string) => {
  const key = `${username}@${orgName ?? ''}`;
  if (!sessions.has(key)) sessions.set(key, signIn(server, username, orgName));
  return sessions.get(key)!;
};

type Row = Record<string, unknown> & { version?: unknown };
const send = async <T = unknown>(s: Session, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  call<T>(server, method, path, { token: s.token, key: s.key, body, headers });

/** The rows of a list answer ({rows} or a plain array) or the one record of a detail answer. */
async function rowsOf(s: Session, path: string): Promise<Row[]> {
  const res = await send<{ rows?: Row[] } | Row[] | Row>(s, 'GET', path);
  expect(res.status, `${path}: ${res.body.status_text}`).toBe(200);
  const data = res.body.data;
  if (Array.isArray(data)) return data;
  if (data && Array.isArray((data as { rows?: Row[] }).rows)) return (data as { rows: Row[] }).rows;
  return [data as Row];
}

interface RecordType {
  /** the record type, as the test names it */
  name: string;
  /** its editor: a demo account and org */
  editor: () => Promise<Session>;
  /** the list (or detail) the editor reads the record from; `id`: the record made for the test */
  list: string | ((id: string) => string);
  /** which row of the list to edit (default: the first) */
  pick?: (rows: Row[]) => Row | undefined;
  /** the id of a row */
  id: (row: Row) => string;
  /** make one (when the list may have none to spare); answers its id */
  make?: (s: Session) => Promise<string>;
  /** the n-th update of the row: method, path, body (without version), and the field it sets to `value` */
  update: (row: Row, n: number) => { method: string; path: string; body: Record<string, unknown>; field: string; value: unknown };
  /** how the version travels: body `version` (default) or an If-Match header */
  via?: 'body' | 'if-match';
}

const UNIT = UNITS[0];
const stamp = () => Date.now().toString(36).slice(-5);

const TYPES: RecordType[] = [
  {
    name: 'category (from the category list)',
    editor: () => as(DEMO.supplier),
    list: '/v2/category?groupName=mallProduct',
    id: (r) => r.id as string,
    make: async (s) => (await send<{ rows: Row[] }>(s, 'POST', '/v2/category', { groupName: 'mallProduct', list: [{ name: `版本分类${stamp()}` }] })).body.data.rows[0].id as string,
    update: (r, n) => ({ method: 'PUT', path: `/v2/category/${r.id as string}`, body: { name: `分类第${n}次` }, field: 'name', value: `分类第${n}次` }),
  },
  {
    name: 'category (v1 update by id, If-Match)',
    editor: () => as(DEMO.supplier),
    list: '/v1/category/polardb?groupName=mallProduct',
    id: (r) => r.id as string,
    make: async (s) => (await send<{ rows: Row[] }>(s, 'POST', '/v2/category', { groupName: 'mallProduct', list: [{ name: `版本分类${stamp()}` }] })).body.data.rows[0].id as string,
    update: (r, n) => ({ method: 'PUT', path: '/v1/category/polardb', body: { id: r.id, sort: 100 + n }, field: 'sort', value: 100 + n }),
    via: 'if-match',
  },
  {
    name: 'spec/setting',
    editor: () => as(DEMO.supplier),
    list: '/v4/mall/spec',
    id: (r) => r.id as string,
    make: async (s) => (await send<Row>(s, 'POST', '/v4/mall/spec', { name: `版本规格${stamp()}` })).body.data.id as string,
    update: (r, n) => ({ method: 'PUT', path: `/v4/mall/spec/${r.id as string}`, body: { sort: 200 + n }, field: 'sort', value: 200 + n }),
  },
  {
    name: 'member (会员)',
    editor: () => as(DEMO.schoolAdmin, SCHOOL_A),
    list: '/v1/productmembers',
    id: (r) => r.userId as string,
    make: async (s) => made(await send<Row>(s, 'POST', '/v1/productmembers', { name: '版本会员', phoneNumber: `139${String(Date.now()).slice(-8)}` }), 'userId'),
    update: (r, n) => ({ method: 'PUT', path: '/v1/productmembers', body: { userId: r.userId, name: `会员第${n}次` }, field: 'name', value: `会员第${n}次` }),
  },
  {
    name: 'member group',
    editor: () => as(DEMO.schoolAdmin, SCHOOL_A),
    list: '/v1/productmembers/group',
    id: (r) => r.groupId as string,
    make: async (s) => made(await send<Row>(s, 'POST', '/v1/productmembers/group', { name: `版本会员组${stamp()}` }), 'groupId'),
    update: (r, n) => ({ method: 'PUT', path: '/v1/productmembers/group', body: { groupId: r.groupId, name: `会员组第${n}次` }, field: 'name', value: `会员组第${n}次` }),
    via: 'if-match',
  },
  {
    name: 'agent (合作伙伴)',
    editor: () => as(DEMO.provider),
    list: '/v1/productagent',
    id: (r) => r.agentId as string,
    make: async (s) => made(await send<Row>(s, 'POST', '/v1/productagent', { name: `版本代理${stamp()}` }), 'agentId'),
    update: (r, n) => ({ method: 'PUT', path: `/v1/productagent/${r.agentId as string}`, body: { name: `代理第${n}次` }, field: 'name', value: `代理第${n}次` }),
  },
  {
    name: 'role',
    editor: () => as(DEMO.schoolAdmin, SCHOOL_A),
    list: (id) => `/v2/roles/role?roleId=${id}`,
    id: (r) => r.roleId as string,
    make: async (s) => made(await send<Row>(s, 'POST', '/v2/roles/role', { name: `版本角色${stamp()}` }), 'roleId'),
    update: (r, n) => ({ method: 'PUT', path: `/v2/roles/role/${r.roleId as string}`, body: { cnName: `角色第${n}次` }, field: 'cnName', value: `角色第${n}次` }),
  },
  {
    name: 'role group',
    editor: () => as(DEMO.schoolAdmin, SCHOOL_A),
    list: '/v2/roles/group',
    id: (r) => r.roleGroupId as string,
    make: async (s) => made(await send<Row>(s, 'POST', '/v2/roles/group', { groupName: `版本角色组${stamp()}` }), 'roleGroupId'),
    update: (r, n) => ({ method: 'PUT', path: `/v2/roles/group/${r.roleGroupId as string}`, body: { groupName: `角色组第${n}次` }, field: 'groupName', value: `角色组第${n}次` }),
    via: 'if-match',
  },
  {
    name: 'permission node',
    editor: () => as(DEMO.provider),
    list: (id) => `/v2/permission?moduleId=${id}`,
    id: (r) => r.moduleId as string,
    make: async (s) => made(await send<Row>(s, 'POST', '/v2/permission', { moduleId: `v31-${stamp()}`, groupName: 'pcMenu', moduleName: '版本菜单' }), 'moduleId'),
    update: (r, n) => ({ method: 'PUT', path: `/v2/permission/${r.permissionId as string}`, body: { moduleName: `菜单第${n}次` }, field: 'moduleName', value: `菜单第${n}次` }),
  },
  {
    name: 'product',
    editor: () => as(DEMO.supplier),
    list: (id) => `/v4/mall/product?id=${id}`,
    id: (r) => r.id as string,
    make: async (s) => made(await send<Row>(s, 'POST', '/v4/mall/product', { name: `版本商品${stamp()}` }), 'id'),
    update: (r, n) => ({ method: 'PUT', path: `/v4/mall/product/${r.id as string}`, body: { name: `商品第${n}次` }, field: 'name', value: `商品第${n}次` }),
  },
  {
    name: 'SKU',
    editor: () => as(DEMO.supplier),
    list: (id) => `/v4/mall/sku?skuId=${id}`,
    id: (r) => r.skuId as string,
    make: async (s) => {
      const product = made(await send<Row>(s, 'POST', '/v4/mall/product', { name: `版本商品${stamp()}` }), 'id');
      return made(await send<Row>(s, 'POST', '/v4/mall/sku', { productId: product, name: '标准装', unit: UNIT }), 'skuId');
    },
    update: (r, n) => ({ method: 'PUT', path: '/v4/mall/sku', body: { skuId: r.skuId, spec: `规格第${n}次` }, field: 'spec', value: `规格第${n}次` }),
    via: 'if-match',
  },
  {
    name: 'supplier link',
    editor: () => as(DEMO.schoolAdmin, SCHOOL_A),
    list: '/v4/mall/supplier',
    pick: (rows) => rows[0],
    id: (r) => r.objectId as string,
    update: (r, n) => ({ method: 'PUT', path: `/v4/mall/supplier/${r.objectId as string}`, body: { name: `供应商第${n}次` }, field: 'name', value: `供应商第${n}次` }),
  },
];

/** The id a create answered, or the create's refusal as the failure. */
function made(res: { status: number; body: { status_text: string; data: Row } }, field: string): string {
  expect(res.status, res.body.status_text).toBe(200);
  return res.body.data[field] as string;
}

beforeAll(async () => { server = await startTestServer(); }, 60_000);
afterAll(async () => { await server?.close(); });

describe('every editable record carries its version; two updates from one read: one 200, one 409', () => {
  it.each(TYPES.map((t) => [t.name, t] as const))('%s', async (_name, type) => {
    const s = await type.editor();
    const made = type.make ? await type.make(s) : undefined;
    const listPath = () => (typeof type.list === 'string' ? type.list : type.list(made ?? ''));
    const rows = await rowsOf(s, listPath());
    const read = made ? rows.find((r) => type.id(r) === made) : (type.pick ?? ((rs: Row[]) => rs[0]))(rows);
    expect(read, `a record to edit in ${listPath()}`).toBeDefined();
    const row = read!;
    expect(typeof row.version, `${listPath()} rows carry version`).toBe('number');
    const version = row.version as number;

    const attempt = (n: number, locale?: string) => {
      const u = type.update(row, n);
      const headers: Record<string, string> = locale ? { 'accept-language': locale } : {};
      if (type.via === 'if-match') headers['if-match'] = `"${version}"`;
      return send<Row>(s, u.method, u.path, type.via === 'if-match' ? u.body : { ...u.body, version }, headers);
    };
    const first = await attempt(1);
    expect(first.status, first.body.status_text).toBe(200);
    const second = await attempt(2, 'en-US');
    expect(second.status, second.body.status_text).toBe(409);
    expect(second.body.status_text).toMatch(/changed this data.*refresh/i);
    const third = await attempt(3);
    expect(third.status, 'a stale version stays stale').toBe(409);
    expect(third.body.status_text).toMatch(/已被.*修改.*请刷新后重试/);

    // nothing of the stale updates was written: the record shows the first, at a later version
    const { field, value } = type.update(row, 1);
    const after = (await rowsOf(s, listPath())).find((r) => type.id(r) === type.id(row));
    expect(after?.[field]).toEqual(value);
    expect(after?.version as number).toBeGreaterThan(version);

    // a §7 caller that sends no version: last write wins (docs/versions.md)
    const blind = type.update(row, 4);
    const res = await send(s, blind.method, blind.path, blind.body);
    expect(res.status, res.body.status_text).toBe(200);
  });
});

it('a category list read carries the version the next update checks (the issue 31 example)', async () => {
  const s = await as(DEMO.schoolAdmin, SCHOOL_A);
  const rows = await rowsOf(s, '/v1/category/polardb?groupName=menuCategory');
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(typeof r.version, JSON.stringify(r)).toBe('number');
});
