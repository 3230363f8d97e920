// §3 recipe settings (mallRecipeSpec, issue 9): what the screens read when nothing or something is saved.
import { describe, expect, it } from 'vitest';
import { RECIPE_SETTING_NAMES, recipeSettingRefusal, recipeSettingsOf } from '../../../domain/recipeSettings.ts';

describe('recipe settings', () => {
  it('defaults until saved, then the saved options', () => {
    expect(recipeSettingsOf([])).toEqual({ exportContent: ['foodName', 'spec', 'unit', 'quantity', 'price', 'amount'], mealsPeople: true, foodTaboosEnable: false });
    expect(recipeSettingsOf([
      { name: RECIPE_SETTING_NAMES.foodTaboo, options: { foodTaboosEnable: true } },
      { name: RECIPE_SETTING_NAMES.purchasePlanExport, options: { exportContent: ['supplier', 'bogus'] } },
    ])).toEqual({ exportContent: ['supplier'], mealsPeople: true, foodTaboosEnable: true });
  });
  it('checks only the recipe settings', () => {
    expect(recipeSettingRefusal('就餐人数', { mealsPeople: 1 })).toMatch(/mealsPeople 须为布尔值/);
    expect(recipeSettingRefusal('就餐人数', { mealsPeople: false })).toBeNull();
    expect(recipeSettingRefusal('包装', { whatever: 1 })).toBeNull();
  });
});
