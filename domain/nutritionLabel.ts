// Food labels (issue 10, §3 label fields and NRV): what a printed label of a dish or a package (a meal's dishes
// together) says, computed once here for the label screen, its PDF and the public trace page alike.
// - The nutrient table per 100 g and per portion by GB 28050-2011 (issue 30): energy in kJ by the standard's own
//   energy conversion factors (standards.json gb28050.energyFactors: protein 17, fat 37, carbohydrate 17, dietary
//   fibre 8 kJ/g), not the food table's kcal × 4.1868; carbohydrate declared without the dietary fibre foods.json's
//   "by difference" figure includes (fibre is counted at its own 8 kJ/g; where no food knew its fibre, nothing is
//   taken off and the carbohydrate is marked incomplete); a value per 100 g at or below the standard's '0' threshold is declared 0 in both columns (the
//   standard states its thresholds per 100 g); each declared value rounded half-up to the standard's interval
//   (the catalogue's decimals where the standard's data gives none); NRV % = declared value / NRV × 100 as a
//   whole number, from the declared value so a reader can check it on the label itself.
// - The salt line: sodium × the standard's salt factor (2.5) / 1000, in grams to 0.1 g.
// - The batch number: prefix + production date in the field's dateFormat + suffix (§3 batchNo).
// - The figures of GB 28050 (NRV, thresholds, intervals, energy factors, salt factor) are data (standards.json
//   `gb28050`), passed in: nothing here copies them.
// - Two panels, chosen per label setting (FoodLabelConfig.panel): GB 28050-2011's "1+4" (energy, protein, fat,
//   carbohydrate, sodium) and GB 28050-2025's "1+6" (applies from 2027-03-16; saturated fat and sugars added after
//   fat and carbohydrate, and the line "儿童青少年应避免过量摄入盐油糖" under the table). foods.json has neither
//   saturated fat nor sugars, so those rows are declared unknown (a dash, `noData`), never 0.
import { DEFAULT_LABEL_PANEL, effectiveOptions, groupedFields, type FoodLabelConfig, type FoodLabelField, type LabelPanel } from './foodLabel.ts';
import { kcalToKj, NUTRIENT_KEYS, type DishNutrients, type NutrientKey, type Nutrients } from './nutrition.ts';
import { nutrientEntry } from './nutrientCatalogue.ts';
import { roundHalfUp, round6 } from './numberInput.ts';
// standards.json as domain/nutritionStandards.ts loads it for the WS/T 554 targets: one file, read once
import { STANDARDS } from './nutritionStandards.ts';

/** The GB 28050 figures a label needs, read from standards.json `gb28050` by gb28050Of. */
export interface Gb28050 {
  /** NRV per nutrient key (energy in kJ) */
  nrv: Partial<Record<NutrientKey, number>>;
  /** '0' thresholds per 100 g (energy in kJ) */
  zero: Partial<Record<NutrientKey, number>>;
  /** rounding interval per nutrient key (energy in kJ); 'nrvPercent' for NRV % */
  interval: Partial<Record<NutrientKey | 'nrvPercent', number>>;
  /** g salt per g sodium */
  saltFactor: number;
  /** kJ per gram of protein, fat, carbohydrate and dietary fibre */
  energyFactors: { protein: number; fat: number; carbohydrate: number; fiber: number };
  /** NRV and '0' threshold of the two nutrients the 2025 panel adds (g), where the file gives them */
  extra: { nrv: Partial<Record<ExtraLabelKey, number>>; zero: Partial<Record<ExtraLabelKey, number>> };
}

/** The nutrients GB 28050-2025's "1+6" panel adds, which foods.json does not carry. */
export const EXTRA_LABEL_KEYS = ['saturatedFat', 'sugars'] as const;
export type ExtraLabelKey = (typeof EXTRA_LABEL_KEYS)[number];
export type LabelRowKey = NutrientKey | ExtraLabelKey;


