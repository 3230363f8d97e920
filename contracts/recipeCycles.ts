// §2 mallRecipeCycleManage (issue 9): the weekly recipe cycle endpoints (§7 /v4/mall/recipe/cycle).
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { Id, IdParams, Paging, Removed, Version } from './common.ts';
import { AGE_RANGES, CYCLE_OPTIONS, PAGE } from '../domain/constants.ts';
import { RECIPE_CYCLE_STATUSES, RECIPE_LIMITS } from '../domain/recipeCycle.ts';

const tags = ['recipeCycles'];

// spelled out (a mapped array loses the literal types); domain keeps the lists, a unit test could compare
const AgeRange = Type.Union([Type.Literal('6-8'), Type.Literal('9-11'), Type.Literal('12-14'), Type.Literal('15-17')]);
const Status = Type.Union([
  Type.Literal('draft'), Type.Literal('submitted'), Type.Literal('approved'), Type.Literal('rejected'), Type.Literal('published'), Type.Literal('withdrawn'),
]);
const CycleOption = Type.Union([Type.Literal('week'), Type.Literal('month')]);
// the spelled-out unions name exactly the domain's lists
const _sameLists: [typeof AGE_RANGES[number], typeof RECIPE_CYCLE_STATUSES[number], typeof CYCLE_OPTIONS[number]] extends
  [Static<typeof AgeRange>, Static<typeof Status>, Static<typeof CycleOption>] ? true : never = true;
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const AgeGroup = Type.Object({ ageRange: AgeRange, people: Type.Integer({ minimum: 0, maximum: RECIPE_LIMITS.peopleMax }) }, { additionalProperties: false });

/** grams per person per age group; the rules (positive, at most RECIPE_LIMITS.dosageMaxG) are the decider's, with its words */
const Dosages = Type.Record(Type.String({ maxLength: 8 }), Type.Number(), { maxProperties: AGE_RANGES.length });

export const CellDish = Type.Object({ dishId: Id, dosages: Dosages });
export const CellDishInput = Type.Object({ dishId: Id, dosages: Type.Optional(Dosages) }, { additionalProperties: false });

export const Cell = Type.Object({
  /** 0-based day of the cycle */
  day: Type.Integer(),
  /** §9 meal code */
  mealCode: Type.Integer(),
  dishes: Type.Array(CellDish),
});
export type Cell = Static<typeof Cell>;

export const CellInput = Type.Object({
  day: Type.Integer({ minimum: -1000, maximum: 1000 }),
  mealCode: Type.Integer({ minimum: -1000, maximum: 1000 }),
  // a cell holds at most RECIPE_LIMITS.dishesPerCell; a little slack so the decider says it in its own words
  dishes: Type.Array(CellDishInput, { maxItems: RECIPE_LIMITS.dishesPerCell * 2 }),
}, { additionalProperties: false });

/** A cycle in a list: its header, status and how many cells hold dishes. */
export const RecipeCycleRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  cycleOption: CycleOption,
  weeks: Type.Integer(),
  /** days the cycle spans */
  days: Type.Integer(),
  mealPattern: Type.Number(),
  /** the meal codes of the pattern, in the order of the day */
  mealCodes: Type.Array(Type.Integer()),
  ageGroups: Type.Array(AgeGroup),
  status: Status,
  /** the approver's remark (why it was rejected) */
  remark: Type.String(),
  cellCount: Type.Integer(),
  createdBy: Type.String(),
  createdByName: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** sent back with a change: a change made meanwhile is refused with 409 */
  version: Type.Integer(),
});
export type RecipeCycleRow = Static<typeof RecipeCycleRow>;

/** The viewer's standing on the cycles of this org: what the screen offers. */
export const RecipeCycleAbilities = Type.Object({
  create: Type.Boolean(),
  edit: Type.Boolean(),
  approve: Type.Boolean(),
  approvalEnabled: Type.Boolean(),
});
export type RecipeCycleAbilities = Static<typeof RecipeCycleAbilities>;

export const RecipeCycleDetail = Type.Object({
  ...RecipeCycleRow.properties,
  cells: Type.Array(Cell),
  /** the dishes the cells name, with their names and categories (a dish deleted since shows its id only) */
  dishes: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), categoryId: Type.String() })),
  abilities: RecipeCycleAbilities,
});
export type RecipeCycleDetail = Static<typeof RecipeCycleDetail>;

export const RecipeCycleQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Status),
  /** the semester (§9 defaults or org config nutritiousmeals.semester) the cycle starts in */
  semester: Type.Optional(Type.Union([Type.Literal('first'), Type.Literal('second')])),
  /** the year the school year starts (with semester) */
  schoolYear: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
  ...Paging(PAGE.recipeList),
}, { additionalProperties: false });
export type RecipeCycleQuery = Static<typeof RecipeCycleQuery>;

