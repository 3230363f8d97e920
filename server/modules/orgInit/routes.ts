// §7 init templates and the seven steps: GET/POST/PUT /v3/orgappinit/template; POST /v3/orgappinit/{step}
// (each step on its own, idempotent); POST /v3/orgappinit/create (all seven steps as one command, all or
// nothing, making adminPhone the org admin). System providers (code 999) only.
import { ORG_KINDS, type OrgKind } from '../../../domain/orgKind.ts';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../http/errors.ts';
import type { Tx } from '../../store/eventStore.ts';
import { handleCommand, metaOf, requestCommand, runDecisions } from '../../store/command.ts';
import { hashPassword } from '../../auth/password.ts';
import { isValidPhone } from '../../../domain/phone.ts';
import { isAppId, nextAppId } from '../../../domain/appId.ts';
import { PAGE } from '../../../domain/constants.ts';
import {
  ORG_INIT_STEPS, ORG_TYPES, templateSummary, type InitTemplate, type InitTemplateContent, type OrgInitStep,
} from '../../../domain/orgInit.ts';
import { SYSTEM_ORG } from '../users/streams.ts';
import { parseExpiration } from '../users/userCommands.ts';
import { requireSystemProvider } from './access.ts';
import { runStep, STEP_LABELS, type InitTarget } from './steps.ts';
import { templateStream } from './projection.ts';
import { initTemplateDecider, type InitTemplateCreated, type InitTemplateUpdated } from '../../../domain/aggregates/initTemplate.ts';
import { yearOf } from '../../../domain/priceCycle.ts';
import { FLAG_QUERY, flagFilter, paged } from '../../http/listQuery.ts';

const tags = ['orgInit'];
const str = { type: 'string' } as const;
const id = { type: 'string', minLength: 1, maxLength: 128 } as const;
const name = { type: 'string', minLength: 1, maxLength: 64 } as const;
// the platform's routes: checked by the auth hook before the body is read (issue 12)
const provider = { auth: 'orgApp', guard: requireSystemProvider } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;

const menuSchema = {
  type: 'object', additionalProperties: false, required: ['moduleId', 'parentId', 'moduleName', 'groupName'],
  properties: {
    moduleId: id, parentId: id, moduleName: name, groupName: id, sort: { type: 'integer', default: 0 }, enable: { type: 'boolean', default: true },
    power: { type: 'string', maxLength: 128 }, powerName: { type: 'string', maxLength: 64 }, extraInfo: { ...anyObject, default: {} },
  },
} as const;
const contentSchema = {
  type: 'object', additionalProperties: false,
  required: ['config', 'menus', 'roleGroups', 'roles', 'departments', 'contactsPermissions'],
  properties: {
    config: { type: 'array', maxItems: 200, items: { type: 'object', additionalProperties: false, required: ['path', 'value'], properties: { path: { type: 'string', minLength: 1, maxLength: 200 }, value: {} } } },
    menus: { type: 'array', maxItems: 2000, items: menuSchema },
    roleGroups: {
      type: 'array', maxItems: 200,
      items: {
        type: 'object', additionalProperties: false, required: ['code', 'groupName'],
        properties: { code: id, groupName: name, sort: { type: 'integer', default: 0 }, manageRoleNames: { type: 'array', items: str, default: [] } },
      },
    },
    roles: {
      type: 'array', maxItems: 500,
      items: {
        type: 'object', additionalProperties: false, required: ['name', 'code', 'cnName'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 128 }, code: { type: 'string', maxLength: 128 }, cnName: { type: 'string', maxLength: 64 },
          roleGroupCode: { type: ['string', 'null'], maxLength: 128, default: null }, manageRoleNames: { type: 'array', items: str, default: [] },
          config: { ...anyObject, default: {} }, grants: { type: 'array', maxItems: 2000, items: id, default: [] },
        },
      },
    },
    departments: {
      type: 'array', maxItems: 1000,
      items: {
        type: 'object', additionalProperties: false, required: ['departmentName'],
        properties: { departmentName: { type: 'string', maxLength: 64 }, parentName: { type: 'string', maxLength: 64 }, isHide: { type: 'integer', enum: [0, 1] }, isAllHide: { type: 'integer', enum: [0, 1] } },
      },
    },
    contactsQueryModuleId: { ...id, default: 'contactsQuery' },
    contactsPermissions: {
      type: 'array', maxItems: 500,
      items: { type: 'object', additionalProperties: false, required: ['roleName', 'range'], properties: { roleName: id, range: { type: 'string', maxLength: 64 } } },
    },
  },
} as const;

