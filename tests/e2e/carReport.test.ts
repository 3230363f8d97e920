// carReport in Chromium (issue 11, 车辆报表): the second supplier's own user (13800000010, 集采配送中心) opens the
// report from its menu: today's delivery of the demo shows for its vehicle and driver with a chart; the demo
// delivery user marks the first stop arrived and the report shows the arrival without a reload (live update);
// the Excel export carries the table's columns.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';
import { call, signIn, DEMO } from '../api/usersApi.ts';
import { auth } from '../api/mallApi.ts';
import type { LogisticsDetail, LogisticsList } from '../../contracts/logistics.ts';
import { dayOf } from '../../domain/priceCycle.ts';
import { downloadedBytes } from '../support/browser.ts';

const harness = useConsole();

describe('car report', () => {
  it('the delivery centre reads its vehicle\'s day, sees an arrival come in, and exports it', async () => {
    const today = dayOf(new Date());
    const driver = await signIn(harness.server, DEMO.delivery);
    const delivery = ((await call<LogisticsList>(harness.server, 'GET', `/v4/mall/logistics?deliveryDate=${today}`, auth(driver))).body.data.rows as LogisticsDetail[])[0];
    expect(delivery, 'the demo has a delivery of the centre today').toBeDefined();

    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000010');
    await openScreen(page, 'carReport');
    const table = page.getByTestId('car-table');
    await table.waitFor({ timeout: 30_000 });
    const row = table.locator('tr', { hasText: delivery!.vehicle });
    await expect.poll(() => row.getByTestId('car-stops').textContent(), { timeout: 30_000 }).toBe(String(delivery!.stops.length));
    expect(await row.getByTestId('car-arrived').textContent()).toBe('0');
    await page.getByTestId('car-chart').waitFor({ timeout: 30_000 });

    // the driver arrives at his first stop: the report on the supplier's screen follows without a reload
    const first = delivery!.stops[0]!;
    for (const action of ['depart', 'arrive']) {
      const res = await call(harness.server, 'PUT', `/v4/mall/logistics/order/${first.orderId}`, { ...auth(driver), body: { action } });
      expect(res.status, res.body.status_text).toBe(200);
    }
    await expect.poll(() => row.getByTestId('car-arrived').textContent(), { timeout: 30_000 }).toBe('1');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('car-export').click()]);
    const wb = new ExcelJS.Workbook();
    const bytes = await downloadedBytes(download);
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['车辆', '司机', '配送单']);
    expect(sheet.getRow(2).getCell(1).value).toBe(delivery!.vehicle);
  });
});
