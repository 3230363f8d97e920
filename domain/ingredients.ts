// The ingredient library (issue 9, §2 mallFoodIngredientsManage / localFoodIngredientsManage): the platform's
// foods (server/data/foods.json, 243 USDA SR28 foods with WS/T 554 groups) and an org's own ingredients and
// overrides, whose values win inside that org. The rules here: which values an ingredient may hold, how an
// override merges over the platform food, and how a search matches (§5 search rule: letters search the pinyin
// initials and English name, digits the id, Chinese characters the name).
import { NUTRIENT_KEYS, type FoodNutrition, type NutrientKey, type Nutrients } from './nutrition.ts';
import { nutrientEntry } from './nutrientCatalogue.ts';
import { defaultUnitWeights, unitWeightProblem } from './foodUnitWeights.ts';

/** WS/T 554-2017 food groups, as foods.json assigns them. */
export const FOOD_GROUPS = ['谷薯类', '蔬菜类', '水果类', '畜禽肉类', '鱼虾类', '蛋类', '奶及奶制品', '大豆类及其制品和坚果', '植物油', '盐', '其他'] as const;
export type FoodGroup = (typeof FOOD_GROUPS)[number];
export const isFoodGroup = (g: string): g is FoodGroup => (FOOD_GROUPS as readonly string[]).includes(g);

/**
 * The largest value per 100 g a nutrient can physically have: 100 g holds at most 100 g of protein, fat,
 * carbohydrate or fibre, pure fat gives about 900 kcal, 100 g at most 100,000 mg of a mineral or vitamin.
 * A larger value is a typing error (a unit slip), refused.
 */
export const NUTRIENT_MAX_PER_100G: Record<NutrientKey, number> = {
  energyKcal: 900, protein: 100, fat: 100, cho: 100, fiber: 100, sodium: 100_000, calcium: 100_000, iron: 100_000, zinc: 100_000,
  vitaminA: 100_000_000, vitaminB1: 100_000, vitaminB2: 100_000, vitaminC: 100_000,
};

export const INGREDIENT_NAME_MAX = 50;

/** What an org sets on an ingredient; for an override, only the fields given replace the platform's. */
export interface IngredientFields {
  nameZh?: string;
  nameEn?: string;
  group?: string;
  ediblePortionPct?: number | null;
  /** grams of one piece and grams per millilitre (issue 28: goods sold by the piece or by volume); null = unknown */
  gramsPerPiece?: number | null;
  densityGPerMl?: number | null;
  /** per 100 g edible portion; a null value = unknown in this org */
  per100g?: Partial<Record<NutrientKey, number | null>>;
}

/** An ingredient as the library shows it: the platform food, the org's override merged over it, or the org's own. */
export interface Ingredient {
  foodId: string;
  nameZh: string;
  nameEn: string;
  group: string;
  ediblePortionPct: number | null;
  /** a platform food's defaults are domain/foodUnitWeights.ts's */
  gramsPerPiece: number | null;
  densityGPerMl: number | null;
  per100g: Nutrients;
  source: 'platform' | 'override' | 'local';
  /** the fields an override replaces (empty for the others) */
  overridden: string[];
}

export interface PlatformFood { id: string; nameZh: string; nameEn: string; group: string; ediblePortionPct: number | null; per100g: Partial<Record<string, number | null>> }

const fullNutrients = (values: Partial<Record<string, number | null>> | undefined): Nutrients =>
  Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, values?.[k] ?? null])) as Nutrients;

/** Every reason the fields are refused (empty: acceptable). `local` ingredients need a name and a group. */
export function ingredientProblems(fields: IngredientFields, kind: 'local' | 'override'): string[] {
  const out: string[] = [];
  if (kind === 'local' || fields.nameZh !== undefined) {
    const name = (fields.nameZh ?? '').trim();
    if (!name) out.push('食材名称不能为空');
    else if (name.length > INGREDIENT_NAME_MAX) out.push(`食材名称不能超过 ${INGREDIENT_NAME_MAX} 个字`);
  }
  if (fields.nameEn !== undefined && fields.nameEn.length > 200) out.push('英文名称不能超过 200 个字符');
  if (kind === 'local' || fields.group !== undefined) {
    if (!fields.group || !isFoodGroup(fields.group)) out.push(`食材分类须为：${FOOD_GROUPS.join('、')}`);
  }
  const edible = fields.ediblePortionPct;
  if (edible !== undefined && edible !== null && !(Number.isFinite(edible) && edible > 0 && edible <= 100)) out.push('可食部须大于 0 且不超过 100（%）');
  for (const k of ['gramsPerPiece', 'densityGPerMl'] as const) {
    const problem = unitWeightProblem(k, fields[k]);
    if (problem) out.push(problem);
  }
  for (const [k, v] of Object.entries(fields.per100g ?? {})) {
    if (!(NUTRIENT_KEYS as readonly string[]).includes(k)) { out.push(`未知的营养素：${k}`); continue; }
    if (v === null) continue;
    const max = NUTRIENT_MAX_PER_100G[k as NutrientKey];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max) out.push(`${k} 须为 0 到 ${max} 之间的数值（每 100 克）`);
  }
  return out;
}

