// Receiving on a scale in Chromium (issue 11): the school purchaser registers a simulated scale on
// mallElectronicWeightManage, then, on a phone-sized screen, receives a delivered order in its receive dialog on that
// scale: puts one line's goods on it 5 % short, the reading settles, 称重 fills the received quantity in the line's
// unit and shows the short weight beyond the 2 % tolerance before saving; the other line weighs within it. The
// browser has no Web Serial: it says so and offers the simulated scales only, not the school's real one. After
// saving, the school and the supplier (a second browser) see the weighed line's difference on the order. The order
// is made over the API. The order list marks the order 短缺 (in the phone's row card too), and the 称重差异 filter
// finds it: on the phone through the filter sheet, on the supplier's desktop beside the other filters.
import { describe, expect, it } from 'vitest';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';
import { launchBrowser } from '../support/browser.ts';
import { overflowing } from '../support/layoutChecks.ts';
import { call, signIn, DEMO, SCHOOL_A } from '../api/usersApi.ts';
import { auth } from '../api/mallApi.ts';
import type { OrderDetail } from '../../contracts/orders.ts';

const harness = useConsole();
const SUPPLIER_ORG = 'org-xfsp';
const SCALE = '验收台秤（模拟）';
const deliveryDay = () => new Date(Date.now() + 8 * 3_600_000 + 3 * 86_400_000).toISOString().slice(0, 10);

