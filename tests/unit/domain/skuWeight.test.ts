import { describe, expect, it } from 'vitest';
import { skuGrams } from '../../../domain/skuWeight.ts';
import { defaultUnitWeights, unitWeightProblem } from '../../../domain/foodUnitWeights.ts';

describe('skuGrams', () => {
  it('takes a weight unit first (the price is per unit), then a spec stating one weight per unit', () => {
    for (const use of ['weighing', 'costing'] as const) {
      expect(skuGrams('', '斤', use)).toBe(500);
      expect(skuGrams('10kg/袋', '斤', use)).toBe(500);
      expect(skuGrams('', 'KG', use)).toBe(1000);
      expect(skuGrams('10kg/袋', '袋', use)).toBe(10_000);
      expect(skuGrams('500 g / 包', '包', use)).toBe(500);
      expect(skuGrams('2.5斤/箱', '箱', use)).toBe(1250);
      expect(skuGrams('30枚/板', '板', use)).toBeNull();
      expect(skuGrams('', '份', use)).toBeNull();
      expect(skuGrams('0g/袋', '袋', use)).toBeNull();
    }
  });

  it('weighing refuses volumes, packs of several pieces and specs with more after the weight', () => {
    expect(skuGrams('5L/桶', '桶', 'weighing')).toBeNull();
    expect(skuGrams('200g×20杯', '箱', 'weighing')).toBeNull();
    expect(skuGrams('250ml×24盒', '箱', 'weighing')).toBeNull();
    expect(skuGrams('10kg装', '袋', 'weighing')).toBeNull();
  });

  it('costing estimates them: a litre as a kilogram, a pack multiplied', () => {
    expect(skuGrams('5L/桶', '桶', 'costing')).toBe(5000);
    expect(skuGrams('1.9L/瓶', '瓶', 'costing')).toBe(1900);
    expect(skuGrams('200g×20杯', '箱', 'costing')).toBe(4000);
    expect(skuGrams('250ml*24盒', '箱', 'costing')).toBe(6000);
    expect(skuGrams('10kg装', '袋', 'costing')).toBe(10_000);
  });
});

describe('skuGrams ordering (issue 28): pieces and volumes by the food\'s own weights', () => {
  const egg = defaultUnitWeights('01123');
  const milk = defaultUnitWeights('01211');
  const soybeanOil = defaultUnitWeights('04044');
  const soySauce = defaultUnitWeights('16123');

  it('has the defaults a person knows, as data', () => {
    expect(egg).toEqual({ gramsPerPiece: 50, densityGPerMl: null });
    expect(milk.densityGPerMl).toBe(1.03);
    expect(soybeanOil.densityGPerMl).toBe(0.92);
    expect(soySauce.densityGPerMl).toBe(1.16);
    expect(defaultUnitWeights('11119')).toEqual({ gramsPerPiece: null, densityGPerMl: null });
  });

  it('weighs counted pieces by the grams of one piece', () => {
    expect(skuGrams('20枚/盒', '盒', 'ordering', egg)).toBe(1000);
    expect(skuGrams('30枚/板', '板', 'ordering', egg)).toBe(1500);
    expect(skuGrams('', '个', 'ordering', egg)).toBe(50);
    expect(skuGrams('20枚/盒', '盒', 'ordering', soybeanOil)).toBeNull();
  });

  it('weighs volumes by the density, packs multiplied', () => {
    expect(skuGrams('5L/桶', '桶', 'ordering', soybeanOil)).toBe(4600);
    expect(skuGrams('1.9L/瓶', '瓶', 'ordering', soySauce)).toBe(2204);
    expect(skuGrams('250ml×24盒', '箱', 'ordering', milk)).toBe(6180);
    expect(skuGrams('250 ml / 瓶', '瓶', 'ordering', milk)).toBe(257.5);
    expect(skuGrams('5L/桶', '桶', 'ordering')).toBeNull();
  });

  it('keeps the weight rules: a weight unit wins, stated weights multiply, no clean weight stays null', () => {
    expect(skuGrams('5L/桶', '斤', 'ordering', soybeanOil)).toBe(500);
    expect(skuGrams('200g×20杯', '箱', 'ordering')).toBe(4000);
    expect(skuGrams('10kg/袋', '袋', 'ordering')).toBe(10_000);
    expect(skuGrams('10kg装', '袋', 'ordering')).toBeNull();
    expect(skuGrams('500g+100g/袋', '袋', 'ordering')).toBeNull();
  });

  it('refuses an edited piece weight or density out of bounds; null clears it', () => {
    expect(unitWeightProblem('gramsPerPiece', 50)).toBeNull();
    expect(unitWeightProblem('gramsPerPiece', null)).toBeNull();
    expect(unitWeightProblem('gramsPerPiece', 0)).toMatch(/每个重量/);
    expect(unitWeightProblem('densityGPerMl', 12)).toMatch(/密度/);
    expect(unitWeightProblem('densityGPerMl', Number.NaN)).toMatch(/密度/);
  });
});
