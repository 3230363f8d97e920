// Issue 10's story in Chromium, on the demo data as a dietitian finds it: the first week of 阳光实验小学's published
// four-week cycle fails WS/T 554 for 9-11 (score under 80, with advice); she withdraws the cycle to edit it, runs
// smart meal allocation on that week, accepts every proposed dosage, and the same analysis screen now passes; the
// proposal showed the cost per person before and after. Then she prints the labels of that week's first day
// (print media, one label per page; the screenshot is kept under test-results/).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, signInWithPassword, useConsole } from '../support/console.ts';
import { call, signIn, DEMO, SCHOOL_A } from '../api/usersApi.ts';
import { auth } from '../api/mallApi.ts';
import type { CycleAnalysisData } from '../../contracts/nutrition.ts';

const harness = useConsole();
const OUT = 'test-results';

async function pick(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('a failing demo week fixed by smart allocation, then labelled', () => {
  it('fails for 9-11, passes after the accepted allocation, and prints its first day\'s labels', async () => {
    fs.mkdirSync(OUT, { recursive: true });
    const api = await signIn(harness.server, DEMO.dietitian, SCHOOL_A);
    const cycles = await call<{ rows: { id: string; name: string; status: string }[] }>(harness.server, 'GET', '/v4/mall/recipe/cycle?$limit=100', auth(api));
    const demo = cycles.body.data.rows.find((c) => c.name.endsWith('起四周食谱'))!;
    expect(demo, 'the seeded four-week cycle').toBeTruthy();
    const weekOne = async () => (await call<CycleAnalysisData>(harness.server, 'GET', `/v5/mall/recipe/cycle/${demo.id}/analysis?ageGroup=9-11`, auth(api)))
      .body.data.ageGroups.find((g) => g.ageGroup === '9-11')!.weeks[0].analysis!;
    const before = await weekOne();
    expect(before.pass).toBe(false);
    expect(before.scores.total).toBeLessThan(80);
    expect(before.advice.length).toBeGreaterThan(0);

    const page = await harness.browser.context.newPage();
    await signInWithPassword(page, harness.server.url, DEMO.dietitian);
    await page.getByTestId('orgapp-item').filter({ hasText: SCHOOL_A }).first().click();
    await page.getByTestId('home-page').waitFor();

    // the analysis screen says the week fails and why
    await openScreen(page, 'mallRecipeNutritionAnalysis');
    await pick(page, 'cycle-analysis-cycle', new RegExp(demo.name));
    await pick(page, 'cycle-analysis-age', '9-11 岁');
    const pass = page.getByTestId('cycle-analysis-pass');
    await expect.poll(() => pass.getAttribute('data-pass'), { timeout: 20_000 }).toBe('0');
    expect(await page.getByTestId('cycle-analysis-advice-item').count()).toBe(before.advice.length);

    // the cycle editor: a published cycle is withdrawn before it is edited
    await openScreen(page, 'mallRecipeCycleManage');
    await page.getByTestId('recipe-table').locator('tr').filter({ hasText: demo.name }).getByTestId('recipe-open').click();
    await page.getByTestId('recipe-cycle-editor').waitFor();
    const status = page.getByTestId('recipe-cycle-status');
    if ((await status.getAttribute('data-status')) === 'published') {
      await page.getByTestId('recipe-withdraw').click();
      await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).not.toBe('published');
    }
    await page.getByTestId('recipe-week-0').click();
    await page.getByTestId('recipe-allocate').click();
    const dialog = page.getByTestId('allocation-dialog');
    const group = dialog.getByTestId('allocation-group-9-11');
    await expect.poll(() => group.getAttribute('data-status'), { timeout: 30_000 }).toBe('optimal');
    // the cost per person before and after, in yuan: the demo goods are linked to their foods, so the week has a price
    const cost = (await group.getByTestId('allocation-cost').textContent())!.match(/每人成本 ¥(\d+\.\d\d) → ¥(\d+\.\d\d)/);
    expect(cost).not.toBeNull();
    expect(Number(cost![1])).toBeGreaterThan(0);
    expect(Number(cost![2])).toBeGreaterThan(0);
    await dialog.getByTestId('allocation-accept-all').click();
    await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0);

    // the same week now passes, on the server and on the screen
    const after = await weekOne();
    expect(after.pass).toBe(true);
    expect(after.scores.total).toBeGreaterThanOrEqual(80);
    await openScreen(page, 'mallRecipeNutritionAnalysis');
    await pick(page, 'cycle-analysis-cycle', new RegExp(demo.name));
    await pick(page, 'cycle-analysis-age', '9-11 岁');
    await expect.poll(() => pass.getAttribute('data-pass'), { timeout: 20_000 }).toBe('1');

    // the labels of the week's first day, as printed
    await openScreen(page, 'mallRecipeCycleLabelSet');
    await page.getByTestId('food-label-screen').waitFor();
    await page.getByTestId('label-cycle').click();
    await page.getByRole('option').filter({ hasText: demo.name }).first().click();
    await page.getByTestId('label-day').click();
    await page.getByRole('option').first().click();
    const labels = page.getByTestId('label-preview').getByTestId('food-label');
    await expect.poll(() => labels.count(), { timeout: 30_000 }).toBeGreaterThan(1);
    const count = await labels.count();
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.food-label-page').count()).toBe(count);
    expect(await page.getByTestId('food-label-screen').isVisible()).toBe(false);
    const shot = path.join(OUT, 'nutrition-story-labels-print.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(fs.statSync(shot).size).toBeGreaterThan(10_000);
    await page.close();
  });
});
