// Apps (应用管理/产品管理) and org-apps (机构管理, 集采机构管理) for system providers: §7 POST /v2/config/app,
// PUT /v2/config/app/{appId}; every app and every org-app across orgs; enable/disable an org-app; an org's
// expiration, user limit, type and partner. (GET /v2/config/app, the apps the user belongs to, is config's.)
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { clientVersion, decideAndAppend, handleCommand, metaOf, runDecisions } from '../../store/command.ts';
import { nextAppId } from '../../../domain/appId.ts';
import { PAGE } from '../../../domain/constants.ts';
import { ORG_TYPES } from '../../../domain/orgInit.ts';
import { appDecider, orgAppDecider, APP_TEXT, type AppCommand } from '../../../domain/aggregates/app.ts';
import { ORG_KINDS, type OrgKind } from '../../../domain/orgKind.ts';
import { orgDecider, type OrgSettingsSet } from '../../../domain/aggregates/org.ts';
import { streams, SYSTEM_ORG } from '../users/streams.ts';
import { requireSystemProvider } from '../orgInit/access.ts';
import { parseExpiration } from '../users/userCommands.ts';
import { yearOf } from '../../../domain/priceCycle.ts';
import { FLAG_QUERY, flagFilter, paged } from '../../http/listQuery.ts';

