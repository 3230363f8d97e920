import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, firstSignIn, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';

interface Role { roleId: string; name: string; code: string; manageRoleNames: string[]; roleGroupId: string | null }
interface Permission { permissionId: string; moduleId: string; groupName: string }

let server: TestServer;
let userAdmin: Session;
const as = (s: Session) => ({ token: s.token, key: s.key });

beforeAll(async () => {
  server = await startTestServer();
  userAdmin = await signIn(server, DEMO.userAdmin, SCHOOL_A);
});
afterAll(async () => { await server?.close(); });

const createRole = (body: Record<string, unknown>, s = userAdmin) => call<Role>(server, 'POST', '/v2/roles/role', { ...as(s), body });

describe('roles', () => {
  it('a department, a person found by pinyin, a role with a granted screen and the person in it: the screen is in their menu', async () => {
    const dept = await call<{ departmentId: string }>(server, 'POST', '/v3/contacts/department', { ...as(userAdmin), body: { departmentName: '配餐中心' } });
    const person = await call<{ userId: string }>(server, 'POST', '/v3/contacts/person', {
      ...as(userAdmin), body: { name: '宋雨轩', phoneNumber: '13966660001', department: [dept.body.data.departmentId] },
    });
    expect(person.status).toBe(200);
    const found = await call<{ userId: string; name: string }[]>(server, 'GET', '/v3/contacts/person?search=syx', as(userAdmin));
    expect(found.body.data.map((p) => p.name)).toEqual(['宋雨轩']);
    const role = await createRole({ name: 'menuKeeper', cnName: '菜品管理员' });
    expect(role.status).toBe(200);
    const tree = await call<{ rows: Permission[] }>(server, 'GET', '/v2/permission?groupName=pcMenu&$limit=5000', as(userAdmin));
    const screen = tree.body.data.rows.find((p) => p.moduleId === 'menuManage')!;
    const group = tree.body.data.rows.find((p) => p.moduleId === 'mealModule')!;
    const grant = await call(server, 'POST', '/v2/roles/role/permission', { ...as(userAdmin), body: { roleId: role.body.data.roleId, permissions: [screen.permissionId, { permissionId: group.permissionId }] } });
    expect(grant.status).toBe(200);
    const add = await call(server, 'POST', `/v2/roles/${found.body.data[0].userId}`, { ...as(userAdmin), body: { roleName: 'menuKeeper' } });
    expect(add.status).toBe(200);
    const newcomer = await firstSignIn(server, '13966660001', SCHOOL_A);
    const menu = await call<{ rows: { moduleId: string }[] }>(server, 'GET', '/v2/permission/user/menu?groupName=pcMenu', as(newcomer));
    expect(menu.body.data.rows.map((m) => m.moduleId)).toContain('menuManage');
    const links = await call<{ rows: { permissionId: string }[] }>(server, 'GET', `/v2/roles/role/permission?roleId=${role.body.data.roleId}`, as(userAdmin));
    expect(links.body.data.rows.map((l) => l.permissionId).sort()).toEqual([screen.permissionId, group.permissionId].sort());
    // taken away again: gone from the menu
    await call(server, 'DELETE', '/v2/roles/role/permission', { ...as(userAdmin), body: { roleId: role.body.data.roleId, permissions: [screen.permissionId] } });
    const after = await call<{ rows: { moduleId: string }[] }>(server, 'GET', '/v2/permission/user/menu?groupName=pcMenu', as(newcomer));
    expect(after.body.data.rows.map((m) => m.moduleId)).not.toContain('menuManage');
  });

  it('lists roles by §6 visibility: group manageRoleNames, and a #roleManage role sees the roles it manages', async () => {
    const all = await call<{ rows: Role[]; count: number }>(server, 'GET', '/v2/roles/role', as(userAdmin));
    expect(all.body.data.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['purchaser', 'supplier', 'useradmin']));
    const manager = await createRole({ name: 'canteenManager', code: 'canteen#roleManage' });
    const set = await call<Role>(server, 'POST', '/v2/roles/role/canteenManager/manage', { ...as(userAdmin), body: { manageRoleNames: ['dietitian'] } });
    expect(set.body.data.manageRoleNames).toEqual(['dietitian']);
    // 周丽华 (dietitian) sees the purchaser group's roles (its manageRoleNames name dietitian), then also the managed ones
    const dietitian = await signIn(server, DEMO.dietitian, SCHOOL_A);
    const before = await call<{ rows: Role[] }>(server, 'GET', '/v2/roles/role', as(dietitian));
    expect(before.body.data.rows.map((r) => r.name)).toEqual(['purchaser']);
    await call(server, 'POST', `/v2/roles/${dietitian.userId}`, { ...as(userAdmin), body: { roleName: manager.body.data.name } });
    const seen = await call<{ rows: Role[] }>(server, 'GET', '/v2/roles/role', as(dietitian));
    expect(seen.body.data.rows.map((r) => r.name).sort()).toEqual(['dietitian', 'purchaser']);
  });

  it('edits and deletes roles and groups, relates roles without cycles', async () => {
    const group = await call<{ roleGroupId: string; groupName: string }>(server, 'POST', '/v2/roles/group', { ...as(userAdmin), body: { groupName: '后勤组', sort: 9 } });
    expect(group.status).toBe(200);
    const parent = (await createRole({ name: 'chief', roleGroupId: group.body.data.roleGroupId })).body.data;
    const child = (await createRole({ name: 'cook' })).body.data;
    const edited = await call<Role>(server, 'PUT', `/v2/roles/role/${child.roleId}`, { ...as(userAdmin), body: { cnName: '厨师', sort: 3 } });
    expect(edited.body.data).toMatchObject({ name: 'cook', cnName: '厨师', sort: 3 });
    const rel = await call<{ rows: { id: string; relationPath: string; depth: number }[] }>(server, 'POST', '/v2/roles/role/relation', {
      ...as(userAdmin), body: { roleRelation: [{ parent: parent.roleId, child: child.roleId }] },
    });
    expect(rel.body.data.rows[0]).toMatchObject({ relationPath: `${parent.roleId}/${child.roleId}`, depth: 1 });
    const children = await call<{ rows: Role[] }>(server, 'GET', `/v2/roles/role/relation/child?roleIds=${parent.roleId}`, as(userAdmin));
    expect(children.body.data.rows.map((r) => r.name)).toEqual(['cook']);
    const before = await eventCount(server);
    const cycle = await call(server, 'POST', '/v2/roles/role/relation', { ...as(userAdmin), body: { roleRelation: [{ parent: child.roleId, child: parent.roleId }] } });
    expect(cycle.status).toBe(422);
    expect(await eventCount(server)).toBe(before);
    expect((await call(server, 'DELETE', `/v2/roles/role/relation/${rel.body.data.rows[0].id}`, as(userAdmin))).status).toBe(200);
    const groups = await call<{ rows: { groupName: string; roles: Role[] }[] }>(server, 'GET', '/v2/roles/group', as(userAdmin));
    expect(groups.body.data.rows.find((g) => g.groupName === '后勤组')!.roles.map((r) => r.name)).toEqual(['chief']);
    expect((await call(server, 'PUT', `/v2/roles/group/${group.body.data.roleGroupId}`, { ...as(userAdmin), body: { groupName: '后勤保障组' } })).status).toBe(200);
    expect((await call(server, 'DELETE', `/v2/roles/group/${group.body.data.roleGroupId}`, as(userAdmin))).status).toBe(200);
    expect((await call(server, 'DELETE', `/v2/roles/role/${child.roleId}`, as(userAdmin))).status).toBe(200);
    const left = await call<{ rows: Role[] }>(server, 'GET', '/v2/roles/role?name=chief&name=cook', as(userAdmin));
    expect(left.body.data.rows.map((r) => [r.name, r.roleGroupId])).toEqual([['chief', null]]);
  });

  it('removes role users: 请指定删除的用户 without users or all, else the listed ones or all', async () => {
    const role = (await createRole({ name: 'temp' })).body.data;
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    await call(server, 'POST', `/v2/roles/${purchaser.userId}`, { ...as(userAdmin), body: { roleName: 'temp' } });
    const before = await eventCount(server);
    const none = await call(server, 'DELETE', `/v2/roles/role/${role.roleId}/user`, { ...as(userAdmin), body: {} });
    expect(none.status).toBe(400);
    expect(none.body.status_text).toBe('请指定删除的用户');
    expect(await eventCount(server)).toBe(before);
    const all = await call<{ count: number }>(server, 'DELETE', `/v2/roles/role/${role.roleId}/user`, { ...as(userAdmin), body: { all: true } });
    expect(all.body.data.count).toBe(1);
    const users = await call<{ count: number }>(server, 'GET', '/v2/roles/role/user?roleName=temp', as(userAdmin));
    expect(users.body.data.count).toBe(0);
  });

  it('refuses bad input with a readable 4xx and writes nothing', async () => {
    const before = await eventCount(server);
    const cases: [string, string, unknown][] = [
      ['POST', '/v2/roles/role', { name: '' }],
      ['POST', '/v2/roles/role', { name: 'purchaser' }],
      ['POST', '/v2/roles/role', { name: 'x', roleGroupId: 'nope' }],
      ['PUT', '/v2/roles/role/nope', { cnName: 'x' }],
      ['POST', '/v2/roles/nope', { roleName: 'purchaser' }],
      ['POST', '/v2/roles/role/relation', { roleRelation: [] }],
      ['POST', '/v2/roles/role/permission', { roleId: 'nope', permissions: ['x'] }],
      ['PUT', '/v2/roles/role/permission/batch', { roleId: 'nope', permissionId: ['x'], extraInfo: { department: { range: 'everything' } } }],
      ['POST', '/v2/permission', { groupName: 'pcMenu' }],
      ['DELETE', '/v2/permission', { permissionId: ['nope'] }],
    ];
    for (const [method, path, body] of cases) {
      const res = await call(server, method, path, { ...as(userAdmin), body });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(res.body.status_text.length, `${method} ${path}`).toBeGreaterThan(2);
      expect(res.body.data).toBeNull();
    }
    expect(await eventCount(server)).toBe(before);
  });

  it('stores a contacts query range on a role link and widens what its holders see', async () => {
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const own = await call<{ departmentName: string }[]>(server, 'GET', '/v3/contacts/department', as(purchaser));
    expect(own.body.data.map((d) => d.departmentName)).toEqual(['食堂']);
    const nodes = await call<{ rows: Permission[] }>(server, 'GET', '/v2/permission?groupName=contactsPower', as(userAdmin));
    const query = nodes.body.data.rows.find((p) => p.moduleId === 'contactsQuery')!;
    const roles = await call<{ rows: Role[] }>(server, 'GET', '/v2/roles/role?name=purchaser', as(userAdmin));
    const batch = await call(server, 'PUT', '/v2/roles/role/permission/batch', {
      ...as(userAdmin), body: { roleId: roles.body.data.rows[0].roleId, permissionId: [query.permissionId], extraInfo: { department: { range: 'all' } } },
    });
    expect(batch.status).toBe(200);
    const wider = await call<{ departmentName: string }[]>(server, 'GET', '/v3/contacts/department', as(purchaser));
    expect(wider.body.data.map((d) => d.departmentName)).toEqual(expect.arrayContaining(['食堂', '行政办公室', '教师']));
    expect(wider.body.data.map((d) => d.departmentName)).not.toContain('校领导');
  });
});

