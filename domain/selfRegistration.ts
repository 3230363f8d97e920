// Issue 27 (finding 5): who may join an org by his own sign-up (§7 POST /v1/passport/formuser with a register SMS
// code). A trial or experience org takes applicants: that is how they come in (domain/trialRole.ts). A formal org
// takes them only when its admin switched self-registration on (the org config path below, off by default): anyone
// whose phone receives a code could otherwise join it. The platform org never does, whatever is stored. Someone
// already a member of the org-app may always sign in through the same call: he joins nothing.
import { grantsTrialRole } from './trialRole.ts';

/** The org config path (per org-app, or org-wide) of the switch: true lets outsiders sign up. */
export const SELF_REGISTRATION_PATH = 'selfRegistrationEnable';

export const SELF_REGISTRATION_TEXT = {
  closed: '该机构未开放自助注册',
  notForPlatform: '参数错误：平台机构不能开放自助注册',
  notBoolean: '参数错误：自助注册开关必须是 true 或 false',
} as const;

export interface SignUpOrg {
  /** the org's kind (domain/orgKind.ts), set by the platform */
  kind: string;
  /** the stored value of SELF_REGISTRATION_PATH (anything but true is off) */
  selfRegistration?: unknown;
}

/** Whether the platform org: it takes no sign-ups and its switch cannot be set. */
export const isPlatformOrg = (org: { kind: string }): boolean => org.kind === 'platform';

/** Whether an outsider may join the org by his own sign-up. */
export function takesSignUps(org: SignUpOrg): boolean {
  if (isPlatformOrg(org)) return false;
  if (grantsTrialRole(org)) return true;
  return org.selfRegistration === true;
}
