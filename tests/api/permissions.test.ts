import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { buildMenuTree } from '../../domain/menuTree.ts';
import type { MenuEntry } from '../../domain/types.ts';
import { POWER } from '../../server/modules/permissions/powers.ts';
import { call, signIn, DEMO, SCHOOL_A } from './usersApi.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.close(); });

async function as(username: string, orgName?: string) {
  const s = await signIn(server, username, orgName);
  return <T>(path: string) => call<T>(server, 'GET', path, { token: s.token, key: s.key });
}

describe('menus and powers', () => {
  it("gives a purchaser its screens with their groups, enabled only, in MenuEntry shape", async () => {
    const get = await as(DEMO.purchaser, SCHOOL_A);
    const res = await get<{ rows: MenuEntry[]; count: number }>('/v2/permission/user/menu?groupName=pcMenu&enable=1');
    const rows = res.body.data.rows;
    expect(res.body.data.count).toBe(rows.length);
    expect(rows[0]).toEqual({
      id: expect.any(String), moduleId: 'home', parentId: '-1', moduleName: '首页', groupName: 'pcMenu', sort: 0, enable: true,
      extraInfo: { name: 'home', component: 'home', path: '/home', meta: { title: '首页', icon: 'Home' } },
    });
    const ids = rows.map((r) => r.moduleId);
    expect(ids).toEqual(expect.arrayContaining(['baseModule', 'contacts', 'mealModule', 'productPrice', 'apiDocs']));
    expect(ids).not.toContain('productManage');
    // every entry is reachable: the tree holds all of them
    const count = (nodes: ReturnType<typeof buildMenuTree>): number => nodes.reduce((n, x) => n + 1 + count(x.children), 0);
    expect(count(buildMenuTree(rows))).toBe(rows.length);
  });

  it('gives quick entries by role', async () => {
    const delivery = await as(DEMO.delivery);
    const q = await delivery<{ rows: MenuEntry[] }>('/v2/permission/user/menu?groupName=quickEntry');
    expect(q.body.data.rows.map((r) => r.moduleId)).toEqual(['orderList']);
    const provider = await as(DEMO.provider);
    const all = await provider<{ rows: MenuEntry[] }>('/v2/permission/user/menu?groupName=quickEntry');
    expect(all.body.data.rows.map((r) => r.moduleId)).toEqual(['contacts', 'orderList', 'mallRecipeCycleManage', 'productPrice']);
  });

  it('leaves disabled entries out, even for a system provider', async () => {
    // no seeded entry is disabled (issue 35 gave the deprecated shippingList a read-only page): the provider disables one
    const s = await signIn(server, DEMO.provider);
    const menu = async () => (await call<{ rows: MenuEntry[] }>(server, 'GET', '/v2/permission/user/menu?groupName=pcMenu', { token: s.token, key: s.key })).body.data.rows;
    const entry = (await menu()).find((r) => r.moduleId === 'aboutUs')!;
    expect((await menu()).map((r) => r.moduleId)).toContain('shippingList');
    const off = await call(server, 'PUT', `/v2/permission/${entry.id}`, { token: s.token, key: s.key, body: { enable: false } });
    expect(off.status, off.body.status_text).toBe(200);
    try {
      expect((await menu()).map((r) => r.moduleId)).not.toContain('aboutUs');
    } finally {
      await call(server, 'PUT', `/v2/permission/${entry.id}`, { token: s.token, key: s.key, body: { enable: true } });
    }
  });

  it('rejects a missing or unknown groupName with 400', async () => {
    const get = await as(DEMO.purchaser);
    expect((await get('/v2/permission/user/menu')).status).toBe(400);
    expect((await get('/v2/permission/user/menu?groupName=other')).status).toBe(400);
  });

  it('lists power keys in the §6 format', async () => {
    const supplier = await as(DEMO.supplier);
    const res = await supplier<{ powers: string[] }>('/v2/permission/user/power');
    expect(res.body.data.powers).toEqual(expect.arrayContaining([POWER.priceAdd, 'pcMenu-mealModule-productManage', 'pcMenu--home']));
    expect(res.body.data.powers).not.toContain(POWER.priceApprove);
    const admin = await as(DEMO.schoolAdmin, SCHOOL_A);
    const all = await admin<{ powers: string[] }>('/v2/permission/user/power');
    expect(all.body.data.powers).toEqual(expect.arrayContaining(Object.values(POWER)));
  });

  it('tells roles, powers and the role predicates', async () => {
    const cases: [string, { isSystemProvider: boolean; isAdmin: boolean; isUserAdminOnly: boolean }, string][] = [
      [DEMO.provider, { isSystemProvider: true, isAdmin: false, isUserAdminOnly: false }, '999'],
      [DEMO.schoolAdmin, { isSystemProvider: true, isAdmin: true, isUserAdminOnly: false }, 'admin'],
      [DEMO.userAdmin, { isSystemProvider: false, isAdmin: false, isUserAdminOnly: true }, 'useradmin'],
      [DEMO.dietitian, { isSystemProvider: false, isAdmin: false, isUserAdminOnly: false }, '5'],
    ];
    for (const [username, flags, code] of cases) {
      const get = await as(username, SCHOOL_A);
      const res = await get<{ roles: { code: string }[]; powers: string[] }>('/v2/roles/user/permission');
      expect(res.body.data, username).toMatchObject(flags);
      expect(res.body.data.roles.map((r) => r.code), username).toEqual([code]);
    }
  });

  it('a disabled role grants no power (and no menu), enabled again it does', async () => {
    const supplier = await as(DEMO.supplier);
    const powers = async () => (await supplier<{ powers: string[] }>('/v2/permission/user/power')).body.data.powers;
    expect(await powers()).toContain(POWER.priceAdd);
    const provider = await signIn(server, DEMO.provider, '鲜丰食品供应有限公司');
    const role = await server.store.db.selectFrom('roles').select('role_id').where('org_id', '=', 'org-xfsp').where('name', '=', 'supplier').executeTakeFirstOrThrow();
    const setEnable = (enable: boolean) => call(server, 'PUT', `/v2/roles/role/${role.role_id}`, { token: provider.token, key: provider.key, body: { enable } });
    expect((await setEnable(false)).status).toBe(200);
    try {
      expect(await powers()).not.toContain(POWER.priceAdd);
      const menu = await supplier<{ rows: MenuEntry[] }>('/v2/permission/user/menu?groupName=pcMenu&enable=1');
      expect(menu.body.data.rows.map((r) => r.moduleId)).not.toContain('productPrice');
    } finally {
      expect((await setEnable(true)).status).toBe(200);
    }
    expect(await powers()).toContain(POWER.priceAdd);
  });
});
