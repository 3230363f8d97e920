// The grams one unit of a SKU holds, read from its unit (斤, 千克 …) or its spec ("10kg/袋", "200g×20杯", "5L/桶").
// One reader with two uses, because they need different answers on purpose:
// - 'weighing' (purchase plans, orders, receiving on a scale): only a weight the goods can be weighed out by —
//   a weight unit, or a spec stating one weight per unit. Volumes and packs of several pieces are null: nobody
//   weighs out "5L/桶" or "200g×20杯", so such a SKU cannot be planned or weighed.
// - 'costing' (smart meal allocation): an estimate is better than nothing — a litre counts as a kilogram (milk,
//   oil, soy sauce are sold by volume) and "×N" multiplies a pack.
// - 'ordering' (purchase plans, issue 28): what one unit of the goods weighs, by the food's known weights
//   (domain/foodUnitWeights.ts): a volume × the food's density ("5L/桶" of soybean oil = 4600 g), counted pieces ×
//   the grams of one piece ("20枚/盒" of eggs = 1000 g), a pack of stated weights multiplied ("200g×20杯"). A
//   volume of a food with no density, or pieces of one with no piece weight, stay null: no guess is bought.
// Counted goods ("30枚/板") have no weight in the other two. A weight unit wins over the spec: the price is per unit.
import { GRAMS_PER_WEIGHT_UNIT } from './constants.ts';
import { NO_UNIT_WEIGHTS, type FoodUnitWeights } from './foodUnitWeights.ts';

export type SkuWeightUse = 'weighing' | 'costing' | 'ordering';

/** millilitres per volume unit (named for the 'costing' estimate of a millilitre as a gram) */
const VOLUME_GRAMS: Readonly<Record<string, number>> = { ml: 1, l: 1000, 毫升: 1, 升: 1000 };
const SPEC = /^(\d+(?:\.\d+)?)(kg|g|ml|l|千克|公斤|克|斤|毫升|升)(?:×(\d+))?(\/\S*)?/;

/** Counted pieces: "20枚/盒", "30个", "12只/袋" (the count, then what holds them). */
const PIECES = /^(\d+)(枚|个|只|颗)(\/\S*)?$/;
/** A unit that is one piece when the spec says nothing else. */
const PIECE_UNITS = new Set(['枚', '个', '只', '颗']);

export function skuGrams(spec: string, unit: string, use: SkuWeightUse, food: FoodUnitWeights = NO_UNIT_WEIGHTS): number | null {
  const u = unit.trim().toLowerCase();
  const byUnit = GRAMS_PER_WEIGHT_UNIT[u];
  if (byUnit !== undefined) return byUnit;
  const s = spec.replace(/\s/g, '').toLowerCase().replace(/[x*＊]/g, '×');
  if (use === 'ordering') return orderingGrams(s, u, food);
  const m = SPEC.exec(s);
  if (!m) return null;
  const volume = VOLUME_GRAMS[m[2]!];
  const pack = m[3] ? Number(m[3]) : 1;
  if (use === 'weighing' && (volume !== undefined || m[3] || m[0].length !== s.length)) return null;
  const grams = Number(m[1]) * (volume ?? GRAMS_PER_WEIGHT_UNIT[m[2]!]!) * pack;
  return grams > 0 ? grams : null;
}

const positive = (g: number): number | null => (Number.isFinite(g) && g > 0 ? Math.round(g * 1e6) / 1e6 : null);

/** 'ordering': the weight of one unit by the spec and the food's piece weight and density; null when unknown. */
function orderingGrams(s: string, unit: string, food: FoodUnitWeights): number | null {
  const pieces = PIECES.exec(s);
  if (pieces) return food.gramsPerPiece === null ? null : positive(Number(pieces[1]) * food.gramsPerPiece);
  if (!s && PIECE_UNITS.has(unit)) return food.gramsPerPiece === null ? null : positive(food.gramsPerPiece);
  const m = SPEC.exec(s);
  if (!m) return null;
  // a pack names what it counts ("250ml×24盒"); anything else after the weight ("10kg装", "500g+赠品") is no clean weight
  const rest = s.slice(m[0].length);
  if (rest && !(m[3] && /^[^\d/+]{1,2}(\/\S*)?$/.test(rest))) return null;
  const volume = VOLUME_GRAMS[m[2]!];
  const pack = m[3] ? Number(m[3]) : 1;
  if (volume !== undefined) return food.densityGPerMl === null ? null : positive(Number(m[1]) * volume * food.densityGPerMl * pack);
  return positive(Number(m[1]) * GRAMS_PER_WEIGHT_UNIT[m[2]!]! * pack);
}
