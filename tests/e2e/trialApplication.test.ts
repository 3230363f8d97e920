// Issue 15, end to end: a person with no account opens the trial application link (§2 /applyTrialUserForm with the
// org-app to join), gets a register code by SMS, submits, lands on the success page, and then signs in with an SMS
// code: POST /v1/passport/formuser made his account and joined it to the trial org-app. An existing account applies
// the same way (formuser takes a register code for it too); after failed tries the code needs the image captcha.
// The applicant says who he applies as; the trial org gives him its role of that kind, so the console he signs in to
// has a menu (domain/trialRole.ts).
//
// Issue 27, end to end (was trialSandbox.test.ts; one file, so one server, since issue 32): a person with no
// account applies to the trial org as an education bureau (§1 identity, roleCode 4) through the trial application
// link, signs in, and finds his sandbox: the trial org's console with the bureau's price-approval screen, and in it
// nothing real: no real supplier's pending price (which the real bureau of the district does see), no real supplier
// to filter by. The trial org sits in the same district as every real org;
// its bureau's area is the sandbox (domain/orgKind.ts).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, useConsole } from '../support/console.ts';
import { call, signIn, DEMO } from '../api/usersApi.ts';
import { auth, type Price } from '../api/mallApi.ts';
import { publicApi } from '../support/publicApi.ts';
import { CAPTCHA_GATE } from '../../domain/signInThrottle.ts';

const harness = useConsole();
const { api, outboxCode, captchaAnswer } = publicApi(() => harness.server);

const TRIAL_ORG = { orgId: 'org-tyxx', name: '体验学校' };
const REAL_SUPPLIERS = ['鲜丰食品供应有限公司', '集采配送中心'];

/**
 * From the success page, the applicant signs in with an SMS code (a sign-in code now: the phone has an account, so a
 * new code after the registration's) and chooses his one org-app, the trial org.
 */
async function signInToTrialOrg(page: Page, phone: string, registerCode: string): Promise<void> {
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
}