/** Our nutrient keys (foods.json) by the names standards.json gives them. */
const GB_NAMES: Record<string, NutrientKey | 'nrvPercent'> = {
  energy: 'energyKcal', protein: 'protein', fat: 'fat', carbohydrate: 'cho', fiber: 'fiber', sodium: 'sodium', calcium: 'calcium', iron: 'iron',
  zinc: 'zinc', vitaminA: 'vitaminA', vitaminB1: 'vitaminB1', vitaminB2: 'vitaminB2', vitaminC: 'vitaminC', nrvPercent: 'nrvPercent',
};

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const recordsOf = (v: unknown): Record<string, unknown>[] => (isObj(v) && Array.isArray(v.records) ? v.records.filter(isObj) : []);
const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/**
 * The label figures of standards.json (the whole file or its `gb28050` part). Throws when a figure a label
 * cannot do without is missing (energy NRV in kJ, the salt factor): a label with an invented figure is worse
 * than none.
 */
export function gb28050Of(standards: unknown): Gb28050 {
  const gb = isObj(standards) && isObj(standards.gb28050) ? standards.gb28050 : standards;
  if (!isObj(gb)) throw new Error('standards.json: gb28050 missing');
  const out: Gb28050 = { nrv: {}, zero: {}, interval: {}, saltFactor: 0, energyFactors: { protein: 0, fat: 0, carbohydrate: 0, fiber: 0 }, extra: { nrv: {}, zero: {} } };
  const isExtra = (n: unknown): n is ExtraLabelKey => (EXTRA_LABEL_KEYS as readonly unknown[]).includes(n);
  for (const r of recordsOf(gb.nrv)) if (isExtra(r.nutrient) && positive(r.value)) out.extra.nrv[r.nutrient] = r.value;
  for (const r of recordsOf(gb.zeroThresholds)) if (isExtra(r.nutrient) && typeof r.max === 'number' && r.max >= 0) out.extra.zero[r.nutrient] = r.max;
  for (const r of recordsOf(gb.energyFactors)) {
    const c = String(r.component);
    if ((c === 'protein' || c === 'fat' || c === 'carbohydrate' || c === 'fiber') && positive(r.kJPerGram)) out.energyFactors[c] = r.kJPerGram;
  }
  for (const r of recordsOf(gb.nrv)) {
    const key = GB_NAMES[String(r.nutrient)];
    if (key && key !== 'nrvPercent' && positive(r.value) && (key !== 'energyKcal' || r.unit === 'kJ')) out.nrv[key] = r.value;
  }
  for (const r of recordsOf(gb.zeroThresholds)) {
    const key = GB_NAMES[String(r.nutrient)];
    if (key && key !== 'nrvPercent' && typeof r.max === 'number' && r.max >= 0 && (key !== 'energyKcal' || r.unit === 'kJ')) out.zero[key] = r.max;
  }
  for (const r of recordsOf(gb.rounding)) {
    const key = GB_NAMES[String(r.item)];
    if (key && positive(r.interval) && (key !== 'energyKcal' || r.unit === 'kJ')) out.interval[key] = r.interval;
  }
  const salt = isObj(gb.saltFromSodium) ? gb.saltFromSodium.factor : undefined;
  if (!positive(salt)) throw new Error('standards.json: gb28050.saltFromSodium.factor missing');
  if (!out.nrv.energyKcal) throw new Error('standards.json: gb28050 energy NRV (kJ) missing');
  if (!(['protein', 'fat', 'carbohydrate', 'fiber'] as const).every((c) => out.energyFactors[c] > 0)) throw new Error('standards.json: gb28050.energyFactors incomplete');
  out.saltFactor = salt;
  return out;
}

/** The GB 28050 figures of server/data/standards.json (a copy of shared/data/nutrition/standards.json). */
export const GB28050: Gb28050 = gb28050Of(STANDARDS);

/** GB 28050's four core nutrients and energy: what every label shows, in the standard's order. */
export const CORE_LABEL_NUTRIENTS: readonly NutrientKey[] = ['energyKcal', 'protein', 'fat', 'cho', 'sodium'];

