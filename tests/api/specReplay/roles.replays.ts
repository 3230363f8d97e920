// §7 roles, permissions, logs, product agents and members as replays (see replay.ts). At 阳光实验小学 the user
// admin (郑凯, DEMO.userAdmin) holds the role, role-permission and log powers, the school admin the member power;
// agents are the system provider's. The replays build a role group with two roles (后勤主管 over 厨师), move the
// dietitian between them, grant and take a new power node, then take everything down again.
import { expect } from 'vitest';
import type { TestServer } from '../../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from '../usersApi.ts';
import type { Replay } from './replay.ts';

const sessions = new Map<string, Promise<Session>>();
/** One sign-in per user and org for the whole file (sign-in costs a scrypt). */
const as = (server: TestServer, username: string, orgName = SCHOOL_A) => {
  const k = `${username}@${orgName}`;
  if (!sessions.has(k)) sessions.set(k, signIn(server, username, orgName));
  return sessions.get(k)!;
};
const userAdmin = (server: TestServer) => as(server, DEMO.userAdmin);
const auth = (s: Session) => ({ token: s.token, key: s.key });

interface Rows<T> { rows: T[]; count: number }
interface Role { roleId: string; name: string; code: string; cnName: string; roleGroupId: string | null; manageRoleNames: string[]; enable: boolean; sort: number; config: Record<string, unknown> }
interface Group { roleGroupId: string; groupName: string; code: string; sort: number; manageRoleNames: string[]; roles: Role[] }
interface Relation { id: string; parent: string; child: string; relationPath: string }
interface Permission { permissionId: string; moduleId: string; parentId: string; groupName: string; power: string; powerName: string; enable: boolean; extraInfo: Record<string, unknown> }
interface Link { roleId: string; permissionId: string; extraInfo: Record<string, unknown> }
interface Agent { agentId: string; name: string; domain: string; parentAgentId: string | null }
interface MemberGroup { groupId: string; name: string; sort: number; isDefault: boolean }
interface Member { userId: string; name: string; groupId: string; config: { level?: string } }

// what earlier replays made, for the later ones
let groupId = '';
let chief: Role;
let cook: Role;
let dietitianId = '';
let relation: Relation;
let node: Permission;
let agentId = '';
let memberGroupId = '';
let defaultMemberGroupId = '';

const dietitian = async (server: TestServer) => {
  if (!dietitianId) dietitianId = (await as(server, DEMO.dietitian)).userId;
  return dietitianId;
};

