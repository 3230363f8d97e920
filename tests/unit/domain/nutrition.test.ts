// Hand-worked examples of the nutrition maths (figures of foods.json written out here, so a change of the rule
// or of the data shows): net = gross × edible % / 100, nutrient = per-100 g × net / 100, 6-decimal rounding, and
// a null that stays unknown.
import { describe, expect, it } from 'vitest';
import {
  dishNutrients, isComplete, kcalToKj, kjToKcal, lineNutrients, netWeight, NUTRIENT_KEYS, sumNutrients, zeroSum, type FoodNutrition,
} from '../../../domain/nutrition.ts';
import { formatNutrient, NUTRIENT_CATALOGUE, nutrientEntry } from '../../../domain/nutrientCatalogue.ts';

const egg: FoodNutrition = { // 01123 鸡蛋
  foodId: '01123', ediblePortionPct: 88,
  per100g: { energyKcal: 143, protein: 12.56, fat: 9.51, cho: 0.72, fiber: 0, sodium: 142, calcium: 56, iron: 1.75, zinc: 1.29, vitaminA: 160, vitaminB1: 0.04, vitaminB2: 0.457, vitaminC: 0 },
};
const tomato: FoodNutrition = { // 11529 番茄（西红柿）
  foodId: '11529', ediblePortionPct: 91,
  per100g: { energyKcal: 18, protein: 0.88, fat: 0.2, cho: 3.89, fiber: 1.2, sodium: 5, calcium: 10, iron: 0.27, zinc: 0.17, vitaminA: 42, vitaminB1: 0.037, vitaminB2: 0.019, vitaminC: 13.7 },
};
const shrimp: FoodNutrition = { // 15270 鲜虾: SR28 has no fibre, vitamin A, B1, B2 or C
  foodId: '15270', ediblePortionPct: 87,
  per100g: { energyKcal: 85, protein: 20.1, fat: 0.51, cho: 0, fiber: null, sodium: 119, calcium: 64, iron: 0.52, zinc: 1.34, vitaminA: null, vitaminB1: null, vitaminB2: null, vitaminC: null },
};
const cashew: FoodNutrition = { foodId: '12087', ediblePortionPct: null, per100g: { energyKcal: 553, protein: 18.22 } }; // 腰果: no refuse figure

const foods = new Map([egg, tomato, shrimp, cashew].map((f) => [f.foodId, f]));

describe('netWeight', () => {
  it('keeps a net weight and takes the edible portion of a gross one', () => {
    expect(netWeight(50, 'net', 88)).toBe(50);
    expect(netWeight(50, 'gross', 88)).toBe(44);
    expect(netWeight(150, 'gross', 91)).toBe(136.5);
  });
  it('says unknown for a gross weight of a food without an edible portion figure, instead of assuming 100 %', () => {
    expect(netWeight(100, 'gross', null)).toBeNull();
    expect(netWeight(100, 'net', null)).toBe(100);
  });
});

describe('lineNutrients', () => {
  it('scales per-100 g values by the net weight', () => {
    const l = lineNutrients(egg, 50, 'net');
    expect(l.nutrients.energyKcal).toBe(71.5);
    expect(l.nutrients.protein).toBe(6.28);
    expect(l.nutrients.vitaminB2).toBe(0.2285);
    expect(l.nutrients.vitaminC).toBe(0); // a real 0 stays 0
  });
  it('converts gross to net first: 50 g of egg in shell is 44 g of egg', () => {
    const l = lineNutrients(egg, 50, 'gross');
    expect(l.netWeight).toBe(44);
    expect(l.nutrients.energyKcal).toBe(62.92);
    expect(l.nutrients.protein).toBe(5.5264);
    expect(l.nutrients.vitaminB2).toBe(0.20108);
  });
  it('keeps a null nutrient unknown, never 0', () => {
    const l = lineNutrients(shrimp, 80, 'net');
    expect(l.nutrients.protein).toBe(16.08);
    expect(l.nutrients.vitaminC).toBeNull();
    expect(l.nutrients.fiber).toBeNull();
  });
  it('rounds to 6 decimals', () => {
    const l = lineNutrients({ foodId: 'x', ediblePortionPct: 100, per100g: { energyKcal: 7, protein: 1 } }, 100 / 3, 'net');
    expect(l.netWeight).toBe(33.333333);
    expect(l.nutrients.energyKcal).toBe(2.333333);
    expect(l.nutrients.protein).toBe(0.333333);
  });
  it('an unknown net weight makes every nutrient of the line unknown', () => {
    const l = lineNutrients(cashew, 30, 'gross');
    expect(NUTRIENT_KEYS.every((k) => l.nutrients[k] === null)).toBe(true);
  });
});

