// Issue 27 (finding 6): the orgs that hear a supplier's price notices besides its own (domain/liveAudience.ts
// priceNoticeAudience decides; this finds the candidates and what each is by its org kind). Every org of the
// supplier's area used to hear them, a trial org and the other suppliers included.
import { sql } from 'kysely';
import type { Tx } from '../../store/eventStore.ts';
import { priceNoticeAudience, type PriceAudienceCandidate } from '../../../domain/liveAudience.ts';

/** What an org is for prices: its kind (domain/orgKind.ts), a trial org a sandbox whatever roles it holds. */
async function priceKindsOf(tx: Tx, orgIds: readonly string[]): Promise<Map<string, { kind: PriceAudienceCandidate['kind']; area: string }>> {
  if (!orgIds.length) return new Map();
  const rows = await tx.selectFrom('orgs').select(['org_id', 'kind', 'area']).where('org_id', 'in', [...orgIds]).execute();
  const kindOf: Partial<Record<string, PriceAudienceCandidate['kind']>> = { platform: 'platform', trial: 'sandbox', bureau: 'bureau' };
  return new Map(rows.map((r) => [r.org_id, { kind: kindOf[r.kind] ?? 'other', area: r.area }]));
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
    tx.selectFrom('orgs').select('org_id').where('kind', '=', 'platform').execute(),
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
