// Purchase plans (issue 11, §2 mallRecipePurchaseplan): what a school buys for one week of a published recipe
// cycle. Pure: the server reads the facts (cycle cells, dishes, foods, linked SKUs with their effective prices)
// and this module does the arithmetic, so the screen, the export and the bench read one set of rules.
// - Per person, a dish's ingredient line weighs dosage × line weight / portion (portion = the sum of its lines),
//   in the dish's dosage mode (net or gross); the cycle's eaters of each age group multiply it.
// - Net → gross by the food's edible portion (gross = net × 100 / edible %); an unknown edible portion keeps the
//   net figure and flags the line (guessing would under-buy a food with refuse).
// - Grams → the SKU's unit by §9's weight conversions: 1 斤 = 500 g, 1 千克 = 1000 g (1 斤 = 0.5 千克).
//   A SKU sold by another unit converts by its spec and the food's known weights (issue 28, domain/skuWeight
//   'ordering'): "10kg/袋", "20枚/盒" of eggs at 50 g a piece, "5L/桶" of oil at 0.92 g/ml; else it does not match.
// - The delivery day of an ingredient is the day it is cooked (the cycle's calendar date).
import { WEIGHT_CONVERSIONS } from './constants.ts';
import { skuGrams } from './skuWeight.ts';
import type { FoodUnitWeights } from './foodUnitWeights.ts';
import { round6 } from './numberInput.ts';
import { lineAmount, sumAmounts } from './money.ts';
import { dateOfDay, dishPortion, type AgeGroup, type AgeRange, type Cell } from './recipeCycle.ts';
import type { WeightType } from './nutrition.ts';
import { PURCHASE_PLAN_EXPORT_FIELDS, type PurchasePlanExportField } from './recipeSettings.ts';
import { goodsKeep, isPackageUnit, packageBalances, roundUpHundredth } from './wholePackages.ts';

const KG_PER_JIN = WEIGHT_CONVERSIONS[2];

/**
 * Grams in one unit of a SKU: as goods are weighed out (domain/skuWeight 'weighing': scales, receiving), or, given
 * the food's piece weight and density, as a purchase plan orders it ('ordering'); null: it cannot be planned.
 */
export const gramsPerUnit = (unit: string, spec = '', food?: FoodUnitWeights): number | null =>
  (food ? skuGrams(spec, unit, 'ordering', food) : skuGrams(spec, unit, 'weighing'));

/** 斤 ↔ 千克 (§9: 1 斤 = 0.5 千克). */
export const jinToKg = (jin: number) => round6(jin * KG_PER_JIN);
export const kgToJin = (kg: number) => round6(kg / KG_PER_JIN);

/** Gross weight of a net weight, by the edible portion %; null when the portion is unknown. */
export function grossOf(net: number, ediblePortionPct: number | null): number | null {
  if (ediblePortionPct === null || !(ediblePortionPct > 0)) return null;
  return round6((net * 100) / Math.min(ediblePortionPct, 100));
}

/**
 * Quantities of a weighed SKU are rounded up to the hundredth of a unit: a plan never buys less than the recipe
 * needs. A packaged SKU buys whole packages (domain/wholePackages.ts).
 */
export const roundUpQuantity = roundUpHundredth;

export interface PlanDish {
  /** how the dish's line weights read (its dosage mode) */
  weightType: WeightType;
  lines: readonly { foodId: string; weight: number }[];
}

export interface PlanFood extends Partial<FoodUnitWeights> {
  foodId: string; name: string; ediblePortionPct: number | null;
  /** its WS/T 554 group (whether its surplus keeps, domain/wholePackages goodsKeep) */
  group?: string | null;
}

const unitWeightsOf = (food: PlanFood | undefined): FoodUnitWeights => ({ gramsPerPiece: food?.gramsPerPiece ?? null, densityGPerMl: food?.densityGPerMl ?? null });

