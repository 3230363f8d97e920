// API log and operation log end to end: the org admin sees the requests and events of the org (who, what,
// route), filters them, opens the detail drawer with the event data, and sees new entries arrive live.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/testServer.ts';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';

const harness = useConsole();

async function api<T>(path: string, init: { method?: string; token?: string; key?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${harness.server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token && { accesstoken: init.token }), ...(init.key && { key: init.key }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = await res.json() as { status_code: number; status_text: string; data: T };
  if (body.status_code !== 200) throw new Error(body.status_text);
  return body.data;
}

async function adminSession() {
  const { accesstoken: token } = await api<{ accesstoken: string }>('/v1/passport/login', { method: 'POST', body: { username: '13800000008', password: DEMO_PASSWORD } });
  const apps = await api<{ rows: { orgId: string; appId: string }[] }>('/v2/users/org/app', { token });
  const { key } = await api<{ key: string }>('/v1/token/orgappkey/encrypt', { method: 'POST', token, body: { orgId: apps.rows[0].orgId, appId: apps.rows[0].appId } });
  return { token, key };
}

describe('logs (issue 4)', () => {
  it('shows the API log and the operation log with filters, the detail drawer and live updates', async () => {
    const s = await adminSession();
    await api('/v1/productmembers', { method: 'POST', ...s, body: { name: '日志会员', phoneNumber: '13955551001' } });

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
    await api('/v1/productmembers', { method: 'POST', ...s, body: { name: '实时会员', phoneNumber: '13955551002' } });
    await expect.poll(async () => (await types()).length, { timeout: 15_000 }).toBe(2);
    await page.getByTestId('operation-log-row').first().click();
    await expect.poll(() => page.getByTestId('log-drawer').getByTestId('log-drawer-data').textContent()).toContain('实时会员');
  });
});
