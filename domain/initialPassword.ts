// §9 "Default password {secret}" (issue 27): an account made for someone (a contact, a user a manager added)
// starts with the deployment's default password, which is that deployment's secret, never a published one; and
// the first sign-in with it must set the person's own password before anything else answers.
import { DEFAULT_PASSWORD_ENV } from './constants.ts';

/** The shortest password a person may choose (sign-up, reset and the first-sign-in change alike). */
export const PASSWORD_MIN_LENGTH = 6;

export const INITIAL_PASSWORD_TEXT = {
  /** every call but the change itself (and login status, sign-out) while the initial password stands */
  mustChange: '请先修改初始密码',
  wrongCurrent: '当前密码不正确',
  tooShort: '密码长度不能少于 6 位',
  sameAsDefault: '新密码不能是初始密码',
} as const;

/** The calls a person with the initial password may make: his status, the change itself, and signing out. */
export const CALLS_BEFORE_PASSWORD_CHANGE = ['GET /v2/users/loginstatus', 'POST /v2/users/password', 'POST /v2/passport/logout'] as const;

export function mayCallBeforePasswordChange(method: string, url: string): boolean {
  return (CALLS_BEFORE_PASSWORD_CHANGE as readonly string[]).includes(`${method} ${url}`);
}

/**
 * Why a configured default password cannot be the deployment's (null: it can). It is not the demo accounts'
 * password, which the README publishes, and it is long enough to guess no sooner than a chosen one.
 */
export function defaultPasswordProblem(value: string, demoPassword: string): string | null {
  if (value.length < PASSWORD_MIN_LENGTH) return `${DEFAULT_PASSWORD_ENV} must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (value === demoPassword || value === 'demo1234') return `${DEFAULT_PASSWORD_ENV} must not be the demo accounts' password`;
  return null;
}

/** Why a person may not take `next` as his own password in place of the initial one (null: he may). */
export function newPasswordProblem(next: string, facts: { isDefault: boolean }): string | null {
  if (next.length < PASSWORD_MIN_LENGTH) return INITIAL_PASSWORD_TEXT.tooShort;
  if (facts.isDefault) return INITIAL_PASSWORD_TEXT.sameAsDefault;
  return null;
}
