import { describe, expect, it } from 'vitest';
import { skuGrams } from '../../../domain/skuWeight.ts';

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
