// §7 logging: the API log and the operation log are views of the event table (ARCHITECTURE.md "Logs are
// views of events"): who (meta userId, username), what (type, route, data), when, which org. Reading needs the
// log power; the console's own operation entries are appended as events; module logs are accepted and dropped.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { handleCommand, loadLocked, requestCommand } from '../../store/command.ts';
import { OPERATION_LOG_TEXT, operationLogDecider } from '../../../domain/aggregates/operationLog.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { badRequest, tooManyRequests } from '../../http/errors.ts';
import { requireSameOrg } from '../../http/auth.ts';
import { OPERATION_LOG, PAGE } from '../../../domain/constants.ts';
import { paged } from '../../http/listQuery.ts';

const tags = ['logs'];
const view = { auth: 'orgApp' } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const SECRET = /password|hash|token|secret|^key$/i;

/** Event data as the log shows it: secrets (password hashes, tokens, org-app keys) blanked. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET.test(k) ? '***' : redact(v)]));
  }
  return value;
}

interface LogQuery { type?: string[]; userId?: string; username?: string; route?: string; startTime?: string; endTime?: string }
const logQuery = {
  type: 'object',
  properties: {
    type: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 64 } }, userId: { type: 'string', maxLength: 128 },
    username: { type: 'string', maxLength: 64 }, route: { type: 'string', maxLength: 200, description: 'part of "METHOD /path"' },
    startTime: { type: 'string', format: 'date-time' }, endTime: { type: 'string', format: 'date-time' },
  },
} as const;

/** the logs page in SQL (server/http/listQuery.ts) */
const logList = { ...view, listPage: { size: PAGE.generic, max: PAGE.generic } } as const;

