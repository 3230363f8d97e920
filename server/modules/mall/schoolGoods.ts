// What a school may buy and at which price: the one reader of "the effective approved price a school pays" that
// orders (priced at submission), purchase plans and smart meal allocation (costing) all use. The rules:
// - only suppliers the school has an enabled link with (§3 mall_suppliers);
// - live goods only (SKU enabled and not deleted, product on the shelf and not deleted);
// - inside the categories the link allows (two links to one supplier: the wider one, mall/access categoryScopeOf);
// - the SKU's approved prices for the link's role group (a link without a role group takes any), approved before
//   the link's price freeze (domain/supplierPermissions priceReachesPurchaser), and of those the effective one on
//   the day (domain/priceApproval effectivePrice).
import { IS_CHECK, effectivePrice } from '../../../domain/priceApproval.ts';
import { priceReachesPurchaser } from '../../../domain/supplierPermissions.ts';
import { categoryScopeOf, type SupplierLink } from './access.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { Tx } from '../../store/eventStore.ts';

type Db = Kysely<Database> | Tx;

export interface SchoolGood {
  supplierOrgId: string;
  skuId: string;
  skuName: string;
  spec: string;
  unit: string;
  productId: string;
  productName: string;
  categoryId: string | null;
  /** the effective approved price for this school on the day; null when the good has none */
  price: number | null;
}

/**
 * The goods among `skuIds` the school reaches through `links` (its enabled supplier links, mall/access
 * supplierLinks), by SKU id, each with its effective price on `day`. A SKU that is unknown, of a supplier not
 * linked, not live or outside the link's categories is absent.
 */
export async function schoolGoods(db: Db, links: readonly SupplierLink[], skuIds: readonly string[], day: string): Promise<Map<string, SchoolGood>> {
  const out = new Map<string, SchoolGood>();
  const suppliers = [...new Set(links.map((l) => l.supplierOrgId))];
  if (!suppliers.length || !skuIds.length) return out;
  const scope = await categoryScopeOf(db, links);
  const goods = await db.selectFrom('skus as k').innerJoin('products as p', (j) => j.onRef('p.org_id', '=', 'k.org_id').onRef('p.id', '=', 'k.product_id'))
    .select(['k.org_id', 'k.sku_id', 'k.name as sku_name', 'k.spec', 'k.unit', 'p.id as product_id', 'p.name as product_name', 'p.category_id'])
    .where('k.org_id', 'in', suppliers).where('k.sku_id', 'in', [...new Set(skuIds)]).where('k.is_delete', '=', false).where('k.enable', '=', true)
    .where('p.is_delete', '=', false).where('p.is_uppershelf', '=', true).execute();
  const allowed = goods.filter((g) => {
    const categories = scope.get(g.org_id) ?? null;
    return categories === null || (g.category_id !== null && categories.includes(g.category_id));
  });
  if (!allowed.length) return out;
  const prices = (await db.selectFrom('sku_prices')
    .select(['org_id', 'sku_id', 'role_group_id', 'price', 'is_check', 'enable', 'is_delete', 'start_date', 'end_date', 'checked_at', 'created_at'])
    .where('org_id', 'in', [...new Set(allowed.map((g) => g.org_id))]).where('sku_id', 'in', allowed.map((g) => g.sku_id))
    .where('is_check', '=', IS_CHECK.approved).where('is_delete', '=', false).execute())
    .map((r) => ({
      orgId: r.org_id, skuId: r.sku_id, roleGroupId: r.role_group_id, price: Number(r.price), isCheck: r.is_check, enable: r.enable,
      isDelete: r.is_delete, startDate: String(r.start_date).slice(0, 10), endDate: String(r.end_date).slice(0, 10),
      checkedAt: r.checked_at ? r.checked_at.toISOString() : null, createdAt: r.created_at.toISOString(),
    }))
    .filter((p) => links.some((l) => l.supplierOrgId === p.orgId && (!l.roleGroupId || l.roleGroupId === p.roleGroupId)
      && priceReachesPurchaser(p, l.permissions)));
  for (const g of allowed) {
    const best = effectivePrice(prices.filter((p) => p.skuId === g.sku_id), day);
    out.set(g.sku_id, {
      supplierOrgId: g.org_id, skuId: g.sku_id, skuName: g.sku_name, spec: g.spec, unit: g.unit, productId: g.product_id,
      productName: g.product_name, categoryId: g.category_id, price: best ? best.price : null,
    });
  }
  return out;
}
