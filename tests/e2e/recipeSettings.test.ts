// Issue 9 recipe settings in Chromium: the dietitian adds a custom people group and a recipe label from their
// menu entries and sees them listed; with the org's recipe user limit on, her sixth weekly recipe is refused
// with the limit's message in the create dialog, which starts from her default people group and meals-people count.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, signInWithPassword, useConsole } from '../support/console.ts';
import { call, signIn, DEMO, SCHOOL_A } from '../api/usersApi.ts';
import { auth } from '../api/mallApi.ts';
import { MEAL_PATTERN_CODES } from '../../domain/constants.ts';

const harness = useConsole();

async function signInTo(page: Page, username: string, orgName: string) {
  await signInWithPassword(page, harness.server.url, username);
  await page.getByTestId('orgapp-item').filter({ hasText: orgName }).first().click();
  await page.getByTestId('home-page').waitFor();
}

describe('recipe settings', () => {
  it('a dietitian adds a custom people group and a recipe label; her sixth cycle is refused with the limit message', async () => {
    const page = await harness.browser.context.newPage();
    await signInTo(page, DEMO.dietitian, SCHOOL_A);

    // a custom people group
    await openScreen(page, 'mallRecipeCustomPeopleManage');
    await page.getByTestId('screen-mallRecipeCustomPeopleManage').waitFor();
    await page.getByTestId('people-add-custom').click();
    await page.getByTestId('people-name-input').fill('e2e教职工');
    await page.getByTestId('people-form-submit').click();
    const peopleNames = page.getByTestId('people-table').getByTestId('people-name');
    await expect.poll(() => peopleNames.allTextContents(), { timeout: 15_000 }).toEqual([expect.stringContaining('e2e教职工')]);

    // a recipe label
    await openScreen(page, 'mallRecipeCycleLableManage');
    await page.getByTestId('screen-mallRecipeCycleLableManage').waitFor();
    await page.getByTestId('label-add').click();
    await page.getByTestId('label-name-input').fill('e2e春季');
    await page.getByTestId('label-form-submit').click();
    await expect.poll(() => page.getByTestId('label-table').getByTestId('label-name').allTextContents(), { timeout: 15_000 }).toEqual(['e2e春季']);

    // the limit on; her cycles made up to five through the API, the sixth from the screen
    const admin = await signIn(harness.server, DEMO.schoolAdmin, SCHOOL_A);
    expect((await call(harness.server, 'PUT', '/v1/config/org', { ...auth(admin), body: { path: 'nutritiousmeals.mallRecipeUserLimiteEnable', value: true } })).status).toBe(200);
    const api = await signIn(harness.server, DEMO.dietitian, SCHOOL_A);
    const list = await call<{ rows: { createdBy: string }[] }>(harness.server, 'GET', '/v4/mall/recipe/cycle?$limit=1000', auth(api));
    for (let n = list.body.data.rows.filter((r) => r.createdBy === api.userId).length; n < 5; n++) {
      const res = await call(harness.server, 'POST', '/v4/mall/recipe/cycle', { ...auth(api), body: {
        name: `e2e限额${n}`, startDate: '2026-11-30', cycleOption: 'week', weeks: 1, mealPattern: MEAL_PATTERN_CODES['一餐'], ageGroups: [{ ageRange: '6-8', people: 40 }],
      } });
      expect(res.status, res.body.status_text).toBe(200);
    }
    // the recipe settings feed a new cycle: the default group 9-11 with the meals-people count
    const ref = await call<{ peopleId: string }>(harness.server, 'POST', '/v5/mall/recipe/people/config', { ...auth(api), body: { peopleEnergyId: 'wst554-9-11' } });
    expect(ref.status, ref.body.status_text).toBe(200);
    await call(harness.server, 'PUT', '/v5/mall/recipe/people/config/custom/defaultEnable', { ...auth(api), body: { peopleId: ref.body.data.peopleId, defaultEnable: 1 } });
    expect((await call(harness.server, 'POST', '/v4/mall/spec', { ...auth(api), body: { name: '就餐人数', options: { mealsPeople: 320 } } })).status).toBe(200);
    await openScreen(page, 'mallRecipeCycleManage');
    await page.getByTestId('screen-mallRecipeCycleManage').waitFor();
    await page.getByTestId('recipe-create').click();
    await expect.poll(() => page.getByTestId('recipe-new-people-9-11').inputValue(), { timeout: 15_000 }).toBe('320');
    expect(await page.getByTestId('recipe-new-people-6-8').inputValue()).toBe('');
    await page.getByTestId('recipe-new-name').fill('e2e 第六个食谱');
    await page.getByTestId('recipe-new-start').fill('2026-11-30');
    await page.getByTestId('recipe-new-weeks').fill('1');
    await page.getByTestId('recipe-new-save').click();
    await expect.poll(() => page.getByTestId('recipe-new-error').textContent(), { timeout: 15_000 })
      .toContain('每位用户最多可新建 5 个周食谱（您已新建 5 个），如需更多请联系管理员');
  });
});
