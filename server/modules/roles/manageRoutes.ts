// §7 role management: roles and role groups with §6 visibility, relations, role members and #roleManage
// roles. Every change is a command; changes need the role power and a role the user may see, and roles that
// confer §6 admin powers are given out or edited by system providers only.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { type NewEvent, type Tx } from '../../store/eventStore.ts';
import { requestAppender, runCommand } from '../../store/command.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../http/errors.ts';
import { holdsPower, requireSameOrg } from '../../http/auth.ts';
import { PAGE, ROLE_CODE } from '../../../domain/constants.ts';
import { mayWriteRoleGroups } from '../../../domain/salesmanGroups.ts';
import { isSystemProvider, visibleRoles } from '../../../domain/roles.ts';
import { childRolesOf, mayManageRole, relationMakesCycle, visibleRoleGroups } from '../../../domain/roleGroupVisibility.ts';
import { BASE_POWER } from '../permissions/basePowers.ts';
import { streams } from '../users/streams.ts';
import type { RoleCreated, RoleGroupCreated, RoleUpdated } from './projection.ts';
import type { RoleRelationAdded } from './relationProjection.ts';
import './relationProjection.ts';

const tags = ['roles'];
const manage = { auth: 'orgApp', power: BASE_POWER.roleManage } as const;
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
const names = { type: 'array', maxItems: 1000, items: { type: 'string', minLength: 1, maxLength: 128 } } as const;

export const ROLE_TEXT = {
  noUsers: '请指定删除的用户',
  roleMissing: (r: string) => `角色不存在：${r}`,
  groupMissing: (g: string) => `角色分组不存在：${g}`,
  nameTaken: (n: string) => `角色名称已存在：${n}`,
  privileged: '只有系统服务商可以设置管理员角色',
  notMember: '该用户不是本机构的成员',
  relationMissing: '角色关系不存在',
  relationCycle: '角色关系不能成环',
  relationExists: '角色关系已存在',
} as const;

type RoleRow = Selectable<Database['roles']>;
type GroupRow = Selectable<Database['role_groups']>;

const roleOut = (r: RoleRow) => ({
  roleId: r.role_id, id: r.role_id, name: r.name, code: r.code, cnName: r.cn_name, roleGroupId: r.role_group_id, manageRoleNames: r.manage_role_names,
  manageRoleName: r.manage_role_names, orgId: r.org_id, enable: r.enable, sort: r.sort, config: (r.config ?? {}) as Record<string, unknown>,
  isPriceNeedApproval: !!((r.config ?? {}) as { priceApprovalEnable?: boolean }).priceApprovalEnable,
});
const groupOut = (g: GroupRow, roles: RoleRow[]) => ({
  roleGroupId: g.role_group_id, id: g.role_group_id, groupName: g.group_name, code: g.code, sort: g.sort, manageRoleNames: g.manage_role_names,
  config: (g.config ?? {}) as Record<string, unknown>, roles: roles.filter((r) => r.role_group_id === g.role_group_id).map(roleOut),
});
const roleSchema = { type: 'object', additionalProperties: true, properties: { roleId: { type: 'string' }, name: { type: 'string' }, code: { type: 'string' } } } as const;

/** The user's roles in the org with what visibility needs (their manageRoleNames and groups). */
export async function viewer(db: Kysely<Database> | Tx, request: FastifyRequest, orgId: string) {
  const roleIds = request.roles.map((r) => r.roleId);
  const mine = roleIds.length ? await db.selectFrom('roles').selectAll().where('role_id', 'in', roleIds).execute() : [];
  const own = mine.filter((r) => r.org_id === orgId);
  // the platform looking at another org sees it whole (requireSameOrg lets no one else look)
  const provider = orgId !== request.orgApp!.orgId && request.platform;
  return {
    provider: provider || isSystemProvider(request.roles),
    roles: (provider ? request.roles.map((r) => ({ name: r.name, code: '999', roleGroupId: null, manageRoleNames: [] as string[] })) : own.map((r) => ({
      name: r.name, code: r.code, roleGroupId: r.role_group_id, manageRoleNames: r.manage_role_names,
    }))),
  };
}

