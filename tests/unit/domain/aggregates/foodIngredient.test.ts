import { describe, expect, it } from 'vitest';
import { given } from '../../../support/decider.ts';
import { foodIngredientDecider, type FoodIngredientEvent } from '../../../../domain/aggregates/foodIngredient.ts';
import { matchesIngredient, overriddenIngredient, platformIngredient, type PlatformFood } from '../../../../domain/ingredients.ts';

const local: FoodIngredientEvent = { type: 'FoodIngredientSet', data: { foodId: 'L1', kind: 'local', fields: { nameZh: '自制豆花', group: '大豆类及其制品和坚果', per100g: { energyKcal: 50, protein: 4.5 } } } };
const override: FoodIngredientEvent = { type: 'FoodIngredientSet', data: { foodId: '01123', kind: 'override', fields: { per100g: { protein: 13.1 } } } };

describe('food ingredient decider', () => {
  it('creates a local ingredient with a name and a WS/T 554 group, names trimmed', () => {
    given(foodIngredientDecider).when({ type: 'SetFoodIngredient', foodId: 'L1', platformFood: false, fields: { nameZh: ' 自制豆花 ', group: '大豆类及其制品和坚果', per100g: { energyKcal: 50, vitaminC: null } } })
      .then([{ type: 'FoodIngredientSet', data: { foodId: 'L1', kind: 'local', fields: { nameZh: '自制豆花', group: '大豆类及其制品和坚果', per100g: { energyKcal: 50, vitaminC: null } } } }]);
  });
  it('refuses a local ingredient without name or group, and absurd values', () => {
    given(foodIngredientDecider).when({ type: 'SetFoodIngredient', foodId: 'L1', platformFood: false, fields: { nameZh: ' ', group: '蔬菜类' } }).thenRefused('invalid', /名称不能为空/);
    given(foodIngredientDecider).when({ type: 'SetFoodIngredient', foodId: 'L1', platformFood: false, fields: { nameZh: '菜', group: '零食' } }).thenRefused('invalid', /分类/);
    given(foodIngredientDecider).when({ type: 'SetFoodIngredient', foodId: 'L1', platformFood: false, fields: { nameZh: '菜', group: '蔬菜类', per100g: { protein: -1 } } }).thenRefused('invalid', /protein/);
    given(foodIngredientDecider).when({ type: 'SetFoodIngredient', foodId: 'L1', platformFood: false, fields: { nameZh: '菜', group: '蔬菜类', per100g: { energyKcal: 5000 } } }).thenRefused('invalid', /energyKcal/);
    given(foodIngredientDecider).when({ type: 'SetFoodIngredient', foodId: 'L1', platformFood: false, fields: { nameZh: '菜', group: '蔬菜类', ediblePortionPct: 0 } }).thenRefused('invalid', /可食部/);
  });
  it('an override needs no name: only what it sets replaces the platform food', () => {
    given(foodIngredientDecider).when({ type: 'SetFoodIngredient', foodId: '01123', platformFood: true, fields: { per100g: { protein: 13.1 } } })
      .then([override]);
  });
  it('refuses to create twice', () => {
    given(foodIngredientDecider, [local]).when({ type: 'SetFoodIngredient', foodId: 'L1', platformFood: false, fields: { nameZh: 'x', group: '其他' } }).thenRefused('conflict');
  });
  it('records only what changed, and nothing for the same values', () => {
    given(foodIngredientDecider, [local]).when({ type: 'ChangeFoodIngredient', foodId: 'L1', fields: { nameZh: '自制豆花', per100g: { energyKcal: 50, protein: 5 } } })
      .then([{ type: 'FoodIngredientChanged', data: { foodId: 'L1', fields: { per100g: { protein: 5 } } } }]);
    given(foodIngredientDecider, [local]).when({ type: 'ChangeFoodIngredient', foodId: 'L1', fields: { nameZh: '自制豆花', per100g: { energyKcal: 50 } } }).then([]);
    const state = given(foodIngredientDecider, [local]).when({ type: 'ChangeFoodIngredient', foodId: 'L1', fields: { per100g: { fat: null } } }).state();
    expect(state.fields.per100g).toEqual({ energyKcal: 50, protein: 4.5, fat: null });
  });
  it('refuses a change that empties a local name, and a change of nothing there', () => {
    given(foodIngredientDecider, [local]).when({ type: 'ChangeFoodIngredient', foodId: 'L1', fields: { nameZh: '' } }).thenRefused('invalid');
    given(foodIngredientDecider).when({ type: 'ChangeFoodIngredient', foodId: 'L1', fields: { nameZh: 'x' } }).thenRefused('notFound');
  });
  it('refuses to remove a local ingredient dishes use; an override may go (the platform food comes back)', () => {
    given(foodIngredientDecider, [local]).when({ type: 'RemoveFoodIngredient', foodId: 'L1', dishesUsing: 2 }).thenRefused('conflict', /2 个菜品/);
    given(foodIngredientDecider, [local]).when({ type: 'RemoveFoodIngredient', foodId: 'L1', dishesUsing: 0 }).then([{ type: 'FoodIngredientRemoved', data: { foodId: 'L1' } }]);
    given(foodIngredientDecider, [override]).when({ type: 'RemoveFoodIngredient', foodId: '01123', dishesUsing: 3 }).then([{ type: 'FoodIngredientRemoved', data: { foodId: '01123' } }]);
  });
});

describe('library rules', () => {
  const egg: PlatformFood = { id: '01123', nameZh: '鸡蛋', nameEn: 'Egg, whole, raw', group: '蛋类', ediblePortionPct: 88, per100g: { energyKcal: 143, protein: 12.56, vitaminC: 0 } };
  it('an override wins where it sets a value; the rest is the platform food, and unknowns stay null', () => {
    const merged = overriddenIngredient(egg, { per100g: { protein: 13.1, vitaminC: null }, ediblePortionPct: 90 });
    expect(merged.per100g.protein).toBe(13.1);
    expect(merged.per100g.energyKcal).toBe(143);
    expect(merged.per100g.vitaminC).toBeNull();
    expect(merged.per100g.fat).toBeNull(); // not in the platform food either
    expect(merged.ediblePortionPct).toBe(90);
    expect(merged.overridden.sort()).toEqual(['ediblePortionPct', 'protein', 'vitaminC']);
    expect(platformIngredient(egg).per100g.protein).toBe(12.56);
  });
  it('searches Chinese names, pinyin initials, English names and ids', () => {
    const row = { ...platformIngredient(egg), pinyin: 'jd' };
    expect(matchesIngredient(row, '鸡蛋')).toBe(true);
    expect(matchesIngredient(row, 'JD')).toBe(true);
    expect(matchesIngredient(row, 'egg')).toBe(true);
    expect(matchesIngredient(row, '0112')).toBe(true);
    expect(matchesIngredient(row, '鸭')).toBe(false);
    expect(matchesIngredient(row, 'xx')).toBe(false);
    expect(matchesIngredient(row, '')).toBe(true);
  });
});
