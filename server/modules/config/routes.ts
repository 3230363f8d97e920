// §7 config: org config by path (theme and locales are paths too) and app config. Reads need membership of
// the org-app; writes need the config power (admins pass through the §6 bypass). Writes are commands.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { requireSameOrg } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { runDecisions } from '../../store/command.ts';
import type { ThemeConfig } from '../../../domain/types.ts';
import { PAGE } from '../../../domain/constants.ts';
import { configETag, readConfig, writeConfig } from './orgConfig.ts';
import { clientVersion } from '../../store/command.ts';
import orgConfigV2Routes from './orgConfigV2Routes.ts';
import { checkSettingWrite } from './settingsRoutes.ts';
import { commaList, paged } from '../../http/listQuery.ts';

const tags = ['config'];
const id = { type: 'string', minLength: 1, maxLength: 128 } as const;
const PATH_PATTERN = '^[A-Za-z_$][A-Za-z0-9_$-]*(\\.[A-Za-z0-9_$-]+)*$';
const path = { type: 'string', minLength: 1, maxLength: 200, pattern: PATH_PATTERN } as const;
const edit = { auth: 'orgApp' } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;

export const THEME_PATH = 'ysdadminTheme';
export const LOCALES_PATH = 'locales';
const DEFAULT_THEME: ThemeConfig['ysdadminTheme'] = { brandColor: '#0F6CBD', mode: 'light' };

/** The org-app a request names: the current one unless (system providers only) another orgId is given. */
async function targetOf(request: FastifyRequest, db: ModuleContext['db'], q: { orgId?: string; appId?: string }) {
  requireSameOrg(request, q.orgId);
  const orgId = q.orgId ?? request.orgApp!.orgId;
  const appId = q.appId ?? request.orgApp!.appId;
  if (orgId !== request.orgApp!.orgId || appId !== request.orgApp!.appId) {
    const exists = await db.selectFrom('org_apps').select('id').where('org_id', '=', orgId).where('app_id', '=', appId).executeTakeFirst();
    if (!exists) throw notFound('机构应用不存在');
  }
  return { orgId, appId };
}

/** GET /v1/config/theme's answer (also part of the org-app context, which must answer the same). */
export async function themeOf(db: ModuleContext['db'], t: { orgId: string; appId: string }): Promise<ThemeConfig> {
  const { [THEME_PATH]: theme } = await readConfig(db, t.orgId, t.appId, [THEME_PATH]);
  // an org's own theme settings kept as sent, over the defaults of the two the console reads
  return { ysdadminTheme: { ...DEFAULT_THEME, ...((theme as ThemeConfig['ysdadminTheme'] | null) ?? {}) } };
}

/** GET /v1/config/locales's answer without ?locale: the org-app's text overrides per locale. */
export async function localesOf(db: ModuleContext['db'], t: { orgId: string; appId: string }): Promise<Record<string, Record<string, string>>> {
  const { [LOCALES_PATH]: locales } = await readConfig(db, t.orgId, t.appId, [LOCALES_PATH]);
  return (locales ?? {}) as Record<string, Record<string, string>>;
}

function splitPaths(raw: string | undefined): string[] {
  const paths = commaList(raw);
  const bad = paths.find((p) => !new RegExp(PATH_PATTERN).test(p));
  if (bad) throw badRequest(`参数错误：配置路径不合法 ${bad}`);
  return paths;
}

