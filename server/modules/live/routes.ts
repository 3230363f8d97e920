// Live updates: after commit the server pushes {orgId, type, streamId} to the consoles of that org over
// server-sent events. PostgreSQL LISTEN/NOTIFY carries them, so several server processes agree.
// EventSource cannot send headers, and secrets in a URL end up in logs (issue 16): the console first asks
// for a one-time ticket with its headers, then opens the stream with `?ticket=` alone.
// Issue 27: a ticket belongs to the session that took it; its stream ends with that session and the member's
// standing (liveStanding.ts, checked every LIVE_LIMITS.standingRecheckMs); a session holds a few streams at most;
// and each notice goes only to a member whose powers cover its module (domain/liveAudience.ts).
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, ok } from '../../http/envelope.ts';
import { tooManyRequests, unauthorized } from '../../http/errors.ts';
import { hashToken } from '../../http/tokens.ts';
import { LIVE_LIMITS, mayHear } from '../../../domain/liveAudience.ts';
import { liveFeed } from './liveFeed.ts';
import { liveStandings, type LiveSession, type LiveStanding } from './liveStanding.ts';

const TICKET_TTL_MS = 60_000;
/** A live_streams row no process has marked seen for this long belongs to a process that is gone. */
const STREAM_UNSEEN_MS = 4 * LIVE_LIMITS.standingRecheckMs;
export const LIVE_TEXT = {
  badTicket: '实时更新凭证无效或已过期',
  tooMany: '实时更新连接过多，请关闭其他窗口后再试',
} as const;

interface OpenStream {
  id: string;
  session: LiveSession;
  standing: LiveStanding;
  end(): void;
}

export default async function liveRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  const open = new Set<OpenStream>();
  // streams whose ticket was used and whose standing is being asked: they count toward the cap already
  const opening = new Map<string, number>();
  /** The session's open streams in every process (live_streams rows seen lately) and those opening here. */
  const openOf = async (tokenHash: string) => {
    const row = await db.selectFrom('live_streams').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('token_hash', '=', tokenHash).where('seen_at', '>', new Date(clock().getTime() - STREAM_UNSEEN_MS)).executeTakeFirst();
    return Number(row?.n ?? 0) + (opening.get(tokenHash) ?? 0);
  };

  // Every open stream's session and standing, again and again: one query for all, then each stream ends or hears
  // with what its member holds now. Runs only while streams are open.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let checking = false;
  const recheck = async () => {
    timer = undefined;
    if (checking || !open.size) return;
    checking = true;
    try {
      const streams = [...open];
      const now = clock();
      await db.updateTable('live_streams').set({ seen_at: now }).where('stream_id', 'in', streams.map((s) => s.id)).execute();
      const standings = await liveStandings(db, streams.map((s) => s.session), now);
      streams.forEach((stream, i) => {
        const standing = standings[i];
        if (!standing || [...stream.standing.roleIds].some((id) => !standing.roleIds.has(id))) stream.end();
        else stream.standing = standing;
      });
    } catch (e) {
      app.log.error({ err: e }, 'live standing check failed');
    } finally {
      checking = false;
      schedule();
    }
  };
  const schedule = () => {
    if (!timer && open.size) timer = setTimeout(() => void recheck(), LIVE_LIMITS.standingRecheckMs);
  };
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    for (const s of [...open]) s.end();
  });

  app.post('/v1/live/ticket', {
    config: { auth: 'orgApp' },
    schema: {
      tags: ['live'],
      description: 'A ticket for one `GET /v1/events` connection to the org of `key`: valid 60 s, usable once, only while this '
        + `session lasts; a session holds at most ${LIVE_LIMITS.streamsPerSession} streams and unused tickets (else 429).`,
      response: { 200: envelopeSchema({ type: 'object', properties: { ticket: { type: 'string' }, expiresAt: { type: 'string' } }, required: ['ticket', 'expiresAt'] }) },
    },
  }, async (request) => {
    const now = clock();
    const tokenHash = hashToken(request.user!.token);
    await db.deleteFrom('live_tickets').where('expires_at', '<=', now).execute();
    const unused = await db.selectFrom('live_tickets').select((eb) => eb.fn.countAll<number>().as('n')).where('token_hash', '=', tokenHash).executeTakeFirst();
    if ((await openOf(tokenHash)) + Number(unused?.n ?? 0) >= LIVE_LIMITS.streamsPerSession) throw tooManyRequests(LIVE_TEXT.tooMany);
    const ticket = crypto.randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + TICKET_TTL_MS);
    await db.insertInto('live_tickets').values({
      ticket_hash: hashToken(ticket), user_id: request.user!.userId, org_id: request.orgApp!.orgId, app_id: request.orgApp!.appId,
      token_hash: tokenHash, expires_at: expiresAt,
    }).execute();
    return ok({ ticket, expiresAt: expiresAt.toISOString() });
  });

  app.get<{ Querystring: { ticket: string } }>('/v1/events', {
    config: { auth: 'public' },
    schema: {
      tags: ['live'],
      description: 'Server-sent events of committed changes in the org of the ticket (from `POST /v1/live/ticket`): those of the '
        + 'modules the member may read; the stream ends when the session or his standing in the org ends.',
      querystring: {
        type: 'object', additionalProperties: false, required: ['ticket'],
        properties: { ticket: { type: 'string', minLength: 1, maxLength: 100 } },
      },
    },
  }, async (request, reply) => {
    const now = clock();
    const used = await db.deleteFrom('live_tickets')
      .where('ticket_hash', '=', hashToken(request.query.ticket)).where('expires_at', '>', now)
      .returning(['user_id', 'org_id', 'app_id', 'token_hash']).executeTakeFirst();
    if (!used) throw unauthorized(LIVE_TEXT.badTicket);
    const session: LiveSession = { tokenHash: used.token_hash, userId: used.user_id, orgId: used.org_id, appId: used.app_id };
    opening.set(session.tokenHash, (opening.get(session.tokenHash) ?? 0) + 1);
    const id = crypto.randomUUID();
    let standing: LiveStanding | null;
    try {
      if ((await openOf(session.tokenHash)) > LIVE_LIMITS.streamsPerSession) throw tooManyRequests(LIVE_TEXT.tooMany);
      // a ticket taken before logout (or before the member lost his place) opens nothing
      [standing] = await liveStandings(db, [session], now);
      if (standing) await db.insertInto('live_streams').values({ stream_id: id, token_hash: session.tokenHash, seen_at: now }).execute();
    } finally {
      const n = (opening.get(session.tokenHash) ?? 1) - 1;
      if (n > 0) opening.set(session.tokenHash, n);
      else opening.delete(session.tokenHash);
    }
    if (!standing) throw unauthorized(LIVE_TEXT.badTicket);

    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    reply.raw.write(': connected\n\n');
    let ended = false;
    const stream: OpenStream = {
      id,
      session,
      standing,
      end() {
        if (ended) return;
        ended = true;
        clearInterval(ping);
        unsubscribe();
        open.delete(stream);
        reply.raw.end();
        db.deleteFrom('live_streams').where('stream_id', '=', id).execute()
          .catch((e: Error) => app.log.warn({ err: e }, 'live stream row not removed (it stops counting once unseen)'));
      },
    };
    const unsubscribe = liveFeed.subscribe(session.orgId, (msg) => {
      if (!ended && mayHear(msg.type, stream.standing.listener)) reply.raw.write(`data: ${JSON.stringify(msg)}\n\n`);
    });
    const ping = setInterval(() => reply.raw.write(': ping\n\n'), 25_000);
    open.add(stream);
    schedule();
    request.raw.on('close', () => stream.end());
  });
}
