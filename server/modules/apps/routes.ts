// Apps (应用管理/产品管理) and org-apps (机构管理, 集采机构管理) for system providers: §7 POST /v2/config/app,
// PUT /v2/config/app/{appId}; every app and every org-app across orgs; enable/disable an org-app; an org's
// expiration, user limit, type and partner. (GET /v2/config/app, the apps the user belongs to, is config's.)
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { appendToStream, streamVersion } from '../../store/eventStore.ts';
import { metaOf, runCommand } from '../../store/command.ts';
import { nextAppId } from '../../../domain/appId.ts';
import { PAGE } from '../../../domain/constants.ts';
import { ORG_TYPES } from '../../../domain/orgInit.ts';
import { streams, SYSTEM_ORG } from '../users/streams.ts';
import type { AppCreated } from '../orgApps/projection.ts';
import type { OrgSettingsSet } from '../orgInit/projection.ts';
import { requireSystemProvider } from '../orgInit/access.ts';
import { agentExists } from '../orgInit/routes.ts';
import { parseExpiration } from '../users/userCommands.ts';
import type { AppUpdated } from './projection.ts';

const tags = ['apps'];
const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const provider = { auth: 'orgApp' } as const;
const appSchema = { type: 'object', properties: { appId: str, appName: str, config: anyObject, orgCount: { type: 'integer' }, version: { type: 'integer' } } } as const;
const orgAppRowSchema = {
  type: 'object',
  properties: {
    id: str, orgId: str, orgName: str, orgType: str, agentId: nullableStr, agentName: nullableStr, appId: str, appName: str, disabled: { type: 'boolean' },
    expiration: nullableStr, expired: { type: 'boolean' }, userLimit: { type: ['integer', 'null'] }, userCount: { type: 'integer' },
    supplierType: nullableStr, createdAt: str,
  },
} as const;

