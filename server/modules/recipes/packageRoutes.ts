// §2 packageManage (issue 9): the set meals of the current org. Reads: every member; writes: the recipe writers
// (domain/recipeAccess.ts). A package of another org is not found. Every write goes through the package decider
// with its facts: the category is one of the org's live package categories (menuCategory, isPackage), the dishes
// are the org's.
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
import * as api from '../../../contracts/dishPackages.ts';
import { DISH_CATEGORY_GROUP } from '../../../domain/aggregates/dish.ts';
import { dishPackageDecider, dishPackageStream, isAgeRange, PACKAGE_TEXT, type DishPackageCommand, type PackageFields } from '../../../domain/aggregates/dishPackage.ts';
import { NUTRIENT_KEYS, sumNutrients, type NutrientSum } from '../../../domain/nutrition.ts';
import { PAGE } from '../../../domain/constants.ts';
import { round6 } from '../../../domain/numberInput.ts';
import { dishRows, dishViews } from './dishRoutes.ts';
import { requireRecipeWriter } from './access.ts';
import { paged } from '../../http/listQuery.ts';

const member = { auth: 'orgApp' } as const;
const writer = { auth: 'orgApp', guard: requireRecipeWriter } as const;

interface Row { id: string; name: string; category_id: string; category_name: string | null; category_extra: unknown; data: unknown; version: string | null }
type RowData = Omit<PackageFields, 'name' | 'categoryId'>;

const base = (db: Kysely<Database>, orgId: string) => db.selectFrom('dish_packages as p')
  .leftJoin('categories as c', (j) => j.onRef('c.org_id', '=', 'p.org_id').onRef('c.id', '=', 'p.category_id'))
  .where('p.org_id', '=', orgId);
const columns = ['p.id', 'p.name', 'p.category_id', 'c.name as category_name', 'c.extra_info as category_extra', 'p.data', streamVersionOf('p', 'dishPackage', 'id').as('version')] as const;

/** A serving's nutrients: each dish's portion nutrients taken `portions` times, unknowns kept. */
function scaled(sum: Pick<NutrientSum, 'total' | 'missing'>, times: number): NutrientSum {
  return { total: Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, sum.total[k] === null ? null : round6(sum.total[k]! * times)])) as NutrientSum['total'], missing: sum.missing };
}

async function views(db: Kysely<Database>, orgId: string, rows: Row[]): Promise<api.DishPackage[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.data as RowData).dishes.map((d) => d.dishId)))];
  const dishes = new Map((ids.length ? await dishViews(db, orgId, await dishRows(db, orgId).where('d.id', 'in', ids)
    .select(['d.id', 'd.name', 'd.category_id', 'c.name as category_name', 'd.season', 'd.data', streamVersionOf('d', 'dish', 'id').as('version')]).execute()) : [])
    .map((d) => [d.id, d]));
  return rows.map((r) => {
    const data = r.data as RowData;
    const parts = data.dishes.flatMap((x) => {
      const d = dishes.get(x.dishId);
      if (!d) return [];
      const missing = Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, d.incomplete.includes(k) ? [d.id] : []])) as NutrientSum['missing'];
      return [scaled({ total: d.nutrients, missing }, x.portions)];
    });
    const sum = sumNutrients(parts);
    const ageRange = (r.category_extra as { ageRange?: unknown } | null)?.ageRange;
    return {
      id: r.id, name: r.name, categoryId: r.category_id, categoryName: r.category_name ?? '', ageRange: isAgeRange(ageRange) ? ageRange : null,
      tags: data.tags, note: data.note, version: Number(r.version ?? 0),
      dishes: data.dishes.map((x) => ({ dishId: x.dishId, dishName: dishes.get(x.dishId)?.name ?? x.dishId, portions: x.portions })),
      nutrients: sum.total, incomplete: NUTRIENT_KEYS.filter((k) => sum.missing[k].length > 0),
    };
  });
}

export default async function packageRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  route(app, api.listDishPackages, { ...member, listPage: { size: PAGE.generic, max: PAGE.generic } }, async (request) => {
    const { orgId } = request.orgApp;
    const q = request.query;
    let b = base(db, orgId);
    if (q.categoryId) b = b.where('p.category_id', '=', q.categoryId);
    if (q.name?.trim()) b = b.where('p.name', 'ilike', `%${q.name.trim().replace(/[%_\\]/g, '\\$&')}%`);
    const [rows, count] = await Promise.all([
      paged(b.select([...columns]).orderBy(sql`c.sort`).orderBy('p.name').orderBy('p.id'), request).execute(),
      b.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows: await views(db, orgId, rows as Row[]), count: Number(count.n) });
  });

  const findOne = async (orgId: string, id: string): Promise<Row> => {
    const row = await base(db, orgId).select([...columns]).where('p.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(PACKAGE_TEXT.notFound);
    return row as Row;
  };
  const one = async (orgId: string, id: string) => (await views(db, orgId, [await findOne(orgId, id)]))[0];

  async function facts(orgId: string, categoryId: string | undefined, dishes: { dishId: string }[] | undefined) {
    const category = categoryId === undefined ? undefined : await db.selectFrom('categories').select('id')
      .where('org_id', '=', orgId).where('id', '=', categoryId).where('group_name', '=', DISH_CATEGORY_GROUP).where('is_package', '=', true)
      .where('is_delete', '=', false).where('enable', '=', true).executeTakeFirst();
    const ids = [...new Set((dishes ?? []).map((d) => d.dishId))];
    const found = ids.length ? await db.selectFrom('dishes').select('id').where('org_id', '=', orgId).where('id', 'in', ids).execute() : [];
    const known = new Set(found.map((r) => r.id));
    return { categoryExists: category !== undefined, unknownDishes: ids.filter((id) => !known.has(id)) };
  }

  const command = (request: OrgAppRequest, cmd: DishPackageCommand) => handleCommand(db, {
    ...requestCommand(request, clock()), streamId: dishPackageStream(cmd.packageId), streamType: 'dishPackage', decider: dishPackageDecider, command: cmd,
  });

  route(app, api.createDishPackage, writer, async (request) => {
    const { orgId } = request.orgApp;
    const b = request.body;
    const packageId = crypto.randomUUID();
    await command(request, { type: 'CreateDishPackage', packageId, fields: b, ...await facts(orgId, b.categoryId, b.dishes) });
    return ok(await one(orgId, packageId));
  });

  route(app, api.updateDishPackage, writer, async (request) => {
    const { orgId } = request.orgApp;
    const { id } = request.params;
    await findOne(orgId, id);
    const { version: _, ...change } = request.body;
    await command(request, { type: 'UpdateDishPackage', packageId: id, change, ...await facts(orgId, change.categoryId, change.dishes) });
    return ok(await one(orgId, id));
  });

  route(app, api.deleteDishPackage, writer, async (request) => {
    const { orgId } = request.orgApp;
    const { id } = request.params;
    await findOne(orgId, id);
    await command(request, { type: 'RemoveDishPackage', packageId: id });
    return ok({ id });
  });
}
