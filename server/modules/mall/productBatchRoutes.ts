// §7 mall calls the server lacked (issue 15): POST /v4/mall/product/rawripe, POST /v4/mall/recipe/initproduct and
// PUT /v5/mall/sku/relationlock/skustatus. The spec names them (and a 20 s console timeout for init product) but
// not their bodies; each says below what a supplier's client would expect. Every write goes through the product
// and SKU deciders, all or nothing, on the caller's own goods only.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';
import { badRequest, forbidden, notFound, unprocessable } from '../../http/errors.ts';
import type { Tx } from '../../store/eventStore.ts';
import { decideAndAppend, metaOf, runDecisions } from '../../store/command.ts';
import { productDecider, skuDecider, type ProductCreated } from '../../../domain/aggregates/product.ts';
import { PAGE } from '../../../domain/constants.ts';
import { readConfig } from '../config/orgConfig.ts';
import { orgFoods } from '../recipes/foodLibrary.ts';
import { requireSupplier } from './access.ts';
import { productOf, skuOf } from './catalogueRoutes.ts';
import { mallStreams } from './streams.ts';

const tags = ['mall'];
const str = { type: 'string' } as const;
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;
const ids = { type: 'array', minItems: 1, maxItems: PAGE.generic, items: idStr } as const;
const goods = { auth: 'orgApp', guard: requireSupplier } as const;

export const PRODUCT_BATCH_TEXT = {
  productMissing: '商品不存在',
  notOwnProduct: '无权修改其他机构的商品',
  skuMissing: 'SKU 不存在',
  notOwnSku: '无权修改其他机构的 SKU',
  foodMissing: (id: string) => `参数错误：食材不存在 ${id}`,
  recipeNotCreateProduct: '本机构已设置食谱不生成商品（recipeNotCreateProduct）',
} as const;

