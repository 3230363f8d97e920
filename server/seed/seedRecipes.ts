// Demo recipe data (issue 9), inside seedDemo's transaction and through the deciders, so the seed obeys the same
// rules as a user: each school org gets the §9 recipe categories (group menuCategory) and the demo dishes of
// server/seed/demoDishes.ts. Idempotent: what an org already has (a category or dish of the same name) is left
// alone, so running it again writes nothing.
import crypto from 'node:crypto';
import type { EventMeta, Tx } from '../store/eventStore.ts';
import { decideAndAppend } from '../store/command.ts';
import { categoryDecider, ROOT_PARENT } from '../../domain/aggregates/category.ts';
import { categoryStream } from '../modules/categories/routes.ts';
import { RECIPE_CATEGORIES } from '../../domain/constants.ts';
import { DISH_CATEGORY_GROUP } from '../../domain/aggregates/dish.ts';

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

export async function seedRecipes(tx: Tx, opts: SeedRecipesOptions): Promise<number> {
  let events = 0;
  for (const orgId of opts.schoolOrgIds) {
    const categories = await seedCategories(tx, orgId, opts);
    events += categories.events;
  }
  return events;
}
