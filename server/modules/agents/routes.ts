// §7 product agents (合作伙伴): GET /v1/productagent?domain= (public: the console resolves its agent by host
// name at start, §1 agent mode), GET /v1/productagent (all, system providers), POST, PUT /{agentId}, GET /child.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { appendToStream, streamVersion, type Tx } from '../../store/eventStore.ts';
import { metaOf, runCommand } from '../../store/command.ts';
import { PAGE } from '../../../domain/constants.ts';
import { streams, SYSTEM_ORG } from '../users/streams.ts';
import type { AgentRegistered } from '../orgApps/projection.ts';
import { callerIsSystemProvider, PROVIDER_ONLY, requireSystemProvider } from '../orgInit/access.ts';
import type { AgentUpdated } from './projection.ts';

const tags = ['agents'];
const str = { type: 'string' } as const;
const agentSchema = {
  type: 'object',
  properties: {
    agentId: str, name: str, domain: str, parentAgentId: { type: ['string', 'null'] }, isPrimary: { type: 'boolean' },
    orgCount: { type: 'integer' }, childCount: { type: 'integer' },
  },
} as const;
/** host names: letters, digits, dots, dashes, optional port */
const domain = { type: 'string', maxLength: 253, pattern: '^$|^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:\\d{1,5})?$' } as const;

async function agentsWhere(db: Kysely<Database> | Tx, filter: { domain?: string; parentAgentId?: string; agentId?: string }) {
  let q = db.selectFrom('agents as a').select([
    'a.agent_id', 'a.name', 'a.domain', 'a.parent_agent_id', 'a.is_primary',
    (eb) => eb.selectFrom('orgs as o').select((e) => e.fn.countAll<number>().as('n')).whereRef('o.agent_id', '=', 'a.agent_id').as('org_count'),
    (eb) => eb.selectFrom('agents as c').select((e) => e.fn.countAll<number>().as('n')).whereRef('c.parent_agent_id', '=', 'a.agent_id').as('child_count'),
  ]);
  if (filter.domain !== undefined) q = q.where('a.domain', '=', filter.domain.toLowerCase());
  if (filter.parentAgentId !== undefined) q = q.where('a.parent_agent_id', '=', filter.parentAgentId);
  if (filter.agentId !== undefined) q = q.where('a.agent_id', '=', filter.agentId);
  const rows = await q.orderBy('a.name').orderBy('a.agent_id').limit(PAGE.generic).execute();
  return rows.map((r) => ({
    agentId: r.agent_id, name: r.name, domain: r.domain, parentAgentId: r.parent_agent_id, isPrimary: r.is_primary,
    orgCount: Number(r.org_count ?? 0), childCount: Number(r.child_count ?? 0),
  }));
}

async function checkParent(tx: Tx, agentId: string | null, parentAgentId: string | null | undefined) {
  if (!parentAgentId) return;
  if (parentAgentId === agentId) throw badRequest('上级合作伙伴不能是自己');
  // walk up: the new parent must not be a descendant of the agent
  let cursor: string | null = parentAgentId;
  for (let depth = 0; cursor && depth < 100; depth++) {
    const row: { parent_agent_id: string | null } | undefined = await tx.selectFrom('agents').select('parent_agent_id').where('agent_id', '=', cursor).executeTakeFirst();
    if (!row) throw badRequest(`上级合作伙伴不存在：${cursor}`);
    if (agentId && row.parent_agent_id === agentId) throw badRequest('上级合作伙伴不能是自己的下级');
    cursor = row.parent_agent_id;
  }
}

async function domainFree(tx: Tx, d: string, except?: string) {
  if (!d) return;
  let q = tx.selectFrom('agents').select('agent_id').where('domain', '=', d);
  if (except) q = q.where('agent_id', '!=', except);
  if (await q.executeTakeFirst()) throw conflict(`域名已被其他合作伙伴使用：${d}`);
}

