// Issue 34: who a storefront request comes from. A member (会员 of an org, managed under membersManage) signs in on
// the storefront with an SMS code and gets a member token, sent in the `membertoken` header. Member sessions live in
// their own table (member_sessions) and only routes of auth level 'member' read them; staff routes read only
// `accesstoken` against access_tokens. So a member token grants no staff power, and a staff token opens no member's
// storefront: neither table knows the other's tokens.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Tx } from '../store/eventStore.ts';
import { unauthorized } from './errors.ts';
import { hashToken } from './tokens.ts';
import { DEFAULT_MEMBER_LEVEL, TOKEN } from '../../domain/constants.ts';

export interface AuthMember {
  orgId: string;
  /** the member's user id in the org's members (product_members.user_id) */
  memberId: string;
  name: string;
  phone: string;
  /** §9 the member's level (LV1 by default) */
  level: string;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the member of a storefront request (auth level 'member'); null on every other route */
    member: AuthMember | null;
  }
}

export const MEMBER_AUTH_TEXT = {
  signedOut: '请先登录会员账号',
  expired: '会员登录已过期，请重新登录',
} as const;

/** A member token: its own prefix, so a log or a bug report tells it from a staff token at a glance. */
const MEMBER_TOKEN_PREFIX = 'mb_';

/** A new member session in the org; the token itself is never stored, only its hash. */
export async function issueMemberToken(db: Kysely<Database> | Tx, s: { orgId: string; memberId: string; phone: string; now: Date }): Promise<{ token: string; expiresAt: Date }> {
  const token = MEMBER_TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(s.now.getTime() + TOKEN.ttlMs);
  await db.insertInto('member_sessions').values({
    token_hash: hashToken(token), org_id: s.orgId, member_id: s.memberId, phone: s.phone, created_at: s.now, expires_at: expiresAt, revoked_at: null,
  }).execute();
  return { token, expiresAt };
}

export async function revokeMemberToken(db: Kysely<Database>, token: string, now: Date): Promise<void> {
  await db.updateTable('member_sessions').set({ revoked_at: now }).where('token_hash', '=', hashToken(token)).where('revoked_at', 'is', null).execute();
}

/**
 * The member of a 'member' route's request: a live session of a member the org still has (a removed member's
 * sessions die with him). 401 otherwise.
 */
export async function authenticateMember(db: Kysely<Database>, request: FastifyRequest, now: Date): Promise<void> {
  const h = request.headers.membertoken;
  const token = typeof h === 'string' && h.startsWith(MEMBER_TOKEN_PREFIX) ? h : undefined;
  if (!token) throw unauthorized(MEMBER_AUTH_TEXT.signedOut);
  const row = await db.selectFrom('member_sessions as s')
    .innerJoin('product_members as m', (j) => j.onRef('m.org_id', '=', 's.org_id').onRef('m.user_id', '=', 's.member_id'))
    .select(['s.org_id', 's.member_id', 's.phone', 's.expires_at', 's.revoked_at', 'm.name', 'm.config'])
    .where('s.token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at <= now) throw unauthorized(MEMBER_AUTH_TEXT.expired);
  const level = (row.config as { level?: unknown } | null)?.level;
  request.member = {
    orgId: row.org_id, memberId: row.member_id, name: row.name, phone: row.phone, token,
    level: typeof level === 'string' && level ? level : DEFAULT_MEMBER_LEVEL,
  };
}
