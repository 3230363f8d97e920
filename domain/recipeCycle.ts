// Weekly recipe cycles (issue 9; §3 recipeConfig, nutritiousmeals; §6 recipe roles; §9 meal codes, meal
// patterns, cycle options, week starts Monday, recipe user limit). The rules the decider, the approval
// statechart, the server and the screen all read: one place.
import { AGE_RANGES, CYCLE_OPTIONS, MEAL_CODES, MEAL_PATTERN_CODES, RECIPE_USER_LIMIT_DEFAULT, WEEK_STARTS_ON } from './constants.ts';
import { parseDay } from './priceCycle.ts';
import { round6 } from './numberInput.ts';

export type CycleOption = (typeof CYCLE_OPTIONS)[number];
export type AgeRange = (typeof AGE_RANGES)[number];
/** §9 meal codes: 早餐 1, 早点 2, 午餐 3, 午点 4, 晚餐 5, 晚点 6 */
export type MealCode = 1 | 2 | 3 | 4 | 5 | 6;

export const BREAKFAST = MEAL_CODES['早餐'] as MealCode;
export const MORNING_SNACK = MEAL_CODES['早点'] as MealCode;
export const LUNCH = MEAL_CODES['午餐'] as MealCode;
export const AFTERNOON_SNACK = MEAL_CODES['午点'] as MealCode;
export const DINNER = MEAL_CODES['晚餐'] as MealCode;
export const EVENING_SNACK = MEAL_CODES['晚点'] as MealCode;

/** The Chinese name of each §9 meal code. */
export const MEAL_NAMES: Record<MealCode, string> = Object.fromEntries(Object.entries(MEAL_CODES).map(([name, code]) => [code, name])) as Record<MealCode, string>;

/**
 * §9 meal pattern codes → the meal codes a cycle of that pattern has. The pattern names say how many meals
 * (餐) and snacks (点): one meal is lunch; two meals add breakfast; three add dinner. Snacks follow the meals
 * in the order the day eats them: the afternoon snack first (it follows lunch), then the morning snack, then
 * the evening snack.
 */
export const MEAL_PATTERN_MEALS: Readonly<Record<number, readonly MealCode[]>> = {
  [MEAL_PATTERN_CODES['一餐']]: [LUNCH],
  [MEAL_PATTERN_CODES['一餐一点']]: [LUNCH, AFTERNOON_SNACK],
  [MEAL_PATTERN_CODES['一餐两点']]: [MORNING_SNACK, LUNCH, AFTERNOON_SNACK],
  [MEAL_PATTERN_CODES['一餐三点']]: [MORNING_SNACK, LUNCH, AFTERNOON_SNACK, EVENING_SNACK],
  [MEAL_PATTERN_CODES['两餐']]: [BREAKFAST, LUNCH],
  [MEAL_PATTERN_CODES['两餐一点']]: [BREAKFAST, LUNCH, AFTERNOON_SNACK],
  [MEAL_PATTERN_CODES['两餐两点']]: [BREAKFAST, MORNING_SNACK, LUNCH, AFTERNOON_SNACK],
  [MEAL_PATTERN_CODES['两餐三点']]: [BREAKFAST, MORNING_SNACK, LUNCH, AFTERNOON_SNACK, EVENING_SNACK],
  [MEAL_PATTERN_CODES['三餐']]: [BREAKFAST, LUNCH, DINNER],
  [MEAL_PATTERN_CODES['三餐一点']]: [BREAKFAST, LUNCH, AFTERNOON_SNACK, DINNER],
  [MEAL_PATTERN_CODES['三餐两点']]: [BREAKFAST, MORNING_SNACK, LUNCH, AFTERNOON_SNACK, DINNER],
  [MEAL_PATTERN_CODES['三餐三点']]: [BREAKFAST, MORNING_SNACK, LUNCH, AFTERNOON_SNACK, DINNER, EVENING_SNACK],
};

/** The pattern's name (一餐 …), or null for an unknown code. */
export function mealPatternName(code: number): string | null {
  return Object.entries(MEAL_PATTERN_CODES).find(([, c]) => c === code)?.[0] ?? null;
}

export const isMealPattern = (code: unknown): code is number => typeof code === 'number' && code in MEAL_PATTERN_MEALS;

/** The meal codes of a pattern, in the order of the day; empty for an unknown pattern. */
export function mealsOfPattern(pattern: number): readonly MealCode[] {
  return MEAL_PATTERN_MEALS[pattern] ?? [];
}

export const mealAllowed = (pattern: number, mealCode: number) => mealsOfPattern(pattern).includes(mealCode as MealCode);

