// An org's dishes (issue 9): the dishes table of notes/dish-contract.md, keyed by org first.
import { defineProjection } from '../../store/projections.ts';
import type { DishCreated, DishFields, DishRemoved, DishUpdated } from '../../../domain/aggregates/dish.ts';
import { pinyinInitials } from '../../../domain/contactSearch.ts';

type Ev<T> = { data: T; orgId: string; meta: { time: string } };

/** What the row keeps in data (the plain columns hold name, category and season). */
const dataOf = (d: DishFields) => ({ tags: d.tags, people: d.people, allergens: d.allergens, note: d.note, photo: d.photo, dosageMode: d.dosageMode, lines: d.lines });

defineProjection({
  DishCreated: async (tx, { data, orgId, meta }: Ev<DishCreated>) => {
    await tx.insertInto('dishes').values({
      org_id: orgId, id: data.dishId, name: data.name, category_id: data.categoryId, season: data.season, data: JSON.stringify(dataOf(data)),
      pinyin: pinyinInitials(data.name), enable: true, created_at: meta.time, updated_at: meta.time,
    }).execute();
  },
  DishUpdated: async (tx, { data, orgId, meta }: Ev<DishUpdated>) => {
    const row = await tx.selectFrom('dishes').select(['name', 'category_id', 'season', 'data']).where('org_id', '=', orgId).where('id', '=', data.dishId).executeTakeFirst();
    if (!row) return;
    const { dishId: _, ...change } = data;
    const before = { name: row.name, categoryId: row.category_id, season: row.season, ...(row.data as Omit<DishFields, 'name' | 'categoryId' | 'season'>) };
    const after: DishFields = { ...before, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
    await tx.updateTable('dishes').set({
      name: after.name, category_id: after.categoryId, season: after.season, data: JSON.stringify(dataOf(after)), pinyin: pinyinInitials(after.name), updated_at: meta.time,
    }).where('org_id', '=', orgId).where('id', '=', data.dishId).execute();
  },
  DishRemoved: async (tx, { data, orgId }: Ev<DishRemoved>) => {
    await tx.deleteFrom('dishes').where('org_id', '=', orgId).where('id', '=', data.dishId).execute();
  },
});
