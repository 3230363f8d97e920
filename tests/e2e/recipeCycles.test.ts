// Issue 9 in Chromium: the dietitian builds a week of a recipe cycle by dragging dishes into cells (and with the
// keyboard/click alternative), copies Monday to Tuesday, undoes an edit and submits; a second console of hers sees
// the change live; the school admin approves and publishes; the school purchaser sees the published week. Issue 28
// point 8: a cell is selected by a click anywhere on it and edited with its own button; a phone shows one day.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, signInWithPassword, useConsole } from '../support/console.ts';
import { launchBrowser } from '../support/browser.ts';
import { call, signIn, DEMO, SCHOOL_A } from '../api/usersApi.ts';
import { auth } from '../api/mallApi.ts';

const harness = useConsole();

async function signInTo(page: Page, username: string, orgName: string) {
  await signInWithPassword(page, harness.server.url, username);
  await page.getByTestId('orgapp-item').filter({ hasText: orgName }).first().click();
  await page.getByTestId('home-page').waitFor();
}

async function openCycle(page: Page, name: string) {
  await page.getByTestId('recipe-table').locator('tr').filter({ hasText: name }).getByTestId('recipe-open').click();
  await page.getByTestId('recipe-cycle-editor').waitFor();
}

const cellDishes = (page: Page, day: number, meal: number) => page.getByTestId(`cell-${day}-${meal}`).getByTestId('cell-dish');
const namesIn = async (page: Page, day: number, meal: number) => (await page.getByTestId(`cell-${day}-${meal}`).getByTestId('cell-dish-name').allTextContents()).map((s) => s.trim()).sort();

