// Issue 9 in Chromium: the dietitian creates a dish from five ingredients and sees its energy and protein per
// portion while editing (computed in the console) and in the dish list (computed by the server).
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';
import { roundHalfUp } from '../../domain/numberInput.ts';
import { RECIPE_CATEGORIES } from '../../domain/constants.ts';
import { INGREDIENT_IMPORT_HEADERS } from '../../src/screens/meal/localFoodIngredientsManage/ingredientImport.ts';

const harness = useConsole();

const foodsFile = JSON.parse(fs.readFileSync(new URL('../../server/data/foods.json', import.meta.url), 'utf8')) as {
  foods: { id: string; nameZh: string; group: string; per100g: Record<string, number | null> }[];
};

/** Five ingredients, the text typed to find each (胡萝卜 by its pinyin initials), grams per portion (net). */
const LINES: [string, string, number][] = [
  ['猪后腿肉', '猪后腿', 60], ['马铃薯（土豆）', '土豆', 100], ['胡萝卜', 'hlb', 40], ['大豆油', '大豆油', 8], ['食盐', '食盐', 1.5],
];
const food = (name: string) => foodsFile.foods.find((f) => f.nameZh === name)!;
/** per-100 g × grams / 100, summed, as the catalogue shows it (energy 0 decimals, protein 1) */
const expected = (key: string, decimals: number) =>
  roundHalfUp(LINES.reduce((s, [name, , g]) => s + ((food(name).per100g[key] ?? 0) * g) / 100, 0), decimals).toFixed(decimals);

async function addFood(page: Page, name: string, search: string, grams: number) {
  const box = page.getByTestId('dish-food-search');
  await box.fill(search);
  await page.getByRole('option', { name: `${name}（${food(name).group}）`, exact: true }).click();
  const line = page.getByTestId('dish-line').filter({ hasText: name });
  await line.getByTestId('dish-line-weight').fill(String(grams));
}

