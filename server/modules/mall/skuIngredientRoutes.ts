// §7 Mall: the food ingredients of a SKU. The catalogue is server/data/foods.json (USDA SR28, id = NDB number);
// a supplier links its SKUs to foods with the edible net weight share of each (0 < ratio ≤ 1).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { list, listSchema } from '../../http/envelope.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { handleCommand, requestCommand } from '../../store/command.ts';
import { skuDecider, type SkuIngredientsSet } from '../../../domain/aggregates/product.ts';
import { mallStreams } from './streams.ts';
import { categoryScopeOf, readableSupplierOrgs, requireSupplier, viewerOf } from './access.ts';

const tags = ['mall'];
const str = { type: 'string' } as const;
const idStr = { type: 'string', minLength: 1, maxLength: 128 } as const;

export interface Food { id: string; nameZh: string; nameEn: string; group: string; ediblePortionPct: number | null; per100g: Record<string, number | null> }

const foodsFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../data/foods.json');
let catalogue: Map<string, Food> | null = null;
/** The food catalogue, read once. */
export function foods(): Map<string, Food> {
  if (!catalogue) {
    const raw = JSON.parse(fs.readFileSync(foodsFile, 'utf8')) as { foods: Food[] };
    catalogue = new Map(raw.foods.map((f) => [f.id, { id: f.id, nameZh: f.nameZh, nameEn: f.nameEn, group: f.group, ediblePortionPct: f.ediblePortionPct, per100g: f.per100g }]));
  }
  return catalogue;
}

export const INGREDIENT_TEXT = {
  skuMissing: 'SKU 不存在',
  otherOrg: '无权修改其他供应商的 SKU 食材',
  cannotRead: '无权查看该 SKU 的食材',
  unknownFood: (id: string) => `食材不存在：${id}`,
  badRatio: (id: string) => `食材 ${id} 的可食净重占比须大于 0 且不超过 1`,
  duplicate: (id: string) => `食材重复：${id}`,
  totalTooBig: '食材可食净重占比合计不能超过 1',
} as const;

const ingredientSchema = { type: 'object', additionalProperties: true, properties: { foodId: str, ratio: { type: 'number' }, nameZh: str } } as const;

export default async function skuIngredientRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;

  // GET /v4/mall/food/ingredients (the library search) lives with the ingredient library: modules/recipes/ingredientRoutes.ts

  app.get<{ Querystring: { skuId: string } }>('/v4/mall/sku/ingredients', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'The food ingredients of a SKU with their edible net weight shares',
      querystring: { type: 'object', required: ['skuId'], properties: { skuId: idStr } },
      response: { 200: listSchema(ingredientSchema) },
    },
  }, async (request) => {
    const sku = await db.selectFrom('skus').leftJoin('products', 'products.id', 'skus.product_id').select(['skus.org_id', 'skus.sku_id', 'products.category_id'])
      .where('skus.sku_id', '=', request.query.skuId).where('skus.is_delete', '=', false).executeTakeFirst();
    if (!sku) throw notFound(INGREDIENT_TEXT.skuMissing);
    const viewer = await viewerOf(db, request);
    const readable = await readableSupplierOrgs(db, viewer);
    if (readable && !readable.includes(sku.org_id)) throw forbidden(INGREDIENT_TEXT.cannotRead);
    // a school limited to some of the supplier's categories reads no SKU outside them (supplier permissions)
    if (viewer.kind === 'purchaser') {
      const allowed = (await categoryScopeOf(db, viewer.links)).get(sku.org_id);
      if (allowed && !(sku.category_id && allowed.includes(sku.category_id))) throw forbidden(INGREDIENT_TEXT.cannotRead);
    }
    const rows = await db.selectFrom('sku_ingredients').selectAll().where('sku_id', '=', sku.sku_id).orderBy('sort').execute();
    const cat = foods();
    return list(rows.map((r) => {
      const f = cat.get(r.food_id);
      return { skuId: r.sku_id, foodId: r.food_id, ratio: r.ratio, nameZh: f?.nameZh ?? '', nameEn: f?.nameEn ?? '', group: f?.group ?? '' };
    }), rows.length);
  });

  app.put<{ Body: SkuIngredientsSet }>('/v4/mall/sku/ingredients', {
    config: { auth: 'orgApp', guard: requireSupplier },
    schema: {
      tags, summary: 'Set the food ingredients of a SKU (replaces the list; the supplier owning the SKU only)',
      body: {
        type: 'object', additionalProperties: false, required: ['skuId', 'ingredients'],
        properties: {
          skuId: idStr,
          ingredients: {
            type: 'array', maxItems: 100,
            items: { type: 'object', additionalProperties: false, required: ['foodId', 'ratio'], properties: { foodId: { type: 'string', maxLength: 16 }, ratio: { type: 'number' } } },
          },
        },
      },
      response: { 200: listSchema(ingredientSchema) },
    },
  }, async (request) => {
    const b = request.body;
    const cat = foods();
    const seen = new Set<string>();
    for (const i of b.ingredients) {
      if (!cat.has(i.foodId)) throw badRequest(INGREDIENT_TEXT.unknownFood(i.foodId));
      if (!(i.ratio > 0 && i.ratio <= 1)) throw badRequest(INGREDIENT_TEXT.badRatio(i.foodId));
      if (seen.has(i.foodId)) throw badRequest(INGREDIENT_TEXT.duplicate(i.foodId));
      seen.add(i.foodId);
    }
    if (b.ingredients.reduce((s, i) => s + i.ratio, 0) > 1 + 1e-9) throw badRequest(INGREDIENT_TEXT.totalTooBig);
    const sku = await db.selectFrom('skus').select(['org_id', 'sku_id']).where('sku_id', '=', b.skuId).where('is_delete', '=', false).executeTakeFirst();
    if (!sku) throw notFound(INGREDIENT_TEXT.skuMissing);
    if (sku.org_id !== request.orgApp!.orgId) throw forbidden(INGREDIENT_TEXT.otherOrg);
    await handleCommand(db, {
      ...requestCommand(request, ctx.clock()), orgId: sku.org_id, streamId: mallStreams.sku(sku.sku_id), streamType: 'sku', decider: skuDecider,
      command: { type: 'SetSkuIngredients', skuId: sku.sku_id, ingredients: b.ingredients.map((i) => ({ foodId: i.foodId, ratio: i.ratio })), rowLive: true },
    });
    return list(b.ingredients.map((i) => ({ skuId: b.skuId, foodId: i.foodId, ratio: i.ratio, nameZh: cat.get(i.foodId)!.nameZh, group: cat.get(i.foodId)!.group })), b.ingredients.length);
  });
}