const templateRowSchema = {
  type: 'object',
  properties: {
    id: str, name: str, disabled: { type: 'boolean' }, content: anyObject, summary: anyObject, version: { type: 'integer' },
    createdAt: str, updatedAt: str,
  },
} as const;

const stepBody = {
  type: 'object', additionalProperties: false, required: ['orgId', 'orgName', 'appId', 'appName'],
  properties: {
    orgId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }, orgName: name, appId: id, appName: name,
    name: { type: 'string', minLength: 1, maxLength: 64, description: 'the init template name' }, templateId: id,
    orgType: { type: 'string', enum: ORG_TYPES }, kind: { type: 'string', enum: [...ORG_KINDS], description: 'what the org is (domain/orgKind.ts); absent: the kind its type gives' }, agentId: { type: ['string', 'null'], maxLength: 128 },
  },
} as const;

interface StepBody { orgId: string; orgName: string; appId: string; appName: string; name?: string; templateId?: string; orgType?: string; kind?: OrgKind; agentId?: string | null }
export interface CreateBody {
  templateId: string; orgName: string; appId?: string; appName?: string; orgType?: string; kind?: OrgKind; agentId?: string | null; adminPhone: string; adminName?: string;
  expiration?: string | null; userLimit?: number | null;
}

async function templateById(db: Kysely<Database> | Tx, templateId: string): Promise<InitTemplate & { row: { created_at: unknown; updated_at: unknown } }> {
  const row = await db.selectFrom('org_init_templates').selectAll().where('id', '=', templateId).executeTakeFirst();
  if (!row) throw notFound('初始化模板不存在');
  return { id: row.id, name: row.name, disabled: row.disabled, content: row.content as InitTemplateContent, row };
}

/** A partner named by a command must exist (none named: nothing to check). */
export async function agentExists(db: Kysely<Database> | Tx, agentId: string | null | undefined) {
  if (!agentId) return;
  const row = await db.selectFrom('agents').select('agent_id').where('agent_id', '=', agentId).executeTakeFirst();
  if (!row) throw badRequest(`合作伙伴不存在：${agentId}`);
}

export interface CreateOrgInput extends CreateBody {
  /** the district the org lies in (a bureau's import: its own); absent, none */
  area?: string;
}

/**
 * Creates one org from an init template: the seven steps in the caller's transaction (all or nothing), the admin
 * account made (when new) with the deployment's initial password, which he must change at first sign-in. The one
 * way an org is made from a template: POST /v3/orgappinit/create and the unit import (issue 35) both call it.
 */
export async function createOrgFromTemplate(tx: Tx, request: FastifyRequest, now: Date, passwordHash: string, body: CreateOrgInput) {
  const orgName = body.orgName.trim();
  const adminPhone = body.adminPhone.trim();
  if (!orgName) throw badRequest('参数错误：机构名称不能为空');
  if (!isValidPhone(adminPhone)) throw badRequest(`管理员手机号格式不正确：${body.adminPhone}`);
  const appIdIn = body.appId?.trim() ?? '';
  if (appIdIn && !isAppId(appIdIn)) throw badRequest(`参数错误：应用编号不合法 ${appIdIn}`);
  const expiration = parseExpiration(body.expiration);
  const template = await templateById(tx, body.templateId);
  if (template.disabled) throw unprocessable(`模板已停用：${template.name}`);
  const sameName = await tx.selectFrom('orgs').select('org_id').where('name', '=', orgName).executeTakeFirst();
  if (sameName) throw conflict(`机构名称已存在：${orgName}`);
  await agentExists(tx, body.agentId);
  let appId = appIdIn;
  let appName = body.appName?.trim() ?? '';
  if (appId) {
    const app = await tx.selectFrom('apps').select(['app_id', 'app_name']).where('app_id', '=', appId).executeTakeFirst();
    if (!app) throw notFound(`应用不存在：${appId}`);
    appName = app.app_name;
  } else {
    const ids = (await tx.selectFrom('apps').select('app_id').execute()).map((a) => a.app_id);
    appId = nextAppId(yearOf(now), ids);
    appName = appName || orgName;
  }
  const target: InitTarget = {
    orgId: `org-${crypto.randomBytes(5).toString('hex')}`, orgName, appId, appName, orgType: body.orgType ?? 'formal', kind: body.kind, agentId: body.agentId ?? null,
    area: body.area ?? '', expiration, userLimit: body.userLimit ?? null, content: template.content,
    admin: { phone: adminPhone, name: body.adminName?.trim() || `${orgName}管理员`, passwordHash }, creatorUserId: request.user!.userId,
  };
  const meta = { ...metaOf(request, now), templateId: template.id, orgInit: target.orgId };
  const steps: { step: OrgInitStep; label: string; events: number }[] = [];
  for (const step of ORG_INIT_STEPS) steps.push({ step, label: STEP_LABELS[step], events: await runStep(step, { tx, meta, target }) });
  const admin = await tx.selectFrom('users').select('user_id').where('username', '=', adminPhone).executeTakeFirstOrThrow();
  return {
    orgId: target.orgId, orgName, appId, appName, adminUserId: admin.user_id, steps, events: steps.reduce((n, s) => n + s.events, 0),
  };
}