/** The unit a label prints: energy in kJ, the rest as the catalogue gives them. */
export const labelUnit = (key: NutrientKey) => (key === 'energyKcal' ? 'kJ' : nutrientEntry(key).unit);

/** Decimals of an interval (1 → 0, 0.1 → 1, 0.01 → 2). */
const decimalsOf = (interval: number) => Math.max(0, Math.round(-Math.log10(interval)));

/** The decimals a declared value has: the standard's interval, else the catalogue's decimals (energy: whole kJ). */
export function labelDecimals(key: NutrientKey, gb: Gb28050): number {
  const interval = gb.interval[key];
  if (interval !== undefined) return decimalsOf(interval);
  return key === 'energyKcal' ? 0 : nutrientEntry(key).decimal;
}

/** Rounds half-up to a multiple of the interval (GB 28050 states intervals, which need not be powers of ten). */
function toInterval(value: number, interval: number, decimals: number): number {
  return roundHalfUp(round6(Math.round(round6(value / interval)) * interval), decimals);
}

export interface LabelNutrientRow {
  key: LabelRowKey;
  unit: string;
  /** declared value per 100 g; null when unknown (no ingredient knew it) */
  per100g: number | null;
  /** declared value per portion */
  perPortion: number | null;
  /** NRV % of the portion, a whole number; null without an NRV or a value */
  nrvPercent: number | null;
  /** NRV % of 100 g */
  nrvPercentPer100g: number | null;
  /** some ingredient lacked the nutrient: the value is a lower bound */
  incomplete: boolean;
  /** the decimals to print the declared values with */
  decimals: number;
  /** the data has no value for this nutrient at all (saturated fat, sugars): declared unknown */
  noData?: boolean;
}

/** What a label is computed from: one dish or a package of dishes, each a portion as served. */
export interface LabelFood {
  name: string;
  /** ingredient names with grams per portion (as entered), heaviest first */
  ingredients: { name: string; grams: number }[];
  allergens: string[];
  /** edible grams of one portion; null when some ingredient's edible weight is unknown */
  netGrams: number | null;
  /** nutrients of one portion (raw, 6 decimals; energy in kcal); null = unknown */
  nutrients: Nutrients;
  /** nutrients some ingredient lacked */
  incomplete: NutrientKey[];
}

/**
 * The label food of a dish portion from its computed nutrients (domain/nutrition dishNutrients): ingredient names
 * from the org's library (the foodId where it has none), heaviest first; the edible weight is the lines' net
 * weights, unknown when one of them is.
 */
export function labelFoodOfDish(
  dish: { name: string; allergens: readonly string[] }, sum: DishNutrients, nameOf: (foodId: string) => string | undefined,
): LabelFood {
  const nets = sum.lines.map((l) => l.netWeight);
  return {
    name: dish.name,
    ingredients: sum.lines.map((l) => ({ name: nameOf(l.foodId) ?? l.foodId, grams: l.weight })).sort((a, b) => b.grams - a.grams),
    allergens: [...dish.allergens],
    netGrams: nets.some((n) => n === null) ? null : round6(nets.reduce<number>((s, n) => s + (n ?? 0), 0)),
    nutrients: { ...sum.total },
    incomplete: NUTRIENT_KEYS.filter((k) => sum.missing[k].length > 0),
  };
}

/** A dish portion as served: its nutrients and weights scaled by dosage / the dish's own portion (§9 cycle dosages). */
export function scaleLabelFood(food: LabelFood, factor: number): LabelFood {
  if (!Number.isFinite(factor) || factor <= 0) throw new Error('portion factor must be a positive number');
  const s = (v: number | null) => (v === null ? null : round6(v * factor));
  return {
    ...food,
    ingredients: food.ingredients.map((i) => ({ ...i, grams: round6(i.grams * factor) })),
    netGrams: s(food.netGrams),
    nutrients: Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, s(food.nutrients[k])])) as Nutrients,
  };
}

