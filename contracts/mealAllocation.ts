// Smart meal allocation (issue 10; §3 recipeConfig.aiMealsAllocate): a proposal of per-person dosages for a week of
// a recipe cycle, solved as a linear programme on the server (domain/mealAllocation.ts), and its acceptance.
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { IdParams, Version } from './common.ts';
import { RECIPE_LIMITS } from '../domain/recipeCycle.ts';

const tags = ['recipeCycles'];

const AgeRange = Type.Union([Type.Literal('6-8'), Type.Literal('9-11'), Type.Literal('12-14'), Type.Literal('15-17')]);
const Mode = Type.Union([Type.Literal('personal'), Type.Literal('people')]);

export const AllocationRequest = Type.Object({
  /** 0-based week of the cycle */
  week: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  /** several weeks at once (each its own days; the bench runs four) */
  weeks: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 1000 }), { minItems: 1, maxItems: RECIPE_LIMITS.weeksMax })),
  /** the age groups to allocate; default every group of the cycle */
  ageGroups: Type.Optional(Type.Array(AgeRange, { minItems: 1, maxItems: 4 })),
  /** personal: dosages per age group; people: one dosage per dish for every group (one pot), cost weighed by eaters */
  mode: Type.Optional(Mode),
  /** week (default): the verdicts of the week's average day, as the week's analysis scores them, each day's energy kept in band; day: every day's verdicts */
  level: Type.Optional(Type.Union([Type.Literal('week'), Type.Literal('day')])),
}, { additionalProperties: false });
export type AllocationRequest = Static<typeof AllocationRequest>;

const Suggestion = Type.Object({ dishId: Type.String(), name: Type.String(), portion: Type.Number(), amount: Type.Number() });

export const UnmetConstraint = Type.Object({
  kind: Type.Union([Type.Literal('nutrient'), Type.Literal('energyShare'), Type.Literal('foodGroup')]),
  /** nutrient key or food group */
  subject: Type.String(),
  ageRange: Type.String(),
  /** the day of a day's verdict; null for a week's average day (days: the days averaged) */
  day: Type.Union([Type.Integer(), Type.Null()]),
  days: Type.Array(Type.Integer()),
  mealCode: Type.Union([Type.Integer(), Type.Null()]),
  side: Type.Union([Type.Literal('min'), Type.Literal('max')]),
  needed: Type.Number(),
  /** the true limit over the dosage bounds alone: the most the row can reach ('min' side), the least ('max' side) */
  reached: Type.Number(),
  /** reached as % of the row's target */
  percent: Type.Union([Type.Number(), Type.Null()]),
  /** the row alone can be met within the bounds: it fails only together with the others */
  reachable: Type.Boolean(),
  unit: Type.String(),
  /** the reason in words */
  text: Type.String(),
  /** library dishes that bring what is missing (recipeConfig.aiMealsAllocate.allocateRecommendEnable) */
  suggestions: Type.Array(Suggestion),
});
export type UnmetConstraint = Static<typeof UnmetConstraint>;

const Score = Type.Union([Type.Number(), Type.Null()]);

export const AllocationGroup = Type.Object({
  ageRange: Type.String(),
  people: Type.Integer(),
  status: Type.Union([Type.Literal('optimal'), Type.Literal('infeasible'), Type.Literal('timeout'), Type.Literal('failed'), Type.Literal('empty')]),
  /** why there is no proposal (infeasible, timeout, failed, empty) */
  reason: Type.Union([Type.String(), Type.Null()]),
  unmet: Type.Array(UnmetConstraint),
  /** the analysis score of the week before and after (domain/nutritionAnalysis), null where it cannot be scored */
  scoreBefore: Score,
  scoreAfter: Score,
  passBefore: Type.Union([Type.Boolean(), Type.Null()]),
  passAfter: Type.Union([Type.Boolean(), Type.Null()]),
  /** verdict rows outside their band before and after */
  failingBefore: Type.Integer(),
  failingAfter: Type.Integer(),
  /** yuan per person for the week(s), and for all eaters of the group */
  costBefore: Type.Number(),
  costAfter: Type.Number(),
  totalCostBefore: Type.Number(),
  totalCostAfter: Type.Number(),
});
export type AllocationGroup = Static<typeof AllocationGroup>;

