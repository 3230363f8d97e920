// What an org is, and what its members may therefore do across orgs (§1 parties, issue 27). The platform sets an
// org's kind when it creates it; a member's party is the org's kind together with his role (§1 code) there, so a
// role's code alone grants nothing outside its org: a code-4 role in a school is a school role. Trial and
// experience orgs are sandboxes: their members practise any §1 identity, but reach only their own sandbox, never a
// real org of the area. The party predicates the servers use (isBureau, isSupplierSide, ...) are these functions.
import { PLATFORM_ORG_TYPE, ROLE_CODE } from './constants.ts';
import type { RoleLike } from './roles.ts';

/**
 * §1 kinds of org: the platform, a school or canteen, a supplier, a delivery company, an education bureau, a trial org,
 * and (issue 34) a fruit org (鲜果机构) that sells fresh fruit to the members of the schools the platform links it to.
 * and (issue 33, bright kitchens) an installer company that installs and repairs the schools' kitchen cameras.
 */
export const ORG_KINDS = ['platform', 'school', 'supplier', 'delivery', 'bureau', 'trial', 'fruit', 'installer'] as const;
export type OrgKind = (typeof ORG_KINDS)[number];

export const isOrgKind = (value: unknown): value is OrgKind => (ORG_KINDS as readonly unknown[]).includes(value);

/**
 * The kind of an org: the one the platform set, else (an org created before kinds existed) read from its §1 org
 * type: the platform org ('product'), a trial version, or otherwise a school, the kind with the least reach (it
 * buys from the suppliers it is linked to, nothing more).
 */
export function orgKindOf(org: { kind?: string | null; orgType?: string | null }): OrgKind {
  if (isOrgKind(org.kind)) return org.kind;
  if (org.orgType === PLATFORM_ORG_TYPE) return 'platform';
  if (org.orgType === 'trialVersion') return 'trial';
  return 'school';
}

/** A trial or experience org: a sandbox its members practise in. */
export const isSandbox = (kind: OrgKind) => kind === 'trial';

/**
 * Where a caller stands toward other orgs' records: the platform; a supplier (2), its salesman (6) or delivery user
 * (3); a bureau (4); a school (anyone of a school: purchaser, dietitian, its admins); or a plain member whose role in
 * his org's kind carries no party power (an admin of a bureau, a supplier's accountant).
 */
export type Party = 'platform' | 'school' | 'supplier' | 'salesman' | 'delivery' | 'bureau' | 'fruit' | 'installer' | 'member';

/** The caller as the party rules need him: his org's kind, his enabled roles there, whether he is the platform. */
export interface PartyCaller {
  orgKind: OrgKind;
  roles: readonly RoleLike[];
  /** an enabled code-999 role in the platform org (server/http/auth.ts) */
  platform: boolean;
}

/** The party of a §1 role code, wherever it stands (only a sandbox takes the code at its word). */
function partyOfCodes(codes: ReadonlySet<string>): Party | null {
  if (codes.has(ROLE_CODE.supplier)) return 'supplier';
  if (codes.has(ROLE_CODE.salesman)) return 'salesman';
  if (codes.has(ROLE_CODE.delivery)) return 'delivery';
  if (codes.has(ROLE_CODE.bureau)) return 'bureau';
  return null;
}

/** The caller's party: from his org's kind and his roles there, never from a code alone. */
export function partyOf(caller: PartyCaller): Party {
  if (caller.platform) return 'platform';
  const codes = new Set(caller.roles.map((r) => r.code));
  switch (caller.orgKind) {
    case 'school': return 'school';
    case 'supplier':
    case 'delivery': {
      // a delivery company sells too (the demo's 集采配送中心 is a fresh-delivery supplier)
      const party = partyOfCodes(codes);
      return party === 'supplier' || party === 'salesman' || party === 'delivery' ? party : 'member';
    }
    case 'bureau': return codes.has(ROLE_CODE.bureau) ? 'bureau' : 'member';
    // the applicant practises the identity he applied as, inside the sandbox (reach: sameWorld / inAreaOf)
    case 'trial': return partyOfCodes(codes) ?? 'school';
    // anyone of a fruit org: what he may do there is his granted screens (xgOrgSkuManage, xgOrgOrderManage)
    case 'fruit': return 'fruit';
    case 'platform': return 'member';
    // issue 33: anyone of an installer company works on the inspection tickets assigned to it, nothing more
    case 'installer': return 'installer';
  }
}

