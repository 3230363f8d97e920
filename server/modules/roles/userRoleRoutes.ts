// §7 GET /v2/roles/user/role (a user's roles, optionally with related, department and group roles) and
// GET /v2/roles/user/role/jsysupport (§6 "support flag loaded by call"), added by issue 15.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, ok } from '../../http/envelope.ts';
import { forbidden } from '../../http/errors.ts';
import { holdsPower } from '../../http/auth.ts';
import { POWER } from '../permissions/powers.ts';

const tags = ['roles'];
const str = { type: 'string' } as const;
const roleItem = { type: 'object', properties: { roleId: str, name: str, code: str, cnName: str, roleGroupId: { type: ['string', 'null'] } } } as const;
const bool = { type: 'boolean' } as const;

interface UserRoleQuery { userId?: string; relationRole?: boolean; departmentRole?: boolean; groupRole?: boolean }

export default async function userRoleRoutes(app: FastifyInstance, { db }: ModuleContext) {
  // The spec names the flag and the call; what it flags is not shown. Here: whether the signed-in user is the
  // vendor's support staff, i.e. the platform (an enabled code-999 role in the platform org, the only rights
  // across orgs), so that a console can offer support tools (API log, inspector) in any org it opens.
  app.get('/v2/roles/user/role/jsysupport', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'The §6 support flag: whether the signed-in user is platform support staff',
      response: { 200: envelopeSchema({ type: 'object', properties: { isSupport: bool }, required: ['isSupport'] }) },
    },
  }, async (request) => ok({ isSupport: request.platform }));

  app.get<{ Querystring: UserRoleQuery }>('/v2/roles/user/role', {
    config: { auth: 'orgApp' },
    schema: {
      tags,
      summary: "A member's roles in the current org (default: the signed-in user; another member's need the user-management power)",
      description: 'relationRole: also the roles below them in the role relation tree; departmentRole: the role names his departments allow to '
        + 'create under them (roleConfig.createPermision); groupRole: the role groups of his roles.',
      querystring: {
        type: 'object',
        properties: { userId: { type: 'string', minLength: 1, maxLength: 128 }, relationRole: bool, departmentRole: bool, groupRole: bool },
      },
      response: {
        200: envelopeSchema({
          type: 'object',
          properties: {
            userId: str, roles: { type: 'array', items: roleItem }, relationRoles: { type: 'array', items: roleItem },
            departmentRoles: { type: 'array', items: str },
            groupRoles: { type: 'array', items: { type: 'object', properties: { roleGroupId: str, groupName: str, code: str } } },
          },
          required: ['userId', 'roles'],
        }),
      },
    },
  }, async (request) => {
    const { orgId } = request.orgApp!;
    const q = request.query;
    const userId = q.userId ?? request.user!.userId;
    if (userId !== request.user!.userId) {
      if (!(await holdsPower(db, request, POWER.userManage))) throw forbidden('没有该操作的权限');
      const member = await db.selectFrom('org_app_users').select('user_id').where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
      if (!member) throw forbidden('该用户不是本机构成员');
    }
    const roleCols = ['r.role_id', 'r.name', 'r.code', 'r.cn_name', 'r.role_group_id'] as const;
    const view = (r: { role_id: string; name: string; code: string; cn_name: string; role_group_id: string | null }) =>
      ({ roleId: r.role_id, name: r.name, code: r.code, cnName: r.cn_name, roleGroupId: r.role_group_id });
    const held = await db.selectFrom('user_roles as ur').innerJoin('roles as r', (j) => j.onRef('r.role_id', '=', 'ur.role_id').onRef('r.org_id', '=', 'ur.org_id'))
      .select(roleCols).where('ur.org_id', '=', orgId).where('ur.user_id', '=', userId).orderBy('r.sort').orderBy('r.role_id').execute();
    const heldIds = held.map((r) => r.role_id);
    const result: Record<string, unknown> = { userId, roles: held.map(view) };
    if (q.relationRole) {
      const below = heldIds.length
        ? await db.selectFrom('role_relations as rr').innerJoin('roles as r', (j) => j.onRef('r.role_id', '=', 'rr.child_role_id').onRef('r.org_id', '=', 'rr.org_id'))
          .select(roleCols).distinct().where('rr.org_id', '=', orgId).where('rr.parent_role_id', 'in', heldIds).where('rr.child_role_id', 'not in', heldIds)
          .orderBy('r.role_id').execute()
        : [];
      result.relationRoles = below.map(view);
    }
    if (q.departmentRole) {
      const deps = await db.selectFrom('contact_person_departments as pd')
        .innerJoin('contact_departments as d', (j) => j.onRef('d.department_id', '=', 'pd.department_id').onRef('d.org_id', '=', 'pd.org_id'))
        .select('d.role_config').where('pd.org_id', '=', orgId).where('pd.user_id', '=', userId).execute();
      const names = new Set<string>();
      for (const d of deps) {
        const rule = (d.role_config as { createPermision?: { enable?: boolean; roleNames?: unknown } } | null)?.createPermision;
        if (rule?.enable && Array.isArray(rule.roleNames)) for (const n of rule.roleNames) if (typeof n === 'string') names.add(n);
      }
      result.departmentRoles = [...names].sort();
    }
    if (q.groupRole) {
      const groupIds = [...new Set(held.map((r) => r.role_group_id).filter((g): g is string => !!g))];
      const groups = groupIds.length
        ? await db.selectFrom('role_groups').select(['role_group_id', 'group_name', 'code']).where('org_id', '=', orgId).where('role_group_id', 'in', groupIds).orderBy('sort').execute()
        : [];
      result.groupRoles = groups.map((g) => ({ roleGroupId: g.role_group_id, groupName: g.group_name, code: g.code }));
    }
    return ok(result);
  });
}
