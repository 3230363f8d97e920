// Returns in Chromium (issue 11), two people at once: the school purchaser returns part of a received order with a
// reason on mallOrderReturnManage; the supplier, on a phone-sized screen, sees the return and accepts it; the
// purchaser's open list shows it accepted without a reload. The received order is made over the API first.
import { describe, expect, it } from 'vitest';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';
import { launchBrowser } from '../support/browser.ts';
import { call, signIn, DEMO, SCHOOL_A } from '../api/usersApi.ts';
import { auth } from '../api/mallApi.ts';
import type { OrderDetail } from '../../contracts/orders.ts';

const harness = useConsole();
const SUPPLIER_ORG = 'org-xfsp';
const deliveryDay = () => new Date(Date.now() + 8 * 3_600_000 + 3 * 86_400_000).toISOString().slice(0, 10);

describe('returns between a school and its supplier', () => {
  it('the purchaser returns a received line with a reason; the supplier accepts on a phone; the purchaser sees it accepted live', async () => {
    const { server } = harness;
    const school = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const supplierApi = await signIn(server, DEMO.supplier);
    const prices = (await call<{ rows: { skuId: string; isCheck: number }[] }>(server, 'GET', `/v5/mall/sku/price/latest-price?supplierId=${SUPPLIER_ORG}&$limit=20`, auth(school)))
      .body.data.rows.filter((p) => p.isCheck === 1);
    const placed = await call<OrderDetail>(server, 'POST', '/v4/mall/order', {
      ...auth(school), body: { supplierId: SUPPLIER_ORG, deliveryDate: deliveryDay(), items: [{ skuId: prices[0]!.skuId, quantity: 4 }, { skuId: prices[1]!.skuId, quantity: 2 }] },
    });
    expect(placed.status, placed.body.status_text).toBe(200);
    const { id, orderNo } = placed.body.data;
    for (const action of ['confirm', 'dispatch', 'deliver']) expect((await call(server, 'PUT', `/v4/mall/order/${id}`, { ...auth(supplierApi), body: { action } })).status).toBe(200);
    const received = await call(server, 'PUT', `/v4/mall/order/${id}`, {
      ...auth(school), body: { action: 'receive', lines: [{ skuId: prices[0]!.skuId, receivedQuantity: 4 }, { skuId: prices[1]!.skuId, receivedQuantity: 2 }] },
    });
    expect(received.status).toBe(200);

    const purchaser = await harness.browser.context.newPage();
    const second = await launchBrowser();
    try {
      const supplier = await second.context.newPage();
      await Promise.all([signInToHome(purchaser, server.url, DEMO.purchaser, SCHOOL_A), signInToHome(supplier, server.url, DEMO.supplier)]);

      // the purchaser picks the received order, returns 1.5 of its first line, says why
      await openScreen(purchaser, 'mallOrderReturnManage');
      await purchaser.getByTestId('return-new').click();
      const dialog = purchaser.getByTestId('return-new-dialog');
      await dialog.getByTestId('return-order').click();
      await purchaser.getByRole('option', { name: new RegExp(orderNo) }).click();
      await expect.poll(() => dialog.getByTestId('return-quantity').count(), { timeout: 30_000 }).toBe(2);
      expect(await dialog.getByTestId('return-most').first().textContent()).toMatch(/^4/);
      await dialog.getByTestId('return-quantity').first().fill('1.5');
      await dialog.getByTestId('return-reason').fill('大米受潮结块');
      await dialog.getByTestId('return-submit').click();
      await dialog.waitFor({ state: 'detached', timeout: 30_000 });
      const mine = purchaser.getByTestId('return-table').locator('[data-return-no]').first();
      await expect.poll(() => mine.getByTestId('return-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('pending');
      const returnNo = await mine.getAttribute('data-return-no');
      expect(await mine.getByTestId('return-amount').textContent()).toMatch(/¥\d+\.\d{2}/);

      // the supplier, on a phone: the return is a card, nothing wider than the screen; it accepts
      // (opened from the side menu first: on a phone the menu is a drawer)
      await openScreen(supplier, 'mallOrderReturnManage');
      await supplier.setViewportSize({ width: 390, height: 844 });
      const card = supplier.getByTestId('return-table').locator(`[data-return-no="${returnNo}"]`);
      await card.waitFor({ timeout: 45_000 });
      expect(await supplier.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await card.getByTestId('return-open').click();
      const accept = supplier.getByTestId('return-accept');
      // a 40 px target once the sheet's opening animation (a slight scale) is over
      await expect.poll(async () => (await accept.boundingBox())!.height, { timeout: 10_000 }).toBeGreaterThanOrEqual(40);
      await accept.click();
      await expect.poll(() => supplier.getByTestId('return-dialog-status').textContent(), { timeout: 30_000 }).toContain('已同意');

      // the purchaser's open list shows it accepted, no reload
      await expect.poll(() => mine.getByTestId('return-status').getAttribute('data-status'), { timeout: 45_000 }).toBe('accepted');
    } finally {
      await second.close();
    }
  });
});
