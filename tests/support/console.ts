// What every end-to-end file needs: the real server serving the built console, a fresh browser profile per
// test, and the few steps a person takes to get in.
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer, DEMO_PASSWORD, type TestServer, type TestServerOptions } from './testServer.ts';
import { launchBrowser, type TestBrowser } from './browser.ts';
import { chooserOrgApps } from '../../domain/orgAppChooser.ts';
import type { LoginResult, OrgApp } from '../../domain/types.ts';
import { STORAGE_KEYS } from '../../src/app/preferences.ts';

/** The built console the tests serve: dist/ unless E2E_DIST names another build (parallel work on one tree). */
export const CONSOLE_DIST = process.env.E2E_DIST ?? 'dist';

export interface ConsoleHarness {
  readonly server: TestServer;
  readonly browser: TestBrowser;
}

export type ConsoleServerOptions = Pick<TestServerOptions, 'logStream' | 'outboundAllow' | 'mediaOrigins' | 'deviceHealthEveryMs'>;

/**
 * Registers the hooks: one server per file, a fresh browser (no session, no stored tabs) per test. The options may
 * be a function, read when the server starts: a file's own beforeAll registered earlier (a media server on a free
 * port) has run by then.
 */
export function useConsole(options: ConsoleServerOptions | (() => ConsoleServerOptions) = {}): ConsoleHarness {
  let server: TestServer | undefined;
  let browser: TestBrowser | undefined;
  beforeAll(async () => {
    if (!fs.existsSync(`${CONSOLE_DIST}/index.html`)) throw new Error(`build the console first (npm run build; or vite build --outDir ${CONSOLE_DIST})`);
    const opts = typeof options === 'function' ? options() : options;
    server = await startTestServer({ ...opts, staticDir: CONSOLE_DIST });
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
  return {
    get server() { return server!; },
    get browser() { return browser!; },
  };
}

export const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '').split('?')[0];

/**
 * Logs out from the user menu and waits for the fresh sign-in page: logout sets the hash to /login and then reloads
 * (§4), so the URL matches before the reload and a check made then can meet the old document going away.
 */
export async function logOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  // each step is awaited on its own so a failure says which one did not happen (a run once timed out here)
  const answered = page.waitForResponse((r) => r.url().endsWith('/v2/passport/logout'))
    .catch((e: Error) => { throw new Error(`logOut: no answer to POST /v2/passport/logout (${e.message}); page at ${page.url()}`); });
  const reloaded = page.waitForEvent('load')
    .catch((e: Error) => { throw new Error(`logOut: the page did not reload after the logout (${e.message}); page at ${page.url()}`); });
  reloaded.catch(() => {}); // awaited below; not an unhandled rejection when the answer fails first
  await page.getByTestId('logout').click();
  await answered;
  await reloaded;
  await page.waitForURL(/#\/login/);
}

/** Password sign-in up to the org chooser. */
export async function signInWithPassword(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/#/login`);
  // the pre-rendered form takes typing before the bundle runs (tests/e2e/signInPrerender.test.ts covers that); these
  // helpers only need a signed-in page, so they type into the live form (the bundle starts after the first paint,
  // possibly after the load event)
  await page.waitForFunction(() => !window.__signIn?.fits || window.__signIn.live, undefined, { timeout: 30_000 });
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/orgapp/);
}

/** Password sign-in, then the org-app of `orgName` (the first one when not given), up to the home page. */
/**
 * The first sign-in of an account made for someone (issue 27): the console shows only the step that sets his own
 * password; the initial one is asked unless he signed in by SMS code. The console starts again after it.
 */
export async function chooseOwnPassword(page: Page, newPassword: string, current?: string): Promise<void> {
  const step = page.getByTestId('first-login');
  await step.waitFor({ timeout: 30_000 });
  if (current !== undefined) await step.getByTestId('first-login-current').fill(current);
  else expect(await step.getByTestId('first-login-current').count()).toBe(0);
  await step.getByTestId('first-login-new').fill(newPassword);
  await step.getByTestId('first-login-again').fill(newPassword);
  await step.getByTestId('first-login-submit').click();
}