describe('$orderby on the role lists (§7)', () => {
  interface Group { roleGroupId: string; groupName: string; code: string; sort: number }
  const roles = async (query: string) => call<{ rows: (Role & { sort: number; cnName: string })[]; count: number }>(server, 'GET', `/v2/roles/role${query}`, as(userAdmin));
  const groups = async (query: string) => call<{ rows: Group[]; count: number }>(server, 'GET', `/v2/roles/group${query}`, as(userAdmin));
  const byName = (a: string, b: string) => a.localeCompare(b, 'zh-CN', { numeric: true });

  it('orders roles by a documented field, asc and desc, and by two fields; paging follows the order', async () => {
    const plain = await roles('');
    const names = plain.body.data.rows.map((r) => r.name);
    // the default (sort) is not name order in the demo org, so an ignored $orderby cannot pass
    expect(names).not.toEqual([...names].sort(byName));
    const asc = await roles('?$orderby=name%20asc');
    expect(asc.status).toBe(200);
    expect(asc.body.data.rows.map((r) => r.name)).toEqual([...names].sort(byName));
    expect(asc.body.data.count).toBe(plain.body.data.count);
    const desc = await roles('?$orderby=name%20desc');
    expect(desc.body.data.rows.map((r) => r.name)).toEqual([...names].sort(byName).reverse());
    // no direction: asc
    expect((await roles('?$orderby=name')).body.data.rows.map((r) => r.name)).toEqual([...names].sort(byName));

    const bySort = await roles('?$orderby=sort%20desc');
    const sorts = bySort.body.data.rows.map((r) => r.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => b - a));
    const page = await roles('?$orderby=sort%20desc&$limit=2&$skip=1');
    expect(page.body.data.rows.map((r) => r.roleId)).toEqual(bySort.body.data.rows.slice(1, 3).map((r) => r.roleId));

    // code asc, then name desc inside one code
    const two = (await roles('?$orderby=code%20asc,name%20desc')).body.data.rows;
    const expected = [...plain.body.data.rows].sort((a, b) => byName(a.code, b.code) || byName(b.name, a.name));
    expect(two.map((r) => r.roleId)).toEqual(expected.map((r) => r.roleId));
  });

  it('orders role groups by sort desc and by group name', async () => {
    const plain = (await groups('')).body.data.rows;
    expect(plain.length).toBeGreaterThan(1);
    const desc = await groups('?$orderby=sort%20desc');
    expect(desc.status).toBe(200);
    expect(desc.body.data.rows.map((g) => g.sort)).toEqual(plain.map((g) => g.sort).sort((a, b) => b - a));
    expect((await groups('?$orderby=sort%20asc')).body.data.rows.map((g) => g.roleGroupId)).toEqual(plain.map((g) => g.roleGroupId));
    const named = (await groups('?$orderby=groupName%20desc')).body.data.rows.map((g) => g.groupName);
    expect(named).toEqual(plain.map((g) => g.groupName).sort(byName).reverse());
  });

  it('refuses a field it cannot order by, a bad direction or a malformed term with 400 and a readable text', async () => {
    const cases: [(q: string) => ReturnType<typeof roles | typeof groups>, string, string][] = [
      [roles, 'password asc', '不支持按该字段排序：password（可排序字段：roleId、name、code、cnName、roleGroupId、enable、sort）'],
      [roles, 'name; drop table roles', '不支持按该字段排序：name;（可排序字段：roleId、name、code、cnName、roleGroupId、enable、sort）'],
      [roles, 'name asc drop', '排序方向只能是 asc 或 desc：name asc drop'],
      [roles, 'name sideways', '排序方向只能是 asc 或 desc：name sideways'],
      [roles, 'role_id asc', '不支持按该字段排序：role_id（可排序字段：roleId、name、code、cnName、roleGroupId、enable、sort）'],
      [roles, 'name asc,,sort desc', '不支持按该字段排序：（可排序字段：roleId、name、code、cnName、roleGroupId、enable、sort）'],
      [roles, 'name,sort,code,cnName,enable', '排序字段最多 4 个'],
      [groups, 'manageRoleNames asc', '不支持按该字段排序：manageRoleNames（可排序字段：roleGroupId、groupName、code、sort）'],
    ];
    for (const [list, orderby, text] of cases) {
      const res = await list(`?$orderby=${encodeURIComponent(orderby)}`);
      expect(res.status, orderby).toBe(400);
      expect(res.body.status_text, orderby).toBe(text);
      expect(res.body.data, orderby).toBeNull();
    }
    // the roles are all still there
    expect((await roles('')).body.data.count).toBeGreaterThan(1);
  });
});

