// §7 Food: the ingredient library (§2 mallFoodIngredientsManage, localFoodIngredientsManage) and the ingredient ↔
// product links. Platform foods are server/data/foods.json (id = USDA NDB number); an org's own ingredients and
// overrides win inside that org.
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { List, Removed, Version } from './common.ts';
import { BATCH, PAGE } from '../domain/constants.ts';
import { FOOD_GROUPS, INGREDIENT_IMPORT_MAX_ROWS, INGREDIENT_NAME_MAX, type FoodGroup } from '../domain/ingredients.ts';
import { NUTRIENT_KEYS } from '../domain/nutrition.ts';

const tags = ['food'];

// one schema with a type list, not a union: the server coerces types, and a union would turn null into 0 (number
// tried first) or 0 into null (null tried first)
const nullableNumber = Type.Unsafe<number | null>({ type: ['number', 'null'] });
/** the 13 nutrients of foods.json per 100 g edible portion; null = unknown (never 0) */
export const Per100g = Type.Object(Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, nullableNumber])) as Record<(typeof NUTRIENT_KEYS)[number], typeof nullableNumber>);

export const FoodIngredient = Type.Object({
  /** the foodId (kept as `id` for the callers of the first catalogue search) */
  id: Type.String(),
  foodId: Type.String(),
  nameZh: Type.String(),
  nameEn: Type.String(),
  /** WS/T 554 food group */
  group: Type.String(),
  ediblePortionPct: nullableNumber,
  /** grams of one piece, grams per millilitre (issue 28): how goods sold by the piece or by volume weigh; null = unknown */
  gramsPerPiece: nullableNumber,
  densityGPerMl: nullableNumber,
  per100g: Per100g,
  /** platform food, the org's override of one, or the org's own */
  source: Type.Union([Type.Literal('platform'), Type.Literal('override'), Type.Literal('local')]),
  /** the fields the org's override replaces */
  overridden: Type.Array(Type.String()),
  /** lowercase pinyin initials of the Chinese name */
  pinyin: Type.String(),
  /** the version of the org's entry (0 for a platform food): sent back with a change */
  version: Type.Integer(),
});
export type FoodIngredient = Static<typeof FoodIngredient>;

export const FoodIngredientQuery = Type.Object({
  /** Chinese name, pinyin initials, English name or id (§5 search rule) */
  query: Type.Optional(Type.String({ maxLength: 100 })),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  /** comma-separated foodIds, at most §9 70 per request */
  foodId: Type.Optional(Type.String({ maxLength: BATCH.ingredientLookup * 20 })),
  group: Type.Optional(Type.String({ maxLength: 20 })),
  /** platform, override, local, or org (override and local) */
  source: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('override'), Type.Literal('local'), Type.Literal('org')])),
  $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE.ingredients })),
  $skip: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type FoodIngredientQuery = Static<typeof FoodIngredientQuery>;

const inputNumber = nullableNumber;
const Per100gInput = Type.Object(
  Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, Type.Optional(inputNumber)])) as Record<(typeof NUTRIENT_KEYS)[number], ReturnType<typeof Type.Optional<typeof inputNumber>>>,
  { additionalProperties: false },
);
const fields = {
  nameZh: Type.Optional(Type.String({ maxLength: INGREDIENT_NAME_MAX })),
  nameEn: Type.Optional(Type.String({ maxLength: 200 })),
  group: Type.Optional(Type.Unsafe<FoodGroup>({ type: 'string', enum: [...FOOD_GROUPS] })),
  ediblePortionPct: Type.Optional(inputNumber),
  gramsPerPiece: Type.Optional(inputNumber),
  densityGPerMl: Type.Optional(inputNumber),
  per100g: Type.Optional(Per100gInput),
};

export const FoodIngredientInput = Type.Object({
  /** a platform foodId to override; absent: a new local ingredient (its id is made by the server) */
  foodId: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  ...fields,
}, { additionalProperties: false });
export type FoodIngredientInput = Static<typeof FoodIngredientInput>;

