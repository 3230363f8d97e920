// Issue 34: a member's storefront session. Members (§3 product members) are parents, not staff accounts: they sign in
// by an SMS code to their phone and get a member token (header `membertoken`), stored only as a hash like access
// tokens. A member token opens the member routes only; a staff token opens none of them, nor a member token a staff
// route. Who the member is in a school (his name, his level) is read from the school's member list on every call, so
// a member the school removes can no longer order there.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { Tx } from '../../store/eventStore.ts';
import { hashToken } from '../../http/tokens.ts';
import { unauthorized } from '../../http/errors.ts';
import { TOKEN, DEFAULT_MEMBER_LEVEL } from '../../../domain/constants.ts';
import { FRUIT_TEXT } from '../../../domain/fruitMall.ts';
import type { FruitOrderMember } from '../../../domain/aggregates/fruitOrder.ts';

export const MEMBER_TOKEN_HEADER = 'membertoken';

export async function issueMemberToken(db: Kysely<Database>, phone: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TOKEN.ttlMs);
  await db.insertInto('member_tokens').values({ token_hash: hashToken(token), phone, created_at: now, expires_at: expiresAt, revoked_at: null }).execute();
  return { token, expiresAt };
}

const tokenOf = (request: FastifyRequest) => {
  const h = request.headers[MEMBER_TOKEN_HEADER];
  return typeof h === 'string' && h ? h : undefined;
};

/** The signed-in member's phone, or 401. */
export async function memberPhoneOf(db: Kysely<Database>, request: FastifyRequest, now: Date): Promise<string> {
  const token = tokenOf(request);
  if (!token) throw unauthorized(FRUIT_TEXT.memberSignIn);
  const row = await db.selectFrom('member_tokens').select(['phone', 'expires_at', 'revoked_at']).where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at <= now) throw unauthorized(FRUIT_TEXT.memberSessionExpired);
  return row.phone;
}

export async function revokeMemberToken(db: Kysely<Database>, request: FastifyRequest, now: Date): Promise<void> {
  const token = tokenOf(request);
  if (token) await db.updateTable('member_tokens').set({ revoked_at: now }).where('token_hash', '=', hashToken(token)).where('revoked_at', 'is', null).execute();
}

/** The phone's memberships: each school (org) whose member list holds it, with his name and level there. */
export async function membershipsOf(db: Kysely<Database> | Tx, phone: string, orgId?: string): Promise<(FruitOrderMember & { orgName: string })[]> {
  let q = db.selectFrom('product_members as m').innerJoin('orgs as o', 'o.org_id', 'm.org_id')
    .select(['m.org_id', 'o.name as org_name', 'm.user_id', 'm.name', sql<string | null>`m.config->>'level'`.as('level')])
    .where('m.phone_number', '=', phone);
  if (orgId) q = q.where('m.org_id', '=', orgId);
  const rows = await q.orderBy('o.name').execute();
  return rows.map((r) => ({ phone, orgId: r.org_id, orgName: r.org_name, userId: r.user_id, name: r.name, level: r.level ?? DEFAULT_MEMBER_LEVEL }));
}