/**
 * Several dishes as one package (a meal's tray): nutrients and weights add up, ingredients of the same name
 * add up, allergens are the union. A nutrient one dish did not know is unknown for the package only when no
 * dish knew it; otherwise it is the known sum, marked incomplete.
 */
export function packageLabelFood(name: string, foods: readonly LabelFood[]): LabelFood {
  const grams = new Map<string, number>();
  for (const f of foods) for (const i of f.ingredients) grams.set(i.name, round6((grams.get(i.name) ?? 0) + i.grams));
  const nutrients = {} as Nutrients;
  const incomplete = new Set<NutrientKey>();
  for (const k of NUTRIENT_KEYS) {
    const known = foods.filter((f) => f.nutrients[k] !== null);
    nutrients[k] = known.length ? round6(known.reduce((s, f) => s + (f.nutrients[k] ?? 0), 0)) : foods.length ? null : 0;
    if (known.length < foods.length || foods.some((f) => f.incomplete.includes(k))) incomplete.add(k);
  }
  return {
    name,
    ingredients: [...grams].map(([n, g]) => ({ name: n, grams: g })).sort((a, b) => b.grams - a.grams),
    allergens: [...new Set(foods.flatMap((f) => f.allergens))],
    netGrams: foods.some((f) => f.netGrams === null) ? null : round6(foods.reduce((s, f) => s + (f.netGrams ?? 0), 0)),
    nutrients,
    incomplete: NUTRIENT_KEYS.filter((k) => incomplete.has(k)),
  };
}

/** One nutrient declared by GB 28050 from its raw values per 100 g and per portion (energy in kcal, turned into kJ by 4.1868). */
export function declareNutrient(key: NutrientKey, rawPer100g: number | null, rawPerPortion: number | null, gb: Gb28050): Omit<LabelNutrientRow, 'incomplete'> {
  const toLabel = (v: number | null) => (v === null ? null : key === 'energyKcal' ? kcalToKj(v) : v);
  return declareLabelValue(key, toLabel(rawPer100g), toLabel(rawPerPortion), gb);
}

/** One nutrient declared from values already in the label's unit (energy in kJ). */
function declareLabelValue(key: NutrientKey, per100: number | null, portion: number | null, gb: Gb28050): Omit<LabelNutrientRow, 'incomplete'> {
  const decimals = labelDecimals(key, gb);
  const interval = gb.interval[key] ?? 10 ** -decimals;
  // GB 28050 '0' thresholds are per 100 g: at or below it the food declares 0, per 100 g and per portion alike
  const isZero = per100 !== null && gb.zero[key] !== undefined && per100 <= gb.zero[key]!;
  const declare = (v: number | null) => (v === null ? null : isZero ? 0 : toInterval(v, interval, decimals));
  const d100 = declare(per100);
  const dPortion = declare(portion);
  const nrv = gb.nrv[key];
  const pctInterval = gb.interval.nrvPercent ?? 1;
  const pct = (v: number | null) => (v === null || nrv === undefined ? null : toInterval((v / nrv) * 100, pctInterval, decimalsOf(pctInterval)));
  return { key, unit: labelUnit(key), per100g: d100, perPortion: dPortion, nrvPercent: pct(dPortion), nrvPercentPer100g: pct(d100), decimals };
}

/**
 * GB 28050 energy of some raw grams, kJ: 17 × protein + 37 × fat + 17 × (carbohydrate − dietary fibre) + 8 × fibre,
 * factors from standards.json (6 decimals). Null when protein, fat or carbohydrate is unknown; unknown fibre is
 * taken as none (the carbohydrate by difference then keeps it, at 17 kJ/g).
 */
export function labelEnergyKj(n: Pick<Nutrients, 'protein' | 'fat' | 'cho' | 'fiber'>, gb: Gb28050): number | null {
  if (n.protein === null || n.fat === null || n.cho === null) return null;
  const f = gb.energyFactors;
  const fibre = n.fiber ?? 0;
  return round6(f.protein * n.protein + f.fat * n.fat + f.carbohydrate * (n.cho - fibre) + f.fiber * fibre);
}