describe('receiving on a scale', () => {
  it('a registered simulated scale weighs one line short; the difference shows to the school and to the supplier', async () => {
    const { server } = harness;
    const school = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const supplierApi = await signIn(server, DEMO.supplier);
    // two goods sold by the 斤 (500 g): 10 斤 is 5000 g, 4 斤 is 2000 g
    const prices = (await call<{ rows: { skuId: string; isCheck: number }[] }>(server, 'GET', `/v5/mall/sku/price/latest-price?supplierId=${SUPPLIER_ORG}&$limit=200`, auth(school)))
      .body.data.rows.filter((p) => p.isCheck === 1);
    const byJin = await server.store.db.selectFrom('skus').select('sku_id').where('sku_id', 'in', prices.map((p) => p.skuId)).where('unit', '=', '斤').limit(2).execute();
    expect(byJin.length).toBe(2);
    const [short, exact] = byJin.map((r) => r.sku_id);
    const placed = await call<OrderDetail>(server, 'POST', '/v4/mall/order', {
      ...auth(school), body: { supplierId: SUPPLIER_ORG, deliveryDate: deliveryDay(), items: [{ skuId: short, quantity: 10 }, { skuId: exact, quantity: 4 }] },
    });
    expect(placed.status, placed.body.status_text).toBe(200);
    const { id, orderNo } = placed.body.data;
    for (const action of ['confirm', 'dispatch', 'deliver']) expect((await call(server, 'PUT', `/v4/mall/order/${id}`, { ...auth(supplierApi), body: { action } })).status).toBe(200);
    // a real scale on a serial port, which this browser will not be able to open
    const real = await call(server, 'POST', '/v4/mall/electronicweight', {
      ...auth(school), body: { name: '门口台秤', protocol: 'mettlerContinuous', baudRate: 9600, toleranceKind: 'grams', tolerance: 50 },
    });
    expect(real.status).toBe(200);

    const purchaser = await harness.browser.context.newPage();
    // a browser without Web Serial (Firefox, Safari): the console must say so and offer the simulated scales only
    await purchaser.addInitScript(() => Object.defineProperty(Navigator.prototype, 'serial', { get: () => undefined, configurable: true }));
    await signInToHome(purchaser, server.url, DEMO.purchaser, SCHOOL_A);

    // register the scale: simulated, 2 % of the ordered weight
    await openScreen(purchaser, 'mallElectronicWeightManage');
    await purchaser.getByTestId('scale-add').click();
    await purchaser.getByTestId('scale-name-input').fill(SCALE);
    await purchaser.getByTestId('scale-protocol-input').selectOption('simulated');
    await purchaser.getByTestId('scale-tolerance-input').fill('2');
    await purchaser.getByTestId('scale-tolerance-kind').selectOption('percent');
    await purchaser.getByTestId('scale-form-submit').click();
    const row = purchaser.locator(`[data-scale-name="${SCALE}"]`);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('scale-protocol').getAttribute('data-protocol')).toBe('simulated');
    expect(await row.getByTestId('scale-tolerance').textContent()).toBe('±2%');

    // receive the delivered order on it, on a phone (receiving is done at the kitchen door)
    await openScreen(purchaser, 'orderList');
    await purchaser.setViewportSize({ width: 390, height: 844 });
    await purchaser.getByTestId('order-tab-all').click();
    await purchaser.getByTestId('order-keyword').fill(orderNo);
    const order = purchaser.locator(`[data-order-no="${orderNo}"]`);
    await expect.poll(() => order.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('delivered');
    await order.getByTestId('order-action-receive').click();
    const receipt = purchaser.getByTestId('order-detail');
    const picker = receipt.getByTestId('scale-picker');
    await expect.poll(() => picker.locator('option').count(), { timeout: 30_000 }).toBeGreaterThan(2);
    await receipt.getByTestId('scale-no-serial').waitFor();
    const offered = await picker.locator('option').allTextContents();
    expect(offered).toEqual(expect.arrayContaining([`${SCALE}（模拟）`, '收货模拟秤（模拟）']));
    expect(offered.join()).not.toContain('门口台秤');
    await picker.selectOption({ label: `${SCALE}（模拟）` });
    const reading = receipt.getByTestId('scale-reading');

    const weigh = async (skuId: string, grams: number) => {
      await receipt.getByTestId('scale-sim-grams').fill(String(grams));
      await receipt.getByTestId('scale-sim-place').click();
      // unstable while it settles, then stable at the weight put on
      await expect.poll(async () => [await reading.getAttribute('data-grams'), await reading.getAttribute('data-stable')], { timeout: 30_000 }).toEqual([String(grams), 'true']);
      const line = receipt.locator(`[data-row-key="${skuId}"]`);
      await line.getByTestId('order-line-weigh').click();
      return line;
    };
    const shortLine = await weigh(short!, 4750);
    // 4750 g is 9.5 斤: 0.5 斤 (250 g) short, beyond the 100 g that 2 % of 5000 g allows — shown before saving
    await expect.poll(() => shortLine.getByTestId('order-line-received').inputValue()).toBe('9.5');
    expect(await shortLine.getByTestId('order-line-difference').textContent()).toBe('-0.5');
    expect(await shortLine.getByTestId('order-line-weigh-result').getAttribute('data-result')).toBe('short');
    expect(await shortLine.getByTestId('order-line-weigh-result').textContent()).toContain('-250');
    const exactLine = await weigh(exact!, 2010);
    await expect.poll(() => exactLine.getByTestId('order-line-weigh-result').getAttribute('data-result')).toBe('ok');
    expect(await exactLine.getByTestId('order-line-received').inputValue()).toBe('4.02');
    // the dialog is a full-screen sheet with the lines as cards: nothing past the phone's edge, 40 px targets
    expect(await overflowing(purchaser, '[data-testid="order-detail"] *')).toEqual([]);
    expect((await exactLine.getByTestId('order-line-weigh').boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await receipt.getByTestId('order-receive-submit').click();
    await receipt.waitFor({ state: 'detached', timeout: 30_000 });

    // the school sees it received with the short weight
    await expect.poll(() => order.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('received');
    await order.getByTestId('order-open').click();
    const schoolShort = purchaser.getByTestId('order-detail').locator(`[data-row-key="${short}"]`);
    await expect.poll(() => schoolShort.getByTestId('order-line-weigh-result').getAttribute('data-result'), { timeout: 30_000 }).toBe('short');
    expect(await schoolShort.getByTestId('order-line-difference').textContent()).toBe('-0.5');
    expect(await schoolShort.textContent()).toContain(SCALE);
    await purchaser.getByTestId('order-detail-close').click();

    // the list marks it in the row's card: short, one line, nothing past the phone's edge
    const mark = order.getByTestId('order-weigh-difference');
    await expect.poll(() => mark.getAttribute('data-result'), { timeout: 30_000 }).toBe('short');
    expect(await mark.count()).toBe(1);
    expect(await mark.textContent()).toBe('短缺 1 行');
    expect(await overflowing(purchaser, '[data-testid="order-table"] *')).toEqual([]);
    // 称重差异 in the phone's filter sheet: 有差异 keeps it, 超量 leaves it out
    const pickDifference = async (page: typeof purchaser, name: string) => {
      await page.getByTestId('order-weigh-difference-filter').click();
      await page.getByRole('option', { name, exact: true }).click();
    };
    await purchaser.getByTestId('filter-open').click();
    await pickDifference(purchaser, '超量');
    await purchaser.getByTestId('filter-done').click();
    await expect.poll(() => order.count(), { timeout: 30_000 }).toBe(0);
    expect(await purchaser.getByTestId('filter-open').innerText()).toMatch(/1/);
    await purchaser.getByTestId('filter-open').click();
    await pickDifference(purchaser, '有差异');
    await purchaser.getByTestId('filter-done').click();
    await expect.poll(() => order.getByTestId('order-weigh-difference').getAttribute('data-result'), { timeout: 30_000 }).toBe('short');

    // and so does the supplier, on its own order list
    const second = await launchBrowser();
    try {
      const supplier = await second.context.newPage();
      await signInToHome(supplier, server.url, DEMO.supplier);
      await openScreen(supplier, 'orderList');
      await supplier.getByTestId('order-tab-all').click();
      await supplier.getByTestId('order-keyword').fill(orderNo);
      const theirs = supplier.locator(`[data-order-no="${orderNo}"]`);
      await expect.poll(() => theirs.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('received');
      await theirs.getByTestId('order-open').click();
      const lines = supplier.getByTestId('order-detail');
      const supplierShort = lines.locator(`[data-row-key="${short}"]`);
      await expect.poll(() => supplierShort.getByTestId('order-line-weigh-result').getAttribute('data-result'), { timeout: 30_000 }).toBe('short');
      expect(await supplierShort.getByTestId('order-line-difference').textContent()).toBe('-0.5');
      expect(await lines.locator(`[data-row-key="${exact}"]`).getByTestId('order-line-weigh-result').getAttribute('data-result')).toBe('ok');
      await lines.getByTestId('order-detail-close').click();
      await lines.waitFor({ state: 'detached' });

      // the supplier's list marks it too; 有差异 over its whole list: only marked orders, this one among them
      expect(await theirs.getByTestId('order-weigh-difference').getAttribute('data-result')).toBe('short');
      await supplier.getByTestId('order-keyword').fill('');
      await supplier.getByTestId('order-weigh-difference-filter').click();
      await supplier.getByRole('option', { name: '有差异', exact: true }).click();
      await expect.poll(() => theirs.count(), { timeout: 30_000 }).toBe(1);
      const rows = supplier.locator('[data-testid="order-table"] [data-order-no]');
      await expect.poll(async () => (await rows.count()) > 0 && (await rows.count()) === (await rows.filter({ has: supplier.getByTestId('order-weigh-difference') }).count()), { timeout: 30_000 }).toBe(true);
    } finally {
      await second.close();
    }
  });
});