describe('PUT /v2/permission/{id} moves a node (§3 moduleId and groupName are editable)', () => {
  interface Node { permissionId: string; moduleId: string; parentId: string; groupName: string; power: string; moduleName: string }
  const create = async (body: Record<string, unknown>) => (await call<Node>(server, 'POST', '/v2/permission', { ...as(userAdmin), body })).body.data;
  const nodeOf = async (permissionId: string) => (await server.store.db.selectFrom('permissions').select(['module_id', 'group_name', 'parent_id', 'module_name'])
    .where('permission_id', '=', permissionId).executeTakeFirstOrThrow());

  it('changes moduleId and groupName; the nodes under it follow, all in one transaction', async () => {
    const parent = await create({ moduleId: 'kitchenCheck', parentId: '-1', groupName: 'pcMenu', moduleName: '后厨检查', extraInfo: { path: '/kitchenCheck' } });
    const power = await create({ moduleId: 'kitchenExport', parentId: 'kitchenCheck', groupName: 'mallPower', power: 'kitchenExport', powerName: '导出检查记录' });
    const other = await create({ moduleId: 'kitchenStats', parentId: 'mealModule', groupName: 'pcMenu', moduleName: '后厨统计' });
    const res = await call<Node>(server, 'PUT', `/v2/permission/${parent.permissionId}`, {
      ...as(userAdmin), body: { moduleId: 'kitchenInspect', groupName: 'quickEntry', moduleName: '后厨巡检' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ permissionId: parent.permissionId, moduleId: 'kitchenInspect', groupName: 'quickEntry', moduleName: '后厨巡检', parentId: '-1' });
    expect(await nodeOf(parent.permissionId)).toEqual({ module_id: 'kitchenInspect', group_name: 'quickEntry', parent_id: '-1', module_name: '后厨巡检' });
    // the power under it follows (its §6 key is now mallPower-kitchenInspect-kitchenExport); an unrelated node stays
    expect((await nodeOf(power.permissionId)).parent_id).toBe('kitchenInspect');
    expect((await nodeOf(other.permissionId)).parent_id).toBe('mealModule');
    const listed = await call<{ rows: Node[] }>(server, 'GET', '/v2/permission?moduleId=kitchenInspect', as(userAdmin));
    expect(listed.body.data.rows.map((n) => [n.permissionId, n.groupName])).toEqual([[parent.permissionId, 'quickEntry']]);
    const events = await server.store.db.selectFrom('events').select(['stream_id', 'data', 'transaction_id'])
      .where('stream_id', 'in', [`permission-${parent.permissionId}`, `permission-${power.permissionId}`]).where('type', '=', 'PermissionUpdated').orderBy('position').execute();
    expect(events.map((e) => [e.stream_id, e.data])).toEqual([
      [`permission-${parent.permissionId}`, { permissionId: parent.permissionId, moduleId: 'kitchenInspect', groupName: 'quickEntry', moduleName: '后厨巡检' }],
      [`permission-${power.permissionId}`, { permissionId: power.permissionId, parentId: 'kitchenInspect' }],
    ]);
    expect(String(events[0].transaction_id)).toBe(String(events[1].transaction_id));

    // the same values again record nothing
    const before = await eventCount(server);
    expect((await call(server, 'PUT', `/v2/permission/${parent.permissionId}`, { ...as(userAdmin), body: { moduleId: 'kitchenInspect', groupName: 'quickEntry' } })).status).toBe(200);
    expect(await eventCount(server)).toBe(before);
  });

  it('refuses a blank moduleId or groupName with 400 and a readable text, writing nothing', async () => {
    const node = await create({ moduleId: 'pantryCheck', parentId: '-1', groupName: 'pcMenu', moduleName: '库房检查' });
    const before = await eventCount(server);
    for (const body of [{ moduleId: '   ' }, { groupName: '  ', moduleName: '改名' }]) {
      const res = await call(server, 'PUT', `/v2/permission/${node.permissionId}`, { ...as(userAdmin), body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status_text).toBe('参数错误：权限的 moduleId 和 groupName 不能为空');
    }
    const empty = await call(server, 'PUT', `/v2/permission/${node.permissionId}`, { ...as(userAdmin), body: { groupName: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.status_text).toMatch(/groupName/);
    expect(await eventCount(server)).toBe(before);
    expect(await nodeOf(node.permissionId)).toMatchObject({ module_id: 'pantryCheck', group_name: 'pcMenu', module_name: '库房检查' });
  });
});
