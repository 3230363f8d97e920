// Suppliers, products, SKUs and SKU prices, projected from their events.
import { sql } from 'kysely';
import { defineProjection } from '../../store/projections.ts';
import type { StoredEvent } from '../../store/eventStore.ts';

/** Rows of one statement: PostgreSQL binds at most 65,535 parameters, a price row takes 19. */
const CHUNK = 2000;
const chunks = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));


import type {
  MallSupplierCreated, MallSupplierUpdated, ProductCreated, ProductDeleted, ProductUpdated, SkuCreated, SkuDeleted, SkuIngredientsSet, SkuUpdated,
} from '../../../domain/aggregates/product.ts';

export type { MallSupplierCreated, ProductCreated, ProductUpdated, SkuCreated, SkuIngredientsSet, SkuUpdated };

import type { SkuPriceChanged, SkuPriceCreated, SkuPriceDecided, SkuPriceDeleted } from '../../../domain/aggregates/price.ts';

export type { SkuPriceChanged, SkuPriceCreated, SkuPriceDecided };

defineProjection({
  MallSupplierCreated: async (tx, { data, orgId }: { data: MallSupplierCreated; orgId: string }) => {
    await tx.insertInto('mall_suppliers').values({
      org_id: orgId, object_id: data.objectId, supplier_org_id: data.supplierOrgId, name: data.name, type: data.type, role_group_id: data.roleGroupId,
      status: data.status, enable: data.enable, extra_info: JSON.stringify(data.extraInfo),
    }).execute();
  },
  MallSupplierUpdated: async (tx, { data, orgId }: { orgId: string; data: MallSupplierUpdated }) => {
    const set = {
      ...(data.name !== undefined && { name: data.name }),
      ...(data.type !== undefined && { type: data.type }),
      ...(data.roleGroupId !== undefined && { role_group_id: data.roleGroupId }),
      ...(data.status !== undefined && { status: data.status }),
      ...(data.enable !== undefined && { enable: data.enable }),
      ...(data.extraInfo !== undefined && { extra_info: JSON.stringify(data.extraInfo) }),
    };
    if (Object.keys(set).length) await tx.updateTable('mall_suppliers').set(set).where('object_id', '=', data.objectId).where('org_id', '=', orgId).execute();
  },
  ProductCreated: {
    one: async (tx, e: StoredEvent<ProductCreated>) => { await tx.insertInto('products').values(productRow(e)).execute(); },
    many: async (tx, events: StoredEvent<ProductCreated>[]) => { for (const c of chunks(events)) await tx.insertInto('products').values(c.map(productRow)).execute(); },
  },
  ProductUpdated: async (tx, { data, orgId }: { orgId: string; data: ProductUpdated }) => {
    await tx.updateTable('products').set({
      updated_at: data.at,
      ...(data.name !== undefined && { name: data.name }),
      ...(data.cid !== undefined && { cid: data.cid }),
      ...(data.categoryId !== undefined && { category_id: data.categoryId }),
      ...(data.status !== undefined && { status: data.status }),
      ...(data.isPackage !== undefined && { is_package: data.isPackage }),
      ...(data.isUppershelf !== undefined && { is_uppershelf: data.isUppershelf }),
      ...(data.rawRipe !== undefined && { raw_ripe: data.rawRipe }),
      ...(data.unit !== undefined && { unit: data.unit }),
      ...(data.priceClass !== undefined && { price_class: data.priceClass }),
      ...(data.extraInfo !== undefined && { extra_info: JSON.stringify(data.extraInfo) }),
    }).where('id', '=', data.id).where('org_id', '=', orgId).execute();
  },
  ProductDeleted: async (tx, { data, orgId }: { orgId: string; data: ProductDeleted }) => {
    await tx.updateTable('products').set({ is_delete: true, is_uppershelf: false, updated_at: data.at }).where('id', '=', data.id).where('org_id', '=', orgId).execute();
    await tx.updateTable('skus').set({ is_delete: true, updated_at: data.at }).where('product_id', '=', data.id).where('org_id', '=', orgId).execute();
  },
  SkuCreated: {
    one: async (tx, e: StoredEvent<SkuCreated>) => { await tx.insertInto('skus').values(skuRow(e)).execute(); },
    many: async (tx, events: StoredEvent<SkuCreated>[]) => { for (const c of chunks(events)) await tx.insertInto('skus').values(c.map(skuRow)).execute(); },
  },
  SkuIngredientsSet: async (tx, { data, orgId }: { data: SkuIngredientsSet; orgId: string }) => {
    await tx.deleteFrom('sku_ingredients').where('sku_id', '=', data.skuId).where('org_id', '=', orgId).execute();
    if (data.ingredients.length) {
      await tx.insertInto('sku_ingredients').values(data.ingredients.map((i, sort) => ({ org_id: orgId, sku_id: data.skuId, food_id: i.foodId, ratio: i.ratio, sort }))).execute();
    }
  },
  SkuUpdated: async (tx, { data, orgId }: { orgId: string; data: SkuUpdated }) => {
    await tx.updateTable('skus').set({
      updated_at: data.at,
      ...(data.name !== undefined && { name: data.name }),
      ...(data.spec !== undefined && { spec: data.spec }),
      ...(data.unit !== undefined && { unit: data.unit }),
      ...(data.sort !== undefined && { sort: data.sort }),
      ...(data.enable !== undefined && { enable: data.enable }),
      ...(data.extraInfo !== undefined && { extra_info: JSON.stringify(data.extraInfo) }),
    }).where('sku_id', '=', data.skuId).where('org_id', '=', orgId).execute();
  },
  SkuDeleted: async (tx, { data, orgId }: { orgId: string; data: SkuDeleted }) => {
    await tx.updateTable('skus').set({ is_delete: true, updated_at: data.at }).where('sku_id', '=', data.skuId).where('org_id', '=', orgId).execute();
  },
  SkuPriceCreated: {
    one: async (tx, e: StoredEvent<SkuPriceCreated>) => { await tx.insertInto('sku_prices').values(priceRow(e)).execute(); },
    many: async (tx, events: StoredEvent<SkuPriceCreated>[]) => { for (const c of chunks(events)) await tx.insertInto('sku_prices').values(c.map(priceRow)).execute(); },
  },
  SkuPriceChanged: async (tx, { data, streamVersion, orgId }: { orgId: string; data: SkuPriceChanged; streamVersion: number }) => {
    await tx.updateTable('sku_prices').set({
      is_check: data.isCheck, updated_at: data.at, version: streamVersion,
      // a change that needs no approval is approved at once; one that does waits for a new decision
      checked_at: data.isCheck === 1 ? data.at : null,
      ...(data.price !== undefined && { price: data.price }),
      ...(data.marketAvg !== undefined && { market_avg: data.marketAvg }),
      ...(data.startDate !== undefined && { start_date: data.startDate }),
      ...(data.endDate !== undefined && { end_date: data.endDate }),
      ...(data.enable !== undefined && { enable: data.enable }),
    }).where('id', '=', data.id).where('org_id', '=', orgId).execute();
  },
  SkuPriceDecided: async (tx, { data, streamVersion, orgId }: { orgId: string; data: SkuPriceDecided; streamVersion: number }) => {
    const row = await tx.selectFrom('sku_prices').select('extra_info').where('org_id', '=', orgId).where('id', '=', data.id).executeTakeFirstOrThrow();
    const extraInfo = { ...(row.extra_info as Record<string, unknown>), checkRemark: data.checkRemark, isCheckRecord: true };
    await tx.updateTable('sku_prices').set({
      is_check: data.isCheck, checked_at: data.at, checked_by: data.checkedBy, updated_at: data.at, version: streamVersion,
      extra_info: JSON.stringify(extraInfo),
    }).where('id', '=', data.id).where('org_id', '=', orgId).execute();
  },
  SkuPriceDeleted: {
    one: async (tx, { data, streamVersion, orgId }: StoredEvent<SkuPriceDeleted>) => {
      const row = await tx.selectFrom('sku_prices').select('extra_info').where('org_id', '=', orgId).where('id', '=', data.id).executeTakeFirstOrThrow();
      const extraInfo = { ...(row.extra_info as Record<string, unknown>), ...(data.supersededBy && { supersededBy: data.supersededBy }) };
      await tx.updateTable('sku_prices').set({ is_delete: true, updated_at: data.at, version: streamVersion, extra_info: JSON.stringify(extraInfo) })
        .where('id', '=', data.id).where('org_id', '=', orgId).execute();
    },
    // a price is deleted at most once, so one UPDATE over the run equals the one-by-one form
    many: async (tx, events: StoredEvent<SkuPriceDeleted>[]) => {
      for (const c of chunks(events)) {
        const ids = c.map((e) => e.data.id);
        const at = c.map((e) => e.data.at);
        const versions = c.map((e) => e.streamVersion);
        const orgs = c.map((e) => e.orgId);
        const extra = c.map((e) => JSON.stringify(e.data.supersededBy ? { supersededBy: e.data.supersededBy } : {}));
        await sql`
          UPDATE sku_prices sp SET is_delete = true, updated_at = v.at::timestamptz, version = v.version, extra_info = sp.extra_info || v.extra::jsonb
          FROM unnest(${ids}::text[], ${orgs}::text[], ${at}::text[], ${versions}::bigint[], ${extra}::text[]) AS v(id, org_id, at, version, extra)
          WHERE sp.org_id = v.org_id AND sp.id = v.id`.execute(tx);
      }
    },
  },
});


