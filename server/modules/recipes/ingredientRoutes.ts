// §7 Food: the ingredient library of the current org (issue 9). Reads: every member of the org. Writes: the
// recipe writers of domain/recipeAccess.ts, on the org's own entries only (an org never changes the platform's
// foods or another org's). Every write goes through the food ingredient decider.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { handleCommand, requestCommand } from '../../store/command.ts';
import * as api from '../../../contracts/foodIngredients.ts';
import { foodIngredientDecider, foodIngredientStream, INGREDIENT_TEXT, type FoodIngredientCommand } from '../../../domain/aggregates/foodIngredient.ts';
import { matchesIngredient, type IngredientFields } from '../../../domain/ingredients.ts';
import { BATCH, PAGE } from '../../../domain/constants.ts';
import { isPlatformFood, orgEntries, orgFoods, orgLibrary, type LibraryIngredient } from './foodLibrary.ts';
import { requireRecipeWriter } from './access.ts';
import { foods } from '../mall/skuIngredientRoutes.ts';
import { categoryScopeOf, readableSupplierOrgs, viewerOf } from '../mall/access.ts';
import { idList, pageOf, paged } from '../../http/listQuery.ts';

const member = { auth: 'orgApp' } as const;
const writer = { auth: 'orgApp', guard: requireRecipeWriter } as const;

export const view = (i: LibraryIngredient): api.FoodIngredient => ({
  id: i.foodId, foodId: i.foodId, nameZh: i.nameZh, nameEn: i.nameEn, group: i.group, ediblePortionPct: i.ediblePortionPct,
  gramsPerPiece: i.gramsPerPiece, densityGPerMl: i.densityGPerMl, per100g: i.per100g, source: i.source, overridden: i.overridden, pinyin: i.pinyin, version: i.version,
});


const fieldsOf = (b: api.FoodIngredientChange | api.FoodIngredientInput): IngredientFields => ({
  ...(b.nameZh !== undefined && { nameZh: b.nameZh }),
  ...(b.nameEn !== undefined && { nameEn: b.nameEn }),
  ...(b.group !== undefined && { group: b.group }),
  ...(b.ediblePortionPct !== undefined && { ediblePortionPct: b.ediblePortionPct }),
  ...(b.gramsPerPiece !== undefined && { gramsPerPiece: b.gramsPerPiece }),
  ...(b.densityGPerMl !== undefined && { densityGPerMl: b.densityGPerMl }),
  ...(b.per100g !== undefined && { per100g: b.per100g }),
});

/** A new local ingredient's id: never a platform id (those are 5 digits). */
const localFoodId = () => `L${crypto.randomBytes(5).toString('hex').toUpperCase()}`;

