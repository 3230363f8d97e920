// §4 online restriction end to end: the school's contacts entry is configured with office hours; at a simulated
// 22:30 (the browser's clock and the server's) a purchaser opening it meets the configured title and message
// instead of the screen, and the screen's calls are refused; at 10:00 it opens for him; the org admin passes
// at 22:30 (§6).
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { CONSOLE_DIST, hashPath, openScreen, signInWithPassword } from '../support/console.ts';
import { call, signIn, DEMO, SCHOOL_A } from '../api/usersApi.ts';
import { nowParts } from '../../domain/onlineRestriction.ts';
import type { OnlineRule } from '../../domain/types.ts';

const SCHOOL_A_ID = 'org-ygsy';
const RULE: OnlineRule = { enable: true, type: 'time', datetime: ['08:00', '17:00'], title: '通讯录已下班', msg: '通讯录每天 08:00-17:00 开放，请明天再来' };

let server: TestServer;
let browser: TestBrowser;
/** the server's clock runs this far from the real one: the simulated moment of the test, flowing */
let offsetMs = 0;

/** Both clocks, the server's and the page's, at `time` (China time) of today. */
async function simulate(page: Page, time: string): Promise<void> {
  const today = nowParts(new Date()).date;
  const moment = new Date(`${today}T${time}:00+08:00`);
  offsetMs = moment.getTime() - Date.now();
  await page.clock.install({ time: moment });
}

/** The school's org admin gives its contacts menu entry the online rule (§7 PUT /v2/permission/:id). */
async function configureContacts(online: OnlineRule): Promise<void> {
  const admin = await signIn(server, DEMO.schoolAdmin, SCHOOL_A);
  const found = await call<{ rows: { id: string; groupName: string; extraInfo: Record<string, unknown> }[] }>(
    server, 'GET', '/v2/permission?moduleId=contacts&groupName=pcMenu', { token: admin.token, key: admin.key },
  );
  const entry = found.body.data.rows.find((r) => r.groupName === 'pcMenu')!;
  const put = await call(server, 'PUT', `/v2/permission/${entry.id}`, { token: admin.token, key: admin.key, body: { extraInfo: { ...entry.extraInfo, online } } });
  expect(put.status).toBe(200);
}

/** Signs in and chooses the first school (where the rule is), up to the home page. */
async function signInToSchool(page: Page, username: string): Promise<void> {
  await signInWithPassword(page, server.url, username);
  await page.locator(`[data-testid="orgapp-item"][data-org-id="${SCHOOL_A_ID}"]`).click();
  await page.getByTestId('home-page').waitFor();
}

/** The statuses of the contacts calls the page makes. */
function contactsCalls(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/v3/contacts/')) statuses.push(res.status());
  });
  return statuses;
}

beforeAll(async () => {
  if (!fs.existsSync(`${CONSOLE_DIST}/index.html`)) throw new Error(`build the console first (npm run build; or vite build --outDir ${CONSOLE_DIST})`);
  server = await startTestServer({ staticDir: CONSOLE_DIST, clock: () => new Date(Date.now() + offsetMs) });
  await configureContacts(RULE);
});
afterAll(async () => { await server?.close(); });
beforeEach(async () => {
  offsetMs = 0;
  browser = await launchBrowser();
});
afterEach(async () => { await browser?.close(); });

describe('online restriction in the console (§4)', () => {
  it('blocks the contacts entry for a purchaser at 22:30 with the configured title and message', async () => {
    const page = await browser.context.newPage();
    await simulate(page, '22:30');
    const calls = contactsCalls(page);
    await signInToSchool(page, DEMO.purchaser);
    await openScreen(page, 'contacts');

    const blocked = page.getByTestId('online-blocked');
    await blocked.waitFor();
    expect(await page.getByTestId('online-blocked-title').textContent()).toBe(RULE.title);
    expect(await page.getByTestId('online-blocked-msg').textContent()).toBe(RULE.msg);
    expect(await page.getByTestId('online-blocked-window').textContent()).toContain('08:00 - 17:00');
    expect(await page.locator('[data-testid="screen"][data-screen="contacts"]').count()).toBe(0);
    expect(await page.getByTestId('department-tree').count()).toBe(0);
    // the screen never asked the server for its data; the server refuses it anyway in this window
    expect(calls).toEqual([]);
    const purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
    const refused = await call(server, 'GET', '/v3/contacts/department', { token: purchaser.token, key: purchaser.key });
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: { status_code: 403, status_text: RULE.msg, data: null } });

    // still signed in, and home is one click away
    await page.getByTestId('online-blocked-home').click();
    await page.getByTestId('home-page').waitFor();
    expect(hashPath(page)).toBe('/home');
    // typing the address leads to the same page
    await page.goto(`${server.url}/#/contacts`);
    await page.getByTestId('online-blocked').waitFor();
  });

  it('opens the contacts entry for the purchaser inside the allowed hours', async () => {
    const page = await browser.context.newPage();
    await simulate(page, '10:00');
    const calls = contactsCalls(page);
    await signInToSchool(page, DEMO.purchaser);
    await openScreen(page, 'contacts');
    await page.locator('[data-testid="screen"][data-screen="contacts"]').waitFor();
    await page.getByTestId('department-tree').waitFor();
    await expect.poll(() => calls.length).toBeGreaterThan(0);
    expect(await page.getByTestId('online-blocked').count()).toBe(0);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((s) => s === 200)).toBe(true);
  });

  it('lets the org admin open the contacts entry at 22:30', async () => {
    const page = await browser.context.newPage();
    await simulate(page, '22:30');
    const calls = contactsCalls(page);
    await signInToSchool(page, DEMO.schoolAdmin);
    await openScreen(page, 'contacts');
    await page.locator('[data-testid="screen"][data-screen="contacts"]').waitFor();
    await page.getByTestId('department-tree').getByText('行政办公室').waitFor();
    await expect.poll(() => calls.length).toBeGreaterThan(0);
    expect(await page.getByTestId('online-blocked').count()).toBe(0);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((s) => s === 200)).toBe(true);
  });
});
