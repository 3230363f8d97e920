// §7 QR sign-in: the console shows a code and polls it; a phone where the user is signed in scans and
// confirms; the next poll hands the console a fresh token exactly once.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { ok, envelopeSchema } from '../../http/envelope.ts';
import { conflict, HttpError, notFound, unauthorized } from '../../http/errors.ts';
import { hashToken, issueToken, revokeToken } from '../../http/tokens.ts';
import { runCommand, runDecisions } from '../../store/command.ts';
import type { Tx } from '../../store/eventStore.ts';
import { TOKEN } from '../../../domain/constants.ts';
import type { QrCodeStatus } from '../../../domain/types.ts';
import { assertMaySignIn, loginResultOf, loginResultSchema, recordSignIn } from './signIn.ts';
import { purgeExpiredQrCodes } from './purge.ts';
import { perAddressLimit } from '../../http/anonymousRateLimit.ts';

const tags = ['passport'];
export const QR_TEXT = {
  missing: '二维码不存在',
  expired: '二维码已过期，请刷新二维码',
  used: '二维码已被使用',
  otherUser: '二维码已被其他账号扫描',
} as const;

const statusProps = { id: { type: 'string' }, status: { type: 'string' }, expiresAt: { type: 'string' } } as const;
const statusSchema = envelopeSchema({ type: 'object', properties: statusProps });
const params = {
  type: 'object', additionalProperties: false, required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 128 } },
} as const;

type QrRow = { id: string; status: string; user_id: string | null; token: string | null; expires_at: Date };
const statusOf = (row: QrRow, status = row.status): QrCodeStatus =>
  ({ id: row.id, status: status as QrCodeStatus['status'], expiresAt: row.expires_at.toISOString() });

/** Confirmed and handed over stays 'confirmed'; anything else past its time is 'expired'. */
const isExpired = (row: QrRow, now: Date) => row.expires_at <= now && !(row.status === 'confirmed' && row.token === null);

