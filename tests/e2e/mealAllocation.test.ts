// Issue 10 in Chromium: in the cycle editor the dietitian presses the org's smart allocation button (智能配餐), sees
// the score and cost before and after and the changed dosages line by line, declines once (nothing written), then
// unticks one line and accepts the rest: exactly the ticked dosages are written.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, signInWithPassword, useConsole } from '../support/console.ts';
import { call, signIn, DEMO, SCHOOL_A } from '../api/usersApi.ts';
import { auth } from '../api/mallApi.ts';
import type { RecipeCycleDetail } from '../../contracts/recipeCycles.ts';
import { MEAL_PATTERN_CODES } from '../../domain/constants.ts';

const harness = useConsole();

const DISHES: [name: string, category: string, lines: [string, number][]][] = [
  ['配餐米饭', '主食', [['20444', 130]]],
  ['配餐菠菜炒胡萝卜', '素菜', [['11457', 100], ['11124', 50], ['04044', 7], ['02047', 0.8]]],
  ['配餐番茄炒蛋', '半荤半素', [['11529', 40], ['01123', 20], ['04044', 3], ['02047', 0.5]]],
  ['配餐肉末豆腐', '荤菜', [['10187', 20], ['16427', 35], ['04044', 4], ['02047', 0.7]]],
  ['配餐清蒸鲈鱼', '荤菜', [['15091', 18], ['02047', 0.2]]],
  ['配餐牛奶', '乳品', [['01211', 80]]],
  ['配餐橙子', '配料', [['09200', 90]]],
];

async function signInTo(page: Page, username: string, orgName: string) {
  await signInWithPassword(page, harness.server.url, username);
  await page.getByTestId('orgapp-item').filter({ hasText: orgName }).first().click();
  await page.getByTestId('home-page').waitFor();
}

describe('smart meal allocation in the cycle editor', () => {
  it('shows the proposal, declines, then accepts the ticked lines only', async () => {
    const api = await signIn(harness.server, DEMO.dietitian, SCHOOL_A);
    const cats = new Map((await call<{ rows: { id: string; name: string }[] }>(harness.server, 'GET', '/v2/category?groupName=menuCategory', auth(api))).body.data.rows.map((c) => [c.name, c.id]));
    const ids: Record<string, string> = {};
    for (const [name, category, lines] of DISHES) {
      const res = await call<{ id: string }>(harness.server, 'POST', '/v4/mall/menu', { ...auth(api), body: { name, categoryId: cats.get(category), lines: lines.map(([foodId, weight]) => ({ foodId, weight })) } });
      expect(res.status, res.body.status_text).toBe(200);
      ids[name] = res.body.data.id;
    }
    const created = await call<RecipeCycleDetail>(harness.server, 'POST', '/v4/mall/recipe/cycle', {
      ...auth(api), body: { name: 'e2e 智能配餐周', startDate: '2026-11-30', cycleOption: 'week', weeks: 1, mealPattern: MEAL_PATTERN_CODES['一餐'], ageGroups: [{ ageRange: '9-11', people: 60 }] },
    });
    const cells = [0, 1, 2, 3, 4].map((day) => ({ day, mealCode: 3, dishes: DISHES.map(([name]) => ({ dishId: ids[name] })) }));
    const filled = await call<RecipeCycleDetail>(harness.server, 'PUT', `/v4/mall/recipe/cycle/${created.body.data.id}/cell`, { ...auth(api), body: { cells } });
    expect(filled.status, filled.body.status_text).toBe(200);
    const cycleId = filled.body.data.id;
    const read = async () => (await call<RecipeCycleDetail>(harness.server, 'GET', `/v4/mall/recipe/cycle/${cycleId}`, auth(api))).body.data;

    const page = await harness.browser.context.newPage();
    await signInTo(page, DEMO.dietitian, SCHOOL_A);
    await openScreen(page, 'mallRecipeCycleManage');
    await page.getByTestId('recipe-table').locator('tr').filter({ hasText: 'e2e 智能配餐周' }).getByTestId('recipe-open').click();
    await page.getByTestId('recipe-cycle-editor').waitFor();

    // the demo school has it on, under the default label
    const button = page.getByTestId('recipe-allocate');
    await expect.poll(() => button.textContent(), { timeout: 15_000 }).toBe('智能配餐');
    await button.click();
    const dialog = page.getByTestId('allocation-dialog');
    const group = dialog.getByTestId('allocation-group-9-11');
    await expect.poll(() => group.getAttribute('data-status'), { timeout: 20_000 }).toBe('optimal');
    expect(await group.getByTestId('allocation-score').textContent()).toMatch(/评分.*→.*达标/);
    expect(await group.getByTestId('allocation-cost').textContent()).toMatch(/每人成本 ¥\d+\.\d\d → ¥\d+\.\d\d/);
    // Fluent's Checkbox puts the test id on its input
    const checks = dialog.getByTestId('allocation-line-check');
    const lines = await checks.count();
    expect(lines).toBeGreaterThan(5);

    // none: the dialog closes and nothing is written
    const before = await read();
    await dialog.getByTestId('allocation-cancel').click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await read()).version).toBe(before.version);

    // some: every line starts ticked (defaultStatus); untick the first and accept the rest
    await button.click();
    await expect.poll(() => group.getAttribute('data-status'), { timeout: 20_000 }).toBe('optimal');
    await expect.poll(() => checks.nth(0).isChecked()).toBe(true);
    const firstRow = dialog.getByTestId('allocation-lines').locator('[data-row-key]').first();
    const [day, , dishId] = (await firstRow.getAttribute('data-row-key'))!.split('|');
    await checks.nth(0).uncheck();
    await dialog.getByTestId('allocation-accept-some').click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    const after = await read();
    expect(after.version).toBe(before.version + 1);
    const dosage = (c: RecipeCycleDetail, d: number, dish: string) => c.cells.find((x) => x.day === d)!.dishes.find((x) => x.dishId === dish)!.dosages['9-11'];
    // the unticked line kept its dosage; the others moved
    expect(dosage(after, Number(day), dishId)).toBe(dosage(before, Number(day), dishId));
    const moved = after.cells.flatMap((c) => c.dishes.filter((d) => d.dosages['9-11'] !== dosage(before, c.day, d.dishId)));
    expect(moved).toHaveLength(lines - 1);
  });
});