/** Limits on what one cycle holds: anything beyond is a typing slip or an attack, refused before it is written. */
export const RECIPE_LIMITS = {
  nameMax: 50,
  /** weeks of a 'week' cycle */
  weeksMax: 8,
  /** dishes in one day × meal cell */
  dishesPerCell: 30,
  /** cells changed by one request (a whole 'month' cycle's cells: 31 days × 6 meals) */
  cellsPerRequest: 31 * 6,
  /** eaters of one age group */
  peopleMax: 100_000,
  /** grams per person of one dish: more than a kilogram of one dish is not a school portion */
  dosageMaxG: 1000,
  remarkMax: 500,
} as const;

export interface AgeGroup {
  ageRange: AgeRange;
  /** eaters in this age group (§3 meals-people) */
  people: number;
}

/** A dish in a cell with its per-person dosage in grams for each age group of the cycle. */
export interface CellDish {
  dishId: string;
  dosages: Partial<Record<AgeRange, number>>;
}

export interface Cell {
  /** 0-based day of the cycle (0 = its start date) */
  day: number;
  mealCode: MealCode;
  dishes: CellDish[];
}

const DAY_MS = 86_400_000;

export const isMonday = (date: string) => parseDay(date)?.getUTCDay() === WEEK_STARTS_ON;

/** The days a cycle spans: whole weeks for 'week'; the days of the start date's month for 'month' (it starts on the 1st). */
export function cycleDays(cycle: { startDate: string; cycleOption: CycleOption; weeks: number }): number {
  if (cycle.cycleOption === 'week') return cycle.weeks * 7;
  const d = parseDay(cycle.startDate);
  if (!d) return 0;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
}

/** The calendar date 'YYYY-MM-DD' of a day of the cycle. */
export function dateOfDay(startDate: string, day: number): string {
  const d = parseDay(startDate);
  return d ? new Date(d.getTime() + day * DAY_MS).toISOString().slice(0, 10) : '';
}

/** The last date of the cycle. */
export const cycleEndDate = (cycle: { startDate: string; cycleOption: CycleOption; weeks: number }) => dateOfDay(cycle.startDate, cycleDays(cycle) - 1);

export const RECIPE_TEXT = {
  nameEmpty: '参数错误：食谱名称不能为空',
  nameTooLong: `参数错误：食谱名称不能超过 ${RECIPE_LIMITS.nameMax} 个字`,
  badStart: '参数错误：开始日期格式应为 YYYY-MM-DD',
  notMonday: '参数错误：周食谱的开始日期必须是星期一',
  notFirstOfMonth: '参数错误：月食谱的开始日期必须是每月 1 日',
  badWeeks: `参数错误：周数须为 1-${RECIPE_LIMITS.weeksMax} 的整数`,
  badPattern: '参数错误：未知的餐次模式',
  noAgeGroups: '参数错误：至少选择一个年龄段',
  badAgeGroup: `参数错误：年龄段只能是 ${AGE_RANGES.join('、')}，且不能重复`,
  badPeople: `参数错误：就餐人数须为 0-${RECIPE_LIMITS.peopleMax} 的整数`,
  notFound: '周食谱不存在',
  notEditable: '周食谱已提交或已发布，不能修改；请先撤回',
  dayOutside: (day: number, days: number) => `参数错误：第 ${day + 1} 天不在食谱周期内（共 ${days} 天）`,
  mealNotInPattern: (mealCode: number, pattern: number) =>
    `参数错误：餐次 ${MEAL_NAMES[mealCode as MealCode] ?? mealCode} 不在餐次模式「${mealPatternName(pattern) ?? pattern}」内`,
  tooManyDishes: `参数错误：每个餐次最多 ${RECIPE_LIMITS.dishesPerCell} 道菜`,
  duplicateDish: '参数错误：同一餐次中菜品不能重复',
  duplicateCell: '参数错误：同一天同一餐次只能出现一次',
  unknownDish: (ids: string[]) => `参数错误：菜品不存在：${ids.slice(0, 5).join('、')}${ids.length > 5 ? ' 等' : ''}`,
  badDosage: `参数错误：用量须为大于 0、不超过 ${RECIPE_LIMITS.dosageMaxG} 克的数`,
  noDosage: (dishName: string) => `参数错误：菜品「${dishName}」没有份量，请填写用量`,
  dosageAgeGroup: '参数错误：用量的年龄段不在本食谱的年龄段内',
  sameDay: '参数错误：复制的来源和目标不能相同',
  empty: '周食谱还没有菜品，不能提交或发布',
  notSubmitted: '只有已提交的周食谱可以审核',
  remarkRequired: '驳回周食谱时请填写驳回原因',
  remarkTooLong: `驳回原因不能超过 ${RECIPE_LIMITS.remarkMax} 个字`,
  cannotPublish: '只有审核通过的周食谱可以发布',
  notPublished: '只有已发布的周食谱可以撤回',
  notAuthor: '您没有修改此周食谱的权限',
  userLimit: (limit: number, used: number) => `每位用户最多可新建 ${limit} 个周食谱（您已新建 ${used} 个），如需更多请联系管理员`,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Approval lifecycle (issue 9): draft → submitted → approved | rejected → published → withdrawn; rejected and
// withdrawn cycles go back to draft when edited. Without approval (recipeConfig.recipeApprovalEnable off) a
// draft is published directly.

export const RECIPE_CYCLE_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'published', 'withdrawn'] as const;
export type RecipeCycleStatus = (typeof RECIPE_CYCLE_STATUSES)[number];

