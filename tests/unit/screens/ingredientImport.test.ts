import { describe, expect, it } from 'vitest';
import { INGREDIENT_IMPORT_HEADERS, parseIngredientRows } from '../../../src/screens/meal/localFoodIngredientsManage/ingredientImport.ts';

const row = (n: number, cells: Record<string, string>) => ({ row: n, cells });

describe('local ingredient sheet', () => {
  it('has the required name and group first, then the 13 nutrients by their catalogue names', () => {
    expect(INGREDIENT_IMPORT_HEADERS.slice(0, 4)).toEqual(['食材名称*', '食物分类*', '英文名称', '可食部(%)']);
    expect(INGREDIENT_IMPORT_HEADERS).toContain('蛋白质(g)');
    expect(INGREDIENT_IMPORT_HEADERS).toHaveLength(4 + 13);
  });
  it('reads numbers, keeps an empty cell unknown, and names every problem of a row', () => {
    const [good, bad, twice] = parseIngredientRows([
      row(2, { '食材名称*': '酸梅汤', '食物分类*': '其他', '能量(kcal)': '40', '蛋白质(g)': '' }),
      row(3, { '食材名称*': '', '食物分类*': '零食', '蛋白质(g)': 'abc', '可食部(%)': '150' }),
      row(4, { '食材名称*': '酸梅汤', '食物分类*': '其他' }),
    ]);
    expect(good.errors).toEqual([]);
    expect(good.value?.per100g?.energyKcal).toBe(40);
    expect(good.value?.per100g?.protein).toBeNull();
    expect(bad.value).toBeNull();
    expect(bad.errors.join('；')).toMatch(/蛋白质\(g\) 须为数字/);
    expect(bad.errors.join('；')).toMatch(/名称不能为空/);
    expect(bad.errors.join('；')).toMatch(/分类/);
    expect(bad.errors.join('；')).toMatch(/可食部/);
    expect(twice.errors).toEqual(['食材名称重复：酸梅汤']);
  });
});
