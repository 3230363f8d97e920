// Issue 4 end to end, in Chromium on the real server: a user admin builds a department and a person, finds
// them by pinyin initials, makes a role, grants it a screen and a power, puts the person in it; the person
// then signs in by SMS and finds the screen in their menu and the power's actions on the contacts screen.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { chooseOwnPassword, expandMenuGroups, openScreen, signInToHome, useConsole } from '../support/console.ts';

const harness = useConsole();

async function tick(page: Page, testId: string) {
  const tree = page.getByTestId('permission-tree');
  await tree.getByTestId(testId).getByRole('checkbox').first().click();
  // the tick is saved on the server and read back: on a loaded machine that takes more than expect.poll's default
  // second (issue 32: the first test failed there, alone, at load 20)
  await expect.poll(() => tree.getByTestId(testId).getByRole('checkbox').first().isChecked(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => tree.getAttribute('data-ready'), { timeout: 15_000 }).toBe('true');
}

describe('contacts, roles and role permissions (issue 4)', () => {
  it('a user admin adds a person, gives them a role with a screen and a power; the person signs in and has both', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000009');

    // a department and a person in it
    await openScreen(page, 'contacts');
    const tree = page.getByTestId('department-tree');
    await tree.getByText('行政办公室').waitFor();
    await page.getByTestId('department-create').click();
    await page.getByTestId('department-name').fill('配餐服务部');
    await page.getByTestId('department-submit').click();
    await tree.locator('[data-testid="department-item"][data-name="配餐服务部"]').waitFor();
    await page.getByTestId('person-create').click();
    const dialog = page.getByTestId('person-dialog');
    await dialog.getByTestId('person-name').fill('宋雨轩');
    await dialog.getByTestId('person-phone').fill('1397777');
    await dialog.getByTestId('person-submit').click();
    await dialog.getByText('请输入正确的手机号', { exact: false }).waitFor(); // §5 phone rule, nothing sent
    await dialog.getByTestId('person-phone').fill('13977770001');
    expect(await dialog.locator('[data-testid="person-department"][data-name="配餐服务部"]').isChecked()).toBe(true);
    await dialog.getByTestId('person-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const table = page.getByTestId('persons-table');
    await table.getByText('宋雨轩').waitFor();

    // §5 search: letters are pinyin initials, over all contacts
    await page.getByTestId('department-all').click();
    await page.getByTestId('contacts-search').fill('syx');
    await expect.poll(() => page.getByTestId('search-field').textContent()).toBe('拼音首字母');
    await expect.poll(async () => table.getByTestId('person-row-name').allTextContents()).toEqual(['宋雨轩']);

    // a role, with the person as its user
    await openScreen(page, 'rolesManage');
    await page.getByTestId('role-create').click();
    await page.getByTestId('role-name').fill('noticeReader');
    await page.getByTestId('role-cnname').fill('通知查看员');
    await page.getByTestId('role-submit').click();
    const row = page.locator('[data-testid="role-row"][data-name="noticeReader"]');
    await row.waitFor();
    await row.getByTestId('role-users').click();
    const users = page.getByTestId('role-users-dialog');
    await users.getByTestId('role-user-search').fill('syx');
    await users.getByTestId('role-user-search-go').click();
    // the add reports only after its refetches; a slow one (the menu) must not wipe a later refusal (CI, 2026-11-29)
    let menusInFlight = 0;
    const isMenu = (r: { url(): string }) => r.url().includes('/v2/permission/user/menu');
    page.on('request', (r) => { if (isMenu(r)) menusInFlight += 1; });
    page.on('requestfinished', (r) => { if (isMenu(r)) menusInFlight -= 1; });
    page.on('requestfailed', (r) => { if (isMenu(r)) menusInFlight -= 1; });
    await page.route('**/v2/permission/user/menu**', async (r) => {
      await new Promise((x) => setTimeout(x, 1500));
      await r.continue().catch(() => undefined); // an aborted refetch cannot be continued
    });
    await users.locator('[data-testid="role-user-add"][data-name="宋雨轩"]').click();
    await users.locator('[data-testid="role-user-row"][data-name="宋雨轩"]').waitFor();
    // §8: removing with nobody chosen is refused with the catalogue text
    await users.getByTestId('role-users-remove').click();
    await expect.poll(() => users.getByTestId('role-users-error').textContent()).toBe('请指定删除的用户');
    await expect.poll(() => menusInFlight, { timeout: 15_000 }).toBe(0);
    await page.waitForTimeout(300); // the add's callback runs just after its last refetch answers
    expect(await users.getByTestId('role-users-error').textContent()).toBe('请指定删除的用户');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await users.getByRole('button', { name: '关闭' }).last().click();

    // the role gets the notice list screen and the contacts power
    await openScreen(page, 'rolesPermissionManage');
    await page.locator('[data-testid="perm-role"][data-name="noticeReader"]').click();
    await page.getByTestId('permission-tree').waitFor();
    await expect.poll(() => page.getByTestId('permission-tree').getAttribute('data-ready')).toBe('true');
    await tick(page, 'perm-pcMenu-noticeList');
    await tick(page, 'perm-contactsPower-contactsManage');
    // granting an entry grants its group too, so the menu can show it
    expect(await page.getByTestId('permission-tree').getByTestId('perm-pcMenu-baseModule').getByRole('checkbox').first().isChecked()).toBe(true);
    await page.close();

    // the person signs in by SMS
    const other = await launchBrowser();
    try {
      const p = await other.context.newPage();
      const phone = '13977770001';
      await p.goto(`${harness.server.url}/#/login`);
      await p.getByTestId('login-tab-sms').click();
      await p.getByTestId('login-phone').fill(phone);
      await p.getByTestId('login-send-code').click();
      const outbox = async () => (await fetch(`${harness.server.url}/v1/dev/smsoutbox?phoneNumber=${phone}`)).json() as Promise<{ status_code: number; data: { code: string } }>;
      await expect.poll(async () => (await outbox()).status_code).toBe(200);
      await p.getByTestId('login-code').fill((await outbox()).data.code);
      await p.getByTestId('login-submit').click();
      await chooseOwnPassword(p, 'person-own-pass-1');
      await p.waitForURL(/#\/orgapp/);
      await p.getByTestId('orgapp-item').filter({ hasText: '阳光实验小学' }).first().click();
      await p.getByTestId('home-page').waitFor();
      const menu = p.getByTestId('side-menu');
      await menu.getByTestId('menu-item-baseModule').waitFor();
      await expandMenuGroups(p);
      await menu.getByTestId('menu-item-noticeList').waitFor();
      expect(await menu.getByTestId('menu-item-rolesManage').count()).toBe(0);
      // the contacts power shows its actions: the person may create under their own department
      await menu.getByTestId('menu-item-contacts').click();
      await p.getByTestId('contacts-page').waitFor();
      await p.getByTestId('department-create').waitFor();
      await p.getByTestId('persons-table').getByText('宋雨轩').waitFor();
      // without the user-management power there is no account action
      expect(await p.getByTestId('person-account').count()).toBe(0);
      expect(await p.getByTestId('department-tree').getByText('行政办公室').count()).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('an org admin edits the tree (rename, move, hide, delete) and moves and deletes persons', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000008');
    await openScreen(page, 'contacts');
    const tree = page.getByTestId('department-tree');
    const item = (name: string) => tree.locator(`[data-testid="department-item"][data-name="${name}"]`);
    const menuOf = async (name: string, action: string) => {
      await item(name).locator('> div').first().hover();
      await item(name).getByTestId('department-actions').first().click();
      await page.getByTestId(action).click();
    };
    for (const name of ['临时部门A', '临时部门B']) {
      await page.getByTestId('department-all').click();
      await page.getByTestId('department-create').click();
      await page.getByTestId('department-name').fill(name);
      await page.getByTestId('department-submit').click();
      await item(name).waitFor();
    }
    // rename A, put it under B, members only
    await menuOf('临时部门A', 'department-edit');
    await page.getByTestId('department-name').fill('临时部门甲');
    await page.getByTestId('department-parent').selectOption({ label: '临时部门B' });
    await page.getByTestId('department-isHide').check();
    await page.getByTestId('department-submit').click();
    await item('临时部门B').locator('[data-testid="department-item"][data-name="临时部门甲"]').waitFor();

    // a person there, moved to the office, then deleted
    await page.getByTestId('person-create').click();
    await page.getByTestId('person-name').fill('测试移动');
    await page.getByTestId('person-phone').fill('13977770002');
    await page.getByTestId('person-submit').click();
    const table = page.getByTestId('persons-table');
    const row = table.locator('[data-testid="virtual-row"]').filter({ hasText: '测试移动' });
    await row.waitFor();
    // edit sends only what changed; the phone's visibility toggles in the row
    await row.getByTestId('person-edit').click();
    await page.getByTestId('person-duties').fill('保管员');
    await page.getByTestId('person-submit').click();
    await expect.poll(() => row.textContent()).toContain('保管员');
    await row.getByRole('switch').click();
    await expect.poll(() => row.getByRole('switch').isChecked()).toBe(false);
    await page.reload();
    await item('临时部门甲').locator('> div').first().click();
    await expect.poll(() => row.getByRole('switch').isChecked()).toBe(false);
    await row.getByTestId('row-select').check();
    await page.getByTestId('persons-move').click();
    await page.getByTestId('move-dialog').locator('[data-testid="move-target"][data-name="行政办公室"]').check();
    await page.getByTestId('move-submit').click();
    await page.getByTestId('move-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('department-all').click();
    await page.getByTestId('contacts-search').fill('测试移动');
    await expect.poll(() => table.locator('[data-testid="virtual-row"]').count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('行政办公室');
    expect(await row.textContent()).not.toContain('临时部门甲');
    await row.getByTestId('row-select').check();
    await page.getByTestId('persons-delete').click();
    await page.getByTestId('confirm-ok').click();
    await row.waitFor({ state: 'detached' });

    // B still has 甲 below it: refused; 甲 first, then B
    await menuOf('临时部门B', 'department-delete');
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('confirm-error').textContent()).toBe('请先删除下级部门');
    await page.getByRole('button', { name: '取消' }).last().click();
    await menuOf('临时部门甲', 'department-delete');
    await page.getByTestId('confirm-ok').click();
    await item('临时部门甲').waitFor({ state: 'detached' });
    await menuOf('临时部门B', 'department-delete');
    await page.getByTestId('confirm-ok').click();
    await item('临时部门B').waitFor({ state: 'detached' });
    await page.close();
  });
});
