// §2 packageManage: the set meals (套餐) of the current org, and packageSetting's package categories (menuCategory
// categories flagged isPackage, each tied to a §9 age range in extraInfo.ageRange).
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { IdParams, List, Removed, Version } from './common.ts';
import { PAGE } from '../domain/constants.ts';
import { PACKAGE_LIMITS } from '../domain/aggregates/dishPackage.ts';
import { NUTRIENT_KEYS } from '../domain/nutrition.ts';

const tags = ['menu'];
const nullableNumber = Type.Unsafe<number | null>({ type: ['number', 'null'] });

export const DishPackage = Type.Object({
  id: Type.String(),
  name: Type.String(),
  categoryId: Type.String(),
  categoryName: Type.String(),
  /** §9 the age range of the package category, null when the category names none */
  ageRange: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Array(Type.String()),
  dishes: Type.Array(Type.Object({ dishId: Type.String(), dishName: Type.String(), portions: Type.Number() })),
  note: Type.String(),
  version: Type.Integer(),
  /** nutrients of one serving: each dish's portion × its portions */
  nutrients: Type.Object(Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, nullableNumber])) as Record<(typeof NUTRIENT_KEYS)[number], typeof nullableNumber>),
  incomplete: Type.Array(Type.String()),
});
export type DishPackage = Static<typeof DishPackage>;

export const DishPackageQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  categoryId: Type.Optional(Type.String({ maxLength: 128 })),
  $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE.generic })),
  $skip: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type DishPackageQuery = Static<typeof DishPackageQuery>;

const DishInput = Type.Object({ dishId: Type.String({ minLength: 1, maxLength: 128 }), portions: Type.Number() }, { additionalProperties: false });
const fields = {
  tags: Type.Optional(Type.Array(Type.String({ maxLength: PACKAGE_LIMITS.tagMax }), { maxItems: PACKAGE_LIMITS.tags })),
  note: Type.Optional(Type.String({ maxLength: PACKAGE_LIMITS.noteMax })),
};

export const DishPackageInput = Type.Object({
  name: Type.String({ maxLength: PACKAGE_LIMITS.nameMax * 2 }),
  categoryId: Type.String({ minLength: 1, maxLength: 128 }),
  dishes: Type.Array(DishInput, { maxItems: PACKAGE_LIMITS.dishes }),
  ...fields,
}, { additionalProperties: false });
export type DishPackageInput = Static<typeof DishPackageInput>;

export const DishPackageChange = Type.Object({
  name: Type.Optional(Type.String({ maxLength: PACKAGE_LIMITS.nameMax * 2 })),
  categoryId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  dishes: Type.Optional(Type.Array(DishInput, { maxItems: PACKAGE_LIMITS.dishes })),
  ...fields,
  version: Type.Optional(Version),
}, { additionalProperties: false, minProperties: 1 });
export type DishPackageChange = Static<typeof DishPackageChange>;

export const listDishPackages = endpoint({
  method: 'GET', path: '/v4/mall/menu/package', tags, querystring: DishPackageQuery, response: List(DishPackage),
  summary: 'Set meals of the current org with their dishes, age range and nutrients per serving',
});
export const createDishPackage = endpoint({
  method: 'POST', path: '/v4/mall/menu/package', tags, body: DishPackageInput, response: DishPackage,
  summary: 'Create a set meal of the org\'s dishes under a package category (recipe writers)',
});
export const updateDishPackage = endpoint({
  method: 'PUT', path: '/v4/mall/menu/package/{id}', tags, params: IdParams, body: DishPackageChange, response: DishPackage,
  summary: 'Change a set meal (only the fields sent; version or If-Match, a stale one is refused with 409)',
});
export const deleteDishPackage = endpoint({
  method: 'DELETE', path: '/v4/mall/menu/package/{id}', tags, params: IdParams, response: Removed,
  summary: 'Delete a set meal (If-Match: the version read)',
});