/** A SKU of a linked supplier the school may buy (the server drops SKUs outside the link's categories). */
export interface PlanSku {
  skuId: string;
  supplierId: string;
  supplierName: string;
  productName: string;
  skuName: string;
  spec: string;
  unit: string;
  /** the food it is linked to (SKU ↔ ingredient) and the share of it */
  foodId: string;
  ratio: number;
  /** the effective approved price for the school today; null = no price (not offered) */
  price: number | null;
  /** the link allows ordering (supplier permission `order`) */
  mayOrder: boolean;
}

export interface PlanInput {
  startDate: string;
  ageGroups: readonly AgeGroup[];
  /**
   * the cells of the chosen days (days of the cycle, 0-based) and of the rest of the cycle weeks they fall in
   * (planCellDays): a packaged surplus carries from a week's first day on, so a month plan starting mid-week reads the
   * week from its start and buys what the week plan buys
   */
  cells: readonly Cell[];
  /** the days planned (a week, or a month's days): [first, last] inclusive */
  days: readonly [number, number];
  dishes: Readonly<Record<string, PlanDish>>;
  foods: Readonly<Record<string, PlanFood>>;
  skus: readonly PlanSku[];
}

export interface PlanLine {
  date: string;
  foodId: string;
  foodName: string;
  netGrams: number;
  grossGrams: number;
  /** the edible portion was unknown: gross = net */
  edibleUnknown: boolean;
  skuId: string;
  supplierId: string;
  supplierName: string;
  productName: string;
  skuName: string;
  spec: string;
  unit: string;
  /** grams one unit of the SKU holds (the need is gross grams / this) */
  unitGrams: number;
  /** units of the SKU the day's recipes need, unrounded (gross grams / unitGrams, six decimals) */
  needQuantity: number;
  /** the SKU is sold by the package: whole packages are bought (domain/wholePackages.ts) */
  wholePackages: boolean;
  /** the food keeps: its surplus carries into the next delivery day of the same SKU */
  keeps: boolean;
  /** the week of the cycle (1-based) the day falls in: a surplus carries within it */
  cycleWeek: number;
  /** units of an earlier line's surplus this line uses (so fewer are bought) */
  carriedIn: number;
  /** units left after this line's need: carriedIn + stock + quantity − need */
  surplus: number;
  /** units bought: whole packages (need less stock, rounded up), or a weighed unit to the hundredth */
  quantity: number;
  price: number;
  amount: number;
}

export type UnmatchedReason = 'noSku' | 'noPrice' | 'noWeightUnit' | 'noOrderPermission';

export interface UnmatchedLine {
  date: string;
  foodId: string;
  foodName: string;
  netGrams: number;
  grossGrams: number;
  reason: UnmatchedReason;
}

export interface PurchasePlan {
  lines: PlanLine[];
  unmatched: UnmatchedLine[];
  amount: number;
}

/**
 * How much of a plan can be ordered: its ingredient lines that found a priced SKU of a supplier, out of all (issue 28:
 * the demo cycle's plan orders at least 95 %). An empty plan is fully covered: there is nothing it fails to order.
 */
export function planCoverage(plan: { lines: readonly unknown[]; unmatched: readonly unknown[] }): { ordered: number; all: number; share: number } {
  const ordered = plan.lines.length;
  const all = ordered + plan.unmatched.length;
  return { ordered, all, share: all ? ordered / all : 1 };
}

