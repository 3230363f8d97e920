// Access tokens are random, stored only as SHA-256 hashes, expire, and die on logout.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { TOKEN } from '../../domain/constants.ts';

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function issueToken(db: Kysely<Database>, userId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TOKEN.ttlMs);
  await db.insertInto('access_tokens').values({ token_hash: hashToken(token), user_id: userId, created_at: now, expires_at: expiresAt, revoked_at: null }).execute();
  return { token, expiresAt };
}

export async function revokeToken(db: Kysely<Database>, token: string, now = new Date()): Promise<boolean> {
  const res = await db.updateTable('access_tokens').set({ revoked_at: now })
    .where('token_hash', '=', hashToken(token)).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
