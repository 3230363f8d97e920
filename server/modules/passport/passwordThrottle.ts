// The server side of domain/signInThrottle.ts: count, refuse with the wait, and record the try atomically.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { HttpError, tooManyRequests } from '../../http/errors.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  addressNeedsCaptcha, CAPTCHA_GATE, CAPTCHA_REQUIRED_STATUS, CAPTCHA_REQUIRED_TEXT, captchaGateDecision, PENDING_TRY, pendingStaleBefore, SIGN_IN_THROTTLE,
  signInThrottleText, signInWaitMs, type FailureCounts,
} from '../../../domain/signInThrottle.ts';

/**
 * Refuses (429) while the account's limit is reached, and (428) when the account's or the address's failures ask for a captcha that was not
 * solved (`captchaPassed`, issue 15); otherwise records this try as pending and returns its id: `settleFailedTry`
 * makes it a failure, `forgiveTry` removes it once the password was right. Under a per-account lock, so parallel
 * guesses see each other. Where only other pending tries could tip the captcha gate, the try waits for them to
 * settle outside the lock (domain/signInThrottle.ts PENDING_TRY), then decides again.
 */
export async function claimPasswordTry(
  db: Kysely<Database>, username: string, address: string, now: Date, opts: { captchaPassed?: boolean } = {},
): Promise<string> {
  // real time waited, not the injectable clock (a test's clock may stand still)
  const started = performance.now();
  for (;;) {
    const claimed = await claimOnce(db, username, address, now, opts.captchaPassed === true, performance.now() - started);
    if (claimed !== null) return claimed;
    await sleep(PENDING_TRY.waitStepMs);
  }
}

/** One decision under the lock: the claimed try's id, or null when it should wait for pending tries to settle. */
async function claimOnce(
  db: Kysely<Database>, username: string, address: string, now: Date, captchaPassed: boolean, waitedMs: number,
): Promise<string | null> {
  const since = new Date(now.getTime() - SIGN_IN_THROTTLE.windowMs);
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${'signin:' + username}))`.execute(tx);
    const count = (where: { username?: string; address?: string }) => {
      // failed SMS codes (kind smscode) only ask for a captcha; the wait is for password guessing, and it counts
      // pending tries too, so parallel guesses and spraying across accounts see each other
      let q = tx.selectFrom('sign_in_failures').select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('at').as('oldest')])
        .where('at', '>', since).where('kind', '=', 'password');
      if (where.username !== undefined) q = q.where('username', '=', where.username);
      if (where.address !== undefined) q = q.where('address', '=', where.address);
      return q.executeTakeFirstOrThrow().then((r) => ({ n: Number(r.n), oldest: r.oldest ? new Date(r.oldest) : null }));
    };
    const counts: FailureCounts = {
      accountAndAddress: await count({ username, address }), address: await count({ address }), account: await count({ username }),
    };
    const wait = signInWaitMs(counts, now);
    if (wait > 0) throw tooManyRequests(signInThrottleText(wait));
    if (!captchaPassed) {
      // issue 29: an address spraying guesses is slowed by captchas, never refused a right password
      if (addressNeedsCaptcha(counts)) throw new HttpError(CAPTCHA_REQUIRED_STATUS, CAPTCHA_REQUIRED_TEXT);
      const decision = captchaGateDecision(await gateFailures(tx, username, now), waitedMs);
      if (decision === 'captcha') throw new HttpError(CAPTCHA_REQUIRED_STATUS, CAPTCHA_REQUIRED_TEXT);
      if (decision === 'wait') return null;
    }
    await tx.deleteFrom('sign_in_failures').where('at', '<=', since).where('username', '=', username).execute();
    const row = await tx.insertInto('sign_in_failures').values({ username, address, at: now, pending: true })
      .returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
}

/** The password was wrong (or the user unknown): the pending try becomes a failure. */
export async function settleFailedTry(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('sign_in_failures').set({ pending: false }).where('id', '=', id).execute();
}

export async function forgiveTry(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('id', '=', id).execute();
}

/** A wrong SMS code at sign-in: counted toward the captcha gate (CAPTCHA_GATE), not the password wait. */
export async function recordSmsCodeFailure(db: Kysely<Database>, username: string, address: string, now: Date): Promise<void> {
  await db.insertInto('sign_in_failures').values({ username, address, at: now, kind: 'smscode' }).execute();
}

/** Failed sign-ins of an account in the captcha gate's window, of both kinds and from any address; pending tries not yet. */
export async function accountFailures(db: Kysely<Database>, username: string, now: Date): Promise<number> {
  return (await gateFailures(db, username, now)).settled;
}

/** The captcha gate's counts (domain/signInThrottle.ts captchaGateDecision): a stale pending try counts as settled. */
async function gateFailures(db: Kysely<Database>, username: string, now: Date): Promise<{ settled: number; pending: number }> {
  const since = new Date(now.getTime() - CAPTCHA_GATE.windowMs);
  const stale = pendingStaleBefore(now);
  const row = await db.selectFrom('sign_in_failures').select([
    sql<string>`count(*) FILTER (WHERE NOT pending OR at <= ${stale})`.as('settled'),
    sql<string>`count(*) FILTER (WHERE pending AND at > ${stale})`.as('pending'),
  ]).where('username', '=', username).where('at', '>', since).executeTakeFirstOrThrow();
  return { settled: Number(row.settled), pending: Number(row.pending) };
}