/** Net grams of each food on each day of the week, by the eaters of each age group. */
export function dailyNeeds(input: Pick<PlanInput, 'ageGroups' | 'cells' | 'days' | 'dishes'>): Map<number, Map<string, { grams: number; weightType: WeightType }[]>> {
  const out = new Map<number, Map<string, { grams: number; weightType: WeightType }[]>>();
  const people = new Map<AgeRange, number>(input.ageGroups.map((g) => [g.ageRange, g.people]));
  for (const cell of input.cells) {
    if (cell.day < input.days[0] || cell.day > input.days[1]) continue;
    for (const cd of cell.dishes) {
      const dish = input.dishes[cd.dishId];
      if (!dish) continue;
      const portion = dishPortion(dish.lines);
      if (!(portion > 0)) continue;
      // grams of the dish the day's eaters eat: each age group's eaters × its dosage (the portion when unset)
      let dishGrams = 0;
      for (const [range, n] of people) dishGrams += n * (cd.dosages[range] ?? portion);
      const day = out.get(cell.day) ?? new Map();
      out.set(cell.day, day);
      for (const l of dish.lines) {
        const parts = day.get(l.foodId) ?? [];
        parts.push({ grams: (dishGrams * l.weight) / portion, weightType: dish.weightType });
        day.set(l.foodId, parts);
      }
    }
  }
  return out;
}

/** The cheapest SKU per gram that can be ordered (weighed by the food's piece weight and density); else why none can. */
export function pickSku(skus: readonly PlanSku[], food: FoodUnitWeights = { gramsPerPiece: null, densityGPerMl: null }): { sku: PlanSku & { price: number }; grams: number } | { reason: UnmatchedReason } {
  const gramsPerUnit = (unit: string, spec: string) => skuGrams(spec, unit, 'ordering', food);
  if (!skus.length) return { reason: 'noSku' };
  const weighed = skus.filter((s) => gramsPerUnit(s.unit, s.spec) !== null);
  if (!weighed.length) return { reason: 'noWeightUnit' };
  const orderable = weighed.filter((s) => s.mayOrder);
  if (!orderable.length) return { reason: 'noOrderPermission' };
  const priced = orderable.filter((s): s is PlanSku & { price: number } => s.price !== null);
  if (!priced.length) return { reason: 'noPrice' };
  const perGram = (s: PlanSku & { price: number }) => s.price / gramsPerUnit(s.unit, s.spec)!;
  const best = [...priced].sort((a, b) => perGram(a) - perGram(b) || b.ratio - a.ratio || a.skuId.localeCompare(b.skuId))[0]!;
  return { sku: best, grams: gramsPerUnit(best.unit, best.spec)! };
}

/**
 * The plan of one week (or of a month's days): a line per delivery day and food matched to a SKU, the rest unmatched.
 * Packaged SKUs are bought whole per SKU and delivery day, the surplus of goods that keep carried to the next day
 * (domain/wholePackages.ts packageBalances).
 */
export function purchasePlan(input: PlanInput): PurchasePlan {
  const needs: (Omit<PlanLine, 'quantity' | 'carriedIn' | 'surplus' | 'amount'> & { day: number })[] = [];
  const unmatched: UnmatchedLine[] = [];
  const skusByFood = new Map<string, PlanSku[]>();
  for (const s of input.skus) skusByFood.set(s.foodId, [...(skusByFood.get(s.foodId) ?? []), s]);
  const daily = dailyNeeds({ ...input, days: planCellDays(input.days) });
  for (const day of [...daily.keys()].sort((a, b) => a - b)) {
    const date = dateOfDay(input.startDate, day);
    for (const [foodId, parts] of [...daily.get(day)!].sort(([a], [b]) => a.localeCompare(b))) {
      const food = input.foods[foodId];
      const edible = food?.ediblePortionPct ?? null;
      let net = 0;
      let gross = 0;
      let edibleUnknown = false;
      for (const p of parts) {
        if (p.weightType === 'gross') {
          gross += p.grams;
          net += edible === null ? p.grams : (p.grams * Math.min(edible, 100)) / 100;
          if (edible === null) edibleUnknown = true;
        } else {
          net += p.grams;
          const g = grossOf(p.grams, edible);
          if (g === null) edibleUnknown = true;
          gross += g ?? p.grams;
        }
      }
      const base = { date, foodId, foodName: food?.name ?? foodId, netGrams: round6(net), grossGrams: round6(gross) };
      const pick = pickSku(skusByFood.get(foodId) ?? [], unitWeightsOf(food));
      if ('reason' in pick) {
        if (day >= input.days[0] && day <= input.days[1]) unmatched.push({ ...base, reason: pick.reason });
        continue;
      }
      const s = pick.sku;
      needs.push({
        ...base, day, cycleWeek: Math.floor(day / 7) + 1, edibleUnknown, skuId: s.skuId, supplierId: s.supplierId, supplierName: s.supplierName, productName: s.productName,
        skuName: s.skuName, spec: s.spec, unit: s.unit, unitGrams: pick.grams, needQuantity: round6(gross / pick.grams),
        wholePackages: isPackageUnit(s.unit), keeps: goodsKeep({ foodId, group: food?.group }), price: s.price,
      });
    }
  }
  // the carry runs within a week of the cycle (what a week plan orders), so the week and the month plan agree
  const lines: PlanLine[] = packageBalances(needs)
    .filter((l) => l.day >= input.days[0] && l.day <= input.days[1])
    .map(({ day: _day, ...l }) => ({ ...l, amount: lineAmount(l.price, l.quantity) }));
  // amounts the way an order sums them (fen-exact, domain/money.ts), so the plan's total is the orders' total
  return { lines, unmatched, amount: sumAmounts(lines.map((l) => l.amount)) };
}

