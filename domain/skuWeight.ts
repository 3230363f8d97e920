// The grams one unit of a SKU holds, read from its unit (斤, 千克 …) or its spec ("10kg/袋", "200g×20杯", "5L/桶").
// One reader with two uses, because they need different answers on purpose:
// - 'weighing' (purchase plans, orders, receiving on a scale): only a weight the goods can be weighed out by —
//   a weight unit, or a spec stating one weight per unit. Volumes and packs of several pieces are null: nobody
//   weighs out "5L/桶" or "200g×20杯", so such a SKU cannot be planned or weighed.
// - 'costing' (smart meal allocation): an estimate is better than nothing — a litre counts as a kilogram (milk,
//   oil, soy sauce are sold by volume) and "×N" multiplies a pack.
// Counted goods ("30枚/板") have no weight either way. A weight unit wins over the spec: the price is per unit.
import { GRAMS_PER_WEIGHT_UNIT } from './constants.ts';

export type SkuWeightUse = 'weighing' | 'costing';

const VOLUME_GRAMS: Readonly<Record<string, number>> = { ml: 1, l: 1000, 毫升: 1, 升: 1000 };
const SPEC = /^(\d+(?:\.\d+)?)(kg|g|ml|l|千克|公斤|克|斤|毫升|升)(?:×(\d+))?(\/\S*)?/;

export function skuGrams(spec: string, unit: string, use: SkuWeightUse): number | null {
  const byUnit = GRAMS_PER_WEIGHT_UNIT[unit.trim().toLowerCase()];
  if (byUnit !== undefined) return byUnit;
  const s = spec.replace(/\s/g, '').toLowerCase().replace(/[x*＊]/g, '×');
  const m = SPEC.exec(s);
  if (!m) return null;
  const volume = VOLUME_GRAMS[m[2]!];
  const pack = m[3] ? Number(m[3]) : 1;
  if (use === 'weighing' && (volume !== undefined || m[3] || m[0].length !== s.length)) return null;
  const grams = Number(m[1]) * (volume ?? GRAMS_PER_WEIGHT_UNIT[m[2]!]!) * pack;
  return grams > 0 ? grams : null;
}