describe('weekly recipe cycles', () => {
  it('dietitian builds and submits a week, a second console sees it live, the admin approves and publishes, the purchaser reads it', async () => {
    // dishes of school A through the dish endpoint (the dishes engineer's screen is tested on its own)
    const api = await signIn(harness.server, DEMO.dietitian, SCHOOL_A);
    const cats = new Map((await call<{ rows: { id: string; name: string }[] }>(harness.server, 'GET', '/v2/category?groupName=menuCategory', auth(api))).body.data.rows.map((c) => [c.name, c.id]));
    for (const [name, category, foodId, weight] of [['e2e米饭', '主食', '01123', 150], ['e2e番茄炒蛋', '半荤半素', '11529', 120], ['e2e紫菜汤', '汤类', '11529', 30]] as const) {
      const res = await call(harness.server, 'POST', '/v4/mall/menu', { ...auth(api), body: { name, categoryId: cats.get(category), lines: [{ foodId, weight }] } });
      expect(res.status, res.body.status_text).toBe(200);
    }

    const page = await harness.browser.context.newPage();
    await signInTo(page, DEMO.dietitian, SCHOOL_A);
    await openScreen(page, 'mallRecipeCycleManage');
    await page.getByTestId('screen-mallRecipeCycleManage').waitFor();

    // a new one-week cycle, opened in the grid
    await page.getByTestId('recipe-create').click();
    await page.getByTestId('recipe-new-name').fill('e2e 一周食谱');
    await page.getByTestId('recipe-new-start').fill('2026-11-30');
    await page.getByTestId('recipe-new-weeks').fill('1');
    await page.getByTestId('recipe-new-save').click();
    await page.getByTestId('recipe-cycle-editor').waitFor();
    expect(await page.getByTestId('recipe-cycle-status').getAttribute('data-status')).toBe('draft');

    // the dietitian's second console, on the same cycle
    const second = await launchBrowser();
    try {
      const other = await second.context.newPage();
      await signInTo(other, DEMO.dietitian, SCHOOL_A);
      await openScreen(other, 'mallRecipeCycleManage');
      await openCycle(other, 'e2e 一周食谱');

      // drag two dishes onto Monday lunch (HTML5 drag and drop)
      const dish = (name: string) => page.getByTestId('recipe-dish').filter({ hasText: name });
      await dish('e2e米饭').dragTo(page.getByTestId('cell-0-3'));
      await expect.poll(() => namesIn(page, 0, 3)).toEqual(['e2e米饭']);
      await dish('e2e番茄炒蛋').dragTo(page.getByTestId('cell-0-3'));
      await expect.poll(() => namesIn(page, 0, 3)).toEqual(['e2e番茄炒蛋', 'e2e米饭']);
      // the keyboard / click alternative: select Monday breakfast, then "add to the selected meal"
      await page.getByTestId('cell-0-1').focus();
      await page.keyboard.press('Enter');
      await dish('e2e紫菜汤').getByTestId('recipe-dish-add').click();
      await expect.poll(() => namesIn(page, 0, 1)).toEqual(['e2e紫菜汤']);
      // undo the last edit, then add it back
      await page.getByTestId('recipe-undo').click();
      await expect.poll(() => cellDishes(page, 0, 1).count()).toBe(0);
      await dish('e2e紫菜汤').getByTestId('recipe-dish-add').click();
      await expect.poll(() => namesIn(page, 0, 1)).toEqual(['e2e紫菜汤']);

      // the other console shows Monday's dishes without a reload (live update)
      await expect.poll(() => namesIn(other, 0, 3), { timeout: 10_000 }).toEqual(['e2e番茄炒蛋', 'e2e米饭']);

      // copy Monday onto Tuesday
      await page.getByTestId('copy-day-0').click();
      await page.getByTestId('copy-day-0-to-1').click();
      await expect.poll(() => namesIn(page, 1, 3)).toEqual(['e2e番茄炒蛋', 'e2e米饭']);
      expect(await namesIn(page, 1, 1)).toEqual(['e2e紫菜汤']);
      await expect.poll(() => namesIn(other, 1, 3), { timeout: 10_000 }).toEqual(['e2e番茄炒蛋', 'e2e米饭']);

      // per-person dosages per age group: the dish's portion by default, changed in the dosage dialog
      const lunch = page.getByTestId('cell-0-3');
      const rice = lunch.getByTestId('cell-dish-name').filter({ hasText: 'e2e米饭' });
      expect(await rice.getAttribute('title')).toBe('用量：6-8: 150g / 9-11: 150g');
      // issue 28 point 8: a click in the middle of a filled cell (on a dish's name) selects it, no dialog opens;
      // the selected cell's edit button opens the dosage dialog
      expect(await lunch.getAttribute('aria-selected')).toBe('false');
      await lunch.click();
      await expect.poll(() => lunch.getAttribute('aria-selected')).toBe('true');
      expect(await page.getByTestId('dosage-9-11').count()).toBe(0);
      await lunch.getByTestId('cell-dish').filter({ hasText: 'e2e米饭' }).getByTestId('cell-dish-edit').click();
      await page.getByTestId('dosage-9-11').fill('180');
      await page.getByTestId('dosage-save').click();
      await expect.poll(() => rice.getAttribute('title')).toBe('用量：6-8: 150g / 9-11: 180g');
      // the keyboard moves the selection as in a data grid
      await lunch.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => page.getByTestId('cell-1-3').getAttribute('aria-selected')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('cell-1-3');

      // on a 390 px phone one day at a time, its meals stacked; the switcher moves to the next day
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('recipe-day-switcher').waitFor();
      await page.getByTestId('recipe-day-prev').click();
      await expect.poll(() => page.getByTestId('recipe-grid').getAttribute('data-day')).toBe('0');
      expect(await page.getByTestId('cell-1-3').count()).toBe(0);
      const breakfast = (await page.getByTestId('cell-0-1').boundingBox())!;
      const lunchBox = (await lunch.boundingBox())!;
      expect(lunchBox.y).toBeGreaterThan(breakfast.y + breakfast.height - 1);
      expect(lunchBox.x + lunchBox.width).toBeLessThanOrEqual(390);
      expect(lunchBox.width).toBeGreaterThan(300);
      await page.getByTestId('recipe-day-next').click();
      await expect.poll(() => page.getByTestId('recipe-grid').getAttribute('data-day')).toBe('1');
      expect(await page.getByTestId('cell-0-3').count()).toBe(0);
      expect(await namesIn(page, 1, 3)).toEqual(['e2e番茄炒蛋', 'e2e米饭']);
      // the selected meal followed the day; its buttons are big enough for a finger
      expect(await page.getByTestId('cell-1-3').getAttribute('aria-selected')).toBe('true');
      const buttons = await page.getByTestId('cell-1-3').locator('button').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      expect(buttons.length).toBe(5);
      expect(Math.min(...buttons)).toBeGreaterThanOrEqual(40);
      await page.setViewportSize({ width: 1366, height: 860 });
      await page.getByTestId('day-0').waitFor();

      // issue 28: before 提交审核 the editor names who approves (the school admin, by name and role), and after it whom the cycle waits for
      const approverNames = page.getByTestId('recipe-approver-names');
      await expect.poll(() => approverNames.textContent(), { timeout: 10_000 }).toMatch(/^审核人：.*吴静.*机构管理员/);
      // submit: the grid locks; the other console sees the new status
      await page.getByTestId('recipe-submit').click();
      await expect.poll(() => page.getByTestId('recipe-cycle-status').getAttribute('data-status')).toBe('submitted');
      await expect.poll(() => approverNames.textContent()).toMatch(/^已提交，等待审核人审核：.*吴静/);
      expect(await page.getByTestId('cell-dish-remove').count()).toBe(0);
      await expect.poll(() => other.getByTestId('recipe-cycle-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('submitted');
    } finally {
      await second.close();
    }
    await page.close();

    // the school admin approves and publishes
    const adminBrowser = await launchBrowser();
    try {
      const admin = await adminBrowser.context.newPage();
      await signInTo(admin, DEMO.schoolAdmin, SCHOOL_A);
      await admin.goto(`${harness.server.url}/#/mallRecipeCycleManage`);
      await admin.getByTestId('screen-mallRecipeCycleManage').waitFor();
      await openCycle(admin, 'e2e 一周食谱');
      await admin.getByTestId('recipe-approve').click();
      await expect.poll(() => admin.getByTestId('recipe-cycle-status').getAttribute('data-status')).toBe('approved');
      await admin.getByTestId('recipe-publish').click();
      await expect.poll(() => admin.getByTestId('recipe-cycle-status').getAttribute('data-status')).toBe('published');
    } finally {
      await adminBrowser.close();
    }

    // the purchaser sees the published week, and cannot change it
    const buyerBrowser = await launchBrowser();
    try {
      const buyer = await buyerBrowser.context.newPage();
      await signInTo(buyer, DEMO.purchaser, SCHOOL_A);
      await openScreen(buyer, 'mallRecipeCycleManage');
      await openCycle(buyer, 'e2e 一周食谱');
      expect(await buyer.getByTestId('recipe-cycle-status').getAttribute('data-status')).toBe('published');
      await expect.poll(() => namesIn(buyer, 1, 3)).toEqual(['e2e番茄炒蛋', 'e2e米饭']);
      expect(await namesIn(buyer, 0, 1)).toEqual(['e2e紫菜汤']);
      expect(await buyer.getByTestId('cell-dish-remove').count()).toBe(0);
      expect(await buyer.getByTestId('recipe-submit').count()).toBe(0);
    } finally {
      await buyerBrowser.close();
    }
  });

  it('a cycle has its own URL: a reload reopens it, Back returns to the list with its filter; the new-cycle dialog asks before losing input (issue 28)', async () => {
    const page = await harness.browser.context.newPage();
    await signInTo(page, DEMO.dietitian, SCHOOL_A);
    await openScreen(page, 'mallRecipeCycleManage');
    await page.getByTestId('screen-mallRecipeCycleManage').waitFor();

    // a click outside the new-cycle dialog with a name typed asks; keeping goes on with the name there
    await page.getByTestId('recipe-create').click();
    await page.getByTestId('recipe-new-name').fill('e2e 网址食谱');
    await page.mouse.click(4, 4);
    await page.getByTestId('discard-confirm').waitFor();
    await page.getByTestId('discard-keep').click();
    await page.getByTestId('discard-confirm').waitFor({ state: 'detached' });
    expect(await page.getByTestId('recipe-new-name').inputValue()).toBe('e2e 网址食谱');
    await page.getByTestId('recipe-new-start').fill('2026-12-07');
    await page.getByTestId('recipe-new-weeks').fill('1');
    await page.getByTestId('recipe-new-save').click();
    await page.getByTestId('recipe-cycle-editor').waitFor();
    expect(await page.getByTestId('recipe-cycle-name').textContent()).toBe('e2e 网址食谱');
    const cycleHash = new URL(page.url()).hash;
    expect(cycleHash).toMatch(/^#\/mallRecipeCycleManage\?.*cycle=/);

    // a reload reopens the same cycle
    await page.reload();
    await page.getByTestId('recipe-cycle-editor').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('recipe-cycle-name').textContent()).toBe('e2e 网址食谱');

    // Back returns to the list, Forward to the cycle
    await page.goBack();
    await page.getByTestId('recipe-table').waitFor();
    expect(await page.getByTestId('recipe-cycle-editor').count()).toBe(0);
    await page.goForward();
    await expect.poll(() => page.getByTestId('recipe-cycle-name').textContent()).toBe('e2e 网址食谱');

    // the list's status filter, then a cycle opened from the filtered list: 返回列表 and Back find the filter
    await page.getByTestId('recipe-back').click();
    await page.getByTestId('recipe-table').waitFor();
    await page.getByTestId('recipe-status-filter').click();
    await page.getByRole('option', { name: '草稿' }).click();
    await expect.poll(() => new URL(page.url()).hash).toContain('status=draft');
    await page.reload();
    await page.getByTestId('recipe-table').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('recipe-status-filter').textContent()).toContain('草稿');
    await openCycle(page, 'e2e 网址食谱');
    expect(new URL(page.url()).hash).toContain('status=draft');
    await page.goBack();
    await page.getByTestId('recipe-table').waitFor();
    expect(new URL(page.url()).hash).not.toContain('cycle=');
    await expect.poll(() => page.getByTestId('recipe-status-filter').textContent()).toContain('草稿');
    await page.close();
  });
});
