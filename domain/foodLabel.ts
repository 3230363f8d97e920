// §3 "Default food-label field configuration": the fields a printed food label may carry, their groups,
// defaults and options, and the pure edits the food-label settings screen makes (reorder, enable, custom
// labels and options) with the validation the server applies to a stored configuration.

/** §3 groups in order: food basic info, food date info, producer, consignor, consignee, other. */
export const FOOD_LABEL_GROUPS = ['foodbase', 'fooddate', 'producer', 'consignor', 'consignee', 'other'] as const;
export type FoodLabelGroup = (typeof FOOD_LABEL_GROUPS)[number];

/** zh-CN names of the groups (the console translates them). */
export const FOOD_LABEL_GROUP_NAMES: Record<FoodLabelGroup, string> = {
  foodbase: '食品基本信息',
  fooddate: '食品日期信息',
  producer: '生产者信息',
  consignor: '发货方信息',
  consignee: '收货方信息',
  other: '其他',
};

/** Where an option applies: a label printed from a menu dish or from a recipe; 'all' for both. */
export type FoodLabelScene = 'menu' | 'recipe' | 'all';

export interface FoodLabelOption {
  label: string;
  value: string;
  scene: FoodLabelScene;
}

export interface FoodLabelField {
  sort: number;
  field: string;
  group: FoodLabelGroup;
  value: string;
  enabled: boolean;
  /** 'system' for the §3 fields; 'custom' for fields an org adds */
  fieldType: 'system' | 'custom';
  customLabel: string;
  defaultLabel: string;
  isUseCustomOptions: boolean;
  required?: boolean;
  /** the built-in choices (§3 "Options") */
  options?: FoodLabelOption[];
  /** the org's own choices, used when isUseCustomOptions */
  customOptions?: FoodLabelOption[];
  /** netContent: the unit printed after the value */
  unit?: string;
  /** produceDate: the date formats to choose from */
  formats?: string[];
  /** qualityGuaranteePeriod: a duration rule such as 1d */
  rule?: string;
  /** batchNo parts: prefix + date (dateFormat) + suffix */
  prefix?: string;
  suffix?: string;
  dateFormat?: string;
}

export interface SaltConversionTip {
  enabled: boolean;
  /** §3 1 mg sodium equals 2.5 mg salt */
  sodiumMg: number;
  saltMg: number;
  text: string;
}

/**
 * The nutrition panel a label prints (issue 30): GB 28050-2011's "1+4", or GB 28050-2025's "1+6" (saturated fat and
 * sugars added; the standard applies from 2027-03-16, early use allowed). The rows: domain/nutritionLabel.ts.
 */
export const LABEL_PANELS = ['gb28050-2011', 'gb28050-2025'] as const;
export type LabelPanel = (typeof LABEL_PANELS)[number];
export const DEFAULT_LABEL_PANEL: LabelPanel = 'gb28050-2011';
export const isLabelPanel = (v: unknown): v is LabelPanel => typeof v === 'string' && (LABEL_PANELS as readonly string[]).includes(v);

export interface FoodLabelConfig {
  fields: FoodLabelField[];
  saltConversionTip: SaltConversionTip;
  /** the nutrition panel; absent in configurations stored before issue 30: GB 28050-2011 */
  panel?: LabelPanel;
}

/** §3 1 mg sodium equals 2.5 mg salt. */
export const SODIUM_TO_SALT = 2.5;

/**
 * The panel an org's public trace page prints (issue 30): the panel of the label configuration the org saved. The
 * trace link names the org, not its app, so: an org-app's own configuration wins over the org-wide one (as
 * configRows reads it), and of several org-apps' the first by app id that chose a panel; none saved → the default.
 */
export function orgLabelPanel(rows: readonly { appId: string; value: unknown }[]): LabelPanel {
  const panelOf = (v: unknown) => (isObj(v) && isLabelPanel(v.panel) ? v.panel : null);
  const ordered = [...rows].sort((a, b) => Number(a.appId === '') - Number(b.appId === '') || a.appId.localeCompare(b.appId));
  for (const r of ordered) {
    const p = panelOf(r.value);
    if (p) return p;
  }
  return DEFAULT_LABEL_PANEL;
}

