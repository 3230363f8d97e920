// §3 nutrient catalogue: name, cnName, enName, unit, decimal, ignoreProductFilter and the advice text
// (nutritionAnalysisProposal) of each of the 13 nutrients foods.json carries. The screens show values with the
// unit and decimals given here; the analysis (issue 10) gives the advice for a shortfall. Units are those of
// foods.json (USDA SR28): vitamin A in µg RAE.
import { roundHalfUp } from './numberInput.ts';
import { NUTRIENT_KEYS, type NutrientKey } from './nutrition.ts';

export interface NutrientEntry {
  /** the foods.json `per100g` key */
  name: NutrientKey;
  cnName: string;
  enName: string;
  unit: string;
  /** decimals shown */
  decimal: number;
  /** §3 ignoreProductFilter: the nutrient is analysed even where no product (SKU) carries it */
  ignoreProductFilter: boolean;
  /** §3 advice when a menu falls short of the nutrient, and its place among the advice */
  nutritionAnalysisProposal: { text: string; sort: number };
}

const entry = (name: NutrientKey, cnName: string, enName: string, unit: string, decimal: number, text: string, ignoreProductFilter = false): NutrientEntry =>
  ({ name, cnName, enName, unit, decimal, ignoreProductFilter, nutritionAnalysisProposal: { text, sort: NUTRIENT_KEYS.indexOf(name) + 1 } });

export const NUTRIENT_CATALOGUE: readonly NutrientEntry[] = [
  entry('energyKcal', '能量', 'Energy', 'kcal', 0, '能量不足：适当增加主食（谷薯类）的供应量，粗细搭配，保证每餐有足量的米面杂粮。', true),
  entry('protein', '蛋白质', 'Protein', 'g', 1, '蛋白质不足：增加鱼禽肉蛋、奶类和大豆制品，优质蛋白质宜占一半以上。', true),
  entry('fat', '脂肪', 'Fat', 'g', 1, '脂肪不足：适量使用植物油，搭配少量坚果；脂肪供能宜占 20%~30%。'),
  entry('cho', '碳水化合物', 'Carbohydrate', 'g', 1, '碳水化合物不足：增加米饭、面食、薯类等主食，碳水化合物供能宜占 50%~65%。'),
  entry('fiber', '膳食纤维', 'Dietary fibre', 'g', 1, '膳食纤维不足：增加全谷物、杂豆、薯类和新鲜蔬菜水果。'),
  entry('sodium', '钠', 'Sodium', 'mg', 0, '钠摄入需控制：少用盐和高盐调味品（酱油、蚝油、豆瓣酱），多用葱姜蒜和醋调味。'),
  entry('calcium', '钙', 'Calcium', 'mg', 0, '钙不足：每天提供奶及奶制品，增加豆腐等豆制品和深绿色叶菜。'),
  entry('iron', '铁', 'Iron', 'mg', 1, '铁不足：增加瘦畜肉、动物血和肝脏，同时搭配富含维生素 C 的蔬果促进吸收。'),
  entry('zinc', '锌', 'Zinc', 'mg', 1, '锌不足：增加贝类、瘦肉、蛋类和坚果。'),
  entry('vitaminA', '维生素A', 'Vitamin A', 'µg RAE', 0, '维生素 A 不足：增加动物肝脏、蛋黄和胡萝卜、菠菜、南瓜等深色蔬菜。'),
  entry('vitaminB1', '维生素B1', 'Thiamin (vitamin B1)', 'mg', 2, '维生素 B1 不足：增加全谷物、杂豆和瘦猪肉，米面不宜过度精白。'),
  entry('vitaminB2', '维生素B2', 'Riboflavin (vitamin B2)', 'mg', 2, '维生素 B2 不足：增加奶类、蛋类、动物肝脏和深绿色蔬菜。'),
  entry('vitaminC', '维生素C', 'Vitamin C', 'mg', 1, '维生素 C 不足：增加新鲜蔬菜和水果，蔬菜急火快炒、现做现吃以减少损失。'),
];

const byName = new Map(NUTRIENT_CATALOGUE.map((n) => [n.name, n]));

/** The catalogue entry of a nutrient key. */
export const nutrientEntry = (key: NutrientKey): NutrientEntry => byName.get(key)!;

/**
 * A value as shown: half-up to the nutrient's decimals, with exactly that many digits; null (unknown) stays null
 * so the screen can say "unknown" instead of 0.
 */
export function formatNutrient(key: NutrientKey, value: number | null): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  const { decimal } = nutrientEntry(key);
  return roundHalfUp(value, decimal).toFixed(decimal);
}