export const replays: Replay[] = [
  // ---- the signed-in user's roles and powers
  {
    call: 'GET /v2/roles/user/permission',
    request: async ({ server }) => ({ as: await userAdmin(server), path: '/v2/roles/user/permission' }),
    check: (data) => expect(data).toMatchObject({ isUserAdminOnly: true, isSystemProvider: false }),
  },
  {
    call: 'GET /v2/roles/user/role/jsysupport',
    request: async ({ server }) => ({ as: await userAdmin(server), path: '/v2/roles/user/role/jsysupport' }),
    // a school's user admin is no platform support staff
    check: (data) => expect(data).toEqual({ isSupport: false }),
  },
  {
    call: 'GET /v2/permission/user/power',
    request: async ({ server }) => ({ as: await as(server, DEMO.purchaser), path: '/v2/permission/user/power' }),
    check: (data) => expect((data as { powers: string[] }).powers).toContain('pcMenu--home'),
  },
  {
    call: 'GET /v2/permission/user/menu',
    request: async ({ server }) => {
      const s = await as(server, DEMO.purchaser);
      return { as: s, path: '/v2/permission/user/menu', query: { groupName: 'pcMenu', orgId: s.orgApp!.orgId, appId: s.orgApp!.appId, enable: 1 } };
    },
    check: (data) => expect((data as Rows<{ moduleId: string }>).rows.map((r) => r.moduleId)).toContain('productPrice'),
  },

  // ---- a role group and its roles
  {
    call: 'POST /v2/roles/group',
    request: async ({ server }) => ({
      as: await userAdmin(server), path: '/v2/roles/group',
      body: { groupName: '后勤组', code: 'logistics', sort: 9, manageRoleNames: ['dietitian'] },
    }),
    check: (data) => {
      const g = data as Group;
      expect(g).toMatchObject({ groupName: '后勤组', code: 'logistics', sort: 9, manageRoleNames: ['dietitian'] });
      groupId = g.roleGroupId;
    },
  },
  {
    call: 'PUT /v2/roles/group/{id}',
    request: async ({ server }) => ({
      as: await userAdmin(server), path: `/v2/roles/group/${groupId}`,
      body: { groupName: '后勤保障组', code: 'logistics', sort: 8, manageRoleNames: ['dietitian', 'purchaser'] },
    }),
    check: (data) => expect(data).toMatchObject({ groupName: '后勤保障组', sort: 8, manageRoleNames: ['dietitian', 'purchaser'] }),
  },
  {
    call: 'POST /v2/roles/role',
    request: async ({ server }) => {
      const s = await userAdmin(server);
      return {
        as: s, path: '/v2/roles/role',
        body: {
          name: 'logisticsChief', code: 'logistics#roleManage', cnName: '后勤主管', roleGroupId: groupId, manageRoleNames: ['dietitian'],
          orgId: s.orgApp!.orgId, enable: true, sort: 20, config: { priceApprovalEnable: false },
        },
      };
    },
    check: async (data, { server }) => {
      chief = data as Role;
      expect(chief).toMatchObject({ name: 'logisticsChief', cnName: '后勤主管', roleGroupId: groupId, manageRoleNames: ['dietitian'], sort: 20, enable: true });
      // the role below it, for the relation and the move
      const made = await call<Role>(server, 'POST', '/v2/roles/role', { ...auth(await userAdmin(server)), body: { name: 'cook', cnName: '厨师', sort: 21 } });
      expect(made.status, made.body.status_text).toBe(200);
      cook = made.body.data;
    },
  },
  {
    call: 'GET /v2/roles/group',
    request: async ({ server }) => ({
      as: await userAdmin(server), path: '/v2/roles/group', query: { code: 'logistics', $limit: 20, $orderby: 'sort', manageRoleNames: 'purchaser' },
    }),
    check: (data) => {
      const rows = (data as Rows<Group>).rows;
      expect(rows.map((g) => g.groupName)).toEqual(['后勤保障组']);
      expect(rows[0].roles.map((r) => r.name)).toEqual(['logisticsChief']);
    },
  },
  {
    call: 'GET /v2/roles/role',
    request: async ({ server }) => {
      const s = await userAdmin(server);
      return {
        as: s, path: '/v2/roles/role',
        query: { name: 'logisticsChief', orgId: s.orgApp!.orgId, roleId: chief.roleId, code: 'logistics#roleManage', manageRoleName: 'dietitian', $limit: 20, $skip: 0, $orderby: 'sort', $count: true },
      };
    },
    check: (data) => {
      const d = data as Rows<Role>;
      expect(d.rows.map((r) => r.roleId)).toEqual([chief.roleId]);
      expect(d.count).toBe(1);
    },
  },

  // ---- role members
  {
    call: 'POST /v2/roles/{userId}',
    request: async ({ server }) => ({ as: await userAdmin(server), path: `/v2/roles/${await dietitian(server)}`, body: { roleName: 'logisticsChief' } }),
    check: (data) => expect(data).toMatchObject({ userId: dietitianId, roleId: chief.roleId }),
  },
  {
    call: 'PUT /v2/roles/role/{roleId}',
    // with {roleId, userId}: the user moves from the role of the path to roleId
    request: async ({ server }) => ({ as: await userAdmin(server), path: `/v2/roles/role/${chief.roleId}`, body: { roleId: cook.roleId, userId: await dietitian(server) } }),
    check: (data) => expect(data).toMatchObject({ roleId: cook.roleId, name: 'cook' }),
  },
  {
    call: 'GET /v2/roles/role/user',
    request: async ({ server }) => ({ as: await userAdmin(server), path: '/v2/roles/role/user', query: { roleName: 'cook', $count: true } }),
    check: (data) => {
      const d = data as Rows<{ userId: string; roleName: string }>;
      expect(d.count).toBe(1);
      expect(d.rows.map((r) => [r.userId, r.roleName])).toEqual([[dietitianId, 'cook']]);
    },
  },

  // ---- relations
  {
    call: 'POST /v2/roles/role/relation',
    request: async ({ server }) => ({ as: await userAdmin(server), path: '/v2/roles/role/relation', body: { roleRelation: [{ parent: chief.roleId, child: cook.roleId }] } }),
    check: (data) => {
      relation = (data as Rows<Relation>).rows[0];
      expect(relation).toMatchObject({ parent: chief.roleId, child: cook.roleId, relationPath: `${chief.roleId}/${cook.roleId}` });
    },
  },
  {
    call: 'GET /v2/roles/role/relation',
    request: async ({ server }) => ({ as: await userAdmin(server), path: '/v2/roles/role/relation' }),
    check: (data) => expect((data as Rows<Relation>).rows.map((r) => r.id)).toContain(relation.id),
  },
  {
    call: 'GET /v2/roles/role/relation/child',
    request: async ({ server }) => ({ as: await userAdmin(server), path: '/v2/roles/role/relation/child', query: { roleIds: chief.roleId } }),
    check: (data) => expect((data as Rows<Role>).rows.map((r) => r.name)).toEqual(['cook']),
  },
  {
    call: 'GET /v2/roles/user/role',
    request: async ({ server }) => ({
      as: await userAdmin(server), path: '/v2/roles/user/role',
      query: { userId: await dietitian(server), relationRole: true, departmentRole: true, groupRole: true },
    }),
    check: (data) => {
      const d = data as { userId: string; roles: Role[]; relationRoles: Role[]; departmentRoles: string[]; groupRoles: unknown[] };
      expect(d.userId).toBe(dietitianId);
      expect(d.roles.map((r) => r.name)).toContain('cook');
      expect(d.roles.map((r) => r.name)).not.toContain('logisticsChief');
      expect(Array.isArray(d.relationRoles) && Array.isArray(d.departmentRoles) && Array.isArray(d.groupRoles)).toBe(true);
    },
  },
  {
    call: 'DELETE /v2/roles/role/relation/{id}',
    request: async ({ server }) => ({
      as: await userAdmin(server), path: `/v2/roles/role/relation/${relation.id}`, body: { relationPath: relation.relationPath, child: relation.child },
    }),
    check: async (_data, { server }) => {
      const left = await call<Rows<Relation>>(server, 'GET', '/v2/roles/role/relation', auth(await userAdmin(server)));
      expect(left.body.data.rows.map((r) => r.id)).not.toContain(relation.id);
    },
  },
  {
    call: 'POST /v2/roles/role/{name}/manage',
    request: async ({ server }) => ({ as: await userAdmin(server), path: '/v2/roles/role/logisticsChief/manage', body: { manageRoleNames: ['dietitian', 'cook'] } }),
    check: (data) => expect((data as Role).manageRoleNames).toEqual(['dietitian', 'cook']),
  },

  // ---- the permission tree and what roles hold
  {
    call: 'GET /v2/permission',
    request: async ({ server }) => ({ as: await userAdmin(server), path: '/v2/permission', query: { groupName: 'pcMenu', $limit: 5000 } }),
    check: (data) => expect((data as Rows<Permission>).rows.map((p) => p.moduleId)).toContain('menuManage'),
  },
  {
    call: 'POST /v2/permission',
    request: async ({ server }) => ({
      as: await userAdmin(server), path: '/v2/permission',
      body: { moduleId: 'kitchenInspect', parentId: 'rolesManage', groupName: 'rolePower', power: 'inspect', powerName: '后厨巡检', enable: true, extraInfo: { note: '每日巡检' } },
    }),
    check: (data) => {
      node = data as Permission;
      expect(node).toMatchObject({ moduleId: 'kitchenInspect', parentId: 'rolesManage', groupName: 'rolePower', powerName: '后厨巡检', extraInfo: { note: '每日巡检' } });
    },
  },
  {
    call: 'PUT /v2/permission/{id}',
    request: async ({ server }) => ({
      as: await userAdmin(server), path: `/v2/permission/${node.permissionId}`,
      // moduleId and groupName move the node in the tree (editable like the other fields)
      body: { moduleId: 'kitchenHygiene', parentId: 'rolesManage', groupName: 'inspectPower', power: 'inspect', powerName: '后厨卫生巡检', enable: false, extraInfo: { note: '每周巡检' } },
    }),
    check: (data) => expect(data).toMatchObject({
      moduleId: 'kitchenHygiene', groupName: 'inspectPower', powerName: '后厨卫生巡检', enable: false, extraInfo: { note: '每周巡检' },
    }),
  },
  {
    call: 'POST /v2/roles/role/permission',
    request: async ({ server }) => ({
      as: await userAdmin(server), path: '/v2/roles/role/permission', body: { roleId: cook.roleId, permissions: [node.permissionId] },
    }),
    check: (data) => expect(data).toEqual({ count: 1 }),
  },
  {
    call: 'GET /v2/roles/role/permission',
    request: async ({ server }) => ({ as: await userAdmin(server), path: '/v2/roles/role/permission', query: { roleId: cook.roleId } }),
    check: (data) => expect((data as Rows<Link>).rows.map((l) => l.permissionId)).toEqual([node.permissionId]),
  },
  {
    call: 'PUT /v2/roles/role/permission/batch',
    request: async ({ server }) => ({
      as: await userAdmin(server), path: '/v2/roles/role/permission/batch',
      body: { roleId: cook.roleId, permissionId: [node.permissionId], extraInfo: { department: { range: 'all' } } },
    }),
    check: async (_data, { server }) => {
      const links = await call<Rows<Link>>(server, 'GET', `/v2/roles/role/permission?roleId=${cook.roleId}`, auth(await userAdmin(server)));
      expect(links.body.data.rows[0].extraInfo).toEqual({ department: { range: 'all' } });
    },
  },
  {
    call: 'DELETE /v2/roles/role/permission',
    request: async ({ server }) => ({ as: await userAdmin(server), path: '/v2/roles/role/permission', body: { roleId: cook.roleId, permissions: [node.permissionId] } }),
    check: (data) => expect(data).toEqual({ count: 1 }),
  },
  {
    call: 'DELETE /v2/permission',
    request: async ({ server }) => ({ as: await userAdmin(server), path: '/v2/permission', body: { permissionId: [node.permissionId] } }),
    check: async (data, { server }) => {
      expect(data).toEqual({ count: 1 });
      const left = await call<Rows<Permission>>(server, 'GET', '/v2/permission?groupName=inspectPower&moduleId=kitchenHygiene', auth(await userAdmin(server)));
      expect(left.body.data.rows).toEqual([]);
    },
  },

  // ---- taking the roles down again
  {
    call: 'DELETE /v2/roles/{userId}',
    request: async ({ server }) => ({ as: await userAdmin(server), path: `/v2/roles/${await dietitian(server)}`, body: { roleName: 'cook' } }),
    check: async (_data, { server }) => {
      const users = await call<Rows<unknown>>(server, 'GET', '/v2/roles/role/user?roleName=cook&$count=true', auth(await userAdmin(server)));
      expect(users.body.data.count).toBe(0);
    },
  },
  {
    call: 'DELETE /v2/roles/role/{id}/user',
    request: async ({ server }) => {
      const s = await userAdmin(server);
      const id = await dietitian(server);
      const given = await call(server, 'POST', `/v2/roles/${id}`, { ...auth(s), body: { roleName: 'logisticsChief' } });
      expect(given.status, given.body.status_text).toBe(200);
      // all: false, so the listed users only
      return { as: s, path: `/v2/roles/role/${chief.roleId}/user`, body: { all: false, userId: [id] } };
    },
    check: (data) => expect(data).toEqual({ count: 1 }),
  },
  {
    call: 'DELETE /v2/roles/group/{id}',
    request: async ({ server }) => ({ as: await userAdmin(server), path: `/v2/roles/group/${groupId}` }),
    check: async (_data, { server }) => {
      // its roles stay, without a group
      const left = await call<Rows<Role>>(server, 'GET', '/v2/roles/role?name=logisticsChief', auth(await userAdmin(server)));
      expect(left.body.data.rows.map((r) => r.roleGroupId)).toEqual([null]);
    },
  },
  {
    call: 'DELETE /v2/roles/role/{id}',
    request: async ({ server }) => ({ as: await userAdmin(server), path: `/v2/roles/role/${cook.roleId}` }),
    check: async (_data, { server }) => {
      const left = await call<Rows<Role>>(server, 'GET', '/v2/roles/role?name=cook', auth(await userAdmin(server)));
      expect(left.body.data.rows).toEqual([]);
    },
  },

  // ---- logs
  {
    call: 'POST /v1/log/module',
    // module error reports come from the console before or after sign-in: no session
    request: () => ({ path: '/v1/log/module', body: { module: 'mealPlan', message: 'ChunkLoadError: 菜单模块加载失败', time: '2026-11-25T20:30:00.000Z' } }),
  },
  {
    call: 'POST /v1/log/operationlog',
    request: async ({ server }) => {
      const s = await userAdmin(server);
      return {
        as: s, path: '/v1/log/operationlog',
        body: {
          appId: s.orgApp!.appId, orgId: s.orgApp!.orgId, orgName: s.orgApp!.orgName, username2: '郑凯', topic: '导出角色列表',
          username: DEMO.userAdmin, userId: s.userId, orgType: 'school', log: [{ action: 'export', rows: 12 }],
        },
      };
    },
    check: async (data, { server }) => {
      expect(data).toEqual({ count: 1 });
      const ops = await call<Rows<{ data: { topic: string } }>>(server, 'GET', '/v1/log/operationlog?type=OperationLogged&$limit=1', auth(await userAdmin(server)));
      expect(ops.body.data.rows[0].data.topic).toBe('导出角色列表');
    },
  },
  {
    call: 'GET /v1/log/apilog',
    request: async ({ server }) => ({ as: await userAdmin(server), path: '/v1/log/apilog' }),
    check: (data) => expect((data as Rows<{ route: string }>).rows.map((r) => r.route)).toContain('POST /v2/roles/group'),
  },

  // ---- product agents (the system provider's)
  {
    call: 'GET /v1/productagent',
    // agent mode resolves the agent of the console's host name before anyone signs in
    request: () => ({ path: '/v1/productagent', query: { domain: 'localhost' } }),
    check: (data) => expect((data as Rows<Agent>).rows.map((a) => a.agentId)).toEqual(['agent-localhost']),
  },
  {
    call: 'POST /v1/productagent',
    request: async ({ server }) => ({
      as: await as(server, DEMO.provider), path: '/v1/productagent', body: { name: '城东区代理', domain: 'chengdong.example.com', parentAgentId: 'agent-localhost' },
    }),
    check: (data) => {
      const a = data as Agent;
      expect(a).toMatchObject({ name: '城东区代理', domain: 'chengdong.example.com', parentAgentId: 'agent-localhost' });
      agentId = a.agentId;
    },
  },
  {
    call: 'PUT /v1/productagent/{agentId}',
    request: async ({ server }) => ({ as: await as(server, DEMO.provider), path: `/v1/productagent/${agentId}`, body: { name: '城东区总代', domain: 'cd.example.com' } }),
    check: (data) => expect(data).toMatchObject({ agentId, name: '城东区总代', domain: 'cd.example.com' }),
  },
  {
    call: 'GET /v1/productagent/child',
    request: async ({ server }) => ({ as: await as(server, DEMO.provider), path: '/v1/productagent/child', query: { agentId: 'agent-localhost' } }),
    check: (data) => expect((data as Rows<Agent>).rows.map((a) => a.agentId)).toContain(agentId),
  },

  // ---- members (the school admin's)
  {
    call: 'GET /v1/productmembers/group',
    request: async ({ server }) => ({ as: await as(server, DEMO.schoolAdmin), path: '/v1/productmembers/group' }),
    check: (data) => {
      const dflt = (data as Rows<MemberGroup>).rows.find((g) => g.isDefault);
      expect(dflt).toMatchObject({ name: 'ordinary member', sort: 1 });
      defaultMemberGroupId = dflt!.groupId;
    },
  },
  {
    call: 'POST /v1/productmembers/group',
    request: async ({ server }) => ({ as: await as(server, DEMO.schoolAdmin), path: '/v1/productmembers/group', body: { name: '金卡会员', sort: 5 } }),
    check: (data) => {
      expect(data).toMatchObject({ name: '金卡会员', sort: 5, isDefault: false });
      memberGroupId = (data as MemberGroup).groupId;
    },
  },
  {
    call: 'PUT /v1/productmembers/group',
    request: async ({ server }) => ({ as: await as(server, DEMO.schoolAdmin), path: '/v1/productmembers/group', body: { groupId: memberGroupId, name: '钻石会员', sort: 6 } }),
    check: (data) => expect(data).toMatchObject({ groupId: memberGroupId, name: '钻石会员', sort: 6 }),
  },
  {
    call: 'GET /v1/productmembers/config',
    request: async ({ server }) => ({ as: await as(server, DEMO.schoolAdmin), path: '/v1/productmembers/config' }),
    check: (data) => expect((data as { memberLevel: { id: string }[] }).memberLevel.map((l) => l.id)).toContain('LV1'),
  },
  {
    call: 'POST /v1/productmembers/config',
    request: async ({ server }) => ({
      as: await as(server, DEMO.schoolAdmin), path: '/v1/productmembers/config',
      body: { memberLevel: [{ id: 'LV1', name: '普通', sort: 1 }, { id: 'LV2', name: '白银', sort: 2 }] },
    }),
    check: (data) => expect((data as { memberLevel: { name: string }[] }).memberLevel.map((l) => l.name)).toEqual(['普通', '白银']),
  },
  {
    call: 'PUT /v1/productmembers/config',
    request: async ({ server }) => ({
      as: await as(server, DEMO.schoolAdmin), path: '/v1/productmembers/config',
      body: { memberLevel: [{ id: 'LV1', name: '普通', sort: 1 }, { id: 'LV2', name: '白银', sort: 2 }, { id: 'LV3', name: '黄金', sort: 3 }] },
    }),
    check: (data) => expect((data as { memberLevel: { id: string }[] }).memberLevel.map((l) => l.id)).toEqual(['LV1', 'LV2', 'LV3']),
  },
  {
    call: 'POST /v1/productmembers',
    // an org user by id: his name and phone come from his account
    request: async ({ server }) => ({
      as: await as(server, DEMO.schoolAdmin), path: '/v1/productmembers', body: { userId: await dietitian(server), groupId: memberGroupId, config: { level: 'LV2' } },
    }),
    check: (data) => expect(data).toMatchObject({ userId: dietitianId, groupId: memberGroupId, groupName: '钻石会员', config: { level: 'LV2' } }),
  },
  {
    call: 'PUT /v1/productmembers',
    request: async ({ server }) => ({
      as: await as(server, DEMO.schoolAdmin), path: '/v1/productmembers', body: { userId: await dietitian(server), groupId: defaultMemberGroupId, config: { level: 'LV3' } },
    }),
    check: (data) => expect(data).toMatchObject({ userId: dietitianId, groupId: defaultMemberGroupId, config: { level: 'LV3' } }),
  },
  {
    call: 'GET /v1/productmembers',
    request: async ({ server }) => ({ as: await as(server, DEMO.schoolAdmin), path: '/v1/productmembers', query: { level: 'LV3' } }),
    check: (data) => expect((data as Rows<Member>).rows.map((m) => m.userId)).toEqual([dietitianId]),
  },
  {
    call: 'PUT /v1/productmembers/movegroup',
    request: async ({ server }) => ({ as: await as(server, DEMO.schoolAdmin), path: '/v1/productmembers/movegroup', body: { ids: [await dietitian(server)], groupId: memberGroupId } }),
    check: (data) => expect(data).toEqual({ count: 1, groupId: memberGroupId }),
  },
  {
    call: 'DELETE /v1/productmembers',
    request: async ({ server }) => ({ as: await as(server, DEMO.schoolAdmin), path: '/v1/productmembers', body: { userId: [await dietitian(server)] } }),
    check: async (data, { server }) => {
      expect(data).toEqual({ count: 1 });
      const left = await call<Rows<Member>>(server, 'GET', `/v1/productmembers?userId=${dietitianId}`, auth(await as(server, DEMO.schoolAdmin)));
      expect(left.body.data.rows).toEqual([]);
    },
  },
  {
    call: 'DELETE /v1/productmembers/group',
    request: async ({ server }) => ({ as: await as(server, DEMO.schoolAdmin), path: '/v1/productmembers/group', body: { groupId: memberGroupId } }),
    check: (data) => expect(data).toEqual({ groupId: memberGroupId, movedTo: defaultMemberGroupId }),
  },
];
