// Issue 4 notices: an org admin publishes a notice; it is listed unread, opens in the drawer with its HTML
// sanitised, and then counts as read.
import { describe, expect, it } from 'vitest';
import { signInToHome, useConsole } from '../support/console.ts';
import { call, signIn, DEMO, SCHOOL_A } from '../api/usersApi.ts';

const harness = useConsole();

describe('notices', () => {
  it('publishes, lists unread, opens sanitised, then read', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000008');
    await page.goto(`${harness.server.url}/#/noticeList`);
    await page.getByTestId('notice-list').waitFor();
    await page.getByTestId('notice-create').click();
    await page.getByTestId('notice-title').fill('食堂消毒通知');
    await page.getByTestId('notice-content-input').fill('<p><strong>周六全天消毒</strong></p><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script>');
    await page.getByTestId('notice-save').click();
    const row = page.getByTestId('notice-row').filter({ hasText: '食堂消毒通知' });
    await row.waitFor();
    await expect.poll(() => page.getByTestId('notice-unread').textContent()).toBe('1');

    await row.click();
    const content = page.getByTestId('notice-content');
    await content.waitFor();
    expect(await content.locator('p > strong').textContent()).toBe('周六全天消毒');
    expect(await content.innerHTML()).not.toMatch(/onerror|<script/);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect.poll(() => page.getByTestId('notice-unread').count()).toBe(0);
    await page.close();
  });

  it('a save over someone else\'s change is refused: the list reloads and a toast says who changed it (issue 14)', async () => {
    const platform = await signIn(harness.server, DEMO.provider, SCHOOL_A);
    const created = await call<{ id: string }>(harness.server, 'POST', '/v1/notices', { token: platform.token, key: platform.key, body: { title: '原来的标题' } });
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000008');
    await page.goto(`${harness.server.url}/#/noticeList`);
    await page.getByTestId('notice-row').filter({ hasText: '原来的标题' }).click();
    await page.getByRole('button', { name: '编辑' }).click();
    await page.getByTestId('notice-title').fill('管理员改的标题');
    // meanwhile the platform changes the same notice
    const changed = await call(harness.server, 'PUT', `/v1/notices/${created.body.data.id}`, { token: platform.token, key: platform.key, body: { title: '平台改的标题' } });
    expect(changed.status).toBe(200);
    await page.getByTestId('notice-save').click();
    const toast = page.getByTestId('stale-toast');
    await toast.waitFor();
    expect(await toast.textContent()).toContain(DEMO.provider);
    // what is shown now is the platform's change, not the admin's overwrite
    await page.getByTestId('notice-row').filter({ hasText: '平台改的标题' }).waitFor();
    expect(await page.getByTestId('notice-row').filter({ hasText: '管理员改的标题' }).count()).toBe(0);
    await page.close();
  });
});
