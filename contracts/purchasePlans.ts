// §2 mallRecipePurchaseplan (issue 11): the purchase plan of one week of a published recipe cycle of the caller's
// school — per delivery day the gross quantity of each ingredient, matched to a linked supplier's SKU and priced
// at the effective approved price, and the ingredients nothing matched. The arithmetic is domain/purchasePlan.ts;
// the plan becomes orders through POST /v4/mall/order (contracts/orders.ts), one per supplier and day.
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { Id } from './common.ts';
import { RECIPE_LIMITS } from '../domain/recipeCycle.ts';

const tags = ['orders'];

export const PurchasePlanQuery = Type.Object({
  cycleId: Id,
  /** 1-based week of the cycle */
  week: Type.Integer({ minimum: 1, maximum: RECIPE_LIMITS.weeksMax * 5 }),
}, { additionalProperties: false });
export type PurchasePlanQuery = Static<typeof PurchasePlanQuery>;

export const PurchasePlanLine = Type.Object({
  date: Type.String(), foodId: Type.String(), foodName: Type.String(), netGrams: Type.Number(), grossGrams: Type.Number(), edibleUnknown: Type.Boolean(),
  skuId: Type.String(), supplierId: Type.String(), supplierName: Type.String(), productName: Type.String(), skuName: Type.String(), spec: Type.String(),
  unit: Type.String(),
  /** grams one unit of the SKU holds, by its spec and the food's piece weight and density (issue 28) */
  unitGrams: Type.Number(),
  /** issue 30: units the day's recipes need, unrounded; a packaged SKU (wholePackages) buys whole packages, the
   * surplus of goods that keep carried into the next delivery day (carriedIn), domain/wholePackages.ts */
  needQuantity: Type.Number(), wholePackages: Type.Boolean(), keeps: Type.Boolean(), carriedIn: Type.Number(), surplus: Type.Number(),
  /** the week of the cycle (1-based): a surplus carries within it */
  cycleWeek: Type.Integer(),
  quantity: Type.Number(), price: Type.Number(), amount: Type.Number(),
});
export type PurchasePlanLine = Static<typeof PurchasePlanLine>;

export const UnmatchedLine = Type.Object({
  date: Type.String(), foodId: Type.String(), foodName: Type.String(), netGrams: Type.Number(), grossGrams: Type.Number(),
  reason: Type.Union([Type.Literal('noSku'), Type.Literal('noPrice'), Type.Literal('noWeightUnit'), Type.Literal('noOrderPermission')]),
});
export type UnmatchedLine = Static<typeof UnmatchedLine>;

/** Per delivery day, whether an order for it can still be placed (the supplier's cut-off, domain/order.ts). */
export const PlanDay = Type.Object({ date: Type.String(), suppliers: Type.Array(Type.Object({ supplierId: Type.String(), deadline: Type.String(), open: Type.Boolean() })) });

export const PurchasePlan = Type.Object({
  cycleId: Type.String(), cycleName: Type.String(), week: Type.Integer(), weeks: Type.Integer(), startDate: Type.String(), endDate: Type.String(),
  lines: Type.Array(PurchasePlanLine), unmatched: Type.Array(UnmatchedLine), amount: Type.Number(), days: Type.Array(PlanDay),
});
export type PurchasePlan = Static<typeof PurchasePlan>;

export const getPurchasePlan = endpoint({
  method: 'GET', path: '/v4/mall/recipe/purchaseplan', tags, querystring: PurchasePlanQuery, response: PurchasePlan,
  summary: 'The purchase plan of one week of a published recipe cycle of the caller\'s school: gross quantities per delivery day matched to linked SKUs at effective prices, and unmatched ingredients',
});

// §2 mallRecipeMonthPurchaseplan: the same plan over the days of the cycle that fall in one month (a month cycle's
// month, or the weeks of a week cycle in it), with the totals per ingredient per week and for the month.

export const MonthPurchasePlanQuery = Type.Object({
  cycleId: Id,
  /** YYYY-MM: a month the cycle's days touch */
  month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }),
}, { additionalProperties: false });
export type MonthPurchasePlanQuery = Static<typeof MonthPurchasePlanQuery>;

const Figures = { grossGrams: Type.Number(), quantity: Type.Number(), amount: Type.Number() };
/** One ingredient's totals (domain/purchasePlan.ts planTotals): per week, by the week's Monday, and for the month. */
export const PlanTotal = Type.Object({
  foodId: Type.String(), foodName: Type.String(), skuId: Type.String(), supplierId: Type.String(), supplierName: Type.String(), productName: Type.String(),
  spec: Type.String(), unit: Type.String(), price: Type.Number(), ...Figures,
  weeks: Type.Record(Type.String(), Type.Object(Figures)),
});
export type PlanTotal = Static<typeof PlanTotal>;

export const MonthPurchasePlan = Type.Object({
  cycleId: Type.String(), cycleName: Type.String(), month: Type.String(),
  /** the months of the cycle (what else may be asked for) */
  months: Type.Array(Type.String()),
  startDate: Type.String(), endDate: Type.String(),
  lines: Type.Array(PurchasePlanLine), unmatched: Type.Array(UnmatchedLine), amount: Type.Number(), days: Type.Array(PlanDay),
  /** the Mondays of the weeks the lines fall in */
  weeks: Type.Array(Type.String()),
  totals: Type.Array(PlanTotal),
});
export type MonthPurchasePlan = Static<typeof MonthPurchasePlan>;

export const getMonthPurchasePlan = endpoint({
  method: 'GET', path: '/v4/mall/recipe/monthpurchaseplan', tags, querystring: MonthPurchasePlanQuery, response: MonthPurchasePlan,
  summary: 'The purchase plan of the days of a published recipe cycle of the caller\'s school in one month: the week plan\'s lines per delivery day, the unmatched ingredients, and totals per ingredient per week and month',
});
