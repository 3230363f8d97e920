// Which orgs a person may pick by name where a form once asked for an org id (issue 28 point 4): the schools a
// supplier's delivery route may stop at, and the supplier orgs a school (or its bureau) may link. The server
// applies these to the orgs table; the client only ever sees the result.
import { inAreaOf, isSandbox, sameWorld, type OrgFacts, type OrgKind } from './orgKind.ts';
import { DEVICE_TEXT } from './videoDevice.ts';

/** Org kinds that sell: a supplier or a delivery company (§6 suppliers). */
export const SELLING_KINDS: readonly OrgKind[] = ['supplier', 'delivery'];

/**
 * Whether `caller`'s org may pick `other` as a supplier: never itself; within a sandbox, its own practice orgs;
 * otherwise a selling org of the caller's own area (the platform: of any area). A real org never sees a sandbox's.
 */
export function supplierPickable(caller: OrgFacts, other: OrgFacts, platform: boolean): boolean {
  if (caller.orgId === other.orgId || !sameWorld(caller, other)) return false;
  if (isSandbox(caller.kind)) return true;
  if (!SELLING_KINDS.includes(other.kind)) return false;
  return platform || (!!caller.area && caller.area === other.area);
}

/**
 * Issue 33: whether a bureau (or the platform) may pick `other` as the org of an installer company it registers:
 * an org of the installer kind, of the bureau's own district (the platform: of any). A sandbox picks nothing real.
 */
export function installerPickable(caller: OrgFacts, other: OrgFacts, platform: boolean): boolean {
  if (other.kind !== 'installer' || !sameWorld(caller, other)) return false;
  return platform || (!!caller.area && caller.area === other.area);
}

/**
 * Issue 33: whether a bureau (or the platform) may name `other` among the schools an installer company serves: a
 * school of its area (inAreaOf: a real bureau's district), any school for the platform.
 */
export function companySchoolPickable(caller: OrgFacts, other: OrgFacts, platform: boolean): boolean {
  if (other.kind !== 'school' || caller.orgId === other.orgId) return false;
  return platform ? sameWorld(caller, other) : inAreaOf(caller, other);
}

/**
 * Issue 33: why a bureau (or the platform) may not register or change an installer company naming these orgs, or
 * null: the pickers' own rules (installerPickable, companySchoolPickable) applied to whatever ids the client sent, so
 * an id typed past the form is judged as the form would have. `companyOrg` is undefined on a change (a company's org
 * never changes); an org that is not of the installer kind (or unknown: null) is the decider's to refuse
 * (companyOrgNotInstaller). A school id that names no org is refused like a school of another district.
 */
export function companyOrgsRefusal(caller: OrgFacts, companyOrg: OrgFacts | null | undefined, schools: readonly (OrgFacts | null)[], platform: boolean): string | null {
  if (companyOrg?.kind === 'installer' && !installerPickable(caller, companyOrg, platform)) return DEVICE_TEXT.companyOrgOutsideArea;
  if (schools.some((s) => !s || !companySchoolPickable(caller, s, platform))) return DEVICE_TEXT.companySchoolOutsideArea;
  return null;
}

/** The picker's name filter: case-insensitive, on the name or the id shown beside it; empty matches all. */
export const nameMatches = (keyword: string, org: { orgId: string; name: string }) => {
  const k = keyword.trim().toLowerCase();
  return !k || org.name.toLowerCase().includes(k) || org.orgId.toLowerCase() === k;
};

export const ORG_PICKER_LIMIT = 50;
