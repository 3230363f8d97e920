// mallSupplierPermissionManage in Chromium: the school admin limits the supplier to one category and turns price
// edits off; the page shows the freeze time (kept over a reload), the school's goods hold only that category, and
// a refused save shows the server's text.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expandMenuGroups, openScreen, signInToHome, useConsole } from '../support/console.ts';
import { launchBrowser } from '../support/browser.ts';
import { call, signIn, DEMO, SCHOOL_A } from '../api/usersApi.ts';
import { auth } from '../api/mallApi.ts';

const harness = useConsole();
const SUPPLIER_NAME = '鲜丰食品供应有限公司';

async function openPermissions(page: Page) {
  await expandMenuGroups(page);
  await page.getByTestId('side-menu').getByTestId('menu-item-mallSupplierPermissionManage').click();
  await page.getByTestId('screen-mallSupplierPermissionManage').waitFor();
  await page.getByTestId('permission-supplier').click();
  await page.getByRole('option', { name: SUPPLIER_NAME }).click();
  await page.getByRole('checkbox', { name: '蔬菜' }).waitFor();
}

describe('supplier permissions screen', () => {
  it('saves a category limit and a price freeze, shows the freeze time, and shows the server\'s refusal', async () => {
    const { server } = harness;
    const supplier = await signIn(server, DEMO.supplier);
    const extra = await call<{ rows: { id: string }[] }>(server, 'POST', '/v2/category', { ...auth(supplier), body: { name: '临时分类', groupName: 'mallProduct' } });
    expect(extra.status).toBe(200);

    const page = await harness.browser.context.newPage();
    await signInToHome(page, server.url, DEMO.schoolAdmin);
    await openPermissions(page);
    expect(await page.getByTestId('permission-frozen').count()).toBe(0);

    await page.getByRole('checkbox', { name: '蔬菜' }).check();
    await page.getByRole('checkbox', { name: '维护价格' }).uncheck();
    await page.getByTestId('permission-freeze-pending').waitFor();
    await page.getByTestId('permission-save').click();
    await expect.poll(() => page.getByTestId('permission-message').textContent()).toBe('已保存');
    // the freeze time the server recorded, shown in the page
    await page.getByTestId('permission-frozen').waitFor();
    const school = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const link = await call<{ rows: { supplierOrgId: string; priceFrozenAt: string | null }[] }>(server, 'GET', '/v4/mall/supplier', auth(school));
    const frozenAt = link.body.data.rows.find((l) => l.supplierOrgId === 'org-xfsp')!.priceFrozenAt!;
    expect(Date.parse(frozenAt)).toBeGreaterThan(Date.now() - 60_000);
    const shown = page.getByTestId('permission-frozen-at');
    expect(await shown.getAttribute('datetime')).toBe(frozenAt);
    expect(await shown.textContent()).toMatch(/\d{1,2}:\d{2}:\d{2}/);

    // kept over a reload
    await page.reload();
    await openPermissions(page);
    expect(await page.getByRole('checkbox', { name: '蔬菜' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: '维护价格' }).isChecked()).toBe(false);
    expect(await page.getByTestId('permission-frozen-at').getAttribute('datetime')).toBe(frozenAt);

    // the school's goods of this supplier hold only vegetables now
    const cats = await call<{ rows: { id: string; name: string }[] }>(server, 'GET', '/v2/category?groupName=mallProduct', auth(supplier));
    const veg = cats.body.data.rows.find((c) => c.name === '蔬菜')!.id;
    const goods = await call<{ rows: { categoryId: string }[]; count: number }>(server, 'GET', '/v4/mall/product?$limit=1000', auth(school));
    expect(goods.body.data.count).toBeGreaterThan(0);
    // of this supplier's categories, only vegetables (the school also buys from the demo's second supplier)
    const own = new Set(cats.body.data.rows.map((c) => c.id));
    expect(new Set(goods.body.data.rows.map((p) => p.categoryId).filter((id) => own.has(id)))).toEqual(new Set([veg]));

    // the supplier's price screen names the school that froze its prices
    const supplierBrowser = await launchBrowser();
    try {
      const supplierPage = await supplierBrowser.context.newPage();
      await signInToHome(supplierPage, server.url, DEMO.supplier);
      await openScreen(supplierPage, 'productPrice');
      await expect.poll(() => supplierPage.getByTestId('frozen-buyers').textContent()).toContain('阳光实验小学');
    } finally {
      await supplierBrowser.close();
    }

    // a category the supplier deletes meanwhile: the save is refused with the server's text
    await page.getByRole('checkbox', { name: '临时分类' }).check();
    expect((await call(server, 'DELETE', `/v2/category/${extra.body.data.rows[0].id}`, auth(supplier))).status).toBe(200);
    await page.getByTestId('permission-save').click();
    await expect.poll(() => page.getByTestId('permission-message').textContent()).toContain('商品分类不属于该供应商');
  });
});
