// Issue 16 point 8: the school's org admin opens every entry of his menu and stays signed in, and no entry
// asks the server for something it refuses him (the menu matches what the server allows). A button the
// server would refuse is not offered, and a 403 shows in place instead of ending the session.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expandMenuGroups, hashPath, openScreen, enterHomeAs, useConsole } from '../support/console.ts';

const harness = useConsole();

/** API calls in flight and the 403s answered, per screen opened. */
function watchApi(page: Page) {
  let pending = 0;
  let lastActivity = Date.now();
  const forbidden: string[] = [];
  const isApi = (url: string) => /\/v\d\//.test(new URL(url).pathname) && !url.includes('/v1/events');
  // every request counts as activity (a screen's lazily loaded code, then its API calls), except the live feed
  const counted = (url: string) => !url.includes('/v1/events');
  const touch = (delta: number) => { pending += delta; lastActivity = Date.now(); };
  page.on('request', (req) => { if (counted(req.url())) touch(1); });
  page.on('requestfinished', (req) => { if (counted(req.url())) touch(-1); });
  page.on('requestfailed', (req) => { if (counted(req.url())) touch(-1); });
  page.on('response', (res) => {
    if (isApi(res.url()) && res.status() === 403) forbidden.push(`${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  return {
    /** a user action just happened: what it loads starts from here */
    mark() { lastActivity = Date.now(); },
    /** nothing in flight and nothing started for 400 ms: a lazily loaded screen has made its calls (each call starts as the one before it answers) */
    get settled() { return pending === 0 && Date.now() - lastActivity > 400; },
    take() { return forbidden.splice(0); },
  };
}

async function leafEntries(page: Page): Promise<string[]> {
  await expandMenuGroups(page);
  const items = page.getByTestId('side-menu').locator('[data-testid^="menu-item-"]:not([aria-expanded])');
  const ids = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('menu-item-', '')));
  return [...new Set(ids)];
}

/** Pages the entries are opened in side by side (issue 32: one after the other they took over a minute). */
const PAGES = 3;

describe('the school org admin and his menu', () => {
  it('opens every entry without losing the session or meeting a refusal', async () => {
    const { context } = harness.browser;
    const page = await context.newPage();
    const api = watchApi(page);
    await enterHomeAs(page, harness.server.url, '13800000008');
    const entries = await leafEntries(page);
    expect(entries.length).toBeGreaterThan(10);
    // the platform's screens are not his
    for (const key of ['appsManage', 'appManage', 'orgAppManage', 'orgAppTemplateManage', 'agentsInfoManage']) expect(entries).not.toContain(key);

    // more tabs of the same signed-in console (one browser profile, one session), each opening its share of the
    // entries from its own menu; each tab's requests and 403s are its own
    const tabs = [{ page, api }];
    for (let i = 1; i < PAGES; i++) {
      const tab = await context.newPage();
      const watched = watchApi(tab);
      await tab.goto(`${harness.server.url}/#/home`);
      await tab.getByTestId('home-page').waitFor();
      tabs.push({ page: tab, api: watched });
    }
    const refused: Record<string, string[]> = {};
    const queue = [...entries];
    await Promise.all(tabs.map(async (tab) => {
      for (let key = queue.shift(); key; key = queue.shift()) {
        await expandMenuGroups(tab.page);
        tab.api.mark();
        await tab.page.getByTestId('side-menu').getByTestId(`menu-item-${key}`).click();
        await tab.page.waitForURL(new RegExp(`#/${key}`));
        await expect.poll(() => tab.api.settled, { timeout: 15_000 }).toBe(true);
        const seen = tab.api.take();
        if (seen.length) refused[key] = seen;
        expect(hashPath(tab.page), `after ${key}`).not.toBe('/login');
      }
    }));
    expect(queue).toEqual([]);
    expect(refused).toEqual({});
    // still signed in everywhere at the end (a session lost midway would show as the sign-in page)
    for (const tab of tabs) expect(hashPath(tab.page)).not.toBe('/login');
  });

  it("is not offered his suppliers' goods to edit or delete", async () => {
    const page = await harness.browser.context.newPage();
    await enterHomeAs(page, harness.server.url, '13800000008');
    await openScreen(page, 'productManage');
    await expect.poll(() => page.getByTestId('product-row-name').count()).toBeGreaterThan(0);
    for (const button of ['product-edit', 'product-delete', 'product-add', 'product-import']) expect(await page.getByTestId(button).count(), button).toBe(0);
  });

  it('sees a refused action in place and keeps working', async () => {
    const page = await harness.browser.context.newPage();
    await enterHomeAs(page, harness.server.url, '13800000008');
    await openScreen(page, 'rolesManage');
    await page.getByTestId('role-create').click();
    const dialog = page.getByTestId('role-dialog');
    await dialog.getByTestId('role-name').fill('my_platform');
    await dialog.getByTestId('role-code').fill('999');
    await dialog.getByTestId('role-submit').click();
    // the server's 403 text, in the dialog; still signed in, on the same screen
    await dialog.getByText('只有系统服务商可以设置管理员角色').waitFor();
    expect(hashPath(page)).toBe('/rolesManage');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    await openScreen(page, 'contacts');
    expect(hashPath(page)).toBe('/contacts');
  });
});

