// §2 menuManage: the dishes of the current org (§7 /v4/mall/menu). The row is the interface the recipe cycles
// read (notes/dish-contract.md): keep it compatible.
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { IdParams, List, Removed, Version } from './common.ts';
import { PAGE } from '../domain/constants.ts';
import { DISH_LIMITS } from '../domain/aggregates/dish.ts';
import { NUTRIENT_KEYS } from '../domain/nutrition.ts';

const tags = ['menu'];

// type lists, not unions: the server coerces types, and a union would turn a null into '' or 0
const nullableNumber = Type.Unsafe<number | null>({ type: ['number', 'null'] });
const nullableText = (maxLength: number) => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength });
const DosageMode = Type.Union([Type.Literal('netWeight'), Type.Literal('grossWeight')]);

export const DishLine = Type.Object({ foodId: Type.String(), foodName: Type.String(), weight: Type.Number() });

export const Dish = Type.Object({
  id: Type.String(),
  name: Type.String(),
  categoryId: Type.String(),
  categoryName: Type.String(),
  tags: Type.Array(Type.String()),
  people: Type.Array(Type.String()),
  season: Type.Union([Type.String(), Type.Null()]),
  allergens: Type.Array(Type.String()),
  note: Type.String(),
  photo: Type.Union([Type.String(), Type.Null()]),
  dosageMode: DosageMode,
  /** grams per portion */
  lines: Type.Array(DishLine),
  version: Type.Integer(),
  /** nutrients of one portion (domain/nutrition.ts with the org's library); null = no ingredient knew it */
  nutrients: Type.Object(Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, nullableNumber])) as Record<(typeof NUTRIENT_KEYS)[number], typeof nullableNumber>),
  /** the nutrients some ingredient lacked: their totals are incomplete */
  incomplete: Type.Array(Type.String()),
});
export type Dish = Static<typeof Dish>;

export const DishQuery = Type.Object({
  /** Chinese name or its pinyin initials */
  name: Type.Optional(Type.String({ maxLength: 100 })),
  categoryId: Type.Optional(Type.String({ maxLength: 128 })),
  /** comma-separated dish ids */
  id: Type.Optional(Type.String({ maxLength: 10_000 })),
  $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE.recipeList })),
  $skip: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type DishQuery = Static<typeof DishQuery>;

const text = (max: number) => Type.String({ maxLength: max });
const list = Type.Array(text(DISH_LIMITS.listItemMax), { maxItems: DISH_LIMITS.listItems });
const LineInput = Type.Object({ foodId: Type.String({ minLength: 1, maxLength: 32 }), weight: Type.Number() }, { additionalProperties: false });
const fields = {
  tags: Type.Optional(list),
  people: Type.Optional(list),
  season: Type.Optional(nullableText(4)),
  allergens: Type.Optional(list),
  note: Type.Optional(text(DISH_LIMITS.noteMax)),
  photo: Type.Optional(nullableText(DISH_LIMITS.photoMax)),
  dosageMode: Type.Optional(DosageMode),
};

export const DishInput = Type.Object({
  name: text(DISH_LIMITS.nameMax * 2),
  categoryId: Type.String({ minLength: 1, maxLength: 128 }),
  lines: Type.Array(LineInput, { maxItems: DISH_LIMITS.lines }),
  ...fields,
}, { additionalProperties: false });
export type DishInput = Static<typeof DishInput>;

export const DishChange = Type.Object({
  name: Type.Optional(text(DISH_LIMITS.nameMax * 2)),
  categoryId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  lines: Type.Optional(Type.Array(LineInput, { maxItems: DISH_LIMITS.lines })),
  ...fields,
  version: Type.Optional(Version),
}, { additionalProperties: false, minProperties: 1 });
export type DishChange = Static<typeof DishChange>;

export const listDishes = endpoint({
  method: 'GET', path: '/v4/mall/menu', tags, querystring: DishQuery, response: List(Dish),
  summary: 'Dishes of the current org with their category, ingredient lines and nutrients per portion, ordered by category and name',
});
export const createDish = endpoint({
  method: 'POST', path: '/v4/mall/menu', tags, body: DishInput, response: Dish,
  summary: 'Create a dish (recipe writers of the org: roles 1, 2, 5, the org admin)',
});
export const updateDish = endpoint({
  method: 'PUT', path: '/v4/mall/menu/{id}', tags, params: IdParams, body: DishChange, response: Dish,
  summary: 'Change a dish (only the fields sent; `version` or If-Match: the version read, a stale one is refused with 409)',
});
export const deleteDish = endpoint({
  method: 'DELETE', path: '/v4/mall/menu/{id}', tags, params: IdParams, response: Removed,
  summary: 'Delete a dish (If-Match: the version read, a stale one is refused with 409)',
});
