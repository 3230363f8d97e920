/**
 * The session model (sign-in) on the page: what each state looks like on the console and which clicks and
 * typing send each event. See pagePaths.ts.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { LoginResult } from '../../../domain/types.ts';
import { sessionModel } from '../models.ts';
import type { Fixture } from '../graph.ts';
import { answered, type PageEvent, type PageMapping, type PageState, type Skip } from './pagePaths.ts';
import { STORAGE, USERS, type ConsoleDriver } from './ui.ts';
import { DEMO_PASSWORD } from '../../support/testServer.ts';

const WRONG_PASSWORD = 'not-the-password';

/**
 * The login page's own warning bar for a lost session (it has no test id: the other bar is login-error).
 * In the console the message reaches the user as the root's forbidden-toast, which dismisses it at once.
 */
const forbiddenBar = (ui: ConsoleDriver) => ui.page.locator('.fui-MessageBar:not([data-testid="login-error"])');

async function loginPage(ui: ConsoleDriver, { error, forbidden }: { error: boolean; forbidden: boolean }): Promise<void> {
  await ui.at('/login');
  await ui.visible('login-tab-password');
  await ui.visible('login-submit');
  await expect.poll(() => ui.testId('login-submit').isEnabled(), { message: 'sign-in button usable' }).toBe(true);
  if (error) await ui.visible('login-error');
  else await ui.absent('login-error');
  if (forbidden) await ui.visible('forbidden-toast');
  expect(await forbiddenBar(ui).count(), 'no "session lost" warning bar (the toast carries it)').toBe(0);
  expect(await ui.stored(STORAGE.login), 'no login kept in storage').toBeNull();
}

export function sessionState(s: AnyMachineSnapshot): PageState | Skip {
  if (s.matches('signedOut')) {
    const error = s.context.error !== null;
    const forbidden = s.context.forbiddenMessage !== null;
    if (error && forbidden) {
      return { skip: 'both messages at once need a 401 answer while already signed out with a login error showing; nothing the login page requests is answered 401' };
    }
    return {
      shows: `#/login with the sign-in form, ${error ? 'login-error shown' : 'no login-error'}, ${forbidden ? 'the "login expired" forbidden-toast shown' : 'no warning bar'}, no meal.login stored`,
      check: (ui) => loginPage(ui, { error, forbidden }),
    };
  }
  if (s.matches('signingIn')) {
    return {
      shows: 'login-submit busy (disabled) while POST /v1/passport/login is pending',
      hold: { method: 'POST', path: '/v1/passport/login' },
      check: async (ui) => {
        await ui.at('/login');
        await expect.poll(() => ui.testId('login-submit').isDisabled(), { message: 'login-submit busy' }).toBe(true);
      },
    };
  }
  if (s.matches('signedIn')) {
    return {
      shows: 'leaves #/login (org chooser or home), meal.login stored with a token the server accepts',
      check: async (ui) => {
        // settled on the chooser (no org-app kept) or on home (one kept)
        await expect
          .poll(async () => (ui.path() === '/orgapp' && (await ui.testId('orgapp-item').count()) > 0) || (ui.path() === '/home' && (await ui.testId('home-page').count()) > 0), {
            timeout: 15_000,
            message: 'left the sign-in page for the org chooser or home',
          })
          .toBe(true);
        await ui.absent('login-submit');
        const token = await ui.token();
        expect(await ui.api.tokenAlive(token), 'the stored token is live on the server').toBe(true);
      },
    };
  }
  if (s.matches('loggingOut')) {
    return {
      shows: 'the loading bar runs while POST /v2/passport/logout (with the page\'s token) is pending',
      hold: { method: 'POST', path: '/v2/passport/logout' },
      check: async (ui, hold) => {
        const request = await hold!.pending();
        expect(request.headers().accesstoken, 'logout sends the stored token').toBe(await ui.token());
        await ui.visible('route-loading', 5000);
      },
    };
  }
  return { skip: 'not a state of the session machine' };
}

const notSignedIn = (s: AnyMachineSnapshot) => s.matches('signedOut');