export default async function agentRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  const onlyProvider = { preValidation: requireSystemProvider };

  app.get<{ Querystring: { domain?: string } }>('/v1/productagent', {
    config: { auth: 'public' },
    schema: {
      tags, summary: 'With domain: the agent of that host name (public, for §1 agent mode). Without: every agent (system providers)',
      querystring: { type: 'object', properties: { domain: { type: 'string', maxLength: 253 } } },
      response: { 200: listSchema(agentSchema) },
    },
  }, async (request) => {
    const d = request.query.domain;
    if (d !== undefined) {
      if (!d.trim()) return list([]);
      const rows = await agentsWhere(db, { domain: d.trim() });
      // public: only what agent mode needs
      return list(rows.map((r) => ({ agentId: r.agentId, name: r.name, domain: r.domain, parentAgentId: r.parentAgentId, isPrimary: r.isPrimary })));
    }
    // no user, no key or no code-999 role: refused alike
    if (!callerIsSystemProvider(request)) throw forbidden(PROVIDER_ONLY);
    return list(await agentsWhere(db, {}));
  });

  app.get<{ Querystring: { agentId: string } }>('/v1/productagent/child', {
    config: { auth: 'orgApp' }, ...onlyProvider,
    schema: {
      tags, summary: 'The child agents of an agent',
      querystring: { type: 'object', additionalProperties: false, required: ['agentId'], properties: { agentId: { type: 'string', minLength: 1, maxLength: 128 } } },
      response: { 200: listSchema(agentSchema) },
    },
  }, async (request) => list(await agentsWhere(db, { parentAgentId: request.query.agentId })));

  const editable = {
    name: { type: 'string', minLength: 1, maxLength: 64 }, domain, parentAgentId: { type: ['string', 'null'], maxLength: 128 }, isPrimary: { type: 'boolean' },
  } as const;

  app.post<{ Body: { name: string; domain?: string; parentAgentId?: string | null; isPrimary?: boolean } }>('/v1/productagent', {
    config: { auth: 'orgApp' }, ...onlyProvider,
    schema: {
      tags, summary: 'Register an agent (partner); a domain belongs to one agent',
      body: { type: 'object', additionalProperties: false, required: ['name'], properties: editable },
      response: { 200: envelopeSchema(agentSchema) },
    },
  }, async (request) => {
    const b = request.body;
    const data: AgentRegistered = {
      agentId: `agent-${crypto.randomBytes(5).toString('hex')}`, name: b.name.trim(), domain: (b.domain ?? '').trim().toLowerCase(),
      parentAgentId: b.parentAgentId || null, isPrimary: b.isPrimary ?? false,
    };
    if (!data.name) throw badRequest('参数错误：合作伙伴名称不能为空');
    await runCommand(db, async (tx) => {
      await domainFree(tx, data.domain);
      await checkParent(tx, null, data.parentAgentId);
      await appendToStream(tx, {
        orgId: SYSTEM_ORG, streamId: streams.agent(data.agentId), streamType: 'agent', expectedVersion: 0,
        events: [{ type: 'AgentRegistered', data: { ...data } }], meta: metaOf(request, ctx.clock()),
      });
    });
    return ok((await agentsWhere(db, { agentId: data.agentId }))[0]);
  });

  app.put<{ Params: { agentId: string }; Body: { name?: string; domain?: string; parentAgentId?: string | null; isPrimary?: boolean } }>('/v1/productagent/:agentId', {
    config: { auth: 'orgApp' }, ...onlyProvider,
    schema: {
      tags, summary: "Edit an agent's name, domain, parent or primary flag",
      params: { type: 'object', required: ['agentId'], properties: { agentId: { type: 'string', minLength: 1, maxLength: 128 } } },
      body: { type: 'object', additionalProperties: false, minProperties: 1, properties: editable },
      response: { 200: envelopeSchema(agentSchema) },
    },
  }, async (request) => {
    const { agentId } = request.params;
    const b = request.body;
    await runCommand(db, async (tx) => {
      const row = await tx.selectFrom('agents').select('agent_id').where('agent_id', '=', agentId).executeTakeFirst();
      if (!row) throw notFound('合作伙伴不存在');
      const update: AgentUpdated = { agentId };
      if (b.name !== undefined) {
        if (!b.name.trim()) throw badRequest('参数错误：合作伙伴名称不能为空');
        update.name = b.name.trim();
      }
      if (b.domain !== undefined) {
        update.domain = b.domain.trim().toLowerCase();
        await domainFree(tx, update.domain, agentId);
      }
      if (b.parentAgentId !== undefined) {
        update.parentAgentId = b.parentAgentId || null;
        await checkParent(tx, agentId, update.parentAgentId);
      }
      if (b.isPrimary !== undefined) update.isPrimary = b.isPrimary;
      const streamId = streams.agent(agentId);
      await appendToStream(tx, {
        orgId: SYSTEM_ORG, streamId, streamType: 'agent', expectedVersion: await streamVersion(tx, streamId),
        events: [{ type: 'AgentUpdated', data: { ...update } }], meta: metaOf(request, ctx.clock()),
      });
    });
    return ok((await agentsWhere(db, { agentId }))[0]);
  });
}
