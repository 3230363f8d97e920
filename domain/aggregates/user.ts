// §5 users and their membership of an org. Two aggregates:
// - the user's account (`user-<userId>`, one across every org): created, updated, password, signed in and out,
//   deleted once he is in no org;
// - his membership of one org (`member-<orgId>-<userId>`): the org-apps he joined and his info there, the access
//   the org gives him (enabled, valid until; issue 16), and the roles he holds there (granted with a new user,
//   revoked when he leaves; the roles module grants and revokes them otherwise, role.ts memberRoleDecider).
// Both are read from their projection rows under the stream's lock (a user made through contacts has no
// UserCreated in his own stream). What other aggregates hold (the caller, the org's user limit, the roles named)
// is looked up by the handler and passed in the command.
import { refuse, isRefusal, type Decider, type DomainEvent, type Refusal } from '../decider.ts';
import { changedFields, sameJson, withChanges } from './changes.ts';
import { isValidPhone } from '../phone.ts';
import { instantOf } from '../dateText.ts';
import { mayManageRole } from '../roleGroupVisibility.ts';
import { userChangeRefusal, type ChangeCaller } from '../userAccess.ts';
import type { ContactUser } from './contacts.ts';
import { grantRefusal, type Caller, type GrantFacts, type UserRoleGranted, type UserRoleRevoked } from './role.ts';

/** A login user (contacts makes them too, inside its ContactUsersCreated). */
export type UserCreated = ContactUser;
export type UserUpdated = { userId: string } & Partial<Pick<UserCreated, 'name' | 'email' | 'enable' | 'expiration' | 'isNotRouterHome' | 'isDev'>>;
/** mustChange: someone other than the user set it (issue 27), so he must choose his own at his next sign-in */
export interface UserPasswordChanged { userId: string; passwordHash: string; mustChange?: boolean }
export interface UserDeleted { userId: string }
export type SignInMethod = 'password' | 'smscode' | 'register' | 'qrcode';
export interface UserSignedIn { userId: string; method: SignInMethod }
export interface UserSignedOut { userId: string }

/** A user's membership of one org-app, and his info there. */
export interface Membership { orgId: string; appId: string; userId: string; extraInfo?: Record<string, unknown> }
/** An org enables, disables or limits a member's access to that org (every app of it). */
export interface MemberAccessSet { orgId: string; userId: string; enable?: boolean; expiration?: string | null }

export const USER_TEXT = {
  badPhone: '手机号格式不正确',
  withheldRole: '没有授予该角色的权限',
  badEmail: '邮箱格式不正确',
  badExpiration: '到期时间格式不正确',
  exists: '该用户已是本机构成员',
  duplicate: '手机号重复',
  limit: (n: number) => `机构用户数已达上限（${n}）`,
  unknownRole: (r: string) => `角色不存在：${r}`,
  notMember: '该用户不是本机构的成员',
  self: '不能删除自己',
  missing: '用户不存在',
  taken: '该手机号已被注册，请刷新后重试',
  disabled: '账号已停用',
  expired: '账号已过期',
} as const;

// ---- rules of the inputs, also run by the handler before it hashes a batch's passwords

/** §5: empty is no e-mail; otherwise something@somewhere. The trimmed address, or the refusal. */
export function emailOf(email: string | undefined): string | Refusal {
  const e = (email ?? '').trim();
  return e && !/^[^\s@]+@[^\s@]+$/.test(e) ? refuse('invalid', USER_TEXT.badEmail) : e;
}

/** §5: no expiration when empty; otherwise an ISO date or date-time (domain/dateText.ts), as an ISO time. */
export function expirationOf(v: string | null | undefined): string | null | Refusal {
  if (v === undefined || v === null || v.trim() === '') return null;
  // the shared rule of every date field (domain/dateText.ts): a real day within the years a store holds
  const d = instantOf(v);
  return d ? d.toISOString() : refuse('invalid', USER_TEXT.badExpiration);
}

