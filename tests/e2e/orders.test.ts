// Orders in Chromium (issue 11), two people at once: the demo school purchaser places an order by hand
// (foodPurchase) with a supplier she chooses out of her two; the supplier, whose order list is already open, sees it
// appear without a reload and confirms it with the button its order machine offers; the purchaser's open list shows
// it confirmed without a reload; the order log holds both steps with who took them. Then the lines: a supplier
// confirms refusing one line with a reason and writes the school a note (kept in the detail and the log), and a
// school receives a delivered order with one line weighed short.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, enterHomeAs, signInToHome, useConsole } from '../support/console.ts';
import { launchBrowser } from '../support/browser.ts';
import { DEMO } from '../api/usersApi.ts';

const harness = useConsole();
// the only demo supplier org with a supplier-role user (张伟); the second supplier, 集采配送中心, has a delivery user only
const SUPPLIER = '鲜丰食品供应有限公司';
const OTHER_SUPPLIER = '集采配送中心';

/** A delivery day three days ahead in China time: past no default cut-off (18:00 the day before). */
const deliveryDay = () => new Date(Date.now() + 8 * 3_600_000 + 3 * 86_400_000).toISOString().slice(0, 10);
const rowOf = (page: Page, orderNo: string) => page.locator(`[data-order-no="${orderNo}"]`);

