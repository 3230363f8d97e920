// Creating an organisation from a template, end to end: the system provider in 机构管理, then the new admin
// signing in by SMS; and §1 agent mode: a console opened on an agent's domain lists only that agent's orgs.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { chooseOwnPassword, expandMenuGroups, hashPath, signInToHome, signInWithPassword, useConsole } from '../support/console.ts';
import { call, signIn, DEMO } from '../api/usersApi.ts';
import { auth } from '../api/mallApi.ts';
import type { OrgApp } from '../../domain/types.ts';

const harness = useConsole();

async function signInBySms(page: Page, phone: string) {
  await page.goto(`${harness.server.url}/`);
  await page.waitForURL(/#\/login/);
  await page.getByTestId('login-tab-sms').click();
  await page.getByTestId('login-phone').fill(phone);
  await page.getByTestId('login-send-code').click();
  const outbox = () => call<{ code: string }>(harness.server, 'GET', `/v1/dev/smsoutbox?phoneNumber=${phone}`);
  await expect.poll(async () => (await outbox()).status).toBe(200);
  const { body: { data: { code } } } = await outbox();
  await page.getByTestId('login-code').fill(code);
  await page.getByTestId('login-submit').click();
  // the new admin was made by the platform: he chooses his own password first (by SMS, the initial one is not asked)
  await chooseOwnPassword(page, 'admin-own-pass-1');
  await page.waitForURL(/#\/orgapp/);
}

describe('机构管理: create an organisation from a template', () => {
  it('the provider creates an org with a new admin phone; the admin signs in by SMS and finds the org and its menu', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000001');
    await expandMenuGroups(page);
    await page.getByTestId('side-menu').getByTestId('menu-item-orgAppManage').click();
    await page.waitForURL(/#\/orgAppManage/);
    const screen = page.getByTestId('orgapp-manage-page');
    await screen.waitFor();
    await expect.poll(() => screen.getByTestId('orgapp-row').count()).toBe(9);

    await screen.getByTestId('orgapp-create').click();
    const dialog = page.getByTestId('create-org-dialog');
    await dialog.waitFor();
    // the seeded templates are offered, the school template first
    await expect.poll(() => dialog.getByTestId('create-org-template').locator('option').allTextContents()).toEqual(expect.arrayContaining(['学校模板', '供应商模板']));
    await dialog.getByTestId('create-org-template').selectOption({ label: '学校模板' });
    // a wrong phone is refused before anything is sent
    await dialog.getByTestId('create-org-name').fill('晨光小学');
    await dialog.getByTestId('create-org-admin-phone').fill('1234');
    await dialog.getByTestId('create-org-submit').click();
    await expect.poll(() => dialog.getByTestId('create-org-admin-phone').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByTestId('create-org-steps').count()).toBe(0);

    await dialog.getByTestId('create-org-admin-phone').fill('13966660001');
    await dialog.getByTestId('create-org-admin-name').fill('周晨');
    await dialog.getByTestId('create-org-type').selectOption('trialVersion');
    await dialog.getByTestId('create-org-submit').click();
    await dialog.getByTestId('create-org-done').waitFor();
    const steps = dialog.getByTestId('create-org-step');
    expect(await steps.evaluateAll((els) => els.map((e) => [e.getAttribute('data-step'), e.getAttribute('data-state')]))).toEqual(
      ['config', 'org', 'menu', 'rolegroup', 'role', 'contacts', 'contactspermission'].map((s) => [s, 'done']),
    );
    await dialog.getByTestId('create-org-close').click();

    const row = screen.locator('[data-testid="orgapp-row"][data-org-name="晨光小学"]');
    await row.waitFor();
    expect(await row.getAttribute('data-org-type')).toBe('trialVersion');
    expect(await screen.getByTestId('orgapp-row').count()).toBe(10);
    await page.close();

    // the new admin, in a browser that never signed in
    const other = await launchBrowser();
    try {
      const admin = await other.context.newPage();
      await signInBySms(admin, '13966660001');
      const item = admin.getByTestId('orgapp-item').filter({ hasText: '晨光小学' });
      await item.waitFor();
      expect(await admin.getByTestId('orgapp-item').count()).toBe(1);
      await item.click();
      await admin.getByTestId('home-page').waitFor();
      expect(hashPath(admin)).toBe('/home');
      const menu = admin.getByTestId('side-menu');
      await menu.getByTestId('menu-item-baseModule').waitFor();
      await expandMenuGroups(admin);
      await menu.getByTestId('menu-item-contacts').waitFor();
      await menu.getByTestId('menu-item-orderList').waitFor();
    } finally {
      await other.close();
    }
  });
});

describe('§1 agent mode', () => {
  it("on an agent's domain the chooser lists the agent's orgs (and, for a primary agent, experience and recipe-entrance orgs) only", async () => {
    // the provider registers this test's host (127.0.0.1) as a primary partner's domain and gives it 明德中学
    const provider = await signIn(harness.server, DEMO.provider);
    const apps = await call<{ rows: OrgApp[] }>(harness.server, 'GET', '/v2/users/org/app', { token: provider.token });
    const agent = await call<{ agentId: string }>(harness.server, 'POST', '/v1/productagent', { ...auth(provider), body: { name: '本机合作伙伴', domain: '127.0.0.1', isPrimary: true } });
    expect(agent.status, agent.body.status_text).toBe(200);
    const mingde = apps.body.data.rows.find((o) => o.orgName === '明德中学')!;
    const moved = await call(harness.server, 'PUT', `/v2/config/orgapp/org/${mingde.orgId}`, { ...auth(provider), body: { agentId: agent.body.data.agentId } });
    expect(moved.status, moved.body.status_text).toBe(200);

    // the console resolves its agent by host name at start and stores it
    const page = await harness.browser.context.newPage();
    await page.goto(`${harness.server.url}/`);
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('meal.agent') ?? 'null')?.agentId), { timeout: 30_000 }).toBe(agent.body.data.agentId);
    // the provider belongs to every org; here the supplier, delivery, bureau and platform orgs (another agent's, no recipe entrance) are gone
    await signInWithPassword(page, harness.server.url, '13800000001');
    await page.getByTestId('orgapp-item').first().waitFor();
    const names = await page.getByTestId('orgapp-name').allTextContents();
    expect(names).toContain('明德中学');
    expect(names).toContain('体验学校');
    for (const hidden of ['鲜丰食品供应有限公司', '集采配送中心', '城东区教育局', '营养餐运营平台']) expect(names).not.toContain(hidden);
    await page.close();
  });
});
