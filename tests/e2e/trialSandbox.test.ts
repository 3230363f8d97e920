// Issue 27, end to end: a person with no account applies to the trial org as an education bureau (§1 identity,
// roleCode 4) through the trial application link, signs in, and finds his sandbox: the trial org's console with the
// bureau's price-approval screen, and in it nothing real: no real supplier's pending price (which the real bureau of
// the district does see), no real supplier to filter by. The trial org sits in the same district as every real org;
// its bureau's area is the sandbox (domain/orgKind.ts).
import { describe, expect, it } from 'vitest';
import { openScreen, useConsole } from '../support/console.ts';
import { publicApi } from '../support/publicApi.ts';
import { call, signIn, DEMO } from '../api/usersApi.ts';
import { auth, type Price } from '../api/mallApi.ts';

const harness = useConsole();
const { outboxCode } = publicApi(() => harness.server);

const TRIAL_ORG = { orgId: 'org-tyxx', name: '体验学校' };
const REAL_SUPPLIERS = ['鲜丰食品供应有限公司', '集采配送中心'];

describe('a trial applicant as a bureau', () => {
  it('signs up, signs in, and sees his sandbox and nothing real', async () => {
    const { db } = harness.server.store;
    // what a real bureau of the district sees: pending prices of the real suppliers
    const realBureau = await signIn(harness.server, DEMO.bureau);
    const realQueue = await call<{ rows: Price[] }>(harness.server, 'GET', '/v5/mall/sku/price?isCheck=0', auth(realBureau));
    expect(realQueue.body.data.rows.length).toBeGreaterThan(0);

    const phone = `135${String(Date.now()).slice(-8)}`;
    const { app_id: appId } = await db.selectFrom('org_apps').select('app_id').where('org_id', '=', TRIAL_ORG.orgId).executeTakeFirstOrThrow();
    const page = await harness.browser.context.newPage();
    await page.goto(`${harness.server.url}/#/applyTrialUserForm?appId=${appId}&orgId=${TRIAL_ORG.orgId}`);
    await page.getByTestId('trial-form-page').waitFor({ timeout: 60_000 });
    await page.getByTestId('trial-phone').fill(phone);
    await page.getByTestId('trial-send-code').click();
    const registerCode = await outboxCode(phone);
    await page.getByTestId('trial-code').fill(registerCode);
    await page.getByTestId('trial-role').selectOption({ label: '教育局' });
    await page.getByTestId('trial-submit').click();
    await page.getByTestId('trial-success-page').waitFor({ timeout: 60_000 });

    // he holds the trial org's bureau role
    const user = await db.selectFrom('users').select('user_id').where('username', '=', phone).executeTakeFirstOrThrow();
    const held = await db.selectFrom('user_roles as ur').innerJoin('roles as r', (j) => j.onRef('r.role_id', '=', 'ur.role_id').onRef('r.org_id', '=', 'ur.org_id'))
      .select(['r.code', 'ur.org_id']).where('ur.user_id', '=', user.user_id).execute();
    expect(held).toEqual([{ code: '4', org_id: TRIAL_ORG.orgId }]);

    // he signs in with an SMS code and enters the trial org
    await page.getByTestId('trial-success-login').click();
    await page.waitForURL(/#\/login/, { timeout: 30_000 });
    await page.getByTestId('login-phone').fill(phone);
    await page.getByTestId('login-send-code').click();
    await page.getByTestId('login-code').fill(await outboxCode(phone, registerCode));
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/orgapp/, { timeout: 60_000 });
    const items = page.getByTestId('orgapp-item');
    await items.first().waitFor({ timeout: 30_000 });
    expect(await items.count()).toBe(1);
    expect(await items.first().textContent()).toContain(TRIAL_ORG.name);
    await items.first().click();

    // his sandbox: the bureau's price approval screen, with no real supplier's price in its queue
    await expect.poll(() => page.getByTestId('side-menu').locator('[data-testid^="menu-item-"]').count(), { timeout: 60_000 }).toBeGreaterThan(1);
    await openScreen(page, 'productPriceApproval');
    await page.getByTestId('approval-empty').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('approval-row').count()).toBe(0);
    const suppliers = await page.getByTestId('approval-filter-supplier').locator('option').allTextContents();
    for (const name of REAL_SUPPLIERS) expect(suppliers.join('|')).not.toContain(name);
    // every state, not only pending: still nothing of a real supplier
    await page.getByTestId('approval-filter-state').selectOption('');
    await page.getByTestId('approval-empty').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('approval-row').count()).toBe(0);
    const body = await page.locator('body').textContent();
    for (const name of REAL_SUPPLIERS) expect(body).not.toContain(name);
    expect(new URL(page.url()).hash).not.toContain('401');
    await page.close();
  });
});
