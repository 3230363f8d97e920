// Copying a whole recipe cycle into a new one (issue 9): a cycle of the org to a new start date, a cloud recipe of
// the standard org or a cycle shared with the org. The copy is the org's own, independent of its source: a dish of
// another org is matched by name among the org's dishes, or else copied into the org (with the category of the
// same name), so later changes on either side never reach the other.
import crypto from 'node:crypto';
import type { EventMeta, Tx } from '../../store/eventStore.ts';
import { decideAndAppend, lockKey } from '../../store/command.ts';
import { unprocessable } from '../../http/errors.ts';
import { dishDecider, dishStream, DISH_CATEGORY_GROUP, type DishFields } from '../../../domain/aggregates/dish.ts';
import { recipeCycleDecider, recipeCycleStream, type CellInput, type DishFact } from '../../../domain/aggregates/recipeCycle.ts';
import { SHARING_TEXT } from '../../../domain/recipeSharing.ts';
import type { AgeGroup, CycleOption, RecipeQuota } from '../../../domain/recipeCycle.ts';
import { orgFoods } from '../recipes/foodLibrary.ts';
import { portionOf } from '../recipeCycles/routes.ts';
import { quotaGrants } from '../recipeCycles/quotaGrants.ts';

export interface CloneSpec {
  from: { orgId: string; cycleId: string };
  toOrgId: string;
  input: { name: string; startDate: string; cycleOption?: CycleOption; weeks?: number };
  author: { userId: string; name: string };
  meta: EventMeta;
  /** the author's quota in the target org, less `used` and the form-table grants (read here under the quota lock) */
  quota: Omit<RecipeQuota, 'used' | 'extra'>;
  /** the author's phone number, which the form tables of the recipe user limit name */
  username: string;
}

export interface CloneOutcome { cycleId: string; dishesCopied: number; dishesMatched: number }

interface SourceDish { id: string; name: string; categoryName: string; data: Record<string, unknown> }

/** The target org's dish for each source dish: itself (same org), one of the same name, or a new copy. */
async function mapDishes(tx: Tx, spec: CloneSpec, ids: string[]): Promise<{ map: Map<string, string>; facts: Record<string, DishFact>; copied: number; matched: number }> {
  const map = new Map<string, string>();
  const facts: Record<string, DishFact> = {};
  if (!ids.length) return { map, facts, copied: 0, matched: 0 };
  const live = (orgId: string) => tx.selectFrom('dishes').select(['id', 'name', 'data', 'category_id']).where('org_id', '=', orgId).where('enable', '=', true);
  if (spec.from.orgId === spec.toOrgId) {
    // a dish removed since is left out of the copy
    for (const d of await live(spec.toOrgId).where('id', 'in', ids).execute()) {
      map.set(d.id, d.id);
      facts[d.id] = { name: d.name, portion: portionOf(d.data) };
    }
    return { map, facts, copied: 0, matched: 0 };
  }
  const source: SourceDish[] = (await tx.selectFrom('dishes as d')
    .leftJoin('categories as c', (j) => j.onRef('c.org_id', '=', 'd.org_id').onRef('c.id', '=', 'd.category_id'))
    .select(['d.id', 'd.name', 'd.data', 'c.name as categoryName']).where('d.org_id', '=', spec.from.orgId).where('d.id', 'in', ids).execute())
    .map((d) => ({ id: d.id, name: d.name, categoryName: d.categoryName ?? '', data: (d.data ?? {}) as Record<string, unknown> }));
  // names decide what is matched: copies into one org are decided one at a time
  await lockKey(tx, 'dish-name', spec.toOrgId);
  const own = new Map((await live(spec.toOrgId).execute()).map((d) => [d.name, d]));
  const categories = new Map((await tx.selectFrom('categories').select(['id', 'name']).where('org_id', '=', spec.toOrgId)
    .where('group_name', '=', DISH_CATEGORY_GROUP).where('is_package', '=', false).where('is_delete', '=', false).where('enable', '=', true).execute())
    .map((c) => [c.name, c.id]));
  let copied = 0;
  let matched = 0;
  for (const d of source) {
    const same = own.get(d.name);
    if (same) {
      map.set(d.id, same.id);
      facts[same.id] = { name: same.name, portion: portionOf(same.data) };
      matched++;
      continue;
    }
    const categoryId = categories.get(d.categoryName);
    if (!categoryId) throw unprocessable(SHARING_TEXT.categoryMissing(d.categoryName || d.name));
    const lines = Array.isArray(d.data.lines) ? (d.data.lines as DishFields['lines']) : [];
    const known = await orgFoods(tx, spec.toOrgId, lines.map((l) => l.foodId));
    const dishId = crypto.randomUUID();
    // tags and audiences are categories of the source org: the copy starts without them
    const fields = {
      name: d.name, categoryId, lines, season: (d.data.season as string | null | undefined) ?? null, allergens: (d.data.allergens as string[] | undefined) ?? [],
      note: (d.data.note as string | undefined) ?? '', photo: (d.data.photo as string | null | undefined) ?? null,
      ...(typeof d.data.dosageMode === 'string' && { dosageMode: d.data.dosageMode as DishFields['dosageMode'] }),
    };
    await decideAndAppend(tx, {
      orgId: spec.toOrgId, streamId: dishStream(dishId), streamType: 'dish', decider: dishDecider, meta: spec.meta,
      command: { type: 'CreateDish', dishId, fields, categoryExists: true, unknownFoods: lines.map((l) => l.foodId).filter((id) => !known.has(id)) },
    });
    own.set(d.name, { id: dishId, name: d.name, data: { lines }, category_id: categoryId });
    map.set(d.id, dishId);
    facts[dishId] = { name: d.name, portion: portionOf({ lines }) };
    copied++;
  }
  return { map, facts, copied, matched };
}