/** GB 28050 carbohydrate of some raw grams: foods.json's by-difference figure less its dietary fibre (none taken off when unknown). */
export function labelCarbohydrate(n: Pick<Nutrients, 'cho' | 'fiber'>): number | null {
  return n.cho === null ? null : round6(Math.max(0, n.cho - (n.fiber ?? 0)));
}

/** The rows of a panel, in the standard's order. */
export function panelKeys(panel: LabelPanel): readonly LabelRowKey[] {
  return panel === 'gb28050-2025' ? ['energyKcal', 'protein', 'fat', 'saturatedFat', 'cho', 'sugars', 'sodium'] : CORE_LABEL_NUTRIENTS;
}

export interface NutritionTable {
  /** the panel the table follows */
  panel: LabelPanel;
  /** GB 28050-2025: the line under the table ("儿童青少年应避免过量摄入盐油糖"); null for 2011 */
  advisory: 'saltOilSugar' | null;
  /** grams the per-portion column is of (edible weight, rounded to whole grams); null when unknown */
  portionGrams: number | null;
  rows: LabelNutrientRow[];
  /** salt of one portion in g (sodium × factor / 1000, to 0.1 g); null when sodium is unknown */
  saltPerPortion: number | null;
  saltPer100g: number | null;
}

/**
 * The label's nutrient table of a food: per 100 g (of its edible weight) and per portion, with NRV %, on the panel
 * asked for (GB 28050-2011 "1+4" unless the 2025 "1+6" is chosen), or on given nutrient keys.
 */
export function nutritionTable(food: LabelFood, gb: Gb28050, options: { panel?: LabelPanel; keys?: readonly NutrientKey[] } = {}): NutritionTable {
  const panel = options.panel ?? DEFAULT_LABEL_PANEL;
  const net = food.netGrams !== null && food.netGrams > 0 ? food.netGrams : null;
  const per100Of = (raw: number | null) => (raw === null || net === null ? null : round6((raw / net) * 100));
  const keys = options.keys ?? panelKeys(panel);
  const rows = keys.map((key): LabelNutrientRow => {
    if (key === 'saturatedFat' || key === 'sugars') {
      // foods.json carries neither: unknown (a dash), never 0, until an org's or a later file's values exist
      return { key, unit: 'g', per100g: null, perPortion: null, nrvPercent: null, nrvPercentPer100g: null, incomplete: false, decimals: 1, noData: true };
    }
    if (key === 'energyKcal') {
      // GB 28050 energy from its own factors, in kJ
      const kj = labelEnergyKj(food.nutrients, gb);
      const incomplete = (['protein', 'fat', 'cho', 'fiber'] as const).some((k) => food.incomplete.includes(k));
      return { ...declareLabelValue(key, per100Of(kj), kj, gb), incomplete };
    }
    if (key === 'cho') {
      const carb = labelCarbohydrate(food.nutrients);
      const incomplete = food.incomplete.includes('cho') || food.incomplete.includes('fiber') || food.nutrients.fiber === null;
      return { ...declareLabelValue(key, per100Of(carb), carb, gb), incomplete };
    }
    const raw = food.nutrients[key];
    return { ...declareNutrient(key, per100Of(raw), raw, gb), incomplete: food.incomplete.includes(key) };
  });
  const sodium = declareNutrient('sodium', net === null || food.nutrients.sodium === null ? null : round6((food.nutrients.sodium / net) * 100), food.nutrients.sodium, gb);
  const salt = (declared: number | null, raw: number | null) => (declared === null || raw === null ? null : declared === 0 ? 0 : roundHalfUp((raw * gb.saltFactor) / 1000, 1));
  return {
    panel, advisory: panel === 'gb28050-2025' ? 'saltOilSugar' : null,
    portionGrams: net === null ? null : roundHalfUp(net, 0),
    rows,
    saltPerPortion: salt(sodium.perPortion, food.nutrients.sodium),
    saltPer100g: salt(sodium.per100g, net === null || food.nutrients.sodium === null ? null : (food.nutrients.sodium / net) * 100),
  };
}

