// Issue 4 notices: an org admin publishes a notice; it is listed unread, opens in the drawer with its HTML
// sanitised, and then counts as read.
import { describe, expect, it } from 'vitest';
import { signInToHome, useConsole } from '../support/console.ts';

const harness = useConsole();

describe('notices', () => {
  it('publishes, lists unread, opens sanitised, then read', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000008');
    await page.goto(`${harness.server.url}/#/noticeList`);
    await page.getByTestId('notice-list').waitFor();
    await page.getByTestId('notice-create').click();
    await page.getByTestId('notice-title').fill('食堂消毒通知');
    await page.getByTestId('notice-content-input').fill('<p id="safe">周六全天消毒</p><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script>');
    await page.getByTestId('notice-save').click();
    const row = page.getByTestId('notice-row').filter({ hasText: '食堂消毒通知' });
    await row.waitFor();
    await expect.poll(() => page.getByTestId('notice-unread').textContent()).toBe('1');

    await row.click();
    const content = page.getByTestId('notice-content');
    await content.waitFor();
    expect(await content.locator('#safe').textContent()).toBe('周六全天消毒');
    expect(await content.innerHTML()).not.toMatch(/onerror|<script/);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect.poll(() => page.getByTestId('notice-unread').count()).toBe(0);
    await page.close();
  });
});