export default async function appRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  const onlyProvider = { preValidation: requireSystemProvider };

  async function appOf(appId: string) {
    const row = await db.selectFrom('apps').select(['app_id', 'app_name', 'config']).where('app_id', '=', appId).executeTakeFirst();
    if (!row) throw notFound(`应用不存在：${appId}`);
    const n = await db.selectFrom('org_apps').select((eb) => eb.fn.countAll<number>().as('n')).where('app_id', '=', appId).executeTakeFirstOrThrow();
    return { appId: row.app_id, appName: row.app_name, config: (row.config ?? {}) as Record<string, unknown>, orgCount: Number(n.n), version: await streamVersion(db, streams.app(appId)) };
  }

  app.get('/v2/config/app/all', {
    config: provider, ...onlyProvider,
    schema: { tags, summary: 'Every app with its config and number of orgs (system providers)', response: { 200: listSchema(appSchema) } },
  }, async () => {
    const rows = await db.selectFrom('apps as a').select(['a.app_id', 'a.app_name', 'a.config',
      (eb) => eb.selectFrom('org_apps as oa').select((e) => e.fn.countAll<number>().as('n')).whereRef('oa.app_id', '=', 'a.app_id').as('org_count')])
      .orderBy('a.app_id').limit(PAGE.appList).execute();
    return list(rows.map((r) => ({ appId: r.app_id, appName: r.app_name, config: (r.config ?? {}) as Record<string, unknown>, orgCount: Number(r.org_count ?? 0) })));
  });

  app.post<{ Body: { appName: string; config?: Record<string, unknown> } }>('/v2/config/app', {
    config: provider, ...onlyProvider,
    schema: {
      tags, summary: 'Create an app; its id is the next cp + year + 3-digit sequence',
      body: { type: 'object', additionalProperties: false, required: ['appName'], properties: { appName: { type: 'string', minLength: 1, maxLength: 64 }, config: anyObject } },
      response: { 200: envelopeSchema(appSchema) },
    },
  }, async (request) => {
    const appName = request.body.appName.trim();
    if (!appName) throw badRequest('参数错误：应用名称不能为空');
    const now = ctx.clock();
    const appId = await runCommand(db, async (tx) => {
      const ids = (await tx.selectFrom('apps').select('app_id').execute()).map((a) => a.app_id);
      const created: AppCreated = { appId: nextAppId(now.getFullYear(), ids), appName, config: request.body.config ?? {} };
      await appendToStream(tx, {
        orgId: SYSTEM_ORG, streamId: streams.app(created.appId), streamType: 'app', expectedVersion: 0,
        events: [{ type: 'AppCreated', data: { ...created } }], meta: metaOf(request, now),
      });
      return created.appId;
    });
    return ok(await appOf(appId));
  });

  app.put<{ Params: { appId: string }; Body: { appName?: string; config?: Record<string, unknown>; version?: number } }>('/v2/config/app/:appId', {
    config: provider, ...onlyProvider,
    schema: {
      tags, summary: "Rename an app or replace its config (send version to detect concurrent edits)",
      params: { type: 'object', required: ['appId'], properties: { appId: { type: 'string', minLength: 1, maxLength: 32 } } },
      body: {
        type: 'object', additionalProperties: false, minProperties: 1,
        properties: { appName: { type: 'string', minLength: 1, maxLength: 64 }, config: anyObject, version: { type: 'integer', minimum: 1 } },
      },
      response: { 200: envelopeSchema(appSchema) },
    },
  }, async (request) => {
    const { appId } = request.params;
    const body = request.body;
    await runCommand(db, async (tx) => {
      const row = await tx.selectFrom('apps').select('app_id').where('app_id', '=', appId).executeTakeFirst();
      if (!row) throw notFound(`应用不存在：${appId}`);
      const update: AppUpdated = { appId };
      if (body.appName !== undefined) {
        if (!body.appName.trim()) throw badRequest('参数错误：应用名称不能为空');
        update.appName = body.appName.trim();
      }
      if (body.config !== undefined) update.config = body.config;
      if (Object.keys(update).length === 1) return;
      const streamId = streams.app(appId);
      await appendToStream(tx, {
        orgId: SYSTEM_ORG, streamId, streamType: 'app', expectedVersion: body.version ?? await streamVersion(tx, streamId),
        events: [{ type: 'AppUpdated', data: { ...update } }], meta: metaOf(request, ctx.clock()),
      });
    });
    return ok(await appOf(appId));
  });

  app.get<{ Querystring: { keyword?: string; supplierType?: string; orgType?: string; agentId?: string; appId?: string; disabled?: boolean; $limit?: number; $skip?: number } }>('/v2/config/orgapp', {
    config: provider, ...onlyProvider,
    schema: {
      tags, summary: 'Every org-app across orgs with type, partner, expiration, user limit and count (system providers)',
      querystring: {
        type: 'object',
        properties: {
          keyword: { type: 'string', maxLength: 64 }, supplierType: { type: 'string', maxLength: 16 }, orgType: { type: 'string', maxLength: 32 },
          agentId: { type: 'string', maxLength: 128 }, appId: { type: 'string', maxLength: 32 }, disabled: { type: 'boolean' },
          $limit: { type: 'integer', minimum: 0, maximum: PAGE.generic, default: PAGE.generic }, $skip: { type: 'integer', minimum: 0, default: 0 },
        },
      },
      response: { 200: listSchema(orgAppRowSchema) },
    },
  }, async (request) => {
    const q = request.query;
    let base = db.selectFrom('org_apps as oa').innerJoin('orgs as o', 'o.org_id', 'oa.org_id').leftJoin('agents as ag', 'ag.agent_id', 'o.agent_id')
      .leftJoin('org_config as sc', (j) => j.onRef('sc.org_id', '=', 'oa.org_id').on('sc.path', '=', 'supplierType').on((eb) => eb.or([eb('sc.app_id', '=', eb.ref('oa.app_id')), eb('sc.app_id', '=', '')])));
    if (q.keyword) base = base.where('o.name', 'like', `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (q.supplierType) base = base.where(sql<string>`sc.value #>> '{}'`, '=', q.supplierType);
    if (q.orgType) base = base.where('o.org_type', '=', q.orgType);
    if (q.agentId) base = base.where('o.agent_id', '=', q.agentId);
    if (q.appId) base = base.where('oa.app_id', '=', q.appId);
    if (q.disabled !== undefined) base = base.where('oa.disabled', '=', q.disabled);
    const [rows, total] = await Promise.all([
      base.select([
        'oa.id', 'oa.org_id', 'o.name as org_name', 'o.org_type', 'o.agent_id', 'ag.name as agent_name', 'oa.app_id', 'oa.app_name', 'oa.disabled',
        'o.expiration', 'o.user_limit', 'o.created_at', sql<string | null>`sc.value #>> '{}'`.as('supplier_type'),
        (eb) => eb.selectFrom('org_app_users as m').select((e) => e.fn.count<number>('m.user_id').distinct().as('n')).whereRef('m.org_id', '=', 'oa.org_id').as('user_count'),
      ]).orderBy('o.created_at', 'desc').orderBy('oa.org_id').limit(q.$limit ?? PAGE.generic).offset(q.$skip ?? 0).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const now = ctx.clock();
    return list(rows.map((r) => {
      const expiration = r.expiration ? new Date(r.expiration) : null;
      return {
        id: r.id, orgId: r.org_id, orgName: r.org_name, orgType: r.org_type, agentId: r.agent_id, agentName: r.agent_name, appId: r.app_id, appName: r.app_name,
        disabled: r.disabled, expiration: expiration?.toISOString() ?? null, expired: expiration !== null && expiration <= now, userLimit: r.user_limit,
        userCount: Number(r.user_count ?? 0), supplierType: r.supplier_type, createdAt: new Date(r.created_at).toISOString(),
      };
    }), Number(total.n));
  });

  app.put<{ Params: { id: string }; Body: { disabled: boolean } }>('/v2/config/orgapp/:id', {
    config: provider, ...onlyProvider,
    schema: {
      tags, summary: 'Enable or disable an org-app (a disabled one leaves the chooser and refuses its key)',
      params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 128 } } },
      body: { type: 'object', additionalProperties: false, required: ['disabled'], properties: { disabled: { type: 'boolean' } } },
      response: { 200: envelopeSchema({ type: 'object', properties: { id: str, disabled: { type: 'boolean' } } }) },
    },
  }, async (request) => {
    const { id } = request.params;
    await runCommand(db, async (tx) => {
      const row = await tx.selectFrom('org_apps').select(['org_id', 'disabled']).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('机构应用不存在');
      if (row.disabled === request.body.disabled) return;
      const streamId = streams.orgApp(id);
      await appendToStream(tx, {
        orgId: row.org_id, streamId, streamType: 'orgApp', expectedVersion: await streamVersion(tx, streamId),
        events: [{ type: 'OrgAppDisabledSet', data: { id, disabled: request.body.disabled } }], meta: metaOf(request, ctx.clock()),
      });
    });
    return ok({ id, disabled: request.body.disabled });
  });

  app.put<{ Params: { orgId: string }; Body: { name?: string; orgType?: string; agentId?: string | null; expiration?: string | null; userLimit?: number | null } }>('/v2/config/orgapp/org/:orgId', {
    config: provider, ...onlyProvider,
    schema: {
      tags, summary: "An org's name, type, partner, expiration (null: never) and user limit (null: unlimited)",
      params: { type: 'object', required: ['orgId'], properties: { orgId: { type: 'string', minLength: 1, maxLength: 64 } } },
      body: {
        type: 'object', additionalProperties: false, minProperties: 1,
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 64 }, orgType: { type: 'string', enum: ORG_TYPES }, agentId: { type: ['string', 'null'], maxLength: 128 },
          expiration: { type: ['string', 'null'], maxLength: 64 }, userLimit: { type: ['integer', 'null'], minimum: 1 },
        },
      },
      response: { 200: envelopeSchema({ type: 'object', additionalProperties: true }) },
    },
  }, async (request) => {
    const { orgId } = request.params;
    const b = request.body;
    const data: OrgSettingsSet = { orgId };
    if (b.name !== undefined) {
      if (!b.name.trim()) throw badRequest('参数错误：机构名称不能为空');
      data.name = b.name.trim();
    }
    if (b.orgType !== undefined) data.orgType = b.orgType;
    if (b.agentId !== undefined) data.agentId = b.agentId || null;
    if (b.expiration !== undefined) data.expiration = parseExpiration(b.expiration);
    if (b.userLimit !== undefined) data.userLimit = b.userLimit;
    await runCommand(db, async (tx) => {
      const org = await tx.selectFrom('orgs').select('org_id').where('org_id', '=', orgId).executeTakeFirst();
      if (!org) throw notFound('机构不存在');
      await agentExists(tx, data.agentId);
      if (data.name) {
        const same = await tx.selectFrom('orgs').select('org_id').where('name', '=', data.name).where('org_id', '!=', orgId).executeTakeFirst();
        if (same) throw badRequest(`机构名称已存在：${data.name}`);
      }
      const streamId = streams.org(orgId);
      await appendToStream(tx, {
        orgId, streamId, streamType: 'org', expectedVersion: await streamVersion(tx, streamId),
        events: [{ type: 'OrgSettingsSet', data: { ...data } }], meta: metaOf(request, ctx.clock()),
      });
    });
    const row = await db.selectFrom('orgs').selectAll().where('org_id', '=', orgId).executeTakeFirstOrThrow();
    return ok({
      orgId, name: row.name, orgType: row.org_type, agentId: row.agent_id, expiration: row.expiration ? new Date(row.expiration).toISOString() : null, userLimit: row.user_limit,
    });
  });
}