/** A declared value as printed: the row's decimals; unknown prints as a dash. */
export function formatDeclared(value: number | null, decimals: number): string {
  return value === null ? '—' : value.toFixed(decimals);
}

// ---- dates and the batch number ----

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day (YYYY-MM-DD) moved by n days. */
export function addDays(day: string, n: number): string {
  const m = DAY.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + n)).toISOString().slice(0, 10);
}

/** Formats a day (and an optional HH:mm time) with the tokens YYYY, YY, MM, DD, HH, mm; other characters stay. */
export function formatLabelDate(day: string, format: string, time = '00:00'): string {
  const m = DAY.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  const [hh = '00', mi = '00'] = time.split(':');
  const parts: Record<string, string> = { YYYY: m[1], YY: m[1].slice(2), MM: m[2], DD: m[3], HH: hh.padStart(2, '0'), mm: mi.padStart(2, '0') };
  return format.replace(/YYYY|YY|MM|DD|HH|mm/g, (t) => parts[t]);
}

/** §3 batchNo: prefix + the production date in dateFormat (default YYYYMMDD) + suffix. */
export function batchNumber(field: Pick<FoodLabelField, 'prefix' | 'suffix' | 'dateFormat'>, produceDay: string, time?: string): string {
  return `${field.prefix ?? ''}${formatLabelDate(produceDay, field.dateFormat?.trim() || 'YYYYMMDD', time)}${field.suffix ?? ''}`;
}

/** §3 produceDate options: the recipe's day or the day before ('weekday…' name the same days by weekday). */
export function produceDayOf(recipeDay: string, option: string): string {
  return option === 'recipeDatePrevious' || option === 'weekdayPrevious' ? addDays(recipeDay, -1) : recipeDay;
}

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
/** The Chinese weekday name of a day. */
export const weekdayOf = (day: string) => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];

/** §3 qualityGuaranteePeriod rule ('1d', '12h', '30m') as printed; anything else as written. */
export function guaranteePeriodText(rule: string | undefined, words: Pick<LabelWords, 'period'> = ZH_CN_LABEL_WORDS): string {
  const m = /^\s*(\d+)\s*([dhm])\s*$/i.exec(rule ?? '');
  if (!m) return (rule ?? '').trim();
  return words.period(Number(m[1]), m[2].toLowerCase() as 'd' | 'h' | 'm');
}

// ---- the printed fields ----

export interface LabelContext {
  /** 'menu': a label of one dish; 'recipe': a package (a meal's dishes together) */
  scene: 'menu' | 'recipe';
  /** the recipe day (YYYY-MM-DD) */
  day: string;
  /** the meal's name (午餐 …) */
  mealName: string;
  /** the dishes of a package (recipe scene), for the dish-name-set option */
  dishNames?: string[];
  /** printed where the producer field has no value of its own */
  orgName?: string;
  /** the label's own words in the reader's language (issue 28); zh-CN, the words the §3 defaults are written in, when not given */
  words?: LabelWords;
}

/**
 * The words a label prints that are not the org's data: a system field's default name, a built-in option or unit, the
 * default remark, 无 (each by its zh-CN text, as §3 writes it), a weekday, a shelf life's unit. The org's own texts (a
 * custom name, an own option, a remark it typed) are printed as written.
 */
export interface LabelWords {
  /** a built-in text (zh-CN) in the reader's language; a text it does not know is returned unchanged */
  text: (zhCN: string) => string;
  /** the weekday of a day (YYYY-MM-DD) */
  weekday: (day: string) => string;
  /** a weekday and a meal's name together (星期一午餐) */
  weekdayAndMeal: (weekday: string, mealName: string) => string;
  /** an amount with its unit (the unit already in the reader's language) */
  amount: (value: number, unit: string) => string;
  /** a shelf life: n days, hours or minutes */
  period: (value: number, unit: 'd' | 'h' | 'm') => string;
}

