// What one piece of a food weighs and what one millilitre of it weighs (issue 28): goods sold by the piece
// ("20枚/盒" eggs) or by volume ("250ml×24盒" milk, "5L/桶" oil, "1.9L/瓶" soy sauce) have a weight a person knows,
// so a purchase plan can buy them. These are the defaults, in one place, by foods.json id; an org edits them per
// ingredient in its library (domain/ingredients.ts gramsPerPiece / densityGPerMl), and its value wins there.
// Sources: an egg ≈ 50 g edible-size (GB/T 39438 medium egg), a duck egg ≈ 70 g, a quail egg ≈ 10 g; densities at
// room temperature from common food tables: milk 1.03, soybean oil 0.92, soy sauce 1.16, vinegar 1.01, honey 1.42.

export interface FoodUnitWeights {
  /** grams of one piece (an egg); null: not sold by the piece or unknown */
  gramsPerPiece: number | null;
  /** grams per millilitre; null: not sold by volume or unknown */
  densityGPerMl: number | null;
}

export const NO_UNIT_WEIGHTS: FoodUnitWeights = { gramsPerPiece: null, densityGPerMl: null };

const piece = (g: number): FoodUnitWeights => ({ gramsPerPiece: g, densityGPerMl: null });
const density = (d: number): FoodUnitWeights => ({ gramsPerPiece: null, densityGPerMl: d });

/** The defaults by foods.json id. */
export const DEFAULT_FOOD_UNIT_WEIGHTS: Readonly<Record<string, FoodUnitWeights>> = {
  '01123': piece(50), // 鸡蛋
  '01138': piece(70), // 鸭蛋
  '01140': piece(10), // 鹌鹑蛋
  '01124': density(1.04), // 鸡蛋白 (liquid egg white)
  '01211': density(1.03), // 全脂牛奶
  '01174': density(1.03), // 减脂牛奶
  '01116': density(1.05), // 酸奶
  '16120': density(1.02), // 豆浆
  '04044': density(0.92), // 大豆油
  '04042': density(0.91), // 花生油
  '04582': density(0.91), // 菜籽油
  '04518': density(0.92), // 玉米油
  '04058': density(0.92), // 芝麻油
  '16123': density(1.16), // 酱油
  '02053': density(1.01), // 白醋 / 米醋
  '06176': density(1.2), // 蚝油
  '19296': density(1.42), // 蜂蜜
};

/** The defaults of one food (none known: both null). */
export const defaultUnitWeights = (foodId: string): FoodUnitWeights => DEFAULT_FOOD_UNIT_WEIGHTS[foodId] ?? NO_UNIT_WEIGHTS;

/** The bounds an edited value must keep: a piece of food from 0.1 g to 50 kg, a density from 0.1 to 5 g/ml. */
export const UNIT_WEIGHT_LIMITS = { gramsPerPiece: [0.1, 50_000], densityGPerMl: [0.1, 5] } as const;

export const UNIT_WEIGHT_TEXT = {
  gramsPerPiece: '每个重量须在 0.1 到 50000 克之间',
  densityGPerMl: '密度须在 0.1 到 5 克/毫升之间',
} as const;

/** Why an edited value is refused, or null when it is acceptable (null itself clears it). */
export function unitWeightProblem(field: keyof FoodUnitWeights, value: number | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const [min, max] = UNIT_WEIGHT_LIMITS[field];
  if (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max) return null;
  return UNIT_WEIGHT_TEXT[field];
}
