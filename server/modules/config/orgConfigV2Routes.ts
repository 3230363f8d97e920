// §7 config calls the server lacked (issue 15): PUT /v2/config/org (several paths at once),
// PUT /v2/config/org/productPermission (which products an org may use: the platform's decision),
// GET /v2/config/newestorgid (the newest org and a fresh id for the seven org-creation step calls) and
// GET /v1/config/app/org (the orgs that use an app). The spec names the calls only; each says below what a
// client of such an API would expect of it.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireSameOrg } from '../../http/auth.ts';
import { clientVersion, runDecisions } from '../../store/command.ts';
import { PAGE } from '../../../domain/constants.ts';
import { requireSystemProvider } from '../orgInit/access.ts';
import { CONFIG_VERSIONS_HEADER, configVersion, readConfig, writeConfig } from './orgConfig.ts';
import { checkSettingWrite } from './settingsRoutes.ts';
import { FLAG_QUERY, flagFilter, paged } from '../../http/listQuery.ts';

const tags = ['config'];
const str = { type: 'string' } as const;
const id = { type: 'string', minLength: 1, maxLength: 128 } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const PATH_PATTERN = /^[A-Za-z_$][A-Za-z0-9_$-]*(\.[A-Za-z0-9_$-]+)*$/;
/** The org config path the product permission lives at (one per org-app, as every config path). */
export const PRODUCT_PERMISSION_PATH = 'productPermission';

