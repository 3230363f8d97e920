// Issue 5 done-when, end to end in Chromium: a supplier prices two SKUs for the schools' role group (M1,
// approval on); the bureau sees them pending (arriving live), rejects one with a remark and approves the
// other; the supplier sees both outcomes (live) and the price log; the school sees only the approved price;
// a second change inside the cycle (M1 modify limit, rule 0w) is refused.
import { describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { openScreen, signInToHome, signInWithPassword, useConsole } from '../support/console.ts';
import { call, signIn } from '../api/usersApi.ts';
import { auth, newProduct, purchaserGroups, type GroupConfig, type Price } from '../api/mallApi.ts';

const harness = useConsole();
const SUPPLIER = '13800000003';
const BUREAU = '13800000005';
const SCHOOL = '13800000002';
const SCHOOL_NAME = '阳光实验小学';

describe('SKU prices with the bureau approval, end to end', () => {
  it('prices two SKUs, the bureau rejects one and approves the other, the supplier and the school see the outcome, the cycle holds', async () => {
    // a fresh product with two SKUs, so no earlier approval holds them
    const supplierApi = await signIn(harness.server, SUPPLIER);
    const product = `端到端青菜${Date.now().toString(36)}`;
    const { skuIds: [skuA, skuB] } = await newProduct(harness.server, supplierApi, product);
    const groups = await call<{ rows: GroupConfig[] }>(harness.server, 'GET', '/v4/mall/rolegroup/config', auth(supplierApi));
    const m1 = groups.body.data.rows.find((g) => g.priceApprovalEnable && g.priceModifyLimitEnable)!;
    expect(m1).toBeDefined();

    // the bureau's queue is open before anything is submitted: the prices must arrive without a reload
    const bureauBrowser: TestBrowser = await launchBrowser();
    const schoolBrowser: TestBrowser = await launchBrowser();
    try {
      const bureau = await bureauBrowser.context.newPage();
      await signInToHome(bureau, harness.server.url, BUREAU);
      await openScreen(bureau, 'productPriceApproval');
      await bureau.getByTestId('approval-search').fill(product);
      await bureau.getByTestId('approval-search-go').click();
      await bureau.getByTestId('approval-empty').waitFor();

      // the supplier prices both SKUs for M1
      const supplier = await harness.browser.context.newPage();
      await signInToHome(supplier, harness.server.url, SUPPLIER);
      await openScreen(supplier, 'productPrice');
      await supplier.getByTestId('price-sku-search').fill(product);
      await supplier.getByTestId('price-sku-search-go').click();
      const cell = (skuId: string) => supplier.locator(`[data-testid="price-row"][data-sku-id="${skuId}"] [data-testid="price-cell"][data-role-group-id="${m1.roleGroupId}"]`);
      await cell(skuA).waitFor();
      for (const [skuId, price] of [[skuA, '6.50'], [skuB, '12.80']] as const) {
        await cell(skuId).getByTestId('price-edit').click();
        const dialog = supplier.getByTestId('price-dialog');
        await dialog.getByTestId('price-input').fill(price);
        await dialog.getByTestId('price-submit').click();
        await dialog.waitFor({ state: 'detached' });
        await expect.poll(() => cell(skuId).getAttribute('data-state')).toBe('pending');
        await expect.poll(() => cell(skuId).getByTestId('price-value').textContent()).toBe(`¥${price}`);
      }

      // the bureau sees both pending, live
      const row = (skuId: string) => bureau.locator(`[data-testid="approval-row"][data-sku-id="${skuId}"]`);
      await row(skuA).waitFor({ timeout: 15_000 });
      await row(skuB).waitFor({ timeout: 15_000 });
      expect(await row(skuA).getAttribute('data-state')).toBe('pending');
      expect(await row(skuB).getAttribute('data-state')).toBe('pending');
      await expect.poll(() => row(skuA).getByTestId('compare-price').textContent()).toContain('6.50');

      // reject A with a remark (the remark is required), approve B
      await row(skuA).getByTestId('approval-reject-one').click();
      await bureau.getByTestId('reject-confirm').click();
      await expect.poll(() => bureau.getByTestId('reject-remark').getAttribute('aria-invalid')).toBe('true');
      await bureau.getByTestId('reject-remark').fill('高于市场均价');
      await bureau.getByTestId('reject-confirm').click();
      await row(skuB).getByTestId('approval-approve-one').click();
      // the approver is told what was approved, by name (issue 28)
      await expect.poll(() => bureau.getByTestId('approval-outcome').textContent()).toMatch(/已通过 1 条价格：.+/);
      // decided prices leave the pending queue; with every state shown they carry their outcome
      await row(skuA).waitFor({ state: 'detached' });
      await row(skuB).waitFor({ state: 'detached' });
      await bureau.getByTestId('approval-filter-state').selectOption('');
      await expect.poll(() => row(skuA).getAttribute('data-state')).toBe('rejected');
      await expect.poll(() => row(skuB).getAttribute('data-state')).toBe('effective');

      // the supplier sees both outcomes without a reload, with the remark
      await expect.poll(() => cell(skuA).getAttribute('data-state'), { timeout: 15_000 }).toBe('rejected');
      await expect.poll(() => cell(skuB).getAttribute('data-state'), { timeout: 15_000 }).toBe('effective');
      expect(await cell(skuA).getByTestId('price-remark').textContent()).toContain('高于市场均价');

      // a second change of the approved price inside its cycle is refused, and nothing changes
      await cell(skuB).getByTestId('price-edit').click();
      const dialog = supplier.getByTestId('price-dialog');
      await dialog.getByTestId('price-input').fill('11.50');
      await dialog.getByTestId('price-submit').click();
      await dialog.getByTestId('price-refusal').waitFor();
      expect(await dialog.getByTestId('price-refusal').textContent()).toContain('审核周期内');
      await dialog.getByTestId('price-cancel').click();
      expect(await cell(skuB).getByTestId('price-value').textContent()).toBe('¥12.80');
      // the server refuses the same change whatever the console does
      const prices = await call<{ rows: Price[] }>(harness.server, 'GET', `/v5/mall/sku/price?skuId=${skuA},${skuB}`, auth(supplierApi));
      const idB = prices.body.data.rows.find((p) => p.skuId === skuB)!.id;
      const again = await call(harness.server, 'PUT', '/v5/mall/sku/price', { ...auth(supplierApi), body: { skuPrice: [{ id: idB, price: 11.5 }] } });
      expect(again.status).toBe(422);
      expect(again.body.status_text).toContain('审核周期内');

      // the price log: who did what
      await openScreen(supplier, 'productSkuLog');
      const logRow = (skuId: string, type: string) => supplier.locator(`[data-testid="price-log-row"][data-sku-id="${skuId}"][data-type="${type}"]`);
      await logRow(skuA, 'SkuPriceDecided').waitFor();
      expect(await logRow(skuA, 'SkuPriceDecided').getByTestId('price-log-detail').textContent()).toContain('高于市场均价');
      expect(await logRow(skuA, 'SkuPriceDecided').getByTestId('price-log-user').textContent()).toBe(BUREAU);
      await logRow(skuA, 'SkuPriceCreated').waitFor();
      expect(await logRow(skuB, 'SkuPriceDecided').getByTestId('price-status').getAttribute('data-state')).toBe('approved');
      expect(await logRow(skuA, 'SkuPriceDecided').getByTestId('price-status').getAttribute('data-state')).toBe('rejected');
      expect(await logRow(skuB, 'SkuPriceCreated').getByTestId('price-log-user').textContent()).toBe(SUPPLIER);

      // the school sees only the approved price, on its price screen and through the API
      const school = await schoolBrowser.context.newPage();
      await signInWithPassword(school, harness.server.url, SCHOOL);
      await school.getByTestId('orgapp-item').filter({ hasText: SCHOOL_NAME }).first().click();
      await school.getByTestId('home-page').waitFor();
      await openScreen(school, 'productPrice');
      await school.getByTestId('effective-price-search').fill(product);
      await school.getByTestId('effective-price-search-go').click();
      const schoolRows = school.getByTestId('effective-price-row');
      await expect.poll(() => schoolRows.count()).toBe(1);
      expect(await schoolRows.first().getAttribute('data-sku-id')).toBe(skuB);
      expect(await schoolRows.first().getByTestId('price-value').textContent()).toBe('¥12.80');
      const schoolApi = await signIn(harness.server, SCHOOL, SCHOOL_NAME);
      const seen = await call<{ rows: Price[] }>(harness.server, 'GET', `/v5/mall/sku/price/latest-price?$groupby=skuId,roleGroupId&skuId=${skuA},${skuB}`, auth(schoolApi));
      expect(seen.body.data.rows.map((p) => [p.skuId, p.price, p.isCheck])).toEqual([[skuB, 12.8, 1]]);
    } finally {
      await bureauBrowser.close();
      await schoolBrowser.close();
    }
  }, 120_000);

  it('lets the bureau select many and reject them with one remark, then approve the rest at once', async () => {
    const supplierApi = await signIn(harness.server, SUPPLIER);
    const product = `批量审核土豆${Date.now().toString(36)}`;
    const { skuIds } = await newProduct(harness.server, supplierApi, product, 3);
    const { withApproval: m1 } = await purchaserGroups(harness.server, supplierApi);
    const posted = await call(harness.server, 'POST', '/v5/mall/sku/price', { ...auth(supplierApi), body: { skuPrice: skuIds.map((skuId, i) => ({ skuId, roleGroupId: m1.roleGroupId, price: 3 + i, marketAvg: 3.5 })) } });
    expect(posted.status, posted.body.status_text).toBe(200);

    const bureau = await harness.browser.context.newPage();
    await signInToHome(bureau, harness.server.url, BUREAU);
    await openScreen(bureau, 'productPriceApproval');
    await bureau.getByTestId('approval-search').fill(product);
    await bureau.getByTestId('approval-search-go').click();
    const row = (skuId: string) => bureau.locator(`[data-testid="approval-row"][data-sku-id="${skuId}"]`);
    await expect.poll(() => bureau.getByTestId('approval-row').count()).toBe(3);
    // the comparison: the price beside the market average
    expect(await row(skuIds[2]).getByTestId('compare-market').textContent()).toContain('3.50');

    await row(skuIds[0]).getByTestId('approval-select').check();
    await row(skuIds[1]).getByTestId('approval-select').check();
    await bureau.getByTestId('approval-reject-selected').click();
    await bureau.getByTestId('reject-remark').fill('规格不符');
    await bureau.getByTestId('reject-confirm').click();
    await expect.poll(() => bureau.getByTestId('approval-row').count()).toBe(1);
    await bureau.getByTestId('approval-select-all').click();
    await bureau.getByTestId('approval-approve-selected').click();
    await bureau.getByTestId('approval-empty').waitFor();

    const prices = await call<{ rows: Price[] }>(harness.server, 'GET', `/v5/mall/sku/price?skuId=${skuIds.join(',')}`, auth(supplierApi));
    const bySku = new Map(prices.body.data.rows.map((p) => [p.skuId, p]));
    expect(skuIds.map((id) => [bySku.get(id)?.isCheck, bySku.get(id)?.extraInfo.checkRemark ?? ''])).toEqual([[-2, '规格不符'], [-2, '规格不符'], [1, '']]);
  }, 90_000);
});
