// Issue 3 persistence: the session, the chosen org-app and the tags view survive a reload at any point of
// the flow, and the session's absolute deadline is re-armed after a reload (no timer survives one).
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer, DEMO_PASSWORD, type TestServer } from '../support/testServer.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';

let server: TestServer;
let browser: TestBrowser | undefined;

const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '').split('?')[0];

beforeAll(async () => {
  if (!fs.existsSync('dist/index.html')) throw new Error('build the console first (npm run build)');
  server = await startTestServer({ staticDir: 'dist' });
});
beforeEach(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await browser?.close();
});
afterAll(async () => {
  await server?.close();
});

async function expandMenuGroups(page: Page) {
  for (const group of ['baseModule', 'mealModule']) {
    const el = page.getByTestId('side-menu').getByTestId(`menu-item-${group}`);
    if ((await el.count()) && (await el.getAttribute('aria-expanded')) !== 'true') await el.click();
  }
}

async function signInWithPassword(page: Page) {
  await page.goto(`${server.url}/#/login`);
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('login-username').fill('13800000002');
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/orgapp/);
}

describe('a reload mid-flow', () => {
  it('keeps the session on the org chooser, then the chosen org-app and the open tabs', async () => {
    const page = await browser!.context.newPage();
    await signInWithPassword(page);
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
    await expandMenuGroups(page);
    for (const key of ['orderList', 'contacts']) {
      await menu.getByTestId(`menu-item-${key}`).click();
      await page.waitForURL(new RegExp(`#/${key}`));
    }
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
    const page = await browser!.context.newPage();
    await signInWithPassword(page);
    await page.getByTestId('orgapp-item').first().click();
    await page.getByTestId('home-page').waitFor();

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
});
