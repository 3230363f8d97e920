// Whole packages (issue 30 point 6): goods sold by the package are bought in whole packages. A school cannot buy
// 1.04 bags of salt or 1.84 bags of rice, and a supplier cannot deliver 0.33 of a bag; planning or ordering such
// a figure hides what is really bought and paid. The rules, once, for the purchase plan (domain/purchasePlan.ts),
// the order aggregate (domain/aggregates/order.ts) and the screens:
// - A package unit is any unit that is not a measure: 袋, 包, 箱, 瓶, 桶, 盒, 板, 个, 件 … (§9's units). A weight
//   (斤, 千克, 克 — §9 WEIGHT_CONVERSIONS) or a volume (升, 毫升) is measured out on the scale or the jug, so a
//   fraction of it is a real quantity; a fraction of a bag is not.
// - A plan buys, per SKU and delivery day, the need of that day less what earlier deliveries left, rounded UP to a
//   whole package (never less than the recipes need). What the packages hold beyond the need is the surplus.
// - The surplus carries into the next delivery day's need of the same SKU only where the goods keep: shelf-stable
//   goods stored at room temperature for weeks once bought (see goodsKeep). A perishable's surplus is not carried —
//   yesterday's open box of milk is not today's milk — so each day of it is bought whole on its own.
// - The carry runs within one week of the recipe cycle: a week's first day starts with an empty store room (the plan
//   does not know what the store room holds), and a month plan reads each week from its first day, so the week and
//   the month plan buy the same on every day.
// - Goods sold by weight keep today's rule: the hundredth of a unit, rounded up; nothing is carried (the surplus is
//   under a hundredth of a 斤).
// docs/purchase-plans.md says these rules for people.
import { GRAMS_PER_WEIGHT_UNIT } from './constants.ts';
import { round6 } from './numberInput.ts';

/** Units that are volumes: measured out, so a fraction of one is a quantity (oil from a 20 L drum by the litre). */
const VOLUME_UNITS = new Set(['升', '毫升', 'l', 'ml', '公升']);

/** A unit counted in whole packages or pieces (not a weight, not a volume). An empty unit is no package. */
export function isPackageUnit(unit: string): boolean {
  const u = unit.trim().toLowerCase();
  return u !== '' && GRAMS_PER_WEIGHT_UNIT[u] === undefined && !VOLUME_UNITS.has(u);
}

/** A whole number of packages, within the rounding of §9's six decimals. */
export const isWholeQuantity = (q: number) => Math.abs(q - Math.round(q)) < 1e-6;

/**
 * Food groups (WS/T 554, as foods.json and the org's local ingredients assign them) whose every food keeps for
 * weeks at room temperature: table salt and vegetable oils.
 */
const KEEPING_GROUPS = new Set(['盐', '植物油']);

/**
 * Foods of the other groups that keep (foods.json ids): dry grains, flours, dry noodles and dry pulses (谷薯类; not
 * potatoes, taro, yam, fresh corn or fresh noodles), soybeans, nuts and seeds (not tofu or soy milk), milk powders
 * (not milk, yoghurt or cheese), sugars, honey, sealed sauces, vinegar and dry spices (not lard or butter). These
 * are shelf-stable goods as sold in sealed bags, bottles or tins (GB 7718 lets them state months of shelf life).
 * A food not listed here (and an org's local ingredient outside the keeping groups) counts as perishable: carrying
 * its surplus could serve spoiled food, while not carrying it only buys a package more.
 */
export const KEEPING_FOODS: ReadonlySet<string> = new Set([
  // 谷薯类: rice, flour, dry noodles, starch, grains, dry pulses
  '20444', '20450', '20452', '20054', '20036', '20481', '20129', '20080', '20420', '20409', '20114', '20133', '16082', '20027',
  '20031', '20014', '20020', '20038', '08120', '20008', '20011', '20005', '20067', '16080', '16001', '16032', '16085', '16052',
  // 大豆类及其制品和坚果: soybeans, peanuts, nuts, seeds, pastes in jars
  '16108', '16087', '16398', '12155', '12061', '12087', '12151', '12147', '12023', '12169', '12036', '12014', '12013',
  // 奶及奶制品: milk powders
  '01212', '01091',
  // 其他: sugars, honey, soy sauce, vinegar, oyster sauce, ketchup, tomato paste, pepper, curry powder
  '19335', '19334', '19296', '16123', '02053', '06176', '11935', '11546', '02030', '02015',
]);

