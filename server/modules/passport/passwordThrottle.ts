// The server side of domain/signInThrottle.ts: count, refuse with the wait, and record the try atomically.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { HttpError, tooManyRequests } from '../../http/errors.ts';
import {
  CAPTCHA_GATE, CAPTCHA_REQUIRED_STATUS, CAPTCHA_REQUIRED_TEXT, needsCaptcha, SIGN_IN_THROTTLE, signInThrottleText, signInWaitMs, type FailureCounts,
} from '../../../domain/signInThrottle.ts';

/**
 * Refuses (429) while a limit is reached, and (428) when the account's failures ask for a captcha that was not
 * solved (`captchaPassed`, issue 15); otherwise records this try as a failure and returns its id, which
 * `forgiveTry` removes once the password was right. Under a per-account lock, so parallel guesses see each other.
 */
export async function claimPasswordTry(
  db: Kysely<Database>, username: string, address: string, now: Date, opts: { captchaPassed?: boolean } = {},
): Promise<string> {
  const since = new Date(now.getTime() - SIGN_IN_THROTTLE.windowMs);
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${'signin:' + username}))`.execute(tx);
    const count = (where: { username?: string; address?: string }) => {
      // failed SMS codes (kind smscode) only ask for a captcha; the wait is for password guessing
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
    if (!opts.captchaPassed && needsCaptcha(await countAccountFailures(tx, username, now))) {
      throw new HttpError(CAPTCHA_REQUIRED_STATUS, CAPTCHA_REQUIRED_TEXT);
    }
    await tx.deleteFrom('sign_in_failures').where('at', '<=', since).where('username', '=', username).execute();
    const row = await tx.insertInto('sign_in_failures').values({ username, address, at: now }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function forgiveTry(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('id', '=', id).execute();
}

/** A wrong SMS code at sign-in: counted toward the captcha gate (CAPTCHA_GATE), not the password wait. */
export async function recordSmsCodeFailure(db: Kysely<Database>, username: string, address: string, now: Date): Promise<void> {
  await db.insertInto('sign_in_failures').values({ username, address, at: now, kind: 'smscode' }).execute();
}

/** Failed sign-ins of an account in the captcha gate's window, of both kinds and from any address. */
export async function accountFailures(db: Kysely<Database>, username: string, now: Date): Promise<number> {
  return countAccountFailures(db, username, now);
}

async function countAccountFailures(db: Kysely<Database>, username: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - CAPTCHA_GATE.windowMs);
  const row = await db.selectFrom('sign_in_failures').select((eb) => eb.fn.countAll<string>().as('n'))
    .where('username', '=', username).where('at', '>', since).executeTakeFirstOrThrow();
  return Number(row.n);
}
