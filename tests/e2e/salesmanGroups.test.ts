// Salesman groups (M6) in Chromium: the supplier keeps them in mallPurchaserRolesList and puts salesmen into
// them from the group dialog; a change the server refuses (a salesman out of his only group) is shown there.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expandMenuGroups, signInToHome, useConsole } from '../support/console.ts';

const harness = useConsole();

const row = (page: Page, groupName: string) => page.getByTestId('group-table').getByRole('row').filter({ has: page.getByTestId('group-name').getByText(groupName, { exact: true }) });
const memberNames = (page: Page) => page.getByTestId('salesman-member').evaluateAll((els) => els.map((e) => e.getAttribute('data-username')));

describe('salesman groups (M6)', () => {
  it('the supplier creates a group, adds 孙浩 in the dialog, and sees him when reopening it', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000003');
    const menu = page.getByTestId('side-menu');
    await menu.getByTestId('menu-item-mealModule').waitFor();
    await expandMenuGroups(page);
    await menu.getByTestId('menu-item-mallPurchaserRolesList').click();
    await page.getByTestId('screen-mallPurchaserRolesList').waitFor();
    await page.getByRole('tab', { name: '业务员分组' }).click();
    await expect.poll(() => row(page, '业务员分组').getByTestId('group-salesmen').textContent()).toBe('1');
    // the tab lists salesman groups only (the purchaser group 采购单位 and the routes group are M1 and M7)
    expect(await row(page, '采购单位').count()).toBe(0);
    expect(await row(page, '配送路线').count()).toBe(0);

    // 孙浩 is in no other salesman group: taking him out of the default one is refused, with the reason
    await row(page, '业务员分组').getByTestId('group-edit').click();
    await expect.poll(() => memberNames(page)).toEqual(['13800000007']);
    await page.getByTestId('salesman-remove').click();
    await expect.poll(() => memberNames(page)).toEqual([]);
    await page.getByTestId('group-submit').click();
    await expect.poll(() => page.getByTestId('group-error').textContent()).toContain('孙浩');
    await page.getByRole('button', { name: '取消' }).click();
    await page.getByTestId('group-dialog').waitFor({ state: 'detached' });

    await page.getByTestId('group-new').click();
    await page.getByTestId('group-name-input').fill('东区业务员');
    await page.getByTestId('salesman-picker').click();
    await page.getByTestId('salesman-picker').fill('孙');
    // inside a dialog Fluent's listbox is a menu of checkable items
    await page.getByTestId('group-dialog').getByRole('menuitemcheckbox', { name: '孙浩（13800000007）' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => memberNames(page)).toEqual(['13800000007']);
    await page.getByTestId('group-submit').click();
    await page.getByTestId('group-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => row(page, '东区业务员').getByTestId('group-salesmen').textContent()).toBe('1');

    await row(page, '东区业务员').getByTestId('group-edit').click();
    await expect.poll(() => memberNames(page)).toEqual(['13800000007']);
    await expect.poll(() => page.getByTestId('salesman-members').textContent()).toContain('孙浩');
    await page.close();
  });
});