/**
 * The days whose cells a plan of `days` reads: the whole cycle weeks they fall in (a packaged surplus carries from a
 * week's first day). Days past the cycle's end have no cells and add nothing.
 */
export function planCellDays(days: readonly [number, number]): [number, number] {
  return [Math.floor(days[0] / 7) * 7, Math.floor(days[1] / 7) * 7 + 6];
}

/** The days [first, last] of week `week` (1-based) of a cycle; null when the cycle has no such week. */
export function weekDays(cycleDayCount: number, week: number): [number, number] | null {
  if (!Number.isInteger(week) || week < 1 || (week - 1) * 7 >= cycleDayCount) return null;
  return [(week - 1) * 7, Math.min(week * 7, cycleDayCount) - 1];
}

/**
 * The orders a plan turns into: one per supplier and delivery day, quantities summed per SKU (two foods can
 * map to one SKU), zero quantities left out.
 */
export function planOrders(lines: readonly Pick<PlanLine, 'date' | 'supplierId' | 'skuId' | 'quantity'>[]): { supplierId: string; deliveryDate: string; items: { skuId: string; quantity: number }[] }[] {
  const groups = new Map<string, { supplierId: string; deliveryDate: string; items: Map<string, number> }>();
  for (const l of lines) {
    if (!(l.quantity > 0)) continue;
    const key = `${l.date}\u0000${l.supplierId}`;
    const g = groups.get(key) ?? { supplierId: l.supplierId, deliveryDate: l.date, items: new Map<string, number>() };
    g.items.set(l.skuId, round6((g.items.get(l.skuId) ?? 0) + l.quantity));
    groups.set(key, g);
  }
  return [...groups.values()]
    .sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate) || a.supplierId.localeCompare(b.supplierId))
    .map((g) => ({ supplierId: g.supplierId, deliveryDate: g.deliveryDate, items: [...g.items].map(([skuId, quantity]) => ({ skuId, quantity })) }));
}

/** One order a plan would place, with the money of its lines. */
export interface PlannedOrder { supplierId: string; deliveryDate: string; items: { skuId: string; quantity: number }[]; amount: number }

/**
 * What generating the orders of a plan places, said before it is done (issue 28): the orders of the days still open
 * for ordering with their money, and the supplier days whose cut-off has passed (skipped).
 */
