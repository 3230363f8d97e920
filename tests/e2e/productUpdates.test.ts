// Issue 35 in Chromium: the platform publishes a release note for schools; a school's admin sees the header's "new"
// badge, reads the note (its rich text sanitised: no script or handler runs), the badge goes, and 关于我们 shows the
// version and the licences of the packages the build shipped.
import { describe, expect, it } from 'vitest';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';
import { call, DEMO, SCHOOL_A, signIn } from '../api/usersApi.ts';

const harness = useConsole();

describe('release notes and about', () => {
  it('a school admin reads a new release note, safely rendered, and sees the build and its licences', async () => {
    const platform = await signIn(harness.server, DEMO.provider, SCHOOL_A);
    const content = '<p>周食谱支持<b>运动处方</b>。</p><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">链接</a>';
    const made = await call(harness.server, 'POST', '/v1/productupdates', { token: platform.token, key: platform.key, body: { title: '运动处方上线', version: '3.11.2', content, audience: ['school'] } });
    expect(made.status).toBe(200);

    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, DEMO.schoolAdmin, SCHOOL_A);
    const badge = page.getByTestId('product-updates-badge');
    await badge.waitFor();
    await badge.click();
    const note = page.getByTestId('product-update').filter({ hasText: '运动处方上线' });
    await note.getByTestId('product-update-new').waitFor();
    await note.getByTestId('product-update-title').click();
    const body = note.getByTestId('product-update-content');
    await expect.poll(() => body.locator('b').textContent()).toBe('运动处方');
    expect(await body.locator('script').count()).toBe(0);
    expect(await body.locator('[onerror]').count()).toBe(0);
    expect(await body.locator('a').getAttribute('href')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect.poll(() => note.getByTestId('product-update-new').count()).toBe(0);
    await page.getByTestId('product-updates-close').click();
    await expect.poll(() => badge.count()).toBe(0);

    await openScreen(page, 'aboutUs');
    await page.getByTestId('about-screen').waitFor();
    expect(await page.getByTestId('about-version').textContent()).toBe('3.11.2');
    expect(await page.getByTestId('about-commit').textContent()).toMatch(/^[0-9a-f]{7,}|unknown$/);
    const rows = page.getByTestId('license-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(10);
    expect(await rows.filter({ hasText: /^react19/ }).count() + await rows.filter({ hasText: 'react-dom' }).count()).toBeGreaterThan(0);
  });
});
