import { ROLE_TEXT } from '../../../../domain/aggregates/role.ts';
import { describe, expect, it } from 'vitest';
import {
  emailOf, expirationOf, membershipDecider, newUserProblem, signInRefusal, userDecider, USER_TEXT,
  type MembershipCommand, type MembershipEvent, type UserCommand, type UserCreated, type UserEvent,
} from '../../../../domain/aggregates/user.ts';
import { USER_ACCESS_TEXT } from '../../../../domain/userAccess.ts';
import type { Caller } from '../../../../domain/aggregates/role.ts';
import { given } from '../../../support/decider.ts';

const account: UserCreated = {
  userId: 'u1', username: '13912340001', name: '张三', email: '', passwordHash: 'h1', isDev: false, enable: true, expiration: null,
  isRegister: true, isNotRouterHome: false,
};
const created: UserEvent = { type: 'UserCreated', data: account };
const manager = { self: false, platform: false, inOtherOrgs: false };
const update = { type: 'UpdateUser', userId: 'u1', caller: manager } as const satisfies UserCommand;

describe('user decider: the account', () => {
  it('creates a user, phone and name trimmed', () => {
    given(userDecider).when({ type: 'CreateUser', user: { ...account, username: ' 13912340001 ', name: ' 张三 ' } }).then([created]);
  });
  it('refuses a bad phone or e-mail, and a user id made twice', () => {
    given(userDecider).when({ type: 'CreateUser', user: { ...account, username: '12345' } }).thenRefused('invalid', `${USER_TEXT.badPhone}：12345`);
    given(userDecider).when({ type: 'CreateUser', user: { ...account, email: 'no-at-sign' } }).thenRefused('invalid', USER_TEXT.badEmail);
    given(userDecider, [created]).when({ type: 'CreateUser', user: account }).thenRefused('conflict', USER_TEXT.taken);
  });

  it('records only the account fields that change; the same values again record nothing', () => {
    given(userDecider, [created]).when({ ...update, name: '张三', email: ' ', isDev: false }).then([]);
    given(userDecider, [created]).when({ ...update, name: ' 张三丰 ', email: ' z@x.cn ', isDev: false })
      .then([{ type: 'UserUpdated', data: { userId: 'u1', name: '张三丰', email: 'z@x.cn' } }]);
  });
  it('a password sent is always recorded, beside the account change', () => {
    given(userDecider, [created]).when({ ...update, name: '李四', passwordHash: 'h2', caller: { ...manager, self: true } }).then([
      { type: 'UserUpdated', data: { userId: 'u1', name: '李四' } },
      { type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h2' } },
    ]);
  });
  it('a password only by the user or the platform; name and e-mail not while he is in another org (issue 16)', () => {
    given(userDecider, [created]).when({ ...update, passwordHash: 'h2' }).thenRefused('forbidden', USER_ACCESS_TEXT.password);
    // a password the platform set is not his own: he must choose one at his next sign-in (issue 27)
    given(userDecider, [created]).when({ ...update, passwordHash: 'h2', caller: { ...manager, platform: true } })
      .then([{ type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h2', mustChange: true } }]);
    const shared = { ...manager, inOtherOrgs: true };
    given(userDecider, [created]).when({ ...update, name: '冒名', caller: shared }).thenRefused('forbidden', USER_ACCESS_TEXT.shared);
    given(userDecider, [created]).when({ ...update, isNotRouterHome: true, caller: shared }).thenRefused('forbidden', USER_ACCESS_TEXT.shared);
    // sending his name as it is changes nothing, so nothing is refused
    given(userDecider, [created]).when({ ...update, name: '张三', caller: shared }).then([]);
  });
  it('refuses an edit of a missing user and a bad e-mail', () => {
    given(userDecider).when({ ...update, name: 'x' }).thenRefused('notFound', USER_TEXT.missing);
    given(userDecider, [created]).when({ ...update, email: 'bad' }).thenRefused('invalid', USER_TEXT.badEmail);
  });
  it('folds the changes into the account', () => {
    const state = given(userDecider, [created]).when({ ...update, name: '王五' }).state();
    expect(state.user).toMatchObject({ userId: 'u1', name: '王五' });
    expect(state.user).not.toHaveProperty('passwordHash');
  });

  it('resets the password of a user that exists', () => {
    given(userDecider, [created]).when({ type: 'ResetPassword', userId: 'u1', passwordHash: 'h3' })
      .then([{ type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h3' } }]);
    given(userDecider).when({ type: 'ResetPassword', userId: 'u1', passwordHash: 'h3' }).thenRefused('notFound');
  });

  it('deletes a user only when he is in no org, and only once', () => {
    given(userDecider, [created]).when({ type: 'DeleteIfInNoOrg', userId: 'u1', inAnyOrg: true }).then([]);
    given(userDecider, [created]).when({ type: 'DeleteIfInNoOrg', userId: 'u1', inAnyOrg: false }).then([{ type: 'UserDeleted', data: { userId: 'u1' } }]);
    given(userDecider, [created, { type: 'UserDeleted', data: { userId: 'u1' } }]).when({ type: 'DeleteIfInNoOrg', userId: 'u1', inAnyOrg: false }).then([]);
  });

  it('records a sign-in of an enabled account within its time; refuses a disabled or expired one', () => {
    const at = '2026-06-01T00:00:00.000Z';
    given(userDecider, [created]).when({ type: 'RecordSignIn', userId: 'u1', method: 'password', at })
      .then([{ type: 'UserSignedIn', data: { userId: 'u1', method: 'password' } }]);
    const disabled: UserEvent = { type: 'UserUpdated', data: { userId: 'u1', enable: false } };
    given(userDecider, [created, disabled]).when({ type: 'RecordSignIn', userId: 'u1', method: 'smscode', at }).thenRefused('forbidden', USER_TEXT.disabled);
    const expired: UserEvent = { type: 'UserUpdated', data: { userId: 'u1', expiration: '2026-05-31T00:00:00.000Z' } };
    given(userDecider, [created, expired]).when({ type: 'RecordSignIn', userId: 'u1', method: 'qrcode', at }).thenRefused('forbidden', USER_TEXT.expired);
    given(userDecider).when({ type: 'RecordSignIn', userId: 'u1', method: 'password', at }).thenRefused('notFound');
  });
  it('always records a sign-out', () => {
    given(userDecider, [created]).when({ type: 'RecordSignOut', userId: 'u1' }).then([{ type: 'UserSignedOut', data: { userId: 'u1' } }]);
  });
});

describe('user input rules', () => {
  it('e-mail: empty is none, otherwise something@somewhere, trimmed', () => {
    expect(emailOf(undefined)).toBe('');
    expect(emailOf(' a@b ')).toBe('a@b');
    expect(emailOf('a b@c')).toMatchObject({ refused: 'invalid' });
  });
  it('expiration: empty is none, otherwise a date as an ISO time', () => {
    expect(expirationOf(null)).toBeNull();
    expect(expirationOf(' ')).toBeNull();
    expect(expirationOf('2027-01-01')).toBe('2027-01-01T00:00:00.000Z');
    expect(expirationOf('someday')).toMatchObject({ refused: 'invalid', message: USER_TEXT.badExpiration });
  });
  it('a new user needs a mainland phone, a valid e-mail and expiration', () => {
    expect(newUserProblem({ username: '13912340001' })).toBeNull();
    expect(newUserProblem({ username: '1391234' })).toMatchObject({ refused: 'invalid' });
    expect(newUserProblem({ username: '13912340001', expiration: 'x' })).toMatchObject({ message: USER_TEXT.badExpiration });
  });
  it('sign-in: the expiration is the last moment before the account stops', () => {
    expect(signInRefusal({ enable: true, expiration: new Date('2026-06-01T00:00:00Z') }, new Date('2026-05-31T23:59:59Z'))).toBeNull();
    expect(signInRefusal({ enable: true, expiration: '2026-06-01T00:00:00Z' }, new Date('2026-06-01T00:00:00Z'))).toMatchObject({ refused: 'forbidden' });
  });
});

const orgAdmin: Caller = { roles: [{ name: 'admin_school', code: 'admin' }], platform: false };
const seats = { limit: null, used: 0 };
const join = {
  type: 'JoinOrgApp', orgId: 'o1', appId: 'a1', userId: 'u1', username: '13912340001', roles: [], unknownRoles: [], caller: orgAdmin, seats,
  grant: { self: false, fitsOrgKind: true },
} as const satisfies MembershipCommand;
const joinedA1: MembershipEvent = { type: 'UserJoinedOrgApp', data: { orgId: 'o1', appId: 'a1', userId: 'u1', extraInfo: {} } };
const joinedA2: MembershipEvent = { type: 'UserJoinedOrgApp', data: { orgId: 'o1', appId: 'a2', userId: 'u1', extraInfo: {} } };

describe('membership decider: a user in one org', () => {
  it('joins the org-app with the roles named, each once', () => {
    const cook = { roleId: 'r1', name: 'cook', code: '' };
    given(membershipDecider).when({ ...join, roles: [cook, cook] })
      .then([joinedA1, { type: 'UserRoleGranted', data: { userId: 'u1', roleId: 'r1' } }]);
  });
  it('records the access only when the org gives other than enabled and never expiring', () => {
    given(membershipDecider).when({ ...join, enable: true, expiration: '' }).then([joinedA1]);
    given(membershipDecider).when({ ...join, enable: false }).then([joinedA1, { type: 'MemberAccessSet', data: { orgId: 'o1', userId: 'u1', enable: false, expiration: null } }]);
    given(membershipDecider).when({ ...join, expiration: '2027-01-01' })
      .then([joinedA1, { type: 'MemberAccessSet', data: { orgId: 'o1', userId: 'u1', enable: true, expiration: '2027-01-01T00:00:00.000Z' } }]);
    given(membershipDecider).when({ ...join, expiration: 'soon' }).thenRefused('invalid', USER_TEXT.badExpiration);
  });
  it('refuses a role the org lacks, a code-999 role from anyone but the platform, and a second join', () => {
    given(membershipDecider).when({ ...join, unknownRoles: ['ghost'] }).thenRefused('invalid', USER_TEXT.unknownRole('ghost'));
    const provider = { roleId: 'r9', name: 'system_provider', code: '999' };
    given(membershipDecider).when({ ...join, roles: [provider] }).thenRefused('forbidden', `${USER_TEXT.withheldRole}：system_provider`);
    given(membershipDecider).when({ ...join, roles: [provider], caller: { roles: [], platform: true } })
      .then([joinedA1, { type: 'UserRoleGranted', data: { userId: 'u1', roleId: 'r9' } }]);
    given(membershipDecider, [joinedA1]).when(join).thenRefused('conflict', `${USER_TEXT.exists}：13912340001`);
  });
  it('refuses roles given to the caller himself or beyond the org kind (issue 27); joining without roles is no grant', () => {
    const bureau = { roleId: 'r4', name: 'bureau', code: '4' };
    given(membershipDecider).when({ ...join, roles: [bureau], grant: { self: true, fitsOrgKind: true } }).thenRefused('forbidden', ROLE_TEXT.selfGrant);
    given(membershipDecider).when({ ...join, roles: [bureau], grant: { self: false, fitsOrgKind: false } }).thenRefused('forbidden', ROLE_TEXT.unfitRole);
    given(membershipDecider).when({ ...join, grant: { self: true, fitsOrgKind: false } }).then([joinedA1]);
  });
  it("the org's user limit counts people: a new one beyond it is refused, one already in another app of the org is not", () => {
    given(membershipDecider).when({ ...join, seats: { limit: 2, used: 2 } }).thenRefused('unprocessable', USER_TEXT.limit(2));
    given(membershipDecider).when({ ...join, seats: { limit: 2, used: 1 } }).then([joinedA1]);
    given(membershipDecider, [joinedA2]).when({ ...join, seats: { limit: 2, used: 2 } }).then([joinedA1]);
  });
  it('a trial applicant joins once; again is nothing, a full org refuses him', () => {
    const ensure = { type: 'EnsureInOrgApp', orgId: 'o1', appId: 'a1', userId: 'u1', seats } as const satisfies MembershipCommand;
    given(membershipDecider).when(ensure).then([joinedA1]);
    given(membershipDecider, [joinedA1]).when({ ...ensure, seats: { limit: 1, used: 5 } }).then([]);
    given(membershipDecider).when({ ...ensure, seats: { limit: 1, used: 1 } }).thenRefused('unprocessable');
  });

  it('sets his info in an org-app he is in, only when it changes', () => {
    const set = { type: 'SetOrgAppInfo', orgId: 'o1', appId: 'a1', userId: 'u1', extraInfo: { duties: '营养师', n: 1 } } as const satisfies MembershipCommand;
    const infoSet: MembershipEvent = { type: 'UserOrgAppInfoSet', data: { orgId: 'o1', appId: 'a1', userId: 'u1', extraInfo: { duties: '营养师', n: 1 } } };
    given(membershipDecider, [joinedA1]).when(set).then([infoSet]);
    given(membershipDecider, [joinedA1, infoSet]).when({ ...set, extraInfo: { n: 1, duties: '营养师' } }).then([]);
    given(membershipDecider, [joinedA2]).when(set).thenRefused('forbidden', USER_TEXT.notMember);
  });

  it("sets the org's access to him with only what changes", () => {
    const access = { type: 'SetAccess', orgId: 'o1', userId: 'u1' } as const satisfies MembershipCommand;
    given(membershipDecider, [joinedA1]).when({ ...access, enable: true, expiration: null }).then([]);
    given(membershipDecider, [joinedA1]).when({ ...access, enable: false, expiration: '' })
      .then([{ type: 'MemberAccessSet', data: { orgId: 'o1', userId: 'u1', enable: false } }]);
    const limited: MembershipEvent = { type: 'MemberAccessSet', data: { orgId: 'o1', userId: 'u1', expiration: '2027-01-01T00:00:00.000Z' } };
    given(membershipDecider, [joinedA1]).when({ ...access, expiration: '2027-01-01' }).then([limited]);
    given(membershipDecider, [joinedA1, limited]).when({ ...access, expiration: '2027-01-01T00:00:00Z' }).then([]);
    given(membershipDecider, [joinedA1]).when({ ...access, expiration: 'x' }).thenRefused('invalid');
    given(membershipDecider).when({ ...access, enable: false }).thenRefused('forbidden', USER_TEXT.notMember);
  });

  it('leaving the org revokes his roles there and leaves every app of it; not himself, not twice', () => {
    const granted: MembershipEvent = { type: 'UserRoleGranted', data: { userId: 'u1', roleId: 'r1' } };
    const leave = { type: 'LeaveOrg', orgId: 'o1', userId: 'u1', self: false } as const satisfies MembershipCommand;
    const left: MembershipEvent[] = [
      { type: 'UserRoleRevoked', data: { userId: 'u1', roleId: 'r1' } },
      { type: 'UserLeftOrgApp', data: { orgId: 'o1', appId: 'a1', userId: 'u1' } },
      { type: 'UserLeftOrgApp', data: { orgId: 'o1', appId: 'a2', userId: 'u1' } },
    ];
    given(membershipDecider, [joinedA1, joinedA2, granted]).when(leave).then(left);
    given(membershipDecider, [joinedA1]).when({ ...leave, self: true }).thenRefused('unprocessable', USER_TEXT.self);
    given(membershipDecider, [joinedA1, joinedA2, granted, ...left]).when(leave).thenRefused('forbidden', USER_TEXT.notMember);
  });
});