export function plannedOrders(
  lines: readonly Pick<PlanLine, 'date' | 'supplierId' | 'skuId' | 'quantity' | 'amount'>[],
  days: readonly { date: string; suppliers: readonly { supplierId: string; open: boolean }[] }[],
): { place: PlannedOrder[]; closed: { supplierId: string; deliveryDate: string }[]; amount: number } {
  const isOpen = (o: { supplierId: string; deliveryDate: string }) =>
    days.find((d) => d.date === o.deliveryDate)?.suppliers.find((x) => x.supplierId === o.supplierId)?.open !== false;
  const amountOf = (o: { supplierId: string; deliveryDate: string }) =>
    sumAmounts(lines.filter((l) => l.quantity > 0 && l.date === o.deliveryDate && l.supplierId === o.supplierId).map((l) => l.amount));
  const all = planOrders(lines).map((o) => ({ ...o, amount: amountOf(o) }));
  const place = all.filter(isOpen);
  return {
    place, closed: all.filter((o) => !isOpen(o)).map(({ supplierId, deliveryDate }) => ({ supplierId, deliveryDate })),
    amount: sumAmounts(place.map((o) => o.amount)),
  };
}

/**
 * The Idempotency-Key of a plan's order (issue 28): one per cycle, delivery day and supplier (the day names the week),
 * so generating a plan again, from the week or the month plan, answers the orders already placed instead of adding.
 */
export const planOrderKey = (cycleId: string, deliveryDate: string, supplierId: string) => `plan:${cycleId}:${deliveryDate}:${supplierId}`;

export const PLAN_TEXT = {
  notSchool: '只有学校的采购人员可以查看采购计划',
  notFound: '周食谱不存在',
  notPublished: '只有已发布的周食谱可以生成采购计划',
  badWeek: '参数错误：周次不在食谱周期内',
  badMonth: '参数错误：月份不在食谱周期内',
} as const;

// ── month plans (§2 mallRecipeMonthPurchaseplan) ──────────────────────────────────────────────────────────────
// A month plan is the week plan's rules over the days of one cycle that fall in a calendar month: a month cycle
// is its whole month, a week cycle the weeks of it in that month. Lines stay per delivery day (that is what is
// ordered); the totals add them up per ingredient per calendar week (Monday first, as week cycles start) and month.

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The days [first, last] of a cycle that fall in month `YYYY-MM`; null when the month is malformed or none do. */
export function monthDays(startDate: string, cycleDayCount: number, month: string): [number, number] | null {
  const m = MONTH.exec(month);
  const start = Date.parse(`${startDate}T00:00:00Z`);
  if (!m || Number.isNaN(start) || cycleDayCount < 1) return null;
  const first = Date.UTC(Number(m[1]), Number(m[2]) - 1, 1);
  const last = Date.UTC(Number(m[1]), Number(m[2]), 0);
  const from = Math.max(0, Math.round((first - start) / 86_400_000));
  const to = Math.min(cycleDayCount - 1, Math.round((last - start) / 86_400_000));
  return from <= to ? [from, to] : null;
}

/** The months `YYYY-MM` a cycle's days touch, in order (what a month plan of it may be asked for). */
export function cycleMonths(startDate: string, cycleDayCount: number): string[] {
  if (cycleDayCount < 1 || Number.isNaN(Date.parse(`${startDate}T00:00:00Z`))) return [];
  const last = dateOfDay(startDate, cycleDayCount - 1).slice(0, 7);
  const out: string[] = [];
  let [y, m] = startDate.slice(0, 7).split('-').map(Number) as [number, number];
  for (let month = startDate.slice(0, 7); month <= last; month = `${y}-${String(m).padStart(2, '0')}`) {
    out.push(month);
    if (m === 12) { y += 1; m = 1; } else m += 1;
  }
  return out;
}

/** The Monday of a date's week (YYYY-MM-DD). */
export function weekStartOf(date: string): string {
  const t = Date.parse(`${date}T00:00:00Z`);
  const back = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - back * 86_400_000).toISOString().slice(0, 10);
}

