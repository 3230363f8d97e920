// What every end-to-end file needs: the real server serving the built console, a fresh browser profile per
// test, and the few steps a person takes to get in.
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer, DEMO_PASSWORD, type TestServer } from './testServer.ts';
import { launchBrowser, type TestBrowser } from './browser.ts';

/** The built console the tests serve: dist/ unless E2E_DIST names another build (parallel work on one tree). */
export const CONSOLE_DIST = process.env.E2E_DIST ?? 'dist';

export interface ConsoleHarness {
  readonly server: TestServer;
  readonly browser: TestBrowser;
}

/** Registers the hooks: one server per file, a fresh browser (no session, no stored tabs) per test. */
export function useConsole(opts: { logStream?: NodeJS.WritableStream } = {}): ConsoleHarness {
  let server: TestServer | undefined;
  let browser: TestBrowser | undefined;
  beforeAll(async () => {
    if (!fs.existsSync(`${CONSOLE_DIST}/index.html`)) throw new Error(`build the console first (npm run build; or vite build --outDir ${CONSOLE_DIST})`);
    server = await startTestServer({ staticDir: CONSOLE_DIST, logStream: opts.logStream });
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
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('logout').click();
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