/** The refusal of a panel that is not one of LABEL_PANELS (spelled out: the server-text catalogue matches it whole). */
export const LABEL_PANEL_TEXT = 'panel 只能是 gb28050-2011、gb28050-2025';

/** §3 other.remark default: nutrition advice (the Chinese dietary guidelines' core advice). */
export const DEFAULT_REMARK = '食物多样，合理搭配；吃动平衡，健康体重；多吃蔬果、奶类、全谷、大豆；适量吃鱼、禽、蛋、瘦肉；少盐少油，控糖限酒。';

export const NET_CONTENT_UNITS = ['克', '千克', '毫升', '升', '厘米', '米'] as const;
export const PRODUCT_GRADES = ['优等品', '一等品', '合格品'] as const;
export const PRODUCE_DATE_FORMATS = ['YYYY-MM-DD', 'YYYY-MM-DD HH时', 'YYYY-MM-DD HH:mm'] as const;

const opt = (label: string, value: string, scene: FoodLabelScene = 'all'): FoodLabelOption => ({ label, value, scene });

type Def = Omit<FoodLabelField, 'sort' | 'fieldType' | 'customLabel' | 'isUseCustomOptions' | 'value'> & { value?: string };

// §3 the fields in their listed order; sort is their position (1-based) within their group
const DEFAULT_FIELDS: Def[] = [
  // foodbase
  {
    field: 'foodName', group: 'foodbase', defaultLabel: '食品名称', enabled: true, required: true,
    options: [
      opt('菜品名称', 'dishName', 'menu'),
      opt('日期+餐次', 'dateAndMeal', 'recipe'),
      opt('星期+餐次', 'weekdayAndMeal', 'recipe'),
      opt('菜品名称集合', 'dishNames', 'recipe'),
    ],
  },
  {
    field: 'burdenSheet', group: 'foodbase', defaultLabel: '配料表', enabled: true,
    // §3 the five recipe variants are not listed; only the menu ones are given
    options: [opt('按食材名称', 'foodName', 'menu'), opt('食材名称及用量', 'foodNameAndDosage', 'menu')],
  },
  { field: 'productCategory', group: 'foodbase', defaultLabel: '产品类别', enabled: false },
  { field: 'anaphylactogen', group: 'foodbase', defaultLabel: '致敏物质', enabled: true },
  { field: 'storageCondition', group: 'foodbase', defaultLabel: '贮存条件', enabled: true },
  { field: 'edibleMethods', group: 'foodbase', defaultLabel: '食用方法', enabled: false },
  { field: 'netContent', group: 'foodbase', defaultLabel: '净含量', enabled: true, unit: '克', options: NET_CONTENT_UNITS.map((u) => opt(u, u)) },
  { field: 'price', group: 'foodbase', defaultLabel: '价格', enabled: false },
  // fooddate
  {
    field: 'produceDate', group: 'fooddate', defaultLabel: '生产日期', enabled: true,
    options: [
      opt('食谱日期当天', 'recipeDate', 'recipe'),
      opt('食谱日期前一天', 'recipeDatePrevious', 'recipe'),
      opt('星期当天', 'weekday', 'recipe'),
      opt('星期前一天', 'weekdayPrevious', 'recipe'),
    ],
    formats: [...PRODUCE_DATE_FORMATS],
  },
  { field: 'qualityGuaranteePeriod', group: 'fooddate', defaultLabel: '保质期', enabled: true, rule: '1d' },
  { field: 'batchNo', group: 'fooddate', defaultLabel: '生产批号', enabled: false, prefix: '', suffix: '', dateFormat: 'YYYYMMDD' },
  // producer
  { field: 'producer', group: 'producer', defaultLabel: '生产者名称', enabled: true },
  { field: 'produceAddress', group: 'producer', defaultLabel: '生产者地址', enabled: true },
  { field: 'producerPhone', group: 'producer', defaultLabel: '生产者联系方式', enabled: true },
  { field: 'productApprovalNumber', group: 'producer', defaultLabel: '产品标准代号', enabled: true },
  { field: 'foodLicenseNo', group: 'producer', defaultLabel: '食品生产许可证编号', enabled: true },
  { field: 'productionPlace', group: 'producer', defaultLabel: '产地', enabled: false },
  { field: 'productGrade', group: 'producer', defaultLabel: '质量等级', enabled: false, value: '合格品', options: PRODUCT_GRADES.map((g) => opt(g, g)) },
  // consignor
  { field: 'consignor', group: 'consignor', defaultLabel: '发货方名称', enabled: false },
  { field: 'consignorAddress', group: 'consignor', defaultLabel: '发货方地址', enabled: false },
  { field: 'consignorPhone', group: 'consignor', defaultLabel: '发货方联系方式', enabled: false },
  // consignee
  { field: 'consignee', group: 'consignee', defaultLabel: '收货方名称', enabled: false },
  { field: 'consigneeAddress', group: 'consignee', defaultLabel: '收货方地址', enabled: false },
  { field: 'consigneePhone', group: 'consignee', defaultLabel: '收货方联系方式', enabled: false },
  // other
  { field: 'remark', group: 'other', defaultLabel: '备注', enabled: false, value: DEFAULT_REMARK },
];

