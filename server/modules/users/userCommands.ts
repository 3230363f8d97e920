// User commands (domain/aggregates/user.ts): the account and the org membership, each loaded from its rows under
// its stream's lock and appended at the version loaded; and the create of one or many users shared by the single
// and the bulk create.
import { roleFitsOrg } from '../roles/grantFacts.ts';
import type { OrgKind } from '../../../domain/orgKind.ts';
import { userFieldProblem } from '../../../domain/derivedFields.ts';
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { EventMeta, Tx } from '../../store/eventStore.ts';
import { decideAndAppend, loadLocked, lockKey, type CommandResult } from '../../store/command.ts';
import { refusalError } from '../../http/refusal.ts';
import type { AuthOrgApp } from '../../http/auth.ts';
import { isRefusal, refuse } from '../../../domain/decider.ts';
import {
  expirationOf, membershipDecider, newUserProblem, userDecider, USER_TEXT,
  type MembershipCommand, type MembershipEvent, type MembershipState, type NamedRole, type UserAccount, type UserCommand, type UserEvent, type UserState,
} from '../../../domain/aggregates/user.ts';
import { callerOf } from '../roles/commands.ts';
import { hashPassword } from '../../auth/password.ts';
import { streams, SYSTEM_ORG } from './streams.ts';

export interface NewUserInput {
  username: string;
  name: string;
  password?: string;
  email?: string;
  expiration?: string | null;
  isDev?: boolean;
  enable?: boolean;
  isNotRouterHome?: boolean;
  roleNames?: string[];
  roleIds?: string[];
  /** §3 fields the server derives, accepted when they agree (domain/derivedFields.ts) */
  mobilePhoneNumber?: string;
  personName?: string;
  isRegister?: boolean;
}

export { USER_TEXT };

/** JSON schema of a new user, for POST /v2/users and each item of POST /v2/users/bulk. */
export const newUserSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'name'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 32, description: 'the phone number' },
    name: { type: 'string', minLength: 1, maxLength: 64 },
    password: { type: 'string', maxLength: 256, description: 'empty: the deployment\'s initial password (DEFAULT_USER_PASSWORD); either way the user sets his own at his first sign-in' },
    email: { type: 'string', maxLength: 128 },
    expiration: { type: ['string', 'null'], maxLength: 64, description: 'ISO date or time; empty or null: never' },
    isDev: { type: 'boolean' },
    enable: { type: 'boolean' },
    isNotRouterHome: { type: 'boolean' },
    mobilePhoneNumber: { type: 'string', maxLength: 32, description: '§3: the phone number again (must equal username)' },
    personName: { type: 'string', maxLength: 64, description: '§3: the name again (must equal name)' },
    isRegister: { type: 'boolean', description: '§3: decided by the server (an account made here is registered: true)' },
    roleNames: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 128 } },
    roleIds: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 128 } },
  },
} as const;


/** Hashes each distinct password once (bulk imports mostly share the default one). */
export async function hashAll(passwords: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const p of new Set(passwords)) out.set(p, await hashPassword(p));
  return out;
}


/** The roles named for a new member as the org has them, and the names or ids it does not have. */
export async function rolesNamed(db: Kysely<Database> | Tx, orgId: string, input: Pick<NewUserInput, 'roleNames' | 'roleIds'>): Promise<{ roles: NamedRole[]; unknown: string[] }> {
  const names = input.roleNames ?? [];
  const ids = input.roleIds ?? [];
  if (names.length === 0 && ids.length === 0) return { roles: [], unknown: [] };
  const rows = await db.selectFrom('roles').select(['role_id', 'name', 'code']).where('org_id', '=', orgId)
    .where((eb) => eb.or([...(names.length ? [eb('name', 'in', names)] : []), ...(ids.length ? [eb('role_id', 'in', ids)] : [])])).execute();
  return {
    roles: rows.map((r) => ({ roleId: r.role_id, name: r.name, code: r.code })),
    unknown: [...names.filter((n) => !rows.some((r) => r.name === n)), ...ids.filter((i) => !rows.some((r) => r.role_id === i))],
  };
}