export default async function productBatchRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;
  const meta = (request: FastifyRequest) => metaOf(request, ctx.clock());

  async function ownProducts(tx: Tx, request: FastifyRequest, productIds: string[]) {
    const rows = await tx.selectFrom('products').selectAll().where('id', 'in', productIds).where('is_delete', '=', false).execute();
    const missing = productIds.find((id) => !rows.some((r) => r.id === id));
    if (missing) throw notFound(`${PRODUCT_BATCH_TEXT.productMissing}：${missing}`);
    if (rows.some((r) => r.org_id !== request.orgApp!.orgId)) throw forbidden(PRODUCT_BATCH_TEXT.notOwnProduct);
    return rows;
  }

  // Raw or cooked (§3 product rawRipe 生/熟) for many products at once: a supplier reclassifies a list it selected.
  app.post<{ Body: { productIds: string[]; rawRipe: 'raw' | 'ripe' } }>('/v4/mall/product/rawripe', {
    config: goods,
    schema: {
      tags, summary: 'Mark many of the supplier\'s products raw or cooked (rawRipe), all or nothing',
      body: { type: 'object', additionalProperties: false, required: ['productIds', 'rawRipe'], properties: { productIds: ids, rawRipe: { type: 'string', enum: ['raw', 'ripe'] } } },
      response: { 200: listSchema({ type: 'object', additionalProperties: true, properties: { id: str, rawRipe: str } }) },
    },
  }, async (request) => {
    const productIds = [...new Set(request.body.productIds)];
    await runDecisions(db, async (tx) => {
      for (const row of await ownProducts(tx, request, productIds)) {
        await decideAndAppend(tx, {
          orgId: row.org_id, streamId: mallStreams.product(row.id), streamType: 'product', decider: productDecider, meta: meta(request),
          command: { type: 'UpdateProduct', change: { id: row.id, at: ctx.clock().toISOString(), rawRipe: request.body.rawRipe }, categoryKnown: true },
        });
      }
    });
    const rows = await db.selectFrom('products').selectAll().where('id', 'in', productIds).orderBy('name').execute();
    return list(rows.map(productOf));
  });

  // Goods for the foods a recipe uses: a supplier who serves recipe-driven purchasing makes one product per food
  // (name from the food, raw, extraInfo.foodId linking the two) unless a live product of his already carries that
  // food or its name. One call may create hundreds of products, hence the console's 20 s timeout (§9). An org whose
  // config says recipes create no products (nutritiousmeals.recipeNotCreateProduct) is refused.
  app.post<{ Body: { foodIds: string[] } }>('/v4/mall/recipe/initproduct', {
    config: goods,
    schema: {
      tags, summary: 'Create the supplier\'s products for recipe foods (one per food not yet carried), all or nothing',
      body: { type: 'object', additionalProperties: false, required: ['foodIds'], properties: { foodIds: { ...ids, maxItems: PAGE.ingredients } } },
      response: {
        200: envelopeSchema({
          type: 'object',
          properties: {
            created: { type: 'array', items: { type: 'object', additionalProperties: true } },
            existing: { type: 'array', items: { type: 'object', properties: { foodId: str, productId: str, name: str } } },
          },
          required: ['created', 'existing'],
        }),
      },
    },
  }, async (request) => {
    const { orgId, appId } = request.orgApp!;
    const { 'nutritiousmeals.recipeNotCreateProduct': off } = await readConfig(db, orgId, appId, ['nutritiousmeals.recipeNotCreateProduct']);
    if (off === true) throw unprocessable(PRODUCT_BATCH_TEXT.recipeNotCreateProduct);
    const foodIds = [...new Set(request.body.foodIds)];
    // the foods of the caller's library: the platform's, overridden where the org says, and its own
    const foods = await orgFoods(db, orgId, foodIds);
    const unknown = foodIds.find((f) => !foods.has(f));
    if (unknown) throw badRequest(PRODUCT_BATCH_TEXT.foodMissing(unknown));
    const result = await runDecisions(db, async (tx) => {
      const live = await tx.selectFrom('products').select(['id', 'name', sql<string | null>`extra_info->>'foodId'`.as('food_id')])
        .where('org_id', '=', orgId).where('is_delete', '=', false).execute();
      const created: string[] = [];
      const existing: { foodId: string; productId: string; name: string }[] = [];
      for (const foodId of foodIds) {
        const name = foods.get(foodId)!.nameZh.trim() || foodId;
        const have = live.find((p) => p.food_id === foodId) ?? live.find((p) => p.name === name);
        if (have) { existing.push({ foodId, productId: have.id, name: have.name }); continue; }
        const product: ProductCreated = {
          id: crypto.randomUUID(), name, cid: null, categoryId: null, status: 1, isPackage: false, isUppershelf: true, rawRipe: 'raw', unit: '',
          priceClass: null, extraInfo: { foodId }, at: ctx.clock().toISOString(),
        };
        await decideAndAppend(tx, {
          orgId, streamId: mallStreams.product(product.id), streamType: 'product', decider: productDecider, meta: meta(request),
          command: { type: 'CreateProduct', product, categoryKnown: true },
        });
        live.push({ id: product.id, name, food_id: foodId });
        created.push(product.id);
      }
      return { created, existing };
    });
    const rows = result.created.length ? await db.selectFrom('products').selectAll().where('id', 'in', result.created).orderBy('name').execute() : [];
    return ok({ created: rows.map(productOf), existing: result.existing });
  });

  // The status (enable) of many SKUs at once, under the lock of their product relation: a SKU whose product was
  // deleted is not live and is refused, as the single SKU update refuses it.
  app.put<{ Body: { skuIds: string[]; enable: number | boolean } }>('/v5/mall/sku/relationlock/skustatus', {
    config: goods,
    schema: {
      tags, summary: 'Enable or disable many of the supplier\'s SKUs at once, all or nothing',
      body: { type: 'object', additionalProperties: false, required: ['skuIds', 'enable'], properties: { skuIds: ids, enable: { type: ['integer', 'boolean'], enum: [0, 1, true, false] } } },
      response: { 200: listSchema({ type: 'object', additionalProperties: true, properties: { skuId: str, enable: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const skuIds = [...new Set(request.body.skuIds)];
    const enable = request.body.enable === true || request.body.enable === 1;
    await runDecisions(db, async (tx) => {
      const rows = await tx.selectFrom('skus').selectAll().where('sku_id', 'in', skuIds).where('is_delete', '=', false).execute();
      const missing = skuIds.find((s) => !rows.some((r) => r.sku_id === s));
      if (missing) throw notFound(`${PRODUCT_BATCH_TEXT.skuMissing}：${missing}`);
      if (rows.some((r) => r.org_id !== request.orgApp!.orgId)) throw forbidden(PRODUCT_BATCH_TEXT.notOwnSku);
      // the products are locked with the SKUs, so a product deleted meanwhile cannot leave a SKU enabled under it
      const productIds = [...new Set(rows.map((r) => r.product_id))];
      const liveProducts = await tx.selectFrom('products').select('id').where('id', 'in', productIds).where('is_delete', '=', false).forUpdate().execute();
      for (const row of rows) {
        await decideAndAppend(tx, {
          orgId: row.org_id, streamId: mallStreams.sku(row.sku_id), streamType: 'sku', decider: skuDecider, meta: meta(request),
          command: { type: 'UpdateSku', change: { skuId: row.sku_id, at: ctx.clock().toISOString(), enable }, rowLive: liveProducts.some((p) => p.id === row.product_id) },
        });
      }
    });
    const rows = await db.selectFrom('skus').selectAll().where('sku_id', 'in', skuIds).orderBy('sort').execute();
    return list(rows.map(skuOf));
  });
}
