// The role a trial applicant gets (§1 "trial applicants have their own pages", §2 /applyTrialUserForm, §7 POST
// /v1/passport/formuser). The spec says nothing about what he holds; without a role his menu is empty and the §2
// guard sends him to 401, so the sign-up grants one, decided here once:
// - only in a trial org (org type trialVersion, or an experience org): a link to a formal org adds the member but
//   grants nothing, as a user manager must decide what a real member may do;
// - only to an applicant who holds no role in that org yet (applying again changes nothing);
// - only a §1 business role (codes 1-6, enabled): never a system provider, admin, manage admin, user admin or a
//   #roleManage role, whatever the applicant says;
// - the role whose §1 code is the identity he applies as (the form's choice, else the link's); several: the first
//   by sort;
// - no identity, or none of the org's roles matches it: the org's most limited read role, i.e. the business role
//   holding the fewest powers, then the fewest menu entries (a role with no menu entry only when no other is left),
//   then the first by sort. The applicant is never refused for it; an org with no business role grants nothing.
import { ROLE_CODE } from './constants.ts';
import { isAdmin, isManageAdmin, isRoleManageRole } from './roles.ts';

/** §1 role codes an applicant may apply as: school/purchaser, supplier, delivery user, bureau, dietitian, salesman */
export const TRIAL_ROLE_CODES = [
  ROLE_CODE.purchaser, ROLE_CODE.supplier, ROLE_CODE.delivery, ROLE_CODE.bureau, ROLE_CODE.dietitian, ROLE_CODE.salesman,
] as const;
export type TrialRoleCode = (typeof TRIAL_ROLE_CODES)[number];

export const isTrialRoleCode = (code: unknown): code is TrialRoleCode => (TRIAL_ROLE_CODES as readonly unknown[]).includes(code);

/** A role of the org as the rule weighs it. */
export interface TrialCandidateRole {
  roleId: string;
  name: string;
  code: string;
  enable: boolean;
  sort: number;
  /** power entries it holds (permissions with a power: actions, not pages) */
  powers: number;
  /** pcMenu entries it holds */
  menuEntries: number;
}

/**
 * An org whose members may be made by their own application (§1): an org of the trial kind, which the platform sets
 * (domain/orgKind.ts). Not the isExperienceOrg config flag: an org's admin can write that one, and with it would open
 * his real org to applicants choosing their own roles (issue 27).
 */
export function grantsTrialRole(org: { kind: string }): boolean {
  return org.kind === 'trial';
}

const grantable = (r: TrialCandidateRole) =>
  r.enable && isTrialRoleCode(r.code) && !isRoleManageRole(r.code) && !isAdmin([r]) && !isManageAdmin([r]);

const bySort = (a: TrialCandidateRole, b: TrialCandidateRole) => a.sort - b.sort || a.roleId.localeCompare(b.roleId);

/**
 * The role to grant, or null (nothing to grant). `appliedAs` is the §1 code the applicant chose; anything else
 * (absent, unknown) counts as no identity.
 */
export function trialRoleFor(
  appliedAs: string | undefined,
  roles: readonly TrialCandidateRole[],
  applicant: { rolesHeldInOrg: number },
): TrialCandidateRole | null {
  if (applicant.rolesHeldInOrg > 0) return null;
  const candidates = roles.filter(grantable);
  const matching = isTrialRoleCode(appliedAs) ? candidates.filter((r) => r.code === appliedAs).sort(bySort) : [];
  if (matching.length) return matching[0];
  const limited = [...candidates].sort((a, b) =>
    Number(a.menuEntries === 0) - Number(b.menuEntries === 0) || a.powers - b.powers || a.menuEntries - b.menuEntries || bySort(a, b));
  return limited[0] ?? null;
}
