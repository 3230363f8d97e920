// Sharing and exporting recipe cycles (issue 9; §5 template protection and the parameter-error rule, §7 recipe
// share and exceltpl, §9 cycle options, week starts Monday, standard org): the rules the deciders, the server
// and the screens read, once.
import { PROTECTED_RECIPE_SHARE_TEMPLATE_MAX_ID, WEEK_STARTS_ON } from './constants.ts';
import { parseDay } from './priceCycle.ts';
import { MEAL_NAMES, cycleDays, dateOfDay, type CycleOption, type MealCode } from './recipeCycle.ts';

/** §5 / §8 texts of the recipe share and Excel template calls. */
export const SHARING_TEXT = {
  /** §5: a share template update without an id, or with a protected id (7 or below) */
  missingTemplateNumber: '缺少模板编号',
  /** §5 / §8 the generic parameter error */
  parameterError: '参数错误',
  shareNameEmpty: '参数错误：分享名称不能为空',
  shareNameTooLong: '参数错误：分享名称不能超过 50 个字',
  shareNoOrgs: '参数错误：请选择接收分享的机构',
  shareTooManyOrgs: '参数错误：一次最多分享给 200 个机构',
  shareSelf: '参数错误：不能分享给本机构',
  shareCycleUnknown: '要分享的周食谱不存在',
  shareNotFound: '食谱分享不存在',
  shareExists: '食谱分享已存在',
  templateNameEmpty: '参数错误：模板名称不能为空',
  templateNameTooLong: '参数错误：模板名称不能超过 50 个字',
  templateTitleTooLong: '参数错误：表头标题不能超过 100 个字',
  templateBadLayout: '参数错误：未知的表格版式',
  templateNotFound: 'Excel 模板不存在',
  templateExists: 'Excel 模板已存在',
  templateBuiltIn: '系统模板不能修改或删除',
  cloudNotFound: '云食谱不存在',
  cloudOnlyPlatform: '只有平台可以发布云食谱',
  cloudNotPublished: '只有已发布的周食谱可以发布为云食谱',
  categoryMissing: (name: string) => `本机构没有菜品分类「${name}」，请先在菜品分类中新建后再复制`,
} as const;

export const SHARE_LIMITS = { nameMax: 50, orgsMax: 200, remarkMax: 200 } as const;

/**
 * §5: a share template id the caller may change: present, a whole number, above the protected built-in ids
 * (§9: up to 7). The refusal text otherwise (the missing template number message).
 */
export function shareTemplateIdRefusal(id: unknown): string | null {
  const n = typeof id === 'string' && /^\d{1,12}$/.test(id.trim()) ? Number(id.trim()) : typeof id === 'number' ? id : NaN;
  if (!Number.isInteger(n) || n <= PROTECTED_RECIPE_SHARE_TEMPLATE_MAX_ID) return SHARING_TEXT.missingTemplateNumber;
  return null;
}

/** The first id new shares take: every id up to the protected maximum is the platform's. */
export const FIRST_SHARE_ID = PROTECTED_RECIPE_SHARE_TEMPLATE_MAX_ID + 1;

/** §5: an Excel template call that needs an id and has none (empty, blank) is a parameter error. */
export const excelTemplateIdRefusal = (id: unknown): string | null =>
  typeof id === 'string' && id.trim().length > 0 && id.length <= 128 ? null : SHARING_TEXT.parameterError;

// ---------------------------------------------------------------------------------------------------------
// Excel templates: how a week of a cycle is laid out in the exported sheet.

export const EXCEL_LAYOUTS = ['mealRows', 'dayRows'] as const;
export type ExcelLayout = (typeof EXCEL_LAYOUTS)[number];

export interface ExcelTemplateFields {
  name: string;
  /** mealRows: one row per meal, one column per day; dayRows: one row per day, one column per meal */
  layout: ExcelLayout;
  /** the title line above the table; empty: the cycle's name */
  title: string;
  /** each dish followed by its grams per person for every age group */
  showDosage: boolean;
  /** weekends included even when no dish is planned on them */
  showWeekend: boolean;
}

