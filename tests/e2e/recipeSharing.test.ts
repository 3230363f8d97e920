// Issue 9 in Chromium, sharing and exporting: the dietitian copies a cloud recipe into her school's cycles, opens
// the copy, exports its first week to Excel (the file's cells checked: title, weekday headers, the dishes of Monday
// lunch with their dosages), removes a dish and finds both the copy and the edit in the recipe log.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { openScreen, signInWithPassword, useConsole } from '../support/console.ts';
import { DEMO, SCHOOL_A } from '../api/usersApi.ts';
import { CLOUD_RECIPES } from '../../server/seed/seedCloudRecipes.ts';
import { downloadedBytes } from '../support/browser.ts';

const harness = useConsole();
const CLOUD = CLOUD_RECIPES[0].name;
const COPY = 'e2e 云食谱副本';

async function signInTo(page: Page, username: string, orgName: string) {
  await signInWithPassword(page, harness.server.url, username);
  await page.getByTestId('orgapp-item').filter({ hasText: orgName }).first().click();
  await page.getByTestId('home-page').waitFor();
}

const cellText = (v: ExcelJS.CellValue) => (v === null || v === undefined ? '' : typeof v === 'object' && 'richText' in v ? v.richText.map((r) => r.text).join('') : String(v));

describe('sharing and exporting recipe cycles', () => {
  it('copies a cloud recipe into the school, exports a week to Excel and sees the log', async () => {
    const page = await harness.browser.context.newPage();
    await signInTo(page, DEMO.dietitian, SCHOOL_A);

    // the cloud recipes: copy one into the school, starting on a Monday
    await openScreen(page, 'mallStandardRecipeCycleManage');
    const row = page.getByTestId('cloud-table').locator('tr').filter({ hasText: CLOUD });
    await row.getByTestId('cloud-copy').click();
    await page.getByTestId('copy-cycle-name').fill(COPY);
    await page.getByTestId('copy-cycle-start').fill('2027-01-04');
    await page.getByTestId('copy-cycle-save').click();
    await expect.poll(() => page.getByTestId('cloud-copied').textContent(), { timeout: 30_000 }).toContain(COPY);

    // the copy is one of the school's cycles, a draft with the cloud recipe's menu
    await openScreen(page, 'mallRecipeCycleManage');
    await page.getByTestId('recipe-table').locator('tr').filter({ hasText: COPY }).getByTestId('recipe-open').click();
    await page.getByTestId('recipe-cycle-editor').waitFor();
    expect(await page.getByTestId('recipe-cycle-status').getAttribute('data-status')).toBe('draft');
    const lunch = page.getByTestId('cell-0-3').getByTestId('cell-dish-name');
    await expect.poll(() => lunch.count(), { timeout: 30_000 }).toBeGreaterThan(1);
    const mondayLunch = (await lunch.allTextContents()).map((s) => s.trim());

    // export the first week in the built-in template
    await page.getByTestId('recipe-export').click();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('export-save').click()]);
    expect(download.suggestedFilename()).toBe(`${COPY}-第 1 周.xlsx`);
    const wb = new ExcelJS.Workbook();
    const bytes = await downloadedBytes(download);
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const ws = wb.worksheets[0];
    const rows: string[][] = [];
    ws.eachRow((r) => { rows.push((r.values as ExcelJS.CellValue[]).slice(1).map(cellText)); });
    expect(rows[0][0]).toBe(COPY);
    expect(rows[1].slice(0, 6)).toEqual(['餐次', '周一 2027-01-04', '周二 2027-01-05', '周三 2027-01-06', '周四 2027-01-07', '周五 2027-01-08']);
    const lunchRow = rows.find((r) => r[0] === '午餐')!;
    const exported = lunchRow[1].split('\n');
    expect(exported.map((line) => line.replace(/（.*）$/, ''))).toEqual(mondayLunch);
    // dosages per age group of the cycle, grams per person
    for (const line of exported) expect(line).toMatch(/（6-8 \d+(\.\d+)?g \/ 9-11 \d+(\.\d+)?g）$/);

    // an edit, then the recipe log: the edit first, the copy from the cloud recipe at the start
    // a selected cell shows its dishes' remove buttons (issue 28 point 8)
    await page.getByTestId('cell-0-3').click();
    await page.getByTestId('cell-0-3').getByTestId('cell-dish-remove').first().click();
    await expect.poll(() => lunch.count()).toBe(mondayLunch.length - 1);
    await page.getByTestId('recipe-log').click();
    const entries = page.getByTestId('recipe-log-entry');
    await expect.poll(() => entries.count(), { timeout: 30_000 }).toBe(3);
    expect(await entries.first().getAttribute('data-type')).toBe('RecipeCycleCellsSet');
    expect(await entries.first().textContent()).toContain('周丽华');
    expect(await entries.last().getAttribute('data-type')).toBe('RecipeCycleCreated');
    expect(await entries.last().textContent()).toContain(`复制自「${CLOUD}」`);
  });
});