export default async function orgInitRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;

  app.get<{ Querystring: { disabled?: string; name?: string; id?: string } }>('/v3/orgappinit/template', {
    config: { ...provider, listPage: { size: PAGE.generic, max: PAGE.generic } },
    schema: {
      tags, summary: 'Init templates ($limit up to 1000)',
      querystring: {
        type: 'object',
        properties: {
          disabled: FLAG_QUERY, name: { type: 'string', maxLength: 64 }, id,
        },
      },
      response: { 200: listSchema(templateRowSchema) },
    },
  }, async (request) => {
    const q = request.query;
    let base = db.selectFrom('org_init_templates');
    const disabled = flagFilter(q.disabled, 'disabled');
    if (disabled !== undefined) base = base.where('disabled', '=', disabled);
    if (q.name) base = base.where('name', 'like', `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (q.id) base = base.where('id', '=', q.id);
    const [rows, total] = await Promise.all([
      paged(base.selectAll().orderBy('created_at').orderBy('id'), request).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    // $select: the list query layer (server/http/listQuery.ts)
    const out = rows.map((r) => ({
      id: r.id, name: r.name, disabled: r.disabled, content: r.content, summary: templateSummary(r.content as InitTemplateContent),
      createdAt: new Date(r.created_at).toISOString(), updatedAt: new Date(r.updated_at).toISOString(),
    }));
    return list(out, Number(total.n));
  });

  const templateBody = {
    type: 'object', additionalProperties: false, required: ['name', 'content'],
    properties: { name, disabled: { type: 'boolean', default: false }, content: contentSchema },
  } as const;

  app.post<{ Body: { name: string; disabled?: boolean; content: InitTemplateContent } }>('/v3/orgappinit/template', {
    config: provider,
    schema: { tags, summary: 'Create an init template (checked: every role, menu, group and department it names exists in it)', body: templateBody, response: { 200: envelopeSchema(templateRowSchema) } },
  }, async (request) => {
    const body = request.body;
    const data: InitTemplateCreated = { id: `tpl-${crypto.randomBytes(6).toString('hex')}`, name: body.name.trim(), disabled: body.disabled ?? false, content: body.content };
    await handleCommand(db, {
      ...requestCommand(request, ctx.clock()), orgId: SYSTEM_ORG, expectedVersion: undefined, streamId: templateStream(data.id), streamType: 'initTemplate',
      decider: initTemplateDecider,
      command: { type: 'CreateTemplate', template: data, nameTaken: Boolean(await db.selectFrom('org_init_templates').select('id').where('name', '=', data.name).executeTakeFirst()) },
    });
    return ok({ ...data, summary: templateSummary(data.content), version: 1 });
  });

  app.put<{ Body: { id: string; name?: string; disabled?: boolean; content?: InitTemplateContent; version?: number } }>('/v3/orgappinit/template', {
    config: provider,
    schema: {
      tags, summary: 'Update an init template (name, disabled, content); send version to detect concurrent edits (409)',
      body: {
        type: 'object', additionalProperties: false, required: ['id'],
        properties: { id, name, disabled: { type: 'boolean' }, content: contentSchema, version: { type: 'integer', minimum: 1 } },
      },
      response: { 200: envelopeSchema(templateRowSchema) },
    },
  }, async (request) => {
    const body = request.body;
    await templateById(db, body.id);
    const change: InitTemplateUpdated = {
      id: body.id, ...(body.name !== undefined && { name: body.name }), ...(body.disabled !== undefined && { disabled: body.disabled }),
      ...(body.content !== undefined && { content: body.content }),
    };
    // the client's version is the body's `version` (or If-Match): stale, 409
    const { state, version } = await handleCommand(db, {
      ...requestCommand(request, ctx.clock()), orgId: SYSTEM_ORG, streamId: templateStream(body.id), streamType: 'initTemplate', decider: initTemplateDecider,
      command: {
        type: 'UpdateTemplate', change,
        nameTaken: body.name !== undefined && Boolean(await db.selectFrom('org_init_templates').select('id').where('name', '=', body.name.trim()).where('id', '!=', body.id).executeTakeFirst()),
      },
    });
    const t = state!;
    const result = { id: body.id, name: t.name, disabled: t.disabled, content: t.content, summary: templateSummary(t.content), version };
    return ok(result);
  });

  /** The template a step call names: templateId, else the template name (`name`). */
  async function templateOfStep(tx: Tx, body: StepBody): Promise<InitTemplate> {
    if (body.templateId) return templateById(tx, body.templateId);
    if (!body.name) throw badRequest('参数错误：缺少模板 name 或 templateId');
    const row = await tx.selectFrom('org_init_templates').select('id').where('name', '=', body.name).executeTakeFirst();
    if (!row) throw notFound(`初始化模板不存在：${body.name}`);
    return templateById(tx, row.id);
  }

  for (const step of ORG_INIT_STEPS) {
    app.post<{ Body: StepBody }>(`/v3/orgappinit/${step}`, {
      config: provider,
      schema: {
        tags, summary: `Step ${ORG_INIT_STEPS.indexOf(step) + 1} of creating an org from a template: ${step} (${STEP_LABELS[step]}); writes only what is missing`,
        body: stepBody,
        response: { 200: envelopeSchema({ type: 'object', properties: { step: str, orgId: str, appId: str, events: { type: 'integer' } } }) },
      },
    }, async (request) => {
      const body = request.body;
      if (!isAppId(body.appId)) throw badRequest(`参数错误：应用编号不合法 ${body.appId}`);
      const events = await runDecisions(db, async (tx) => {
        const template = await templateOfStep(tx, body);
        if (step !== 'org') {
          const org = await tx.selectFrom('org_apps').select('id').where('org_id', '=', body.orgId).where('app_id', '=', body.appId).executeTakeFirst();
          if (!org && step !== 'config') throw unprocessable(`机构应用不存在，请先执行机构步骤：${body.orgId}/${body.appId}`);
        } else {
          await agentExists(tx, body.agentId);
        }
        const target: InitTarget = {
          orgId: body.orgId, orgName: body.orgName.trim(), appId: body.appId, appName: body.appName.trim(), orgType: body.orgType ?? 'formal', kind: body.kind,
          agentId: body.agentId ?? null, expiration: null, userLimit: null, content: template.content,
        };
        return runStep(step, { tx, meta: metaOf(request, ctx.clock()), target });
      });
      return ok({ step, orgId: body.orgId, appId: body.appId, events });
    });
  }

  app.post<{ Body: CreateBody }>('/v3/orgappinit/create', {
    config: provider,
    schema: {
      tags,
      summary: 'Create an organisation from an init template: the seven steps in one transaction (all or nothing); adminPhone becomes its admin',
      description: 'appId: an existing app; empty or absent creates a new app (next cp+year+sequence id) named appName. adminPhone: created when new.',
      body: {
        type: 'object', additionalProperties: false, required: ['templateId', 'orgName', 'adminPhone'],
        properties: {
          templateId: id, orgName: name, appId: { type: 'string', maxLength: 32 }, appName: { type: 'string', maxLength: 64 },
          orgType: { type: 'string', enum: ORG_TYPES }, kind: { type: 'string', enum: [...ORG_KINDS], description: 'what the org is (domain/orgKind.ts); absent: the kind its type gives' }, agentId: { type: ['string', 'null'], maxLength: 128 },
          adminPhone: { type: 'string', minLength: 1, maxLength: 32 }, adminName: { type: 'string', maxLength: 64 },
          expiration: { type: ['string', 'null'], maxLength: 64 }, userLimit: { type: ['integer', 'null'], minimum: 1 },
        },
      },
      response: {
        200: envelopeSchema({
          type: 'object',
          properties: {
            orgId: str, orgName: str, appId: str, appName: str, adminUserId: str, events: { type: 'integer' },
            steps: { type: 'array', items: { type: 'object', properties: { step: str, label: str, events: { type: 'integer' } } } },
          },
        }),
      },
    },
  }, async (request) => {
    const passwordHash = await hashPassword(ctx.settings.defaultPassword);
    const result = await runDecisions(db, (tx) => createOrgFromTemplate(tx, request, ctx.clock(), passwordHash, request.body));
    return ok(result);
  });
}

