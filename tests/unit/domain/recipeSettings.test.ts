// §3 recipe settings (mallRecipeSpec, issue 9): what the screens read when nothing or something is saved.
import { describe, expect, it } from 'vitest';
import { RECIPE_SETTING_NAMES, recipeSettingRefusal, recipeSettingsOf } from '../../../domain/recipeSettings.ts';

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
});
