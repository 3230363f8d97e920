// Issue 15, end to end: a user who forgot his password resets it by SMS from the sign-in screen and signs in with
// the new one; the old one stops working.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/testServer.ts';
import { useConsole } from '../support/console.ts';
import { publicApi } from '../support/publicApi.ts';

const harness = useConsole();
const { api, outboxCode } = publicApi(() => harness.server);


describe('forgot password', () => {
  it('resets the password by SMS and signs in with the new one', async () => {
    const phone = '13800000002';
    const page = await harness.browser.context.newPage();
    await page.goto(`${harness.server.url}/`);
    await page.waitForURL(/#\/login/);
    await page.getByTestId('login-tab-password').click();
    await page.getByTestId('login-forgot').click();
    const dialog = page.getByTestId('forgot-password');
    await dialog.getByTestId('forgot-phone').fill(phone);
    await dialog.getByTestId('forgot-submit').click();
    // the console SMS adapter's dev outbox
    const code = await outboxCode(phone);
    await dialog.getByTestId('forgot-code').fill(code);
    await dialog.getByTestId('forgot-submit').click();
    await dialog.getByTestId('forgot-password-new').fill('new-secret-1');
    await dialog.getByTestId('forgot-password-again').fill('new-secret-2');
    await dialog.getByTestId('forgot-submit').click();
    await expect.poll(async () => dialog.getByTestId('forgot-error').textContent()).toBeTruthy();
    await dialog.getByTestId('forgot-password-again').fill('new-secret-1');
    await dialog.getByTestId('forgot-submit').click();
    await page.getByTestId('forgot-done').waitFor();
    expect(await page.getByTestId('forgot-password').count()).toBe(0);

    // the account is filled in; the new password signs in
    expect(await page.getByTestId('login-username').inputValue()).toBe(phone);
    await page.getByTestId('login-password').fill('new-secret-1');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/orgapp|#\/home/, { timeout: 60_000 });

    // and the old one no longer does
    expect((await api('/v1/passport/login', { username: phone, password: DEMO_PASSWORD })).status).toBe(400);
    expect((await api('/v1/passport/login', { username: phone, password: 'new-secret-1' })).status).toBe(200);
    await page.close();
  });
});