export const FoodIngredientChange = Type.Object({ ...fields, version: Type.Optional(Version) }, { additionalProperties: false, minProperties: 1 });
export type FoodIngredientChange = Static<typeof FoodIngredientChange>;

export const FoodIdParams = Type.Object({ foodId: Type.String({ minLength: 1, maxLength: 32 }) });

export const IngredientProduct = Type.Object({
  foodId: Type.String(),
  foodName: Type.String(),
  skuId: Type.String(),
  skuName: Type.String(),
  productId: Type.String(),
  productName: Type.String(),
  /** the supplier org selling the SKU */
  orgId: Type.String(),
  /** the edible net weight share of the food in the SKU */
  ratio: Type.Number(),
});
export type IngredientProduct = Static<typeof IngredientProduct>;

export const IngredientProductQuery = Type.Object({
  foodId: Type.Optional(Type.String({ maxLength: BATCH.ingredientLookup * 20 })),
  /** comma-separated productIds (§9 chunks of 90) */
  productId: Type.Optional(Type.String({ maxLength: BATCH.productLookup * 40 })),
  $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE.generic })),
  $skip: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type IngredientProductQuery = Static<typeof IngredientProductQuery>;

export const listFoodIngredients = endpoint({
  method: 'GET', path: '/v4/mall/food/ingredients', tags, querystring: FoodIngredientQuery, response: List(FoodIngredient),
  summary: 'The ingredient library of the current org: platform foods with the org\'s overrides merged, and the org\'s own ingredients',
});
export const createFoodIngredient = endpoint({
  method: 'POST', path: '/v4/mall/food/ingredients', tags, body: FoodIngredientInput, response: FoodIngredient,
  summary: 'Add an org ingredient: a local one (name and group required) or, with a platform foodId, an override of that food',
});
export const updateFoodIngredient = endpoint({
  method: 'PUT', path: '/v4/mall/food/ingredients/{foodId}', tags, params: FoodIdParams, body: FoodIngredientChange, response: FoodIngredient,
  summary: 'Change an org ingredient (only the fields sent); on a platform food the org has not overridden yet, start its override',
});
export const deleteFoodIngredient = endpoint({
  method: 'DELETE', path: '/v4/mall/food/ingredients/{id}', tags, params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 32 }) }), response: Removed,
  summary: 'Remove an org ingredient or override (the platform food shows again); a local one dishes use is refused (409)',
});
export const listIngredientProducts = endpoint({
  method: 'GET', path: '/v4/mall/food/ingredients/product', tags, querystring: IngredientProductQuery, response: List(IngredientProduct),
  summary: 'Ingredient ↔ product links (SKUs linked to foods) of the suppliers the caller may read, paged by $skip',
});

export const FoodIngredientImportRow = Type.Object({
  /** the sheet row number, for the row errors */
  row: Type.Integer({ minimum: 1 }),
  nameZh: Type.String({ maxLength: INGREDIENT_NAME_MAX * 2 }),
  nameEn: Type.Optional(Type.String({ maxLength: 200 })),
  group: Type.String({ maxLength: 20 }),
  ediblePortionPct: Type.Optional(nullableNumber),
  per100g: Type.Optional(Per100gInput),
}, { additionalProperties: false });
export type FoodIngredientImportRow = Static<typeof FoodIngredientImportRow>;

export const importFoodIngredients = endpoint({
  method: 'POST', path: '/v4/mall/food/ingredients/import', tags,
  body: Type.Object({ rows: Type.Array(FoodIngredientImportRow, { minItems: 1, maxItems: INGREDIENT_IMPORT_MAX_ROWS }) }, { additionalProperties: false }),
  response: Type.Object({ created: Type.Integer(), updated: Type.Integer() }),
  summary: "Import the org's local ingredients, all or nothing: a name the org already has updates it, a new one is added; a refused import answers 400 with every refused row and its reasons in data.errors ({row, errors}, in the request's language), nothing written",
});