export default async function logRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  const filtered = (orgId: string, q: LogQuery) => {
    if (q.startTime && q.endTime && q.startTime > q.endTime) throw badRequest('开始时间不能晚于结束时间');
    let base = db.selectFrom('events').where('org_id', '=', orgId);
    if (q.type?.length) base = base.where('type', 'in', q.type);
    if (q.userId) base = base.where(sql<string>`meta->>'userId'`, '=', q.userId);
    if (q.username) base = base.where(sql<string>`meta->>'username'`, '=', q.username);
    if (q.route) base = base.where(sql<string>`meta->>'route'`, 'like', `%${q.route.replace(/[%_\\]/g, '\\$&')}%`);
    if (q.startTime) base = base.where(sql<boolean>`created_at >= ${new Date(q.startTime)}`);
    if (q.endTime) base = base.where(sql<boolean>`created_at <= ${new Date(q.endTime)}`);
    return base;
  };

  app.get<{ Querystring: LogQuery }>('/v1/log/operationlog', {
    config: logList,
    schema: { tags, summary: 'Operation log of the current org: one row per event, newest first', querystring: logQuery, response: { 200: listSchema(anyObject) } },
  }, async (request) => {
    const q = request.query;
    const base = filtered(request.orgApp!.orgId, q);
    const [total, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      // issue 27: an event's data is answered up to OPERATION_LOG.maxShownBytes; a bigger one (entries stored before
      // the write bounds, a huge import) is named by its size and left in the database, so $limit=5 is never megabytes
      paged(base.select([
        'position', 'org_id', 'stream_id', 'type', 'meta', sql<Date>`created_at`.as('at'),
        sql<number>`octet_length(data::text)`.as('bytes'),
        sql<unknown>`CASE WHEN octet_length(data::text) > ${OPERATION_LOG.maxShownBytes} THEN NULL ELSE data END`.as('data'),
      ]).orderBy('position', 'desc'), request).execute(),
    ]);
    return list(rows.map((r) => {
      const meta = (r.meta ?? {}) as Record<string, unknown>;
      const bytes = Number(r.bytes);
      return {
        id: String(r.position), orgId: r.org_id, streamId: r.stream_id, type: r.type, time: new Date(r.at).toISOString(),
        userId: meta.userId ?? null, username: meta.username ?? null, route: meta.route ?? null, requestId: meta.requestId ?? null,
        data: bytes > OPERATION_LOG.maxShownBytes ? { truncated: true, bytes } : redact(r.data),
      };
    }), Number(total?.n ?? 0));
  });

  app.get<{ Querystring: LogQuery }>('/v1/log/apilog', {
    config: logList,
    schema: {
      tags, summary: 'API log of the current org: one row per request that changed something (route, who, when, event types), newest first',
      querystring: logQuery, response: { 200: listSchema(anyObject) },
    },
  }, async (request) => {
    const q = request.query;
    const grouped = filtered(request.orgApp!.orgId, q)
      .select([
        sql<string>`coalesce(meta->>'requestId', position::text)`.as('request_id'),
        sql<string>`max(position)`.as('last'),
        sql<Date>`min(created_at)`.as('time'),
        sql<string | null>`max(meta->>'route')`.as('route'),
        sql<string | null>`max(meta->>'userId')`.as('user_id'),
        sql<string | null>`max(meta->>'username')`.as('username'),
        sql<string[]>`array_agg(type ORDER BY position)`.as('types'),
      ])
      .groupBy(sql`coalesce(meta->>'requestId', position::text)`);
    const [total, rows] = await Promise.all([
      db.selectFrom(grouped.as('g')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      paged(grouped.orderBy(sql`max(position)`, 'desc'), request).execute(),
    ]);
    return list(rows.map((r) => ({
      id: r.request_id, requestId: r.request_id, route: r.route, userId: r.user_id, username: r.username, time: new Date(r.time).toISOString(),
      types: r.types, count: r.types.length,
    })), Number(total?.n ?? 0));
  });

  app.post<{ Body: { appId?: string; orgId?: string; orgName?: string; username2?: string; topic?: string; username?: string; userId?: string; orgType?: string; log: Record<string, unknown>[] } }>('/v1/log/operationlog', {
    config: {
      auth: 'orgApp',
      bodyTooLarge: OPERATION_LOG_TEXT.tooLarge,
      // issue 27: per member of the org, counted after the auth hook (a refused caller takes no place)
      rateLimit: {
        max: OPERATION_LOG.callsPerMinute, timeWindow: 60_000, hook: 'preHandler',
        keyGenerator: (request) => `operationlog|${request.user?.userId ?? request.ip}|${request.orgApp?.orgId ?? ''}`,
        errorResponseBuilder: () => tooManyRequests(OPERATION_LOG_TEXT.tooOften),
      },
    },
    // the bounded entries and the §7 identity fields, with room to spare; a flood is cut off as it arrives (413)
    bodyLimit: OPERATION_LOG.maxEntries * OPERATION_LOG.maxEntryBytes + 16 * 1024,
    schema: {
      tags, summary: "Append the console's operation entries to the org's operation log (user, org name and type are the session's; those body fields are ignored)",
      body: {
        type: 'object', additionalProperties: false, required: ['log'],
        properties: {
          appId: { type: 'string', maxLength: 128 }, orgId: { type: 'string', maxLength: 128 }, orgName: { type: 'string', maxLength: 200 },
          username2: { type: 'string', maxLength: 64 }, topic: { type: 'string', maxLength: 200 }, username: { type: 'string', maxLength: 64 },
          userId: { type: 'string', maxLength: 128 }, orgType: { type: 'string', maxLength: 64 },
          log: { type: 'array', minItems: 1, maxItems: OPERATION_LOG.maxEntries, items: anyObject, description: `at most ${OPERATION_LOG.maxEntries} entries of ${OPERATION_LOG.maxEntryBytes / 1024} KB (JSON) each` },
        },
      },
      response: { 200: envelopeSchema({ type: 'object', properties: { count: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const b = request.body;
    requireSameOrg(request, b.orgId);
    const orgId = request.orgApp!.orgId;
    // who and where are the server's to say (issue 16): §7's identity fields in the body are accepted and ignored
    const org = await db.selectFrom('orgs').select('org_type').where('org_id', '=', orgId).executeTakeFirst();
    const streamId = `operationLog-${orgId}`;
    // an append-only log: its entries are never read to decide, so only the stream's version is loaded
    await handleCommand(db, {
      ...requestCommand(request, clock()), expectedVersion: undefined, streamId, streamType: 'operationLog', decider: operationLogDecider,
      command: { type: 'LogOperations', topic: b.topic ?? '', orgName: request.orgApp!.orgName, orgType: org?.org_type ?? '', username2: request.user!.name, log: b.log },
      load: (tx) => loadLocked(tx, orgId, streamId, async () => ({ entries: 0 })),
    });
    return ok({ count: b.log.length });
  });

  app.post('/v1/log/module', {
    config: { auth: 'public' },
    bodyLimit: 64 * 1024,
    schema: { tags, summary: 'Module error reports of the console: accepted and dropped (§8: their failures are ignored)', response: { 200: envelopeSchema({ type: 'null' }) } },
  }, async () => ok(null));
}
