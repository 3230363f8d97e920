// §7 menus and module powers of the signed-in user in the current org-app.
import { entriesFor } from '../../../domain/screenAccess.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { powersOf, requireSameOrg, rolesOf } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { allPowersOf, menuOf, seesEverything } from './menu.ts';

const tags = ['permissions'];
const id = { type: 'string', minLength: 1, maxLength: 128 } as const;

const menuEntrySchema = {
  type: 'object',
  properties: {
    id: { type: 'string' }, moduleId: { type: 'string' }, parentId: { type: 'string' }, moduleName: { type: 'string' },
    groupName: { type: 'string' }, sort: { type: 'integer' }, enable: { type: 'boolean' }, extraInfo: { type: 'object', additionalProperties: true },
  },
  required: ['id', 'moduleId', 'parentId', 'moduleName', 'groupName', 'sort', 'enable', 'extraInfo'],
} as const;

/** The org-app a query names: the current one, or (system providers only) another org's. */
async function targetOf(request: FastifyRequest, db: ModuleContext['db'], q: { orgId?: string; appId?: string }) {
  const current = request.orgApp!;
  requireSameOrg(request, q.orgId);
  const orgId = q.orgId ?? current.orgId;
  const appId = q.appId ?? current.appId;
  if (orgId === current.orgId && appId === current.appId) return { orgId, appId, roles: request.roles, elsewhere: false };
  const exists = await db.selectFrom('org_apps').select('id').where('org_id', '=', orgId).where('app_id', '=', appId).executeTakeFirst();
  if (!exists) throw notFound('机构应用不存在');
  if (orgId !== current.orgId) return { orgId, appId, roles: await rolesOf(db, request.user!.userId, orgId), elsewhere: true };
  return { orgId, appId, roles: request.roles, elsewhere: false };
}

export default async function permissionRoutes(app: FastifyInstance, { db }: ModuleContext) {
  app.get<{ Querystring: { groupName: string; orgId?: string; appId?: string; enable?: number } }>('/v2/permission/user/menu', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: "The user's enabled menu entries (pcMenu or quickEntry) in the org-app; system providers and admins get all",
      querystring: {
        type: 'object', required: ['groupName'],
        properties: { groupName: { type: 'string', enum: ['pcMenu', 'quickEntry'] }, orgId: id, appId: id, enable: { type: 'integer', enum: [0, 1] } },
      },
      response: { 200: listSchema(menuEntrySchema) },
    },
  }, async (request) => {
    const t = await targetOf(request, db, request.query);
    // The platform looking at another org (allowed by requireSameOrg) sees it whole.
    const all = seesEverything(t.roles) || (t.elsewhere && seesEverything(request.roles));
    // t.roles are the user's enabled roles in the target org (auth's, or rolesOf for another org)
    const roleIds = all ? 'all' : t.roles.map((r) => r.roleId);
    // the product's own screens are the platform's, whatever the org's roles link (issue 16)
    return list(entriesFor(await menuOf(db, { orgId: t.orgId, appId: t.appId, groupName: request.query.groupName, roleIds }), request));
  });

  app.get<{ Querystring: { orgId?: string; appId?: string } }>('/v2/permission/user/power', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'The module power keys (groupName-parentId-moduleId) the user holds in the org-app',
      querystring: { type: 'object', properties: { orgId: id, appId: id } },
      response: { 200: envelopeSchema({ type: 'object', properties: { powers: { type: 'array', items: { type: 'string' } } }, required: ['powers'] }) },
    },
  }, async (request) => {
    const t = await targetOf(request, db, request.query);
    const all = seesEverything(t.roles) || (t.elsewhere && seesEverything(request.roles));
    const powers = all ? await allPowersOf(db, t.orgId, t.appId) : (await powersOf(db, request.user!.userId, t.orgId, t.appId)).sort();
    return ok({ powers });
  });
}
