// Smart meal allocation (issue 10; §3 recipeConfig.aiMealsAllocate): for the dishes a dietitian chose for a week,
// the per-person dosages that bring every verdict inside its band at the lowest cost, as a linear programme.
// Pure: the model is built here and written as CPLEX LP text; the solver (HiGHS, `highs` package) is passed in by
// the caller, so the server, the bench and the unit tests run the same formulation.
//
// Formulation (one programme per age group in personal mode; one for all groups in people mode)
//
//   variables   x_i  grams per person of dish occurrence i (a dish in a day × meal cell; in people mode one x_i is
//               served to every age group), bounded  lo_i ≤ x_i ≤ hi_i  with lo_i = ALLOCATION.minShare × portion
//               and hi_i = min(ALLOCATION.maxShare × portion, the cycle's dosage limit): the dish stays the dish the
//               dietitian chose, never dropped and never a kilo of it.
//   objective   minimise Σ_i w_i · c_i · x_i, where c_i is the cost of one gram of the dish: Σ over its lines of
//               (line grams per gram of dish) × (cheapest effective approved price per gram of a SKU the school buys
//               that is linked to the line's food); w_i = eaters of the group (people mode: of all groups served).
//               A food with no priced SKU costs 0 and is named in the answer, never guessed.
//   rows        one linear row per verdict, coefficient a_ij = amount of the row's subject in one gram of dish i:
//               - nutrient n on day d:       Σ_i a_in x_i ∈ [minPct, maxPct] × target_n,d   (target for the meals served)
//               - energy share of fat / cho:  Σ_i (f·fat_i − p·E_i) x_i ≥ 0 with p = minPct/100, ≤ 0 with p = maxPct/100
//                 (f: 9 kcal/g fat or 4 kcal/g carbohydrate; E_i = 4·protein + 9·fat + 4·carbohydrate of one gram,
//                 the energy the analysis divides by: domain/energyShares.ts), i.e. the ratio fat-energy / energy
//                 kept in its band without dividing by a variable
//               - salt and cooking oil are ceilings (domain/salt.ts): one ≤ row each; the salt row counts the salt
//                 equivalent of every line's sodium (× 2.54 ÷ 1000), as the analysis does
//               - food group g in a meal:    Σ_i (grams of group g in one gram of dish i) x_i ∈ [minPct, maxPct] × recommended
//               A verdict whose target the standard lacks (ages 6-8 have energy only) gives no row.
//   rounding    the bands are tightened by ALLOCATION.margin so the dosages rounded to ALLOCATION.decimals still pass.
//   diagnosis   when no dosage satisfies every row (status Infeasible), the elastic programme adds s⁻_r, s⁺_r ≥ 0 to each
//               row (Σ a x + s⁻ − s⁺ ∈ [min, max]) and minimises Σ (s⁻_r + s⁺_r) / |target_r|: the least total relative
//               violation. The rows left with slack are the constraints that cannot be met together. Each is reported
//               with its true limit over the same bounds (rowLimit: the most, or least, the row can reach with every
//               dosage free within its bounds — not the compromise the elastic programme settled on): where even that
//               limit misses the target the text says "at most X"; where the row alone could be met, it says that it
//               conflicts with the others instead (issue 30). Library dishes rich in what is missing are suggested
//               (suggestDishes).
//   time        every solve gets what is left of ALLOCATION.timeLimitMs (HiGHS time_limit); past it the answer is a
//               readable refusal, not a hang.
import { NUTRIENT_KEYS, type NutrientKey } from './nutrition.ts';
import { MACRO_KCAL_PER_GRAM } from './energyShares.ts';
import { SALT_GROUP, SALT_PER_SODIUM } from './salt.ts';
import { RECIPE_LIMITS } from './recipeCycle.ts';

export const ALLOCATION = {
  /** a dish keeps at least half of its portion … */
  minShare: 0.5,
  /** … and at most twice it */
  maxShare: 2,
  /** bands tightened by 0.5 % of their bound (ratio rows by 0.25 percentage points) so rounded dosages still pass */
  margin: 0.005,
  ratioMarginPct: 0.25,
  /** dosages proposed to 0.1 g */
  decimals: 1,
  /** the whole optimisation, every solve included, gives up after this (issue 10: inside 5 s) */
  timeLimitMs: 4500,
  /** suggestions per unmet row */
  suggestions: 3,
} as const;