/** Why a new user's phone, e-mail or expiration cannot be taken, or null. */
export function newUserProblem(input: { username: string; email?: string; expiration?: string | null }): Refusal | null {
  if (!isValidPhone(input.username.trim())) return refuse('invalid', `${USER_TEXT.badPhone}：${input.username}`);
  const email = emailOf(input.email);
  if (isRefusal(email)) return email;
  const expiration = expirationOf(input.expiration);
  return isRefusal(expiration) ? expiration : null;
}

/** §5: a disabled account, or one past its expiration, may not sign in. */
export function signInRefusal(account: { enable: boolean; expiration: Date | string | null }, now: Date): Refusal | null {
  if (!account.enable) return refuse('forbidden', USER_TEXT.disabled);
  if (account.expiration && new Date(account.expiration) <= now) return refuse('forbidden', USER_TEXT.expired);
  return null;
}

// ---- the account

export type UserEvent =
  | DomainEvent<'UserCreated', UserCreated>
  | DomainEvent<'UserUpdated', UserUpdated>
  | DomainEvent<'UserPasswordChanged', UserPasswordChanged>
  | DomainEvent<'UserDeleted', UserDeleted>
  | DomainEvent<'UserSignedIn', UserSignedIn>
  | DomainEvent<'UserSignedOut', UserSignedOut>;

export type UserCommand =
  /** a new phone number (the handler found no user with it) */
  | { type: 'CreateUser'; user: UserCreated }
  /** the fields sent; caller: who asks, and whether the user is in another org too */
  | {
    type: 'UpdateUser'; userId: string; name?: string; email?: string; isDev?: boolean; isNotRouterHome?: boolean;
    passwordHash?: string; caller: ChangeCaller;
  }
  /** the user himself, with an SMS code or his current password: his own choice, no change required after it */
  | { type: 'ResetPassword'; userId: string; passwordHash: string }
  /** after he left an org: deleted when he is in none (inAnyOrg: he still has a membership somewhere) */
  | { type: 'DeleteIfInNoOrg'; userId: string; inAnyOrg: boolean }
  | { type: 'RecordSignIn'; userId: string; method: SignInMethod; at: string }
  | { type: 'RecordSignOut'; userId: string };

export type UserAccount = Omit<UserCreated, 'passwordHash'>;
/** The account as it stands (null: none, or deleted). */
export interface UserState { user: UserAccount | null }

const ACCOUNT_FIELDS = ['name', 'email', 'isDev', 'isNotRouterHome'] as const;

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: () => ({ user: null }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateUser': {
        // the unique phone number is the store's to guard across streams; one user id is made once
        if (state.user) return refuse('conflict', USER_TEXT.taken);
        const problem = newUserProblem(command.user);
        if (problem) return problem;
        const email = emailOf(command.user.email) as string;
        return [{ type: 'UserCreated', data: { ...command.user, username: command.user.username.trim(), name: command.user.name.trim(), email } }];
      }
      case 'UpdateUser': {
        const user = state.user;
        if (!user) return refuse('notFound', USER_TEXT.missing);
        let email: string | undefined;
        if (command.email !== undefined) {
          const e = emailOf(command.email);
          if (isRefusal(e)) return e;
          email = e;
        }
        const sent = { name: command.name?.trim(), email, isDev: command.isDev, isNotRouterHome: command.isNotRouterHome };
        const change = changedFields(user, sent);
        // what every org of the user sees is judged by what would change: the same value again is no change
        const refusal = userChangeRefusal({ password: command.passwordHash !== undefined, account: ACCOUNT_FIELDS.some((k) => k in change) }, command.caller);
        if (refusal) return refuse('forbidden', refusal);
        return [
          ...(Object.keys(change).length ? [{ type: 'UserUpdated' as const, data: { userId: user.userId, ...change } }] : []),
          ...(command.passwordHash !== undefined
            ? [{ type: 'UserPasswordChanged' as const, data: { userId: user.userId, passwordHash: command.passwordHash, ...(!command.caller.self && { mustChange: true }) } }]
            : []),
        ];
      }
      case 'ResetPassword':
        if (!state.user) return refuse('notFound', USER_TEXT.missing);
        return [{ type: 'UserPasswordChanged', data: { userId: command.userId, passwordHash: command.passwordHash } }];
      case 'DeleteIfInNoOrg':
        if (!state.user || command.inAnyOrg) return [];
        return [{ type: 'UserDeleted', data: { userId: command.userId } }];
      case 'RecordSignIn': {
        if (!state.user) return refuse('notFound', USER_TEXT.missing);
        const refusal = signInRefusal(state.user, new Date(command.at));
        if (refusal) return refusal;
        return [{ type: 'UserSignedIn', data: { userId: command.userId, method: command.method } }];
      }
      case 'RecordSignOut':
        // the token is revoked whatever the account's state: a sign-out is always recorded
        return [{ type: 'UserSignedOut', data: { userId: command.userId } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserCreated': {
        const { passwordHash: _hash, ...user } = event.data;
        return { user };
      }
      case 'UserUpdated':
        return state.user ? { user: withChanges(state.user, event.data) } : state;
      case 'UserDeleted':
        return { user: null };
      case 'UserPasswordChanged':
      case 'UserSignedIn':
      case 'UserSignedOut':
        return state;
    }
  },
};