export default async function ingredientRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  route(app, api.listFoodIngredients, { ...member, listPage: { size: PAGE.ingredients, max: PAGE.ingredients } }, async (request) => {
    const q = request.query;
    const ids = idList(q.foodId, BATCH.ingredientLookup, '食材');
    let rows = await orgLibrary(db, request.orgApp.orgId);
    if (ids) { const wanted = new Set(ids); rows = rows.filter((r) => wanted.has(r.foodId)); }
    const text = q.query ?? q.name;
    if (text) rows = rows.filter((r) => matchesIngredient(r, text));
    if (q.group) rows = rows.filter((r) => r.group === q.group);
    if (q.source) rows = rows.filter((r) => (q.source === 'org' ? r.source !== 'platform' : r.source === q.source));
    return ok({ rows: pageOf(rows, request).map(view), count: rows.length });
  });

  const command = (request: OrgAppRequest, cmd: FoodIngredientCommand) => handleCommand(db, {
    ...requestCommand(request, clock()), streamId: foodIngredientStream(request.orgApp.orgId, cmd.foodId), streamType: 'foodIngredient',
    decider: foodIngredientDecider, command: cmd,
  });
  const current = async (orgId: string, foodId: string) => {
    const found = (await orgFoods(db, orgId, [foodId])).get(foodId);
    if (!found) throw notFound(INGREDIENT_TEXT.notFound);
    return view(found);
  };

  route(app, api.createFoodIngredient, writer, async (request) => {
    const b = request.body;
    if (b.foodId !== undefined && !isPlatformFood(b.foodId)) throw notFound(`平台食材库没有该食材：${b.foodId}`);
    const foodId = b.foodId ?? localFoodId();
    await command(request, { type: 'SetFoodIngredient', foodId, fields: fieldsOf(b), platformFood: b.foodId !== undefined });
    return ok(await current(request.orgApp.orgId, foodId));
  });

  route(app, api.updateFoodIngredient, writer, async (request) => {
    const { orgId } = request.orgApp;
    const { foodId } = request.params;
    const [own] = await orgEntries(db, orgId, [foodId]);
    // PUT on a platform food the org has not overridden yet starts its override
    if (!own && isPlatformFood(foodId)) await command(request, { type: 'SetFoodIngredient', foodId, fields: fieldsOf(request.body), platformFood: true });
    else if (!own) throw notFound(INGREDIENT_TEXT.notFound);
    else await command(request, { type: 'ChangeFoodIngredient', foodId, fields: fieldsOf(request.body) });
    return ok(await current(orgId, foodId));
  });

  route(app, api.deleteFoodIngredient, writer, async (request) => {
    const { orgId } = request.orgApp;
    const foodId = request.params.id;
    const used = await db.selectFrom('dishes').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId).where(sql<boolean>`data -> 'lines' @> ${JSON.stringify([{ foodId }])}::jsonb`).executeTakeFirstOrThrow();
    await command(request, { type: 'RemoveFoodIngredient', foodId, dishesUsing: Number(used.n) });
    return ok({ id: foodId });
  });

  route(app, api.listIngredientProducts, { ...member, listPage: { size: PAGE.generic, max: PAGE.generic } }, async (request) => {
    const q = request.query;
    const foodIds = idList(q.foodId, BATCH.ingredientLookup, '食材');
    const productIds = idList(q.productId, BATCH.productLookup, '商品');
    const viewer = await viewerOf(db, request);
    const readable = await readableSupplierOrgs(db, viewer);
    if (readable && !readable.length) return ok({ rows: [], count: 0 });
    let base = db.selectFrom('sku_ingredients as si')
      .innerJoin('skus as s', (j) => j.onRef('s.org_id', '=', 'si.org_id').onRef('s.sku_id', '=', 'si.sku_id'))
      .innerJoin('products as p', (j) => j.onRef('p.org_id', '=', 's.org_id').onRef('p.id', '=', 's.product_id'))
      .where('s.is_delete', '=', false).where('p.is_delete', '=', false);
    if (readable) base = base.where('si.org_id', 'in', readable);
    if (foodIds) base = base.where('si.food_id', 'in', foodIds.length ? foodIds : ['']);
    if (productIds) base = base.where('p.id', 'in', productIds.length ? productIds : ['']);
    // a school limited to some of a supplier's categories sees no link outside them (supplier permissions)
    if (viewer.kind === 'purchaser') {
      const scope = await categoryScopeOf(db, viewer.links);
      for (const [orgId, ids] of scope) {
        if (ids !== null) base = base.where((eb) => eb.or([eb('si.org_id', '<>', orgId), eb('p.category_id', 'in', ids.length ? ids : [''])]));
      }
    }
    const [rows, count] = await Promise.all([
      paged(base.select(['si.food_id', 'si.sku_id', 's.name as sku_name', 'p.id as product_id', 'p.name as product_name', 'si.org_id', 'si.ratio'])
        .orderBy('si.food_id').orderBy('si.org_id').orderBy('si.sku_id'), request).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const cat = foods();
    return ok({
      rows: rows.map((r) => ({
        foodId: r.food_id, foodName: cat.get(r.food_id)?.nameZh ?? r.food_id, skuId: r.sku_id, skuName: r.sku_name, productId: r.product_id,
        productName: r.product_name, orgId: r.org_id, ratio: r.ratio,
      })),
      count: Number(count.n),
    });
  });
}
