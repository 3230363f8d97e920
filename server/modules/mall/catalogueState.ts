// Products and SKUs as their deciders' state, read from their rows for batches (imports): the streams are locked
// first (lockVersions), so the rows are the state at the versions returned.
import type { Tx } from '../../store/eventStore.ts';
import { lockVersions, type Loaded } from '../../store/command.ts';
import type { ProductState, SkuState } from '../../../domain/aggregates/product.ts';
import { mallStreams } from './streams.ts';

export async function loadProducts(tx: Tx, orgId: string, ids: string[]): Promise<Map<string, Loaded<ProductState>>> {
  const versions = await lockVersions(tx, orgId, ids.map(mallStreams.product));
  const rows = ids.length ? await tx.selectFrom('products').selectAll().where('org_id', '=', orgId).where('id', 'in', ids).execute() : [];
  return new Map(rows.map((r) => [r.id, {
    version: versions.get(mallStreams.product(r.id)) ?? 0,
    state: {
      status: r.is_delete ? 'deleted' : 'live',
      product: {
        name: r.name, cid: r.cid, categoryId: r.category_id, status: r.status, isPackage: r.is_package, isUppershelf: r.is_uppershelf, rawRipe: r.raw_ripe,
        unit: r.unit, priceClass: r.price_class, extraInfo: (r.extra_info ?? {}) as Record<string, unknown>,
      },
    },
  }]));
}

export async function loadSkus(tx: Tx, orgId: string, ids: string[]): Promise<Map<string, Loaded<SkuState>>> {
  const versions = await lockVersions(tx, orgId, ids.map(mallStreams.sku));
  const rows = ids.length ? await tx.selectFrom('skus').selectAll().where('org_id', '=', orgId).where('sku_id', 'in', ids).execute() : [];
  const ingredients = ids.length ? await tx.selectFrom('sku_ingredients').select(['sku_id', 'food_id', 'ratio']).where('org_id', '=', orgId).where('sku_id', 'in', ids).orderBy('sort').execute() : [];
  return new Map(rows.map((r) => [r.sku_id, {
    version: versions.get(mallStreams.sku(r.sku_id)) ?? 0,
    state: {
      status: r.is_delete ? 'deleted' : 'live',
      sku: { productId: r.product_id, name: r.name, spec: r.spec, unit: r.unit, sort: r.sort, enable: r.enable, extraInfo: (r.extra_info ?? {}) as Record<string, unknown> },
      ingredients: ingredients.filter((i) => i.sku_id === r.sku_id).map((i) => ({ foodId: i.food_id, ratio: Number(i.ratio) })),
    },
  }]));
}