describe('orders between a school and its supplier', () => {
  it('the purchaser places an order, the supplier sees it live and confirms, the purchaser sees it confirmed, the log shows both', async () => {
    const { server } = harness;
    const purchaser = await harness.browser.context.newPage();
    const second = await launchBrowser();
    try {
      const supplier = await second.context.newPage();
      await Promise.all([enterHomeAs(purchaser, server.url, DEMO.purchaser), enterHomeAs(supplier, server.url, DEMO.supplier)]);

      // the supplier's list is open before the order exists
      await openScreen(supplier, 'orderList');
      await supplier.getByTestId('order-table').waitFor();

      // the purchaser chooses between her two suppliers and orders two of the chosen one's goods
      await openScreen(purchaser, 'foodPurchase');
      await purchaser.getByTestId('purchase-supplier').click();
      await purchaser.getByRole('option', { name: OTHER_SUPPLIER }).waitFor();
      await purchaser.getByRole('option', { name: SUPPLIER }).click();
      await purchaser.getByTestId('purchase-date').fill(deliveryDay());
      const offers = purchaser.getByTestId('purchase-offers');
      await offers.getByTestId('purchase-add').first().waitFor({ timeout: 30_000 });
      expect(await offers.getByTestId('purchase-add').count()).toBeGreaterThan(1);
      await offers.getByTestId('purchase-add').nth(0).click();
      await offers.getByTestId('purchase-add').nth(1).click();
      await purchaser.getByTestId('purchase-quantity').nth(0).fill('4');
      // whole packages of a packaged good (issue 30): a fraction of a bag would keep the order from being placed
      await purchaser.getByTestId('purchase-quantity').nth(1).fill('3');
      // the estimate is ¥ with two decimals
      expect(await purchaser.getByTestId('purchase-total').textContent()).toMatch(/¥\d+\.\d{2}/);
      await purchaser.getByTestId('purchase-submit').click();
      const placed = purchaser.getByTestId('purchase-placed');
      await placed.waitFor({ timeout: 30_000 });
      const orderNo = /DD\d+/.exec((await placed.textContent()) ?? '')?.[0];
      expect(orderNo).toBeTruthy();

      // the purchaser's list, open while the supplier acts
      await openScreen(purchaser, 'orderList');
      await purchaser.getByTestId('order-keyword').fill(orderNo!);
      const mine = rowOf(purchaser, orderNo!);
      await mine.waitFor({ timeout: 30_000 });
      expect(await mine.getByTestId('order-status').getAttribute('data-status')).toBe('submitted');
      // a school may cancel a submitted order but not confirm it: the machine offers only its own actions
      expect(await mine.getByTestId('order-action-cancel').count()).toBe(1);
      expect(await mine.getByTestId('order-action-confirm').count()).toBe(0);

      // the supplier sees it appear without a reload, with its lines
      const theirs = rowOf(supplier, orderNo!);
      await theirs.waitFor({ timeout: 45_000 });
      expect(await theirs.getByTestId('order-status').getAttribute('data-status')).toBe('submitted');
      await theirs.getByTestId('order-open').click();
      const detail = supplier.getByTestId('order-detail');
      await expect.poll(() => detail.getByTestId('order-line-name').count(), { timeout: 30_000 }).toBe(2);
      await supplier.getByTestId('order-detail-close').click();
      await theirs.getByTestId('order-action-confirm').click();
      await expect.poll(() => theirs.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('confirmed');
      // confirmed: the supplier may dispatch now, no longer confirm
      await theirs.getByTestId('order-action-dispatch').waitFor();
      expect(await theirs.getByTestId('order-action-confirm').count()).toBe(0);

      // on a phone the supplier's rows are cards, nothing wider than the screen, the next step still at hand
      await supplier.setViewportSize({ width: 390, height: 844 });
      const card = supplier.getByTestId('order-table').locator(`[role="listitem"][data-order-no="${orderNo}"]`);
      await card.getByTestId('order-action-dispatch').waitFor({ timeout: 30_000 });
      expect(await supplier.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect((await card.getByTestId('order-action-dispatch').boundingBox())!.height).toBeGreaterThanOrEqual(40);

      // the purchaser's open list shows it confirmed, no reload
      await expect.poll(() => mine.getByTestId('order-status').getAttribute('data-status'), { timeout: 45_000 }).toBe('confirmed');

      // the order log: placed by the purchaser, confirmed by the supplier
      await openScreen(purchaser, 'orderLogList');
      await purchaser.getByTestId('log-filter-order').fill(orderNo!);
      const log = purchaser.getByTestId('order-log-table');
      await expect.poll(async () => {
        const actions = await log.getByTestId('log-action').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
        const users = await log.getByTestId('log-user').allTextContents();
        return actions.map((a, i) => `${a}:${users[i]}`).sort();
      }, { timeout: 30_000 }).toEqual(['confirm:张伟', 'create:李晓梅']);
    } finally {
      await second.close();
    }
  });

  it('the supplier confirms refusing one line with its reason; the school receives a delivered order with a weighed short line', async () => {
    const { server } = harness;
    const supplier = await harness.browser.context.newPage();
    await enterHomeAs(supplier, server.url, DEMO.supplier);
    await openScreen(supplier, 'orderList');
    await supplier.getByTestId('order-tab-submitted').click();
    const submitted = supplier.getByTestId('order-table').locator('[data-order-no]').first();
    await expect.poll(() => submitted.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('submitted');
    const refusedNo = await submitted.getAttribute('data-order-no');
    await submitted.getByTestId('order-open').click();
    const detail = supplier.getByTestId('order-detail');
    await expect.poll(() => detail.getByTestId('order-line-name').count(), { timeout: 30_000 }).toBeGreaterThan(1);
    const refusedName = await detail.getByTestId('order-line-name').first().textContent();
    await detail.getByTestId('order-line-refuse').first().click();
    await detail.getByTestId('order-line-reason').fill('当日缺货');
    // a note to the school on confirming
    await detail.getByTestId('order-confirm-note').fill('周三上午送达');
    await detail.getByTestId('order-confirm-lines').click();
    await detail.waitFor({ state: 'detached', timeout: 30_000 });
    // confirmed with the others; the refused line keeps its reason
    await supplier.getByTestId('order-tab-all').click();
    await supplier.getByTestId('order-keyword').fill(refusedNo!);
    const row = rowOf(supplier, refusedNo!);
    await expect.poll(() => row.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('confirmed');
    await row.getByTestId('order-open').click();
    const lines = supplier.getByTestId('order-lines');
    await expect.poll(() => lines.locator('[data-row-key]').first().textContent(), { timeout: 30_000 }).toContain('当日缺货');
    expect(await lines.getByTestId('order-line-name').first().textContent()).toBe(refusedName);
    // the note stays with the confirmation: in the order's detail and in its log
    expect(await supplier.getByTestId('order-detail-confirm-note').textContent()).toContain('周三上午送达');
    await supplier.getByTestId('order-detail-close').click();
    await openScreen(supplier, 'orderLogList');
    await supplier.getByTestId('log-filter-order').fill(refusedNo!);
    const confirmEntry = supplier.getByTestId('order-log-table').locator('[data-row-key]').filter({ has: supplier.locator('[data-action="confirm"]') });
    await expect.poll(() => confirmEntry.textContent(), { timeout: 30_000 }).toContain('备注：周三上午送达');

    // the school receives yesterday's delivered order, the first line weighed short
    const other = await launchBrowser();
    try {
      const school = await other.context.newPage();
      await enterHomeAs(school, server.url, DEMO.purchaser);
      await openScreen(school, 'orderList');
      await school.getByTestId('order-tab-delivered').click();
      const delivered = school.getByTestId('order-table').locator('[data-order-no]').first();
      await expect.poll(() => delivered.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('delivered');
      const receivedNo = await delivered.getAttribute('data-order-no');
      await delivered.getByTestId('order-action-receive').click();
      const receipt = school.getByTestId('order-detail');
      const weighed = receipt.getByTestId('order-line-received');
      await expect.poll(() => weighed.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      const ordered = Number(await receipt.getByTestId('order-line-quantity').first().textContent());
      const short = Math.round((ordered - 0.4) * 1000) / 1000;
      await weighed.first().fill(String(short));
      await receipt.getByTestId('order-receive-submit').click();
      await receipt.waitFor({ state: 'detached', timeout: 30_000 });
      await school.getByTestId('order-tab-all').click();
      await school.getByTestId('order-keyword').fill(receivedNo!);
      const received = rowOf(school, receivedNo!);
      await expect.poll(() => received.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('received');
      await received.getByTestId('order-open').click();
      await expect.poll(() => school.getByTestId('order-line-difference').first().textContent(), { timeout: 30_000 }).toBe('-0.4');
    } finally {
      await other.close();
    }
  });

  it('the supplier saves its order settings and finds them after a reload', async () => {
    const page = await harness.browser.context.newPage();
    await enterHomeAs(page, harness.server.url, DEMO.supplier);
    await openScreen(page, 'mallOrderSpec');
    await page.getByTestId('spec-minimum').fill('88.5');
    await page.getByTestId('spec-cutoff-time').fill('16:30');
    await page.getByTestId('spec-save').click();
    await page.getByTestId('spec-saved').waitFor({ timeout: 30_000 });
    await page.reload();
    await expect.poll(() => page.getByTestId('spec-minimum').inputValue(), { timeout: 30_000 }).toBe('88.5');
    expect(await page.getByTestId('spec-cutoff-time').inputValue()).toBe('16:30');
  });

  it('the order center counts the purchaser\'s orders by status and opens the list; submitting drafts in a batch asks with count and money; groupon is a page, not JSON (issue 28)', async () => {
    const page = await harness.browser.context.newPage();
    await enterHomeAs(page, harness.server.url, DEMO.purchaser);
    await page.goto(`${harness.server.url}/#/orderCenter`);
    await page.getByTestId('order-center').waitFor();
    const drafts = page.locator('[data-testid="order-center-status"][data-status="draft"]');
    await expect.poll(() => drafts.getAttribute('data-count'), { timeout: 15_000 }).toMatch(/^[1-9]\d*$/);
    // drafts are the school's to submit: marked as awaiting her, and first
    expect(await drafts.getByTestId('order-center-mine').count()).toBe(1);
    expect(await page.getByTestId('order-center-status').first().getAttribute('data-status')).toBe('draft');
    await drafts.getByTestId('order-center-open').click();
    await page.waitForURL(/#\/orderList\?status=draft/);
    await page.getByTestId('order-table').waitFor();

    await page.getByTestId('order-tab-draft').click();
    await expect.poll(() => page.getByTestId('order-select').count()).toBeGreaterThan(0);
    await page.getByTestId('order-select').first().click();
    await page.getByTestId('order-batch-submit').click();
    const summary = page.getByTestId('order-batch-submit-summary');
    await expect.poll(() => summary.textContent()).toMatch(/将提交 1 个订单，按当前生效的审核价格合计 ¥[\d,.]+/);
    // the dialog's own 取消 (the list's 取消订单 buttons match a bare name too)
    await page.getByTestId('order-batch-submit-dialog').getByRole('button', { name: '取消', exact: true }).click();
    await page.getByTestId('order-batch-submit-dialog').waitFor({ state: 'detached' });

    await page.goto(`${harness.server.url}/#/groupon`);
    await page.getByTestId('external-unavailable').waitFor();
    expect(await page.locator('body').textContent()).not.toContain('status_code');
    await page.close();
  });

  it('the order list keeps its filters through a tab switch, a reload and Back (issue 28)', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, DEMO.purchaser);
    await openScreen(page, 'orderList');
    await page.getByTestId('order-table').waitFor();
    await page.getByTestId('order-tab-submitted').click();
    await page.getByTestId('order-keyword').fill('DD 大米');
    await page.getByTestId('order-start').fill('2026-01-05');
    // the filters are in the URL, so a link or a bookmark holds them too
    await expect.poll(() => new URL(page.url()).hash).toContain('status=submitted');
    const filtered = async () => ({
      status: await page.getByTestId('order-tab-submitted').getAttribute('aria-selected'),
      keyword: await page.getByTestId('order-keyword').inputValue(),
      start: await page.getByTestId('order-start').inputValue(),
    });
    const intact = { status: 'true', keyword: 'DD 大米', start: '2026-01-05' };
    expect(await filtered()).toEqual(intact);

    // another screen from the menu, then back through the order list's tab
    await openScreen(page, 'foodPurchase');
    await page.getByTestId('screen-foodPurchase').waitFor();
    await page.locator('[data-testid="tag"][data-path="/orderList"]').click();
    await page.getByTestId('order-table').waitFor();
    await expect.poll(filtered).toEqual(intact);

    // a reload
    await page.reload();
    await page.getByTestId('order-table').waitFor({ timeout: 30_000 });
    await expect.poll(filtered).toEqual(intact);

    // another screen, then the browser's Back
    await openScreen(page, 'foodPurchase');
    await page.getByTestId('screen-foodPurchase').waitFor();
    await page.goBack();
    await page.getByTestId('order-table').waitFor();
    await expect.poll(filtered).toEqual(intact);

    // 全部 clears the status from the URL again
    await page.getByTestId('order-tab-all').click();
    await expect.poll(() => new URL(page.url()).hash).not.toContain('status=');
    expect(await page.getByTestId('order-keyword').inputValue()).toBe('DD 大米');
    await page.close();
  });
});
