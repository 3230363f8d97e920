// The cloud goods library (standardProductManage, 云商品库): products of the standard org (§9 orgId 'standard')
// that any supplier copies into its own org (new products and SKUs, linked by extraInfo.standardProductId);
// the platform operator publishes products into it. Copies are all or nothing; names the org has are skipped.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import type { EventMeta, Tx } from '../../store/eventStore.ts';
import { decideAndAppend, lockKey, metaOf, runCommand } from '../../store/command.ts';
import { productDecider, skuDecider } from '../../../domain/aggregates/product.ts';
import { PAGE, STANDARD_ORG_ID } from '../../../domain/constants.ts';
import { mallStreams } from './streams.ts';
import { requireSupplier } from './access.ts';
import { platformOnly } from '../../http/guards.ts';
import { productOf, skuOf } from './catalogueRoutes.ts';
import type { ProductCreated, SkuCreated } from '../../../domain/aggregates/product.ts';
import { paged } from '../../http/listQuery.ts';

const tags = ['mall'];
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
const ids = { type: 'array', minItems: 1, maxItems: PAGE.generic, items: idStr } as const;
const resultSchema = envelopeSchema({ type: 'object', properties: { created: { type: 'integer' }, skipped: { type: 'array', items: { type: 'string' } }, ids: { type: 'array', items: { type: 'string' } } } });

/** Copies products (with their SKUs) into `toOrgId`; products whose name the org already has are skipped. */
async function copyProducts(tx: Tx, productIds: string[], toOrgId: string, meta: EventMeta, now: Date, from: (orgId: string) => boolean) {
  const products = await tx.selectFrom('products').selectAll().where('id', 'in', productIds).where('is_delete', '=', false).execute();
  const missing = productIds.filter((id) => !products.some((p) => p.id === id && from(p.org_id)));
  if (missing.length) throw notFound(`商品不存在：${missing.slice(0, 5).join('、')}`);
  // the names the org has decide what is skipped: copies into one org are decided one at a time
  await lockKey(tx, 'product-name', toOrgId);
  const have = new Set((await tx.selectFrom('products').select('name').where('org_id', '=', toOrgId).where('is_delete', '=', false).execute()).map((p) => p.name));
  const skus = await tx.selectFrom('skus').selectAll().where('product_id', 'in', productIds).where('is_delete', '=', false).orderBy('sort').execute();
  const at = now.toISOString();
  const created: string[] = [];
  const skipped: string[] = [];
  for (const p of products) {
    if (have.has(p.name)) { skipped.push(p.name); continue; }
    have.add(p.name);
    const product: ProductCreated = {
      id: crypto.randomUUID(), name: p.name, cid: p.cid, categoryId: p.category_id, status: 1, isPackage: p.is_package, isUppershelf: true, rawRipe: p.raw_ripe,
      unit: p.unit, priceClass: p.price_class, extraInfo: { ...(p.extra_info as Record<string, unknown>), standardProductId: p.id }, at,
    };
    // the library's category comes along: it is the standard org's, which every org may use
    await decideAndAppend(tx, { orgId: toOrgId, streamId: mallStreams.product(product.id), streamType: 'product', decider: productDecider, meta, command: { type: 'CreateProduct', product, categoryKnown: true } });
    for (const k of skus.filter((s) => s.product_id === p.id)) {
      const sku: SkuCreated = { skuId: crypto.randomUUID(), productId: product.id, name: k.name, spec: k.spec, unit: k.unit, sort: k.sort, enable: k.enable, extraInfo: { standardSkuId: k.sku_id }, at };
      await decideAndAppend(tx, { orgId: toOrgId, streamId: mallStreams.sku(sku.skuId), streamType: 'sku', decider: skuDecider, meta, command: { type: 'CreateSku', sku, productLive: true } });
    }
    created.push(product.id);
  }
  return { created: created.length, skipped, ids: created };
}

export default async function standardLibraryRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;

  app.get<{ Querystring: { name?: string; categoryId?: string } }>('/v4/mall/standard/product', {
    config: { auth: 'orgApp', listPage: { size: PAGE.generic, max: PAGE.generic } },
    schema: {
      tags, summary: 'The cloud goods library (products of the standard org) with their SKUs and whether the own org has copied each',
      querystring: { type: 'object', properties: { name: { type: 'string', maxLength: 100 }, categoryId: idStr } },
      response: { 200: listSchema({ type: 'object', additionalProperties: true }) },
    },
  }, async (request) => {
    const q = request.query;
    let base = db.selectFrom('products').where('org_id', '=', STANDARD_ORG_ID).where('is_delete', '=', false);
    if (q.name) base = base.where('name', 'like', `%${q.name.replace(/[%_\\]/g, '\\$&')}%`);
    if (q.categoryId) base = base.where('category_id', '=', q.categoryId);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await paged(base.selectAll().orderBy('name').orderBy('id'), request).execute();
    const skus = rows.length ? await db.selectFrom('skus').selectAll().where('product_id', 'in', rows.map((r) => r.id)).where('is_delete', '=', false).orderBy('sort').execute() : [];
    const own = new Set((await db.selectFrom('products').select('name').where('org_id', '=', request.orgApp!.orgId).where('is_delete', '=', false).execute()).map((p) => p.name));
    return list(rows.map((r) => ({ ...productOf(r), skus: skus.filter((k) => k.product_id === r.id).map(skuOf), copied: own.has(r.name) })), Number(total?.n ?? 0));
  });

  app.post<{ Body: { productIds: string[] } }>('/v4/mall/standard/product/copy', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: { tags, summary: 'Copy library products (with SKUs) into the supplier\'s org, all or nothing; names it has are skipped', body: { type: 'object', additionalProperties: false, required: ['productIds'], properties: { productIds: ids } }, response: { 200: resultSchema } },
  }, async (request: FastifyRequest<{ Body: { productIds: string[] } }>) => {
    const now = ctx.clock();
    return ok(await runCommand(db, (tx) => copyProducts(tx, [...new Set(request.body.productIds)], request.orgApp!.orgId, metaOf(request, now), now, (o) => o === STANDARD_ORG_ID)));
  });

  app.post<{ Body: { productIds: string[] } }>('/v4/mall/standard/product/publish', {
    config: { auth: 'orgApp', guard: platformOnly('只有平台可以发布云商品') },
    schema: { tags, summary: 'Publish products of any org into the cloud library (the platform operator only)', body: { type: 'object', additionalProperties: false, required: ['productIds'], properties: { productIds: ids } }, response: { 200: resultSchema } },
  }, async (request: FastifyRequest<{ Body: { productIds: string[] } }>) => {
    const now = ctx.clock();
    return ok(await runCommand(db, (tx) => copyProducts(tx, [...new Set(request.body.productIds)], STANDARD_ORG_ID, metaOf(request, now), now, (o) => o !== STANDARD_ORG_ID)));
  });
}
