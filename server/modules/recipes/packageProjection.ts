// An org's set meals (issue 9): dish_packages rows, keyed by org first.
import { defineProjection } from '../../store/projections.ts';
import type { DishPackageCreated, DishPackageRemoved, DishPackageUpdated, PackageFields } from '../../../domain/aggregates/dishPackage.ts';

type Ev<T> = { data: T; orgId: string; meta: { time: string } };

const dataOf = (p: PackageFields) => ({ tags: p.tags, dishes: p.dishes, note: p.note });

defineProjection({
  DishPackageCreated: async (tx, { data, orgId, meta }: Ev<DishPackageCreated>) => {
    await tx.insertInto('dish_packages').values({
      org_id: orgId, id: data.packageId, name: data.name, category_id: data.categoryId, data: JSON.stringify(dataOf(data)), created_at: meta.time, updated_at: meta.time,
    }).execute();
  },
  DishPackageUpdated: async (tx, { data, orgId, meta }: Ev<DishPackageUpdated>) => {
    const row = await tx.selectFrom('dish_packages').select(['name', 'category_id', 'data']).where('org_id', '=', orgId).where('id', '=', data.packageId).executeTakeFirst();
    if (!row) return;
    const { packageId: _, ...change } = data;
    const before: PackageFields = { name: row.name, categoryId: row.category_id, ...(row.data as Omit<PackageFields, 'name' | 'categoryId'>) };
    const after: PackageFields = { ...before, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
    await tx.updateTable('dish_packages').set({ name: after.name, category_id: after.categoryId, data: JSON.stringify(dataOf(after)), updated_at: meta.time })
      .where('org_id', '=', orgId).where('id', '=', data.packageId).execute();
  },
  DishPackageRemoved: async (tx, { data, orgId }: Ev<DishPackageRemoved>) => {
    await tx.deleteFrom('dish_packages').where('org_id', '=', orgId).where('id', '=', data.packageId).execute();
  },
});