describe('trial application', () => {
  it('a new phone applies through the link, lands on the success page, and signs in to the trial org', async () => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    const { db } = harness.server.store;
    expect(await db.selectFrom('users').select('user_id').where('username', '=', phone).execute()).toEqual([]);
    const { app_id: appId } = await db.selectFrom('org_apps').select('app_id').where('org_id', '=', TRIAL_ORG.orgId).executeTakeFirstOrThrow();

    // a link without the org-app to join says so, and cannot be submitted
    const bare = await harness.browser.context.newPage();
    await bare.goto(`${harness.server.url}/#/applyTrialUserForm`);
    await bare.getByTestId('trial-no-target').waitFor({ timeout: 60_000 });
    expect(await bare.getByTestId('trial-no-target').textContent()).toContain('申请链接缺少机构信息');
    expect(await bare.getByTestId('trial-submit').isDisabled()).toBe(true);
    // on a phone (390 px) the send-code button stays inside the form, beside the code field
    await bare.setViewportSize({ width: 390, height: 844 });
    const box = async (testId: string) => (await bare.getByTestId(testId).boundingBox())!;
    const [send, submit] = [await box('trial-send-code'), await box('trial-submit')];
    expect(send.x + send.width).toBeLessThanOrEqual(submit.x + submit.width + 0.5);
    expect(send.y).toBeGreaterThan((await box('trial-phone')).y);
    await bare.close();

    const page = await harness.browser.context.newPage();
    // no session: the form opens (the guard sends other pages to sign-in)
    await page.goto(`${harness.server.url}/#/applyTrialUserForm?appId=${appId}&orgId=${TRIAL_ORG.orgId}`);
    await page.getByTestId('trial-form-page').waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).hash).toContain('/applyTrialUserForm');
    expect(await page.getByTestId('trial-no-target').count()).toBe(0);

    await page.getByTestId('trial-phone').fill(phone);
    await page.getByTestId('trial-send-code').click();
    const registerCode = await outboxCode(phone);
    // the code sent is the one formuser takes (a sign-in code would have been refused: the phone has no account)
    const sent = await db.selectFrom('sms_codes').select('purpose').where('phone', '=', phone).execute();
    expect(sent.map((r) => r.purpose)).toEqual(['register']);
    await expect.poll(() => page.getByTestId('trial-send-code').isDisabled(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByTestId('trial-error').count()).toBe(0);

    // who he applies as is asked for: without it the form marks the field and sends nothing
    await page.getByTestId('trial-code').fill(registerCode);
    await page.getByTestId('trial-submit').click();
    await expect.poll(() => page.getByTestId('trial-role').getAttribute('aria-invalid'), { timeout: 30_000 }).toBe('true');
    expect(await db.selectFrom('users').select('user_id').where('username', '=', phone).execute()).toEqual([]);
    await page.getByTestId('trial-role').selectOption({ label: '学校采购员' });

    // a wrong code: the server's readable answer, nobody created
    await page.getByTestId('trial-code').fill(registerCode === '000000' ? '000001' : '000000');
    await page.getByTestId('trial-submit').click();
    await expect.poll(() => page.getByTestId('trial-error').textContent(), { timeout: 30_000 }).toContain('验证码错误');
    expect(await db.selectFrom('users').select('user_id').where('username', '=', phone).execute()).toEqual([]);

    await page.getByTestId('trial-code').fill(registerCode);
    await page.getByTestId('trial-submit').click();
    await page.getByTestId('trial-success-page').waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).hash).toBe('#/applyTrialSuccess');
    expect(await page.getByTestId('trial-success-page').textContent()).toContain('试用账号已开通');

    // what formuser promised: the account, in the trial org-app
    const user = await db.selectFrom('users').select(['user_id']).where('username', '=', phone).executeTakeFirstOrThrow();
    const memberships = await db.selectFrom('org_app_users').select(['org_id', 'app_id']).where('user_id', '=', user.user_id).execute();
    expect(memberships).toEqual([{ org_id: TRIAL_ORG.orgId, app_id: appId }]);
    // and the trial school's school role, the kind he applied as
    const held = await db.selectFrom('user_roles as ur').innerJoin('roles as r', (j) => j.onRef('r.role_id', '=', 'ur.role_id').onRef('r.org_id', '=', 'ur.org_id'))
      .select(['r.code']).where('ur.user_id', '=', user.user_id).where('ur.org_id', '=', TRIAL_ORG.orgId).execute();
    expect(held).toEqual([{ code: '1' }]);

    // and the applicant signs in with an SMS code to the trial org, his only org-app
    await signInToTrialOrg(page, phone, registerCode);

    // in the trial org his console has a menu, home first, with the school's pages
    const menu = page.getByTestId('side-menu');
    const entries = menu.locator('[data-testid^="menu-item-"]');
    await expect.poll(() => entries.count(), { timeout: 60_000 }).toBeGreaterThan(1);
    expect(await entries.first().getAttribute('data-testid')).toBe('menu-item-home');
    expect(await entries.first().textContent()).toContain('首页');
    expect(await menu.getByTestId('menu-item-orderList').count()).toBe(1);
    expect(new URL(page.url()).hash).not.toContain('401');
    await page.close();
  });

  it(`an existing account applies too; after ${CAPTCHA_GATE.afterFailures} wrong codes the form asks for the captcha first`, async () => {
    const phone = '13800000004'; // a delivery user of another org
    const { db } = harness.server.store;
    const { app_id: appId } = await db.selectFrom('org_apps').select('app_id').where('org_id', '=', TRIAL_ORG.orgId).executeTakeFirstOrThrow();
    for (let i = 0; i < CAPTCHA_GATE.afterFailures; i += 1) {
      expect((await api('/v1/passport/formuser', { appId, orgId: TRIAL_ORG.orgId, phoneNumber: phone, smscode: '000000' })).status).toBe(400);
    }
    const page = await harness.browser.context.newPage();
    // the link says he applies as a supplier: the form starts with that choice
    await page.goto(`${harness.server.url}/#/applyTrialUserForm?appId=${appId}&orgId=${TRIAL_ORG.orgId}&roleCode=2`);
    await page.getByTestId('trial-phone').fill(phone);
    expect(await page.getByTestId('trial-role').inputValue()).toBe('2');
    await page.getByTestId('trial-send-code').click();
    // the server asks for the phone's image captcha (428): the form draws it, and the code goes with its answer
    await page.getByTestId('login-captcha-image').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('trial-error').textContent()).toContain('请先完成图形验证或滑动验证');
    const answer = await captchaAnswer(phone);
    await page.getByTestId('login-captcha').fill(answer);
    await page.getByTestId('trial-send-code').click();
    const code = await outboxCode(phone);
    await expect.poll(() => page.getByTestId('trial-error').count(), { timeout: 30_000 }).toBe(0);
    await page.getByTestId('trial-code').fill(code);
    await page.getByTestId('trial-submit').click();
    await page.getByTestId('trial-success-page').waitFor({ timeout: 60_000 });

    // the same account, now in the trial org as well as its own
    const users = await db.selectFrom('users').select('user_id').where('username', '=', phone).execute();
    expect(users).toHaveLength(1);
    const orgs = await db.selectFrom('org_app_users').select('org_id').where('user_id', '=', users[0].user_id).orderBy('org_id').execute();
    expect(orgs.map((o) => o.org_id)).toEqual(['org-jcps', TRIAL_ORG.orgId]);
    const roles = await db.selectFrom('user_roles as ur').innerJoin('roles as r', (j) => j.onRef('r.role_id', '=', 'ur.role_id').onRef('r.org_id', '=', 'ur.org_id'))
      .select(['ur.org_id', 'r.code']).where('ur.user_id', '=', users[0].user_id).orderBy('ur.org_id').execute();
    expect(roles).toEqual([{ org_id: 'org-jcps', code: '3' }, { org_id: TRIAL_ORG.orgId, code: '2' }]);
    await page.close();
  });
});

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
    await signInToTrialOrg(page, phone, registerCode);

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