export const ALLOCATION_MODES = ['personal', 'people'] as const;
export type AllocationMode = (typeof ALLOCATION_MODES)[number];

/** What one gram of a dish (as dosed) brings: nutrients, food-group grams, cost. */
export interface DishPerGram {
  nutrients: Partial<Record<NutrientKey, number>>;
  /** nutrients no value was known for in some line (counted as 0 in the programme, named in the answer) */
  unknownNutrients: NutrientKey[];
  /** grams of each WS/T 554 food group in one gram of dish */
  groups: Record<string, number>;
  /** yuan per gram of dish; lines without a priced SKU count 0 */
  cost: number;
  /** foodIds of lines without a priced SKU */
  unpricedFoods: string[];
}

/** One decision variable: a dish in a cell, for one age group (personal mode) or all of them (people mode). */
export interface AllocationItem {
  /** unique in a model: `${group}|${day}|${mealCode}|${dishId}` */
  key: string;
  dishId: string;
  dishName: string;
  day: number;
  mealCode: number;
  /** the age groups this dosage is served to (one in personal mode) */
  ageRanges: string[];
  /** grams per person now, per age range */
  current: Record<string, number>;
  /** the dish's portion (its default dosage): the bounds are shares of it */
  portion: number;
  min: number;
  max: number;
  perGram: DishPerGram;
  /** eaters served this dosage (the cost weight) */
  people: number;
}

export type RowKind = 'nutrient' | 'energyShare' | 'foodGroup';

/** One verdict as a linear row over the items. */
export interface AllocationRow {
  id: string;
  kind: RowKind;
  /** nutrient key (nutrient, energyShare) or food group name */
  subject: string;
  ageRange: string;
  /** the day of a day's verdict; null for the average day of `days` */
  day: number | null;
  days: number[];
  /** the meal of a row about one meal (none yet: food groups are for the day's main meals) */
  mealCode: number | null;
  terms: { key: string; coef: number }[];
  /** the band as stated (nutrient and food group: amounts; energy share: 0 for both sides of the ratio rows) */
  min: number | null;
  max: number | null;
  /** the row's 100 % (the target amount; energy share: the day's energy at the current dosages, for scale) */
  target: number;
  /** energy share rows: the band in % of energy */
  pct?: { min: number | null; max: number | null };
  /** energy share rows: the terms with the % moved inside the band by ALLOCATION.ratioMarginPct (the programme's row) */
  lpTerms?: { key: string; coef: number }[];
  /** energy share rows: kcal per gram of the nutrient */
  kcalPerGram?: number;
  unit: string;
}

export interface AllocationModel {
  items: AllocationItem[];
  rows: AllocationRow[];
}

// ---------------------------------------------------------------------------------------------------------
// Targets the rows are built from (filled from the nutrition standards by the caller)

export interface NutrientBand { key: NutrientKey; target: number; minPct: number | null; maxPct: number | null; unit: string }
export interface EnergyShareBand { key: 'fat' | 'cho'; kcalPerGram: number; minPct: number; maxPct: number }
/** grams of a food group: `target` the recommendation, min/max the band (min null: a ceiling only; max null: no upper bound) */
export interface FoodGroupBand { group: string; target: number; min: number | null; max: number | null }

/** kcal of one gram of a dish at 4/9/4 (domain/energyShares.ts): the energy its shares are of. */
const macroKcalPerGram = (p: DishPerGram) =>
  MACRO_KCAL_PER_GRAM.protein * (p.nutrients.protein ?? 0) + MACRO_KCAL_PER_GRAM.fat * (p.nutrients.fat ?? 0) + MACRO_KCAL_PER_GRAM.cho * (p.nutrients.cho ?? 0);
/** Grams of a food group in one gram of dish; the salt group is the salt equivalent of all its sodium (domain/salt.ts). */
const groupPerGram = (p: DishPerGram, group: string) => (group === SALT_GROUP ? ((p.nutrients.sodium ?? 0) * SALT_PER_SODIUM) / 1000 : p.groups[group] ?? 0);