// ---- the membership of one org

export type MembershipEvent =
  | DomainEvent<'UserJoinedOrgApp', Membership>
  | DomainEvent<'UserOrgAppInfoSet', Membership>
  | DomainEvent<'MemberAccessSet', MemberAccessSet>
  | DomainEvent<'UserLeftOrgApp', Membership>
  | DomainEvent<'UserRoleGranted', UserRoleGranted>
  | DomainEvent<'UserRoleRevoked', UserRoleRevoked>;

/** The org's user limit (null: none) and how many people are in the org now. */
export interface Seats { limit: number | null; used: number }

/** A role named for a new member, as the org has it. */
export interface NamedRole { roleId: string; name: string; code: string }

export type MembershipCommand =
  | {
    /** a user made or named by a user manager: refused when he is in the org-app already */
    type: 'JoinOrgApp'; orgId: string; appId: string; userId: string; username: string;
    /** the roles named that the org has, and the names or ids it does not */
    roles: NamedRole[]; unknownRoles: string[]; caller: Caller;
    /** the roles given with the membership: to the caller himself, or beyond the org's kind (issue 27; role.ts grantRefusal) */
    grant: GrantFacts;
    enable?: boolean; expiration?: string | null; seats: Seats;
  }
  /** a trial applicant signing up: joins the org-app unless he is in it */
  | { type: 'EnsureInOrgApp'; orgId: string; appId: string; userId: string; seats: Seats }
  | { type: 'SetOrgAppInfo'; orgId: string; appId: string; userId: string; extraInfo: Record<string, unknown> }
  | { type: 'SetAccess'; orgId: string; userId: string; enable?: boolean; expiration?: string | null }
  /** removed from the org by a user manager (self: the caller is the user) */
  | { type: 'LeaveOrg'; orgId: string; userId: string; self: boolean };

export interface MembershipState {
  /** the org's apps he is in, each with his info there */
  apps: ReadonlyMap<string, Record<string, unknown>>;
  roles: ReadonlySet<string>;
  enable: boolean;
  expiration: string | null;
}

/** A new person takes a seat of the org's user limit; someone already in the org (another app of it) does not. */
function seatRefusal(state: MembershipState, seats: Seats): Refusal | null {
  if (state.apps.size > 0 || seats.limit === null) return null;
  return seats.used >= seats.limit ? refuse('unprocessable', USER_TEXT.limit(seats.limit)) : null;
}

const joined = (orgId: string, appId: string, userId: string): MembershipEvent => ({ type: 'UserJoinedOrgApp', data: { orgId, appId, userId, extraInfo: {} } });

