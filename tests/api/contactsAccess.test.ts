// Every endpoint of the base module (contacts, roles, role permissions, logs) with a user of another org and
// with a user without the power: 403, nothing leaked, nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, SCHOOL_A, type Session } from './usersApi.ts';

let server: TestServer;
let purchaser: Session;
let supplierKey: string;
let userAdmin: Session;
let ids: { dept: string; person: string; role: string; group: string; permission: string; relation: string };
const as = (s: Session) => ({ token: s.token, key: s.key });

beforeAll(async () => {
  server = await startTestServer();
  purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
  supplierKey = (await signIn(server, DEMO.supplier)).key!;
  userAdmin = await signIn(server, DEMO.userAdmin, SCHOOL_A);
  const depts = await call<{ departmentId: string; departmentName: string }[]>(server, 'GET', '/v3/contacts/department', as(userAdmin));
  const dept = depts.body.data.find((d) => d.departmentName === '教师')!.departmentId;
  const persons = await call<{ userId: string; name: string }[]>(server, 'GET', '/v3/contacts/person', as(userAdmin));
  const roles = await call<{ rows: { roleId: string; name: string }[] }>(server, 'GET', '/v2/roles/role', as(userAdmin));
  const groups = await call<{ rows: { roleGroupId: string }[] }>(server, 'GET', '/v2/roles/group', as(userAdmin));
  const perms = await call<{ rows: { permissionId: string }[] }>(server, 'GET', '/v2/permission', as(userAdmin));
  const role = roles.body.data.rows.find((r) => r.name === 'delivery')!.roleId;
  const child = roles.body.data.rows.find((r) => r.name === 'salesman')!.roleId;
  const rel = await call<{ rows: { id: string }[] }>(server, 'POST', '/v2/roles/role/relation', { ...as(userAdmin), body: { roleRelation: [{ parent: role, child }] } });
  ids = {
    dept, person: persons.body.data.find((p) => p.name === '马志强')!.userId, role, group: groups.body.data.rows[0].roleGroupId,
    permission: perms.body.data.rows[0].permissionId, relation: rel.body.data.rows[0].id,
  };
});
afterAll(async () => { await server?.close(); });

type Endpoint = [method: string, path: string, body?: unknown];
const reads = (): Endpoint[] => [
  ['GET', '/v3/contacts/department'], ['GET', `/v3/contacts/department/path?departmentId=${ids.dept}`],
  ['GET', '/v3/contacts/department/suborg'], ['GET', `/v3/contacts/department/permision?departmentId=${ids.dept}`],
  ['GET', '/v3/contacts/person'], ['GET', `/v3/contacts/person/department?userId=${ids.person}`],
  ['GET', `/v3/contacts/department/person?departmentId=${ids.dept}`],
  ['GET', '/v2/roles/role'], ['GET', '/v2/roles/group'], ['GET', '/v2/roles/role/relation'], ['GET', `/v2/roles/role/relation/child?roleIds=${ids.role}`],
];
const powered = (): Endpoint[] => [
  ['GET', '/v2/roles/role/permission'], ['GET', '/v2/permission'], ['GET', '/v1/log/apilog'], ['GET', '/v1/log/operationlog'],
  ['POST', '/v3/contacts/department', { departmentName: '越权部门' }],
  ['PUT', `/v3/contacts/department/${ids.dept}`, { departmentName: '越权' }],
  ['DELETE', `/v3/contacts/department/${ids.dept}`],
  ['POST', '/v3/contacts/department/bulk', { departments: [{ departmentName: '越权部门' }] }],
  ['POST', '/v3/contacts/person', { name: '越权', phoneNumber: '13988880001', department: [ids.dept] }],
  ['PUT', `/v3/contacts/person/${ids.person}`, { name: '越权' }],
  ['DELETE', '/v3/contacts/person', { userId: [ids.person] }],
  ['POST', '/v3/contacts/person/bulk', { persons: [{ name: '越权', phoneNumber: '13988880001', department: [ids.dept] }] }],
  ['PUT', '/v3/contacts/person/bulk', { persons: [{ userId: ids.person, name: '越权' }] }],
  ['POST', '/v3/contacts/person/department', { userId: [ids.person], department: [ids.dept] }],
  ['PUT', '/v3/contacts/person/department', { userId: [ids.person], department: [ids.dept] }],
  ['DELETE', '/v3/contacts/person/department', { userId: [ids.person], department: [ids.dept] }],
  ['POST', '/v2/roles/role', { name: 'sneaky' }], ['PUT', `/v2/roles/role/${ids.role}`, { cnName: 'x' }], ['DELETE', `/v2/roles/role/${ids.role}`],
  ['POST', '/v2/roles/role/delivery/manage', { manageRoleNames: [] }],
  ['POST', '/v2/roles/group', { groupName: 'x' }], ['PUT', `/v2/roles/group/${ids.group}`, { groupName: 'x' }], ['DELETE', `/v2/roles/group/${ids.group}`],
  ['POST', '/v2/roles/role/relation', { roleRelation: [{ parent: ids.role, child: ids.role }] }], ['DELETE', `/v2/roles/role/relation/${ids.relation}`],
  ['POST', `/v2/roles/${purchaser.userId}`, { roleName: 'admin_school' }], ['DELETE', `/v2/roles/${purchaser.userId}`, { roleName: 'purchaser' }],
  ['DELETE', `/v2/roles/role/${ids.role}/user`, { all: true }],
  ['POST', '/v2/roles/role/permission', { roleId: ids.role, permissions: [ids.permission] }],
  ['DELETE', '/v2/roles/role/permission', { roleId: ids.role, permissions: [ids.permission] }],
  ['PUT', '/v2/roles/role/permission/batch', { roleId: ids.role, permissionId: [ids.permission] }],
  ['POST', '/v2/permission', { moduleId: 'x', groupName: 'pcMenu' }], ['PUT', `/v2/permission/${ids.permission}`, { enable: false }],
  ['DELETE', '/v2/permission', { permissionId: [ids.permission] }],
];