export function sessionEvent(fixture: Fixture): PageEvent | Skip {
  const e = fixture.event as { type: string; mode?: string; status?: number; statusText?: string; now?: number };
  const failsNext = (next?: { type: string }) => Boolean(next?.type.startsWith('xstate.error.actor.'));
  switch (e.type) {
    case 'LOGIN':
      if (e.mode === 'password') {
        return {
          does: 'password tab: type the phone and the password (a wrong one when the login is to fail), submit',
          when: notSignedIn,
          run: (ui, { next }) => ui.submitPassword(ui.user, failsNext(next) ? WRONG_PASSWORD : DEMO_PASSWORD),
        };
      }
      return {
        does: 'SMS tab: type the phone, send a code, read it from the dev outbox, type it (one digit off when the login is to fail), submit',
        when: notSignedIn,
        run: (ui, { next }) => ui.submitSms(ui.user, { wrongCode: failsNext(next) }),
      };
    case 'QR_CONFIRMED':
      return {
        does: 'QR tab: the phone (API, signed in as the same user) scans and confirms the code the page created; the page\'s next poll signs in',
        when: notSignedIn,
        detour: true,
        run: async (ui) => {
          const created = ui.page.waitForResponse((r) => r.url().endsWith('/v1/passport/qrcode') && r.request().method() === 'POST');
          await ui.testId('login-tab-qr').click();
          const body = (await (await created).json()) as { data: { id: string } };
          await ui.visible('qr-image');
          const phone = await ui.api.login(ui.user);
          for (const step of ['scan', 'confirm']) {
            const r = await ui.api.call(`/v1/passport/qrcode/${encodeURIComponent(body.data.id)}/${step}`, { token: phone.accesstoken, key: '', body: {} });
            expect(r.status, `QR ${step}: ${r.body.status_text}`).toBe(200);
          }
        },
      };
    case 'BRIDGE_LOGIN':
      return { skip: 'needs another entry page signed in to launch this one with bridge data; covered by tests/e2e/signIn.test.ts "sign-in bridge"' };
    case 'LOGOUT':
      return { does: 'log out: orgapp-logout on the chooser, else user-menu → logout', run: (ui) => ui.clickLogout() };
    case 'TICK':
      return { skip: 'the one-second clock: nothing to see before the token expires (1 h); the expiry after a reload is tests/e2e/persistence.test.ts' };
    case 'RESTORE':
      return {
        does: 'reload the page (the persisted session is restored)',
        when: (s) => s.matches('signedIn'),
        run: async (ui) => { await ui.page.reload(); },
      };
    case 'SESSION_LOST':
      if (e.status !== 401) {
        return { skip: e.statusText === 'forbidden' ? 'the server answers a dead token with 401, never 500 with a forbidden text' : 'refused by the machine (500 without forbidden text): no transition to drive' };
      }
      return {
        does: 'the token dies server-side (POST /v2/passport/logout with the token from meal.login), then the page makes a request: click an org-app on the chooser, else open #/orgapp',
        when: (s) => s.matches('signedIn'),
        run: async (ui) => {
          const token = await ui.token();
          const r = await ui.api.call('/v2/passport/logout', { token, body: {} });
          expect(r.status).toBe(200);
          if (ui.path() === '/orgapp') {
            // a request the chooser makes by itself may meet the dead token first and take the page to #/login
            // before the click lands (seen under load): the same event, sent by the page, so the click is moot then
            await ui.testId('orgapp-item').first().click().catch((e: Error) => {
              if (ui.path() !== '/login') throw e;
            });
          } else await ui.page.evaluate(() => { window.location.hash = '#/orgapp'; });
        },
      };
    case 'DISMISS_ERROR':
      return { does: 'close the login-error bar', run: (ui) => ui.testId('login-error').getByRole('button').click() };
    case 'DISMISS_FORBIDDEN':
      // src/shell/ForbiddenToast.tsx raises the toast and sends DISMISS_FORBIDDEN in the same effect
      return { does: 'nothing: the console dismisses the message itself once its toast is up', run: async () => {} };
  }
  if (e.type.startsWith('xstate.after.')) {
    return { skip: 'the token expiring (1 h): a shortened deadline after a reload is tests/e2e/persistence.test.ts' };
  }
  if (e.type.includes('.error.actor.') && fixture.note === 'network down') {
    return { skip: 'a failed logout signs out locally and reloads the page (§4), which drops the message: the page cannot tell it from a logout that worked' };
  }
  if (e.type.startsWith('xstate.done.actor.') || e.type.startsWith('xstate.error.actor.')) {
    return answered(e.type.includes('.error.') ? 'the server refuses the wrong password / code (real answer of the held login)' : 'the held request gets the real server\'s answer');
  }
  return { skip: 'no page action' };
}

export function sessionPage(): PageMapping {
  const persisted = async (ui: ConsoleDriver, expiresAt?: string) => {
    const login: LoginResult = await ui.api.login(ui.user);
    await ui.openWith({ [STORAGE.login]: expiresAt ? { ...login, expiresAt } : login });
  };
  return {
    model: sessionModel(),
    starts: {
      'fresh page': { does: 'open the console in an empty profile', run: async (ui) => { await ui.page.goto(`${ui.base}/`); } },
      'persisted login': { does: 'open #/home with a live login in meal.login (from POST /v1/passport/login)', run: (ui) => persisted(ui) },
      'persisted expired login': {
        does: 'open #/home with a login in meal.login whose expiresAt has passed',
        run: (ui) => persisted(ui, new Date(Date.now() - 60_000).toISOString()),
      },
    },
    state: sessionState,
    event: sessionEvent,
  };
}

export { USERS };
