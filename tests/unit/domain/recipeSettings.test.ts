// §3 recipe settings (mallRecipeSpec, issue 9): what the screens read when nothing or something is saved.
import { describe, expect, it } from 'vitest';
import { NEW_CYCLE_PEOPLE_FALLBACK, RECIPE_SETTING_NAMES, newCyclePeople, recipeSettingRefusal, recipeSettingsOf } from '../../../domain/recipeSettings.ts';
import { AGE_RANGES } from '../../../domain/constants.ts';

describe('recipe settings', () => {
  it('defaults until saved, then the saved options', () => {
    expect(recipeSettingsOf([])).toEqual({ exportContent: ['foodName', 'spec', 'unit', 'quantity', 'price', 'amount'], mealsPeople: 0, foodTaboosEnable: false });
    expect(recipeSettingsOf([
      { name: RECIPE_SETTING_NAMES.foodTaboo, options: { foodTaboosEnable: true } },
      { name: RECIPE_SETTING_NAMES.purchasePlanExport, options: { exportContent: ['supplier', 'bogus'] } },
      { name: RECIPE_SETTING_NAMES.mealsPeople, options: { mealsPeople: 320 } },
    ])).toEqual({ exportContent: ['supplier'], mealsPeople: 320, foodTaboosEnable: true });
  });
  it('checks only the recipe settings', () => {
    expect(recipeSettingRefusal('就餐人数', { mealsPeople: -1 })).toMatch(/就餐人数须为 0-100000 的整数/);
    expect(recipeSettingRefusal('就餐人数', { mealsPeople: true })).toMatch(/就餐人数须为/);
    expect(recipeSettingRefusal('就餐人数', { mealsPeople: 300 })).toBeNull();
    expect(recipeSettingRefusal('食物禁忌', { foodTaboosEnable: 1 })).toMatch(/foodTaboosEnable 须为布尔值/);
    expect(recipeSettingRefusal('包装', { whatever: 1 })).toBeNull();
  });
  it('a new cycle starts with the default people groups and the meals-people count', () => {
    const groups = [
      { ageRange: '9-11', enable: 1, defaultEnable: 1 }, { ageRange: '12-14', enable: 0, defaultEnable: 1 },
      { ageRange: '25-60', enable: 1, defaultEnable: 1 }, { ageRange: '6-8', enable: 1, defaultEnable: 0 },
    ];
    expect(newCyclePeople(groups, 320, AGE_RANGES)).toEqual({ '6-8': '', '9-11': '320', '12-14': '', '15-17': '' });
    expect(newCyclePeople(groups, 0, AGE_RANGES)).toEqual({ '6-8': '', '9-11': '0', '12-14': '', '15-17': '' });
    expect(newCyclePeople([], 320, AGE_RANGES)).toEqual(NEW_CYCLE_PEOPLE_FALLBACK);
  });
});
