// Live updates: after commit the server pushes {orgId, type, streamId} to the consoles of that org over
// server-sent events. PostgreSQL LISTEN/NOTIFY carries them, so several server processes agree.
// EventSource cannot send headers, and secrets in a URL end up in logs (issue 16): the console first asks
// for a one-time ticket with its headers, then opens the stream with `?ticket=` alone.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, ok } from '../../http/envelope.ts';
import { unauthorized } from '../../http/errors.ts';
import { hashToken } from '../../http/tokens.ts';
import { liveFeed } from './liveFeed.ts';

const TICKET_TTL_MS = 60_000;

export default async function liveRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  app.post('/v1/live/ticket', {
    config: { auth: 'orgApp' },
    schema: {
      tags: ['live'],
      description: 'A ticket for one `GET /v1/events` connection to the org of `key`: valid 60 s, usable once.',
      response: { 200: envelopeSchema({ type: 'object', properties: { ticket: { type: 'string' }, expiresAt: { type: 'string' } }, required: ['ticket', 'expiresAt'] }) },
    },
  }, async (request) => {
    const now = clock();
    const ticket = crypto.randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + TICKET_TTL_MS);
    await db.deleteFrom('live_tickets').where('expires_at', '<=', now).execute();
    await db.insertInto('live_tickets').values({
      ticket_hash: hashToken(ticket), user_id: request.user!.userId, org_id: request.orgApp!.orgId, expires_at: expiresAt,
    }).execute();
    return ok({ ticket, expiresAt: expiresAt.toISOString() });
  });

  app.get<{ Querystring: { ticket: string } }>('/v1/events', {
    config: { auth: 'public' },
    schema: {
      tags: ['live'],
      description: 'Server-sent events of committed changes in the org of the ticket (from `POST /v1/live/ticket`).',
      querystring: {
        type: 'object', additionalProperties: false, required: ['ticket'],
        properties: { ticket: { type: 'string', minLength: 1, maxLength: 100 } },
      },
    },
  }, async (request, reply) => {
    const used = await db.deleteFrom('live_tickets')
      .where('ticket_hash', '=', hashToken(request.query.ticket)).where('expires_at', '>', clock())
      .returning('org_id').executeTakeFirst();
    if (!used) throw unauthorized('实时更新凭证无效或已过期');
    const orgId = used.org_id;
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    reply.raw.write(': connected\n\n');
    const unsubscribe = liveFeed.subscribe(orgId, (msg) => reply.raw.write(`data: ${JSON.stringify(msg)}\n\n`));
    const ping = setInterval(() => reply.raw.write(': ping\n\n'), 25_000);
    request.raw.on('close', () => {
      clearInterval(ping);
      unsubscribe();
    });
  });
}
