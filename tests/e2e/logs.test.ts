// API log and operation log end to end: the org admin sees the requests and events of the org (who, what,
// route), filters them, opens the detail drawer with the event data, and sees new entries arrive live.
import { describe, expect, it } from 'vitest';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';
import { call, signIn, DEMO, type Session } from '../api/usersApi.ts';
import { auth } from '../api/mallApi.ts';

const harness = useConsole();

async function addMember(admin: Session, name: string, phoneNumber: string) {
  const res = await call(harness.server, 'POST', '/v1/productmembers', { ...auth(admin), body: { name, phoneNumber } });
  expect(res.body.status_code, res.body.status_text).toBe(200);
}

describe('logs (issue 4)', () => {
  it('shows the API log and the operation log with filters, the detail drawer and live updates', async () => {
    const admin = await signIn(harness.server, DEMO.schoolAdmin);
    await addMember(admin, '日志会员', '13955551001');

    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000008');
    await openScreen(page, 'apiLog');
    await page.getByTestId('api-log-page').waitFor();

    // the API log: the request that added the member, by the admin
    const apiRow = page.getByTestId('api-log-row').filter({ hasText: 'POST /v1/productmembers' }).first();
    await apiRow.waitFor();
    expect(await apiRow.textContent()).toContain('13800000008');
    await apiRow.click();
    const drawer = page.getByTestId('log-drawer');
    await expect.poll(async () => (await drawer.getByTestId('log-drawer-data').allTextContents()).join('\n')).toContain('日志会员');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // filtered by route: only member requests
    await page.getByTestId('log-filter-route').fill('/v1/productmembers/group');
    await page.getByTestId('log-filter-apply').click();
    await expect.poll(async () => (await page.getByTestId('api-log-route').allTextContents()).every((r) => r.includes('/v1/productmembers/group'))).toBe(true);

    // the operation log, filtered by type; a new event arrives live, without a reload
    await page.getByTestId('log-tab-operation').click();
    await page.getByTestId('operation-log').waitFor();
    await page.getByTestId('operation-log-filters').getByTestId('log-filter-type').fill('MemberAdded');
    await page.getByTestId('operation-log-filters').getByTestId('log-filter-apply').click();
    const types = () => page.getByTestId('operation-log-type').allTextContents();
    await expect.poll(async () => (await types()).length).toBe(1);
    expect(await types()).toEqual(['MemberAdded']);
    await addMember(admin, '实时会员', '13955551002');
    await expect.poll(async () => (await types()).length, { timeout: 15_000 }).toBe(2);
    await page.getByTestId('operation-log-row').first().click();
    await expect.poll(() => page.getByTestId('log-drawer').getByTestId('log-drawer-data').textContent()).toContain('实时会员');
  });
});