export const AllocationLine = Type.Object({
  day: Type.Integer(),
  mealCode: Type.Integer(),
  dishId: Type.String(),
  dishName: Type.String(),
  ageRange: Type.String(),
  /** grams per person */
  before: Type.Number(),
  after: Type.Number(),
  /** yuan per person */
  costBefore: Type.Number(),
  costAfter: Type.Number(),
});
export type AllocationLine = Static<typeof AllocationLine>;

export const AllocationProposal = Type.Object({
  cycleId: Type.String(),
  /** the cycle version the proposal was made on: send it back with the acceptance */
  version: Type.Integer(),
  weeks: Type.Array(Type.Integer()),
  mode: Mode,
  level: Type.Union([Type.Literal('week'), Type.Literal('day')]),
  /** recipeConfig.aiMealsAllocate label and tips */
  label: Type.String(),
  tip: Type.String(),
  /** the check boxes start ticked (aiMealsAllocate.defaultStatus) */
  defaultChecked: Type.Boolean(),
  /** every group solved */
  feasible: Type.Boolean(),
  groups: Type.Array(AllocationGroup),
  /** lines of the solved groups whose dosage changes (and those that stay, for the table) */
  lines: Type.Array(AllocationLine),
  /** foods no SKU the school buys prices: costed at 0 */
  unpricedFoods: Type.Array(Type.Object({ foodId: Type.String(), name: Type.String() })),
  /** the price date (effective approved prices on the first day of the weeks) */
  priceDate: Type.String(),
  elapsedMs: Type.Integer(),
});
export type AllocationProposal = Static<typeof AllocationProposal>;

export const AllocationSettings = Type.Object({
  enable: Type.Boolean(),
  label: Type.String(),
  tip: Type.String(),
  peopleTip: Type.String(),
  modes: Type.Array(Mode),
  defaultChecked: Type.Boolean(),
  recommend: Type.Boolean(),
});
export type AllocationSettings = Static<typeof AllocationSettings>;

export const AllocationAccept = Type.Object({
  /** the version the proposal was made on: a change made meanwhile is refused with 409 */
  version: Version,
  dosages: Type.Array(Type.Object({
    day: Type.Integer({ minimum: 0, maximum: 1000 }),
    mealCode: Type.Integer({ minimum: 0, maximum: 100 }),
    dishId: Type.String({ minLength: 1, maxLength: 128 }),
    ageRange: AgeRange,
    dosage: Type.Number(),
  }, { additionalProperties: false }), { minItems: 1, maxItems: 31 * 6 * RECIPE_LIMITS.dishesPerCell * 4 }),
}, { additionalProperties: false });
export type AllocationAccept = Static<typeof AllocationAccept>;

export const AllocationAccepted = Type.Object({ id: Type.String(), version: Type.Integer(), changed: Type.Integer() });
export type AllocationAccepted = Static<typeof AllocationAccepted>;

const base = '/v5/mall/recipe/cycle';

export const getAllocationSettings = endpoint({
  method: 'GET', path: `${base}/allocate/settings`, tags, response: AllocationSettings,
  summary: 'The org\'s smart meal allocation settings (recipeConfig.aiMealsAllocate with its defaults): label, tips, modes',
});
export const proposeAllocation = endpoint({
  method: 'POST', path: `${base}/{id}/allocate`, tags, params: IdParams, body: AllocationRequest, response: AllocationProposal,
  summary: 'Smart meal allocation: the cheapest per-person dosages of the week\'s dishes that bring every verdict inside its band (HiGHS LP); where none exist, the constraints that cannot be met and dishes to add',
});
export const acceptAllocation = endpoint({
  method: 'POST', path: `${base}/{id}/allocate/accept`, tags, params: IdParams, body: AllocationAccept, response: AllocationAccepted,
  summary: 'Write the accepted dosages into the cycle\'s cells (all, some or none of a proposal) at the version it was made on',
});