/** §3 the default food-label field configuration (a fresh copy each call). */
export function defaultFoodLabelConfig(): FoodLabelConfig {
  const sortInGroup = new Map<FoodLabelGroup, number>();
  const fields = DEFAULT_FIELDS.map((d): FoodLabelField => {
    const sort = (sortInGroup.get(d.group) ?? 0) + 1;
    sortInGroup.set(d.group, sort);
    return structuredClone({
      sort, field: d.field, group: d.group, value: d.value ?? '', enabled: d.enabled, fieldType: 'system', customLabel: '',
      defaultLabel: d.defaultLabel, isUseCustomOptions: false,
      ...(d.required !== undefined && { required: d.required }),
      ...(d.options && { options: d.options, customOptions: [] }),
      ...(d.unit !== undefined && { unit: d.unit }),
      ...(d.formats && { formats: d.formats }),
      ...(d.rule !== undefined && { rule: d.rule }),
      ...(d.prefix !== undefined && { prefix: d.prefix, suffix: d.suffix, dateFormat: d.dateFormat }),
    });
  });
  return {
    fields,
    saltConversionTip: { enabled: true, sodiumMg: 1, saltMg: SODIUM_TO_SALT, text: '1mg钠相当于2.5mg食盐' },
    panel: DEFAULT_LABEL_PANEL,
  };
}

/** §3 salt from sodium: 1 mg sodium is 2.5 mg salt. */
export function sodiumToSalt(sodiumMg: number): number {
  return Math.round(sodiumMg * SODIUM_TO_SALT * 1e6) / 1e6;
}

/** The text a label prints for a field: the org's custom label, else the default. */
export function fieldLabel(field: Pick<FoodLabelField, 'customLabel' | 'defaultLabel'>): string {
  return field.customLabel.trim() || field.defaultLabel;
}

/** The choices in effect: the org's own when it uses custom options, else the built-in ones. */
export function effectiveOptions(field: FoodLabelField): FoodLabelOption[] {
  return field.isUseCustomOptions ? (field.customOptions ?? []) : (field.options ?? []);
}

/** The fields grouped in §3 group order, each group sorted by sort. */
export function groupedFields(config: FoodLabelConfig): { group: FoodLabelGroup; fields: FoodLabelField[] }[] {
  return FOOD_LABEL_GROUPS.map((group) => ({
    group,
    fields: config.fields.filter((f) => f.group === group).sort((a, b) => a.sort - b.sort),
  }));
}

/** Fields in group order then sort, sorts renumbered 1… within each group. */
function normalise(config: FoodLabelConfig): FoodLabelConfig {
  const fields = groupedFields(config).flatMap((g) => g.fields.map((f, i) => ({ ...f, sort: i + 1 })));
  return { ...config, fields };
}

function update(config: FoodLabelConfig, field: string, fn: (f: FoodLabelField) => FoodLabelField): FoodLabelConfig {
  if (!config.fields.some((f) => f.field === field)) throw new Error(`未知的标签字段：${field}`);
  return { ...config, fields: config.fields.map((f) => (f.field === field ? fn(f) : f)) };
}

