// §7 role management: roles and role groups with §6 visibility, relations, role members and #roleManage
// roles. Every change is a command; changes need the role power and a role the user may see, and roles that
// confer §6 admin powers are given out or edited by system providers only.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import type { Tx } from '../../store/eventStore.ts';
import { requestCommand, runDecisions } from '../../store/command.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { holdsPower, requireSameOrg } from '../../http/auth.ts';
import { PAGE, ROLE_CODE } from '../../../domain/constants.ts';
import { mayWriteRoleGroups, SALESMAN_GROUP_CODE } from '../../../domain/salesmanGroups.ts';
import { isSystemProvider, visibleRoles } from '../../../domain/roles.ts';
import { grantFactsOf } from './grantFacts.ts';
import { childRolesOf, mayManageRole, visibleRoleGroups } from '../../../domain/roleGroupVisibility.ts';
import { refusalError } from '../../http/refusal.ts';
import { orderRows, type OrderKey } from '../../../domain/listOrder.ts';
import { orgFieldProblem } from '../../../domain/derivedFields.ts';
import { ROLE_TEXT, type GroupCaller, type RoleCreated, type RoleGroupCreated, type RoleUpdated } from '../../../domain/aggregates/role.ts';
import { BASE_POWER } from '../permissions/basePowers.ts';
import { callerOf, membersOf, roleCommands } from './commands.ts';
import { streams } from '../users/streams.ts';
import { withStreamVersions } from '../../store/versions.ts';
import { commaList, pageOf } from '../../http/listQuery.ts';

const tags = ['roles'];
const manage = { auth: 'orgApp' } as const;
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
const names = { type: 'array', maxItems: 1000, items: { type: 'string', minLength: 1, maxLength: 128 } } as const;

type RoleRow = Selectable<Database['roles']>;
type GroupRow = Selectable<Database['role_groups']>;

// §7 $orderby of the role lists: the §3 fields each list may be ordered by, and the column each reads
const ROLE_ORDER = { roleId: 'role_id', name: 'name', code: 'code', cnName: 'cn_name', roleGroupId: 'role_group_id', enable: 'enable', sort: 'sort' } as const;
const GROUP_ORDER = { roleGroupId: 'role_group_id', groupName: 'group_name', code: 'code', sort: 'sort' } as const;
/** The list's $orderby, read by the list query layer against the route's listOrderable fields. */
const orderOf = <F extends string>(request: FastifyRequest) => (request.listQuery?.orderBy ?? []) as readonly OrderKey<F>[];

const roleOut = (r: RoleRow & { version?: number }) => ({
  ...(r.version !== undefined && { version: r.version }), roleId: r.role_id, id: r.role_id, name: r.name, code: r.code, cnName: r.cn_name, roleGroupId: r.role_group_id, manageRoleNames: r.manage_role_names,
  manageRoleName: r.manage_role_names, orgId: r.org_id, enable: r.enable, sort: r.sort, config: (r.config ?? {}) as Record<string, unknown>,
  isPriceNeedApproval: !!((r.config ?? {}) as { priceApprovalEnable?: boolean }).priceApprovalEnable,
});
const groupOut = (g: GroupRow & { version?: number }, roles: RoleRow[]) => ({
  ...(g.version !== undefined && { version: g.version }), roleGroupId: g.role_group_id, id: g.role_group_id, groupName: g.group_name, code: g.code, sort: g.sort, manageRoleNames: g.manage_role_names,
  config: (g.config ?? {}) as Record<string, unknown>, roles: roles.filter((r) => r.role_group_id === g.role_group_id).map(roleOut),
});
const roleSchema = { type: 'object', additionalProperties: true, properties: { roleId: { type: 'string' }, name: { type: 'string' }, code: { type: 'string' }, version: { type: 'integer' } } } as const;
/** `version` (or If-Match): the version of the role or role group the editor read (issue 31) */
const version = { type: 'integer', minimum: 0 } as const;
/** Roles and role groups with the version of their stream, which an editor sends back with a change (issue 31). */
const rolesVersioned = (db: Kysely<Database> | Tx, rows: RoleRow[]) => withStreamVersions(db, rows, (r) => ({ orgId: r.org_id, streamId: streams.role(r.role_id) }));
const groupsVersioned = (db: Kysely<Database> | Tx, rows: GroupRow[]) => withStreamVersions(db, rows, (g) => ({ orgId: g.org_id, streamId: streams.roleGroup(g.role_group_id) }));

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

