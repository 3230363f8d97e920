// Access tokens are random, stored only as SHA-256 hashes, expire, and die on logout.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { TOKEN } from '../../domain/constants.ts';
import type { SignInMethod } from '../../domain/aggregates/user.ts';

/** Whether the session was opened with an SMS code (the person proved his phone). */
export async function openedBySmsCode(db: Kysely<Database>, token: string): Promise<boolean> {
  const row = await db.selectFrom('access_tokens').select('sign_in_method').where('token_hash', '=', hashToken(token)).executeTakeFirst();
  return row?.sign_in_method === 'smscode';
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** A new session; `method` says how it was opened (an SMS-code session proved the phone: users/passwordRoutes.ts). */
export async function issueToken(db: Kysely<Database>, userId: string, now: Date, method: SignInMethod): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TOKEN.ttlMs);
  await db.insertInto('access_tokens').values({
    token_hash: hashToken(token), user_id: userId, created_at: now, expires_at: expiresAt, revoked_at: null, sign_in_method: method,
  }).execute();
  return { token, expiresAt };
}

export async function revokeToken(db: Kysely<Database>, token: string, now = new Date()): Promise<boolean> {
  const res = await db.updateTable('access_tokens').set({ revoked_at: now })
    .where('token_hash', '=', hashToken(token)).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
