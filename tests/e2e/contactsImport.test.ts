// Excel import of the contacts screen, in Chromium: departments, then persons, read in the browser with a
// preview; a row the console can tell is wrong is marked before sending, a row the server refuses (422
// data.errors) is marked after, and nothing of that batch is written; a clean file goes in with the
// progress bar full.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expandMenuGroups, signInToHome, useConsole } from '../support/console.ts';

const harness = useConsole();

async function xlsx(headers: string[], rows: (string | number)[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(headers);
  rows.forEach((r) => ws.addRow(r));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'contacts-import-')), 'import.xlsx');
  await wb.xlsx.writeFile(file);
  return file;
}

async function importFile(page: Page, menuItem: string, file: string) {
  await page.getByTestId('contacts-import').click();
  await page.getByTestId(menuItem).click();
  const dialog = page.getByTestId('excel-import');
  await dialog.getByTestId('import-file').setInputFiles(file);
  await dialog.getByTestId('import-summary').waitFor();
  return dialog;
}

describe('contacts Excel import', () => {
  it('imports departments and persons with a preview, row errors from the console and the server, and progress', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000008');
    await expandMenuGroups(page);
    await page.getByTestId('side-menu').getByTestId('menu-item-contacts').click();
    await page.getByTestId('department-tree').getByText('行政办公室').waitFor();

    // departments: a parent and a child naming it by name
    let dialog = await importFile(page, 'import-departments', await xlsx(['部门名称', '上级部门', '排序'], [['导入年级', '', 5], ['导入一班', '导入年级', 1]]));
    await dialog.getByTestId('import-submit').click();
    await dialog.getByTestId('import-result').waitFor();
    expect(await dialog.getByTestId('import-progress').getAttribute('aria-valuenow')).toBe('1');
    await dialog.getByRole('button', { name: '关闭' }).last().click();
    const tree = page.getByTestId('department-tree');
    await tree.locator('[data-testid="department-item"][data-name="导入一班"]').waitFor();

    // persons: a bad phone is caught in the browser; a repeated phone only by the server
    const headers = ['姓名', '手机号', '部门', '性别', '职务'];
    dialog = await importFile(page, 'import-persons', await xlsx(headers, [
      ['赵一', '13966000001', '导入一班', '男', '学生家长'],
      ['钱二', '12345', '导入一班', '女', ''],
      ['孙三', '13966000001', '导入一班', '女', ''],
    ]));
    const errors = dialog.getByTestId('import-row-error');
    expect(await errors.count()).toBe(1);
    await dialog.getByTestId('import-submit').click();
    await expect.poll(() => errors.count()).toBe(2);
    expect(await errors.allTextContents()).toEqual([expect.stringContaining('12345'), expect.stringContaining('13966000001')]);
    await dialog.getByRole('button', { name: '关闭' }).last().click();
    await page.getByTestId('contacts-search').fill('13966000001');
    await page.waitForTimeout(1200);
    expect(await page.getByTestId('persons-table').getByTestId('person-row-name').count()).toBe(0);

    // a clean file goes in whole
    dialog = await importFile(page, 'import-persons', await xlsx(headers, [
      ['赵一', '13966000001', '导入一班', '男', '学生家长'],
      ['孙三', '13966000003', '导入一班、导入年级', '女', ''],
    ]));
    await dialog.getByTestId('import-submit').click();
    await dialog.getByTestId('import-result').waitFor();
    expect(await dialog.getByTestId('import-progress').getAttribute('aria-valuenow')).toBe('1');
    await dialog.getByRole('button', { name: '关闭' }).last().click();
    await page.getByTestId('contacts-search').fill('zy');
    await expect.poll(() => page.getByTestId('persons-table').getByTestId('person-row-name').allTextContents()).toContain('赵一');
    await page.close();
  });
});
