// Purchase plans (issue 11, §2 mallRecipePurchaseplan): what a school buys for one week of a published recipe
// cycle. Pure: the server reads the facts (cycle cells, dishes, foods, linked SKUs with their effective prices)
// and this module does the arithmetic, so the screen, the export and the bench read one set of rules.
// - Per person, a dish's ingredient line weighs dosage × line weight / portion (portion = the sum of its lines),
//   in the dish's dosage mode (net or gross); the cycle's eaters of each age group multiply it.
// - Net → gross by the food's edible portion (gross = net × 100 / edible %); an unknown edible portion keeps the
//   net figure and flags the line (guessing would under-buy a food with refuse).
// - Grams → the SKU's unit by §9's weight conversions: 1 斤 = 500 g, 1 千克 = 1000 g (1 斤 = 0.5 千克).
//   A SKU sold by another unit converts by a spec stating its weight ("10kg/袋"); else it does not match.
// - The delivery day of an ingredient is the day it is cooked (the cycle's calendar date).
import { GRAMS_PER_WEIGHT_UNIT as WEIGHT_UNITS, WEIGHT_CONVERSIONS } from './constants.ts';
import { round6 } from './numberInput.ts';
import { lineAmount, sumAmounts } from './money.ts';
import { dateOfDay, type AgeGroup, type AgeRange, type Cell } from './recipeCycle.ts';
import type { WeightType } from './nutrition.ts';

const KG_PER_JIN = WEIGHT_CONVERSIONS[2];

/** A spec that is one weight per unit: "10kg/袋", "500g", "2.5斤/箱" (not "30枚/板", "5L/桶" or "200g×20杯"). */
const WEIGHT_SPEC = /^(\d+(?:\.\d+)?)\s*(kg|g|千克|公斤|克|斤)\s*(?:\/\s*\S+)?$/i;

/**
 * Grams in one unit of a SKU: by its unit when that is a weight (斤, 千克 …), else by a spec that states one
 * weight per unit (a 袋 of "10kg/袋"); null when neither says (份, 箱 of cartons …): the SKU cannot be planned.
 */
export function gramsPerUnit(unit: string, spec = ''): number | null {
  const byUnit = WEIGHT_UNITS[unit.trim().toLowerCase()];
  if (byUnit !== undefined) return byUnit;
  const m = WEIGHT_SPEC.exec(spec.trim());
  if (!m) return null;
  const grams = Number(m[1]) * WEIGHT_UNITS[m[2]!.toLowerCase()]!;
  return grams > 0 ? grams : null;
}

/** 斤 ↔ 千克 (§9: 1 斤 = 0.5 千克). */
export const jinToKg = (jin: number) => round6(jin * KG_PER_JIN);
export const kgToJin = (kg: number) => round6(kg / KG_PER_JIN);

/** Gross weight of a net weight, by the edible portion %; null when the portion is unknown. */
export function grossOf(net: number, ediblePortionPct: number | null): number | null {
  if (ediblePortionPct === null || !(ediblePortionPct > 0)) return null;
  return round6((net * 100) / Math.min(ediblePortionPct, 100));
}

/** Quantities to buy are rounded up to the hundredth of a unit: a plan never buys less than the recipe needs. */
export const roundUpQuantity = (q: number) => Math.ceil(round6(q) * 100 - 1e-9) / 100;

export interface PlanDish {
  /** how the dish's line weights read (its dosage mode) */
  weightType: WeightType;
  lines: readonly { foodId: string; weight: number }[];
}

export interface PlanFood { foodId: string; name: string; ediblePortionPct: number | null }

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
  /** the cells of the chosen week (days of the cycle, 0-based) */
  cells: readonly Cell[];
  /** the days of the week: [first, last] inclusive */
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

/** Net grams of each food on each day of the week, by the eaters of each age group. */
export function dailyNeeds(input: Pick<PlanInput, 'ageGroups' | 'cells' | 'days' | 'dishes'>): Map<number, Map<string, { grams: number; weightType: WeightType }[]>> {
  const out = new Map<number, Map<string, { grams: number; weightType: WeightType }[]>>();
  const people = new Map<AgeRange, number>(input.ageGroups.map((g) => [g.ageRange, g.people]));
  for (const cell of input.cells) {
    if (cell.day < input.days[0] || cell.day > input.days[1]) continue;
    for (const cd of cell.dishes) {
      const dish = input.dishes[cd.dishId];
      if (!dish) continue;
      const portion = dish.lines.reduce((s, l) => s + l.weight, 0);
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

/** The cheapest SKU per gram that can be ordered; else why none can. */
export function pickSku(skus: readonly PlanSku[]): { sku: PlanSku & { price: number }; grams: number } | { reason: UnmatchedReason } {
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

/** The plan of one week: a line per delivery day and food matched to a SKU, the rest unmatched. */
export function purchasePlan(input: PlanInput): PurchasePlan {
  const lines: PlanLine[] = [];
  const unmatched: UnmatchedLine[] = [];
  const skusByFood = new Map<string, PlanSku[]>();
  for (const s of input.skus) skusByFood.set(s.foodId, [...(skusByFood.get(s.foodId) ?? []), s]);
  const needs = dailyNeeds(input);
  for (const day of [...needs.keys()].sort((a, b) => a - b)) {
    const date = dateOfDay(input.startDate, day);
    for (const [foodId, parts] of [...needs.get(day)!].sort(([a], [b]) => a.localeCompare(b))) {
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
      const pick = pickSku(skusByFood.get(foodId) ?? []);
      if ('reason' in pick) {
        unmatched.push({ ...base, reason: pick.reason });
        continue;
      }
      const s = pick.sku;
      const quantity = roundUpQuantity(gross / pick.grams);
      lines.push({
        ...base, edibleUnknown, skuId: s.skuId, supplierId: s.supplierId, supplierName: s.supplierName, productName: s.productName,
        skuName: s.skuName, spec: s.spec, unit: s.unit, quantity, price: s.price, amount: lineAmount(s.price, quantity),
      });
    }
  }
  // amounts the way an order sums them (fen-exact, domain/money.ts), so the plan's total is the orders' total
  return { lines, unmatched, amount: sumAmounts(lines.map((l) => l.amount)) };
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

export const PLAN_TEXT = {
  notSchool: '只有学校的采购人员可以查看采购计划',
  notFound: '周食谱不存在',
  notPublished: '只有已发布的周食谱可以生成采购计划',
  badWeek: '参数错误：周次不在食谱周期内',
} as const;