async function visibleRolesIn(db: Kysely<Database> | Tx, request: FastifyRequest, orgId: string): Promise<RoleRow[]> {
  const [all, groups, v] = await Promise.all([
    db.selectFrom('roles').selectAll().where('org_id', '=', orgId).orderBy('sort').orderBy('name').execute(),
    db.selectFrom('role_groups').selectAll().where('org_id', '=', orgId).execute(),
    viewer(db, request, orgId),
  ]);
  const rows = all.map((r) => ({ ...r, roleGroupId: r.role_group_id, manageRoleNames: r.manage_role_names }));
  return visibleRoles(v.roles, rows, groups.map((g) => ({ roleGroupId: g.role_group_id, manageRoleNames: g.manage_role_names })));
}

/** A role of the current org the user may see and change; admin-conferring roles only for providers. */
async function manageableRole(tx: Tx, request: FastifyRequest, where: { roleId?: string; name?: string }): Promise<RoleRow> {
  const orgId = request.orgApp!.orgId;
  const visible = await visibleRolesIn(tx, request, orgId);
  const role = visible.find((r) => (where.roleId ? r.role_id === where.roleId : r.name === where.name));
  if (!role) throw notFound(ROLE_TEXT.roleMissing(where.roleId ?? where.name ?? ''));
  if (!mayManageRole(role, request)) throw forbidden(ROLE_TEXT.privileged);
  return role;
}

async function memberOfOrg(tx: Tx, orgId: string, userId: string): Promise<void> {
  const m = await tx.selectFrom('org_app_users').select('user_id').where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
  if (!m) throw notFound(ROLE_TEXT.notMember);
}

/** A role group of the request's org the user may see (§6); otherwise 404. */
export async function ownGroup(tx: Kysely<Database> | Tx, request: FastifyRequest, id: string): Promise<GroupRow> {
  const g = await tx.selectFrom('role_groups').selectAll().where('org_id', '=', request.orgApp!.orgId).where('role_group_id', '=', id).executeTakeFirst();
  if (!g) throw notFound(ROLE_TEXT.groupMissing(id));
  const v = await viewer(tx, request, request.orgApp!.orgId);
  if (visibleRoleGroups(v.roles, [{ roleGroupId: g.role_group_id, manageRoleNames: g.manage_role_names }]).length === 0) throw notFound(ROLE_TEXT.groupMissing(id));
  return g;
}

/** §6 writing role groups of these codes: suppliers keep salesman groups (M6), the role power keeps all. */
export async function requireGroupWrite(db: Kysely<Database>, request: FastifyRequest, codes: string[]): Promise<void> {
  if (mayWriteRoleGroups(request.roles, codes, false)) return;
  if (!mayWriteRoleGroups(request.roles, codes, await holdsPower(db, request, manage.power))) throw forbidden('没有该操作的权限');
}