export async function orgUserCount(db: Kysely<Database> | Tx, orgId: string): Promise<number> {
  const row = await db.selectFrom('org_app_users').select((eb) => eb.fn.count<number>('user_id').distinct().as('n')).where('org_id', '=', orgId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function userLimitOf(db: Kysely<Database> | Tx, orgId: string): Promise<number | null> {
  const org = await db.selectFrom('orgs').select('user_limit').where('org_id', '=', orgId).executeTakeFirst();
  return org?.user_limit ?? null;
}

/**
 * The org's seats as they stand, for a command that may add a person to it. With a limit, joins to the org are
 * serialised until the transaction ends (the count spans every member's stream), so two at once cannot both
 * take the last seat.
 */
export async function seatsOf(tx: Tx, orgId: string): Promise<{ limit: number | null; used: number }> {
  const limit = await userLimitOf(tx, orgId);
  if (limit === null) return { limit, used: 0 };
  await lockKey(tx, 'orgUsers', orgId);
  return { limit, used: await orgUserCount(tx, orgId) };
}

/** §5: expiration null when empty; otherwise a parseable date (400 when it is not). The rule: domain expirationOf. */
export function parseExpiration(v: string | null | undefined): string | null {
  const expiration = expirationOf(v);
  if (isRefusal(expiration)) throw refusalError(expiration);
  return expiration;
}

/** Trims one input, refused (400) before any write or hashing when its phone, e-mail or expiration is bad. */
export function normalise(input: NewUserInput): NewUserInput {
  const problem = newUserProblem(input) ?? userFieldProblem(input, { username: input.username, isRegister: true, isNew: true });
  if (problem) throw refusalError(problem);
  const { mobilePhoneNumber: _phone, personName: _personName, isRegister: _isRegister, ...rest } = input;
  return { ...rest, username: input.username.trim(), name: input.name.trim() };
}

type UserRow = Selectable<Database['users']>;

export const accountOf = (row: UserRow): UserAccount => ({
  userId: row.user_id, username: row.username, name: row.name, email: row.email, isDev: row.is_dev, enable: row.enable,
  expiration: row.expiration ? new Date(row.expiration).toISOString() : null, isRegister: row.is_register, isNotRouterHome: row.is_not_router_home,
});

/**
 * A command on a user's account. Its stream lives in the org of the user's row (the system org for users made
 * here, the org for users made through contacts); `streamOrg` names it. The state is the user's row, read under
 * the stream's lock.
 */
export function userCommand(tx: Tx, spec: { userId: string; streamOrg: string; command: UserCommand; meta: EventMeta; expectedVersion?: number }): Promise<CommandResult<UserState, UserEvent>> {
  const streamId = streams.user(spec.userId);
  return decideAndAppend(tx, {
    orgId: spec.streamOrg, streamId, streamType: 'user', decider: userDecider, command: spec.command, meta: spec.meta, expectedVersion: spec.expectedVersion,
    load: () => loadLocked(tx, spec.streamOrg, streamId, async () => {
      const row = await tx.selectFrom('users').selectAll().where('user_id', '=', spec.userId).executeTakeFirst();
      return { user: row ? accountOf(row) : null };
    }),
  });
}

/** A command on a user's membership of an org: his org-app rows and roles there, read under the stream's lock. */
export async function membershipCommand(tx: Tx, orgId: string, userId: string, command: MembershipCommand, meta: EventMeta) {
  const streamId = streams.member(orgId, userId);
  let before: MembershipState = membershipDecider.initialState();
  const result = await decideAndAppend(tx, {
    orgId, streamId, streamType: 'member', decider: membershipDecider, command, meta,
    load: () => loadLocked(tx, orgId, streamId, async (): Promise<MembershipState> => {
      const apps = await tx.selectFrom('org_app_users').select(['app_id', 'extra_info', 'enable', 'expiration'])
        .where('org_id', '=', orgId).where('user_id', '=', userId).orderBy('app_id').execute();
      const roles = await tx.selectFrom('user_roles').select('role_id').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
      // MemberAccessSet sets every app row of the org alike
      before = {
        apps: new Map(apps.map((a) => [a.app_id, (a.extra_info ?? {}) as Record<string, unknown>])),
        roles: new Set(roles.map((r) => r.role_id)),
        enable: apps[0]?.enable ?? true,
        expiration: apps[0]?.expiration ? new Date(apps[0].expiration).toISOString() : null,
      };
      return before;
    }),
  });
  return { ...result, before } as CommandResult<MembershipState, MembershipEvent> & { before: MembershipState };
}

/** Whether every role fits the org's kind (issue 27: server/modules/roles/grantFacts.ts). */
async function everyRoleFits(tx: Tx, orgId: string, orgKind: OrgKind, roles: readonly NamedRole[]): Promise<boolean> {
  for (const r of roles) if (!(await roleFitsOrg(tx, orgId, orgKind, r))) return false;
  return true;
}

/**
 * Creates (or, for a known phone number, joins) the users into the current org-app, all in the caller's
 * transaction. A known user only joins: his password and account stay his (issue 16).
 */
export async function createUsers(
  tx: Tx, request: FastifyRequest, meta: EventMeta, orgApp: AuthOrgApp, inputs: NewUserInput[], hashes: Map<string, string>, initialPassword: string,
): Promise<string[]> {
  const seen = new Set<string>();
  for (const i of inputs) {
    if (seen.has(i.username)) throw refusalError(refuse('invalid', `${USER_TEXT.duplicate}：${i.username}`));
    seen.add(i.username);
  }
  const seats = await seatsOf(tx, orgApp.orgId);
  const caller = callerOf(request);
  const userIds: string[] = [];
  for (const input of inputs) {
    const roles = await rolesNamed(tx, orgApp.orgId, input);
    let userId = (await tx.selectFrom('users').select('user_id').where('username', '=', input.username).executeTakeFirst())?.user_id;
    if (!userId) {
      userId = crypto.randomUUID();
      const password = input.password || initialPassword;
      await userCommand(tx, {
        userId, streamOrg: SYSTEM_ORG, meta, command: {
          type: 'CreateUser',
          user: {
            userId, username: input.username, name: input.name, email: input.email ?? '', passwordHash: hashes.get(password)!,
            // enable and expiration are the org's, on the membership below (issue 16)
            isDev: input.isDev ?? false, enable: true, expiration: null, isRegister: true, isNotRouterHome: input.isNotRouterHome ?? false,
            // a password someone else chose or the deployment's initial one: he chooses his own first (issue 27)
            mustChangePassword: true,
          },
        },
      });
    }
    const { before } = await membershipCommand(tx, orgApp.orgId, userId, {
      type: 'JoinOrgApp', orgId: orgApp.orgId, appId: orgApp.appId, userId, username: input.username, roles: roles.roles, unknownRoles: roles.unknown, caller,
      grant: { self: userId === request.user?.userId, fitsOrgKind: await everyRoleFits(tx, orgApp.orgId, request.orgKind, roles.roles) },
      enable: input.enable, expiration: input.expiration, seats,
    }, meta);
    // a person new to the org took a seat
    if (!before.apps.size) seats.used += 1;
    userIds.push(userId);
  }
  return userIds;
}

/** A unique-key race (two creates of one phone number at once) is a conflict, not a server error. */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';
}
