// SMS verification codes (§7 Passport, §9 SMS): 6 random digits, stored only as a hash, live 5 minutes,
// allow 5 tries, rate-limited per phone and per client address.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { NO_SMS, type SmsAdapter } from '../../sms/SmsAdapter.ts';
import { badRequest, HttpError, tooManyRequests } from '../../http/errors.ts';
import { SMS } from '../../../domain/constants.ts';

export const SMS_PURPOSES = ['loginsmscode', 'resetpwd', 'register'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];
/**
 * Issue 34: the storefront's (mall.html) sign-in code, asked for after an image captcha (server/modules/storefront/
 * memberSignIn.ts), the one way members sign in. Its own purpose: a storefront code opens no staff account, and a
 * staff code not the storefront (each check names its purpose).
 */
export const STOREFRONT_SMS_PURPOSE = 'mallmember';
export type SmsCodePurpose = SmsPurpose | typeof STOREFRONT_SMS_PURPOSE;

export const SMS_TEXT = {
  wrong: '验证码错误',
  expired: '验证码已过期',
  tooManyTries: '验证码错误次数过多，请重新获取',
  perPhone: '该手机号获取验证码过于频繁，请稍后再试',
  perAddress: '获取验证码过于频繁，请稍后再试',
  sendFailed: '短信发送失败，请稍后重试',
  notConfigured: '短信服务未配置，请使用密码登录',
} as const;

const codeHash = (phone: string, code: string) => crypto.createHash('sha256').update(`sms:${phone}:${code}`).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export interface SendInput {
  phone: string;
  purpose: SmsCodePurpose;
  /** the client's address (request.ip), for the per-address limit */
  address: string;
  now: Date;
  /**
   * false: the number may not receive this code (no such account, or one that may not sign in): everything happens as
   * for a real send (the limits, the stored code, the time taken) except that nothing is sent, so the answer does not
   * tell a prober whether the number is registered (issue 29). Default true.
   */
  deliver?: boolean;
}

/**
 * How long the adapter takes to send, smoothed over recent sends: a code that is not delivered waits as long, so the
 * answer's timing does not tell a registered number from a free one either.
 */
let sendMs = 0;
const SEND_TIME_WEIGHT = 0.2;
const sleep = (ms: number) => new Promise<void>((resolve) => { setTimeout(resolve, ms); });

/**
 * Checks the limits, stores the hash of a fresh code and hands the code to the adapter. The limit check
 * and the insert run under a per-phone advisory lock so parallel requests cannot slip past the limit.
 * A failed send removes the stored code and answers 502.
 */
export async function sendSmsCode(db: Kysely<Database>, sms: SmsAdapter, input: SendInput): Promise<{ expiresAt: Date }> {
  const { phone, purpose, address, now, deliver = true } = input;
  // issue 16: without a gateway (or the dev outbox) a code could reach nobody, or only the server log
  if (sms.name === NO_SMS.name) throw new HttpError(503, SMS_TEXT.notConfigured);
  const since = new Date(now.getTime() - SMS.rateWindowMs);
  const code = String(crypto.randomInt(0, 10 ** SMS.codeLength)).padStart(SMS.codeLength, '0');
  const expiresAt = new Date(now.getTime() + SMS.codeTtlMs);
  const id = await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${'sms:' + phone}))`.execute(tx);
    const perPhone = await tx.selectFrom('sms_codes').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('phone', '=', phone).where('created_at', '>', since).executeTakeFirstOrThrow();
    if (Number(perPhone.n) >= SMS.perPhoneLimit) throw tooManyRequests(SMS_TEXT.perPhone);
    const perAddress = await tx.selectFrom('sms_codes').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('address', '=', address).where('created_at', '>', since).executeTakeFirstOrThrow();
    if (Number(perAddress.n) >= SMS.perAddressLimit) throw tooManyRequests(SMS_TEXT.perAddress);
    const row = await tx.insertInto('sms_codes').values({
      phone, purpose, code_hash: codeHash(phone, code), address, created_at: now, expires_at: expiresAt, used_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
  if (!deliver) {
    await sleep(sendMs);
    return { expiresAt };
  }
  const started = performance.now();
  try {
    await sms.send(phone, code, purpose);
    sendMs += (performance.now() - started - sendMs) * SEND_TIME_WEIGHT;
  } catch {
    await db.deleteFrom('sms_codes').where('id', '=', id).execute();
    throw new HttpError(502, SMS_TEXT.sendFailed);
  }
  return { expiresAt };
}

export interface CheckInput {
  phone: string;
  code: string;
  /** undefined: the latest code of any purpose */
  purpose?: SmsCodePurpose;
  now: Date;
  /** true (default): a right code is used up; false: only checked (verifysmscode), still counting a try */
  consume?: boolean;
}

/**
 * The one code check: the latest unused code for the phone (and purpose). Expired → 400; 5 tries used →
 * 400; wrong → the try counts and 400; right → marked used. Every attempt claims a try atomically before
 * the comparison, so parallel guesses cannot exceed the limit; a right check-only attempt gives its try back.
 */
export async function checkSmsCode(db: Kysely<Database>, input: CheckInput): Promise<void> {
  const { phone, code, purpose, now, consume = true } = input;
  let query = db.selectFrom('sms_codes').select(['id', 'code_hash', 'expires_at'])
    .where('phone', '=', phone).where('used_at', 'is', null);
  if (purpose) query = query.where('purpose', '=', purpose);
  const latest = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!latest) throw badRequest(SMS_TEXT.wrong);
  if (latest.expires_at <= now) throw badRequest(SMS_TEXT.expired);
  const claimed = await db.updateTable('sms_codes').set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', latest.id).where('used_at', 'is', null).where('tries', '<', SMS.maxTries)
    .returning('tries').executeTakeFirst();
  if (!claimed) throw badRequest(SMS_TEXT.tooManyTries);
  if (!/^\d+$/.test(code) || !sameHash(codeHash(phone, code), latest.code_hash)) throw badRequest(SMS_TEXT.wrong);
  if (!consume) {
    await db.updateTable('sms_codes').set((eb) => ({ tries: eb('tries', '-', 1) })).where('id', '=', latest.id).execute();
    return;
  }
  const used = await db.updateTable('sms_codes').set({ used_at: now })
    .where('id', '=', latest.id).where('used_at', 'is', null).returning('id').executeTakeFirst();
  if (!used) throw badRequest(SMS_TEXT.wrong);
}
