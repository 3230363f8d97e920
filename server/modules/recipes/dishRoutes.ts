// §7 /v4/mall/menu: the dishes of the current org (issue 9). Reads: every member of the org. Writes: the recipe
// writers of domain/recipeAccess.ts. A dish of another org is simply not found. Every write goes through the
// dish decider, with the facts it needs (the category is one of the org's menuCategory categories, the line
// foods are in the org's library) looked up here.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { handleCommand, requestCommand } from '../../store/command.ts';
import { streamVersionOf } from '../../store/versions.ts';
import * as api from '../../../contracts/dishes.ts';
import { DISH_CATEGORY_GROUP, dishDecider, dishStream, DISH_TEXT, type DishCommand, type DishFields } from '../../../domain/aggregates/dish.ts';
import { dishNutrients, NUTRIENT_KEYS, type DosageMode } from '../../../domain/nutrition.ts';
import { nutritionOf } from '../../../domain/ingredients.ts';
import { PAGE } from '../../../domain/constants.ts';
import { orgFoods, type LibraryIngredient } from './foodLibrary.ts';
import { requireRecipeWriter } from './access.ts';
import { idList, paged } from '../../http/listQuery.ts';

const member = { auth: 'orgApp' } as const;
const writer = { auth: 'orgApp', guard: requireRecipeWriter } as const;

interface Row {
  id: string; name: string; category_id: string; category_name: string | null; season: string | null; data: unknown; version: string | null;
}
type RowData = Omit<DishFields, 'name' | 'categoryId' | 'season'>;

export function dishView(r: Row, foods: ReadonlyMap<string, LibraryIngredient>): api.Dish {
  const d = r.data as RowData;
  const sum = dishNutrients(d.lines, (id) => { const f = foods.get(id); return f && nutritionOf(f); }, d.dosageMode as DosageMode);
  return {
    id: r.id, name: r.name, categoryId: r.category_id, categoryName: r.category_name ?? '', tags: d.tags, people: d.people, season: r.season,
    allergens: d.allergens, note: d.note, photo: d.photo, dosageMode: d.dosageMode,
    lines: d.lines.map((l) => ({ foodId: l.foodId, foodName: foods.get(l.foodId)?.nameZh ?? l.foodId, weight: l.weight })),
    version: Number(r.version ?? 0), nutrients: sum.total, incomplete: NUTRIENT_KEYS.filter((k) => sum.missing[k].length > 0),
  };
}

/** The org's dishes with category names and versions. */
export function dishRows(db: Kysely<Database>, orgId: string) {
  return db.selectFrom('dishes as d')
    .leftJoin('categories as c', (j) => j.onRef('c.org_id', '=', 'd.org_id').onRef('c.id', '=', 'd.category_id'))
    .where('d.org_id', '=', orgId);
}
const columns = ['d.id', 'd.name', 'd.category_id', 'c.name as category_name', 'd.season', 'd.data', streamVersionOf('d', 'dish', 'id').as('version')] as const;

/** The views of some rows, their foods read from the org's library in one go. */
export async function dishViews(db: Kysely<Database>, orgId: string, rows: Row[]): Promise<api.Dish[]> {
  const foods = await orgFoods(db, orgId, rows.flatMap((r) => (r.data as RowData).lines.map((l) => l.foodId)));
  return rows.map((r) => dishView(r, foods));
}

export default async function dishRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  route(app, api.listDishes, { ...member, listPage: { size: PAGE.recipeList, max: PAGE.recipeList } }, async (request) => {
    const { orgId } = request.orgApp;
    const q = request.query;
    let base = dishRows(db, orgId);
    if (q.categoryId) base = base.where('d.category_id', '=', q.categoryId);
    if (q.id !== undefined) {
      const ids = idList(q.id, PAGE.recipeList, '菜品') ?? [];
      base = base.where('d.id', 'in', ids.length ? ids : ['']);
    }
    const name = q.name?.trim();
    if (name) {
      const like = `%${name.replace(/[%_\\]/g, '\\$&')}%`;
      // §5 search rule: latin letters search the pinyin initials, anything else the name
      base = /^[a-z]+$/i.test(name) ? base.where('d.pinyin', 'like', like.toLowerCase()) : base.where('d.name', 'ilike', like);
    }
    const [rows, count] = await Promise.all([
      paged(base.select([...columns]).orderBy(sql`c.sort`).orderBy('d.category_id').orderBy('d.name').orderBy('d.id'), request).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows: await dishViews(db, orgId, rows as Row[]), count: Number(count.n) });
  });

  const findOne = async (orgId: string, id: string): Promise<Row> => {
    const row = await dishRows(db, orgId).select([...columns]).where('d.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(DISH_TEXT.notFound);
    return row as Row;
  };
  const one = async (orgId: string, id: string) => (await dishViews(db, orgId, [await findOne(orgId, id)]))[0];

  /** The facts the decider needs: the category is a live menuCategory of the org (a dish category, not a package one); the line foods the library lacks. */
  async function facts(orgId: string, categoryId: string | undefined, lines: { foodId: string }[] | undefined) {
    const category = categoryId === undefined ? undefined : await db.selectFrom('categories').select('id')
      .where('org_id', '=', orgId).where('id', '=', categoryId).where('group_name', '=', DISH_CATEGORY_GROUP).where('is_package', '=', false)
      .where('is_delete', '=', false).where('enable', '=', true)
      .executeTakeFirst();
    const ids = [...new Set((lines ?? []).map((l) => l.foodId))];
    const known = await orgFoods(db, orgId, ids);
    return { categoryExists: category !== undefined, unknownFoods: ids.filter((id) => !known.has(id)) };
  }

  const command = (request: OrgAppRequest, cmd: DishCommand) => handleCommand(db, {
    ...requestCommand(request, clock()), streamId: dishStream(cmd.dishId), streamType: 'dish', decider: dishDecider, command: cmd,
  });

  route(app, api.createDish, writer, async (request) => {
    const { orgId } = request.orgApp;
    const b = request.body;
    const dishId = crypto.randomUUID();
    await command(request, { type: 'CreateDish', dishId, fields: { ...b, lines: b.lines }, ...await facts(orgId, b.categoryId, b.lines) });
    return ok(await one(orgId, dishId));
  });

  route(app, api.updateDish, writer, async (request) => {
    const { orgId } = request.orgApp;
    const { id } = request.params;
    await findOne(orgId, id);
    const { version: _, ...change } = request.body;
    await command(request, { type: 'UpdateDish', dishId: id, change, ...await facts(orgId, change.categoryId, change.lines) });
    return ok(await one(orgId, id));
  });

  route(app, api.deleteDish, writer, async (request) => {
    const { orgId } = request.orgApp;
    const { id } = request.params;
    await findOne(orgId, id);
    const used = await db.selectFrom('dish_packages').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId).where(sql<boolean>`data -> 'dishes' @> ${JSON.stringify([{ dishId: id }])}::jsonb`).executeTakeFirstOrThrow();
    await command(request, { type: 'RemoveDish', dishId: id, packagesUsing: Number(used.n) });
    return ok({ id });
  });
}