/** Appends a command's events to one stream at the version read in the transaction, with the request's meta. */
export default async function roleManageRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  const append = requestAppender(clock);

  app.get<{ Querystring: {
    name?: string[]; orgId?: string; roleId?: string[]; code?: string[]; manageRoleName?: string; roleGroupId?: string;
    $limit?: number; $skip?: number; $orderby?: string; $count?: boolean;
  } }>('/v2/roles/role', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'Roles of the org the user may see (§6: codes 999, useradmin and admin_ roles see all; #roleManage roles and group manageRoleNames)',
      querystring: {
        type: 'object',
        properties: {
          name: names, orgId: idStr, roleId: names, code: names, manageRoleName: { type: 'string', maxLength: 128 }, roleGroupId: idStr,
          $limit: { type: 'integer', minimum: 0, maximum: PAGE.roles }, $skip: { type: 'integer', minimum: 0 },
          $orderby: { type: 'string', maxLength: 64 }, $count: { type: 'boolean' },
        },
      },
      response: { 200: listSchema(roleSchema) },
    },
  }, async (request) => {
    const q = request.query;
    requireSameOrg(request, q.orgId);
    const rows = (await visibleRolesIn(db, request, q.orgId ?? request.orgApp!.orgId)).filter((r) => (!q.name || q.name.includes(r.name))
      && (!q.roleId || q.roleId.includes(r.role_id)) && (!q.code || q.code.includes(r.code))
      && (!q.manageRoleName || r.manage_role_names.includes(q.manageRoleName)) && (!q.roleGroupId || r.role_group_id === q.roleGroupId));
    const skip = q.$skip ?? 0;
    return list(rows.slice(skip, skip + (q.$limit ?? PAGE.roles)).map(roleOut), rows.length);
  });

  app.get<{ Querystring: { code?: string[]; manageRoleNames?: string[]; orgId?: string; $limit?: number; $skip?: number; $orderby?: string } }>('/v2/roles/group', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'Role groups the user may see (§6), ordered by sort, each with its visible roles',
      querystring: {
        type: 'object',
        properties: {
          code: names, manageRoleNames: names, orgId: idStr, $limit: { type: 'integer', minimum: 0, maximum: PAGE.roleGroups },
          $skip: { type: 'integer', minimum: 0 }, $orderby: { type: 'string', maxLength: 64 },
        },
      },
      response: { 200: listSchema(roleSchema) },
    },
  }, async (request) => {
    const q = request.query;
    requireSameOrg(request, q.orgId);
    const orgId = q.orgId ?? request.orgApp!.orgId;
    const [groups, v, roles] = await Promise.all([
      db.selectFrom('role_groups').selectAll().where('org_id', '=', orgId).orderBy('sort').orderBy('group_name').execute(),
      viewer(db, request, orgId),
      visibleRolesIn(db, request, orgId),
    ]);
    const rows = visibleRoleGroups(v.roles, groups.map((g) => ({ ...g, roleGroupId: g.role_group_id, manageRoleNames: g.manage_role_names })))
      .filter((g) => (!q.code || q.code.includes(g.code)) && (!q.manageRoleNames || g.manage_role_names.some((n) => q.manageRoleNames!.includes(n))));
    const skip = q.$skip ?? 0;
    return list(rows.slice(skip, skip + (q.$limit ?? PAGE.roleGroups)).map((g) => groupOut(g, roles)), rows.length);
  });

  const roleBody = {
    name: { type: 'string', minLength: 1, maxLength: 128, pattern: '\\S' }, code: { type: 'string', maxLength: 128 }, cnName: { type: 'string', maxLength: 128 },
    roleGroupId: { type: ['string', 'null'], maxLength: 128 }, manageRoleNames: names, enable: { type: 'boolean' },
    sort: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 }, config: { type: 'object', additionalProperties: true },
  } as const;
  type RoleBody = Partial<Omit<RoleCreated, 'roleId'>> & { roleId?: string; userId?: string };

  const checkGroup = async (tx: Tx, orgId: string, roleGroupId: string | null | undefined) => {
    if (!roleGroupId) return;
    const g = await tx.selectFrom('role_groups').select('role_group_id').where('org_id', '=', orgId).where('role_group_id', '=', roleGroupId).executeTakeFirst();
    if (!g) throw notFound(ROLE_TEXT.groupMissing(roleGroupId));
  };
  const checkName = async (tx: Tx, orgId: string, name: string, except?: string) => {
    const r = await tx.selectFrom('roles').select('role_id').where('org_id', '=', orgId).where('name', '=', name).executeTakeFirst();
    if (r && r.role_id !== except) throw conflict(ROLE_TEXT.nameTaken(name));
  };
  const roleById = async (roleId: string) => roleOut(await db.selectFrom('roles').selectAll().where('role_id', '=', roleId).executeTakeFirstOrThrow());

  app.post<{ Body: RoleBody & { name: string } }>('/v2/roles/role', {
    config: manage,
    schema: {
      tags, summary: 'Create a role (a code ending #roleManage makes it manage the roles named in manageRoleNames)',
      body: { type: 'object', additionalProperties: false, required: ['name'], properties: roleBody }, response: { 200: envelopeSchema(roleSchema) },
    },
  }, async (request) => {
    const b = request.body;
    const orgId = request.orgApp!.orgId;
    const role: RoleCreated = {
      roleId: crypto.randomUUID(), name: b.name.trim(), code: b.code ?? '', cnName: b.cnName ?? '', roleGroupId: b.roleGroupId ?? null,
      manageRoleNames: b.manageRoleNames ?? [], enable: b.enable ?? true, sort: b.sort ?? 0, config: b.config ?? {},
    };
    if (!mayManageRole(role, request)) throw forbidden(ROLE_TEXT.privileged);
    await runCommand(db, async (tx) => {
      await checkName(tx, orgId, role.name);
      await checkGroup(tx, orgId, role.roleGroupId);
      await append(tx, request, streams.role(role.roleId), 'role', [{ type: 'RoleCreated', data: { ...role } }], 0);
    });
    return ok(await roleById(role.roleId));
  });

  app.put<{ Params: { id: string }; Body: RoleBody }>('/v2/roles/role/:id', {
    config: manage,
    schema: {
      tags, summary: 'Edit a role; with {roleId, userId}: move that user from this role to roleId',
      params: { type: 'object', required: ['id'], properties: { id: idStr } },
      body: { type: 'object', additionalProperties: false, properties: { ...roleBody, roleId: idStr, userId: idStr } },
      response: { 200: envelopeSchema(roleSchema) },
    },
  }, async (request) => {
    const b = request.body;
    const orgId = request.orgApp!.orgId;
    const id = request.params.id;
    const result = await runCommand(db, async (tx) => {
      const role = await manageableRole(tx, request, { roleId: id });
      if (b.userId) {
        const target = b.roleId && b.roleId !== id ? await manageableRole(tx, request, { roleId: b.roleId }) : role;
        await memberOfOrg(tx, orgId, b.userId);
        const stream = streams.member(orgId, b.userId);
        await append(tx, request, stream, 'member', [
          ...(target.role_id !== role.role_id ? [{ type: 'UserRoleRevoked', data: { userId: b.userId, roleId: role.role_id } }] : []),
          { type: 'UserRoleGranted', data: { userId: b.userId, roleId: target.role_id } },
        ]);
        return target.role_id;
      }
      const change: RoleUpdated = { roleId: id };
      if (b.name !== undefined && b.name.trim() !== role.name) { await checkName(tx, orgId, b.name.trim(), id); change.name = b.name.trim(); }
      if (b.code !== undefined) change.code = b.code;
      if (b.cnName !== undefined) change.cnName = b.cnName;
      if (b.roleGroupId !== undefined) { await checkGroup(tx, orgId, b.roleGroupId); change.roleGroupId = b.roleGroupId; }
      if (b.manageRoleNames !== undefined) change.manageRoleNames = b.manageRoleNames;
      if (b.enable !== undefined) change.enable = b.enable;
      if (b.sort !== undefined) change.sort = b.sort;
      if (b.config !== undefined) change.config = b.config;
      if (!mayManageRole({ name: change.name ?? role.name, code: change.code ?? role.code }, request)) throw forbidden(ROLE_TEXT.privileged);
      if (Object.keys(change).length > 1) await append(tx, request, streams.role(id), 'role', [{ type: 'RoleUpdated', data: { ...change } }]);
      return id;
    });
    return ok(await roleById(result));
  });

  app.delete<{ Params: { id: string } }>('/v2/roles/role/:id', {
    config: manage,
    schema: {
      tags, summary: 'Delete a role (its members, permission links and relations go with it)',
      params: { type: 'object', required: ['id'], properties: { id: idStr } },
      response: { 200: envelopeSchema({ type: 'object', properties: { roleId: { type: 'string' } } }) },
    },
  }, async (request) => {
    const id = request.params.id;
    await runCommand(db, async (tx) => {
      await manageableRole(tx, request, { roleId: id });
      await append(tx, request, streams.role(id), 'role', [{ type: 'RoleDeleted', data: { roleId: id } }]);
    });
    return ok({ roleId: id });
  });

  app.post<{ Params: { name: string }; Body: { manageRoleNames: string[] } }>('/v2/roles/role/:name/manage', {
    config: manage,
    schema: {
      tags, summary: 'Set the roles a role manages (its manageRoleNames; a #roleManage role then sees and manages them, §6)',
      params: { type: 'object', required: ['name'], properties: { name: idStr } },
      body: { type: 'object', additionalProperties: false, required: ['manageRoleNames'], properties: { manageRoleNames: names } },
      response: { 200: envelopeSchema(roleSchema) },
    },
  }, async (request) => {
    const id = await runCommand(db, async (tx) => {
      const role = await manageableRole(tx, request, { name: request.params.name });
      const known = await tx.selectFrom('roles').select('name').where('org_id', '=', request.orgApp!.orgId).execute();
      const missing = request.body.manageRoleNames.find((n) => !known.some((k) => k.name === n));
      if (missing) throw notFound(ROLE_TEXT.roleMissing(missing));
      await append(tx, request, streams.role(role.role_id), 'role', [{ type: 'RoleUpdated', data: { roleId: role.role_id, manageRoleNames: [...new Set(request.body.manageRoleNames)] } }]);
      return role.role_id;
    });
    return ok(await roleById(id));
  });

  // ---- role groups
  const groupBody = {
    groupName: { type: 'string', minLength: 1, maxLength: 128, pattern: '\\S' }, code: { type: 'string', maxLength: 128 },
    sort: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 }, manageRoleNames: names, config: { type: 'object', additionalProperties: true },
  } as const;
  type GroupBody = Partial<Omit<RoleGroupCreated, 'roleGroupId'>>;
  const groupById = async (id: string) => groupOut(await db.selectFrom('role_groups').selectAll().where('role_group_id', '=', id).executeTakeFirstOrThrow(), []);
  const groupWrite = { auth: 'orgApp' } as const;

  app.post<{ Body: GroupBody & { groupName: string } }>('/v2/roles/group', {
    config: groupWrite,
    schema: {
      tags, summary: 'Create a role group', body: { type: 'object', additionalProperties: false, required: ['groupName'], properties: groupBody },
      response: { 200: envelopeSchema(roleSchema) },
    },
  }, async (request) => {
    const b = request.body;
    await requireGroupWrite(db, request, [b.code ?? '']);
    const group: RoleGroupCreated = {
      roleGroupId: crypto.randomUUID(), groupName: b.groupName.trim(), code: b.code ?? '', sort: b.sort ?? 0, manageRoleNames: b.manageRoleNames ?? [], config: b.config ?? {},
    };
    await runCommand(db, (tx) => append(tx, request, streams.roleGroup(group.roleGroupId), 'roleGroup', [{ type: 'RoleGroupCreated', data: { ...group } }], 0));
    return ok(await groupById(group.roleGroupId));
  });

  app.put<{ Params: { id: string }; Body: GroupBody }>('/v2/roles/group/:id', {
    config: groupWrite,
    schema: {
      tags, summary: 'Edit a role group', params: { type: 'object', required: ['id'], properties: { id: idStr } },
      body: { type: 'object', additionalProperties: false, properties: groupBody }, response: { 200: envelopeSchema(roleSchema) },
    },
  }, async (request) => {
    const id = request.params.id;
    await requireGroupWrite(db, request, ['M6']);
    await runCommand(db, async (tx) => {
      const g = await ownGroup(tx, request, id);
      const b = request.body;
      await requireGroupWrite(db, request, [g.code, b.code ?? g.code]);
      const change = {
        roleGroupId: id, ...(b.groupName !== undefined && { groupName: b.groupName.trim() }), ...(b.code !== undefined && { code: b.code }),
        ...(b.sort !== undefined && { sort: b.sort }), ...(b.manageRoleNames !== undefined && { manageRoleNames: b.manageRoleNames }),
        ...(b.config !== undefined && { config: b.config }),
      };
      if (Object.keys(change).length > 1) await append(tx, request, streams.roleGroup(id), 'roleGroup', [{ type: 'RoleGroupUpdated', data: change }]);
      // a salesman group's own role is named after it (salesmanGroupRoutes.ts): it follows a rename
      if (change.groupName && change.groupName !== g.group_name && g.code === 'M6') {
        const named = await tx.selectFrom('roles').select('role_id').where('org_id', '=', g.org_id).where('role_group_id', '=', id)
          .where('code', '=', ROLE_CODE.salesman).where('cn_name', '=', g.group_name).execute();
        for (const r of named) await append(tx, request, streams.role(r.role_id), 'role', [{ type: 'RoleUpdated', data: { roleId: r.role_id, cnName: change.groupName } }]);
      }
    });
    return ok(await groupById(id));
  });

  app.delete<{ Params: { id: string } }>('/v2/roles/group/:id', {
    config: groupWrite,
    schema: {
      tags, summary: 'Delete a role group (its roles stay, without a group)', params: { type: 'object', required: ['id'], properties: { id: idStr } },
      response: { 200: envelopeSchema({ type: 'object', properties: { roleGroupId: { type: 'string' } } }) },
    },
  }, async (request) => {
    const id = request.params.id;
    await requireGroupWrite(db, request, ['M6']);
    await runCommand(db, async (tx) => {
      const g = await ownGroup(tx, request, id);
      await requireGroupWrite(db, request, [g.code]);
      await append(tx, request, streams.roleGroup(id), 'roleGroup', [{ type: 'RoleGroupDeleted', data: { roleGroupId: id } }]);
    });
    return ok({ roleGroupId: id });
  });

  // ---- relations
  const relationOut = (r: Selectable<Database['role_relations']>) => ({
    id: r.relation_id, relationId: r.relation_id, parent: r.parent_role_id, child: r.child_role_id, relationPath: r.relation_path, depth: r.depth,
  });
  const relationSchema = { type: 'object', additionalProperties: true, properties: { id: { type: 'string' }, parent: { type: 'string' }, child: { type: 'string' } } } as const;
  const relationsStream = (orgId: string) => `roleRelations-${orgId}`;

  app.get<{ Querystring: { roleId?: string[] } }>('/v2/roles/role/relation', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'Role relations of the org among roles the user may see',
      querystring: { type: 'object', properties: { roleId: names } }, response: { 200: listSchema(relationSchema) },
    },
  }, async (request) => {
    const orgId = request.orgApp!.orgId;
    const visible = new Set((await visibleRolesIn(db, request, orgId)).map((r) => r.role_id));
    const rows = (await db.selectFrom('role_relations').selectAll().where('org_id', '=', orgId).orderBy('relation_path').execute())
      .filter((r) => visible.has(r.parent_role_id) && visible.has(r.child_role_id))
      .filter((r) => !request.query.roleId || request.query.roleId.includes(r.parent_role_id) || request.query.roleId.includes(r.child_role_id));
    return list(rows.map(relationOut));
  });

  app.get<{ Querystring: { roleIds: string[] } }>('/v2/roles/role/relation/child', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'Every role below the given roles through the relations (the ones the user may see)',
      querystring: { type: 'object', required: ['roleIds'], properties: { roleIds: { ...names, minItems: 1, maxItems: PAGE.childRoleBatch } } },
      response: { 200: listSchema(roleSchema) },
    },
  }, async (request) => {
    const orgId = request.orgApp!.orgId;
    const roleIds = request.query.roleIds.flatMap((s) => s.split(',')).filter(Boolean);
    const [visible, edges] = await Promise.all([
      visibleRolesIn(db, request, orgId),
      db.selectFrom('role_relations').select(['parent_role_id as parentRoleId', 'child_role_id as childRoleId']).where('org_id', '=', orgId).execute(),
    ]);
    const children = new Set(childRolesOf(edges, roleIds));
    return list(visible.filter((r) => children.has(r.role_id)).map(roleOut));
  });

  app.post<{ Body: { roleRelation: { parent: string; child: string }[] } }>('/v2/roles/role/relation', {
    config: manage,
    schema: {
      tags, summary: 'Relate roles: each {parent, child} role id; no cycles',
      body: {
        type: 'object', additionalProperties: false, required: ['roleRelation'],
        properties: {
          roleRelation: {
            type: 'array', minItems: 1, maxItems: 100,
            items: { type: 'object', additionalProperties: false, required: ['parent', 'child'], properties: { parent: idStr, child: idStr } },
          },
        },
      },
      response: { 200: listSchema(relationSchema) },
    },
  }, async (request) => {
    const orgId = request.orgApp!.orgId;
    const ids = await runCommand(db, async (tx) => {
      const edges = await tx.selectFrom('role_relations').select(['parent_role_id as parentRoleId', 'child_role_id as childRoleId', 'relation_path']).where('org_id', '=', orgId).execute();
      const events: NewEvent[] = [];
      for (const { parent, child } of request.body.roleRelation) {
        await manageableRole(tx, request, { roleId: parent });
        await manageableRole(tx, request, { roleId: child });
        if (edges.some((e) => e.parentRoleId === parent && e.childRoleId === child)) throw conflict(ROLE_TEXT.relationExists);
        if (relationMakesCycle(edges, parent, child)) throw unprocessable(ROLE_TEXT.relationCycle);
        const above = edges.find((e) => e.childRoleId === parent);
        const relationPath = `${above ? above.relation_path : parent}/${child}`;
        const data: RoleRelationAdded = { relationId: crypto.randomUUID(), parentRoleId: parent, childRoleId: child, relationPath, depth: relationPath.split('/').length - 1 };
        edges.push({ parentRoleId: parent, childRoleId: child, relation_path: relationPath });
        events.push({ type: 'RoleRelationAdded', data: { ...data } });
      }
      await append(tx, request, relationsStream(orgId), 'roleRelations', events);
      return events.map((e) => (e.data as unknown as RoleRelationAdded).relationId);
    });
    const rows = await db.selectFrom('role_relations').selectAll().where('relation_id', 'in', ids).execute();
    return list(rows.map(relationOut));
  });

  app.delete<{ Params: { id: string } }>('/v2/roles/role/relation/:id', {
    config: manage,
    schema: {
      tags, summary: 'Remove a role relation', params: { type: 'object', required: ['id'], properties: { id: idStr } },
      body: { type: ['object', 'null'], properties: { relationPath: { type: 'string', maxLength: 2000 }, child: { type: 'string', maxLength: 128 } } },
      response: { 200: envelopeSchema({ type: 'object', properties: { id: { type: 'string' } } }) },
    },
  }, async (request) => {
    const orgId = request.orgApp!.orgId;
    const id = request.params.id;
    await runCommand(db, async (tx) => {
      const r = await tx.selectFrom('role_relations').selectAll().where('org_id', '=', orgId).where('relation_id', '=', id).executeTakeFirst();
      if (!r) throw notFound(ROLE_TEXT.relationMissing);
      await manageableRole(tx, request, { roleId: r.parent_role_id });
      await append(tx, request, relationsStream(orgId), 'roleRelations', [{ type: 'RoleRelationRemoved', data: { relationId: id } }]);
    });
    return ok({ id });
  });

  // ---- role members
  const memberChange = (grant: boolean) => async (request: FastifyRequest<{ Params: { userId: string }; Body: { roleName: string } }>) => {
    const orgId = request.orgApp!.orgId;
    const { userId } = request.params;
    const roleId = await runCommand(db, async (tx) => {
      const role = await manageableRole(tx, request, { name: request.body.roleName });
      await memberOfOrg(tx, orgId, userId);
      const has = await tx.selectFrom('user_roles').select('role_id').where('org_id', '=', orgId).where('user_id', '=', userId).where('role_id', '=', role.role_id).executeTakeFirst();
      if (grant !== !!has) {
        await append(tx, request, streams.member(orgId, userId), 'member', [{ type: grant ? 'UserRoleGranted' : 'UserRoleRevoked', data: { userId, roleId: role.role_id } }]);
      }
      return role.role_id;
    });
    return ok({ userId, roleId, roleName: request.body.roleName });
  };
  const memberSchema = (summary: string) => ({
    tags, summary, params: { type: 'object', required: ['userId'], properties: { userId: idStr } },
    body: { type: 'object', additionalProperties: false, required: ['roleName'], properties: { roleName: idStr } },
    response: { 200: envelopeSchema({ type: 'object', properties: { userId: { type: 'string' }, roleId: { type: 'string' }, roleName: { type: 'string' } } }) },
  });
  app.post<{ Params: { userId: string }; Body: { roleName: string } }>('/v2/roles/:userId', { config: manage, schema: memberSchema('Give a member of the org a role') }, memberChange(true));
  app.delete<{ Params: { userId: string }; Body: { roleName: string } }>('/v2/roles/:userId', { config: manage, schema: memberSchema('Take a role from a member of the org') }, memberChange(false));

  app.delete<{ Params: { id: string }; Body: { all?: boolean; userId?: string[] } | null }>('/v2/roles/role/:id/user', {
    config: manage,
    schema: {
      tags, summary: 'Take the role from the listed users, or from all its users (all: true); neither: 请指定删除的用户',
      params: { type: 'object', required: ['id'], properties: { id: idStr } },
      body: { type: ['object', 'null'], additionalProperties: false, properties: { all: { type: 'boolean' }, userId: { type: 'array', maxItems: PAGE.userBatch, items: idStr } } },
      response: { 200: envelopeSchema({ type: 'object', properties: { count: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const b = request.body ?? {};
    if (!b.all && !(b.userId?.length)) throw badRequest(ROLE_TEXT.noUsers);
    const orgId = request.orgApp!.orgId;
    const count = await runCommand(db, async (tx) => {
      const role = await manageableRole(tx, request, { roleId: request.params.id });
      let q = tx.selectFrom('user_roles').select('user_id').where('org_id', '=', orgId).where('role_id', '=', role.role_id);
      if (!b.all) q = q.where('user_id', 'in', b.userId!);
      const holders = await q.execute();
      for (const h of holders) {
        await append(tx, request, streams.member(orgId, h.user_id), 'member', [{ type: 'UserRoleRevoked', data: { userId: h.user_id, roleId: role.role_id } }]);
      }
      return holders.length;
    });
    return ok({ count });
  });
}
