// Issue 27 (finding 6): the orgs that hear a supplier's price notices besides its own (domain/liveAudience.ts
// priceNoticeAudience decides; this finds the candidates and what each is). Every org of the supplier's area used to
// hear them, a trial org and the other suppliers included.
import { sql } from 'kysely';
import type { Tx } from '../../store/eventStore.ts';
import { PLATFORM_ORG_TYPE, ROLE_CODE } from '../../../domain/constants.ts';
import { grantsTrialRole } from '../../../domain/trialRole.ts';
import { priceNoticeAudience, type PriceAudienceCandidate } from '../../../domain/liveAudience.ts';

/**
 * What an org is for prices. Until orgs carry their kind (issue 27, org kinds), a bureau is an org where a member
 * holds its enabled bureau role (code 4), as server/modules/mall/access.ts viewerOf decides who approves; a trial or
 * experience org is a sandbox whatever roles it holds; the platform org is the platform. The one place to follow the
 * org kinds once they exist.
 */
async function priceKindsOf(tx: Tx, orgIds: readonly string[]): Promise<Map<string, { kind: PriceAudienceCandidate['kind']; area: string }>> {
  if (!orgIds.length) return new Map();
  const rows = await tx.selectFrom('orgs as o')
    .select(['o.org_id', 'o.org_type', 'o.area'])
    .select([
      sql<boolean>`EXISTS (SELECT 1 FROM org_config c WHERE c.org_id = o.org_id AND c.path = 'isExperienceOrg' AND c.value = 'true'::jsonb)`.as('experience'),
      sql<boolean>`EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.role_id = ur.role_id AND r.org_id = ur.org_id
                           JOIN org_app_users m ON m.org_id = ur.org_id AND m.user_id = ur.user_id
                           WHERE ur.org_id = o.org_id AND r.enable AND r.code = ${ROLE_CODE.bureau})`.as('bureau'),
    ])
    .where('o.org_id', 'in', [...orgIds]).execute();
  return new Map(rows.map((r) => {
    const kind: PriceAudienceCandidate['kind'] = r.org_type === PLATFORM_ORG_TYPE ? 'platform'
      : grantsTrialRole({ orgType: r.org_type, isExperienceOrg: r.experience }) ? 'sandbox'
        : r.bureau ? 'bureau' : 'other';
    return [r.org_id, { kind, area: r.area }];
  }));
}

/** The orgs besides the supplier's own that may read its prices, and so hear its price notices. */
export async function priceAudienceOf(tx: Tx, supplierOrgId: string): Promise<string[]> {
  const supplier = await tx.selectFrom('orgs').select('area').where('org_id', '=', supplierOrgId).executeTakeFirst();
  if (!supplier) return [];
  const [inArea, buyers, groups, platform] = await Promise.all([
    supplier.area ? tx.selectFrom('orgs').select('org_id').where('area', '=', supplier.area).execute() : Promise.resolve([]),
    tx.selectFrom('mall_suppliers').select('org_id').where('supplier_org_id', '=', supplierOrgId).where('enable', '=', true).execute(),
    // the approval groups the supplier's purchaser role groups name (their config.priceApprovalGroup)
    tx.selectFrom('categories').select('extra_info').where('group_name', '=', 'mallPriceApprovalGroups')
      .where('id', 'in', (eb) => eb.selectFrom('role_groups').select(sql<string>`config->>'priceApprovalGroup'`.as('g'))
        .where('org_id', '=', supplierOrgId).where(sql<boolean>`coalesce(config->>'priceApprovalGroup', '') <> ''`)).execute(),
    tx.selectFrom('orgs').select('org_id').where('org_type', '=', PLATFORM_ORG_TYPE).execute(),
  ]);
  const buying = new Set(buyers.map((b) => b.org_id));
  const approving = new Set(groups.flatMap((g) => ((g.extra_info as { orgIds?: unknown }).orgIds as string[] | undefined) ?? []).filter((id) => typeof id === 'string'));
  const ids = [...new Set([...inArea.map((o) => o.org_id), ...buying, ...approving, ...platform.map((o) => o.org_id)])];
  const kinds = await priceKindsOf(tx, ids);
  const candidates: PriceAudienceCandidate[] = ids.filter((id) => kinds.has(id)).map((id) => ({
    orgId: id, area: kinds.get(id)!.area, kind: kinds.get(id)!.kind, buys: buying.has(id), approves: approving.has(id),
  }));
  return priceNoticeAudience({ orgId: supplierOrgId, area: supplier.area }, candidates);
}