export const TEMPLATE_LIMITS = { nameMax: 50, titleMax: 100 } as const;

/** The template every org has without making one (§7 list: the built-in first). Not stored; not changed. */
export const BUILT_IN_EXCEL_TEMPLATE: ExcelTemplateFields & { id: string } = {
  id: 'builtin-week', name: '标准周食谱（系统）', layout: 'mealRows', title: '', showDosage: true, showWeekend: false,
};
export const isBuiltInExcelTemplate = (id: string) => id === BUILT_IN_EXCEL_TEMPLATE.id;

export function excelTemplateRefusal(f: Partial<ExcelTemplateFields>): string | null {
  if (f.name !== undefined) {
    if (!f.name.trim()) return SHARING_TEXT.templateNameEmpty;
    if (f.name.trim().length > TEMPLATE_LIMITS.nameMax) return SHARING_TEXT.templateNameTooLong;
  }
  if (f.title !== undefined && f.title.trim().length > TEMPLATE_LIMITS.titleMax) return SHARING_TEXT.templateTitleTooLong;
  if (f.layout !== undefined && !(EXCEL_LAYOUTS as readonly string[]).includes(f.layout)) return SHARING_TEXT.templateBadLayout;
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Weeks of a cycle (§9 weeks start Monday): a week cycle starts on a Monday, so its weeks are runs of 7 days;
// a month cycle starts on the 1st, so its first and last weeks are cut by the month.

/** 0 = Monday … 6 = Sunday, of a day of the cycle. */
export function weekdayOf(startDate: string, day: number): number {
  const d = parseDay(dateOfDay(startDate, day));
  return d ? (d.getUTCDay() - WEEK_STARTS_ON + 7) % 7 : 0;
}

/** The cycle's days grouped into Monday-to-Sunday weeks. */
export function cycleWeeks(cycle: { startDate: string; cycleOption: CycleOption; weeks: number }): number[][] {
  const days = cycleDays(cycle);
  const weeks: number[][] = [];
  for (let day = 0; day < days; day++) {
    if (day === 0 || weekdayOf(cycle.startDate, day) === 0) weeks.push([]);
    weeks[weeks.length - 1].push(day);
  }
  return weeks;
}

/** Pairs of (from, to) days copying week `from` onto week `to`, matched by weekday (a cut week copies what both have). */
export function weekCopyPairs(weeks: readonly (readonly number[])[], startDate: string, from: number, to: number): [number, number][] {
  const target = new Map((weeks[to] ?? []).map((d) => [weekdayOf(startDate, d), d]));
  return (weeks[from] ?? []).flatMap((d) => {
    const t = target.get(weekdayOf(startDate, d));
    return t === undefined ? [] : [[d, t] as [number, number]];
  });
}

// ---------------------------------------------------------------------------------------------------------
// A week as an exported table (the Excel export; pure, so the file's content is tested without a browser).

export interface WeekTableInput {
  cycle: { name: string; startDate: string; ageGroups: readonly { ageRange: string }[] };
  days: readonly number[];
  mealCodes: readonly number[];
  cells: readonly { day: number; mealCode: number; dishes: readonly { dishId: string; dosages: Readonly<Record<string, number>> }[] }[];
  dishName: (dishId: string) => string;
  template: Pick<ExcelTemplateFields, 'layout' | 'title' | 'showDosage' | 'showWeekend'>;
  /** the words of the screen's language: weekday names Monday first, meal names, the corner header */
  labels: { weekdays: readonly string[]; meal: (code: number) => string; corner: string; grams: string };
}

export interface WeekTable {
  title: string;
  /** the header row first; every cell a text (dishes of one cell on separate lines) */
  rows: string[][];
}

export function weekTable(input: WeekTableInput): WeekTable {
  const { cycle, template, labels } = input;
  const cellOf = (day: number, meal: number) => input.cells.find((c) => c.day === day && c.mealCode === meal)?.dishes ?? [];
  const planned = (day: number) => input.mealCodes.some((m) => cellOf(day, m).length > 0);
  const days = input.days.filter((d) => template.showWeekend || weekdayOf(cycle.startDate, d) < 5 || planned(d));
  const dayHeader = (d: number) => `${labels.weekdays[weekdayOf(cycle.startDate, d)]} ${dateOfDay(cycle.startDate, d)}`;
  const text = (day: number, meal: number) => cellOf(day, meal).map((x) => {
    const name = input.dishName(x.dishId);
    if (!template.showDosage) return name;
    const grams = cycle.ageGroups.map((g) => `${g.ageRange} ${x.dosages[g.ageRange] ?? '-'}${labels.grams}`).join(' / ');
    return `${name}（${grams}）`;
  }).join('\n');
  const title = template.title.trim() || cycle.name;
  if (template.layout === 'dayRows') {
    return {
      title,
      rows: [[labels.corner, ...input.mealCodes.map(labels.meal)], ...days.map((d) => [dayHeader(d), ...input.mealCodes.map((m) => text(d, m))])],
    };
  }
  return {
    title,
    rows: [[labels.corner, ...days.map(dayHeader)], ...input.mealCodes.map((m) => [labels.meal(m), ...days.map((d) => text(d, m))])],
  };
}

/** The Chinese meal name of a §9 meal code (files and logs read by people of the org). */
export const mealName = (code: number) => MEAL_NAMES[code as MealCode] ?? String(code);

// ---------------------------------------------------------------------------------------------------------
// The recipe log: what one event of a cycle's stream changed, in terms the screen words (issue 9).

export interface RecipeLogDetail {
  /** the days (0-based) whose cells changed */
  days?: number[];
  /** the meal codes whose cells changed */
  meals?: number[];
  fromDay?: number;
  toDay?: number;
  fromWeek?: number;
  toWeek?: number;
  /** header fields changed (name, mealPattern, ageGroups) */
  fields?: string[];
  name?: string;
  remark?: string;
  /** a copy: where it came from */
  copiedFrom?: string;
  /** published with no approval: the org has none (issue 28) */
  withoutApproval?: boolean;
}

const uniqSorted = (ns: number[]) => [...new Set(ns)].sort((a, b) => a - b);

/** What the screen needs to say about one event of a cycle's stream. */
export function recipeLogDetail(type: string, data: Record<string, unknown>): RecipeLogDetail {
  const cells = Array.isArray(data.cells) ? (data.cells as { day?: unknown; mealCode?: unknown }[]) : [];
  const nums = (k: 'day' | 'mealCode') => uniqSorted(cells.map((c) => c[k]).filter((v): v is number => typeof v === 'number'));
  const num = (k: string) => (typeof data[k] === 'number' ? (data[k] as number) : undefined);
  const str = (k: string) => (typeof data[k] === 'string' && data[k] ? (data[k] as string) : undefined);
  switch (type) {
    case 'RecipeCycleCreated': {
      const from = data.copiedFrom as { name?: unknown } | undefined;
      return { name: str('name'), ...(from && typeof from.name === 'string' && { copiedFrom: from.name }) };
    }
    case 'RecipeCycleUpdated':
      return { fields: ['name', 'mealPattern', 'ageGroups'].filter((k) => data[k] !== undefined), name: str('name') };
    case 'RecipeCycleCellsSet':
      return { days: nums('day'), meals: nums('mealCode') };
    case 'RecipeCycleDayCopied':
      return { fromDay: num('fromDay'), toDay: num('toDay'), meals: nums('mealCode') };
    case 'RecipeCycleWeekCopied':
      return { fromWeek: num('fromWeek'), toWeek: num('toWeek'), days: nums('day') };
    case 'RecipeCycleApproved':
    case 'RecipeCycleRejected':
      return { remark: str('remark') };
    case 'RecipeCyclePublished':
      return data.withoutApproval === true ? { withoutApproval: true } : {};
    default:
      return {};
  }
}