export const membershipDecider: Decider<MembershipCommand, MembershipState, MembershipEvent> = {
  initialState: () => ({ apps: new Map(), roles: new Set(), enable: true, expiration: null }),

  decide(command, state) {
    const { orgId, userId } = command;
    switch (command.type) {
      case 'JoinOrgApp': {
        if (command.unknownRoles.length) return refuse('invalid', USER_TEXT.unknownRole(command.unknownRoles[0]));
        const withheld = command.roles.find((r) => !mayManageRole(r, command.caller));
        if (withheld) return refuse('forbidden', `${USER_TEXT.withheldRole}：${withheld.name}`);
        const refused = command.roles.length ? grantRefusal(command.grant) : null;
        if (refused) return refused;
        if (state.apps.has(command.appId)) return refuse('conflict', `${USER_TEXT.exists}：${command.username}`);
        const seat = seatRefusal(state, command.seats);
        if (seat) return seat;
        const expiration = expirationOf(command.expiration);
        if (isRefusal(expiration)) return expiration;
        return [
          joined(orgId, command.appId, userId),
          ...[...new Set(command.roles.map((r) => r.roleId))].map((roleId): MembershipEvent => ({ type: 'UserRoleGranted', data: { userId, roleId } })),
          // a member starts enabled with no expiration: only an org that says otherwise records it
          ...(command.enable === false || expiration
            ? [{ type: 'MemberAccessSet' as const, data: { orgId, userId, enable: command.enable ?? true, expiration } }]
            : []),
        ];
      }
      case 'EnsureInOrgApp': {
        if (state.apps.has(command.appId)) return [];
        const seat = seatRefusal(state, command.seats);
        return seat ?? [joined(orgId, command.appId, userId)];
      }
      case 'SetOrgAppInfo': {
        const info = state.apps.get(command.appId);
        if (!info) return refuse('forbidden', USER_TEXT.notMember);
        if (sameJson(info, command.extraInfo)) return [];
        return [{ type: 'UserOrgAppInfoSet', data: { orgId, appId: command.appId, userId, extraInfo: command.extraInfo } }];
      }
      case 'SetAccess': {
        if (!state.apps.size) return refuse('forbidden', USER_TEXT.notMember);
        const expiration = command.expiration === undefined ? undefined : expirationOf(command.expiration);
        if (isRefusal(expiration)) return expiration;
        const change = changedFields(state, { enable: command.enable, expiration });
        return Object.keys(change).length ? [{ type: 'MemberAccessSet', data: { orgId, userId, ...change } }] : [];
      }
      case 'LeaveOrg':
        if (!state.apps.size) return refuse('forbidden', USER_TEXT.notMember);
        if (command.self) return refuse('unprocessable', USER_TEXT.self);
        return [
          ...[...state.roles].map((roleId): MembershipEvent => ({ type: 'UserRoleRevoked', data: { userId, roleId } })),
          ...[...state.apps.keys()].map((appId): MembershipEvent => ({ type: 'UserLeftOrgApp', data: { orgId, appId, userId } })),
        ];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserJoinedOrgApp':
        return state.apps.has(event.data.appId) ? state : { ...state, apps: new Map(state.apps).set(event.data.appId, event.data.extraInfo ?? {}) };
      case 'UserOrgAppInfoSet':
        return { ...state, apps: new Map(state.apps).set(event.data.appId, event.data.extraInfo ?? {}) };
      case 'MemberAccessSet':
        return { ...state, enable: event.data.enable ?? state.enable, expiration: event.data.expiration !== undefined ? event.data.expiration : state.expiration };
      case 'UserLeftOrgApp': {
        const apps = new Map(state.apps);
        apps.delete(event.data.appId);
        return { ...state, apps };
      }
      case 'UserRoleGranted':
        return { ...state, roles: new Set(state.roles).add(event.data.roleId) };
      case 'UserRoleRevoked': {
        const roles = new Set(state.roles);
        roles.delete(event.data.roleId);
        return { ...state, roles };
      }
    }
  },
};
