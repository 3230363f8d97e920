// Demo recipe data (issue 9), inside seedDemo's transaction and through the deciders, so the seed obeys the same
// rules as a user: each school org gets the §9 recipe categories (group menuCategory) and the demo dishes of
// server/seed/demoDishes.ts (a refusal there fails the seed: the demo data must obey the rules). Idempotent: what an org already has (a category or dish of the same name) is left
// alone, so running it again writes nothing.
import crypto from 'node:crypto';
import type { EventMeta, Tx } from '../store/eventStore.ts';
import { decideAndAppend } from '../store/command.ts';
import { categoryDecider, ROOT_PARENT } from '../../domain/aggregates/category.ts';
import { categoryStream } from '../modules/categories/routes.ts';
import { AGE_RANGES, RECIPE_CATEGORIES } from '../../domain/constants.ts';
import { dishPackageDecider, dishPackageStream } from '../../domain/aggregates/dishPackage.ts';
import { DISH_CATEGORY_GROUP, dishDecider, dishStream } from '../../domain/aggregates/dish.ts';
import { foods } from '../modules/mall/skuIngredientRoutes.ts';
import { allergensOf, DEMO_DISHES } from './demoDishes.ts';

export interface SeedRecipesOptions { meta: EventMeta; appId: string; schoolOrgIds: readonly string[] }

/** §9 recipe categories of an org, created where missing; name → category id. */
async function seedCategories(tx: Tx, orgId: string, opts: SeedRecipesOptions): Promise<{ ids: Map<string, string>; events: number }> {
  const existing = await tx.selectFrom('categories').select(['id', 'name']).where('org_id', '=', orgId)
    .where('group_name', '=', DISH_CATEGORY_GROUP).where('is_delete', '=', false).execute();
  const ids = new Map(existing.map((c) => [c.name, c.id]));
  let events = 0;
  for (const [i, name] of RECIPE_CATEGORIES.entries()) {
    if (ids.has(name)) continue;
    const id = crypto.randomUUID();
    const res = await decideAndAppend(tx, {
      orgId, streamId: categoryStream(id), streamType: 'category', decider: categoryDecider, meta: opts.meta,
      command: { type: 'CreateCategory', parentExists: false, category: { id, appId: opts.appId, parentId: ROOT_PARENT, name, groupName: DISH_CATEGORY_GROUP, enable: true, sort: (i + 1) * 10, isPackage: false, extraInfo: {} } },
    });
    events += res.events.length;
    ids.set(name, id);
  }
  return { ids, events };
}

/** §9 package categories, one per age range (menuCategory, isPackage, extraInfo.ageRange), and packageTag tags. */
const PACKAGE_CATEGORY_NAME = (range: string) => `${range}岁套餐`;
const PACKAGE_TAGS = ['营养均衡', '高钙', '经典午餐'];
/** One lunch set per age range: the same dishes, portions growing with age. */
const DEMO_PACKAGE = { dishes: ['米饭', '番茄炒蛋', '清炒西兰花', '紫菜蛋花汤'], portions: { '6-8': 0.8, '9-11': 1, '12-14': 1.2, '15-17': 1.4 } as Record<string, number> };

