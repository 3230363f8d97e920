// §7 product agents (合作伙伴): GET /v1/productagent?domain= (public: the console resolves its agent by host
// name at start, §1 agent mode), GET /v1/productagent (all, system providers), POST, PUT /{agentId}, GET /child.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { forbidden } from '../../http/errors.ts';
import type { Tx } from '../../store/eventStore.ts';
import { clientVersion, decideAndAppend, metaOf, runDecisions } from '../../store/command.ts';
import { withStreamVersions } from '../../store/versions.ts';
import { PAGE } from '../../../domain/constants.ts';
import { agentDecider, normalizeDomain, type AgentCommand, type ParentLine } from '../../../domain/aggregates/agent.ts';
import { streams, SYSTEM_ORG } from '../users/streams.ts';
import { callerIsSystemProvider, PROVIDER_ONLY, requireSystemProvider } from '../orgInit/access.ts';

const tags = ['agents'];
const str = { type: 'string' } as const;
const agentSchema = {
  type: 'object',
  properties: {
    agentId: str, name: str, domain: str, parentAgentId: { type: ['string', 'null'] }, isPrimary: { type: 'boolean' },
    orgCount: { type: 'integer' }, childCount: { type: 'integer' }, version: { type: 'integer' },
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
  // the version of each agent's stream, which an editor sends back with a change (issue 31)
  return (await withStreamVersions(db, rows, (r) => ({ orgId: SYSTEM_ORG, streamId: streams.agent(r.agent_id) }))).map((r) => ({
    version: r.version, agentId: r.agent_id, name: r.name, domain: r.domain, parentAgentId: r.parent_agent_id, isPrimary: r.is_primary,
    orgCount: Number(r.org_count ?? 0), childCount: Number(r.child_count ?? 0),
  }));
}

/** The proposed parent's line upward (ParentLine): walked up to 100 agents, stopping at the agent itself. */
async function parentLine(tx: Tx, agentId: string, parentAgentId: string | null | undefined): Promise<ParentLine> {
  const ancestors: string[] = [];
  for (let cursor = parentAgentId || null; cursor && ancestors.length < 100;) {
    if (cursor === agentId) return { ancestors: [...ancestors, cursor], missing: null };
    const row: { parent_agent_id: string | null } | undefined = await tx.selectFrom('agents').select('parent_agent_id').where('agent_id', '=', cursor).executeTakeFirst();
    if (!row) return { ancestors, missing: cursor };
    ancestors.push(cursor);
    cursor = row.parent_agent_id;
  }
  return { ancestors, missing: null };
}

/** another agent has the domain */
async function domainTaken(tx: Tx, domain: string | undefined, agentId: string): Promise<boolean> {
  const d = normalizeDomain(domain ?? '');
  return !!d && !!await tx.selectFrom('agents').select('agent_id').where('domain', '=', d).where('agent_id', '!=', agentId).executeTakeFirst();
}

export default async function agentRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  const onlyProvider = { auth: 'orgApp', guard: requireSystemProvider } as const;

  /** The other agents' facts a command needs, read in its transaction: is the domain sent taken, the line above the parent sent. */
  const factsOf = async (tx: Tx, agentId: string, fields: { domain?: string; parentAgentId?: string | null }) =>
    ({ domainTaken: await domainTaken(tx, fields.domain, agentId), parentLine: await parentLine(tx, agentId, fields.parentAgentId) });
  const agentCommand = (tx: Tx, request: FastifyRequest, agentId: string, command: AgentCommand, expectedVersion?: number) => decideAndAppend(tx, {
    orgId: SYSTEM_ORG, streamId: streams.agent(agentId), streamType: 'agent', decider: agentDecider, command, meta: metaOf(request, ctx.clock()), expectedVersion,
  });

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
    config: onlyProvider,
    schema: {
      tags, summary: 'The child agents of an agent',
      querystring: { type: 'object', additionalProperties: false, required: ['agentId'], properties: { agentId: { type: 'string', minLength: 1, maxLength: 128 } } },
      response: { 200: listSchema(agentSchema) },
    },
  }, async (request) => list(await agentsWhere(db, { parentAgentId: request.query.agentId })));

  const editable = {
    name: { type: 'string', minLength: 1, maxLength: 64 }, domain, parentAgentId: { type: ['string', 'null'], maxLength: 128 }, isPrimary: { type: 'boolean' },
  } as const;
  /** `version` (or If-Match): the version of the agent the editor read (issue 31) */
  const version = { type: 'integer', minimum: 0 } as const;

  app.post<{ Body: { name: string; domain?: string; parentAgentId?: string | null; isPrimary?: boolean } }>('/v1/productagent', {
    config: onlyProvider,
    schema: {
      tags, summary: 'Register an agent (partner); a domain belongs to one agent',
      body: { type: 'object', additionalProperties: false, required: ['name'], properties: editable },
      response: { 200: envelopeSchema(agentSchema) },
    },
  }, async (request) => {
    const b = request.body;
    const agent = { agentId: `agent-${crypto.randomBytes(5).toString('hex')}`, name: b.name, domain: b.domain ?? '', parentAgentId: b.parentAgentId ?? null, isPrimary: b.isPrimary ?? false };
    await runDecisions(db, async (tx) => agentCommand(tx, request, agent.agentId, { type: 'RegisterAgent', agent, ...await factsOf(tx, agent.agentId, agent) }));
    return ok((await agentsWhere(db, { agentId: agent.agentId }))[0]);
  });

  app.put<{ Params: { agentId: string }; Body: { name?: string; domain?: string; parentAgentId?: string | null; isPrimary?: boolean; version?: number } }>('/v1/productagent/:agentId', {
    config: onlyProvider,
    schema: {
      tags, summary: "Edit an agent's name, domain, parent or primary flag (`version` or If-Match: the version read)",
      params: { type: 'object', required: ['agentId'], properties: { agentId: { type: 'string', minLength: 1, maxLength: 128 } } },
      body: { type: 'object', additionalProperties: false, minProperties: 1, properties: { ...editable, version } },
      response: { 200: envelopeSchema(agentSchema) },
    },
  }, async (request) => {
    const { agentId } = request.params;
    const { version: _read, ...b } = request.body;
    const expected = clientVersion(request);
    await runDecisions(db, async (tx) => agentCommand(tx, request, agentId, { type: 'UpdateAgent', change: { agentId, ...b }, ...await factsOf(tx, agentId, b) }, expected), expected === undefined);
    return ok((await agentsWhere(db, { agentId }))[0]);
  });
}
