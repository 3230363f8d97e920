// Order reports in Chromium (issue 11) on the demo orders: the supplier opens 经营数据 and sees its amount trend and
// per-school charts and the orders and amount of its orders in the range, which the test counts itself from the
// order table; the Excel export holds the same table with its totals line. The bureau opens 订单汇总统计 and sees its
// area's two schools and their total.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';
import { DEMO } from '../api/usersApi.ts';
import { dayOf } from '../../domain/priceCycle.ts';
import { formatMoney } from '../../domain/money.ts';
import { COUNTED_STATUSES } from '../../domain/orderReports.ts';
import { downloadedBytes } from '../support/browser.ts';

const harness = useConsole();
const DAY = 86_400_000;

/** The screens' default range (the last four weeks and the week ahead), counted here straight from the order rows. */
async function ordersInRange(where: { supplierOrgId?: string; area?: string }) {
  const db = harness.server.store.db;
  const [start, end] = [dayOf(new Date(Date.now() - 27 * DAY)), dayOf(new Date(Date.now() + 7 * DAY))];
  let q = db.selectFrom('orders').select(['org_id', 'amount', 'delivery_date']).where('status', 'in', [...COUNTED_STATUSES])
    .where('delivery_date', '>=', start).where('delivery_date', '<=', end);
  if (where.supplierOrgId) q = q.where('supplier_org_id', '=', where.supplierOrgId);
  if (where.area) q = q.where('org_id', 'in', db.selectFrom('orgs').select('org_id').where('area', '=', where.area));
  const rows = await q.execute();
  const fen = rows.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);
  return { count: rows.length, amount: fen / 100, schools: new Set(rows.map((r) => r.org_id)) };
}

const totalsCell = (page: Page, figure: string) => page.getByTestId('report-table').locator('[data-totals="true"]').locator(`[data-figure="${figure}"]`);
const cellText = (v: ExcelJS.CellValue) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

describe('order reports', () => {
  it('the supplier sees its business data charted, figures that match its orders, and exports them to Excel', async () => {
    const { server } = harness;
    const page = await harness.browser.context.newPage();
    await signInToHome(page, server.url, DEMO.supplier);
    await openScreen(page, 'mallOrderBusinessData');
    const expected = await ordersInRange({ supplierOrgId: 'org-xfsp' });
    expect(expected.count).toBeGreaterThan(10);

    // both charts drawn (the chart library arrives with the screen's own chunk)
    for (const chart of ['report-chart-trend', 'report-chart-schools']) {
      await page.getByTestId(chart).locator('svg').first().waitFor({ timeout: 60_000 });
    }
    await expect.poll(() => page.getByTestId('summary-orders').textContent(), { timeout: 30_000 }).toBe(String(expected.count));
    expect(await page.getByTestId('summary-amount').textContent()).toBe(formatMoney(expected.amount, 'zh-CN'));
    expect(await totalsCell(page, 'orderCount').textContent()).toBe(String(expected.count));
    expect(await totalsCell(page, 'amount').textContent()).toBe(formatMoney(expected.amount, 'zh-CN'));
    // the per-school chart names the schools the supplier serves
    const schools = (await page.getByTestId('report-chart-schools').textContent()) ?? '';
    expect(schools).toContain('阳光实验小学');
    expect(schools).toContain('明德中学');

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('report-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^经营数据_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = await downloadedBytes(download);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const rows: ExcelJS.CellValue[][] = [];
    wb.worksheets[0]!.eachRow((r) => { rows.push((r.values as ExcelJS.CellValue[]).slice(1)); });
    expect(rows[0]!.map(cellText)).toEqual(['周期', '订单数', '订单金额', '实收金额', '短少金额', '退货金额', '应付金额']);
    const last = rows.at(-1)!;
    expect(last.slice(0, 3)).toEqual(['合计', expected.count, expected.amount]);
    // one line a delivery day, each with its orders, adding up to the total
    const days = rows.slice(1, -1);
    expect(days.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(String(r[0])))).toBe(true);
    expect(days.reduce((n, r) => n + Number(r[1]), 0)).toBe(expected.count);
    await page.close();
  });

  it('the bureau sees the totals of its area\'s schools', async () => {
    const { server } = harness;
    const page = await harness.browser.context.newPage();
    await signInToHome(page, server.url, DEMO.bureau);
    await openScreen(page, 'mallOrderSummaryStatistics');
    const expected = await ordersInRange({ area: '城东区' });
    expect(expected.schools.size).toBe(2);
    await page.getByTestId('report-chart-schools').locator('svg').first().waitFor({ timeout: 60_000 });
    await expect.poll(() => totalsCell(page, 'orderCount').textContent(), { timeout: 30_000 }).toBe(String(expected.count));
    expect(await totalsCell(page, 'amount').textContent()).toBe(formatMoney(expected.amount, 'zh-CN'));
    const table = (await page.getByTestId('report-table').textContent()) ?? '';
    for (const name of ['阳光实验小学', '明德中学', '鲜丰食品供应有限公司', '集采配送中心']) expect(table).toContain(name);
    await page.close();
  });
});
