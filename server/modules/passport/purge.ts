// Issue 29: the rows anonymous callers leave behind are deleted once they can serve nobody: QR sign-in codes, SMS
// codes, captchas, the captcha request log and the password throttle's failures. The server sweeps them every
// PURGE.everyMs (server/app.ts); a new QR code also sweeps expired QR codes, so a flood cannot pile them up between
// sweeps. Nothing here is a domain event: these are sign-in state (server/store/schema.ts OPERATIONAL_TABLES).
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { revokeToken } from '../../http/tokens.ts';
import { PURGE } from '../../../domain/anonymousLimits.ts';
import { SMS } from '../../../domain/constants.ts';
import { CAPTCHA_GATE, SIGN_IN_THROTTLE } from '../../../domain/signInThrottle.ts';

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * QR codes past their life and the grace in which a polling console is still told "expired". A confirmed code nobody
 * collected holds a live token: it is revoked with the row (only the row knew it).
 */
export async function purgeExpiredQrCodes(db: Kysely<Database>, now: Date): Promise<number> {
  const gone = await db.deleteFrom('qr_codes').where('expires_at', '<', before(now, PURGE.graceMs)).returning('token').execute();
  for (const { token } of gone) if (token) await revokeToken(db, token, now);
  return gone.length;
}

/** Every kind of row, each once it no longer counts toward any limit. Returns how many rows went, per table. */
export async function purgeAnonymousRows(db: Kysely<Database>, now: Date): Promise<Record<string, number>> {
  const qrCodes = await purgeExpiredQrCodes(db, now);
  // an SMS code counts toward the per-phone and per-address limits for SMS.rateWindowMs after it was sent
  const smsCodes = await db.deleteFrom('sms_codes').where('expires_at', '<', before(now, PURGE.graceMs))
    .where('created_at', '<=', before(now, SMS.rateWindowMs)).executeTakeFirst();
  const captchas = await db.deleteFrom('captchas').where('expires_at', '<', before(now, PURGE.graceMs)).executeTakeFirst();
  const captchaRequests = await db.deleteFrom('captcha_requests').where('at', '<=', before(now, CAPTCHA_GATE.windowMs)).executeTakeFirst();
  const failures = await db.deleteFrom('sign_in_failures').where('at', '<=', before(now, SIGN_IN_THROTTLE.windowMs)).executeTakeFirst();
  return {
    qrCodes,
    smsCodes: Number(smsCodes.numDeletedRows),
    captchas: Number(captchas.numDeletedRows),
    captchaRequests: Number(captchaRequests.numDeletedRows),
    signInFailures: Number(failures.numDeletedRows),
  };
}