export default async function orgConfigV2Routes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;

  async function orgAppExists(orgId: string, appId: string) {
    const row = await db.selectFrom('org_apps').select('id').where('org_id', '=', orgId).where('app_id', '=', appId).executeTakeFirst();
    if (!row) throw notFound('机构应用不存在');
  }

  // v1 sets one path; a settings form saves several: v2 takes {config: {path: value, ...}} and writes them all in
  // one transaction (all or nothing), each as the v1 call would.
  app.put<{ Body: { config: Record<string, unknown>; orgId?: string; appId?: string; versions?: Record<string, number> } }>('/v2/config/org', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'Set several org config paths of an org-app at once (all or nothing); answers {path: value} as stored, and each path\'s new version as JSON {path: n} in the config-versions header. versions: {path: the ETag read of it}, stale → 409',
      body: {
        type: 'object', additionalProperties: false, required: ['config'],
        properties: {
          config: { type: 'object', minProperties: 1, maxProperties: 100, additionalProperties: true }, orgId: id, appId: id,
          versions: { type: 'object', maxProperties: 100, additionalProperties: { type: 'integer', minimum: 0 }, description: 'the settings document version read of each path (GET /v1/config/org?path=… ETag)' },
        },
      },
      response: { 200: envelopeSchema(anyObject) },
    },
  }, async (request, reply) => {
    const { config } = request.body;
    requireSameOrg(request, request.body.orgId);
    const target = { orgId: request.body.orgId ?? request.orgApp!.orgId, appId: request.body.appId ?? request.orgApp!.appId };
    if (target.orgId !== request.orgApp!.orgId || target.appId !== request.orgApp!.appId) await orgAppExists(target.orgId, target.appId);
    const paths = Object.keys(config);
    const bad = paths.find((p) => p.length > 200 || !PATH_PATTERN.test(p));
    if (bad) throw badRequest(`参数错误：配置路径不合法 ${bad}`);
    // a path and one inside it in one request would write the same row twice in an order the caller did not state
    const nested = paths.find((p) => paths.some((q) => q !== p && p.startsWith(`${q}.`)));
    if (nested) throw badRequest(`参数错误：配置路径重叠 ${nested}`);
    const versions = request.body.versions ?? {};
    // each path's settings document version right after this write, read in its transaction: the editor's next
    // If-Match. Read after the commit instead, another person's write in between would be taken as ours.
    const after: Record<string, number> = {};
    await runDecisions(db, async (tx) => {
      for (const p of paths) {
        await checkSettingWrite(tx, target, p, config[p]);
        await writeConfig(tx, request, ctx.clock(), target, p, config[p], versions[p]);
      }
      for (const p of paths) after[p] = await configVersion(tx, target, p);
    }, Object.keys(versions).length === 0);
    reply.header(CONFIG_VERSIONS_HEADER, JSON.stringify(after));
    return ok(await readConfig(db, target.orgId, target.appId, paths));
  });

  // Which products (apps) and functions an org may use is sold to it: only the platform sets it, for any org-app.
  // Stored as the org-app's `productPermission` config path, so GET /v1/config/org?path=productPermission reads it.
  app.put<{ Body: { orgId: string; appId: string; productPermission: { appIds?: string[]; modules?: string[]; expiration?: string | null } } }>('/v2/config/org/productPermission', {
    config: { auth: 'orgApp', guard: requireSystemProvider },
    schema: {
      tags, summary: "Set an org-app's product permission (apps and modules it may use, until when): the platform only (If-Match: the ETag of GET /v1/config/org?path=productPermission, stale → 409)",
      body: {
        type: 'object', additionalProperties: false, required: ['orgId', 'appId', 'productPermission'],
        properties: {
          orgId: id, appId: id,
          productPermission: {
            type: 'object', additionalProperties: false,
            properties: {
              appIds: { type: 'array', maxItems: 100, items: id },
              modules: { type: 'array', maxItems: 1000, items: { type: 'string', minLength: 1, maxLength: 200 } },
              expiration: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
            },
          },
        },
      },
      response: { 200: envelopeSchema({ type: 'object', properties: { orgId: str, appId: str, productPermission: anyObject } }) },
    },
  }, async (request) => {
    const { orgId, appId, productPermission } = request.body;
    await orgAppExists(orgId, appId);
    if (productPermission.appIds?.length) {
      const known = await db.selectFrom('apps').select('app_id').where('app_id', 'in', productPermission.appIds).execute();
      const missing = productPermission.appIds.find((a) => !known.some((k) => k.app_id === a));
      if (missing) throw badRequest(`参数错误：应用不存在 ${missing}`);
    }
    const value = { appIds: [...new Set(productPermission.appIds ?? [])], modules: [...new Set(productPermission.modules ?? [])], expiration: productPermission.expiration ?? null };
    const read = clientVersion(request);
    await runDecisions(db, (tx) => writeConfig(tx, request, ctx.clock(), { orgId, appId }, PRODUCT_PERMISSION_PATH, value, read), read === undefined);
    return ok({ orgId, appId, productPermission: value });
  });

  // The seven org-creation step calls (/v3/orgappinit/{step}) take the orgId from the client: this hands out a
  // fresh one in the server's format (never used before), beside the id of the org created last.
  app.get('/v2/config/newestorgid', {
    config: { auth: 'orgApp', guard: requireSystemProvider },
    schema: {
      tags, summary: 'A fresh org id for the org-creation steps, and the newest org (the platform only)',
      response: { 200: envelopeSchema({ type: 'object', properties: { orgId: str, newestOrgId: { type: ['string', 'null'] }, newestOrgName: { type: ['string', 'null'] } }, required: ['orgId'] }) },
    },
  }, async () => {
    const newest = await db.selectFrom('orgs').select(['org_id', 'name']).orderBy('created_at', 'desc').orderBy('org_id', 'desc').limit(1).executeTakeFirst();
    let orgId: string;
    do orgId = `org-${crypto.randomBytes(5).toString('hex')}`;
    while (await db.selectFrom('orgs').select('org_id').where('org_id', '=', orgId).executeTakeFirst());
    return ok({ orgId, newestOrgId: newest?.org_id ?? null, newestOrgName: newest?.name ?? null });
  });

  // The orgs using an app (default: the current one). The platform sees every org; anyone else only his own
  // org-apps, since other orgs' names and states are theirs.
  app.get<{ Querystring: { appId?: string; disabled?: string } }>('/v1/config/app/org', {
    config: { auth: 'orgApp', listPage: { size: PAGE.generic, max: PAGE.generic * 10 } },
    schema: {
      tags, summary: 'The orgs that use an app (the platform: all of them; others: their own)',
      querystring: { type: 'object', properties: { appId: id, disabled: FLAG_QUERY } },
      response: { 200: listSchema({ type: 'object', properties: { id: str, orgId: str, orgName: str, orgType: str, appId: str, appName: str, disabled: { type: 'boolean' } } }) },
    },
  }, async (request) => {
    const q = request.query;
    const appId = q.appId ?? request.orgApp!.appId;
    let base = db.selectFrom('org_apps as oa').innerJoin('orgs as o', 'o.org_id', 'oa.org_id').where('oa.app_id', '=', appId);
    if (!request.platform) {
      base = base.where('oa.org_id', 'in', db.selectFrom('org_app_users').select('org_id').where('user_id', '=', request.user!.userId).where('app_id', '=', appId));
    }
    const disabled = flagFilter(q.disabled, 'disabled');
    if (disabled !== undefined) base = base.where('oa.disabled', '=', disabled);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await paged(base.select(['oa.id', 'oa.org_id', 'o.name', 'o.org_type', 'oa.app_id', 'oa.app_name', 'oa.disabled'])
      .orderBy('o.name').orderBy('oa.org_id'), request).execute();
    return list(rows.map((r) => ({ id: r.id, orgId: r.org_id, orgName: r.name, orgType: r.org_type, appId: r.app_id, appName: r.app_name, disabled: r.disabled })), Number(total?.n ?? 0));
  });
}