const tags = ['apps'];
const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
// the platform's routes: checked by the auth hook before the body is read (issue 12)
const provider = { auth: 'orgApp', guard: requireSystemProvider } as const;
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

  async function appOf(appId: string) {
    const row = await db.selectFrom('apps').select(['app_id', 'app_name', 'config']).where('app_id', '=', appId).executeTakeFirst();
    if (!row) throw notFound(APP_TEXT.appMissing(appId));
    const [n, stream] = await Promise.all([
      db.selectFrom('org_apps').select((eb) => eb.fn.countAll<number>().as('n')).where('app_id', '=', appId).executeTakeFirstOrThrow(),
      db.selectFrom('streams').select('stream_position').where('org_id', '=', SYSTEM_ORG).where('stream_id', '=', streams.app(appId)).executeTakeFirst(),
    ]);
    return { appId: row.app_id, appName: row.app_name, config: (row.config ?? {}) as Record<string, unknown>, orgCount: Number(n.n), version: Number(stream?.stream_position ?? 0) };
  }

  /** An app command on the app's stream (apps are global: org 'system'). */
  const appCommand = (request: FastifyRequest, appId: string, command: AppCommand, expectedVersion?: number) => ({
    orgId: SYSTEM_ORG, streamId: streams.app(appId), streamType: 'app', decider: appDecider, command, meta: metaOf(request, ctx.clock()), expectedVersion,
  });

  app.get('/v2/config/app/all', {
    config: provider,
    schema: { tags, summary: 'Every app with its config and number of orgs (system providers)', response: { 200: listSchema(appSchema) } },
  }, async () => {
    const rows = await db.selectFrom('apps as a').select(['a.app_id', 'a.app_name', 'a.config',
      (eb) => eb.selectFrom('org_apps as oa').select((e) => e.fn.countAll<number>().as('n')).whereRef('oa.app_id', '=', 'a.app_id').as('org_count')])
      .orderBy('a.app_id').limit(PAGE.appList).execute();
    return list(rows.map((r) => ({ appId: r.app_id, appName: r.app_name, config: (r.config ?? {}) as Record<string, unknown>, orgCount: Number(r.org_count ?? 0) })));
  });

  app.post<{ Body: { appName: string; config?: Record<string, unknown> } }>('/v2/config/app', {
    config: provider,
    schema: {
      tags, summary: 'Create an app; its id is the next cp + year + 3-digit sequence',
      body: { type: 'object', additionalProperties: false, required: ['appName'], properties: { appName: { type: 'string', minLength: 1, maxLength: 64 }, config: anyObject } },
      response: { 200: envelopeSchema(appSchema) },
    },
  }, async (request) => {
    // the next id is read in the transaction: one lost to a concurrent create is taken again from the ids then
    const appId = await runDecisions(db, async (tx) => {
      const ids = (await tx.selectFrom('apps').select('app_id').execute()).map((a) => a.app_id);
      const appId = nextAppId(yearOf(ctx.clock()), ids);
      await decideAndAppend(tx, appCommand(request, appId, { type: 'CreateApp', app: { appId, appName: request.body.appName, config: request.body.config ?? {} } }));
      return appId;
    });
    return ok(await appOf(appId));
  });

  app.put<{ Params: { appId: string }; Body: { appName?: string; config?: Record<string, unknown>; version?: number } }>('/v2/config/app/:appId', {
    config: provider,
    schema: {
      tags, summary: "Rename an app or replace its config (`version` or If-Match: the version read, a stale one is refused with 409)",
      params: { type: 'object', required: ['appId'], properties: { appId: { type: 'string', minLength: 1, maxLength: 32 } } },
      body: {
        type: 'object', additionalProperties: false, minProperties: 1,
        properties: { appName: { type: 'string', minLength: 1, maxLength: 64 }, config: anyObject, version: { type: 'integer', minimum: 1 } },
      },
      response: { 200: envelopeSchema(appSchema) },
    },
  }, async (request) => {
    const { appId } = request.params;
    const { appName, config } = request.body;
    await handleCommand(db, appCommand(request, appId, { type: 'UpdateApp', change: { appId, appName, config } }, clientVersion(request)));
    return ok(await appOf(appId));
  });

  app.get<{ Querystring: { keyword?: string; supplierType?: string; orgType?: string; agentId?: string; appId?: string; disabled?: string } }>('/v2/config/orgapp', {
    config: { ...provider, listPage: { size: PAGE.generic, max: PAGE.generic } },
    schema: {
      tags, summary: 'Every org-app across orgs with type, partner, expiration, user limit and count (system providers)',
      querystring: {
        type: 'object',
        properties: {
          keyword: { type: 'string', maxLength: 64 }, supplierType: { type: 'string', maxLength: 16 }, orgType: { type: 'string', maxLength: 32 },
          agentId: { type: 'string', maxLength: 128 }, appId: { type: 'string', maxLength: 32 }, disabled: FLAG_QUERY,
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
    const disabled = flagFilter(q.disabled, 'disabled');
    if (disabled !== undefined) base = base.where('oa.disabled', '=', disabled);
    const [rows, total] = await Promise.all([
      paged(base.select([
        'oa.id', 'oa.org_id', 'o.name as org_name', 'o.org_type', 'o.agent_id', 'ag.name as agent_name', 'oa.app_id', 'oa.app_name', 'oa.disabled',
        'o.expiration', 'o.user_limit', 'o.created_at', sql<string | null>`sc.value #>> '{}'`.as('supplier_type'),
        (eb) => eb.selectFrom('org_app_users as m').select((e) => e.fn.count<number>('m.user_id').distinct().as('n')).whereRef('m.org_id', '=', 'oa.org_id').as('user_count'),
      ]).orderBy('o.created_at', 'desc').orderBy('oa.org_id'), request).execute(),
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
    config: provider,
    schema: {
      tags, summary: 'Enable or disable an org-app (a disabled one leaves the chooser and refuses its key)',
      params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 128 } } },
      body: { type: 'object', additionalProperties: false, required: ['disabled'], properties: { disabled: { type: 'boolean' } } },
      response: { 200: envelopeSchema({ type: 'object', properties: { id: str, disabled: { type: 'boolean' } } }) },
    },
  }, async (request) => {
    const { id } = request.params;
    // the org-app's org owns its stream and events
    const row = await db.selectFrom('org_apps').select('org_id').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(APP_TEXT.orgAppMissing);
    await handleCommand(db, {
      orgId: row.org_id, streamId: streams.orgApp(id), streamType: 'orgApp', decider: orgAppDecider, meta: metaOf(request, ctx.clock()),
      command: { type: 'SetOrgAppDisabled', id, disabled: request.body.disabled }, expectedVersion: clientVersion(request),
    });
    return ok({ id, disabled: request.body.disabled });
  });

  app.put<{ Params: { orgId: string }; Body: { name?: string; orgType?: string; kind?: OrgKind; agentId?: string | null; expiration?: string | null; userLimit?: number | null } }>('/v2/config/orgapp/org/:orgId', {
    config: provider,
    schema: {
      tags, summary: "An org's name, type, kind (domain/orgKind.ts: what its members may do across orgs), partner, expiration (null: never) and user limit (null: unlimited)",
      params: { type: 'object', required: ['orgId'], properties: { orgId: { type: 'string', minLength: 1, maxLength: 64 } } },
      body: {
        type: 'object', additionalProperties: false, minProperties: 1,
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 64 }, orgType: { type: 'string', enum: ORG_TYPES }, kind: { type: 'string', enum: [...ORG_KINDS] }, agentId: { type: ['string', 'null'], maxLength: 128 },
          expiration: { type: ['string', 'null'], maxLength: 64 }, userLimit: { type: ['integer', 'null'], minimum: 1 },
        },
      },
      response: { 200: envelopeSchema({ type: 'object', additionalProperties: true }) },
    },
  }, async (request) => {
    const { orgId } = request.params;
    const b = request.body;
    const settings: OrgSettingsSet = {
      orgId, name: b.name, orgType: b.orgType, kind: b.kind, agentId: b.agentId, userLimit: b.userLimit,
      ...(b.expiration !== undefined && { expiration: parseExpiration(b.expiration) }),
    };
    const expected = clientVersion(request);
    await runDecisions(db, async (tx) => {
      const agentExists = !!settings.agentId && !!await tx.selectFrom('agents').select('agent_id').where('agent_id', '=', settings.agentId).executeTakeFirst();
      const nameTaken = !!settings.name?.trim() && !!await tx.selectFrom('orgs').select('org_id').where('name', '=', settings.name.trim()).where('org_id', '!=', orgId).executeTakeFirst();
      await decideAndAppend(tx, {
        orgId, streamId: streams.org(orgId), streamType: 'org', decider: orgDecider, meta: metaOf(request, ctx.clock()),
        command: { type: 'SetOrgSettings', settings, agentExists, nameTaken }, expectedVersion: expected,
      });
    }, expected === undefined);
    const row = await db.selectFrom('orgs').selectAll().where('org_id', '=', orgId).executeTakeFirstOrThrow();
    return ok({
      orgId, name: row.name, orgType: row.org_type, kind: row.kind, agentId: row.agent_id, expiration: row.expiration ? new Date(row.expiration).toISOString() : null, userLimit: row.user_limit,
    });
  });
}