export default async function qrRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  const load = (id: string) => db.selectFrom('qr_codes').select(['id', 'status', 'user_id', 'token', 'expires_at']).where('id', '=', id).executeTakeFirst();

  /**
   * Wipes the stored token and returns it, to one caller only: the row lock makes a parallel poll wait and
   * then find the token gone. `then` runs in the same transaction.
   */
  function takeToken(id: string, status: string, then?: (token: string, tx: Tx) => Promise<void>) {
    return runCommand(db, async (tx) => {
      const row = await tx.selectFrom('qr_codes').select(['token', 'user_id']).where('id', '=', id).where('token', 'is not', null).forUpdate().executeTakeFirst();
      if (!row?.token) return undefined;
      await tx.updateTable('qr_codes').set({ token: null, status }).where('id', '=', id).execute();
      if (then) await then(row.token, tx);
      return row;
    });
  }

  /** The phone side: the code must exist, be live, unused, and not claimed by someone else. */
  async function loadForPhone(id: string, userId: string, now: Date): Promise<QrRow> {
    const row = await load(id);
    if (!row) throw notFound(QR_TEXT.missing);
    if (row.status === 'confirmed') throw conflict(QR_TEXT.used);
    if (row.expires_at <= now) throw new HttpError(410, QR_TEXT.expired);
    if (row.user_id && row.user_id !== userId) throw conflict(QR_TEXT.otherUser);
    return row;
  }

  app.post('/v1/passport/qrcode', {
    // issue 29: an anonymous write, bounded per client address; expired codes are swept as new ones come
    config: { auth: 'public', rateLimit: perAddressLimit(ctx.settings, 'qrCodesPerAddress') },
    schema: { tags, summary: 'New QR sign-in code (status waiting); limited per client address', response: { 200: statusSchema } },
  }, async () => {
    const now = ctx.clock();
    await purgeExpiredQrCodes(db, now);
    const row: QrRow = { id: crypto.randomBytes(18).toString('base64url'), status: 'waiting', user_id: null, token: null, expires_at: new Date(now.getTime() + TOKEN.qrCodeTtlMs) };
    await db.insertInto('qr_codes').values({ ...row, created_at: now }).execute();
    return ok(statusOf(row));
  });

  app.get<{ Params: { id: string } }>('/v1/passport/qrcode/:id', {
    config: { auth: 'public' },
    schema: {
      tags, summary: 'Poll a QR code: {} when unknown; `login` once, on the first poll after confirmation', params,
      response: { 200: envelopeSchema({ type: 'object', properties: { ...statusProps, login: loginResultSchema } }) },
    },
  }, async (request) => {
    const now = ctx.clock();
    const row = await load(request.params.id);
    if (!row) return ok({});
    if (isExpired(row, now)) {
      // A confirmed code nobody collected in time: its token must not stay alive unseen.
      await takeToken(row.id, 'expired', async (token, tx) => { await revokeToken(tx, token, now); });
      return ok(statusOf(row, 'expired'));
    }
    if (row.status !== 'confirmed' || !row.token) return ok(statusOf(row));
    // Hand the token over exactly once: whoever wipes it gets it.
    const taken = await takeToken(row.id, 'confirmed');
    if (!taken?.token || !taken.user_id) return ok(statusOf(row));
    const user = await db.selectFrom('users').selectAll().where('user_id', '=', taken.user_id).executeTakeFirst();
    const issued = await db.selectFrom('access_tokens').select(['expires_at', 'revoked_at']).where('token_hash', '=', hashToken(taken.token)).executeTakeFirst();
    if (!user || !issued || issued.revoked_at) return ok(statusOf(row));
    return ok({ ...statusOf(row), login: loginResultOf(user, taken.token, issued.expires_at) });
  });

  app.post<{ Params: { id: string } }>('/v1/passport/qrcode/:id/scan', {
    config: { auth: 'user' },
    schema: { tags, summary: 'The signed-in phone scanned the code (status scanned)', params, response: { 200: statusSchema } },
  }, async (request) => {
    const now = ctx.clock();
    const me = request.user;
    if (!me) throw unauthorized();
    await loadForPhone(request.params.id, me.userId, now);
    const row = await db.updateTable('qr_codes').set({ status: 'scanned', user_id: me.userId })
      .where('id', '=', request.params.id).where('status', 'in', ['waiting', 'scanned']).where('expires_at', '>', now)
      .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', me.userId)]))
      .returning(['id', 'status', 'user_id', 'token', 'expires_at']).executeTakeFirst();
    if (!row) throw conflict(QR_TEXT.used);
    return ok(statusOf(row));
  });

  app.post<{ Params: { id: string } }>('/v1/passport/qrcode/:id/confirm', {
    config: { auth: 'user' },
    schema: { tags, summary: 'The signed-in phone confirms: a new token is kept for the console\'s next poll', params, response: { 200: statusSchema } },
  }, async (request) => {
    const now = ctx.clock();
    const me = request.user;
    if (!me) throw unauthorized();
    await loadForPhone(request.params.id, me.userId, now);
    const user = await db.selectFrom('users').selectAll().where('user_id', '=', me.userId).executeTakeFirstOrThrow();
    assertMaySignIn(user, now);
    const row = await runDecisions(db, async (tx) => {
      const { token } = await issueToken(tx, me.userId, now, 'qrcode');
      const updated = await tx.updateTable('qr_codes').set({ status: 'confirmed', user_id: me.userId, token })
        .where('id', '=', request.params.id).where('status', 'in', ['waiting', 'scanned']).where('expires_at', '>', now)
        .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', me.userId)]))
        .returning(['id', 'status', 'user_id', 'token', 'expires_at']).executeTakeFirst();
      if (!updated) throw conflict(QR_TEXT.used); // rolls the token back
      await recordSignIn(tx, request, user, 'qrcode', now);
      return updated;
    });
    return ok(statusOf(row));
  });
}
