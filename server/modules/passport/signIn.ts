// What every way of signing in shares: find the user, refuse disabled or expired accounts, issue a token,
// record UserSignedIn, and answer the LoginResult of domain/types. UserSignedIn is decided by the user's decider
// (domain/aggregates/user.ts) and appended at the version loaded; the token (access_tokens) and the password
// throttle's counters (sign_in_failures, passwordThrottle.ts) are session state, not domain events: plain
// table writes in the same transaction.
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { Tx } from '../../store/eventStore.ts';
import { metaOf, runDecisions } from '../../store/command.ts';
import { issueToken } from '../../http/tokens.ts';
import { refusalError } from '../../http/refusal.ts';
import type { LoginResult, User } from '../../../domain/types.ts';
import { signInRefusal, USER_TEXT, type SignInMethod } from '../../../domain/aggregates/user.ts';
import { userCommand } from '../users/userCommands.ts';

export type UserRow = Selectable<Database['users']>;
export type { SignInMethod };

export const SIGN_IN_TEXT = {
  badCredentials: '用户名或密码错误',
  disabled: USER_TEXT.disabled,
  expired: USER_TEXT.expired,
  unregistered: '该手机号未注册',
  badPhone: '手机号格式不正确',
} as const;

export function findUser(db: Kysely<Database> | Tx, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

/** 403 for an account that may not sign in. */
export function assertMaySignIn(user: UserRow, now: Date): void {
  const refusal = signInRefusal(user, now);
  if (refusal) throw refusalError(refusal);
}

export function userOf(row: UserRow): User {
  return {
    userId: row.user_id,
    username: row.username,
    name: row.name,
    email: row.email,
    mobilePhoneNumber: row.username,
    isDev: row.is_dev,
    enable: row.enable,
    expiration: row.expiration ? row.expiration.toISOString() : null,
    isRegister: row.is_register,
    isNotRouterHome: row.is_not_router_home,
  };
}

export function loginResultOf(row: UserRow, token: string, expiresAt: Date): LoginResult {
  return { ...userOf(row), accesstoken: token, expiresAt: expiresAt.toISOString() };
}

/** Meta of events written on behalf of a user who is not (yet) signed in on this request. */
export function metaFor(request: FastifyRequest, user: Pick<UserRow, 'user_id' | 'username'>, now: Date) {
  return { ...metaOf(request, now), userId: user.user_id, username: user.username };
}

export async function recordSignIn(tx: Tx, request: FastifyRequest, user: UserRow, method: SignInMethod, now: Date): Promise<void> {
  await userCommand(tx, {
    userId: user.user_id, streamOrg: user.org_id, meta: metaFor(request, user, now),
    command: { type: 'RecordSignIn', userId: user.user_id, method, at: now.toISOString() },
  });
}

/** Token and event in one transaction: no token without its sign-in record (a lost race on the stream: both again). */
export async function signIn(db: Kysely<Database>, request: FastifyRequest, user: UserRow, method: SignInMethod, now: Date): Promise<LoginResult> {
  assertMaySignIn(user, now);
  const { token, expiresAt } = await runDecisions(db, async (tx) => {
    const issued = await issueToken(tx, user.user_id, now, method);
    await recordSignIn(tx, request, user, method, now);
    return issued;
  });
  return loginResultOf(user, token, expiresAt);
}

const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
/** JSON schema of LoginResult, for route responses and the OpenAPI document. */
export const loginResultSchema = {
  type: 'object',
  properties: {
    userId: str, username: str, name: str, email: str, mobilePhoneNumber: str, isDev: bool, enable: bool,
    expiration: { type: ['string', 'null'] }, isRegister: bool, isNotRouterHome: bool, accesstoken: str, expiresAt: str,
  },
  required: ['userId', 'username', 'accesstoken', 'expiresAt'],
} as const;