/** Moves a field to position `toIndex` (0-based) of its group; other fields keep their relative order. */
export function moveField(config: FoodLabelConfig, field: string, toIndex: number): FoodLabelConfig {
  const target = config.fields.find((f) => f.field === field);
  if (!target) throw new Error(`未知的标签字段：${field}`);
  const groups = groupedFields(config);
  const group = groups.find((g) => g.group === target.group)!;
  const rest = group.fields.filter((f) => f.field !== field);
  const at = Math.max(0, Math.min(rest.length, Math.trunc(toIndex)));
  rest.splice(at, 0, target);
  group.fields = rest.map((f, i) => ({ ...f, sort: i + 1 }));
  return normalise({ ...config, fields: groups.flatMap((g) => g.fields) });
}

/** Moves a field one place up (-1) or down (+1) in its group; at an end it stays. */
export function stepField(config: FoodLabelConfig, field: string, step: -1 | 1): FoodLabelConfig {
  const target = config.fields.find((f) => f.field === field);
  if (!target) throw new Error(`未知的标签字段：${field}`);
  const index = groupedFields(config).find((g) => g.group === target.group)!.fields.findIndex((f) => f.field === field);
  return moveField(config, field, index + step);
}

/** Turns a field on or off; a required field stays on. */
export function setFieldEnabled(config: FoodLabelConfig, field: string, enabled: boolean): FoodLabelConfig {
  return update(config, field, (f) => ({ ...f, enabled: f.required ? true : enabled }));
}

export const CUSTOM_LABEL_MAX = 20;

/** Sets the label text the org prints instead of the default ('' prints the default). */
export function setCustomLabel(config: FoodLabelConfig, field: string, label: string): FoodLabelConfig {
  return update(config, field, (f) => ({ ...f, customLabel: label.trim().slice(0, CUSTOM_LABEL_MAX) }));
}

/** Sets a field's default value (e.g. productGrade, remark). */
export function setFieldValue(config: FoodLabelConfig, field: string, value: string): FoodLabelConfig {
  return update(config, field, (f) => ({ ...f, value }));
}

/** Sets the org's own options of a field and whether they replace the built-in ones. Blank and repeated labels are dropped. */
export function setCustomOptions(config: FoodLabelConfig, field: string, labels: string[], use: boolean): FoodLabelConfig {
  const seen = new Set<string>();
  const customOptions = labels.map((l) => l.trim()).filter((l) => l && !seen.has(l) && seen.add(l)).map((l) => opt(l, l));
  return update(config, field, (f) => ({ ...f, customOptions, isUseCustomOptions: use && customOptions.length > 0 }));
}

/** Adds an org field (fieldType custom) at the end of a group. */
export function addCustomField(config: FoodLabelConfig, group: FoodLabelGroup, label: string): FoodLabelConfig {
  const text = label.trim().slice(0, CUSTOM_LABEL_MAX);
  if (!text) throw new Error('请输入字段名称');
  let n = 1;
  while (config.fields.some((f) => f.field === `custom${n}`)) n++;
  const sort = config.fields.filter((f) => f.group === group).length + 1;
  const field: FoodLabelField = {
    sort, field: `custom${n}`, group, value: '', enabled: true, fieldType: 'custom', customLabel: text, defaultLabel: text, isUseCustomOptions: false,
  };
  return normalise({ ...config, fields: [...config.fields, field] });
}

