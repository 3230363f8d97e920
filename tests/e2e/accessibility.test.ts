// Issue 13: accessibility basics on the sign-in, home and price approval pages (labels, contrast, names of
// controls, landmarks, keyboard order), checked by axe-core, the maintained checker, in the real browser.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, signInToHome, useConsole } from '../support/console.ts';

const h = useConsole();
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

/** The WCAG 2.1 A/AA violations axe finds on the page as it is, one line each. */
async function violations(page: Page): Promise<string[]> {
  // evaluated through the DevTools protocol: the console's CSP forbids inline scripts, rightly
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    // Fluent's focus sentinels (tabster's hidden dummies) are its documented way to manage focus, not content
    const result = await axe.run({ exclude: [['[data-tabster-dummy]']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  });
  return found.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' ' + (n as unknown as { html: string }).html.slice(0, 160)).join(', ')}`);
}

describe('accessibility basics', () => {
  it('holds on the sign-in page, and its fields are reached by Tab in reading order', async () => {
    const page = await h.browser.context.newPage();
    await page.goto(`${h.server.url}/#/login`);
    await page.getByTestId('login-tab-password').click();
    await page.getByTestId('login-username').waitFor();
    expect(await violations(page)).toEqual([]);

    await page.getByTestId('login-username').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('login-password');
  });

  it('holds on the home page and the price approval page', async () => {
    const page = await h.browser.context.newPage();
    await signInToHome(page, h.server.url, '13800000005');
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    await openScreen(page, 'productPriceApproval');
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => !document.querySelector('.fui-Spinner'));
    expect(await violations(page)).toEqual([]);
  });
});