export interface PlanFigures { grossGrams: number; quantity: number; amount: number }

/** One ingredient's totals: per week (by its Monday) and for the whole plan, in the unit of its SKU. */
export interface PlanTotal extends PlanFigures {
  foodId: string; foodName: string; skuId: string; supplierId: string; supplierName: string; productName: string; spec: string; unit: string; price: number;
  weeks: Record<string, PlanFigures>;
}

const addFigures = (a: PlanFigures, b: PlanFigures): PlanFigures => ({
  grossGrams: round6(a.grossGrams + b.grossGrams), quantity: round6(a.quantity + b.quantity), amount: sumAmounts([a.amount, b.amount]),
});
const NO_FIGURES: PlanFigures = { grossGrams: 0, quantity: 0, amount: 0 };

/**
 * The totals of plan lines (edited or not) per ingredient and SKU: each week's and the whole plan's quantity is the
 * sum of the days' quantities (each day is delivered and rounded up on its own), amounts summed to the fen.
 */
export function planTotals(lines: readonly PlanLine[]): { weeks: string[]; rows: PlanTotal[]; amount: number } {
  const rows = new Map<string, PlanTotal>();
  const weeks = new Set<string>();
  for (const l of lines) {
    const week = weekStartOf(l.date);
    weeks.add(week);
    const key = `${l.foodId}\u0000${l.skuId}`;
    const row = rows.get(key) ?? {
      foodId: l.foodId, foodName: l.foodName, skuId: l.skuId, supplierId: l.supplierId, supplierName: l.supplierName, productName: l.productName,
      spec: l.spec, unit: l.unit, price: l.price, weeks: {}, ...NO_FIGURES,
    };
    const day: PlanFigures = { grossGrams: l.grossGrams, quantity: l.quantity, amount: l.amount };
    row.weeks[week] = addFigures(row.weeks[week] ?? NO_FIGURES, day);
    Object.assign(row, addFigures(row, day));
    rows.set(key, row);
  }
  const list = [...rows.values()].sort((a, b) => a.foodName.localeCompare(b.foodName, 'zh-CN') || a.skuId.localeCompare(b.skuId));
  return { weeks: [...weeks].sort(), rows: list, amount: sumAmounts(list.map((r) => r.amount)) };
}

// ── the export (§3 recipe setting 采购计划导出内容) ─────────────────────────────────────────────────────────────

/**
 * The cells of an exported plan, one row per line and then one per unmatched ingredient, holding exactly the
 * columns the org's export setting names, in the setting's field order (domain/recipeSettings.ts). `remark` gives
 * the remark of a row (the screen's translated words: an unmatched reason, an unknown edible portion).
 */
export function planExportRows(
  fields: readonly PurchasePlanExportField[], lines: readonly PlanLine[], unmatched: readonly UnmatchedLine[],
  remark: (row: { line: PlanLine } | { unmatched: UnmatchedLine }) => string,
): { fields: PurchasePlanExportField[]; rows: (string | number | null)[][] } {
  const ordered = PURCHASE_PLAN_EXPORT_FIELDS.filter((f) => fields.includes(f));
  const ofLine = (l: PlanLine): Record<PurchasePlanExportField, string | number | null> => ({
    foodName: l.foodName, spec: l.spec, unit: l.unit, quantity: l.quantity, price: l.price, amount: l.amount, supplier: l.supplierName, mealDate: l.date,
    remark: remark({ line: l }),
  });
  const ofUnmatched = (u: UnmatchedLine): Record<PurchasePlanExportField, string | number | null> => ({
    foodName: u.foodName, spec: '', unit: '', quantity: null, price: null, amount: null, supplier: '', mealDate: u.date, remark: remark({ unmatched: u }),
  });
  const rows = [...lines.map(ofLine), ...unmatched.map(ofUnmatched)].map((r) => ordered.map((f) => r[f]));
  return { fields: ordered, rows };
}
