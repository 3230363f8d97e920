// §7 org-app calls: the user's org-apps, the key of one of them, the org's expiration, and the
// external-origin org list.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { forbidden } from '../../http/errors.ts';
import { orgAppSchema, orgAppsOfUser } from './orgAppView.ts';
import { membershipActive, USER_ACCESS_TEXT } from '../../../domain/userAccess.ts';

const tags = ['orgApps'];
const id = { type: 'string', minLength: 1, maxLength: 128 } as const;
/** The console sends configPath, enable and paging with the list; they are accepted (the list is small). */
const listQuery = {
  type: 'object',
  properties: { configPath: { type: 'string', maxLength: 1000 }, enable: { type: 'integer' }, $limit: { type: 'integer', minimum: 0 }, $skip: { type: 'integer', minimum: 0 } },
} as const;

export default async function orgAppRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  app.get('/v2/users/org/app', {
    config: { auth: 'user' },
    schema: { tags, summary: "The signed-in user's org-apps (key empty: fetch it with /v1/token/orgappkey/encrypt)", querystring: listQuery, response: { 200: listSchema(orgAppSchema) } },
  }, async (request) => list(await orgAppsOfUser(db, request.user!.userId)));

  app.get('/v1/org/fjzzorg', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Org-apps of the external-origin list',
      description: "The signed-in user's org-apps whose org belongs to an agent (partner): the orgs an external-origin sign-in may open. Same shape as /v2/users/org/app.",
      querystring: listQuery,
      response: { 200: listSchema(orgAppSchema) },
    },
  }, async (request) => list(await orgAppsOfUser(db, request.user!.userId, { withAgentOnly: true })));

  app.post<{ Body: { orgId: string; appId: string } }>('/v1/token/orgappkey/encrypt', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'The key of an org-app the user belongs to (403 otherwise)',
      body: { type: 'object', additionalProperties: false, required: ['orgId', 'appId'], properties: { orgId: id, appId: id } },
      response: { 200: envelopeSchema({ type: 'object', properties: { key: { type: 'string' } }, required: ['key'] }) },
    },
  }, async (request) => {
    const { orgId, appId } = request.body;
    const row = await db.selectFrom('org_apps as oa')
      .innerJoin('org_app_users as m', (j) => j.onRef('m.org_id', '=', 'oa.org_id').onRef('m.app_id', '=', 'oa.app_id'))
      .select(['oa.key', 'oa.disabled', 'm.enable', 'm.expiration'])
      .where('oa.org_id', '=', orgId).where('oa.app_id', '=', appId).where('m.user_id', '=', request.user!.userId).executeTakeFirst();
    if (!row) throw forbidden('您不是该机构的成员');
    if (row.disabled) throw forbidden('该机构应用已停用');
    if (!membershipActive(row, clock())) throw forbidden(USER_ACCESS_TEXT.inactive);
    return ok({ key: row.key });
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
