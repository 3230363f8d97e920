// Who may change what of a user account (issue 16). A phone number is one account across every org, so an
// org's user manager must not be able to take it over: credentials belong to the user (and the platform),
// and what an org decides (enabled, valid until) holds for that org's membership only.

export const USER_ACCESS_TEXT = {
  password: '只有本人或平台可以修改密码',
  shared: '该用户还属于其他机构，只能修改其在本机构的启用状态和有效期',
  inactive: '您在该机构的账号已停用或已过期',
} as const;

export interface UserChange {
  /** a new password */
  password: boolean;
  /** name, e-mail or the account flags: seen by every org the user belongs to */
  account: boolean;
}

export interface ChangeCaller {
  /** the caller changes his own account */
  self: boolean;
  /** the caller is the platform (code 999 in the platform org) */
  platform: boolean;
  /** the user is also a member of an org other than the caller's */
  inOtherOrgs: boolean;
}

/** The refusal text for a change, or null when the caller may make it. */
export function userChangeRefusal(change: UserChange, caller: ChangeCaller): string | null {
  if (caller.self || caller.platform) return null;
  if (change.password) return USER_ACCESS_TEXT.password;
  if (change.account && caller.inOtherOrgs) return USER_ACCESS_TEXT.shared;
  return null;
}

/** A membership lets its user act in the org while enabled and not past its expiration. */
export function membershipActive(m: { enable: boolean; expiration: Date | string | null }, now: Date): boolean {
  return m.enable && !(m.expiration && new Date(m.expiration) <= now);
}
