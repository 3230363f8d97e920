// The server side of domain/signInThrottle.ts: count, refuse with the wait, and record the try atomically.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { tooManyRequests } from '../../http/errors.ts';
import { SIGN_IN_THROTTLE, signInThrottleText, signInWaitMs, type FailureCounts } from '../../../domain/signInThrottle.ts';

/**
 * Refuses (429) while a limit is reached; otherwise records this try as a failure and returns its id, which
 * `forgiveTry` removes once the password was right. Under a per-account lock, so parallel guesses see each other.
 */
export async function claimPasswordTry(db: Kysely<Database>, username: string, address: string, now: Date): Promise<string> {
  const since = new Date(now.getTime() - SIGN_IN_THROTTLE.windowMs);
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${'signin:' + username}))`.execute(tx);
    const count = (where: { username?: string; address?: string }) => {
      let q = tx.selectFrom('sign_in_failures').select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('at').as('oldest')]).where('at', '>', since);
      if (where.username !== undefined) q = q.where('username', '=', where.username);
      if (where.address !== undefined) q = q.where('address', '=', where.address);
      return q.executeTakeFirstOrThrow().then((r) => ({ n: Number(r.n), oldest: r.oldest ? new Date(r.oldest) : null }));
    };
    const counts: FailureCounts = {
      accountAndAddress: await count({ username, address }), address: await count({ address }), account: await count({ username }),
    };
    const wait = signInWaitMs(counts, now);
    if (wait > 0) throw tooManyRequests(signInThrottleText(wait));
    await tx.deleteFrom('sign_in_failures').where('at', '<=', since).where('username', '=', username).execute();
    const row = await tx.insertInto('sign_in_failures').values({ username, address, at: now }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function forgiveTry(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('id', '=', id).execute();
}