const PERIOD_UNITS = { d: '天', h: '小时', m: '分钟' } as const;

/** The words of §3, in zh-CN. */
export const ZH_CN_LABEL_WORDS: LabelWords = {
  text: (zhCN) => zhCN,
  weekday: (day) => weekdayOf(day),
  weekdayAndMeal: (weekday, mealName) => `${weekday}${mealName}`,
  amount: (value, unit) => `${value}${unit}`,
  period: (value, unit) => `${value}${PERIOD_UNITS[unit]}`,
};

export interface LabelLine { field: string; label: string; text: string }

/** The option a field uses for a scene: its value when that names an option of the scene, else the scene's first. */
function chosenOption(field: FoodLabelField, scene: LabelContext['scene']): string {
  const options = effectiveOptions(field).filter((o) => o.scene === scene || o.scene === 'all');
  return (options.find((o) => o.value === field.value) ?? options[0])?.value ?? '';
}

const gramsText = (g: number) => `${roundHalfUp(g, 0)}g`;

/** What one enabled field prints; '' when there is nothing to print. */
function fieldText(field: FoodLabelField, food: LabelFood, ctx: LabelContext): string {
  const words = ctx.words ?? ZH_CN_LABEL_WORDS;
  switch (field.field) {
    case 'foodName': {
      if (ctx.scene === 'menu') return food.name;
      const option = chosenOption(field, 'recipe');
      if (option === 'weekdayAndMeal') return words.weekdayAndMeal(words.weekday(ctx.day), ctx.mealName);
      if (option === 'dishNames') return (ctx.dishNames ?? []).join('、') || food.name;
      return `${ctx.day} ${ctx.mealName}`;
    }
    case 'burdenSheet':
      return chosenOption(field, 'menu') === 'foodNameAndDosage'
        ? food.ingredients.map((i) => `${i.name}${gramsText(i.grams)}`).join('、')
        : food.ingredients.map((i) => i.name).join('、');
    case 'anaphylactogen':
      return food.allergens.length ? food.allergens.join('、') : words.text(field.value || '无');
    case 'netContent': {
      if (food.netGrams === null) return '';
      const unit = field.unit || '克';
      return unit === '千克' ? words.amount(roundHalfUp(food.netGrams / 1000, 3), words.text('千克')) : words.amount(roundHalfUp(food.netGrams, 0), words.text('克'));
    }
    case 'produceDate': {
      const option = chosenOption(field, 'recipe');
      return formatLabelDate(produceDayOf(ctx.day, option), field.formats?.[0] ?? 'YYYY-MM-DD');
    }
    case 'qualityGuaranteePeriod':
      return guaranteePeriodText(field.rule || field.value, words);
    case 'batchNo':
      return batchNumber(field, produceDayOf(ctx.day, ''));
    case 'producer':
      return field.value || ctx.orgName || '';
    default:
      // a built-in default (the remark, a grade) in the reader's language; what the org typed as it is
      return words.text(field.value.trim());
  }
}

/** The enabled fields of the org's configuration as printed, in §3 group order then sort; empty ones left out. */
export function labelLines(config: FoodLabelConfig, food: LabelFood, ctx: LabelContext): LabelLine[] {
  const produce = config.fields.find((f) => f.field === 'produceDate');
  const produceOption = produce ? chosenOption(produce, 'recipe') : '';
  return groupedFields(config).flatMap((g) => g.fields)
    .filter((f) => f.enabled)
    .map((f) => ({
      field: f.field,
      // a system field's default name in the reader's language; a name the org gave it as written
      label: f.customLabel.trim() || (f.fieldType === 'system' ? (ctx.words ?? ZH_CN_LABEL_WORDS).text(f.defaultLabel) : f.defaultLabel),
      // the batch is of the production day, which the produceDate option decides
      text: f.field === 'batchNo' ? batchNumber(f, produceDayOf(ctx.day, produceOption)) : fieldText(f, food, ctx),
    }))
    .filter((l) => l.text !== '');
}