export const RecipeCycleList = Type.Object({
  rows: Type.Array(RecipeCycleRow),
  count: Type.Integer(),
  abilities: RecipeCycleAbilities,
  /** the org's semesters (§9 defaults where unset), for the filter */
  semesters: Type.Object({
    first: Type.Object({ start: Type.String(), end: Type.String() }),
    second: Type.Object({ start: Type.String(), end: Type.String() }),
  }),
});
export type RecipeCycleList = Static<typeof RecipeCycleList>;

export const RecipeCycleInput = Type.Object({
  name: Type.String({ maxLength: RECIPE_LIMITS.nameMax * 2 }),
  startDate: Day,
  cycleOption: CycleOption,
  weeks: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  mealPattern: Type.Number(),
  ageGroups: Type.Array(AgeGroup, { maxItems: AGE_RANGES.length * 2 }),
}, { additionalProperties: false });
export type RecipeCycleInput = Static<typeof RecipeCycleInput>;

export const RecipeCycleChange = Type.Object({
  name: Type.Optional(Type.String({ maxLength: RECIPE_LIMITS.nameMax * 2 })),
  mealPattern: Type.Optional(Type.Number()),
  ageGroups: Type.Optional(Type.Array(AgeGroup, { maxItems: AGE_RANGES.length * 2 })),
  version: Type.Optional(Version),
}, { additionalProperties: false, minProperties: 1 });
export type RecipeCycleChange = Static<typeof RecipeCycleChange>;

export const RecipeCellsChange = Type.Object({
  cells: Type.Array(CellInput, { minItems: 1, maxItems: RECIPE_LIMITS.cellsPerRequest }),
  version: Type.Optional(Version),
}, { additionalProperties: false });
export type RecipeCellsChange = Static<typeof RecipeCellsChange>;

export const RecipeCopy = Type.Union([
  Type.Object({ fromDay: Type.Integer(), toDay: Type.Integer(), version: Type.Optional(Version) }, { additionalProperties: false }),
  Type.Object({ fromWeek: Type.Integer(), toWeek: Type.Integer(), version: Type.Optional(Version) }, { additionalProperties: false }),
]);
export type RecipeCopy = Static<typeof RecipeCopy>;

export const RecipeDecision = Type.Object({
  remark: Type.Optional(Type.String({ maxLength: RECIPE_LIMITS.remarkMax * 2 })),
  version: Type.Optional(Version),
}, { additionalProperties: false });
export type RecipeDecision = Static<typeof RecipeDecision>;

const base = '/v4/mall/recipe/cycle';

export const listRecipeCycles = endpoint({
  method: 'GET', path: base, tags, querystring: RecipeCycleQuery, response: RecipeCycleList,
  summary: 'Recipe cycles of the current org, newest start first; purchasers who did not write them and suppliers see published ones only',
});
export const getRecipeCycle = endpoint({ method: 'GET', path: `${base}/{id}`, tags, params: IdParams, response: RecipeCycleDetail, summary: 'One cycle with its cells' });
export const createRecipeCycle = endpoint({
  method: 'POST', path: base, tags, body: RecipeCycleInput, response: RecipeCycleDetail,
  summary: 'Create a cycle (a week cycle starts on a Monday; the recipe user limit of §9 applies)',
});
export const updateRecipeCycle = endpoint({
  method: 'PUT', path: `${base}/{id}`, tags, params: IdParams, body: RecipeCycleChange, response: RecipeCycleDetail,
  summary: 'Change name, meal pattern or eaters per age group (version or If-Match; stale → 409)',
});
export const deleteRecipeCycle = endpoint({
  method: 'DELETE', path: `${base}/{id}`, tags, params: IdParams, response: Removed,
  summary: 'Delete a cycle that is not submitted, approved or published (If-Match; stale → 409)',
});
export const setRecipeCells = endpoint({
  method: 'PUT', path: `${base}/{id}/cell`, tags, params: IdParams, body: RecipeCellsChange, response: RecipeCycleDetail,
  summary: 'Set day × meal cells (dishes with dosages per age group; the dish portion where none is sent; no dishes empties the cell)',
});
export const copyRecipeCycle = endpoint({
  method: 'POST', path: `${base}/{id}/copy`, tags, params: IdParams, body: RecipeCopy, response: RecipeCycleDetail,
  summary: 'Copy a day onto another day ({fromDay, toDay}) or a week onto another week ({fromWeek, toWeek})',
});

const action = (name: string, summary: string) => endpoint({
  method: 'POST', path: `${base}/{id}/${name}`, tags, params: IdParams, body: RecipeDecision, response: RecipeCycleRow, summary,
});
export const submitRecipeCycle = action('submit', 'Submit a draft for approval; where nobody approves (GET /v5/mall/recipe/approvers mode none) it is published at once, logged as without approval');
export const approveRecipeCycle = action('approve', "Approve a submitted cycle: an approver of the org's rule (/v5/mall/recipe/approvers), not the one who submitted it");
export const rejectRecipeCycle = action('reject', 'Reject a submitted cycle with a remark');
export const publishRecipeCycle = action('publish', 'Publish an approved cycle (a draft directly when approval is off)');
export const withdrawRecipeCycle = action('withdraw', 'Withdraw a published (or submitted) cycle');
