// The foundation end to end: the real console (built dist/) on the real server and database, in Chromium.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/testServer.ts';
import { launchBrowser } from '../support/browser.ts';
import { chooseOwnPassword, expandMenuGroups, hashPath, logOut, signInToHome, signInWithPassword, useConsole } from '../support/console.ts';

const harness = useConsole();

async function api<T>(path: string, init: RequestInit & { token?: string; key?: string } = {}): Promise<{ status: number; body: { status_code: number; status_text: string; data: T } }> {
  const res = await fetch(`${harness.server.url}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.token ? { accesstoken: init.token } : {}), ...(init.key ? { key: init.key } : {}) },
  });
  return { status: res.status, body: await res.json() };
}

/** A user nobody has signed in as yet: created by the school's org admin through the API, as a purchaser. */
async function createNewPurchaser(phone: string, name: string) {
  const admin = await api<{ accesstoken: string }>('/v1/passport/login', { method: 'POST', body: JSON.stringify({ username: '13800000008', password: DEMO_PASSWORD }) });
  const token = admin.body.data.accesstoken;
  const apps = await api<{ rows: { orgId: string; appId: string; orgName: string }[] }>('/v2/users/org/app', { token });
  const school = apps.body.data.rows[0];
  const { body: { data: { key } } } = await api<{ key: string }>('/v1/token/orgappkey/encrypt', { method: 'POST', token, body: JSON.stringify({ orgId: school.orgId, appId: school.appId }) });
  const created = await api('/v2/users', { method: 'POST', token, key, body: JSON.stringify({ username: phone, name, roleNames: ['purchaser'] }) });
  expect(created.status, created.body.status_text).toBe(200);
  return { orgName: school.orgName };
}

describe('a new user, end to end', () => {
  it('signs in by SMS, picks an org, sees their menu and home, keeps tabs over a reload, and logs out', async () => {
    const phone = '13912345678';
    const { orgName } = await createNewPurchaser(phone, '王新');
    const page = await harness.browser.context.newPage();

    await page.goto(`${harness.server.url}/`);
    await page.waitForURL(/#\/login/);
    await page.getByTestId('login-tab-sms').click();
    await page.getByTestId('login-phone').fill(phone);
    await page.getByTestId('login-send-code').click();
    // the dev outbox of the console SMS adapter
    await expect.poll(async () => (await api<{ code: string }>(`/v1/dev/smsoutbox?phoneNumber=${phone}`)).status).toBe(200);
    const { body: { data: { code } } } = await api<{ code: string }>(`/v1/dev/smsoutbox?phoneNumber=${phone}`);
    await page.getByTestId('login-code').fill(code);
    await page.getByTestId('login-submit').click();
    // made for him by someone else: he chooses his own password first (by SMS, the initial one is not asked)
    await chooseOwnPassword(page, 'wang-own-pass-1');

    await page.waitForURL(/#\/orgapp/);
    await page.getByTestId('orgapp-item').filter({ hasText: orgName }).first().click();
    await page.getByTestId('home-page').waitFor();
    expect(hashPath(page)).toBe('/home');

    // the menu is the purchaser's: its screens, not the bureau's approval queue
    const menu = page.getByTestId('side-menu');
    await menu.getByTestId('menu-item-mealModule').waitFor();
    await expandMenuGroups(page);
    await menu.getByTestId('menu-item-orderList').waitFor();
    await menu.getByTestId('menu-item-contacts').waitFor();
    expect(await menu.getByTestId('menu-item-productPriceApproval').count()).toBe(0);
    expect(await menu.getByTestId('menu-item-rolesManage').count()).toBe(0);

    // two tabs
    for (const key of ['orderList', 'contacts']) {
      await menu.getByTestId(`menu-item-${key}`).click();
      await page.waitForURL(new RegExp(`#/${key}`));
    }
    const tags = page.getByTestId('tags-view').getByTestId('tag');
    await expect.poll(() => tags.count()).toBeGreaterThanOrEqual(2);
    const titlesBefore = await tags.allTextContents();

    await page.reload();
    await page.getByTestId('tags-view').waitFor();
    await expect.poll(() => page.getByTestId('tags-view').getByTestId('tag').allTextContents()).toEqual(titlesBefore);
    expect(hashPath(page)).toBe('/contacts');

    // log out: back at sign-in, the token is dead
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('meal.login') ?? 'null')?.accesstoken as string | undefined);
    expect(token).toBeTruthy();
    // §4: the page reloads after logout; storage is read on the fresh sign-in screen
    await logOut(page);
    await expect.poll(() => api('/v2/users/loginstatus', { token }).then((r) => r.status)).toBe(401);
    await page.getByTestId('login-tab-password').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('meal.login'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('meal.orgApp'))).toBeNull();
    await page.close();
  });

  it('fetches an org-app\'s context when the pointer comes onto its card; the click then uses that answer (issue 12)', async () => {
    const page = await harness.browser.context.newPage();
    await signInWithPassword(page, harness.server.url, '13800000002');
    const contextCalls: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/v2/users/org/app/context')) contextCalls.push(r.postData() ?? ''); });
    const card = page.getByTestId('orgapp-item').first();
    const orgId = await card.getAttribute('data-org-id');
    const fetched = page.waitForRequest((r) => r.url().includes('/v2/users/org/app/context'), { timeout: 10_000 });
    await card.hover();
    // before any click: the pointer on the card is enough
    expect(JSON.parse((await fetched).postData() ?? '{}').orgId).toBe(orgId);
    await card.click();
    await page.getByTestId('side-menu').locator('[data-testid^="menu-item-"]').first().waitFor();
    await page.getByTestId('home-page').waitFor();
    expect(contextCalls).toHaveLength(1);
    await page.close();
  });

  it('is sent to sign-in by the guard when opening a screen without a session', async () => {
    const page = await harness.browser.context.newPage();
    await page.goto(`${harness.server.url}/#/contacts`);
    await page.waitForURL(/#\/login/);
    await page.getByTestId('login-tab-password').waitFor();
    // public routes stay reachable without a session (§2)
    await page.goto(`${harness.server.url}/#/404`);
    await page.waitForTimeout(300);
    expect(hashPath(page)).toBe('/404');
    await page.close();
  });
});

