// Issue 3 persistence: the session, the chosen org-app and the tags view survive a reload at any point of
// the flow, and the session's absolute deadline is re-armed after a reload (no timer survives one).
import { describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { DEMO_PASSWORD } from '../support/testServer.ts';
import { hashPath, logOut, openScreen, signInToHome, signInWithPassword, useConsole } from '../support/console.ts';

const harness = useConsole();

describe('a reload mid-flow', () => {
  it('keeps the session on the org chooser, then the chosen org-app and the open tabs', async () => {
    const page = await harness.browser.context.newPage();
    await signInWithPassword(page, harness.server.url, '13800000002');
    const items = page.getByTestId('orgapp-item');
    await expect.poll(() => items.count()).toBe(2);
    const names = await items.allTextContents();

    // reload before choosing: still signed in, still choosing, the same list
    await page.reload();
    await page.waitForURL(/#\/orgapp/);
    await expect.poll(() => page.getByTestId('orgapp-item').count()).toBe(2);
    expect(await page.getByTestId('orgapp-item').allTextContents()).toEqual(names);
    expect(await page.getByTestId('login-submit').count()).toBe(0);

    // choose the second school, open two tabs
    await page.getByTestId('orgapp-item').nth(1).click();
    await page.getByTestId('home-page').waitFor();
    const chosen = await page.evaluate(() => JSON.parse(localStorage.getItem('meal.orgApp') ?? 'null') as { orgId: string; orgName: string } | null);
    expect(chosen).toBeTruthy();
    const menu = page.getByTestId('side-menu');
    await menu.getByTestId('menu-item-mealModule').waitFor();
    for (const key of ['orderList', 'contacts']) await openScreen(page, key);
    const tags = page.getByTestId('tags-view').getByTestId('tag');
    await expect.poll(() => tags.count()).toBe(3);
    const titles = await tags.allTextContents();

    // reload on a screen: same org-app (no chooser), same tabs, same screen
    await page.reload();
    await page.getByTestId('tags-view').waitFor();
    await expect.poll(() => page.getByTestId('tags-view').getByTestId('tag').allTextContents()).toEqual(titles);
    expect(hashPath(page)).toBe('/contacts');
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('meal.orgApp') ?? 'null') as { orgId: string } | null)?.orgId)).toBe(chosen!.orgId);
    await page.getByTestId('side-menu').getByTestId('menu-item-mealModule').waitFor();

    // reload on home: home again, tabs kept
    await page.getByTestId('tags-view').getByTestId('tag').first().click();
    await page.getByTestId('home-page').waitFor();
    await page.reload();
    await page.getByTestId('home-page').waitFor();
    expect(hashPath(page)).toBe('/home');
    await expect.poll(() => page.getByTestId('tags-view').getByTestId('tag').allTextContents()).toEqual(titles);
    await page.close();
  });

  it('re-arms the session deadline after a reload: the restored session still expires on time', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000002');

    // the persisted login now expires in 4 s; after a reload only the absolute deadline can sign it out
    await page.evaluate(() => {
      const login = JSON.parse(localStorage.getItem('meal.login')!) as { expiresAt: string };
      login.expiresAt = new Date(Date.now() + 4000).toISOString();
      localStorage.setItem('meal.login', JSON.stringify(login));
    });
    await page.reload();
    await page.getByTestId('home-page').waitFor();
    expect(hashPath(page)).toBe('/home');
    await page.waitForURL(/#\/login/, { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('meal.login'))).toBeNull();
    // expired, not logged out: the org-app is kept for the next sign-in
    expect(await page.evaluate(() => localStorage.getItem('meal.orgApp'))).not.toBeNull();
    await page.close();
  });

  it('after a logout the same person signs in straight into the school he last worked in; the chooser is one click away (issue 12)', async () => {
    // a browser of its own: what this browser remembers of the user must not come from the tests above
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await signInWithPassword(page, harness.server.url, '13800000002');
      const items = page.getByTestId('orgapp-item');
      await expect.poll(() => items.count()).toBe(2);
      await items.nth(1).click();
      await page.getByTestId('home-page').waitFor();
      const school = await page.getByTestId('org-name').textContent();

      await logOut(page);
      expect(await page.evaluate(() => localStorage.getItem('meal.orgApp')), 'logout forgets the org-app in use (§4)').toBeNull();

      await page.getByTestId('login-tab-password').click();
      await page.getByTestId('login-username').fill('13800000002');
      await page.getByTestId('login-password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('home-page').waitFor();
      expect(await page.getByTestId('org-name').textContent()).toBe(school);
      expect(hashPath(page)).toBe('/home');

      await page.getByTestId('org-switch').click();
      await page.waitForURL(/#\/orgapp/);
      await expect.poll(() => page.getByTestId('orgapp-item').count()).toBe(2);
    } finally {
      await browser.close();
    }
  });
});