export default async function configRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  // several paths at once, product permission, a fresh org id, the orgs of an app (issue 15)
  await orgConfigV2Routes(app, ctx);

  app.get<{ Querystring: { path?: string; orgId?: string; appId?: string } }>('/v1/config/org', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'Org config values by path: data is {path: value} (null when unset); every stored path when none is given. One path: ETag is its settings document\'s version',
      querystring: { type: 'object', properties: { path: { type: 'string', maxLength: 2000, description: 'comma-separated; dotted paths read inside objects' }, orgId: id, appId: id } },
      response: { 200: envelopeSchema(anyObject) },
    },
  }, async (request, reply) => {
    const paths = splitPaths(request.query.path);
    const t = await targetOf(request, db, request.query);
    if (paths.length === 1) await configETag(reply, db, t, paths[0]);
    return ok(await readConfig(db, t.orgId, t.appId, paths));
  });

  app.put<{ Body: { path: string; value: unknown; orgId?: string; appId?: string } }>('/v1/config/org', {
    config: edit,
    schema: {
      tags, summary: 'Set one org config path of the current org-app (value: any JSON; a dotted path sets inside its object; If-Match: the ETag read, stale → 409)',
      body: { type: 'object', additionalProperties: false, required: ['path', 'value'], properties: { path, value: {}, orgId: id, appId: id } },
      response: { 200: envelopeSchema(anyObject) },
    },
  }, async (request, reply) => {
    const { path: p, value } = request.body;
    const t = await targetOf(request, db, request.body);
    const read = clientVersion(request);
    await runDecisions(db, async (tx) => {
      await checkSettingWrite(tx, t, p, value);
      await writeConfig(tx, request, ctx.clock(), t, p, value, read);
    }, read === undefined);
    await configETag(reply, db, t, p);
    return ok(await readConfig(db, t.orgId, t.appId, [p]));
  });

  // §3 theme config is ysdadminTheme; the spec lists none of its fields. The console reads brandColor and mode
  // (checked when sent, defaults when absent); the other settings a client keeps there (layout, tags view, side
  // menu colours …) are stored as sent, bounded in number (issue 15: the theme used to refuse them).
  const themeSchema = {
    type: 'object', additionalProperties: true, maxProperties: 50,
    properties: { brandColor: { type: 'string', pattern: '^#[0-9A-Fa-f]{6}$' }, mode: { type: 'string', enum: ['light', 'dark'] } },
  } as const;

  app.get('/v1/config/theme', {
    config: { auth: 'orgApp' },
    schema: { tags, summary: 'The theme of the current org-app (ETag: its version)', response: { 200: envelopeSchema({ type: 'object', properties: { ysdadminTheme: themeSchema } }) } },
  }, async (request, reply) => {
    await configETag(reply, db, request.orgApp!, THEME_PATH);
    return ok(await themeOf(db, request.orgApp!));
  });

  app.put<{ Body: ThemeConfig }>('/v1/config/theme', {
    config: edit,
    schema: {
      tags, summary: 'Set the theme of the current org-app (If-Match: the ETag read, stale → 409)',
      body: { type: 'object', additionalProperties: false, required: ['ysdadminTheme'], properties: { ysdadminTheme: themeSchema } },
      response: { 200: envelopeSchema({ type: 'object', properties: { ysdadminTheme: themeSchema } }) },
    },
  }, async (request, reply) => {
    const read = clientVersion(request);
    await runDecisions(db, (tx) => writeConfig(tx, request, ctx.clock(), request.orgApp!, THEME_PATH, request.body.ysdadminTheme, read), read === undefined);
    await configETag(reply, db, request.orgApp!, THEME_PATH);
    return ok(await themeOf(db, request.orgApp!));
  });

  const localesSchema = { type: 'object', additionalProperties: { type: 'object', additionalProperties: { type: 'string' } } } as const;

  app.get<{ Querystring: { locale?: string } }>('/v1/config/locales', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: "The current org-app's text overrides per locale ({locale: {key: text}}); with ?locale only that locale's",
      querystring: { type: 'object', properties: { locale: { type: 'string', minLength: 2, maxLength: 16 } } },
      response: { 200: envelopeSchema(anyObject) },
    },
  }, async (request, reply) => {
    await configETag(reply, db, request.orgApp!, LOCALES_PATH);
    const all = await localesOf(db, request.orgApp!);
    return ok(request.query.locale ? (all[request.query.locale] ?? {}) : all);
  });

  app.put<{ Body: { locales: Record<string, Record<string, string>> } }>('/v1/config/locales', {
    config: edit,
    schema: {
      tags, summary: "Replace the current org-app's text overrides (If-Match: the ETag read, stale → 409)",
      body: { type: 'object', additionalProperties: false, required: ['locales'], properties: { locales: localesSchema } },
      response: { 200: envelopeSchema(anyObject) },
    },
  }, async (request, reply) => {
    const read = clientVersion(request);
    await runDecisions(db, (tx) => writeConfig(tx, request, ctx.clock(), request.orgApp!, LOCALES_PATH, request.body.locales, read), read === undefined);
    await configETag(reply, db, request.orgApp!, LOCALES_PATH);
    return ok(request.body.locales);
  });

  app.get<{ Querystring: { appId?: string } }>('/v2/config/app', {
    config: { auth: 'user', listPage: { size: PAGE.appList, max: PAGE.appList } },
    schema: {
      tags, summary: 'Apps with their config (e.g. config.mallRecipeUserLimite) and number of orgs: the apps the user belongs to; every app for the platform',
      querystring: { type: 'object', properties: { appId: id } },
      response: { 200: listSchema({ type: 'object', properties: { appId: { type: 'string' }, appName: { type: 'string' }, config: anyObject, orgCount: { type: 'integer' } } }) },
    },
  }, async (request) => {
    let q = db.selectFrom('apps as a').select(['a.app_id', 'a.app_name', 'a.config',
      (eb) => eb.selectFrom('org_apps as oa').select((e) => e.fn.countAll<number>().as('n')).whereRef('oa.app_id', '=', 'a.app_id').as('org_count')]);
    // the platform manages every app (the apps screen, issue 15: the documented call instead of /v2/config/app/all)
    if (!request.platform) q = q.where('a.app_id', 'in', (eb) => eb.selectFrom('org_app_users').select('app_id').where('user_id', '=', request.user!.userId));
    if (request.query.appId) q = q.where('a.app_id', '=', request.query.appId);
    const rows = await paged(q.orderBy('a.app_id'), request).execute();
    return list(rows.map((r) => ({ appId: r.app_id, appName: r.app_name, config: (r.config ?? {}) as Record<string, unknown>, orgCount: Number(r.org_count ?? 0) })));
  });
}