describe('base module access', () => {
  it('refuses every endpoint to a user carrying the key of an org they do not belong to, writing nothing', async () => {
    const before = await eventCount(server);
    for (const [method, path, body] of [...reads(), ...powered(), ['POST', '/v1/log/operationlog', { log: [{}] }] as Endpoint]) {
      const res = await call(server, method, path, { token: purchaser.token, key: supplierKey, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body, `${method} ${path}`).toMatchObject({ status_code: 403, data: null });
    }
    expect(await eventCount(server)).toBe(before);
  });

  it('refuses every powered endpoint to a member without the power, writing nothing', async () => {
    const before = await eventCount(server);
    for (const [method, path, body] of powered()) {
      const res = await call(server, method, path, { ...as(purchaser), body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body, `${method} ${path}`).toMatchObject({ status_code: 403, data: null });
    }
    expect(await eventCount(server)).toBe(before);
  });

  it('answers the reads of a member without the power with only what §6 lets them see', async () => {
    const depts = await call<{ departmentName: string }[]>(server, 'GET', '/v3/contacts/department', as(purchaser));
    expect(depts.body.data.map((d) => d.departmentName)).toEqual(['食堂']);
    for (const path of [`/v3/contacts/department/path?departmentId=${ids.dept}`, `/v3/contacts/department/person?departmentId=${ids.dept}`, `/v3/contacts/department/permision?departmentId=${ids.dept}`]) {
      const res = await call(server, 'GET', path, as(purchaser));
      expect(res.status, path).toBe(404);
      expect(res.body.data, path).toBeNull();
    }
    const person = await call<unknown[]>(server, 'GET', `/v3/contacts/person?userId=${ids.person}`, as(purchaser));
    expect(person.body.data).toEqual([]);
    const roles = await call<{ rows: { name: string }[] }>(server, 'GET', '/v2/roles/role', as(purchaser));
    expect(roles.body.data.rows).toEqual([]);
    const relations = await call<{ rows: unknown[] }>(server, 'GET', '/v2/roles/role/relation', as(purchaser));
    expect(relations.body.data.rows).toEqual([]);
  });

  it("does not touch another org's records through ids, even with the power", async () => {
    const supplierAdmin = await signIn(server, DEMO.provider, '鲜丰食品供应有限公司');
    const before = await eventCount(server);
    for (const [method, path, body] of powered().filter(([m, p, b]) => m !== 'GET' && Object.values(ids).some((id) => p.includes(id) || JSON.stringify(b ?? {}).includes(id)))) {
      const res = await call(server, method, path, { ...as(supplierAdmin), body });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
    expect(await eventCount(server)).toBe(before);
  });
});
