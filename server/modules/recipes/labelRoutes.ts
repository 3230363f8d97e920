// Food labels (issue 10, §2 mallRecipeCycleLabelSet): the label inputs of an org's dishes for the label screen,
// and the public trace page a label's QR code opens. Both read the dish through the same nutrition maths
// (domain/nutrition dishNutrients → domain/nutritionLabel labelFoodOfDish) as the dish screens.
// The trace call needs no sign-in: it answers only what a printed label already shows (name, ingredient names,
// allergens, the GB 28050 table), and only for dish ids, which are random UUIDs that only a label carries. Any
// id the org does not have, or an org that does not exist, is a plain 404 that does not say which.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import * as api from '../../../contracts/foodLabels.ts';
import { PAGE } from '../../../domain/constants.ts';
import { dishNutrients, type DosageMode } from '../../../domain/nutrition.ts';
import { nutritionOf } from '../../../domain/ingredients.ts';
import { GB28050, labelFoodOfDish, nutritionTable, type LabelFood } from '../../../domain/nutritionLabel.ts';
import type { DishFields } from '../../../domain/aggregates/dish.ts';
import { orgFoods } from './foodLibrary.ts';
import { dishPortion } from '../../../domain/recipeCycle.ts';
import { orgLabelPanel } from '../../../domain/foodLabel.ts';
import { FOOD_LABEL_PATH } from '../config/settingsRoutes.ts';
import { commaList, idList } from '../../http/listQuery.ts';

type RowData = Pick<DishFields, 'allergens' | 'dosageMode' | 'lines'>;


/** The label inputs of some of an org's dishes, in the order asked; ids the org lacks are absent. */
async function labelDishes(db: Kysely<Database>, orgId: string, ids: readonly string[]): Promise<(LabelFood & { id: string; portionGrams: number })[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('dishes').select(['id', 'name', 'data']).where('org_id', '=', orgId).where('id', 'in', ids).execute();
  const foods = await orgFoods(db, orgId, rows.flatMap((r) => (r.data as RowData).lines.map((l) => l.foodId)));
  const byId = new Map(rows.map((r) => {
    const d = r.data as RowData;
    const sum = dishNutrients(d.lines, (id) => { const f = foods.get(id); return f && nutritionOf(f); }, d.dosageMode as DosageMode);
    const food = labelFoodOfDish({ name: r.name, allergens: d.allergens }, sum, (id) => foods.get(id)?.nameZh);
    return [r.id, { id: r.id, ...food, portionGrams: dishPortion(d.lines) }];
  }));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export default async function labelRoutes(app: FastifyInstance, { db }: ModuleContext) {
  route(app, api.listLabelDishes, { auth: 'orgApp' }, async (request) => {
    const { orgId } = request.orgApp;
    const ids = idList(request.query.id, PAGE.recipeList, '菜品') ?? [];
    const org = await db.selectFrom('orgs').select('name').where('org_id', '=', orgId).executeTakeFirst();
    return ok({ orgId, orgName: org?.name ?? '', dishes: await labelDishes(db, orgId, ids) });
  });

  route(app, api.getTrace, { auth: 'public' }, async (request) => {
    const { orgId, dishIds } = request.params;
    const ids = commaList(dishIds);
    if (!ids.length || ids.length > api.TRACE_DISHES_MAX) throw badRequest(`参数错误：一次最多追溯 ${api.TRACE_DISHES_MAX} 个菜品`);
    const org = await db.selectFrom('orgs').select('name').where('org_id', '=', orgId).executeTakeFirst();
    const dishes = org ? await labelDishes(db, orgId, ids) : [];
    if (dishes.length !== ids.length) throw notFound('菜品不存在');
    // the panel the org's label setting chose (GB 28050-2011 "1+4" or 2025 "1+6"), as its printed labels show
    const configs = await db.selectFrom('org_config').select(['app_id', 'value']).where('org_id', '=', orgId).where('path', '=', FOOD_LABEL_PATH).execute();
    const panel = orgLabelPanel(configs.map((c) => ({ appId: c.app_id, value: c.value })));
    return ok({
      orgName: org!.name,
      dishes: dishes.map((d) => ({ name: d.name, ingredients: d.ingredients.map((i) => i.name), allergens: d.allergens, table: nutritionTable(d, GB28050, { panel }) })),
    });
  });
}
