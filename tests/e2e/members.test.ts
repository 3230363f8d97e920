// Members end to end, in Chromium on the real server: the school's org admin adds a member (default group,
// level LV1), makes a group, moves the member into it and sees it there, also through the group filter; the
// member-centre settings show the default group and the groups made here.
import { describe, expect, it } from 'vitest';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';

const harness = useConsole();

describe('members (issue 4)', () => {
  it('an org admin adds a member, creates a group, moves the member into it and sees it there', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000008');
    await openScreen(page, 'membersManage');
    await page.getByTestId('members-page').waitFor();
    await page.getByTestId('members-empty').waitFor();

    // add a member: default group, first level
    await page.getByTestId('member-add').click();
    await page.getByTestId('member-name').fill('测试会员');
    await page.getByTestId('member-phone').fill('13955550001');
    await expect.poll(() => page.getByTestId('member-level').inputValue()).toBe('LV1');
    await page.getByTestId('member-save').click();
    const row = page.getByTestId('member-row').filter({ hasText: '测试会员' });
    await row.waitFor();
    expect(await row.getByTestId('member-level-cell').textContent()).toBe('LV1');
    const defaultGroupText = await row.getByTestId('member-group-cell').textContent();
    expect(defaultGroupText).not.toBe('ordinary member');

    // a new group
    await page.getByTestId('member-group-add').click();
    await page.getByTestId('group-name').fill('金卡会员');
    await page.getByTestId('group-save').click();
    await page.getByTestId('group-name').waitFor({ state: 'detached' });

    // move the member into it
    await row.getByTestId('member-select').check();
    await page.getByTestId('member-move').click();
    await page.getByTestId('move-group-select').selectOption({ label: '金卡会员' });
    await page.getByTestId('move-confirm').click();
    await expect.poll(() => row.getByTestId('member-group-cell').textContent()).toBe('金卡会员');

    // the group filter shows it under the new group, and not under the default one
    await page.getByTestId('member-group-filter').selectOption({ label: '金卡会员' });
    await expect.poll(() => page.getByTestId('member-row').count()).toBe(1);
    await page.getByTestId('member-group-filter').selectOption({ label: defaultGroupText! });
    await page.getByTestId('members-empty').waitFor();

    // the member-centre settings list the default group and the new one with its member
    await openScreen(page, 'productMemberConfig');
    const groups = page.getByTestId('config-group-row');
    await expect.poll(() => groups.count()).toBe(2);
    await expect.poll(async () => (await groups.nth(1).locator('input').first().inputValue())).toBe('金卡会员');
    expect(await page.getByTestId('level-row').count()).toBe(1);

    // what the server holds is what was shown
    const api = harness.server.store.db;
    const member = await api.selectFrom('product_members').innerJoin('product_member_groups as g', 'g.group_id', 'product_members.group_id')
      .select(['product_members.name', 'g.name as group']).where('phone_number', '=', '13955550001').executeTakeFirstOrThrow();
    expect(member).toEqual({ name: '测试会员', group: '金卡会员' });
  });
});
