// §7 role permissions: the permission tree of the org-app (menu entries and power nodes) and what each role
// holds, with the contacts query range of §6 in the link's extraInfo.department. Needs the role-permission power.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import type { Tx } from '../../store/eventStore.ts';
import { decideAndAppend, requestCommand, runDecisions } from '../../store/command.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { PAGE } from '../../../domain/constants.ts';
import { parseQueryRange } from '../../../domain/contactsVisibility.ts';
import { childrenFollowing, PERMISSION_TEXT, permissionDecider, type PermissionCommand, type PermissionCreated } from '../../../domain/aggregates/permission.ts';
import type { PermissionLink } from '../../../domain/aggregates/role.ts';
import { streams } from '../users/streams.ts';
import { withStreamVersions } from '../../store/versions.ts';
import { paged } from '../../http/listQuery.ts';
import { callerOf, roleCommands } from '../roles/commands.ts';
import { FRAME_HOSTS_PATH, frameHostsOf, menuExtraInfoProblem } from '../../../domain/menuUrl.ts';
import { readConfig } from '../config/orgConfig.ts';

const tags = ['permissions'];
const manage = { auth: 'orgApp' } as const;
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
const ids = { type: 'array', minItems: 1, maxItems: PAGE.permission[1], items: idStr } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;

