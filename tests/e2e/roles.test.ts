// Roles and role permissions end to end, in Chromium: groups, roles in them, a relation and the refused cycle,
// a #roleManage role and the roles it manages, deleting, and the contacts query range (§6) of a role; a
// purchaser without the powers sees the contacts but none of the actions.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';

const harness = useConsole();

async function createRole(page: Page, name: string, more: { group?: string; code?: string; manages?: string[] } = {}) {
  await page.getByTestId('role-create').click();
  const dialog = page.getByTestId('role-dialog');
  await dialog.getByTestId('role-name').fill(name);
  if (more.group) await dialog.getByTestId('role-group').selectOption({ label: more.group });
  if (more.code) await dialog.getByTestId('role-code').fill(more.code);
  for (const m of more.manages ?? []) await dialog.getByLabel(m, { exact: true }).check();
  await dialog.getByTestId('role-submit').click();
  await dialog.waitFor({ state: 'detached' });
  const row = page.locator(`[data-testid="role-row"][data-name="${name}"]`);
  await row.waitFor();
  return row;
}

describe('roles (issue 4)', () => {
  it('an org admin manages groups, roles, relations, a #roleManage role and a role\'s contacts query range', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000008');
    await openScreen(page, 'rolesManage');

    await page.getByTestId('group-create').click();
    await page.getByTestId('group-name').fill('后勤角色组');
    await page.getByTestId('group-submit').click();
    await page.locator('[data-testid="group-item"][data-name="后勤角色组"]').waitFor();

    const lead = await createRole(page, 'chefLead', { group: '后勤角色组' });
    await createRole(page, 'chefHelper');
    // the group lists its role
    await page.locator('[data-testid="group-item"][data-name="后勤角色组"]').click();
    await expect.poll(() => page.getByTestId('role-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')))).toEqual(['chefLead']);
    await page.locator('[data-testid="group-item"][data-name="全部角色"]').click();

    // chefLead → chefHelper; the reverse would be a cycle and is refused
    await lead.getByTestId('role-relations').click();
    let relations = page.getByTestId('relations-dialog');
    await relations.getByTestId('relation-child').selectOption({ label: 'chefHelper' });
    await relations.getByTestId('relation-add').click();
    await relations.getByTestId('relation-row').filter({ hasText: 'chefHelper' }).waitFor();
    await relations.getByRole('button', { name: '关闭' }).last().click();
    await page.locator('[data-testid="role-row"][data-name="chefHelper"]').getByTestId('role-relations').click();
    relations = page.getByTestId('relations-dialog');
    await relations.getByTestId('relation-child').selectOption({ label: 'chefLead' });
    await relations.getByTestId('relation-add').click();
    await relations.getByRole('alert').filter({ hasText: '角色关系不能成环' }).waitFor();
    await relations.getByRole('button', { name: '关闭' }).last().click();

    // a #roleManage role names the roles it manages
    const manager = await createRole(page, 'kitchenManager', { code: 'kitchen#roleManage', manages: ['chefHelper'] });
    await expect.poll(() => manager.textContent()).toContain('chefHelper');

    // delete a role
    await page.locator('[data-testid="role-row"][data-name="chefHelper"]').getByTestId('role-delete').click();
    await page.getByTestId('confirm-ok').click();
    await page.locator('[data-testid="role-row"][data-name="chefHelper"]').waitFor({ state: 'detached' });

    // the contacts query range of chefLead, granted with its scope through the batch call
    await openScreen(page, 'rolesPermissionManage');
    await page.locator('[data-testid="perm-role"][data-name="chefLead"]').click();
    const scope = page.getByTestId('query-scope');
    await scope.waitFor();
    await scope.getByLabel('全部部门').check();
    await scope.getByTestId('query-scope-save').click();
    await expect.poll(() => scope.textContent()).toContain('当前：全部部门');
    await expect.poll(() => page.getByTestId('permission-tree').getByTestId('perm-contactsPower-contactsQuery').getByRole('checkbox').first().isChecked()).toBe(true);
    await page.close();
  });

  it('a purchaser without the contacts power sees the contacts but no action, and no roles screens', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000002');
    await openScreen(page, 'contacts');
    await page.getByTestId('persons-table').getByTestId('person-row-name').first().waitFor();
    expect(await page.getByTestId('department-create').count()).toBe(0);
    expect(await page.getByTestId('person-create').count()).toBe(0);
    expect(await page.getByTestId('contacts-import').count()).toBe(0);
    expect(await page.getByTestId('side-menu').getByTestId('menu-item-rolesManage').count()).toBe(0);
    await page.close();
  });
});
