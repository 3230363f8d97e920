// Month purchase plan in Chromium (issue 11, 月度采购计划): the demo purchaser opens the month of her published
// cycle, sees each ingredient's totals per week and for the month, edits a day's quantity and sees the totals
// follow, exports to Excel with exactly the columns the school's export setting names (changed through the
// settings by the dietitian: the next export's columns change with it), and turns the month into orders per
// supplier and delivery day (days past a supplier's cut-off skipped and said so).
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';
import { call, signIn, DEMO, SCHOOL_A, type Session } from '../api/usersApi.ts';
import { auth } from '../api/mallApi.ts';
import { mondayOf } from '../../server/seed/seedRecipeCycles.ts';
import { dayOf } from '../../domain/priceCycle.ts';
import { downloadedBytes } from '../support/browser.ts';

const harness = useConsole();
const SETTING = '采购计划导出内容';

/** Saves the school's export setting as the settings screen does: its spec record, changed in place once made. */
async function setExportColumns(dietitian: Session, exportContent: string[]) {
  const specs = await call<{ rows: { id: string; name: string }[] }>(harness.server, 'GET', `/v4/mall/spec?name=${encodeURIComponent(SETTING)}`, auth(dietitian));
  const existing = specs.body.data.rows.find((r) => r.name === SETTING);
  const res = existing
    ? await call(harness.server, 'PUT', `/v4/mall/spec/${existing.id}`, { ...auth(dietitian), body: { options: { exportContent } } })
    : await call(harness.server, 'POST', '/v4/mall/spec', { ...auth(dietitian), body: { name: SETTING, options: { exportContent } } });
  expect(res.status, res.body.status_text).toBe(200);
}

/** The header row of the sheet the export button downloads. */
async function exportedHeaders(page: Page): Promise<string[]> {
  const button = page.getByTestId('plan-export');
  await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const wb = new ExcelJS.Workbook();
  const bytes = await downloadedBytes(download);
  await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const row = wb.worksheets[0]!.getRow(1);
  return (row.values as unknown[]).slice(1).map(String);
}

async function openMonth(page: Page) {
  await openScreen(page, 'mallRecipeMonthPurchaseplan');
  await page.getByTestId('plan-cycle').click();
  // the demo's published four-week cycle starts this week's Monday; its first month is chosen with it
  await page.getByRole('option', { name: new RegExp(mondayOf(new Date())) }).first().click();
  await expect.poll(() => page.getByTestId('plan-month').isEnabled(), { timeout: 30_000 }).toBe(true);
  await page.getByTestId('plan-totals').waitFor({ timeout: 30_000 });
}

describe('month purchase plan', () => {
  it('totals per ingredient per week and month follow the edits; the export follows the export setting; orders per supplier and day', async () => {
    const dietitian = await signIn(harness.server, DEMO.dietitian, SCHOOL_A);
    await setExportColumns(dietitian, ['foodName', 'quantity', 'amount']);

    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, DEMO.purchaser, '阳光实验小学');
    await openMonth(page);
    expect(await page.getByTestId('plan-month').textContent()).toBe(mondayOf(new Date()).slice(0, 7));
    await expect.poll(() => page.getByTestId('plan-quantity').count(), { timeout: 30_000 }).toBeGreaterThan(3);
    const totals = page.getByTestId('plan-totals').getByTestId('total-quantity');
    expect(await totals.count()).toBeGreaterThan(0);

    // a day's quantity typed: that ingredient's month total and the plan's sum change with it
    const firstLine = page.getByTestId('plan-table').locator('[data-date]').first();
    const food = (await firstLine.locator('td').nth(2).textContent())!.trim();
    const totalRow = page.getByTestId('plan-totals').locator('tr', { hasText: food }).first();
    const before = [await totalRow.getByTestId('total-quantity').textContent(), await page.getByTestId('plan-summary').textContent()];
    await page.getByTestId('plan-quantity').first().fill('999');
    await expect.poll(async () => [await totalRow.getByTestId('total-quantity').textContent(), await page.getByTestId('plan-summary').textContent()]).not.toEqual(before);

    // the sheet holds the setting's columns; the dietitian changes the setting and the next export follows it
    expect(await exportedHeaders(page)).toEqual(['食材名称', '数量', '金额']);
    await setExportColumns(dietitian, ['mealDate', 'foodName', 'supplier', 'price', 'remark']);
    await page.reload();
    await page.getByTestId('screen-mallRecipeMonthPurchaseplan').waitFor({ timeout: 30_000 });
    await page.getByTestId('plan-cycle').click();
    await page.getByRole('option', { name: new RegExp(mondayOf(new Date())) }).first().click();
    await page.getByTestId('plan-totals').waitFor({ timeout: 30_000 });
    expect(await exportedHeaders(page)).toEqual(['食材名称', '单价', '供应商', '用餐日期', '备注']);

    // the month into orders: one per supplier and open day, past cut-offs skipped and said so. The month is the one
    // of the day after tomorrow, whose cut-off has not passed (late in a month, its last open day may be gone: on
    // Sunday 29 November after 18:00 China time, Monday the 30th is past its cut-off)
    const monthOpen = dayOf(new Date(Date.now() + 2 * 86_400_000)).slice(0, 7);
    if (monthOpen !== mondayOf(new Date()).slice(0, 7)) {
      await page.getByTestId('plan-month').click();
      await page.getByRole('option', { name: monthOpen }).click();
      await expect.poll(async () => (await page.getByTestId('plan-month').textContent())?.trim(), { timeout: 30_000 }).toBe(monthOpen);
      await expect.poll(() => page.getByTestId('plan-quantity').count(), { timeout: 30_000 }).toBeGreaterThan(3);
    }
    await page.getByTestId('plan-order').click();
    await page.getByTestId('confirm-ok').click();
    const results = page.getByTestId('plan-results');
    await results.waitFor({ timeout: 90_000 });
    const texts = await results.locator('span').allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(/已生成订单 DD\d+$|已过下单截止时间，未生成订单$/);
  });
});
