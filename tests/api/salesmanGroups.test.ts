import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, eventCount, signIn, DEMO, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';

interface Group { roleGroupId: string; groupName: string; code: string; manageRoleNames: string[] }

let server: TestServer;
let supplier: Session;
let salesman: Session;
beforeAll(async () => {
  server = await startTestServer();
  supplier = await signIn(server, DEMO.supplier);
  salesman = await signIn(server, DEMO.salesman);
});
afterAll(async () => { await server?.close(); });

const m6 = async (s: Session) => (await call<{ rows: Group[] }>(server, 'GET', '/v2/roles/group?code=M6', auth(s))).body.data.rows.map((g) => g.groupName);

describe('salesman groups (M6, §6)', () => {
  it('the supplier creates, edits and deletes them and sees all; a salesman only those naming his roles (or his own group)', async () => {
    const create = (groupName: string, manageRoleNames: string[]) =>
      call<Group>(server, 'POST', '/v2/roles/group', { ...auth(supplier), body: { groupName, code: 'M6', sort: 5, manageRoleNames } });
    const mine = await create('东区业务员', ['supplier', 'salesman']);
    expect(mine.status, mine.body.status_text).toBe(200);
    const hidden = await create('西区业务员', ['supplier']);
    expect(hidden.status).toBe(200);
    expect(await m6(supplier)).toEqual(expect.arrayContaining(['东区业务员', '西区业务员']));
    const seen = await m6(salesman);
    expect(seen).toContain('东区业务员');
    expect(seen).not.toContain('西区业务员');
    expect((await call(server, 'PUT', `/v2/roles/group/${hidden.body.data.roleGroupId}`, { ...auth(salesman), body: { groupName: 'x' } })).status).toBeGreaterThanOrEqual(403);
    const edited = await call<Group>(server, 'PUT', `/v2/roles/group/${mine.body.data.roleGroupId}`, { ...auth(supplier), body: { groupName: '东区业务员组', manageRoleNames: ['supplier'] } });
    expect(edited.status).toBe(200);
    expect(await m6(salesman)).not.toContain('东区业务员组');
    expect((await call(server, 'DELETE', `/v2/roles/group/${hidden.body.data.roleGroupId}`, auth(supplier))).status).toBe(200);
    expect(await m6(supplier)).not.toContain('西区业务员');
  });

  it('refuses the supplier other group codes, and a salesman any group', async () => {
    expect((await call(server, 'POST', '/v2/roles/group', { ...auth(supplier), body: { groupName: '采购组', code: 'M1' } })).status).toBe(403);
    expect((await call(server, 'POST', '/v2/roles/group', { ...auth(salesman), body: { groupName: '业务员', code: 'M6' } })).status).toBe(403);
    const m1 = (await call<{ rows: Group[] }>(server, 'GET', '/v2/roles/group?code=M1', auth(supplier))).body.data.rows[0];
    expect((await call(server, 'PUT', `/v2/roles/group/${m1.roleGroupId}`, { ...auth(supplier), body: { groupName: 'x' } })).status).toBe(403);
    expect((await call(server, 'PUT', `/v2/roles/group/${m1.roleGroupId}`, { ...auth(supplier), body: { code: 'M6' } })).status).toBe(403);
    expect((await call(server, 'DELETE', `/v2/roles/group/${m1.roleGroupId}`, auth(supplier))).status).toBe(403);
  });

  describe('members (a salesman holds a code-6 role of the group)', () => {
    interface Person { userId: string; username: string; name: string }
    interface Members { members: Person[]; candidates: Person[] }
    const members = (s: Session, id: string) => call<Members>(server, 'GET', `/v2/roles/group/${id}/salesmen`, auth(s));
    const setMembers = (s: Session, id: string, userIds: string[]) => call<Members>(server, 'PUT', `/v2/roles/group/${id}/salesmen`, { ...auth(s), body: { userIds } });
    const usernames = (ps: Person[]) => ps.map((p) => p.username);
    const groupId = async (name: string) => (await call<{ rows: Group[] }>(server, 'GET', '/v2/roles/group?code=M6', auth(supplier))).body.data.rows.find((g) => g.groupName === name)!.roleGroupId;
    /** Every refusal writes nothing. */
    const refused = async (res: Promise<{ status: number; body: { status_text: string } }>) => {
      const before = await eventCount(server);
      const r = await res;
      expect(await eventCount(server)).toBe(before);
      return r;
    };

    it('refuses taking the salesman out of his only salesman group, with the reason', async () => {
      const defaultGroup = await groupId('业务员分组');
      const now = await members(supplier, defaultGroup);
      expect(now.status, now.body.status_text).toBe(200);
      expect(usernames(now.body.data.members)).toEqual([DEMO.salesman]);
      const r = await refused(setMembers(supplier, defaultGroup, []));
      expect(r.status).toBe(422);
      expect(r.body.status_text).toContain('孙浩');
      expect(r.body.status_text).toContain('没有业务员角色');
      expect(usernames((await members(supplier, defaultGroup)).body.data.members)).toEqual([DEMO.salesman]);
    });

    it('the supplier puts the salesman into a new group; he sees it on his next request though it does not name his role', async () => {
      const created = await call<Group>(server, 'POST', '/v2/roles/group', { ...auth(supplier), body: { groupName: '南区业务员', code: 'M6', manageRoleNames: ['supplier'] } });
      const id = created.body.data.roleGroupId;
      expect(await m6(salesman)).not.toContain('南区业务员');
      const before = await members(supplier, id);
      expect(before.body.data.members).toEqual([]);
      expect(usernames(before.body.data.candidates)).toEqual([DEMO.salesman]);

      const set = await setMembers(supplier, id, [salesman.userId]);
      expect(set.status, set.body.status_text).toBe(200);
      expect(set.body.data.members).toEqual([{ userId: salesman.userId, username: DEMO.salesman, name: '孙浩' }]);
      expect(set.body.data.candidates).toEqual([]);
      expect(await m6(salesman)).toContain('南区业务员');
      // the group got its own salesman role, named after it
      const role = await server.store.db.selectFrom('roles').selectAll().where('role_group_id', '=', id).executeTakeFirstOrThrow();
      expect(role).toMatchObject({ code: '6', cn_name: '南区业务员', name: `salesman-${id.replace(/-/g, '').slice(0, 8)}`, org_id: 'org-xfsp' });
      // with the menu and powers of the salesman role, so leaving the default group later costs him no screen
      const permissionsOf = async (roleId: string) => (await server.store.db.selectFrom('role_permissions').select('permission_id')
        .where('role_id', '=', roleId).orderBy('permission_id').execute()).map((p) => p.permission_id);
      const base = await server.store.db.selectFrom('roles').select('role_id').where('org_id', '=', 'org-xfsp').where('name', '=', 'salesman').executeTakeFirstOrThrow();
      expect((await permissionsOf(base.role_id)).length).toBeGreaterThan(0);
      expect(await permissionsOf(role.role_id)).toEqual(await permissionsOf(base.role_id));

      // setting the same members again writes nothing
      expect((await refused(setMembers(supplier, id, [salesman.userId]))).status).toBe(200);

      // in two salesman groups he may leave either; out of this one he no longer sees it
      const out = await setMembers(supplier, id, []);
      expect(out.status, out.body.status_text).toBe(200);
      expect(usernames(out.body.data.candidates)).toEqual([DEMO.salesman]);
      expect(await m6(salesman)).not.toContain('南区业务员');
      // back in, and the group's existing role is reused
      expect((await setMembers(supplier, id, [salesman.userId])).status).toBe(200);
      expect(await server.store.db.selectFrom('roles').select('role_id').where('role_group_id', '=', id).execute()).toHaveLength(1);
      // renaming the group renames its role
      expect((await call(server, 'PUT', `/v2/roles/group/${id}`, { ...auth(supplier), body: { groupName: '南区一组' } })).status).toBe(200);
      expect((await server.store.db.selectFrom('roles').select('cn_name').where('role_group_id', '=', id).executeTakeFirstOrThrow()).cn_name).toBe('南区一组');
    });

    it('lets a system provider set members; refuses a salesman, other orgs\' groups, other group codes and non-salesmen', async () => {
      const id = (await call<Group>(server, 'POST', '/v2/roles/group', { ...auth(supplier), body: { groupName: '北区业务员', code: 'M6', manageRoleNames: ['supplier'] } })).body.data.roleGroupId;
      const provider = await signIn(server, DEMO.provider, '鲜丰食品供应有限公司');
      const byProvider = await setMembers(provider, id, [salesman.userId]);
      expect(byProvider.status, byProvider.body.status_text).toBe(200);
      expect(usernames(byProvider.body.data.members)).toEqual([DEMO.salesman]);

      // a salesman may neither read nor change the members, even of his own group
      expect((await refused(setMembers(salesman, id, []))).status).toBe(403);
      expect((await members(salesman, id)).status).toBe(403);

      // another org's salesman group, and a purchaser group of the supplier's own org
      const foreign = await server.store.db.selectFrom('role_groups').select('role_group_id').where('org_id', '<>', 'org-xfsp').where('code', '=', 'M6').executeTakeFirstOrThrow();
      const r1 = await refused(setMembers(supplier, foreign.role_group_id, [salesman.userId]));
      expect(r1.status).toBe(404);
      expect(r1.body.status_text).toContain('角色分组不存在');
      const m1 = (await call<{ rows: Group[] }>(server, 'GET', '/v2/roles/group?code=M1', auth(supplier))).body.data.rows[0];
      const r2 = await refused(setMembers(supplier, m1.roleGroupId, [salesman.userId]));
      expect(r2.status).toBe(404);
      expect(r2.body.status_text).toBe('该分组不是业务员分组');

      // the supplier himself is a member of the org but not a salesman; an unknown id is no one
      const r3 = await refused(setMembers(supplier, id, [salesman.userId, supplier.userId]));
      expect(r3.status).toBe(400);
      expect(r3.body.status_text).toBe('不是本机构的业务员：张伟');
      expect((await refused(setMembers(supplier, id, ['no-such-user']))).status).toBe(400);
      expect(usernames((await members(supplier, id)).body.data.members)).toEqual([DEMO.salesman]);
    });
  });
});