/** Inside a transaction: the new cycle, its cells copied with the dishes mapped to the target org's. */
export async function cloneCycle(tx: Tx, spec: CloneSpec): Promise<CloneOutcome> {
  const src = await tx.selectFrom('recipe_cycles').select(['id', 'name', 'cycle_option', 'weeks', 'meal_pattern', 'age_groups'])
    .where('org_id', '=', spec.from.orgId).where('id', '=', spec.from.cycleId).executeTakeFirstOrThrow();
  const cells = await tx.selectFrom('recipe_cycle_cells').select(['day', 'meal_code', 'dishes'])
    .where('org_id', '=', spec.from.orgId).where('cycle_id', '=', spec.from.cycleId).orderBy('day').orderBy('meal_code').execute();
  const ids = [...new Set(cells.flatMap((c) => (c.dishes as { dishId: string }[]).map((d) => d.dishId)))];
  const dishes = await mapDishes(tx, spec, ids);
  const mapped: CellInput[] = cells.map((c) => ({
    day: c.day, mealCode: c.meal_code,
    dishes: (c.dishes as { dishId: string; dosages: Record<string, number> }[])
      .filter((d) => dishes.map.has(d.dishId)).map((d) => ({ dishId: dishes.map.get(d.dishId)!, dosages: { ...d.dosages } })),
  }));
  // the author's count is read under the same lock the create route takes, so copies cannot pass the limit either
  await lockKey(tx, 'recipeCycleQuota', `${spec.toOrgId}/${spec.author.userId}`);
  const used = await tx.selectFrom('recipe_cycles').select((eb) => eb.fn.countAll<string>().as('n'))
    .where('org_id', '=', spec.toOrgId).where('created_by', '=', spec.author.userId).executeTakeFirstOrThrow();
  const granted = await quotaGrants(tx, spec.toOrgId, spec.username);
  const cycleId = crypto.randomUUID();
  const cycleOption = spec.input.cycleOption ?? (src.cycle_option as CycleOption);
  await decideAndAppend(tx, {
    orgId: spec.toOrgId, streamId: recipeCycleStream(cycleId), streamType: 'recipeCycle', decider: recipeCycleDecider, meta: spec.meta,
    command: {
      type: 'CloneRecipeCycle', cycleId, name: spec.input.name, startDate: spec.input.startDate, cycleOption,
      weeks: cycleOption === 'week' ? spec.input.weeks ?? (src.weeks || 1) : 0, mealPattern: Number(src.meal_pattern), ageGroups: src.age_groups as AgeGroup[],
      createdBy: spec.author.userId, createdByName: spec.author.name,
      quota: { ...spec.quota, exempt: spec.quota.exempt || granted.exempt, extra: granted.extra, used: Number(used.n) },
      from: { orgId: spec.from.orgId, cycleId: spec.from.cycleId, name: src.name }, cells: mapped, dishes: dishes.facts,
    },
  });
  return { cycleId, dishesCopied: dishes.copied, dishesMatched: dishes.matched };
}
