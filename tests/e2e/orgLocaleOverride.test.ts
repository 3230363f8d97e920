// Issue 15, end to end: an org's own text for a menu entry, per language (§3 locales, GET/PUT /v1/config/locales),
// shows in the console's menu over the catalogs.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/testServer.ts';
import { expandMenuGroups, signInToHome, useConsole } from '../support/console.ts';

const harness = useConsole();

async function api<T>(path: string, init: { method?: string; token?: string; key?: string; body?: unknown } = {}): Promise<{ status: number; data: T }> {
  const res = await fetch(`${harness.server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token && { accesstoken: init.token }), ...(init.key && { key: init.key }) },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}

describe('org locale overrides', () => {
  it("shows the org's name for a menu entry in its language", async () => {
    const admin = '13800000008';
    const login = await api<{ accesstoken: string }>('/v1/passport/login', { method: 'POST', body: { username: admin, password: DEMO_PASSWORD } });
    const token = login.data.accesstoken;
    const apps = await api<{ rows: { orgId: string; appId: string }[] }>('/v2/users/org/app', { token });
    const first = apps.data.rows[0];
    const { data: { key } } = await api<{ key: string }>('/v1/token/orgappkey/encrypt', { method: 'POST', token, body: { orgId: first.orgId, appId: first.appId } });
    // keyed by the entry's server name (通讯录管理): the org renames it in Simplified Chinese only
    // and any other label by its zh-CN source text (the header's 切换机构), through the Lingui catalog
    const saved = await api('/v1/config/locales', { method: 'PUT', token, key, body: { locales: { 'zh-CN': { 通讯录管理: '本校通讯录', 切换机构: '换个学校' } } } });
    expect(saved.status).toBe(200);

    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, admin);
    await expandMenuGroups(page);
    const contacts = page.getByTestId('side-menu').getByTestId('menu-item-contacts');
    await expect.poll(async () => contacts.textContent(), { timeout: 30_000 }).toContain('本校通讯录');
    await expect.poll(async () => page.getByTestId('org-switch').textContent(), { timeout: 30_000 }).toContain('换个学校');
    await page.close();
  });
});
