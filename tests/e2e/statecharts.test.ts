// Issue 3 inspector end to end: the system provider opens the Statecharts page in Chromium, sees every
// machine drawn with the live state, the journal, steps a replay and exports a journal without secrets.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../support/testServer.ts';
import { signInToHome, useConsole } from '../support/console.ts';
import { ORDER_STATUSES } from '../../domain/order.ts';
import { FRUIT_ORDER_STATUSES } from '../../domain/fruitMall.ts';
import { downloadedBytes } from '../support/browser.ts';

const harness = useConsole();

// the root's machines, then those screens spawn: price board and approval, one per recipe cycle, one per order row
const MACHINES = ['session', 'orgApp', 'guard', 'noticeBanner', 'frameBridge', 'onlineRestriction', 'qrSignIn', 'app', 'priceBoard', 'priceApproval', 'recipeApproval', 'order', 'fruitOrder'];

const stateOf = (page: Page, machine: string, path: string) =>
  page.getByTestId(`statechart-${machine}`).locator(`g[data-state-path="${path}"]`).first();

describe('the Statecharts page', () => {
  it('draws every machine with its live state, lists the journal, replays it step by step and exports it masked', async () => {
    const page = await harness.browser.context.newPage();
    const requests: string[] = [];
    await signInToHome(page, harness.server.url, '13800000001');

    await page.goto(`${harness.server.url}/#/statecharts`);
    await page.getByTestId('statecharts-page').waitFor();
    page.on('request', (r) => requests.push(r.url()));

    for (const id of MACHINES) await page.getByTestId(`statechart-${id}`).waitFor();
    // the order machine with a node for each order status of the domain (issue 11)
    for (const status of ORDER_STATUSES) await stateOf(page, 'order', status).waitFor();
    // and the fruit order machine with each fruit order status (issue 34)
    for (const status of FRUIT_ORDER_STATUSES) await stateOf(page, 'fruitOrder', status).waitFor();
    // session signed in, org-app ready: highlighted live
    await expect.poll(() => stateOf(page, 'session', 'signedIn').getAttribute('data-active')).toBe('true');
    expect(await stateOf(page, 'session', 'signedOut').getAttribute('data-active')).toBe('false');
    expect(await stateOf(page, 'orgApp', 'ready').getAttribute('data-active')).toBe('true');
    expect(await page.getByTestId('replay-position').textContent()).toBe('实时');

    // the journal of this session (the production build starts it on this page: from the current states)
    const rows = page.getByTestId('journal-row');
    await page.getByText('显示 TICK').click();
    await expect.poll(() => rows.count()).toBeGreaterThan(0);

    // events while the page's journal runs: switch to another org-app (same document, no reload)
    await page.evaluate(() => (window.location.hash = '#/orgapp'));
    await expect.poll(() => page.getByTestId('orgapp-item').count()).toBeGreaterThanOrEqual(2);
    await page.getByTestId('orgapp-item').nth(1).click();
    await page.getByTestId('home-page').waitFor();
    await page.evaluate(() => (window.location.hash = '#/statecharts'));
    await page.getByTestId('statecharts-page').waitFor();
    const orgRows = page.locator('[data-testid="journal-row"][data-actor="orgApp"]');
    await expect.poll(() => orgRows.count()).toBeGreaterThanOrEqual(2);
    await page.getByTestId('journal-table').getByText('CHOOSE').first().waitFor();

    // pick the org-app's CHOOSE: the replayed states are highlighted instead of the live ones
    await orgRows.filter({ hasText: 'CHOOSE' }).first().click();
    await expect.poll(() => page.getByTestId('replay-position').textContent()).toMatch(/^\d+ \/ \d+$/);
    const positionAt = async () => Number((await page.getByTestId('replay-position').textContent())!.split(' / ')[0]);
    const start = await positionAt();
    const orgValue = () => page.getByTestId('statechart-value-orgApp').textContent();
    const valueAtStart = await orgValue();
    expect(valueAtStart).toMatch(/^(fetchingKey|loadingContext)$/);
    expect(await stateOf(page, 'orgApp', valueAtStart!).getAttribute('data-active')).toBe('true');
    expect(await stateOf(page, 'orgApp', 'ready').getAttribute('data-active')).toBe('false');
    expect(await page.getByTestId('statechart-card-orgApp').textContent()).toContain('回放');

    // step forward until the org-app is ready again, then back to where it was
    let steps = 0;
    while ((await orgValue()) !== 'ready' && steps < 60) {
      await page.getByTestId('replay-forward').click();
      steps++;
    }
    expect(await orgValue()).toBe('ready');
    expect(await stateOf(page, 'orgApp', 'ready').getAttribute('data-active')).toBe('true');
    expect(await positionAt()).toBeGreaterThan(start);
    for (let i = 0; i < steps; i++) await page.getByTestId('replay-back').click();
    expect(await positionAt()).toBe(start);
    expect(await orgValue()).toBe(valueAtStart);
    // exactly the replayed state's node is active
    const active = await page.getByTestId('statechart-orgApp').locator('g[data-active="true"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-state-path')));
    expect(active).toEqual([valueAtStart]);

    // export: JSON, the journal format, no raw token of this session
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('meal.login') ?? 'null')?.accesstoken as string);
    expect(token).toBeTruthy();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('journal-export').click()]);
    const text = (await downloadedBytes(download)).toString('utf8');
    const file = JSON.parse(text) as { format: string; entries: unknown[]; bases: Record<string, unknown> };
    expect(file.format).toBe('meal-console/statechart-journal');
    expect(file.entries.length).toBeGreaterThan(0);
    expect(text).not.toContain(token);
    expect(text).not.toContain(DEMO_PASSWORD);

    // back to live, then load the exported file: replayed on the page
    await page.getByTestId('replay-live').click();
    expect(await page.getByTestId('replay-position').textContent()).toBe('实时');
    await page.getByTestId('journal-import').setInputFiles({ name: 'bug-report.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect.poll(() => page.getByTestId('replay-position').textContent()).toBe(`${file.entries.length} / ${file.entries.length}`);
    await expect.poll(() => stateOf(page, 'session', 'signedIn').getAttribute('data-active')).toBe('true');

    // nothing on the page went to the network but the console's own server
    expect(requests.filter((u) => !u.startsWith(harness.server.url) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);
    await page.close();
  });

  it('is not shown to a user who is not the system provider', async () => {
    const page = await harness.browser.context.newPage();
    await signInToHome(page, harness.server.url, '13800000002');
    await page.goto(`${harness.server.url}/#/statecharts`);
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('statecharts-page').count()).toBe(0);
    await page.close();
  });
});
