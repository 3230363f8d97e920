// The ingredient library an org sees (issue 9): the platform foods of server/data/foods.json (read from the
// file, never copied by hand; a null nutrient stays null), with the org's overrides merged over them and the
// org's own ingredients after them. The nutrition maths of dishes reads its foods from here, so a dish of an org
// is computed with that org's values.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { foods } from '../mall/skuIngredientRoutes.ts';
import { localIngredient, overriddenIngredient, platformIngredient, type Ingredient, type IngredientFields } from '../../../domain/ingredients.ts';
import { pinyinInitials } from '../../../domain/contactSearch.ts';
import { foodIngredientStream } from '../../../domain/aggregates/foodIngredient.ts';

export type LibraryIngredient = Ingredient & { pinyin: string; version: number };

let platformRows: LibraryIngredient[] | null = null;
let platformById: Map<string, LibraryIngredient> | null = null;
/** The platform foods in file order, with their pinyin initials (computed once). */
export function platformLibrary(): LibraryIngredient[] {
  platformRows ??= [...foods().values()].map((f) => ({ ...platformIngredient(f), pinyin: pinyinInitials(f.nameZh), version: 0 }));
  return platformRows;
}
const platformFood = (foodId: string) => (platformById ??= new Map(platformLibrary().map((f) => [f.foodId, f]))).get(foodId);

export const isPlatformFood = (foodId: string) => foods().has(foodId);

interface OrgRow { food_id: string; kind: string; name_zh: string | null; pinyin: string; data: unknown; version: string | null }

/** The org's own entries (overrides and local ingredients), with their stream versions. */
export async function orgEntries(db: Kysely<Database>, orgId: string, foodIds?: readonly string[]): Promise<OrgRow[]> {
  if (foodIds && !foodIds.length) return [];
  let q = db.selectFrom('food_ingredients as f')
    .select(['f.food_id', 'f.kind', 'f.name_zh', 'f.pinyin', 'f.data',
      sql<string | null>`(SELECT s.stream_position FROM streams s WHERE s.org_id = f.org_id AND s.stream_id = 'foodIngredient-' || f.org_id || '-' || f.food_id)`.as('version')])
    .where('f.org_id', '=', orgId);
  if (foodIds) q = q.where('f.food_id', 'in', foodIds);
  return q.orderBy('f.name_zh').orderBy('f.food_id').execute() as Promise<OrgRow[]>;
}

function merged(row: OrgRow): LibraryIngredient | null {
  const fields = row.data as IngredientFields;
  const version = Number(row.version ?? 0);
  if (row.kind === 'override') {
    const food = foods().get(row.food_id);
    if (!food) return null;
    return { ...overriddenIngredient(food, fields), pinyin: fields.nameZh ? row.pinyin : pinyinInitials(food.nameZh), version };
  }
  return { ...localIngredient(row.food_id, fields), pinyin: row.pinyin, version };
}

/** The whole library of an org: platform foods (overridden where the org says) then the org's own. */
export async function orgLibrary(db: Kysely<Database>, orgId: string): Promise<LibraryIngredient[]> {
  const own = await orgEntries(db, orgId);
  const overrides = new Map<string, LibraryIngredient>();
  const locals: LibraryIngredient[] = [];
  for (const row of own) {
    const m = merged(row);
    if (!m) continue;
    if (m.source === 'override') overrides.set(m.foodId, m); else locals.push(m);
  }
  return [...platformLibrary().map((p) => overrides.get(p.foodId) ?? p), ...locals];
}

/** Some foods of an org's library by id (platform, overridden or local); unknown ids are absent. */
export async function orgFoods(db: Kysely<Database>, orgId: string, foodIds: readonly string[]): Promise<Map<string, LibraryIngredient>> {
  const ids = [...new Set(foodIds)];
  const out = new Map<string, LibraryIngredient>();
  for (const id of ids) {
    const p = platformFood(id);
    if (p) out.set(id, p);
  }
  for (const row of await orgEntries(db, orgId, ids)) {
    const m = merged(row);
    if (m) out.set(m.foodId, m);
  }
  return out;
}

export { foodIngredientStream };
