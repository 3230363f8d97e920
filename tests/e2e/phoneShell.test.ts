// Issue 13: the shell on a 390 × 844 phone and an 820 × 1180 tablet. On a phone the side menu no longer takes the
// page: it is closed, opens as an overlay drawer over the content and closes after a choice; the header stays one
// row inside the screen; filters fold into a sheet. On a tablet the menu is a rail of icons.
import { describe, expect, it } from 'vitest';
import { signInToHome, useConsole } from '../support/console.ts';
import { checkLayout, overflowing } from '../support/layoutChecks.ts';

const h = useConsole();

describe('the shell on a phone', () => {
  it('keeps the menu as an overlay drawer and the header in one row', async () => {
    const page = await h.browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInToHome(page, h.server.url, '13800000008');

    const content = page.getByTestId('shell-content');
    const menu = page.getByTestId('side-menu');
    // closed: the content has the whole width
    expect(await menu.isVisible()).toBe(false);
    expect((await content.boundingBox())!.width).toBeGreaterThan(380);

    // the header: every control on one row, none past the right edge
    const header = (await page.getByTestId('app-header').boundingBox())!;
    for (const id of ['menu-toggle', 'org-switch', 'locale-switch', 'theme-switch', 'user-menu']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.y, id).toBeGreaterThanOrEqual(header.y);
      expect(box.y + box.height, id).toBeLessThanOrEqual(header.y + header.height + 0.5);
      expect(box.x + box.width, id).toBeLessThanOrEqual(390);
    }
    expect(await overflowing(page, '[data-testid="app-header"] *')).toEqual([]);

    // the drawer floats over the content and closes once an entry is chosen
    await page.getByTestId('menu-toggle').click();
    await menu.waitFor();
    expect((await content.boundingBox())!.width).toBeGreaterThan(380);
    const group = menu.getByTestId('menu-item-baseModule');
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await menu.getByTestId('menu-item-contacts').click();
    await page.waitForURL(/#\/contacts/);
    await menu.waitFor({ state: 'hidden' });

    // a dialog is a full-screen sheet, its buttons big enough for a finger
    await page.getByTestId('person-create').click();
    const sheet = async () => {
      const b = (await page.getByTestId('person-dialog').boundingBox())!;
      return [b.x, b.y, b.width, b.height].map(Math.round);
    };
    // polled: the sheet grows in with Fluent's opening animation
    await expect.poll(sheet).toEqual([0, 0, 390, 844]);
    const buttons = await page.getByTestId('person-dialog').locator('button').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(Math.min(...buttons)).toBeGreaterThanOrEqual(40);
  });

  it('shows list rows as cards that fit the screen, their actions at hand', async () => {
    const page = await h.browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInToHome(page, h.server.url, '13800000003');
    await page.goto(`${h.server.url}/#/productManage`);
    const table = page.getByTestId('product-table');
    const cards = table.getByRole('listitem');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await table.locator('table').count()).toBe(0);
    const first = (await cards.first().boundingBox())!;
    expect(first.x).toBeGreaterThanOrEqual(0);
    expect(first.x + first.width).toBeLessThanOrEqual(390);
    expect(await overflowing(page, '[data-testid="product-table"] *')).toEqual([]);
    // the row's actions are buttons in the card, not hidden behind a hover
    expect(await cards.first().getByRole('button').count()).toBeGreaterThan(0);
  });

  it('keeps the menu open beside the content on a desktop', async () => {
    const page = await h.browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToHome(page, h.server.url, '13800000008');
    const menu = (await page.getByTestId('side-menu').boundingBox())!;
    const content = (await page.getByTestId('shell-content').boundingBox())!;
    expect(content.x).toBeGreaterThanOrEqual(menu.x + menu.width - 1);
  });
});