export default async function permissionManageRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  /** The ids that are no node of the org-app's permission tree. */
  const unknownPermissions = async (tx: Tx, request: FastifyRequest, permissionIds: string[]) => {
    const { orgId, appId } = request.orgApp!;
    const rows = await tx.selectFrom('permissions').select('permission_id').where('org_id', '=', orgId).where('app_id', '=', appId)
      .where('permission_id', 'in', permissionIds).execute();
    return permissionIds.filter((p) => !rows.some((r) => r.permission_id === p));
  };
  /** Grants the links to a role of the request's org (the role decides: it exists, the caller may change it). */
  const grant = (request: FastifyRequest, roleId: string, links: PermissionLink[]) => {
    const { orgId, meta } = requestCommand(request, clock());
    return runDecisions(db, async (tx) => roleCommands(tx, orgId, meta).role(roleId, {
      type: 'GrantPermissions', roleId, links, unknownPermissions: await unknownPermissions(tx, request, links.map((l) => l.permissionId)), caller: callerOf(request),
    }));
  };
  const linksOf = (orgId: string, appId: string, roleIds?: string[]) => {
    let q = db.selectFrom('role_permissions as rp').innerJoin('permissions as p', 'p.permission_id', 'rp.permission_id')
      .select(['rp.role_id', 'rp.permission_id', 'rp.extra_info', 'p.module_id', 'p.parent_id', 'p.group_name', 'p.module_name', 'p.power', 'p.power_name'])
      .where('rp.org_id', '=', orgId).where('p.app_id', '=', appId);
    if (roleIds) q = q.where('rp.role_id', 'in', roleIds);
    return q.orderBy('p.group_name').orderBy('p.sort').execute();
  };
  const linkOut = (r: Awaited<ReturnType<typeof linksOf>>[number]) => ({
    roleId: r.role_id, permissionId: r.permission_id, extraInfo: (r.extra_info ?? {}) as Record<string, unknown>, moduleId: r.module_id, parentId: r.parent_id,
    groupName: r.group_name, moduleName: r.module_name, power: r.power, powerName: r.power_name,
  });

  app.get<{ Querystring: { roleId?: string[] } }>('/v2/roles/role/permission', {
    config: manage,
    schema: {
      tags, summary: 'Permission links of roles of the org-app (which menu entries and powers each role holds)',
      querystring: { type: 'object', properties: { roleId: { ...ids, minItems: 0 } } }, response: { 200: listSchema(anyObject) },
    },
  }, async (request) => {
    const { orgId, appId } = request.orgApp!;
    return list((await linksOf(orgId, appId, request.query.roleId)).map(linkOut));
  });

  type PermissionItem = string | { permissionId: string; extraInfo?: Record<string, unknown> };
  const grantBody = {
    type: 'object', additionalProperties: false, required: ['roleId', 'permissions'],
    properties: {
      roleId: idStr,
      permissions: {
        type: 'array', minItems: 1, maxItems: PAGE.permission[1],
        items: { anyOf: [idStr, { type: 'object', additionalProperties: false, required: ['permissionId'], properties: { permissionId: idStr, extraInfo: anyObject } }] },
      },
    },
  } as const;
  const itemsOf = (items: PermissionItem[]) => items.map((i) => (typeof i === 'string' ? { permissionId: i, extraInfo: {} } : { permissionId: i.permissionId, extraInfo: i.extraInfo ?? {} }));

  app.post<{ Body: { roleId: string; permissions: PermissionItem[] } }>('/v2/roles/role/permission', {
    config: manage,
    schema: { tags, summary: 'Give a role permissions (menu entries or powers)', body: grantBody, response: { 200: envelopeSchema({ type: 'object', properties: { count: { type: 'integer' } } }) } },
  }, async (request) => {
    const items = itemsOf(request.body.permissions);
    await grant(request, request.body.roleId, items);
    return ok({ count: items.length });
  });

  app.delete<{ Body: { roleId: string; permissions?: string[]; permissionId?: string[] } }>('/v2/roles/role/permission', {
    config: manage,
    schema: {
      tags, summary: 'Take permissions from a role',
      body: { type: 'object', additionalProperties: false, required: ['roleId'], properties: { roleId: idStr, permissions: ids, permissionId: ids } },
      response: { 200: envelopeSchema({ type: 'object', properties: { count: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const wanted = [...new Set([...(request.body.permissions ?? []), ...(request.body.permissionId ?? [])])];
    if (!wanted.length) throw badRequest('参数错误：请指定权限');
    const { orgId, meta } = requestCommand(request, clock());
    const { roleId } = request.body;
    const { decided } = await runDecisions(db, (tx) => roleCommands(tx, orgId, meta).role(roleId, {
      type: 'RevokePermissions', roleId, permissionIds: wanted, caller: callerOf(request),
    }));
    return ok({ count: decided.length });
  });

  app.put<{ Body: { roleId: string; permissionId: string[]; extraInfo?: { department?: unknown } & Record<string, unknown> } }>('/v2/roles/role/permission/batch', {
    config: manage,
    schema: {
      tags, summary: 'Give a role permissions with one extraInfo; extraInfo.department is the contacts query range of §6',
      body: {
        type: 'object', additionalProperties: false, required: ['roleId', 'permissionId'],
        properties: { roleId: idStr, permissionId: ids, extraInfo: anyObject },
      },
      response: { 200: envelopeSchema({ type: 'object', properties: { count: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const b = request.body;
    const extraInfo = b.extraInfo ?? {};
    if (extraInfo.department !== undefined && !parseQueryRange(extraInfo.department)) throw badRequest(PERMISSION_TEXT.badRange);
    const wanted = [...new Set(b.permissionId)];
    await grant(request, b.roleId, wanted.map((permissionId) => ({ permissionId, extraInfo })));
    return ok({ count: wanted.length });
  });

  type PermissionRow = { org_id: string; permission_id: string; module_id: string; parent_id: string; module_name: string; group_name: string; power: string; power_name: string; sort: number; enable: boolean; extra_info: unknown; app_id: string };
  /** Nodes with the version of their stream, which an editor sends back with a change (issue 31). */
  const versioned = (rows: PermissionRow[]) => withStreamVersions(db, rows, (p) => ({ orgId: p.org_id, streamId: streams.permission(p.permission_id) }));
  const permissionOut = (p: PermissionRow & { version: number }) => ({
    version: p.version, permissionId: p.permission_id, id: p.permission_id, moduleId: p.module_id, parentId: p.parent_id, moduleName: p.module_name, groupName: p.group_name,
    power: p.power, powerName: p.power_name, sort: p.sort, enable: p.enable, extraInfo: (p.extra_info ?? {}) as Record<string, unknown>, appId: p.app_id,
  });

  app.get<{ Querystring: { groupName?: string[]; moduleId?: string; parentId?: string; enable?: number } }>('/v2/permission', {
    config: { ...manage, listPage: { size: PAGE.permission[0], max: PAGE.permission[1] } },
    schema: {
      tags, summary: 'The permission tree of the org-app (menu entries and power nodes), by groupName',
      querystring: {
        type: 'object',
        properties: {
          groupName: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 64 } }, moduleId: idStr, parentId: idStr, enable: { type: 'integer', enum: [0, 1] },
        },
      },
      response: { 200: listSchema(anyObject) },
    },
  }, async (request) => {
    const q = request.query;
    const { orgId, appId } = request.orgApp!;
    let base = db.selectFrom('permissions').where('org_id', '=', orgId).where('app_id', '=', appId);
    if (q.groupName?.length) base = base.where('group_name', 'in', q.groupName);
    if (q.moduleId) base = base.where('module_id', '=', q.moduleId);
    if (q.parentId) base = base.where('parent_id', '=', q.parentId);
    if (q.enable !== undefined) base = base.where('enable', '=', q.enable === 1);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await paged(base.selectAll().orderBy('group_name').orderBy('parent_id').orderBy('sort').orderBy('module_id'), request).execute();
    return list((await versioned(rows)).map(permissionOut), Number(total?.n ?? 0));
  });

  const permissionBody = {
    moduleId: idStr, parentId: idStr, moduleName: { type: 'string', maxLength: 128 }, groupName: { type: 'string', minLength: 1, maxLength: 64 },
    power: { type: 'string', maxLength: 128 }, powerName: { type: 'string', maxLength: 128 }, sort: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 },
    enable: { type: 'boolean' }, extraInfo: anyObject,
  } as const;
  type PermissionBody = Partial<Omit<PermissionCreated, 'permissionId' | 'appId'>>;
  const byId = async (id: string) => permissionOut((await versioned([await db.selectFrom('permissions').selectAll().where('permission_id', '=', id).executeTakeFirstOrThrow()]))[0]);
  /** A node of the request's org-app; another org's or app's is none. */
  const ownPermission = async (tx: Tx, request: FastifyRequest, id: string) => {
    const { orgId, appId } = request.orgApp!;
    const p = await tx.selectFrom('permissions').select(['permission_id', 'module_id']).where('org_id', '=', orgId).where('app_id', '=', appId).where('permission_id', '=', id).executeTakeFirst();
    if (!p) throw notFound(PERMISSION_TEXT.permissionMissing(id));
    return p;
  };
  /** issue 27: a menu entry's addresses are http(s) or the console's own, and its frames show only hosts the org allowed. */
  const checkMenuAddresses = async (request: FastifyRequest, extraInfo: unknown) => {
    if (extraInfo === undefined) return;
    const { orgId, appId } = request.orgApp!;
    const allowedHosts = frameHostsOf((await readConfig(db, orgId, appId, [FRAME_HOSTS_PATH]))[FRAME_HOSTS_PATH]);
    const problem = menuExtraInfoProblem(extraInfo, { ownHost: request.host, allowedHosts });
    if (problem) throw badRequest(problem);
  };
  const permissionCommand = (tx: Tx, request: FastifyRequest, id: string, command: PermissionCommand, expectedVersion?: number) => {
    const { orgId, meta } = requestCommand(request, clock());
    return decideAndAppend(tx, { orgId, streamId: streams.permission(id), streamType: 'permission', decider: permissionDecider, command, meta, expectedVersion });
  };

  app.post<{ Body: PermissionBody & { moduleId: string; groupName: string } }>('/v2/permission', {
    config: manage,
    schema: {
      tags, summary: 'Add a node to the permission tree (a menu entry or a power)',
      body: { type: 'object', additionalProperties: false, required: ['moduleId', 'groupName'], properties: permissionBody }, response: { 200: envelopeSchema(anyObject) },
    },
  }, async (request) => {
    const b = request.body;
    await checkMenuAddresses(request, b.extraInfo);
    const data: PermissionCreated = {
      permissionId: crypto.randomUUID(), appId: request.orgApp!.appId, moduleId: b.moduleId, parentId: b.parentId ?? '-1', moduleName: b.moduleName ?? '',
      groupName: b.groupName, power: b.power ?? '', powerName: b.powerName ?? '', sort: b.sort ?? 0, enable: b.enable ?? true, extraInfo: b.extraInfo ?? {},
    };
    await runDecisions(db, (tx) => permissionCommand(tx, request, data.permissionId, { type: 'CreatePermission', permission: data }));
    return ok(await byId(data.permissionId));
  });

  app.put<{ Params: { id: string }; Body: PermissionBody }>('/v2/permission/:id', {
    config: manage,
    schema: {
      tags, summary: 'Edit a node of the permission tree (If-Match: the version edited)', params: { type: 'object', required: ['id'], properties: { id: idStr } },
      description: 'Every field may change, moduleId and groupName too; the nodes under a changed moduleId follow it (their parentId), '
        + 'unless another node still carries the old one.',
      // version (or If-Match): the version of the node the editor read (issue 31)
      body: { type: 'object', additionalProperties: false, properties: { ...permissionBody, version: { type: 'integer', minimum: 0 } } }, response: { 200: envelopeSchema(anyObject) },
    },
  }, async (request) => {
    const id = request.params.id;
    const b = request.body;
    await checkMenuAddresses(request, b.extraInfo);
    const { expectedVersion } = requestCommand(request, clock());
    await runDecisions(db, async (tx) => {
      const before = await ownPermission(tx, request, id);
      const { decided } = await permissionCommand(tx, request, id, {
        type: 'UpdatePermission',
        change: {
          permissionId: id, moduleId: b.moduleId, groupName: b.groupName, moduleName: b.moduleName, parentId: b.parentId, power: b.power,
          powerName: b.powerName, sort: b.sort, enable: b.enable, extraInfo: b.extraInfo,
        },
      }, expectedVersion);
      const moved = decided.find((e) => e.type === 'PermissionUpdated' && e.data.moduleId !== undefined);
      if (!moved) return;
      // the nodes under it follow in the same transaction, each through its own stream: no child is left under a parent that is gone
      const { orgId, appId } = request.orgApp!;
      const nodes = await tx.selectFrom('permissions').select(['permission_id', 'module_id', 'parent_id']).where('org_id', '=', orgId).where('app_id', '=', appId).execute();
      const following = childrenFollowing({ permissionId: id, from: before.module_id }, nodes.map((n) => ({ permissionId: n.permission_id, moduleId: n.module_id, parentId: n.parent_id })));
      for (const child of following) {
        await permissionCommand(tx, request, child, { type: 'UpdatePermission', change: { permissionId: child, parentId: b.moduleId } });
      }
    }, expectedVersion === undefined);
    return ok(await byId(id));
  });

  app.delete<{ Body: { permissionId: string[] } }>('/v2/permission', {
    config: manage,
    schema: {
      tags, summary: 'Remove nodes from the permission tree (and from every role holding them)',
      body: { type: 'object', additionalProperties: false, required: ['permissionId'], properties: { permissionId: ids } },
      response: { 200: envelopeSchema({ type: 'object', properties: { count: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const wanted = [...new Set(request.body.permissionId)];
    await runDecisions(db, async (tx) => {
      for (const id of wanted) {
        await ownPermission(tx, request, id);
        await permissionCommand(tx, request, id, { type: 'DeletePermission', permissionId: id });
      }
    });
    return ok({ count: wanted.length });
  });
}