describe('sumNutrients', () => {
  it('adds lines: 50 g egg + 150 g tomato', () => {
    const s = sumNutrients([lineNutrients(egg, 50), lineNutrients(tomato, 150)]);
    expect(s.total.energyKcal).toBe(98.5);
    expect(s.total.protein).toBe(7.6);
    expect(s.total.vitaminC).toBe(20.55);
    expect(s.total.fiber).toBe(1.8);
    expect(NUTRIENT_KEYS.every((k) => s.missing[k].length === 0)).toBe(true);
  });
  it('adds the known values and lists the foods that lacked a nutrient', () => {
    const s = sumNutrients([lineNutrients(egg, 50), lineNutrients(shrimp, 80)]);
    expect(s.total.vitaminA).toBe(80);
    expect(s.missing.vitaminA).toEqual(['15270']);
    expect(isComplete(s, 'vitaminA')).toBe(false);
    expect(s.total.protein).toBe(22.36);
    expect(isComplete(s, 'protein')).toBe(true);
  });
  it('a nutrient no part knew has a null total, not 0', () => {
    const s = sumNutrients([lineNutrients(shrimp, 80)]);
    expect(s.total.vitaminC).toBeNull();
    expect(s.missing.vitaminC).toEqual(['15270']);
  });
  it('sums of sums keep what is missing (dish → meal), each food once', () => {
    const dish1 = sumNutrients([lineNutrients(shrimp, 80), lineNutrients(egg, 50)]);
    const dish2 = sumNutrients([lineNutrients(shrimp, 20)]);
    const meal = sumNutrients([dish1, dish2]);
    expect(meal.total.energyKcal).toBe(156.5); // 68 + 71.5 + 17
    expect(meal.total.vitaminC).toBe(0);
    expect(meal.missing.vitaminC).toEqual(['15270']);
  });
  it('nothing at all is a complete zero', () => {
    expect(sumNutrients([])).toEqual(zeroSum());
    expect(sumNutrients([]).total.energyKcal).toBe(0);
  });
});

describe('dishNutrients', () => {
  it('reads weights by the dish dosage mode', () => {
    const lines = [{ foodId: '01123', weight: 50 }, { foodId: '11529', weight: 100 }];
    const net = dishNutrients(lines, (id) => foods.get(id), 'netWeight');
    expect(net.total.energyKcal).toBe(89.5); // 71.5 + 18
    const gross = dishNutrients(lines, (id) => foods.get(id), 'grossWeight');
    expect(gross.total.energyKcal).toBe(79.3); // 62.92 + 18 × 0.91
  });
  it('an unknown food counts as lacking everything', () => {
    const d = dishNutrients([{ foodId: '01123', weight: 50 }, { foodId: 'nope', weight: 10 }], (id) => foods.get(id));
    expect(d.unknownFoods).toEqual(['nope']);
    expect(d.total.energyKcal).toBe(71.5);
    expect(d.missing.energyKcal).toEqual(['nope']);
  });
});

describe('energy factor (§9 4.1868)', () => {
  it('converts kcal and kJ', () => {
    expect(kcalToKj(100)).toBe(418.68);
    expect(kjToKcal(418.68)).toBe(100);
    expect(kjToKcal(1000)).toBe(238.845897); // 238.8458966…
  });
});

describe('nutrient catalogue (§3)', () => {
  it('has one entry per foods.json nutrient key, with a unit and advice text', () => {
    expect(NUTRIENT_CATALOGUE.map((n) => n.name)).toEqual([...NUTRIENT_KEYS]);
    for (const n of NUTRIENT_CATALOGUE) {
      expect(n.cnName && n.enName && n.unit && n.nutritionAnalysisProposal.text).toBeTruthy();
      expect(Number.isInteger(n.decimal) && n.decimal >= 0).toBe(true);
    }
    expect(nutrientEntry('vitaminA').unit).toBe('µg RAE');
  });
  it('formats half-up to the catalogue decimals and leaves unknown unknown', () => {
    expect(formatNutrient('energyKcal', 98.5)).toBe('99');
    expect(formatNutrient('protein', 7.6)).toBe('7.6');
    expect(formatNutrient('protein', 5.5264)).toBe('5.5');
    expect(formatNutrient('vitaminB2', 0.2285)).toBe('0.23');
    expect(formatNutrient('vitaminB1', 1.005)).toBe('1.01');
    expect(formatNutrient('vitaminC', null)).toBeNull();
  });
});