export async function signInToHome(page: Page, baseUrl: string, username: string, orgName?: string): Promise<void> {
  await signInWithPassword(page, baseUrl, username);
  const items = page.getByTestId('orgapp-item');
  await (orgName ? items.filter({ hasText: orgName }) : items).first().click();
  await page.getByTestId('home-page').waitFor();
}

/** A server answer's data; anything but status_code 200 fails the test with the server's text. */
async function apiData<T>(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', platform: 'web', ...headers }, body: JSON.stringify(body) });
  const envelope = (await res.json()) as { status_code: number; status_text: string; data: T };
  if (envelope.status_code !== 200) throw new Error(`${path}: ${res.status} ${envelope.status_text}`);
  return envelope.data;
}

/**
 * Signed in at the home page of `orgName`'s org-app (the chooser's first when not given), for a test that is not
 * about signing in (issue 32: the form and the chooser cost seconds a test, and signIn.test.ts,
 * signInPrerender.test.ts, persistence.test.ts and secretsInLog.test.ts walk them). The same requests the console
 * makes (password sign-in, the org-app key), then the page starts from what the console itself keeps after them
 * (src/app/storage.ts: the login, the chosen org-app with its key, the user with his usual org-app), as a reload
 * of a signed-in console does, and loads that org-app's menu and context itself.
 */
export async function enterHomeAs(page: Page, baseUrl: string, username: string, orgName?: string): Promise<void> {
  const login = await apiData<LoginResult>(baseUrl, '/v1/passport/login', { username, password: DEMO_PASSWORD });
  // the chooser's list and order (src/screens/orgapp/OrgAppPage.tsx; no agent on 127.0.0.1, no excluded orgs in
  // the test build); a card's text holds the org's and the app's names
  const listed = chooserOrgApps(login.orgApps ?? [], { agentId: null, excludedOrgIds: [] });
  const chosen = orgName ? listed.find((o) => o.orgName.includes(orgName) || o.appName.includes(orgName)) : listed[0];
  if (!chosen) throw new Error(`${username} has no org-app ${orgName ?? ''} to enter`);
  const { key } = await apiData<{ key: string }>(baseUrl, '/v1/token/orgappkey/encrypt', { orgId: chosen.orgId, appId: chosen.appId }, { accesstoken: login.accesstoken });
  const orgApp: OrgApp = { ...chosen, key };
  const stored = {
    [STORAGE_KEYS.login]: login,
    [STORAGE_KEYS.orgApp]: orgApp,
    [STORAGE_KEYS.user]: { username: login.username, orgId: orgApp.orgId, appId: orgApp.appId },
  };
  // storage is per origin: write it from a page of the server's origin that does not start the console (a 404)
  await page.goto(`${baseUrl}/e2e-storage-only`);
  await page.evaluate((items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, JSON.stringify(v)); }, stored);
  await page.goto(`${baseUrl}/#/home`);
  await page.getByTestId('home-page').waitFor();
}

/** Opens both module groups of the side menu so every entry the user has is rendered. */
export async function expandMenuGroups(page: Page): Promise<void> {
  for (const group of ['baseModule', 'mealModule']) {
    const el = page.getByTestId('side-menu').getByTestId(`menu-item-${group}`);
    if ((await el.count()) && (await el.getAttribute('aria-expanded')) !== 'true') await el.click();
  }
}

/** Opens a screen from the side menu, as a person does. */
export async function openScreen(page: Page, key: string): Promise<void> {
  await expandMenuGroups(page);
  await page.getByTestId('side-menu').getByTestId(`menu-item-${key}`).click();
  await page.waitForURL(new RegExp(`#/${key}`));
}