describe('sign-in bridge between entry pages (§2)', () => {
  it('opens another entry page signed in on the same screen, in a browser that never signed in', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000005');

    await page.getByTestId('user-menu').click();
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('launch-entry-jydd').click()]);
    const bridgedUrl = popup.url();
    expect(bridgedUrl).toContain('jydd.html?bridgeData=');
    await popup.close();

    // a second, empty profile: only the bridge data can sign it in
    const other = await launchBrowser();
    try {
      const fresh = await other.context.newPage();
      await fresh.goto(bridgedUrl);
      await fresh.getByTestId('home-page').waitFor();
      expect(fresh.url()).not.toContain('bridgeData');
      expect(new URL(fresh.url()).pathname).toBe('/jydd.html');
      await fresh.getByTestId('side-menu').getByTestId('menu-item-productPriceApproval').waitFor();
    } finally {
      await other.close();
    }

    // tampered bridge data (another key) is refused: back to sign-in
    const tampered = new URL(bridgedUrl);
    const data = JSON.parse(Buffer.from(tampered.searchParams.get('bridgeData')!, 'base64url').toString());
    tampered.searchParams.set('bridgeData', Buffer.from(JSON.stringify({ ...data, key: 'not-the-key' })).toString('base64url'));
    const third = await launchBrowser();
    try {
      const p = await third.context.newPage();
      await p.goto(tampered.toString());
      await p.waitForURL(/#\/login/);
    } finally {
      await third.close();
    }
  });
});