/** The platform food as the library shows it. */
export function platformIngredient(food: PlatformFood): Ingredient {
  return {
    foodId: food.id, nameZh: food.nameZh, nameEn: food.nameEn, group: food.group, ediblePortionPct: food.ediblePortionPct,
    ...defaultUnitWeights(food.id), per100g: fullNutrients(food.per100g), source: 'platform', overridden: [],
  };
}

/** An org's override merged over the platform food: what the org set wins, the rest is the platform's. */
export function overriddenIngredient(food: PlatformFood, fields: IngredientFields): Ingredient {
  const base = platformIngredient(food);
  const per100g = { ...base.per100g };
  const overridden: string[] = [];
  for (const [k, v] of Object.entries(fields.per100g ?? {})) {
    if (!(NUTRIENT_KEYS as readonly string[]).includes(k)) continue;
    per100g[k as NutrientKey] = v ?? null;
    overridden.push(k);
  }
  for (const k of ['nameZh', 'nameEn', 'group', 'ediblePortionPct', 'gramsPerPiece', 'densityGPerMl'] as const) if (fields[k] !== undefined) overridden.push(k);
  return {
    ...base,
    nameZh: fields.nameZh ?? base.nameZh, nameEn: fields.nameEn ?? base.nameEn, group: fields.group ?? base.group,
    ediblePortionPct: fields.ediblePortionPct !== undefined ? fields.ediblePortionPct : base.ediblePortionPct,
    gramsPerPiece: fields.gramsPerPiece !== undefined ? fields.gramsPerPiece : base.gramsPerPiece,
    densityGPerMl: fields.densityGPerMl !== undefined ? fields.densityGPerMl : base.densityGPerMl,
    per100g, source: 'override', overridden,
  };
}

/** An org's own ingredient. */
export function localIngredient(foodId: string, fields: IngredientFields): Ingredient {
  return {
    foodId, nameZh: fields.nameZh ?? '', nameEn: fields.nameEn ?? '', group: fields.group ?? '其他',
    ediblePortionPct: fields.ediblePortionPct ?? null, gramsPerPiece: fields.gramsPerPiece ?? null, densityGPerMl: fields.densityGPerMl ?? null,
    per100g: fullNutrients(fields.per100g), source: 'local', overridden: [],
  };
}

/** What the nutrition maths needs of a library ingredient. */
export const nutritionOf = (i: Ingredient): FoodNutrition => ({ foodId: i.foodId, ediblePortionPct: i.ediblePortionPct, per100g: i.per100g });

/**
 * §5 search rule applied to ingredients: Chinese characters search the name, digits the id, latin letters the
 * pinyin initials (jd → 鸡蛋) and the English name; case-insensitive; an empty text matches everything.
 */
export function matchesIngredient(i: Pick<Ingredient, 'foodId' | 'nameZh' | 'nameEn' | 'group'> & { pinyin: string }, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  if (/^\d+$/.test(q)) return i.foodId.includes(q);
  if (/^[a-z\s]+$/.test(q)) return i.pinyin.startsWith(q.replace(/\s+/g, '')) || i.pinyin.includes(q.replace(/\s+/g, '')) || i.nameEn.toLowerCase().includes(q);
  return i.nameZh.includes(q) || i.group.includes(q) || i.nameEn.toLowerCase().includes(q);
}

/** The Excel sheet of local ingredients (issue 9 import): one row per ingredient, nutrients per 100 g edible portion. */
export const INGREDIENT_SHEET = {
  name: '食材名称*',
  group: '食物分类*',
  nameEn: '英文名称',
  edible: '可食部(%)',
  /** a nutrient's column: its §3 catalogue name and unit, e.g. "蛋白质(g)" */
  nutrient: (key: NutrientKey) => `${nutrientEntry(key).cnName}(${nutrientEntry(key).unit})`,
} as const;

/** The row errors of a sheet, the same in the console's preview and the server's refusal. */
export const INGREDIENT_SHEET_TEXT = {
  notNumber: (header: string) => `${header} 须为数字，未知请留空`,
  duplicate: (name: string) => `食材名称重复：${name}`,
  /** the status text of a refused import: how many rows, then the first ones (every one is in data.errors) */
  refused: (rows: number, first: string) => `导入失败，没有写入任何数据（${rows} 行有误）：${first}`,
} as const;

/** At most this many rows in one import: a canteen's own foods, not a food table. */
export const INGREDIENT_IMPORT_MAX_ROWS = 2000;

/**
 * A sheet cell as a nutrient or edible-portion value: empty is unknown (null), a number is itself, anything
 * else is refused (undefined), since guessing would put a wrong figure into every dish using it.
 */
export function sheetNumber(cell: string | undefined): number | null | undefined {
  const text = (cell ?? '').trim();
  if (!text) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}
