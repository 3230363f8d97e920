// §3 spec/setting: the recipe settings of mallRecipeSpec (issue 9), stored as the org's spec records by their
// Chinese names (§7 /v4/mall/spec): the purchase-plan export content, meals-people (options.mealsPeople: the
// number of eaters a new cycle's age groups start with) and food-taboo (options.foodTaboosEnable). The spec decider checks their options with this rule, so a setting
// written through any path has the shape the recipe screens read.
import { RECIPE_LIMITS } from './recipeCycle.ts';

export const RECIPE_SETTING_NAMES = {
  purchasePlanExport: '采购计划导出内容',
  mealsPeople: '就餐人数',
  foodTaboo: '食物禁忌',
} as const;
export type RecipeSettingKey = keyof typeof RECIPE_SETTING_NAMES;

/** The columns a purchase plan export may hold, in sheet order. */
export const PURCHASE_PLAN_EXPORT_FIELDS = ['foodName', 'spec', 'unit', 'quantity', 'price', 'amount', 'supplier', 'mealDate', 'remark'] as const;
export type PurchasePlanExportField = (typeof PURCHASE_PLAN_EXPORT_FIELDS)[number];

/** The options each setting has when nobody has saved it yet. */
export const RECIPE_SETTING_DEFAULTS = {
  purchasePlanExport: { exportContent: ['foodName', 'spec', 'unit', 'quantity', 'price', 'amount'] as PurchasePlanExportField[] },
  mealsPeople: { mealsPeople: 0 },
  foodTaboo: { foodTaboosEnable: false },
} as const;

export const RECIPE_SETTING_TEXT = {
  exportEmpty: '参数错误：采购计划导出内容至少选择一项',
  exportUnknown: (f: string) => `参数错误：采购计划导出内容不支持「${f}」`,
  notBoolean: (key: string) => `参数错误：${key} 须为布尔值`,
  badMealsPeople: `参数错误：就餐人数须为 0-${RECIPE_LIMITS.peopleMax} 的整数`,
  unknownOption: (key: string) => `参数错误：设置项 ${key} 不存在`,
} as const;

const keyOfName = (name: string): RecipeSettingKey | undefined =>
  (Object.keys(RECIPE_SETTING_NAMES) as RecipeSettingKey[]).find((k) => RECIPE_SETTING_NAMES[k] === name.trim());

/** The refusal of a recipe setting's options, or null (also for a spec that is not a recipe setting). */
export function recipeSettingRefusal(name: string, options: Record<string, unknown>): string | null {
  const key = keyOfName(name);
  if (!key) return null;
  const allowed = Object.keys(RECIPE_SETTING_DEFAULTS[key]);
  const unknown = Object.keys(options).find((k) => !allowed.includes(k));
  if (unknown) return RECIPE_SETTING_TEXT.unknownOption(unknown);
  if (key === 'purchasePlanExport') {
    const c = options.exportContent;
    if (!Array.isArray(c) || c.length === 0) return RECIPE_SETTING_TEXT.exportEmpty;
    const bad = c.find((f) => !(PURCHASE_PLAN_EXPORT_FIELDS as readonly unknown[]).includes(f));
    return bad === undefined ? null : RECIPE_SETTING_TEXT.exportUnknown(String(bad));
  }
  if (key === 'mealsPeople') {
    const n = options.mealsPeople;
    return Number.isInteger(n) && (n as number) >= 0 && (n as number) <= RECIPE_LIMITS.peopleMax ? null : RECIPE_SETTING_TEXT.badMealsPeople;
  }
  return typeof options.foodTaboosEnable === 'boolean' ? null : RECIPE_SETTING_TEXT.notBoolean('foodTaboosEnable');
}

/** The settings as the screens read them: each saved one's options, else its defaults. */
export function recipeSettingsOf(specs: readonly { name: string; options: Record<string, unknown> }[]) {
  const saved = (key: RecipeSettingKey) => specs.find((s) => s.name === RECIPE_SETTING_NAMES[key])?.options;
  const exportContent = saved('purchasePlanExport')?.exportContent;
  return {
    exportContent: Array.isArray(exportContent) ? exportContent.filter((f): f is PurchasePlanExportField => (PURCHASE_PLAN_EXPORT_FIELDS as readonly unknown[]).includes(f))
      : [...RECIPE_SETTING_DEFAULTS.purchasePlanExport.exportContent],
    mealsPeople: Number.isInteger(saved('mealsPeople')?.mealsPeople) ? saved('mealsPeople')!.mealsPeople as number : RECIPE_SETTING_DEFAULTS.mealsPeople.mealsPeople,
    foodTaboosEnable: typeof saved('foodTaboo')?.foodTaboosEnable === 'boolean' ? saved('foodTaboo')!.foodTaboosEnable as boolean : RECIPE_SETTING_DEFAULTS.foodTaboo.foodTaboosEnable,
  };
}

/** The eaters each §9 age group of a new cycle starts with when the org has set nothing (two primary-school groups). */
export const NEW_CYCLE_PEOPLE_FALLBACK: Readonly<Record<string, string>> = { '6-8': '100', '9-11': '100', '12-14': '', '15-17': '' };

/**
 * The age groups a new cycle starts with (issue 9): the enabled people groups marked default whose age range is a §9
 * age range, each with the meals-people count (blank when it is 0); with no default group, the fallback.
 */
export function newCyclePeople(
  groups: readonly { ageRange: string; enable: number | boolean; defaultEnable: number | boolean }[], mealsPeople: number, ageRanges: readonly string[],
): Record<string, string> {
  const chosen = new Set(groups.filter((g) => g.enable && g.defaultEnable && ageRanges.includes(g.ageRange)).map((g) => g.ageRange));
  if (chosen.size === 0) return { ...NEW_CYCLE_PEOPLE_FALLBACK };
  const count = mealsPeople > 0 ? String(mealsPeople) : '';
  return Object.fromEntries(ageRanges.map((r) => [r, chosen.has(r) ? count || '0' : '']));
}
