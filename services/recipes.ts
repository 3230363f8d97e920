// §7 the recipe calls of issue 9 (mall host): the ingredient library and dishes. Types and paths come from
// contracts/foodIngredients.ts and contracts/dishes.ts; each list has its queryOptions keyed by org, with the
// live-update roots ('foodIngredients', 'dishes': src/app/liveUpdates.ts) first.
import { queryOptions } from '@tanstack/react-query';
import { ApiError, call, ifMatch, type CallOptions } from './http.ts';
import { ImportError, rowErrorsOf } from './mall/imports.ts';
import type * as food from '../contracts/foodIngredients.ts';
import type * as menu from '../contracts/dishes.ts';
import type * as pkg from '../contracts/dishPackages.ts';

export type { FoodIngredient, FoodIngredientQuery, FoodIngredientInput, FoodIngredientChange, FoodIngredientImportRow, IngredientProduct } from '../contracts/foodIngredients.ts';
export type { Dish, DishQuery, DishInput, DishChange } from '../contracts/dishes.ts';
export type { DishPackage, DishPackageQuery, DishPackageInput, DishPackageChange } from '../contracts/dishPackages.ts';

const MALL: CallOptions = { host: 'mall' };

// ---- ingredient library ----
export function fetchFoodIngredients(query: food.FoodIngredientQuery = {}) {
  return call<typeof food.listFoodIngredients>({ method: 'GET', path: '/v4/mall/food/ingredients', query }, MALL);
}
export function createFoodIngredient(body: food.FoodIngredientInput) {
  return call<typeof food.createFoodIngredient>({ method: 'POST', path: '/v4/mall/food/ingredients', body }, MALL);
}
/** Only the fields given, with the version read; on a platform food it starts the org's override. */
export function updateFoodIngredient(foodId: string, body: food.FoodIngredientChange) {
  return call<typeof food.updateFoodIngredient>({ method: 'PUT', path: '/v4/mall/food/ingredients/{foodId}', params: { foodId }, body }, MALL);
}
export function deleteFoodIngredient(foodId: string, version?: number) {
  return call<typeof food.deleteFoodIngredient>({ method: 'DELETE', path: '/v4/mall/food/ingredients/{id}', params: { id: foodId } }, { ...MALL, ...ifMatch(version) });
}

/**
 * The local ingredient import, all or nothing; a refusal comes back as ImportError with every refused row and its
 * reasons as the server sent them in data.errors (in the user's language).
 */
export async function importFoodIngredients(rows: food.FoodIngredientImportRow[]) {
  const refused = rowErrorsOf();
  try {
    return await call<typeof food.importFoodIngredients>({ method: 'POST', path: '/v4/mall/food/ingredients/import', body: { rows } }, { ...MALL, ...refused.options });
  } catch (e) {
    if (e instanceof ApiError && e.status === 400) throw new ImportError(e.statusText || e.message, refused.rows() ?? []);
    throw e;
  }
}

export const foodIngredientKeys = {
  all: ['foodIngredients'] as const,
  list: (orgId: string | undefined, query: food.FoodIngredientQuery) => [...foodIngredientKeys.all, orgId, query] as const,
};
export const foodIngredientsQuery = (orgId: string | undefined, query: food.FoodIngredientQuery) => queryOptions({
  queryKey: foodIngredientKeys.list(orgId, query),
  queryFn: () => fetchFoodIngredients(query),
  enabled: Boolean(orgId),
});

// ---- dishes ----
export function fetchDishes(query: menu.DishQuery = {}) {
  return call<typeof menu.listDishes>({ method: 'GET', path: '/v4/mall/menu', query }, MALL);
}
export function createDish(body: menu.DishInput) {
  return call<typeof menu.createDish>({ method: 'POST', path: '/v4/mall/menu', body }, MALL);
}
export function updateDish(id: string, body: menu.DishChange) {
  return call<typeof menu.updateDish>({ method: 'PUT', path: '/v4/mall/menu/{id}', params: { id }, body }, MALL);
}
export function deleteDish(id: string, version?: number) {
  return call<typeof menu.deleteDish>({ method: 'DELETE', path: '/v4/mall/menu/{id}', params: { id } }, { ...MALL, ...ifMatch(version) });
}

export const dishKeys = {
  all: ['dishes'] as const,
  list: (orgId: string | undefined, query: menu.DishQuery) => [...dishKeys.all, orgId, query] as const,
};
export const dishesQuery = (orgId: string | undefined, query: menu.DishQuery) => queryOptions({
  queryKey: dishKeys.list(orgId, query),
  queryFn: () => fetchDishes(query),
  enabled: Boolean(orgId),
});

// ---- set meals (packages) ----
export function fetchDishPackages(query: pkg.DishPackageQuery = {}) {
  return call<typeof pkg.listDishPackages>({ method: 'GET', path: '/v4/mall/menu/package', query }, MALL);
}
export function createDishPackage(body: pkg.DishPackageInput) {
  return call<typeof pkg.createDishPackage>({ method: 'POST', path: '/v4/mall/menu/package', body }, MALL);
}
export function updateDishPackage(id: string, body: pkg.DishPackageChange) {
  return call<typeof pkg.updateDishPackage>({ method: 'PUT', path: '/v4/mall/menu/package/{id}', params: { id }, body }, MALL);
}
export function deleteDishPackage(id: string, version?: number) {
  return call<typeof pkg.deleteDishPackage>({ method: 'DELETE', path: '/v4/mall/menu/package/{id}', params: { id } }, { ...MALL, ...ifMatch(version) });
}

export const dishPackageKeys = {
  all: ['dishPackages'] as const,
  list: (orgId: string | undefined, query: pkg.DishPackageQuery) => [...dishPackageKeys.all, orgId, query] as const,
};
export const dishPackagesQuery = (orgId: string | undefined, query: pkg.DishPackageQuery) => queryOptions({
  queryKey: dishPackageKeys.list(orgId, query),
  queryFn: () => fetchDishPackages(query),
  enabled: Boolean(orgId),
});
