// An org's ingredients and overrides (issue 9): food_ingredients rows, keyed by org first.
import { defineProjection } from '../../store/projections.ts';
import type { FoodIngredientChanged, FoodIngredientRemoved, FoodIngredientSet } from '../../../domain/aggregates/foodIngredient.ts';
import type { IngredientFields } from '../../../domain/ingredients.ts';
import { pinyinInitials } from '../../../domain/contactSearch.ts';

type Ev<T> = { data: T; orgId: string; meta: { time: string } };

defineProjection({
  FoodIngredientSet: async (tx, { data, orgId, meta }: Ev<FoodIngredientSet>) => {
    const name = data.fields.nameZh ?? null;
    await tx.insertInto('food_ingredients').values({
      org_id: orgId, food_id: data.foodId, kind: data.kind, name_zh: name, pinyin: name ? pinyinInitials(name) : '', data: JSON.stringify(data.fields),
      created_at: meta.time, updated_at: meta.time,
    }).onConflict((c) => c.columns(['org_id', 'food_id']).doUpdateSet({
      kind: data.kind, name_zh: name, pinyin: name ? pinyinInitials(name) : '', data: JSON.stringify(data.fields), updated_at: meta.time,
    })).execute();
  },
  FoodIngredientChanged: async (tx, { data, orgId, meta }: Ev<FoodIngredientChanged>) => {
    const row = await tx.selectFrom('food_ingredients').select(['data']).where('org_id', '=', orgId).where('food_id', '=', data.foodId).executeTakeFirst();
    if (!row) return;
    const before = row.data as IngredientFields;
    const { per100g, ...rest } = data.fields;
    const after: IngredientFields = { ...before, ...rest, ...(per100g && { per100g: { ...before.per100g, ...per100g } }) };
    const name = after.nameZh ?? null;
    await tx.updateTable('food_ingredients').set({ name_zh: name, pinyin: name ? pinyinInitials(name) : '', data: JSON.stringify(after), updated_at: meta.time })
      .where('org_id', '=', orgId).where('food_id', '=', data.foodId).execute();
  },
  FoodIngredientRemoved: async (tx, { data, orgId }: Ev<FoodIngredientRemoved>) => {
    await tx.deleteFrom('food_ingredients').where('org_id', '=', orgId).where('food_id', '=', data.foodId).execute();
  },
});
