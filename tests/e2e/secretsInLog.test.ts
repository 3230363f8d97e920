// Issue 16 point 5: after a real browser session (password and SMS sign-in, screens, the live feed) the
// server's log holds no access token, org key, SMS code or live-feed ticket.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { logOut, signInToHome, openScreen, useConsole } from '../support/console.ts';

const log: string[] = [];
const logStream = new PassThrough();
logStream.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
const harness = useConsole({ logStream });
/** live-feed connections the server logged so far */
const liveConnections = () => log.join('').split('/v1/events?ticket=').length - 1;

/** Every secret the browser received: tokens from sign-in, keys from org-app choice, live-feed tickets. */
function collectSecrets(page: import('playwright-core').Page, secrets: Set<string>) {
  page.on('response', async (res) => {
    if (!res.headers()['content-type']?.includes('application/json')) return;
    const body = await res.json().catch(() => null) as { data?: Record<string, unknown> } | null;
    for (const field of ['accesstoken', 'key', 'ticket']) {
      const value = body?.data?.[field];
      if (typeof value === 'string' && value.length >= 8) secrets.add(value);
    }
  });
}

describe('the server log after a browser session', () => {
  it('holds no token, key, SMS code or ticket', async () => {
    const secrets = new Set<string>();
    const page = await harness.browser.context.newPage();
    collectSecrets(page, secrets);
    // password sign-in; a screen whose data the live feed refreshes
    await signInToHome(page, harness.server.url, '13800000008');
    await openScreen(page, 'contacts');
    await expect.poll(() => liveConnections()).toBeGreaterThanOrEqual(1);
    await logOut(page);

    // SMS sign-in: the code came from the dev outbox, never from the log
    await page.getByTestId('login-tab-sms').click();
    await page.getByTestId('login-phone').fill('13800000002');
    await page.getByTestId('login-send-code').click();
    await expect.poll(() => harness.server.sms.latest('13800000002')).toMatch(/^\d{6}$/);
    const code = harness.server.sms.latest('13800000002')!;
    await page.getByTestId('login-code').fill(code);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/orgapp/);
    await page.getByTestId('orgapp-item').first().click();
    await page.getByTestId('home-page').waitFor();
    await expect.poll(() => liveConnections()).toBeGreaterThanOrEqual(2);

    const text = log.join('');
    // the log is on and records these requests, so a secret in it would be found
    expect(text).toContain('/v1/passport/login');
    expect(text).toContain('/v1/events?ticket=…');
    expect([...secrets].filter((s) => s.length >= 20).length).toBeGreaterThanOrEqual(3);
    for (const secret of [...secrets, code]) expect(text.includes(secret), `secret ${secret.slice(0, 4)}… in the log`).toBe(false);
  });
});