describe('dishes', () => {
  it('the dietitian creates a dish from five ingredients and sees its energy and protein per portion', async () => {
    for (const [name] of LINES) expect(food(name), name).toBeTruthy();
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000006');
    // the §9 recipe categories are there to file the dish under
    await openScreen(page, 'menuCategory');
    await expect.poll(() => page.getByTestId('screen-menuCategory').getByTestId('category-name').allTextContents()).toEqual([...RECIPE_CATEGORIES]);
    await openScreen(page, 'menuManage');
    await page.getByTestId('screen-menuManage').waitFor();

    await page.getByTestId('dish-add').click();
    await page.getByTestId('dish-name').fill('土豆胡萝卜炖肉');
    await page.getByTestId('dish-category').click();
    await page.getByRole('option', { name: '半荤半素' }).click();
    // an empty dish is a known zero, not unknown
    expect(await page.getByTestId('dish-nutrient-energyKcal').textContent()).toBe('0');
    for (const [name, search, grams] of LINES) await addFood(page, name, search, grams);
    await expect.poll(() => page.getByTestId('dish-line').count()).toBe(5);

    const energy = expected('energyKcal', 0);
    const protein = expected('protein', 1);
    await expect.poll(() => page.getByTestId('dish-nutrient-energyKcal').textContent()).toBe(energy);
    expect(await page.getByTestId('dish-nutrient-protein').textContent()).toBe(protein);
    // the nutrients follow an edit of a weight
    const pork = page.getByTestId('dish-line').filter({ hasText: '猪后腿肉' }).getByTestId('dish-line-weight');
    await pork.fill('120');
    await expect.poll(() => page.getByTestId('dish-nutrient-protein').textContent()).not.toBe(protein);
    await pork.fill('60');
    await expect.poll(() => page.getByTestId('dish-nutrient-protein').textContent()).toBe(protein);

    await page.getByTestId('dish-submit').click();
    await page.getByTestId('dish-search').fill('土豆胡萝卜');
    const row = page.getByTestId('dish-table').locator('tr').filter({ hasText: '土豆胡萝卜炖肉' });
    await row.waitFor();
    expect(await row.getByTestId('dish-row-energyKcal').textContent()).toBe(energy);
    expect(await row.getByTestId('dish-row-protein').textContent()).toBe(protein);
    await page.close();
  });

  it('the dietitian imports local ingredients from Excel and finds them in the local library with unknowns as unknown', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000006');
    await openScreen(page, 'localFoodIngredientsManage');
    await page.getByTestId('screen-localFoodIngredientsManage').waitFor();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(INGREDIENT_IMPORT_HEADERS);
    const cells = (values: Record<string, string | number>) => INGREDIENT_IMPORT_HEADERS.map((h) => values[h] ?? '');
    ws.addRow(cells({ '食材名称*': '端到端自制豆花', '食物分类*': '大豆类及其制品和坚果', '可食部(%)': 100, '能量(kcal)': 50, '蛋白质(g)': 4.5 }));
    await page.getByTestId('ingredient-import').click();
    await page.getByTestId('import-file').setInputFiles({
      name: 'foods.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    await page.getByTestId('import-start').click();
    await expect.poll(() => page.getByTestId('import-result').getAttribute('data-ok')).toBe('1');
    await page.getByTestId('import-close').click();
    const row = page.getByTestId('ingredient-table').locator('tr').filter({ hasText: '端到端自制豆花' });
    await row.waitFor();
    expect(await row.getByTestId('ingredient-protein-value').textContent()).toBe('4.5');
    expect(await row.getByTestId('ingredient-vitaminC-value').getAttribute('data-unknown')).toBe('1');
    await page.close();
  });

  it('the dietitian sees a package category per age range and makes a set meal of two dishes with its nutrients per serving', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000006');
    await openScreen(page, 'packageSetting');
    await expect.poll(() => page.getByTestId('package-category-name').allTextContents()).toEqual(['6-8岁套餐', '9-11岁套餐', '12-14岁套餐', '15-17岁套餐']);
    await openScreen(page, 'packageManage');
    await expect.poll(() => page.getByTestId('package-row-name').count()).toBe(4);
    await page.getByTestId('package-add').click();
    await page.getByTestId('package-name').fill('端到端午餐');
    await page.getByTestId('package-category').click();
    await page.getByRole('option', { name: '9-11岁套餐' }).click();
    for (const dish of ['米饭', '红烧肉']) {
      await page.getByTestId('package-dish-search').fill(dish);
      await page.getByRole('option', { name: new RegExp(`^${dish}（`) }).click();
    }
    await page.getByTestId('package-line').filter({ hasText: '红烧肉' }).getByTestId('package-line-portions').fill('2');
    const energy = await page.getByTestId('package-nutrient-energyKcal').textContent();
    await page.getByTestId('package-submit').click();
    await page.getByTestId('package-search').fill('端到端');
    const row = page.getByTestId('package-table').locator('tr').filter({ hasText: '端到端午餐' });
    await row.waitFor();
    expect(await row.getByTestId('package-row-energyKcal').textContent()).toBe(energy);
    expect(Number(energy)).toBeGreaterThan(0);
    await page.close();
  });

  it('新增菜品 with a name typed asks before Esc throws it away; keeping goes on with the name (issue 28)', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000006');
    await openScreen(page, 'menuManage');
    await page.getByTestId('screen-menuManage').waitFor();

    // nothing typed: Esc closes at once
    await page.getByTestId('dish-add').click();
    await page.getByTestId('dish-name').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('dish-name').waitFor({ state: 'detached' });
    expect(await page.getByTestId('discard-confirm').count()).toBe(0);

    // a name typed: Esc asks, 继续编辑 keeps the dialog and the name
    await page.getByTestId('dish-add').click();
    await page.getByTestId('dish-name').fill('未保存的菜');
    await page.keyboard.press('Escape');
    await page.getByTestId('discard-confirm').waitFor();
    expect(await page.getByTestId('discard-confirm').textContent()).toContain('放弃未保存的修改？');
    await page.getByTestId('discard-keep').click();
    await page.getByTestId('discard-confirm').waitFor({ state: 'detached' });
    expect(await page.getByTestId('dish-name').inputValue()).toBe('未保存的菜');

    // Esc again and 放弃修改: closed, and the next 新增菜品 starts empty
    await page.getByTestId('dish-name').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('discard-ok').click();
    await page.getByTestId('dish-name').waitFor({ state: 'detached' });
    await page.getByTestId('dish-add').click();
    expect(await page.getByTestId('dish-name').inputValue()).toBe('');
    await page.close();
  });
});
