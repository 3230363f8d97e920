// §2 mallRecipeCycleLabelSet (issue 10): what the food-label screen prints from, and the public trace page a
// label's QR code opens. The label maths is domain/nutritionLabel.ts; these calls only carry its inputs and, for
// the trace page, its results.
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { PAGE } from '../domain/constants.ts';
import { NUTRIENT_KEYS } from '../domain/nutrition.ts';

const nullableNumber = Type.Unsafe<number | null>({ type: ['number', 'null'] });
const Nutrients = Type.Object(Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, nullableNumber])) as Record<(typeof NUTRIENT_KEYS)[number], typeof nullableNumber>);

/** A dish as a label reads it (domain/nutritionLabel LabelFood) with its id and entered portion. */
export const LabelDish = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** ingredient names with grams per portion as entered, heaviest first */
  ingredients: Type.Array(Type.Object({ name: Type.String(), grams: Type.Number() })),
  allergens: Type.Array(Type.String()),
  /** edible grams of one portion; null when an ingredient's edible weight is unknown */
  netGrams: nullableNumber,
  /** grams of one portion as entered (net or gross per the dish's dosage mode): a cycle dosage scales from it */
  portionGrams: Type.Number(),
  /** nutrients of one portion (energy in kcal); null = unknown */
  nutrients: Nutrients,
  incomplete: Type.Array(Type.String()),
});
export type LabelDish = Static<typeof LabelDish>;

export const LabelDishQuery = Type.Object({
  /** comma-separated dish ids of the current org */
  id: Type.String({ minLength: 1, maxLength: 10_000 }),
}, { additionalProperties: false });

export const LabelDishes = Type.Object({
  orgId: Type.String(),
  orgName: Type.String(),
  dishes: Type.Array(LabelDish),
});
export type LabelDishes = Static<typeof LabelDishes>;

export const listLabelDishes = endpoint({
  method: 'GET', path: '/v5/mall/recipe/label/dish', tags: ['recipeLabels'], querystring: LabelDishQuery, response: LabelDishes,
  summary: `The label inputs of some dishes of the current org (at most ${PAGE.recipeList}); an id the org does not have is left out`,
});

/** The most dishes one trace page (one meal's label) shows. */
export const TRACE_DISHES_MAX = 12;

const TraceRow = Type.Object({
  key: Type.String(), unit: Type.String(), per100g: nullableNumber, perPortion: nullableNumber, nrvPercent: nullableNumber, nrvPercentPer100g: nullableNumber,
  decimals: Type.Integer(), incomplete: Type.Boolean(),
  /** the data has no value for this nutrient (GB 28050-2025 saturated fat and sugars) */
  noData: Type.Optional(Type.Boolean()),
});

/** What a printed label shows of a dish, and nothing more: no ids of ingredients, no grams, no notes, no prices. */
export const TraceDish = Type.Object({
  name: Type.String(),
  ingredients: Type.Array(Type.String()),
  allergens: Type.Array(Type.String()),
  /** GB 28050 table of one portion of the dish as the org wrote it */
  table: Type.Object({
    /** GB 28050-2011 "1+4" or GB 28050-2025 "1+6" (domain/foodLabel.ts LABEL_PANELS) */
    panel: Type.Union([Type.Literal('gb28050-2011'), Type.Literal('gb28050-2025')]),
    /** the line under a 2025 table ("儿童青少年应避免过量摄入盐油糖"); null for 2011 */
    advisory: Type.Union([Type.Literal('saltOilSugar'), Type.Null()]),
    portionGrams: nullableNumber,
    rows: Type.Array(TraceRow),
    saltPerPortion: nullableNumber,
    saltPer100g: nullableNumber,
  }),
});
export type TraceDish = Static<typeof TraceDish>;

export const Trace = Type.Object({ orgName: Type.String(), dishes: Type.Array(TraceDish) });
export type Trace = Static<typeof Trace>;

export const TraceParams = Type.Object({
  orgId: Type.String({ minLength: 1, maxLength: 128 }),
  /** one dish id, or a meal's dish ids joined by commas */
  dishIds: Type.String({ minLength: 1, maxLength: 129 * TRACE_DISHES_MAX }),
});

export const getTrace = endpoint({
  method: 'GET', path: '/v5/public/trace/{orgId}/{dishIds}', tags: ['recipeLabels'], params: TraceParams, response: Trace,
  summary: 'Public, read-only: what a food label shows of its dishes (name, ingredients, allergens, GB 28050 nutrient table); unknown → 404',
});
