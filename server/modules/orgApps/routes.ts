// §7 org-app calls: the user's org-apps, the key of one of them, the org's expiration, and the
// external-origin org list.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { forbidden } from '../../http/errors.ts';
import { orgAppKeyOf, orgAppSchema, orgAppsOfUser } from './orgAppView.ts';
import { entriesFor } from '../../../domain/screenAccess.ts';
import { loadOrgAppContext } from '../../../contracts/orgAppContext.ts';
import { route } from '../../http/route.ts';
import { rolesOf } from '../../http/auth.ts';
import { orgFacts } from '../../http/parties.ts';
import { menuOf, seesEverything, userPermissionOf } from '../permissions/menu.ts';
import { readConfig } from '../config/orgConfig.ts';
import { localesOf, themeOf } from '../config/routes.ts';

const tags = ['orgApps'];
const id = { type: 'string', minLength: 1, maxLength: 128 } as const;
/**
 * The console sends configPath and enable with the list; they are accepted (the list is small). Paging, `$select`
 * and the caller's own orgId: the list query layer (server/http/listQuery.ts).
 */
const listQuery = {
  type: 'object',
  properties: { configPath: { type: 'string', maxLength: 1000 }, enable: { type: 'integer' } },
} as const;

export default async function orgAppRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  app.get('/v2/users/org/app', {
    config: { auth: 'user' },
    schema: { tags, summary: "The signed-in user's org-apps (key empty: fetch it with /v1/token/orgappkey/encrypt)", querystring: listQuery, response: { 200: listSchema(orgAppSchema) } },
  }, async (request) => list(await orgAppsOfUser(db, request.user!.userId, clock())));

  app.get('/v1/org/fjzzorg', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Org-apps of the external-origin list',
      description: "The signed-in user's org-apps whose org belongs to an agent (partner): the orgs an external-origin sign-in may open. Same shape as /v2/users/org/app.",
      querystring: listQuery,
      response: { 200: listSchema(orgAppSchema) },
    },
  }, async (request) => list(await orgAppsOfUser(db, request.user!.userId, clock(), { withAgentOnly: true })));

  app.post<{ Body: { orgId: string; appId: string } }>('/v1/token/orgappkey/encrypt', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'The key of an org-app the user belongs to (403 otherwise)',
      body: { type: 'object', additionalProperties: false, required: ['orgId', 'appId'], properties: { orgId: id, appId: id } },
      response: { 200: envelopeSchema({ type: 'object', properties: { key: { type: 'string' } }, required: ['key'] }) },
    },
  }, async (request) => {
    const { orgId, appId } = request.body;
    return ok({ key: await orgAppKeyOf(db, request.user!.userId, orgId, appId, clock()) });
  });

  // Issue 12: choosing an org-app in one round trip instead of the key, then config, theme, locales, menu, the list
  // again (display name), quick entries and powers. Built from the same functions as those §7 calls, for the
  // roles auth would settle for the key: the same checks, the same data.
  route(app, loadOrgAppContext, { auth: 'user' }, async (request) => {
    const { orgId, appId, configPath = [] } = request.body;
    const userId = request.user.userId;
    const key = await orgAppKeyOf(db, userId, orgId, appId, clock());
    const [[orgApp], roles, facts] = await Promise.all([orgAppsOfUser(db, userId, clock(), { only: { orgId, appId } }), rolesOf(db, userId, orgId), orgFacts(db, orgId)]);
    // the key check above found the membership active: the list offers it too
    if (!orgApp) throw forbidden('您不是该机构的成员');
    const caller = { platform: request.platform, roles, orgKind: facts?.kind };
    const roleIds = seesEverything(roles) ? 'all' as const : roles.map((r) => r.roleId);
    const menuOfGroup = async (groupName: 'pcMenu' | 'quickEntry') => entriesFor(await menuOf(db, { orgId, appId, groupName, roleIds }), caller);
    const [config, theme, locales, menu, quickEntries, permission] = await Promise.all([
      readConfig(db, orgId, appId, configPath), themeOf(db, { orgId, appId }), localesOf(db, { orgId, appId }),
      menuOfGroup('pcMenu'), menuOfGroup('quickEntry'), userPermissionOf(db, { userId, orgId, appId, roles, platform: request.platform, orgKind: facts?.kind ?? 'school' }),
    ]);
    return ok({ key, orgApp: { ...orgApp, key }, config, theme, locales, menu, quickEntries, permission });
  });

  app.get('/v2/users/checkorg', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: "The current org's expiration (null: never expires)",
      response: { 200: envelopeSchema({ type: 'object', properties: { orgId: { type: 'string' }, expiration: { type: ['string', 'null'] }, expired: { type: 'boolean' } }, required: ['expiration', 'expired'] }) },
    },
  }, async (request) => {
    const org = await db.selectFrom('orgs').select(['expiration']).where('org_id', '=', request.orgApp!.orgId).executeTakeFirstOrThrow();
    const expiration = org.expiration ? new Date(org.expiration) : null;
    return ok({ orgId: request.orgApp!.orgId, expiration: expiration?.toISOString() ?? null, expired: expiration !== null && expiration <= clock() });
  });
}
