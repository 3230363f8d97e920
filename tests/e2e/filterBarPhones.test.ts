// Issue 13 follow-up: the list screens that took FilterBar last (the order log, supplier approval) on a
// 390 × 844 phone: their filters wait in the bottom sheet behind one 筛选 button that counts the filters in
// force, while the search stays in the row above the list, inside the screen.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInToHome, useConsole } from '../support/console.ts';

const h = useConsole();

async function phone(user: string, screen: string, orgName?: string): Promise<Page> {
  const page = await h.browser.context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToHome(page, h.server.url, user, orgName);
  await page.goto(`${h.server.url}/#/${screen}`);
  return page;
}

/** The search is visible on the screen, inside its width, and in the same bar as the 筛选 button. */
async function searchInRow(page: Page, bar: string, search: string) {
  const field = page.getByTestId(bar).getByTestId(search);
  await field.waitFor({ timeout: 30_000 });
  const box = (await field.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.getByTestId(bar).getByTestId('filter-open').isVisible()).toBe(true);
}

/** The number the 筛选 button shows ('' when no filter is in force). */
const badge = async (page: Page) => (await page.getByTestId('filter-open').innerText()).replace(/\D/g, '');

it('keeps the order number in the row and the action filter in the sheet of the order log', async () => {
  const page = await phone('13800000002', 'orderLogList');
  const rows = page.getByTestId('order-log-table').getByRole('listitem');
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await searchInRow(page, 'order-log-filters', 'log-filter-order');
  // the action filter is not on the screen until the sheet opens; nothing narrows the list yet
  expect(await page.getByTestId('log-filter-action').isVisible()).toBe(false);
  expect(await badge(page)).toBe('');
  const actionsBefore = await rows.evaluateAll((els) => new Set(els.map((e) => e.querySelector('[data-testid="log-action"]')?.getAttribute('data-action'))).size);

  await page.getByTestId('filter-open').click();
  const sheet = page.getByTestId('filter-sheet');
  await sheet.getByTestId('log-filter-action').click();
  await page.getByRole('option', { name: '下单', exact: true }).click();
  await sheet.getByTestId('filter-done').click();
  await sheet.waitFor({ state: 'hidden' });

  // only the orders' creation left (the demo log has more kinds), and the button counts one filter
  const actions = () => rows.evaluateAll((els) => [...new Set(els.map((e) => e.querySelector('[data-testid="log-action"]')?.getAttribute('data-action')))]);
  await expect.poll(actions, { timeout: 30_000 }).toEqual(['create']);
  expect(actionsBefore).toBeGreaterThan(1);
  expect(await badge(page)).toBe('1');
  // the search still answers from the row: one order's number leaves that order's lines only
  const orderNo = (await rows.first().getByTestId('log-order-no').innerText()).trim();
  await page.getByTestId('log-filter-order').fill(orderNo);
  const numbers = () => rows.evaluateAll((els) => [...new Set(els.map((e) => e.querySelector('[data-testid="log-order-no"]')?.textContent))]);
  await expect.poll(numbers, { timeout: 30_000 }).toEqual([orderNo]);
});

it('counts the supplier approval status as a filter from the start, the name search in the row', async () => {
  const page = await phone('13800000008', 'supplierApprovalManage');
  await searchInRow(page, 'supplier-approval-filters', 'supplier-approval-search');
  // 待审核 narrows the list from the start, so the button says one filter is in force
  expect(await page.getByTestId('supplier-approval-status').isVisible()).toBe(false);
  expect(await badge(page)).toBe('1');

  await page.getByTestId('filter-open').click();
  const sheet = page.getByTestId('filter-sheet');
  await sheet.getByTestId('supplier-approval-status').click();
  await page.getByRole('option', { name: '全部', exact: true }).click();
  await sheet.getByTestId('filter-done').click();
  await sheet.waitFor({ state: 'hidden' });
  expect(await badge(page)).toBe('');

  // every link of the school now; the search narrows them to the one named
  const cards = page.getByTestId('supplier-approval-table').getByRole('listitem');
  await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(1);
  const first = (await cards.first().innerText()).split('\n')[0]!.trim();
  await page.getByTestId('supplier-approval-search').fill(first);
  await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(1);
  expect(await cards.first().innerText()).toContain(first);
});