/** A role of the current org the user may see (§6); otherwise 404. Whether he may change it is the decider's. */
function visibleRole(visible: RoleRow[], where: { roleId?: string; name?: string }): RoleRow {
  const role = visible.find((r) => (where.roleId ? r.role_id === where.roleId : r.name === where.name));
  if (!role) throw notFound(ROLE_TEXT.roleMissing(where.roleId ?? where.name ?? ''));
  return role;
}
const roleVisibleTo = async (tx: Tx, request: FastifyRequest, where: { roleId?: string; name?: string }) => visibleRole(await visibleRolesIn(tx, request, request.orgApp!.orgId), where);

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
  if (!mayWriteRoleGroups(request.roles, codes, await holdsPower(db, request, BASE_POWER.roleManage))) throw forbidden(ROLE_TEXT.groupForbidden);
}

/** The caller as the role-group rules need him: his roles and whether he holds the role power. */
const groupCallerOf = async (db: Kysely<Database>, request: FastifyRequest): Promise<GroupCaller> => ({
  roles: request.roles, holdsRolePower: await holdsPower(db, request, BASE_POWER.roleManage),
});

export default async function roleManageRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  app.get<{ Querystring: {
    name?: string[]; orgId?: string; roleId?: string[]; code?: string[]; manageRoleName?: string; roleGroupId?: string;
  } }>('/v2/roles/role', {
    // $orderby, $count and the page: the list query layer (server/http/listQuery.ts)
    config: { auth: 'orgApp', listOrderable: Object.keys(ROLE_ORDER), listPage: { size: PAGE.roles, max: PAGE.roles } },
    schema: {
      tags, summary: 'Roles of the org the user may see (§6: codes 999, useradmin and admin_ roles see all; #roleManage roles and group manageRoleNames)',
      querystring: {
        type: 'object',
        properties: {
          name: names, orgId: idStr, roleId: names, code: names, manageRoleName: { type: 'string', maxLength: 128 }, roleGroupId: idStr,
        },
      },
      response: { 200: listSchema(roleSchema) },
    },
  }, async (request) => {
    const q = request.query;
    requireSameOrg(request, q.orgId);
    const order = orderOf<keyof typeof ROLE_ORDER>(request);
    const visible = (await visibleRolesIn(db, request, q.orgId ?? request.orgApp!.orgId)).filter((r) => (!q.name || q.name.includes(r.name))
      && (!q.roleId || q.roleId.includes(r.role_id)) && (!q.code || q.code.includes(r.code))
      && (!q.manageRoleName || r.manage_role_names.includes(q.manageRoleName)) && (!q.roleGroupId || r.role_group_id === q.roleGroupId));
    // ties keep the default order (sort, then name)
    const rows = orderRows(visible, order, (r, f) => r[ROLE_ORDER[f]]);
    return list((await rolesVersioned(db, pageOf(rows, request))).map(roleOut), rows.length);
  });

  app.get<{ Querystring: { code?: string[]; manageRoleNames?: string[]; orgId?: string } }>('/v2/roles/group', {
    config: { auth: 'orgApp', listOrderable: Object.keys(GROUP_ORDER), listPage: { size: PAGE.roleGroups, max: PAGE.roleGroups } },
    schema: {
      tags, summary: 'Role groups the user may see (§6), ordered by sort, each with its visible roles',
      querystring: {
        type: 'object',
        properties: {
          code: names, manageRoleNames: names, orgId: idStr,
        },
      },
      response: { 200: listSchema(roleSchema) },
    },
  }, async (request) => {
    const q = request.query;
    requireSameOrg(request, q.orgId);
    const order = orderOf<keyof typeof GROUP_ORDER>(request);
    const orgId = q.orgId ?? request.orgApp!.orgId;
    const [groups, v, roles] = await Promise.all([
      db.selectFrom('role_groups').selectAll().where('org_id', '=', orgId).orderBy('sort').orderBy('group_name').execute(),
      viewer(db, request, orgId),
      visibleRolesIn(db, request, orgId),
    ]);
    const visible = visibleRoleGroups(v.roles, groups.map((g) => ({ ...g, roleGroupId: g.role_group_id, manageRoleNames: g.manage_role_names })))
      .filter((g) => (!q.code || q.code.includes(g.code)) && (!q.manageRoleNames || g.manage_role_names.some((n) => q.manageRoleNames!.includes(n))));
    // ties keep the default order (sort, then group name)
    const rows = orderRows(visible, order, (g, f) => g[GROUP_ORDER[f]]);
    return list((await groupsVersioned(db, pageOf(rows, request))).map((g) => groupOut(g, roles)), rows.length);
  });

  const roleBody = {
    name: { type: 'string', minLength: 1, maxLength: 128, pattern: '\\S' }, code: { type: 'string', maxLength: 128 }, cnName: { type: 'string', maxLength: 128 },
    roleGroupId: { type: ['string', 'null'], maxLength: 128 }, manageRoleNames: names, enable: { type: 'boolean' },
    sort: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 }, config: { type: 'object', additionalProperties: true },
    // §3 role orgId: the org the role lives in, derived; accepted when it is the caller's (orgFieldProblem)
    orgId: idStr,
  } as const;
  type RoleBody = Partial<Omit<RoleCreated, 'roleId'>> & { roleId?: string; userId?: string; orgId?: string };
  const refuseOtherOrg = (request: FastifyRequest, b: RoleBody) => {
    const problem = orgFieldProblem({ orgId: b.orgId }, request.orgApp!);
    if (problem) throw refusalError(problem);
  };

  /** Another role of the org has the name. */
  const nameTaken = async (tx: Tx, orgId: string, name: string, except: string) =>
    !!await tx.selectFrom('roles').select('role_id').where('org_id', '=', orgId).where('name', '=', name).where('role_id', '!=', except).executeTakeFirst();
  /** The group is one of the org's (no group: nothing to check). */
  const groupExists = async (tx: Tx, orgId: string, roleGroupId: string | null | undefined) =>
    !roleGroupId || !!await tx.selectFrom('role_groups').select('role_group_id').where('org_id', '=', orgId).where('role_group_id', '=', roleGroupId).executeTakeFirst();
  const roleById = async (roleId: string) => roleOut((await rolesVersioned(db, [await db.selectFrom('roles').selectAll().where('role_id', '=', roleId).executeTakeFirstOrThrow()]))[0]);

  app.post<{ Body: RoleBody & { name: string } }>('/v2/roles/role', {
    config: manage,
    schema: {
      tags, summary: 'Create a role (a code ending #roleManage makes it manage the roles named in manageRoleNames)',
      body: { type: 'object', additionalProperties: false, required: ['name'], properties: roleBody }, response: { 200: envelopeSchema(roleSchema) },
    },
  }, async (request) => {
    const b = request.body;
    refuseOtherOrg(request, b);
    const { orgId, meta } = requestCommand(request, clock());
    const role: RoleCreated = {
      roleId: crypto.randomUUID(), name: b.name.trim(), code: b.code ?? '', cnName: b.cnName ?? '', roleGroupId: b.roleGroupId ?? null,
      manageRoleNames: b.manageRoleNames ?? [], enable: b.enable ?? true, sort: b.sort ?? 0, config: b.config ?? {},
    };
    await runDecisions(db, async (tx) => roleCommands(tx, orgId, meta).role(role.roleId, {
      type: 'CreateRole', role, caller: callerOf(request), nameTaken: await nameTaken(tx, orgId, role.name, role.roleId),
      groupExists: await groupExists(tx, orgId, role.roleGroupId),
    }));
    return ok(await roleById(role.roleId));
  });

  app.put<{ Params: { id: string }; Body: RoleBody }>('/v2/roles/role/:id', {
    config: manage,
    schema: {
      tags, summary: 'Edit a role (If-Match: the version edited); with {roleId, userId}: move that user from this role to roleId',
      params: { type: 'object', required: ['id'], properties: { id: idStr } },
      body: { type: 'object', additionalProperties: false, properties: { ...roleBody, roleId: idStr, userId: idStr, version } },
      response: { 200: envelopeSchema(roleSchema) },
    },
  }, async (request) => {
    const b = request.body;
    refuseOtherOrg(request, b);
    const { orgId, meta, expectedVersion } = requestCommand(request, clock());
    const id = request.params.id;
    const result = await runDecisions(db, async (tx) => {
      const visible = await visibleRolesIn(tx, request, orgId);
      const role = visibleRole(visible, { roleId: id });
      const commands = roleCommands(tx, orgId, meta);
      if (b.userId) {
        const target = b.roleId && b.roleId !== id ? visibleRole(visible, { roleId: b.roleId }) : role;
        await commands.memberRoles(b.userId, {
          type: 'MoveRole', userId: b.userId, fromRoleId: role.role_id, toRoleId: target.role_id,
          isMember: (await membersOf(tx, orgId, [b.userId])).has(b.userId), mayManage: mayManageRole(role, request) && mayManageRole(target, request),
          grant: await grantFactsOf(tx, request, { roleId: target.role_id, code: target.code }, b.userId),
        });
        return target.role_id;
      }
      const change: RoleUpdated = {
        roleId: id, name: b.name, code: b.code, cnName: b.cnName, roleGroupId: b.roleGroupId, manageRoleNames: b.manageRoleNames, enable: b.enable,
        sort: b.sort, config: b.config,
      };
      const name = b.name?.trim();
      await commands.role(id, {
        type: 'UpdateRole', change, caller: callerOf(request), nameTaken: !!name && await nameTaken(tx, orgId, name, id),
        groupExists: await groupExists(tx, orgId, b.roleGroupId),
      }, expectedVersion);
      return id;
    }, expectedVersion === undefined);
    return ok(await roleById(result));
  });

  app.delete<{ Params: { id: string } }>('/v2/roles/role/:id', {
    config: manage,
    schema: {
      tags, summary: 'Delete a role (its members, permission links and relations go with it; If-Match: the version seen)',
      params: { type: 'object', required: ['id'], properties: { id: idStr } },
      response: { 200: envelopeSchema({ type: 'object', properties: { roleId: { type: 'string' } } }) },
    },
  }, async (request) => {
    const id = request.params.id;
    const { orgId, meta, expectedVersion } = requestCommand(request, clock());
    await runDecisions(db, async (tx) => {
      await roleVisibleTo(tx, request, { roleId: id });
      await roleCommands(tx, orgId, meta).role(id, { type: 'DeleteRole', roleId: id, caller: callerOf(request) }, expectedVersion);
    }, expectedVersion === undefined);
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
    const { orgId, meta } = requestCommand(request, clock());
    const id = await runDecisions(db, async (tx) => {
      const role = await roleVisibleTo(tx, request, { name: request.params.name });
      const known = new Set((await tx.selectFrom('roles').select('name').where('org_id', '=', orgId).execute()).map((k) => k.name));
      await roleCommands(tx, orgId, meta).role(role.role_id, {
        type: 'SetManagedRoles', roleId: role.role_id, manageRoleNames: request.body.manageRoleNames,
        unknownNames: request.body.manageRoleNames.filter((n) => !known.has(n)), caller: callerOf(request),
      });
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
  const groupById = async (id: string) => groupOut((await groupsVersioned(db, [await db.selectFrom('role_groups').selectAll().where('role_group_id', '=', id).executeTakeFirstOrThrow()]))[0], []);
  // one who may write no role group at all (not a supplier keeping its salesman groups, no role power) is refused
  // before his body is read; which groups he may write is the decider's (CreateRoleGroup/UpdateRoleGroup caller)
  const groupWrite = { auth: 'orgApp', guard: (request: FastifyRequest) => requireGroupWrite(db, request, [SALESMAN_GROUP_CODE]) } as const;

  app.post<{ Body: GroupBody & { groupName: string } }>('/v2/roles/group', {
    config: groupWrite,
    schema: {
      tags, summary: 'Create a role group', body: { type: 'object', additionalProperties: false, required: ['groupName'], properties: groupBody },
      response: { 200: envelopeSchema(roleSchema) },
    },
  }, async (request) => {
    const b = request.body;
    const { orgId, meta } = requestCommand(request, clock());
    const group: RoleGroupCreated = {
      roleGroupId: crypto.randomUUID(), groupName: b.groupName.trim(), code: b.code ?? '', sort: b.sort ?? 0, manageRoleNames: b.manageRoleNames ?? [], config: b.config ?? {},
    };
    const caller = await groupCallerOf(db, request);
    await runDecisions(db, (tx) => roleCommands(tx, orgId, meta).group(group.roleGroupId, { type: 'CreateRoleGroup', group, caller }));
    return ok(await groupById(group.roleGroupId));
  });

  app.put<{ Params: { id: string }; Body: GroupBody }>('/v2/roles/group/:id', {
    config: groupWrite,
    schema: {
      tags, summary: 'Edit a role group (If-Match: the version edited)', params: { type: 'object', required: ['id'], properties: { id: idStr } },
      body: { type: 'object', additionalProperties: false, properties: { ...groupBody, version } }, response: { 200: envelopeSchema(roleSchema) },
    },
  }, async (request) => {
    const id = request.params.id;
    const { orgId, meta, expectedVersion } = requestCommand(request, clock());
    const caller = await groupCallerOf(db, request);
    await runDecisions(db, async (tx) => {
      const g = await ownGroup(tx, request, id);
      const b = request.body;
      const commands = roleCommands(tx, orgId, meta);
      const { decided } = await commands.group(id, {
        type: 'UpdateRoleGroup', caller,
        change: { roleGroupId: id, groupName: b.groupName, code: b.code, sort: b.sort, manageRoleNames: b.manageRoleNames, config: b.config },
      }, expectedVersion);
      // a salesman group's own role is named after it (salesmanGroupRoutes.ts): it follows a rename
      const renamed = decided.flatMap((e) => (e.type === 'RoleGroupUpdated' && e.data.groupName !== undefined ? [e.data.groupName] : []))[0];
      if (renamed !== undefined && g.code === SALESMAN_GROUP_CODE) {
        const named = await tx.selectFrom('roles').select('role_id').where('org_id', '=', orgId).where('role_group_id', '=', id)
          .where('code', '=', ROLE_CODE.salesman).where('cn_name', '=', g.group_name).execute();
        for (const r of named) await commands.role(r.role_id, { type: 'NameAfterGroup', roleId: r.role_id, cnName: renamed });
      }
    }, expectedVersion === undefined);
    return ok(await groupById(id));
  });

  app.delete<{ Params: { id: string } }>('/v2/roles/group/:id', {
    config: groupWrite,
    schema: {
      tags, summary: 'Delete a role group (its roles stay, without a group; If-Match: the version seen)', params: { type: 'object', required: ['id'], properties: { id: idStr } },
      response: { 200: envelopeSchema({ type: 'object', properties: { roleGroupId: { type: 'string' } } }) },
    },
  }, async (request) => {
    const id = request.params.id;
    const { orgId, meta, expectedVersion } = requestCommand(request, clock());
    const caller = await groupCallerOf(db, request);
    await runDecisions(db, async (tx) => {
      await ownGroup(tx, request, id);
      await roleCommands(tx, orgId, meta).group(id, { type: 'DeleteRoleGroup', roleGroupId: id, caller }, expectedVersion);
    }, expectedVersion === undefined);
    return ok({ roleGroupId: id });
  });

  // ---- relations
  const relationOut = (r: Selectable<Database['role_relations']>) => ({
    id: r.relation_id, relationId: r.relation_id, parent: r.parent_role_id, child: r.child_role_id, relationPath: r.relation_path, depth: r.depth,
  });
  const relationSchema = { type: 'object', additionalProperties: true, properties: { id: { type: 'string' }, parent: { type: 'string' }, child: { type: 'string' } } } as const;

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
    const roleIds = commaList(request.query.roleIds);
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
    const { orgId, meta } = requestCommand(request, clock());
    const ids = await runDecisions(db, async (tx) => {
      const visible = await visibleRolesIn(tx, request, orgId);
      const relations = request.body.roleRelation.map(({ parent, child }) => {
        const [p, c] = [visibleRole(visible, { roleId: parent }), visibleRole(visible, { roleId: child })];
        return { relationId: crypto.randomUUID(), parentRoleId: parent, childRoleId: child, mayManage: mayManageRole(p, request) && mayManageRole(c, request) };
      });
      const { decided } = await roleCommands(tx, orgId, meta).relations({ type: 'AddRoleRelations', relations });
      return decided.flatMap((e) => (e.type === 'RoleRelationAdded' ? [e.data.relationId] : []));
    });
    const rows = ids.length ? await db.selectFrom('role_relations').selectAll().where('org_id', '=', orgId).where('relation_id', 'in', ids).execute() : [];
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
    const { orgId, meta } = requestCommand(request, clock());
    const id = request.params.id;
    await runDecisions(db, async (tx) => {
      const r = await tx.selectFrom('role_relations').select('parent_role_id').where('org_id', '=', orgId).where('relation_id', '=', id).executeTakeFirst();
      // no such relation: the decider says so
      const parent = r && await roleVisibleTo(tx, request, { roleId: r.parent_role_id });
      await roleCommands(tx, orgId, meta).relations({ type: 'RemoveRoleRelation', relationId: id, mayManage: !parent || mayManageRole(parent, request) });
    });
    return ok({ id });
  });

  // ---- role members
  const memberChange = (grant: boolean) => async (request: FastifyRequest<{ Params: { userId: string }; Body: { roleName: string } }>) => {
    const { orgId, meta } = requestCommand(request, clock());
    const { userId } = request.params;
    const roleId = await runDecisions(db, async (tx) => {
      const role = await roleVisibleTo(tx, request, { name: request.body.roleName });
      const isMember = (await membersOf(tx, orgId, [userId])).has(userId);
      const mayManage = mayManageRole(role, request);
      await roleCommands(tx, orgId, meta).memberRoles(userId, grant
        ? { type: 'GrantRole', userId, roleId: role.role_id, isMember, mayManage, grant: await grantFactsOf(tx, request, { roleId: role.role_id, code: role.code }, userId) }
        : { type: 'RevokeRole', userId, roleId: role.role_id, isMember, mayManage });
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
    const { orgId, meta } = requestCommand(request, clock());
    const count = await runDecisions(db, async (tx) => {
      const role = await roleVisibleTo(tx, request, { roleId: request.params.id });
      const mayManage = mayManageRole(role, request);
      let q = tx.selectFrom('user_roles').select('user_id').where('org_id', '=', orgId).where('role_id', '=', role.role_id);
      if (!b.all) q = q.where('user_id', 'in', b.userId!);
      const holders = (await q.execute()).map((h) => h.user_id);
      // no one to take it from, so no decision: one who may not manage the role still hears so
      if (!holders.length && !mayManage) throw forbidden(ROLE_TEXT.privileged);
      const members = await membersOf(tx, orgId, holders);
      const commands = roleCommands(tx, orgId, meta);
      let revoked = 0;
      for (const userId of holders) {
        const { decided } = await commands.memberRoles(userId, { type: 'RevokeRole', userId, roleId: role.role_id, isMember: members.has(userId), mayManage });
        revoked += decided.length;
      }
      return revoked;
    });
    return ok({ count });
  });
}
