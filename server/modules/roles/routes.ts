// §7 roles of the signed-in user (with powers and the §6 role predicates) and users holding a role.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, ok } from '../../http/envelope.ts';
import { PAGE, ROLE_CODE } from '../../../domain/constants.ts';
import { holdsAnyPower } from '../../http/auth.ts';
import { ROLE_HOLDERS_IN_FULL } from '../../http/routePowers.ts';
import { ORG_KINDS } from '../../../domain/orgKind.ts';
import { userPermissionOf } from '../permissions/menu.ts';
import userRoleRoutes from './userRoleRoutes.ts';
import { commaList, listPage, paged } from '../../http/listQuery.ts';

const tags = ['roles'];
const str = { type: 'string' } as const;

export default async function roleRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  // a user's roles and the support flag (issue 15)
  await userRoleRoutes(app, ctx);

  app.get('/v2/roles/user/permission', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: "The user's roles and power keys in the current org-app, with the §6 role predicates",
      response: {
        200: envelopeSchema({
          type: 'object',
          properties: {
            roles: { type: 'array', items: { type: 'object', properties: { roleId: str, name: str, code: str, roleGroupId: { type: ['string', 'null'] } } } },
            powers: { type: 'array', items: str },
            isSystemProvider: { type: 'boolean' }, isAdmin: { type: 'boolean' }, isUserAdminOnly: { type: 'boolean' },
            isPlatform: { type: 'boolean', description: 'code 999 in the platform org: the only rights across orgs' },
            orgKind: { type: 'string', enum: [...ORG_KINDS], description: 'what the current org is (domain/orgKind.ts): with the roles, the party across orgs' },
          },
          required: ['roles', 'powers', 'isSystemProvider', 'isAdmin', 'isUserAdminOnly'],
        }),
      },
    },
  }, async (request) => {
    const { orgId, appId } = request.orgApp!;
    return ok(await userPermissionOf(db, { userId: request.user!.userId, orgId, appId, roles: request.roles, platform: request.platform, orgKind: request.orgKind, powers: request.powers }));
  });

  app.get<{ Querystring: { roleName?: string; roleId?: string } }>('/v2/roles/role/user', {
    config: { auth: 'orgApp', listPage: { size: PAGE.roleName[0], max: PAGE.roleName[1] } },
    schema: {
      tags, summary: 'Users of the current org holding a role (by roleName or roleId; all roles when neither)',
      querystring: {
        type: 'object',
        properties: {
          roleName: { type: 'string', minLength: 1, maxLength: 1000, description: 'one name or a comma-separated list' },
          roleId: { type: 'string', minLength: 1, maxLength: 128 },
        },
      },
      response: {
        200: envelopeSchema({
          type: 'object',
          properties: {
            rows: { type: 'array', items: { type: 'object', properties: { userId: str, username: str, name: str, roleId: str, roleName: str, roleCode: str } } },
            count: { type: 'integer' },
          },
          required: ['rows', 'count'],
        }),
      },
    },
  }, async (request) => {
    const { orgId } = request.orgApp!;
    const q = request.query;
    const names = commaList(q.roleName);
    let base = db.selectFrom('user_roles as ur').innerJoin('roles as r', 'r.role_id', 'ur.role_id').innerJoin('users as u', 'u.user_id', 'ur.user_id')
      .where('ur.org_id', '=', orgId);
    if (names.length) base = base.where('r.name', 'in', names);
    // a supplier reading it for its salesman groups (server/http/routePowers.ts) sees the org's salesmen, no other holder (issue 27)
    if (!(await holdsAnyPower(db, request, ROLE_HOLDERS_IN_FULL))) base = base.where('r.code', '=', ROLE_CODE.salesman);
    if (q.roleId) base = base.where('r.role_id', '=', q.roleId);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const count = Number(total?.n ?? 0);
    // `$count` with `$limit=0`: the count alone (§7)
    if (listPage(request).limit === 0) return ok({ rows: [], count });
    const rows = await paged(base.select(['u.user_id', 'u.username', 'u.name', 'r.role_id', 'r.name as role_name', 'r.code'])
      .orderBy('r.sort').orderBy('u.username'), request).execute();
    return ok({
      rows: rows.map((r) => ({ userId: r.user_id, username: r.username, name: r.name, roleId: r.role_id, roleName: r.role_name, roleCode: r.code })),
      count,
    });
  });
}