async function seedPackages(tx: Tx, orgId: string, opts: SeedRecipesOptions): Promise<number> {
  const existing = await tx.selectFrom('categories').select(['id', 'name', 'group_name']).where('org_id', '=', orgId)
    .where('group_name', 'in', [DISH_CATEGORY_GROUP, 'packageTag']).where('is_delete', '=', false).execute();
  const has = (group: string, name: string) => existing.find((c) => c.group_name === group && c.name === name);
  let events = 0;
  const category = async (name: string, groupName: string, sort: number, isPackage: boolean, extraInfo: Record<string, unknown>) => {
    const found = has(groupName, name);
    if (found) return found.id;
    const id = crypto.randomUUID();
    const res = await decideAndAppend(tx, {
      orgId, streamId: categoryStream(id), streamType: 'category', decider: categoryDecider, meta: opts.meta,
      command: { type: 'CreateCategory', parentExists: false, category: { id, appId: opts.appId, parentId: ROOT_PARENT, name, groupName, enable: true, sort, isPackage, extraInfo } },
    });
    events += res.events.length;
    return id;
  };
  const rangeCategories = new Map<string, string>();
  for (const [i, range] of AGE_RANGES.entries()) rangeCategories.set(range, await category(PACKAGE_CATEGORY_NAME(range), DISH_CATEGORY_GROUP, 100 + i * 10, true, { ageRange: range }));
  for (const [i, tag] of PACKAGE_TAGS.entries()) await category(tag, 'packageTag', (i + 1) * 10, false, {});
  const dishes = new Map((await tx.selectFrom('dishes').select(['id', 'name']).where('org_id', '=', orgId).execute()).map((d) => [d.name, d.id]));
  const packages = new Set((await tx.selectFrom('dish_packages').select('name').where('org_id', '=', orgId).execute()).map((p) => p.name));
  for (const range of AGE_RANGES) {
    const name = `${range}岁营养午餐`;
    if (packages.has(name) || DEMO_PACKAGE.dishes.some((d) => !dishes.has(d))) continue;
    const packageId = crypto.randomUUID();
    const res = await decideAndAppend(tx, {
      orgId, streamId: dishPackageStream(packageId), streamType: 'dishPackage', decider: dishPackageDecider, meta: opts.meta,
      command: {
        type: 'CreateDishPackage', packageId, categoryExists: true, unknownDishes: [],
        fields: { name, categoryId: rangeCategories.get(range)!, tags: ['营养均衡', '经典午餐'], dishes: DEMO_PACKAGE.dishes.map((d) => ({ dishId: dishes.get(d)!, portions: DEMO_PACKAGE.portions[range] })) },
      },
    });
    events += res.events.length;
  }
  return events;
}

/** The platform food of a Chinese name; a name not in foods.json is a mistake in the demo data. */
function foodNamed(nameZh: string) {
  const found = [...foods().values()].find((f) => f.nameZh === nameZh);
  if (!found) throw new Error(`demo dish food not in foods.json: ${nameZh}`);
  return found;
}

/** The demo dishes an org lacks (by name), each decided by the dish decider like a dietitian's. */
async function seedDishes(tx: Tx, orgId: string, categories: Map<string, string>, opts: SeedRecipesOptions): Promise<number> {
  const existing = new Set((await tx.selectFrom('dishes').select('name').where('org_id', '=', orgId).execute()).map((r) => r.name));
  let events = 0;
  for (const dish of DEMO_DISHES) {
    if (existing.has(dish.name)) continue;
    const lineFoods = dish.lines.map(([name]) => foodNamed(name));
    const dishId = crypto.randomUUID();
    const res = await decideAndAppend(tx, {
      orgId, streamId: dishStream(dishId), streamType: 'dish', decider: dishDecider, meta: opts.meta,
      command: {
        type: 'CreateDish', dishId, categoryExists: categories.has(dish.category), unknownFoods: [],
        fields: {
          name: dish.name, categoryId: categories.get(dish.category) ?? '', tags: dish.tags ?? [], season: dish.season ?? null,
          allergens: allergensOf(lineFoods), dosageMode: dish.dosageMode ?? 'netWeight',
          lines: dish.lines.map(([, grams], i) => ({ foodId: lineFoods[i].id, weight: grams })),
        },
      },
    });
    events += res.events.length;
  }
  return events;
}

export async function seedRecipes(tx: Tx, opts: SeedRecipesOptions): Promise<number> {
  let events = 0;
  for (const orgId of opts.schoolOrgIds) {
    const categories = await seedCategories(tx, orgId, opts);
    events += categories.events;
    events += await seedDishes(tx, orgId, categories.ids, opts);
    events += await seedPackages(tx, orgId, opts);
  }
  return events;
}