/**
 * The bands of one age group over some days: one day's verdicts (`days` = [d]), or the average day of a week
 * (`days` = its days with meals; every row is then the sum over those days ÷ their number, as the week's analysis
 * averages them). Nutrient targets are for the meals served; food groups for the main meals served.
 */
export interface DayBands {
  /** the day of a day's verdicts, null for the average day of `days` */
  day: number | null;
  days: number[];
  ageRange: string;
  nutrients: NutrientBand[];
  energyShares: EnergyShareBand[];
  foodGroups: FoodGroupBand[];
}

const sumTerms = (terms: { key: string; coef: number }[]) => terms.filter((t) => Math.abs(t.coef) > 1e-12);

/**
 * The rows of the verdicts of some bands: the items serving `ageRange` on their days take part. A food-group row
 * whose group no dish holds is still a row: no dosage can meet it, and the diagnosis says so.
 */
export function bandRows(items: readonly AllocationItem[], bands: readonly DayBands[]): AllocationRow[] {
  const rows: AllocationRow[] = [];
  let n = 0;
  for (const b of bands) {
    const served = items.filter((i) => b.days.includes(i.day) && i.ageRanges.includes(b.ageRange));
    if (!served.length || !b.days.length) continue;
    const per = 1 / b.days.length;
    const where = { ageRange: b.ageRange, day: b.day, days: b.days, mealCode: null };
    for (const nb of b.nutrients) {
      if (!(nb.target > 0) || (nb.minPct === null && nb.maxPct === null)) continue;
      rows.push({
        id: `r${n++}`, kind: 'nutrient', subject: nb.key, ...where, unit: nb.unit,
        terms: sumTerms(served.map((i) => ({ key: i.key, coef: per * (i.perGram.nutrients[nb.key] ?? 0) }))),
        min: nb.minPct === null ? null : (nb.target * nb.minPct) / 100, max: nb.maxPct === null ? null : (nb.target * nb.maxPct) / 100, target: nb.target,
      });
    }
    const energyNow = per * served.reduce((s, i) => s + macroKcalPerGram(i.perGram) * (i.current[b.ageRange] ?? i.portion), 0);
    for (const eb of b.energyShares) {
      const coef = (i: AllocationItem, pct: number) => per * (eb.kcalPerGram * (i.perGram.nutrients[eb.key] ?? 0) - (pct / 100) * macroKcalPerGram(i.perGram));
      const terms = (pct: number) => sumTerms(served.map((i) => ({ key: i.key, coef: coef(i, pct) })));
      const m = ALLOCATION.ratioMarginPct;
      rows.push({
        id: `r${n++}`, kind: 'energyShare', subject: eb.key, ...where, unit: '%', kcalPerGram: eb.kcalPerGram,
        terms: terms(eb.minPct), lpTerms: terms(eb.minPct + m), min: 0, max: null, target: Math.max(energyNow, 1), pct: { min: eb.minPct, max: null },
      });
      rows.push({
        id: `r${n++}`, kind: 'energyShare', subject: eb.key, ...where, unit: '%', kcalPerGram: eb.kcalPerGram,
        terms: terms(eb.maxPct), lpTerms: terms(eb.maxPct - m), min: null, max: 0, target: Math.max(energyNow, 1), pct: { min: null, max: eb.maxPct },
      });
    }
    for (const g of b.foodGroups) {
      if (!(g.target > 0)) continue;
      rows.push({
        id: `r${n++}`, kind: 'foodGroup', subject: g.group, ...where, unit: 'g',
        terms: sumTerms(served.map((i) => ({ key: i.key, coef: per * groupPerGram(i.perGram, g.group) }))), min: g.min, max: g.max, target: g.target,
      });
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------
// LP text (CPLEX LP format, as HiGHS reads it)

/** A number as LP text: finite, no locale, exponent form allowed (HiGHS reads it). */
const num = (n: number) => {
  if (!Number.isFinite(n)) throw new Error(`non-finite coefficient ${n}`);
  return Number(n.toPrecision(12)).toString();
};
const varName = (index: number) => `x${index}`;
const signed = (coef: number, name: string) => `${coef < 0 ? '-' : '+'} ${num(Math.abs(coef))} ${name}`;

/** The band a row is held to inside the programme: tightened by the rounding margin. */
export function tightened(row: AllocationRow): { min: number | null; max: number | null } {
  // the ratio rows' bounds are 0: their margin moved the percentage instead (lpTerms)
  if (row.kind === 'energyShare') return { min: row.min, max: row.max };
  const m = ALLOCATION.margin;
  return { min: row.min === null ? null : row.min * (1 + m), max: row.max === null ? null : row.max * (1 - m) };
}

/**
 * The programme as CPLEX LP text. `elastic`: every row gets slacks below and above and the objective is the total
 * relative violation (the diagnosis); otherwise the cost.
 */
export function buildLp(model: AllocationModel, opts: { elastic?: boolean } = {}): string {
  const index = new Map(model.items.map((it, i) => [it.key, i]));
  const objective: string[] = [];
  if (opts.elastic) {
    model.rows.forEach((r, k) => {
      const w = 1 / Math.max(Math.abs(r.target), 1e-9);
      if (r.min !== null) objective.push(signed(w, `sl${k}`));
      if (r.max !== null) objective.push(signed(w, `su${k}`));
    });
  } else {
    model.items.forEach((it, i) => {
      const c = it.perGram.cost * Math.max(it.people, 1);
      if (c !== 0) objective.push(signed(c, varName(i)));
    });
  }
  // an objective with no term (nothing priced) is still a valid programme: 0 x0
  if (!objective.length && model.items.length) objective.push(`+ 0 ${varName(0)}`);
  const lines = ['Minimize', ` obj: ${objective.join(' ')}`, 'Subject To'];
  model.rows.forEach((r, k) => {
    // the elastic programme keeps the tightened rows too: its slack is then exactly what keeps the cost one infeasible
    const lhs = (r.lpTerms ?? r.terms).map((t) => signed(t.coef, varName(index.get(t.key)!)));
    const b = tightened(r);
    const slack = opts.elastic ? [...(r.min !== null ? [`+ 1 sl${k}`] : []), ...(r.max !== null ? [`- 1 su${k}`] : [])] : [];
    const expr = [...lhs, ...slack];
    // a row with no term left (nothing in the meal holds the group): 0 x0, so its infeasibility is the solver's to find
    if (!expr.length) expr.push(`+ 0 ${varName(0)}`);
    // two one-sided rows: HiGHS's LP reader does not take a ranged row written `lo <= expr <= hi`
    if (b.min !== null) lines.push(` ${r.id}lo: ${expr.join(' ')} >= ${num(b.min)}`);
    if (b.max !== null) lines.push(` ${r.id}hi: ${expr.join(' ')} <= ${num(b.max)}`);
  });
  lines.push('Bounds');
  model.items.forEach((it, i) => lines.push(` ${num(it.min)} <= ${varName(i)} <= ${num(it.max)}`));
  if (opts.elastic) {
    model.rows.forEach((r, k) => {
      if (r.min !== null) lines.push(` sl${k} >= 0`);
      if (r.max !== null) lines.push(` su${k} >= 0`);
    });
  }
  lines.push('End');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// Solving

/** What the programme needs of a solver's answer (the `highs` package's solution has this shape). */
export interface LpSolution {
  Status: string;
  ObjectiveValue: number;
  Columns: Record<string, { Primal?: number } | undefined>;
}
/** A solver call: synchronous (HiGHS in process, the unit tests) or asynchronous (HiGHS in a worker thread on the server). */
export type LpSolve = (lp: string, options: { time_limit: number; output_flag?: boolean }) => LpSolution | Promise<LpSolution>;

export interface UnmetRow {
  row: AllocationRow;
  side: 'min' | 'max';
  /** the bound the row needed (energy share: the % of energy) */
  needed: number;
  /**
   * the true limit of the row over the dosage bounds alone (rowLimit): the most it can reach for a 'min' side, the
   * least for a 'max' side (energy share: %; else the row's unit)
   */
  reached: number;
  /** reached as % of the row's target (nutrients and food groups) */
  percent: number | null;
  /** the row alone can be met within the bounds: it fails only together with the others */
  reachable: boolean;
}

export type AllocationOutcome =
  | { status: 'optimal'; dosages: Record<string, number>; cost: number }
  | { status: 'infeasible'; unmet: UnmetRow[] }
  | { status: 'timeout' }
  | { status: 'failed'; reason: string };

const roundTo = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

/** The value of a row's expression at some dosages. */
export function rowValue(row: AllocationRow, dosages: Readonly<Record<string, number>>): number {
  return row.terms.reduce((s, t) => s + t.coef * (dosages[t.key] ?? 0), 0);
}

/** Whether a row holds at some dosages (stated band, a hair of float tolerance). */
export function rowHolds(row: AllocationRow, dosages: Readonly<Record<string, number>>): boolean {
  const v = rowValue(row, dosages);
  const tol = 1e-9 * Math.max(1, Math.abs(row.target));
  return (row.min === null || v >= row.min - tol) && (row.max === null || v <= row.max + tol);
}

/** Reads the dosages of a solved programme, rounded to ALLOCATION.decimals. */
export function parseDosages(model: AllocationModel, solution: LpSolution): Record<string, number> {
  const out: Record<string, number> = {};
  model.items.forEach((it, i) => {
    const v = solution.Columns[varName(i)]?.Primal ?? it.min;
    out[it.key] = Math.min(it.max, Math.max(it.min, roundTo(v, ALLOCATION.decimals)));
  });
  return out;
}

/** The items a row's days and age group serve. */
const rowItems = (model: AllocationModel, row: AllocationRow) => model.items.filter((i) => row.days.includes(i.day) && i.ageRanges.includes(row.ageRange));

/**
 * The true limit of a row over the dosage bounds alone — its own small programme, every other row dropped: the most
 * ('max') or the least ('min') the row's value can be with each dosage anywhere in [min, max] of its item. A linear
 * row is separable over the box, so each term takes the bound that pushes it that way. An energy-share row is a
 * ratio (nutrient energy ÷ 4/9/4 energy): share ≥ p is reachable exactly when the most of Σ (f·n_i − p·E_i) x_i
 * is ≥ 0, a separable box maximum, so the limit is found by bisection on p to 1e-9 %.
 */
export function rowLimit(model: AllocationModel, row: AllocationRow, direction: 'max' | 'min'): number {
  const bounds = new Map(model.items.map((i) => [i.key, i]));
  const extreme = (terms: readonly { key: string; coef: number }[], dir: 'max' | 'min') => terms.reduce((s, t) => {
    const it = bounds.get(t.key);
    if (!it) return s;
    const hi = t.coef * it.max;
    const lo = t.coef * it.min;
    return s + (dir === 'max' ? Math.max(hi, lo) : Math.min(hi, lo));
  }, 0);
  if (row.kind !== 'energyShare') return extreme(row.terms, direction);
  const served = rowItems(model, row);
  const f = row.kcalPerGram ?? 0;
  const terms = (p: number) => served.map((i) => ({ key: i.key, coef: f * (i.perGram.nutrients[row.subject as NutrientKey] ?? 0) - (p / 100) * macroKcalPerGram(i.perGram) }));
  // share ≥ p reachable ⇔ max Σ(f·n − p·E)x ≥ 0; share ≤ p reachable ⇔ min Σ(f·n − p·E)x ≤ 0
  const reachable = (p: number) => (direction === 'max' ? extreme(terms(p), 'max') >= 0 : extreme(terms(p), 'min') <= 0);
  let lo = 0;
  let hi = 100;
  if (direction === 'max') {
    if (!reachable(lo)) return 0;
    for (let k = 0; k < 60 && hi - lo > 1e-9; k++) { const mid = (lo + hi) / 2; if (reachable(mid)) lo = mid; else hi = mid; }
    return lo;
  }
  if (!reachable(hi)) return 100;
  for (let k = 0; k < 60 && hi - lo > 1e-9; k++) { const mid = (lo + hi) / 2; if (reachable(mid)) hi = mid; else lo = mid; }
  return hi;
}

/**
 * The rows the elastic programme left with slack: the constraints that cannot be met together. Each carries its
 * true limit over the bounds (rowLimit), never the elastic compromise's value, and whether the row alone could be met.
 */
export function parseUnmet(model: AllocationModel, solution: LpSolution): UnmetRow[] {
  const out: UnmetRow[] = [];
  model.rows.forEach((r, k) => {
    const lo = solution.Columns[`sl${k}`]?.Primal ?? 0;
    const hi = solution.Columns[`su${k}`]?.Primal ?? 0;
    const tol = 1e-6 * Math.max(1, Math.abs(r.target));
    if (lo <= tol && hi <= tol) return;
    const side = lo > tol ? 'min' : 'max';
    // a 'min' side that failed: how far up the row can go at all; a 'max' side: how far down
    const limit = rowLimit(model, r, side === 'min' ? 'max' : 'min');
    if (r.kind === 'energyShare') {
      const needed = (side === 'min' ? r.pct?.min : r.pct?.max) ?? 0;
      out.push({ row: r, side, needed, reached: roundTo(limit, 1), percent: null, reachable: side === 'min' ? limit >= needed : limit <= needed });
      return;
    }
    const needed = (side === 'min' ? r.min : r.max) ?? 0;
    const eps = 1e-9 * Math.max(1, Math.abs(needed));
    out.push({
      row: r, side, needed, reached: roundTo(limit, 2),
      percent: r.target > 0 ? roundTo((100 * limit) / r.target, 1) : null,
      reachable: side === 'min' ? limit >= needed - eps : limit <= needed + eps,
    });
  });
  return out;
}

/**
 * Solves a model within `deadline` (ms since the epoch, from `now`): the cost programme, and when it is infeasible
 * the elastic one for the diagnosis.
 */
export async function solveAllocation(solve: LpSolve, model: AllocationModel, deadline: number, now: () => number): Promise<AllocationOutcome> {
  if (!model.items.length) return { status: 'failed', reason: 'empty' };
  const left = () => (deadline - now()) / 1000;
  if (left() <= 0) return { status: 'timeout' };
  const first = await solve(buildLp(model), { time_limit: left(), output_flag: false });
  if (first.Status === 'Optimal') {
    const dosages = parseDosages(model, first);
    const cost = model.items.reduce((s, it) => s + it.perGram.cost * Math.max(it.people, 1) * dosages[it.key], 0);
    return { status: 'optimal', dosages, cost };
  }
  if (first.Status === 'Time limit reached' || left() <= 0) return { status: 'timeout' };
  if (first.Status !== 'Infeasible' && first.Status !== 'Primal infeasible or unbounded') return { status: 'failed', reason: first.Status };
  const elastic = await solve(buildLp(model, { elastic: true }), { time_limit: Math.max(left(), 0.001), output_flag: false });
  if (elastic.Status === 'Time limit reached') return { status: 'timeout' };
  if (elastic.Status !== 'Optimal') return { status: 'failed', reason: elastic.Status };
  return { status: 'infeasible', unmet: parseUnmet(model, elastic) };
}

// ---------------------------------------------------------------------------------------------------------
// Per-gram figures of a dish and suggestions

export interface AllocationLine {
  foodId: string;
  /** grams per portion as the dish states them (net or gross per its dosage mode) */
  weight: number;
  /** edible grams of that weight; null when unknown (gross weight of a food without an edible portion) */
  net: number | null;
  /** per-100 g nutrients of the food (edible part) */
  per100g: Partial<Record<NutrientKey, number | null>>;
  group: string;
  /** yuan per edible gram of the food; null: no priced SKU */
  pricePerGram: number | null;
}

/** One gram of a dish whose lines add up to `portion` grams: what it brings and what it costs. */
export function perGramOf(lines: readonly AllocationLine[], portion: number): DishPerGram {
  const nutrients: Partial<Record<NutrientKey, number>> = {};
  const unknown = new Set<NutrientKey>();
  const groups: Record<string, number> = {};
  const unpriced: string[] = [];
  let cost = 0;
  if (!(portion > 0)) return { nutrients, unknownNutrients: [], groups, cost: 0, unpricedFoods: [] };
  for (const l of lines) {
    // edible grams of this line in one gram of dish; an unknown edible share counts the weight as is (and says so)
    const net = (l.net ?? l.weight) / portion;
    for (const k of NUTRIENT_KEYS) {
      const v = l.per100g[k];
      if (v === null || v === undefined || l.net === null) { unknown.add(k); continue; }
      nutrients[k] = (nutrients[k] ?? 0) + (v * net) / 100;
    }
    groups[l.group] = (groups[l.group] ?? 0) + net;
    if (l.pricePerGram === null) { if (!unpriced.includes(l.foodId)) unpriced.push(l.foodId); } else cost += l.pricePerGram * net;
  }
  return { nutrients, unknownNutrients: [...unknown], groups, cost, unpricedFoods: unpriced };
}

export interface LibraryDish { id: string; name: string; portion: number; perGram: DishPerGram }
export interface DishSuggestion { dishId: string; name: string; portion: number; /** what one portion brings of the missing subject */ amount: number }

/**
 * Library dishes that bring most of what an unmet row lacks, per portion, leaving out those already served on the
 * row's days. Excesses (a max side) have no dish to add: none.
 */
export function suggestDishes(unmet: UnmetRow, library: readonly LibraryDish[], model: AllocationModel, limit: number = ALLOCATION.suggestions): DishSuggestion[] {
  if (unmet.side !== 'min') return [];
  const r = unmet.row;
  const present = new Set(model.items.filter((i) => r.days.includes(i.day) && (r.mealCode === null || i.mealCode === r.mealCode)).map((i) => i.dishId));
  const amountOf = (d: LibraryDish) => {
    if (r.kind === 'foodGroup') return (d.perGram.groups[r.subject] ?? 0) * d.portion;
    return (d.perGram.nutrients[r.subject as NutrientKey] ?? 0) * d.portion;
  };
  return library.filter((d) => !present.has(d.id) && d.portion > 0)
    .map((d) => ({ dishId: d.id, name: d.name, portion: d.portion, amount: roundTo(amountOf(d), 2) }))
    .filter((s) => s.amount > 0)
    .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name))
    .slice(0, limit);
}

// ---------------------------------------------------------------------------------------------------------
// Prices

/** Yuan per edible gram of a food bought as a SKU: price ÷ (SKU grams × the food's edible share of it). */
export function pricePerGram(price: number, grams: number | null, ratio: number): number | null {
  if (grams === null || !(grams > 0) || !(ratio > 0) || !(price > 0)) return null;
  return price / (grams * ratio);
}

// ---------------------------------------------------------------------------------------------------------
// The items of a week and the settings of §3 recipeConfig.aiMealsAllocate

export interface WeekCellDish { day: number; mealCode: number; dishId: string; dosages: Partial<Record<string, number>> }
export interface AllocationDish { id: string; name: string; portion: number; perGram: DishPerGram }

/**
 * The variables of some cells: personal mode one per age group and dish occurrence; people mode one per dish
 * occurrence served to every group (its current dosage per group kept for the before/after lines). Dishes the
 * lookup lacks or without a portion are left out (they keep their dosages).
 */
export function allocationItems(
  cells: readonly WeekCellDish[], dishes: ReadonlyMap<string, AllocationDish>, groups: readonly { ageRange: string; people: number }[],
  mode: AllocationMode, dosageMax: number,
): AllocationItem[] {
  const items: AllocationItem[] = [];
  for (const c of cells) {
    const dish = dishes.get(c.dishId);
    if (!dish || !(dish.portion > 0)) continue;
    const bounds = { min: roundTo(Math.min(dosageMax, ALLOCATION.minShare * dish.portion), ALLOCATION.decimals), max: Math.min(dosageMax, ALLOCATION.maxShare * dish.portion) };
    const current = (ar: string) => c.dosages[ar] ?? dish.portion;
    const base = { dishId: dish.id, dishName: dish.name, day: c.day, mealCode: c.mealCode, portion: dish.portion, perGram: dish.perGram, ...bounds };
    if (mode === 'people') {
      items.push({
        ...base, key: `*|${c.day}|${c.mealCode}|${c.dishId}`, ageRanges: groups.map((g) => g.ageRange),
        current: Object.fromEntries(groups.map((g) => [g.ageRange, current(g.ageRange)])), people: groups.reduce((s, g) => s + g.people, 0),
      });
    } else {
      for (const g of groups) {
        items.push({ ...base, key: `${g.ageRange}|${c.day}|${c.mealCode}|${c.dishId}`, ageRanges: [g.ageRange], current: { [g.ageRange]: current(g.ageRange) }, people: g.people });
      }
    }
  }
  return items;
}

/** §3 recipeConfig.aiMealsAllocate as the screens and the server read it (defaults where unset). */
export interface AllocationSettings {
  enable: boolean;
  label: string;
  tip: string;
  peopleTip: string;
  /** personal mode unless only people mode is switched on; people mode when peopleModeAIEnable */
  modes: AllocationMode[];
  /** defaultStatus: the proposal's check boxes start ticked */
  defaultChecked: boolean;
  /** allocateRecommendEnable: dishes to add are suggested where no dosage works */
  recommend: boolean;
}

export function allocationSettings(value: unknown, defaultLabel: string): AllocationSettings {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const str = (x: unknown) => (typeof x === 'string' ? x : '');
  const people = v.peopleModeAIEnable === true;
  const personal = v.personalModeEnable === true || !people;
  return {
    enable: v.enable === true,
    label: str(v.label).trim() || defaultLabel,
    tip: str(v.tip),
    peopleTip: str(v.peopleTip),
    modes: [...(personal ? ['personal' as const] : []), ...(people ? ['people' as const] : [])],
    defaultChecked: v.defaultStatus === true,
    recommend: v.allocateRecommendEnable === true,
  };
}

export const ALLOCATION_TEXT = {
  disabled: '本机构未开启智能配餐，请在系统配置的食谱设置中开启',
  modeOff: (mode: AllocationMode) => (mode === 'people' ? '本机构未开启人群模式智能配餐' : '本机构未开启个人模式智能配餐'),
  weekOutside: (week: number, weeks: number) => `参数错误：第 ${week + 1} 周不在食谱周期内（共 ${weeks} 周）`,
  ageGroupOutside: '参数错误：年龄段不在本食谱的年龄段内',
  empty: '这一周还没有菜品，无法配餐',
  timeout: `在 ${Math.round(ALLOCATION.timeLimitMs / 1000)} 秒内未能算出配餐方案，请减少周数或年龄段后再试`,
  failed: (status: string) => `求解失败（${status}），请检查菜品的食材和用量`,
  infeasible: '现有菜品无论如何调整用量都不能使所有指标达标',
  noTargets: '该年龄段的标准没有可用的营养目标，无法配餐',
  notInCell: (dishId: string) => `参数错误：菜品 ${dishId} 不在该餐次中`,
  badDosage: `参数错误：用量须为大于 0、不超过 ${RECIPE_LIMITS.dosageMaxG} 克的数`,
  duplicate: '参数错误：同一菜品同一年龄段的用量重复',
} as const;

/**
 * One unmet constraint in words: what, where, needed, and the true limit over the dosage bounds (UnmetRow.reached).
 * "At most X" is said only when X is the true maximum and misses the need; a row that could be met on its own is
 * said to conflict with the others, with its reachable limit, never the compromise's figure.
 */
export function unmetText(u: UnmetRow, names: { subject: string; day: string; meal: string | null }): string {
  const r = u.row;
  const where = `${names.day}${names.meal ? ` ${names.meal}` : ''} ${r.ageRange} 岁`;
  const unit = r.kind === 'energyShare' ? '%' : r.unit;
  const fmt = (n: number) => (unit === '%' ? `${roundTo(n, 1)}%` : `${roundTo(n, 1)} ${unit}`.trim());
  const subject = r.kind === 'energyShare' ? `${names.subject}供能比` : names.subject;
  const pct = u.percent === null ? '' : `（目标的 ${u.percent}%）`;
  if (u.reachable) {
    return u.side === 'min'
      ? `${where}：${subject}至少需要 ${fmt(u.needed)}，单独调整用量最多可达 ${fmt(u.reached)}，但与其他指标不能同时满足`
      : `${where}：${subject}不能超过 ${fmt(u.needed)}，单独调整用量最少可到 ${fmt(u.reached)}，但与其他指标不能同时满足`;
  }
  return u.side === 'min'
    ? `${where}：${subject}最多只能达到 ${fmt(u.reached)}${pct}，至少需要 ${fmt(u.needed)}`
    : `${where}：${subject}最少也有 ${fmt(u.reached)}${pct}，不能超过 ${fmt(u.needed)}`;
}