/** Removes an org field; §3 system fields cannot be removed (turn them off instead). */
export function removeCustomField(config: FoodLabelConfig, field: string): FoodLabelConfig {
  const target = config.fields.find((f) => f.field === field);
  if (!target) throw new Error(`未知的标签字段：${field}`);
  if (target.fieldType === 'system') throw new Error('系统字段不能删除');
  return normalise({ ...config, fields: config.fields.filter((f) => f.field !== field) });
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Problems of a stored or submitted configuration, as readable messages; empty when it is valid. */
export function validateFoodLabelConfig(value: unknown): string[] {
  if (!isObj(value)) return ['食品标签配置必须是对象'];
  const errors: string[] = [];
  const fields = value.fields;
  if (!Array.isArray(fields)) return ['fields 必须是数组'];
  const seen = new Set<string>();
  const system = new Map(defaultFoodLabelConfig().fields.map((f) => [f.field, f]));
  fields.forEach((raw, i) => {
    if (!isObj(raw)) { errors.push(`第 ${i + 1} 个字段不是对象`); return; }
    const name = typeof raw.field === 'string' ? raw.field : '';
    const at = name || `第 ${i + 1} 个字段`;
    if (!/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(name)) errors.push(`${at}：field 不合法`);
    if (seen.has(name)) errors.push(`${at}：字段重复`);
    seen.add(name);
    if (!(FOOD_LABEL_GROUPS as readonly unknown[]).includes(raw.group)) errors.push(`${at}：group 不合法`);
    if (typeof raw.enabled !== 'boolean') errors.push(`${at}：enabled 必须是布尔值`);
    if (typeof raw.sort !== 'number' || !Number.isInteger(raw.sort) || raw.sort < 1) errors.push(`${at}：sort 必须是正整数`);
    if (raw.fieldType !== 'system' && raw.fieldType !== 'custom') errors.push(`${at}：fieldType 不合法`);
    if (typeof raw.customLabel !== 'string' || raw.customLabel.length > CUSTOM_LABEL_MAX) errors.push(`${at}：自定义名称最多 ${CUSTOM_LABEL_MAX} 个字`);
    if (typeof raw.defaultLabel !== 'string' || !raw.defaultLabel) errors.push(`${at}：defaultLabel 不能为空`);
    if (typeof raw.isUseCustomOptions !== 'boolean') errors.push(`${at}：isUseCustomOptions 必须是布尔值`);
    if (typeof raw.value !== 'string' || raw.value.length > 500) errors.push(`${at}：value 必须是不超过 500 字的文本`);
    for (const key of ['options', 'customOptions'] as const) {
      const list = raw[key];
      if (list === undefined) continue;
      if (!Array.isArray(list) || list.some((o) => !isObj(o) || typeof o.label !== 'string' || !o.label.trim() || typeof o.value !== 'string')) {
        errors.push(`${at}：${key} 选项不合法`);
      }
    }
    if (raw.isUseCustomOptions === true && !(Array.isArray(raw.customOptions) && raw.customOptions.length > 0)) errors.push(`${at}：使用自定义选项时至少需要一个选项`);
    const def = system.get(name);
    if (raw.fieldType === 'system') {
      if (!def) errors.push(`${at}：不是系统字段`);
      else if (def.group !== raw.group) errors.push(`${at}：系统字段不能换组`);
      else if (def.required && raw.enabled !== true) errors.push(`${at}：必填字段不能关闭`);
    } else if (raw.fieldType === 'custom' && def) errors.push(`${at}：与系统字段重名`);
  });
  for (const name of system.keys()) if (!seen.has(name)) errors.push(`缺少系统字段 ${name}`);
  const tip = value.saltConversionTip;
  if (!isObj(tip) || typeof tip.enabled !== 'boolean') errors.push('saltConversionTip.enabled 必须是布尔值');
  if (value.panel !== undefined && !isLabelPanel(value.panel)) errors.push(LABEL_PANEL_TEXT);
  return errors;
}

/**
 * A stored configuration made whole: unknown or broken input gives the defaults; system fields missing from
 * an older stored copy are added (with their default state) at the end of their group.
 */
export function foodLabelConfigOf(stored: unknown): FoodLabelConfig {
  const defaults = defaultFoodLabelConfig();
  if (!isObj(stored) || !Array.isArray(stored.fields)) return defaults;
  const fields = (stored.fields as FoodLabelField[]).filter((f) => isObj(f) && typeof f.field === 'string');
  const have = new Set(fields.map((f) => f.field));
  const missing = defaults.fields.filter((f) => !have.has(f.field)).map((f) => ({ ...f, sort: Number.MAX_SAFE_INTEGER }));
  const tip = isObj(stored.saltConversionTip) ? { ...defaults.saltConversionTip, ...(stored.saltConversionTip as Partial<SaltConversionTip>) } : defaults.saltConversionTip;
  return normalise({ fields: [...fields, ...missing], saltConversionTip: tip, panel: isLabelPanel(stored.panel) ? stored.panel : DEFAULT_LABEL_PANEL });
}