/** Cells, name and age groups change only while nobody is reviewing or eating from the cycle. */
export const isEditable = (status: RecipeCycleStatus) => status === 'draft' || status === 'rejected' || status === 'withdrawn';
/** An edit of a rejected or withdrawn cycle makes it a draft again. */
export const reopensOnEdit = (status: RecipeCycleStatus) => status === 'rejected' || status === 'withdrawn';
export const canSubmit = (status: RecipeCycleStatus, approvalEnabled: boolean) => approvalEnabled && isEditable(status);
export const canReview = (status: RecipeCycleStatus) => status === 'submitted';
export const canPublish = (status: RecipeCycleStatus, approvalEnabled: boolean) => status === 'approved' || (!approvalEnabled && isEditable(status));
export const canWithdraw = (status: RecipeCycleStatus) => status === 'published' || status === 'submitted' || status === 'approved';
/** A deleted cycle was never eaten from: published ones are withdrawn first. */
export const canDelete = (status: RecipeCycleStatus) => isEditable(status);
/** The refusal of a rejection's remark, or null when it is a remark. */
export function remarkRefusal(remark: string | undefined): string | null {
  const r = (remark ?? '').trim();
  if (!r) return RECIPE_TEXT.remarkRequired;
  if (r.length > RECIPE_LIMITS.remarkMax) return RECIPE_TEXT.remarkTooLong;
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Recipe user limit (§9: default 5 new cycles per user, floored, plus per-user extra times; off for system
// providers; bypassed in development; §3 nutritiousmeals.mallRecipeUserLimiteEnable switches it for an org).

export interface RecipeQuota {
  /** the org's switch (nutritiousmeals.mallRecipeUserLimiteEnable) */
  enabled: boolean;
  /** system providers (§6) and whitelisted users are not limited */
  exempt: boolean;
  /** the configured limit (the app's mallRecipeUserLimite), default 5; floored */
  limit?: number | null;
  /** the user's extra times (form table mallRecipeCycleUserLimite); floored */
  extra?: number | null;
  /** cycles this user has created in this org so far */
  used: number;
}

/** How many cycles the user may create in all: the limit floored plus the extra floored. */
export function recipeUserLimit(quota: Pick<RecipeQuota, 'limit' | 'extra'>): number {
  const base = typeof quota.limit === 'number' && Number.isFinite(quota.limit) && quota.limit >= 0 ? Math.floor(quota.limit) : RECIPE_USER_LIMIT_DEFAULT;
  const extra = typeof quota.extra === 'number' && Number.isFinite(quota.extra) && quota.extra > 0 ? Math.floor(quota.extra) : 0;
  return base + extra;
}

/** The refusal text when one more cycle would pass the user's limit, else null. */
export function recipeQuotaRefusal(quota: RecipeQuota): string | null {
  if (!quota.enabled || quota.exempt) return null;
  const limit = recipeUserLimit(quota);
  return quota.used >= limit ? RECIPE_TEXT.userLimit(limit, quota.used) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Who sees and who changes a cycle (§6 recipe roles 1 purchaser, 2 supplier, 5 dietitian)

export interface RecipeViewer {
  /** admin_ / manage_admin_ / 999 in this org (§6 system provider or admin) */
  admin: boolean;
  /** role codes the viewer holds in the org */
  roleCodes: readonly string[];
  userId: string;
}

/** Dietitians and org admins write recipe cycles; a purchaser writes the ones she authored. */
export const isRecipeEditor = (v: RecipeViewer) => v.admin || v.roleCodes.includes('5');
/** Everyone else reads only published cycles (the schools' purchasers, suppliers). */
export function seesUnpublished(v: RecipeViewer, authorId: string): boolean {
  return isRecipeEditor(v) || authorId === v.userId;
}
export function mayEdit(v: RecipeViewer, authorId: string): boolean {
  return isRecipeEditor(v) || (authorId === v.userId && v.roleCodes.includes('1'));
}
/** May create a cycle: an editor, or a purchaser (who then edits what she authored). */
export const mayCreate = (v: RecipeViewer) => isRecipeEditor(v) || v.roleCodes.includes('1');

/**
 * Grams per portion of a dish: the sum of its ingredient lines — the dosage of an age group a cell gives none
 * for. Stored lines are read as they are: a line without a finite weight counts 0.
 */
export function dishPortion(lines: unknown): number {
  if (!Array.isArray(lines)) return 0;
  return round6(lines.reduce<number>((sum, l) => {
    const w = (l as { weight?: unknown } | null)?.weight;
    return sum + (typeof w === 'number' && Number.isFinite(w) ? w : 0);
  }, 0));
}