/** Whether a food's surplus keeps to the next delivery day: its group keeps, or it is a shelf-stable food. */
export function goodsKeep(food: { foodId: string; group?: string | null }): boolean {
  return KEEPING_GROUPS.has(food.group ?? '') || KEEPING_FOODS.has(food.foodId);
}

/** Packages to buy for a need when `stock` packages are already there: whole, rounded up, never negative. */
export function wholePackagesFor(need: number, stock = 0): number {
  const missing = round6(need - stock);
  return missing > 0 ? Math.ceil(missing - 1e-6) : 0;
}

/** One plan line as the balance reads it. */
export interface BalanceLine {
  date: string;
  skuId: string;
  /** units of the SKU the day's recipes need (gross grams / grams per unit), not rounded */
  needQuantity: number;
  /** the SKU is sold by the package (isPackageUnit) */
  wholePackages: boolean;
  /** the food's surplus keeps to the next delivery day (goodsKeep) */
  keeps: boolean;
  /** the week of the recipe cycle: stock carries only within one (a plan of a week starts with an empty store room) */
  cycleWeek?: number;
}

export interface Balance {
  /** units bought for this line */
  quantity: number;
  /** units of earlier deliveries' surplus this line uses */
  carriedIn: number;
  /** units left after this line: carriedIn + stock not used + quantity − need; below 0, a shortfall */
  surplus: number;
}

/**
 * The balance of plan lines in delivery order (date, then the caller's order within a day), per SKU. `quantityOf`
 * says what is bought: by default the whole-package rule (need less stock, rounded up; a weighed SKU to the
 * hundredth, as before); the screen passes the purchaser's edited quantities to show what they leave over or short.
 * Stock carries to a later line of the same SKU on the same day always (one delivery), to a later day of the same
 * cycle week only when the goods are packaged and keep.
 */
export function packageBalances<L extends BalanceLine>(
  lines: readonly L[],
  quantityOf: (line: L, stock: number) => number = (l, stock) => (l.wholePackages ? wholePackagesFor(l.needQuantity, stock) : roundUpHundredth(l.needQuantity)),
): (L & Balance)[] {
  const order = lines.map((l, i) => ({ l, i })).sort((a, b) => a.l.date.localeCompare(b.l.date) || a.i - b.i);
  const stock = new Map<string, { date: string; left: number; carries: boolean }>();
  const out: (L & Balance)[] = new Array(lines.length);
  for (const { l, i } of order) {
    const key = `${l.cycleWeek ?? ''}\u0000${l.skuId}`;
    const s = stock.get(key);
    const available = !s ? 0 : s.date === l.date || s.carries ? s.left : 0;
    const quantity = quantityOf(l, available);
    const carriedIn = round6(Math.min(available, l.needQuantity));
    const surplus = round6(available + quantity - l.needQuantity);
    stock.set(key, { date: l.date, left: Math.max(0, surplus), carries: l.wholePackages && l.keeps });
    out[i] = { ...l, quantity, carriedIn, surplus };
  }
  return out;
}

/** A weighed SKU's quantity: rounded up to the hundredth of its unit (a plan never buys less than the recipe needs). */
export const roundUpHundredth = (q: number) => Math.ceil(round6(q) * 100 - 1e-9) / 100;

/** Why an order line's quantity is no whole package, or null: only for a package unit, and only when fractional. */
export function wholePackageProblem(line: { skuId: string; name: string; unit: string }, quantity: number): string | null {
  if (!isPackageUnit(line.unit) || isWholeQuantity(quantity)) return null;
  return WHOLE_PACKAGE_TEXT.fractional(line.name, line.skuId, line.unit, quantity);
}

export const WHOLE_PACKAGE_TEXT = {
  fractional: (name: string, sku: string, unit: string, quantity: number) => `参数错误：商品 ${name}（${sku}）按${unit}整件订购，数量须为整数（收到 ${quantity}）`,
} as const;