/** §1 codes whose party an org of the kind carries: a role with another party code holds powers the kind lacks. */
const PARTY_CODES: Readonly<Record<OrgKind, readonly string[]>> = {
  platform: [],
  school: [ROLE_CODE.purchaser, ROLE_CODE.dietitian],
  supplier: [ROLE_CODE.supplier, ROLE_CODE.salesman, ROLE_CODE.delivery],
  delivery: [ROLE_CODE.supplier, ROLE_CODE.salesman, ROLE_CODE.delivery],
  bureau: [ROLE_CODE.bureau],
  fruit: [],
  installer: [],
  trial: [ROLE_CODE.purchaser, ROLE_CODE.supplier, ROLE_CODE.delivery, ROLE_CODE.bureau, ROLE_CODE.dietitian, ROLE_CODE.salesman],
};
const ALL_PARTY_CODES: readonly string[] = PARTY_CODES.trial;

/**
 * Whether a role fits an org of the kind: a §1 party code (1-6) only where the kind carries that party; other
 * codes (admins, user admins, an org's own roles) hold no party power and fit anywhere. Price approval and price
 * writing are party powers too: a role holding them fits only a kind whose party uses them.
 */
export function roleFitsOrgKind(role: { code: string }, kind: OrgKind, powers: readonly PartyPower[] = []): boolean {
  if (ALL_PARTY_CODES.includes(role.code) && !PARTY_CODES[kind].includes(role.code)) return false;
  return powers.every((p) => PARTY_POWER_KINDS[p].includes(kind));
}

/** §6 power nodes that act across orgs, by the kinds whose party uses them. */
export type PartyPower = 'priceApprove' | 'priceAdd';
const PARTY_POWER_KINDS: Readonly<Record<PartyPower, readonly OrgKind[]>> = {
  priceApprove: ['bureau', 'trial', 'platform'],
  priceAdd: ['supplier', 'delivery', 'trial', 'platform'],
};

/** An org as the reach rules need it. */
export interface OrgFacts {
  orgId: string;
  kind: OrgKind;
  area: string;
  parentOrgId: string | null;
}

/** Whether two orgs may deal with each other at all: both real, or both of one sandbox. */
export function sameWorld(a: Pick<OrgFacts, 'orgId' | 'kind' | 'parentOrgId'>, b: Pick<OrgFacts, 'orgId' | 'kind' | 'parentOrgId'>): boolean {
  if (isSandbox(a.kind) !== isSandbox(b.kind)) return false;
  if (!isSandbox(a.kind)) return true;
  // one level: the trial org and the practice orgs directly under it
  return a.orgId === b.orgId || a.parentOrgId === b.orgId || b.parentOrgId === a.orgId;
}

/**
 * Whether `other` lies in the area of a bureau org: a real bureau's area is the real orgs of its district; a trial
 * org's "bureau" has its sandbox for an area, never the real district it is registered in.
 */
export function inAreaOf(bureau: OrgFacts, other: OrgFacts): boolean {
  if (!sameWorld(bureau, other)) return false;
  if (isSandbox(bureau.kind)) return true;
  return !!bureau.area && bureau.area === other.area;
}

/**
 * The area an org counts in for area-wide records (price surveys and the market averages new prices get): a real
 * org's district; a sandbox's own mark, so its practice never mixes with the real district it is registered in.
 */
export function areaKeyOf(org: Pick<OrgFacts, 'orgId' | 'kind' | 'area' | 'parentOrgId'>): string {
  return isSandbox(org.kind) ? `sandbox:${org.parentOrgId ?? org.orgId}` : org.area;
}
