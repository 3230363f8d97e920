// Issue 12: index.html carries the sign-in form rendered at build time (scripts/prerenderSignIn.ts), usable before the
// entry's JavaScript has run. With every script held back, a person switches to the password tab, types and submits;
// once the scripts arrive React hydrates the same markup and signs in with what was typed.
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { DEMO_PASSWORD } from '../support/testServer.ts';
import { useConsole } from '../support/console.ts';

const harness = useConsole();

/** Holds every script of the console until `release()`: the page has only its HTML (and the inline script). */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return {
    count: () => held.length,
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return errors;
}

describe('the pre-rendered sign-in page', () => {
  it('switches tabs, takes typing and a submit before any script ran, then signs in with them', async () => {
    const page = await harness.browser.context.newPage();
    const errors = collectErrors(page);
    const scripts = await holdScripts(page);
    await page.goto(`${harness.server.url}/#/login`, { waitUntil: 'commit' });
    await expect.poll(() => scripts.count(), { timeout: 20_000 }).toBeGreaterThan(0);

    // (the module scripts hold DOMContentLoaded back: wait for the markup instead)
    // the form is there without JavaScript; the password tab comes from the page's own inline script (allowed by the
    // content security policy's hash)
    await page.getByTestId('login-phone').waitFor();
    const submitColour = () => page.evaluate(() => getComputedStyle(document.querySelector('[data-testid="login-submit"]')!).backgroundColor);
    const smsColour = await submitColour();
    await page.getByTestId('login-tab-password').click();
    // the tab's copy comes without the theme's tokens: the shown page's style element moved over, so it looks the same
    expect(await submitColour()).toBe(smsColour);
    expect(await page.evaluate(() => document.querySelectorAll('style[id^="fui-FluentProvider"]').length)).toBe(1);
    await page.getByTestId('login-username').fill('13800000002');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    // held back, not a native submit (which would reload the page with the password in the URL)
    expect(page.url()).not.toContain(DEMO_PASSWORD);
    expect(await page.evaluate(() => window.__signIn?.submitted)).toBe(true);
    expect(await page.evaluate(() => window.__signIn?.hydrating)).toBe(false);

    await scripts.release();
    await page.waitForURL(/#\/orgapp/, { timeout: 30_000 });
    await page.getByTestId('orgapp-item').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('a submit the moment the form goes live signs in with what was typed before hydration', async () => {
    const page = await harness.browser.context.newPage();
    const errors = collectErrors(page);
    const scripts = await holdScripts(page);
    await page.goto(`${harness.server.url}/#/login`, { waitUntil: 'commit' });
    await page.getByTestId('login-tab-password').click();
    await page.getByTestId('login-username').fill('13800000002');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    // the person presses Enter at the first moment the page's inline script stops holding submits back: the form
    // must already hold what was typed (a submit handled between the takeover and its render read an empty form and
    // silently sent nothing: seen with several people signing in at once)
    await page.evaluate(() => {
      const state = window.__signIn!;
      let live = state.live;
      Object.defineProperty(state, 'live', {
        get: () => live,
        set: (v: boolean) => {
          live = v;
          if (v) document.querySelector<HTMLFormElement>('form')!.requestSubmit();
        },
      });
    });
    await scripts.release();
    await page.waitForURL(/#\/orgapp/, { timeout: 30_000 });
    await page.getByTestId('orgapp-item').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('a "send code" click while React hydrates the form sends the code to the phone typed before hydration', async () => {
    const page = await harness.browser.context.newPage();
    const errors = collectErrors(page);
    const scripts = await holdScripts(page);
    await page.goto(`${harness.server.url}/#/login`, { waitUntil: 'commit' });
    const phone = '13800000003';
    await page.getByTestId('login-phone').fill(phone);
    // the click lands after hydration began and before the form took over what was typed: React hydrates the button
    // at once for it, and its handler read the empty phone of the first render (a clean-clone CI run lost an SMS
    // sign-in this way: no code was ever asked for)
    await page.evaluate(() => {
      const state = window.__signIn!;
      let hydrating = state.hydrating;
      Object.defineProperty(state, 'hydrating', {
        get: () => hydrating,
        set: (v: boolean) => {
          hydrating = v;
          if (v) setTimeout(() => document.querySelector<HTMLButtonElement>('[data-testid="login-send-code"]')!.click(), 0);
        },
      });
    });
    await scripts.release();
    const outbox = async () => (await fetch(`${harness.server.url}/v1/dev/smsoutbox?phoneNumber=${phone}`)).json() as Promise<{ status_code: number }>;
    await expect.poll(async () => (await outbox()).status_code, { timeout: 20_000 }).toBe(200);
    await expect.poll(() => page.getByTestId('login-send-code').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a field focused before the scripts ran has the console fetched once the form is taken over, with no key pressed', async () => {
    const page = await harness.browser.context.newPage();
    const errors = collectErrors(page);
    const scripts = await holdScripts(page);
    const consoleAsked: number[] = [];
    page.on('request', (r) => { if (/\/assets\/Console-[^/]*\.js$/.test(r.url())) consoleAsked.push(Date.now()); });
    await page.goto(`${harness.server.url}/#/login`, { waitUntil: 'commit' });
    // a person (or a password manager) is in the phone field before React has the page
    await page.getByTestId('login-phone').click();
    await scripts.release();
    await page.waitForFunction(() => window.__signIn?.live, undefined, { timeout: 30_000 });
    // not only by the fallback that fetches it 3 s after the takeover anyway: the focus found at the takeover is enough
    await expect.poll(() => consoleAsked.length, { timeout: 2_000 }).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is hydrated in place: the same elements before and after, without a mismatch', async () => {
    const page = await harness.browser.context.newPage();
    const errors = collectErrors(page);
    const scripts = await holdScripts(page);
    await page.goto(`${harness.server.url}/#/login`, { waitUntil: 'commit' });
    await page.getByTestId('login-phone').fill('1380000');
    // remember the elements the first paint showed (an expando, not an attribute React would see)
    await page.evaluate(() => {
      (window as unknown as { first: Element[] }).first = ['login-phone', 'login-tab-sms', 'login-submit']
        .map((id) => document.querySelector(`[data-testid="${id}"]`)!);
    });
    await scripts.release();
    await expect.poll(() => page.evaluate(() => window.__signIn?.live), { timeout: 30_000 }).toBe(true);
    const same = await page.evaluate(() => (window as unknown as { first: Element[] }).first
      .map((el) => el.isConnected && el === document.querySelector(`[data-testid="${el.getAttribute('data-testid')}"]`)));
    expect(same).toEqual([true, true, true]);
    // what was typed before hydration is the form's state now: React keeps it and goes on from it
    await page.getByTestId('login-phone').press('End');
    await page.getByTestId('login-phone').pressSequentially('0002');
    await expect.poll(() => page.getByTestId('login-phone').inputValue()).toBe('13800000002');
    await page.getByTestId('login-send-code').click();
    await expect.poll(() => page.getByTestId('login-send-code').isDisabled(), { timeout: 20_000 }).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a remembered person (kept by logout, §4) gets the same pre-rendered form with his phone filled in, hydrated in place', async () => {
    const page = await harness.browser.context.newPage();
    const errors = collectErrors(page);
    // what a logout leaves: the user item only (with his usual org-app)
    await page.goto(`${harness.server.url}/#/login`);
    await page.evaluate(() => { localStorage.clear(); localStorage.setItem('meal.user', JSON.stringify({ username: '13800000002', orgId: 'org-x', appId: 'cp2026001' })); });
    const scripts = await holdScripts(page);
    await page.reload({ waitUntil: 'commit' });
    await page.getByTestId('login-phone').waitFor();
    expect(await page.evaluate(() => window.__signIn?.fits)).toBe(true);
    expect(await page.evaluate(() => window.__signIn?.hydrating)).toBe(false);
    expect(await page.getByTestId('login-phone').inputValue()).toBe('13800000002');
    await page.getByTestId('login-tab-password').click();
    expect(await page.getByTestId('login-username').inputValue()).toBe('13800000002');
    await page.evaluate(() => { (window as unknown as { first: Element | null }).first = document.querySelector('[data-testid="login-username"]'); });
    await scripts.release();
    await expect.poll(() => page.evaluate(() => window.__signIn?.live), { timeout: 30_000 }).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { first: Element }).first === document.querySelector('[data-testid="login-username"]'))).toBe(true);
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/orgapp/, { timeout: 30_000 });
    expect(errors).toEqual([]);
  });
});
