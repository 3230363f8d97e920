// The caller's party across orgs (issue 27), from his org's kind and his roles there (domain/orgKind.ts partyOf),
// as small named predicates routes and guards call: the one place a server asks "is he a bureau / a supplier /
// a school?". A role's code alone never answers it. The reach helpers keep a trial org's members inside their
// sandbox and real orgs out of it.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Tx } from '../store/eventStore.ts';
import { areaKeyOf, inAreaOf, isSandbox, orgKindOf, partyOf, sameWorld, type OrgFacts, type Party } from '../../domain/orgKind.ts';

type Db = Kysely<Database> | Tx;
type Caller = Pick<FastifyRequest, 'roles' | 'platform' | 'orgKind'>;

/** The caller's party in the request's org. */
export const partyOfRequest = (request: Caller): Party =>
  partyOf({ orgKind: request.orgKind ?? 'school', roles: request.roles ?? [], platform: request.platform ?? false });

// the platform (code 999 in the platform org), not a code-999 role an org gave itself (issue 16)
export const isPlatform = (request: Caller) => request.platform;
/** a supplier (2) or its salesman (6) in an org that sells (a supplier or delivery company, or a sandbox) */
export const isSupplierSide = (request: Caller) => ['supplier', 'salesman'].includes(partyOfRequest(request));
/** the supplier (2) of an org that sells */
export const isSupplier = (request: Caller) => partyOfRequest(request) === 'supplier';
/** a bureau (4) of a bureau org, or practising one in a sandbox */
export const isBureau = (request: Caller) => partyOfRequest(request) === 'bureau';
/** anyone of a school (or of a sandbox practising a school): buys from the suppliers it is linked to */
export const isSchool = (request: Caller) => partyOfRequest(request) === 'school';

/** An org's kind, area and parent, as the reach rules need them (null: no such org). */
export async function orgFacts(db: Db, orgId: string): Promise<OrgFacts | null> {
  const row = await db.selectFrom('orgs').select(['org_id', 'kind', 'org_type', 'area', 'parent_org_id']).where('org_id', '=', orgId).executeTakeFirst();
  return row ? { orgId: row.org_id, kind: orgKindOf({ kind: row.kind, orgType: row.org_type }), area: row.area, parentOrgId: row.parent_org_id } : null;
}

/** Facts of several orgs at once, by id. */
export async function orgFactsOf(db: Db, orgIds: readonly string[]): Promise<Map<string, OrgFacts>> {
  if (!orgIds.length) return new Map();
  const rows = await db.selectFrom('orgs').select(['org_id', 'kind', 'org_type', 'area', 'parent_org_id']).where('org_id', 'in', [...new Set(orgIds)]).execute();
  return new Map(rows.map((r) => [r.org_id, { orgId: r.org_id, kind: orgKindOf({ kind: r.kind, orgType: r.org_type }), area: r.area, parentOrgId: r.parent_org_id }]));
}

/**
 * The orgs of a bureau's area (domain/orgKind.ts inAreaOf): a real bureau's, the real orgs of its district; a
 * sandbox's "bureau", the sandbox only. One query; the rule itself is the domain's.
 */
export async function areaOrgIds(db: Db, bureauOrgId: string): Promise<string[]> {
  const bureau = await orgFacts(db, bureauOrgId);
  if (!bureau) return [];
  let q = db.selectFrom('orgs').select(['org_id', 'kind', 'org_type', 'area', 'parent_org_id']);
  q = isSandbox(bureau.kind)
    ? q.where((eb) => eb.or([eb('org_id', '=', bureau.orgId), eb('parent_org_id', '=', bureau.orgId), ...(bureau.parentOrgId ? [eb('org_id', '=', bureau.parentOrgId)] : [])]))
    : q.where('area', '=', bureau.area).where('area', '<>', '');
  const rows = await q.execute();
  return rows.map((r) => ({ orgId: r.org_id, kind: orgKindOf({ kind: r.kind, orgType: r.org_type }), area: r.area, parentOrgId: r.parent_org_id }))
    .filter((o) => inAreaOf(bureau, o)).map((o) => o.orgId);
}

/** Of `orgIds`, those `from` may deal with (domain/orgKind.ts sameWorld): a sandbox never reaches a real org, nor one it. */
export async function sameWorldOrgs(db: Db, from: string, orgIds: readonly string[]): Promise<Set<string>> {
  const facts = await orgFactsOf(db, [from, ...orgIds]);
  const own = facts.get(from);
  return new Set(own ? orgIds.filter((id) => facts.has(id) && sameWorld(own, facts.get(id)!)) : []);
}


/** An org's area for area-wide records (domain/orgKind.ts areaKeyOf): '' when it has none or is unknown. */
export async function areaKeyOfOrg(db: Db, orgId: string): Promise<string> {
  const facts = await orgFacts(db, orgId);
  return facts ? areaKeyOf(facts) : '';
}