function productRow({ data, orgId }: StoredEvent<ProductCreated>) {
  return {
    org_id: orgId, id: data.id, name: data.name, cid: data.cid, category_id: data.categoryId, status: data.status, is_package: data.isPackage,
    is_uppershelf: data.isUppershelf, raw_ripe: data.rawRipe, unit: data.unit, price_class: data.priceClass, extra_info: JSON.stringify(data.extraInfo),
    is_delete: false, created_at: data.at, updated_at: data.at,
  };
}

function skuRow({ data, orgId }: StoredEvent<SkuCreated>) {
  return {
    org_id: orgId, sku_id: data.skuId, product_id: data.productId, name: data.name, spec: data.spec, unit: data.unit, sort: data.sort,
    enable: data.enable, extra_info: JSON.stringify(data.extraInfo), is_delete: false, created_at: data.at, updated_at: data.at,
  };
}

function priceRow({ data, orgId }: StoredEvent<SkuPriceCreated>) {
  return {
    org_id: orgId, id: data.id, sku_id: data.skuId, product_id: data.productId, supplier_id: data.supplierId, role_group_id: data.roleGroupId,
    price: data.price, market_avg: data.marketAvg, is_check: data.isCheck, start_date: data.startDate, end_date: data.endDate, enable: data.enable,
    is_delete: false, extra_info: JSON.stringify(data.extraInfo), version: 1, created_at: data.at, updated_at: data.at,
    checked_at: data.isCheck === 1 ? data.at : null, checked_by: null,
  };
}