it('collapses the menu to a rail of icons on a tablet', async () => {
  const page = await h.browser.context.newPage();
  await page.setViewportSize({ width: 820, height: 1180 });
  await signInToHome(page, h.server.url, '13800000008');
  const rail = page.getByTestId('side-rail');
  await rail.waitFor();
  expect(await page.getByTestId('side-menu').isVisible()).toBe(false);
  const railBox = (await rail.boundingBox())!;
  expect(railBox.width).toBeLessThanOrEqual(57);
  // icons only: no text drawn in the rail; the content starts beside it
  expect((await rail.innerText()).trim()).toBe('');
  expect((await page.getByTestId('shell-content').boundingBox())!.x).toBeGreaterThanOrEqual(railBox.x + railBox.width - 1);
  // a group's icon lists its screens beside the rail
  await rail.getByTestId('rail-item-baseModule').click();
  await page.getByTestId('rail-leaf-contacts').click();
  await page.waitForURL(/#\/contacts/);
  expect(await rail.getByTestId('rail-item-baseModule').getAttribute('aria-current')).toBe('page');
  // the hamburger still opens the whole menu, over the content
  await page.getByTestId('menu-toggle').click();
  await page.getByTestId('side-menu').waitFor();
  expect((await page.getByTestId('shell-content').boundingBox())!.width).toBeGreaterThan(700);
});

it('folds the filters of a list into a sheet on a phone, batch actions at hand', async () => {
  const page = await h.browser.context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToHome(page, h.server.url, '13800000005');
  await page.goto(`${h.server.url}/#/productPriceApproval`);
  const rows = page.locator('[data-testid="approval-row"]');
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  // the filters wait behind one button; the search and the batch approval stay on the screen
  expect(await page.getByTestId('approval-filter-state').isVisible()).toBe(false);
  expect(await page.getByTestId('approval-search').isVisible()).toBe(true);
  expect(await page.getByTestId('approval-approve-selected').isVisible()).toBe(true);
  await page.getByTestId('filter-open').click();
  const sheet = page.getByTestId('filter-sheet');
  await sheet.getByTestId('approval-filter-state').selectOption('1');
  await sheet.getByTestId('filter-done').click();
  await sheet.waitFor({ state: 'hidden' });
  // approved prices only now (in force or not yet), and the button says one filter is in force
  const states = () => rows.evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-state')))].sort());
  await expect.poll(async () => (await states()).filter((st) => st !== 'approved' && st !== 'effective'), { timeout: 30_000 }).toEqual([]);
  expect((await states()).length).toBeGreaterThan(0);
  expect(await page.getByTestId('filter-open').innerText()).toMatch(/1/);
});

// The three daily flows at a phone's and a tablet's size, and on a desktop: each screenshot checked for
// anything wider than the screen and for text drawn over other text.
describe.each([
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
  { width: 1440, height: 900 },
])('at $width × $height', (size) => {
  const open = async (user: string, screen: string) => {
    const page = await h.browser.context.newPage();
    await page.setViewportSize(size);
    await signInToHome(page, h.server.url, user);
    await page.goto(`${h.server.url}/#/${screen}`);
    return page;
  };
  const shot = (name: string) => `${name}-${size.width}x${size.height}`;

  it('a bureau approves a price', async () => {
    const page = await open('13800000005', 'productPriceApproval');
    const pending = page.locator('[data-testid="approval-row"][data-state="pending"]');
    await expect.poll(() => pending.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await checkLayout(page, shot('approval'))).toEqual({ overflow: [], overlaps: [] });
    // one of the demo's pending grains the supplier's flow below does not change (it needs 特一级面粉 still under
    // review at every size; the queue's order follows random ids)
    const row = pending.filter({ hasText: /挂面|玉米糁|小米/ }).first();
    const priceId = await row.getAttribute('data-price-id');
    await row.getByTestId('approval-approve-one').click();
    // decided, the price leaves the pending queue (prices.test.ts follows an approval to its outcome)
    await page.locator(`[data-testid="approval-row"][data-price-id="${priceId}"]`).waitFor({ state: 'detached' });
  });

  it('a supplier edits a price', async () => {
    const page = await open('13800000003', 'productPrice');
    // a price still under review may be changed again (an approved one waits for its review cycle to end)
    // found by the search (the SKU list's order follows random ids, so a page need not show it)
    await page.getByTestId('price-sku-search').fill('特一级面粉');
    await page.getByTestId('price-sku-search-go').click();
    const cell = page.locator('[data-testid="price-row"]').filter({ hasText: '特一级面粉' }).locator('[data-testid="price-cell"][data-state="pending"]').first();
    await cell.waitFor({ timeout: 60_000 });
    expect(await checkLayout(page, shot('price'))).toEqual({ overflow: [], overlaps: [] });
    // a small rise, inside any modify limit of the role group
    const before = Number((await cell.getByTestId('price-value').textContent())!.replace(/[^\d.]/g, ''));
    const next = (Math.round(before * 102) / 100).toFixed(2);
    await cell.getByTestId('price-edit').click();
    const dialog = page.getByTestId('price-dialog');
    await dialog.getByTestId('price-input').fill(next);
    expect(await checkLayout(page, shot('price-dialog'), '[data-testid="price-dialog"]')).toEqual({ overflow: [], overlaps: [] });
    await dialog.getByTestId('price-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => cell.getByTestId('price-value').textContent()).toBe(`¥${next}`);
    expect(await cell.getAttribute('data-state')).toBe('pending');
  });

  it('a contacts search finds a person', async () => {
    const page = await open('13800000009', 'contacts');
    await page.getByTestId('department-all').click();
    await page.getByTestId('contacts-search').fill('zlh');
    await expect.poll(() => page.getByTestId('persons-table').getByTestId('person-row-name').allTextContents()).toEqual(['周丽华']);
    const name = (await page.getByTestId('person-row-name').first().boundingBox())!;
    expect(name.x + name.width).toBeLessThanOrEqual(size.width);
    if (size.width < 640) {
      // the virtualised list is cards on a phone, by DataTable's rule; selecting all stays one tap
      expect(await page.getByTestId('persons-table').getByRole('listitem').count()).toBe(1);
      await page.getByTestId('select-all').click();
      expect(await page.getByTestId('persons-table').getByTestId('row-select').isChecked()).toBe(true);
    }
    expect(await checkLayout(page, shot('contacts'))).toEqual({ overflow: [], overlaps: [] });
  });
});
