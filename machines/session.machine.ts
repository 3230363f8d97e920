import { assign, fromPromise, setup } from 'xstate';
import { shouldShowForbidden } from '../domain/forbiddenDedup.ts';
import { shouldLoseSession } from '../domain/guard.ts';
import { asksForCaptcha } from '../domain/signInThrottle.ts';
import type { LoginResult, OrgApp } from '../domain/types.ts';
import { errorMessage, MAX_TIMER_MS, notProvided } from './errorMessage.ts';

// §1 sign-in: phone + SMS code, password or QR code, or the cross-application handoff (bridge)
export type LoginMode = 'password' | 'sms';
export type SessionMode = LoginMode | 'qr' | 'bridge';
export type SignedOutReason = 'logout' | 'expired' | 'lost';

export interface LoginInput {
  mode: LoginMode;
  username: string;
  /** the password, or the SMS code when mode is 'sms' */
  password: string;
  /** issue 15: the answer to the account's image captcha, once the server asked for one */
  captcha?: string;
}
export interface LogoutInput {
  accesstoken: string | null;
}

export interface SessionInput {
  now: number;
  /** a login persisted locally, restored on page load */
  login?: LoginResult | null;
}

export interface SessionContext {
  user: LoginResult | null;
  /** absolute expiry of the token, ms since epoch (deadline as data: survives persistence) */
  expiresAt: number | null;
  /** the latest known time, from input or an event payload */
  now: number;
  error: string | null;
  forbiddenMessage: string | null;
  lastForbiddenAt: number | null;
  signedOutReason: SignedOutReason | null;
  mode: SessionMode | null;
  /**
   * The org-apps the sign-in answered with (issue 12: the chooser needs no call of its own); null when the
   * sign-in did not list them (QR, bridge, a restored login). Not part of `user`, which is persisted.
   */
  orgApps: OrgApp[] | null;
  /**
   * Issue 15: the server asked for a captcha (after failed tries): the sign-in form shows one until a sign-in
   * succeeds. Each answer is used up by the try it came with.
   */
  captchaRequired: boolean;
}

export type SessionEvent =
  | { type: 'LOGIN'; mode: LoginMode; username: string; password: string; captcha?: string; now: number }
  | { type: 'LOGOUT' }
  | { type: 'TICK'; now: number }
  | { type: 'RESTORE'; now: number }
  | { type: 'SESSION_LOST'; status: number; statusText?: string; now: number }
  | { type: 'QR_CONFIRMED'; login: LoginResult; now?: number }
  | { type: 'BRIDGE_LOGIN'; login: LoginResult; now?: number }
  | { type: 'DISMISS_ERROR' }
  | { type: 'DISMISS_FORBIDDEN' };

// §8 500 with forbidden text: "login expired, please log in again" (zh-CN source text; views translate)
export const SESSION_LOST_MESSAGE = '登录已过期，请重新登录';

function expiryOf(login: LoginResult | null | undefined): number | null {
  if (!login?.expiresAt) return null;
  const at = Date.parse(login.expiresAt);
  return Number.isNaN(at) ? null : at;
}

/** How long until the session expires, as one setTimeout can wait. */
function expiryDelay(context: SessionContext): number {
  if (context.expiresAt === null) return MAX_TIMER_MS;
  return Math.min(MAX_TIMER_MS, Math.max(0, context.expiresAt - context.now));
}

const isExpired = (context: SessionContext) => context.expiresAt !== null && context.now >= context.expiresAt;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    login: fromPromise<LoginResult, LoginInput>(async () => notProvided('login')),
    logout: fromPromise<unknown, LogoutInput>(async () => notProvided('logout')),
  },
  actions: {
    // §4 logout: all stored items except user and agent removed, page reloads (the app does it)
    clearStorageAndReload: () => {},
    // §4 session lost: session storage cleared (the app does it)
    clearSessionStorage: () => {},
    // reports to the root (provided by app.machine as sendParent)
    reportSignedIn: () => {},
    reportSignedOut: () => {},
    acceptLogin: assign(({ context, event }) => {
      if (event.type !== 'QR_CONFIRMED' && event.type !== 'BRIDGE_LOGIN') return {};
      return {
        user: event.login,
        expiresAt: expiryOf(event.login),
        now: event.now ?? context.now,
        mode: event.type === 'QR_CONFIRMED' ? ('qr' as const) : ('bridge' as const),
        error: null,
        signedOutReason: null,
        orgApps: null,
      };
    }),
    setNow: assign({
      now: ({ context, event }) => ('now' in event && typeof event.now === 'number' ? event.now : context.now),
    }),
    signOut: assign((_, params: { reason: SignedOutReason }) => ({
      user: null,
      expiresAt: null,
      signedOutReason: params.reason,
      orgApps: null,
    })),
    noteForbidden: assign(({ context, event }) => {
      if (event.type !== 'SESSION_LOST' || !shouldShowForbidden(context.lastForbiddenAt, event.now)) {
        return { now: event.type === 'SESSION_LOST' ? event.now : context.now };
      }
      const text = event.status === 500 ? '' : (event.statusText ?? '').trim();
      return { now: event.now, lastForbiddenAt: event.now, forbiddenMessage: text || SESSION_LOST_MESSAGE };
    }),
  },
  guards: {
    hasLogin: ({ context }) => context.user !== null,
    expired: ({ context }) => isExpired(context),
    losesSession: ({ event }) => event.type === 'SESSION_LOST' && shouldLoseSession(event.status, event.statusText),
  },
  delays: {
    sessionExpiry: ({ context }) => expiryDelay(context),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: input.login ?? null,
    expiresAt: expiryOf(input.login),
    now: input.now,
    error: null,
    forbiddenMessage: null,
    lastForbiddenAt: null,
    signedOutReason: null,
    mode: null,
    orgApps: null,
    captchaRequired: false,
  }),
  initial: 'signedOut',
  on: {
    TICK: { actions: 'setNow' },
    RESTORE: { actions: 'setNow' },
    DISMISS_ERROR: { actions: assign({ error: null }) },
    DISMISS_FORBIDDEN: { actions: assign({ forbiddenMessage: null }) },
    // §4 session lost on 401, 403, or 500 with a forbidden text: to login, session storage cleared
    SESSION_LOST: {
      guard: 'losesSession',
      target: '.signedOut',
      actions: [
        'noteForbidden',
        { type: 'signOut', params: { reason: 'lost' } },
        'clearSessionStorage',
        'reportSignedOut',
      ],
    },
  },
  states: {
    signedOut: {
      // a persisted login given as input starts signed in (expired ones sign out again at once)
      always: { guard: 'hasLogin', target: 'signedIn', actions: 'reportSignedIn' },
      on: {
        LOGIN: {
          target: 'signingIn',
          actions: assign({ now: ({ event }) => event.now, mode: ({ event }) => event.mode, error: null }),
        },
        QR_CONFIRMED: { target: 'signedIn', actions: ['acceptLogin', 'reportSignedIn'] },
        BRIDGE_LOGIN: { target: 'signedIn', actions: ['acceptLogin', 'reportSignedIn'] },
        // already signed out: only the (de-duplicated) message
        SESSION_LOST: { guard: 'losesSession', actions: 'noteForbidden' },
      },
    },
    signingIn: {
      invoke: {
        src: 'login',
        // credentials come from the LOGIN event and are never kept in context
        input: ({ event }) =>
          event.type === 'LOGIN'
            ? { mode: event.mode, username: event.username, password: event.password, ...(event.captcha ? { captcha: event.captcha } : {}) }
            : { mode: 'password' as const, username: '', password: '' },
        onDone: {
          target: 'signedIn',
          actions: [
            assign(({ event }) => {
              const { orgApps, ...user } = event.output;
              return { user, expiresAt: expiryOf(user), error: null, signedOutReason: null, orgApps: orgApps ?? null, captchaRequired: false };
            }),
            'reportSignedIn',
          ],
        },
        // §8 login errors stored as success false plus message
        onError: {
          target: 'signedOut',
          actions: assign({
            error: ({ event }) => errorMessage(event.error),
            captchaRequired: ({ context, event }) => context.captchaRequired || asksForCaptcha(event.error),
          }),
        },
      },
      on: {
        QR_CONFIRMED: { target: 'signedIn', actions: ['acceptLogin', 'reportSignedIn'] },
        BRIDGE_LOGIN: { target: 'signedIn', actions: ['acceptLogin', 'reportSignedIn'] },
      },
    },
    signedIn: {
      // a fresh sign-in answers the "login expired" message: it must not linger over the new session
      entry: assign({ forbiddenMessage: null }),
      always: {
        guard: 'expired',
        target: 'signedOut',
        actions: [{ type: 'signOut', params: { reason: 'expired' } }, 'clearSessionStorage', 'reportSignedOut'],
      },
      initial: 'active',
      states: {
        active: {
          // deadline as data: the wait is recomputed from expiresAt − now on every (re-)entry
          after: {
            sessionExpiry: {
              target: 'active',
              reenter: true,
              actions: assign({ now: ({ context }) => context.now + expiryDelay(context) }),
            },
          },
          on: {
            TICK: { target: 'active', reenter: true, actions: 'setNow' },
            RESTORE: { target: 'active', reenter: true, actions: 'setNow' },
          },
        },
      },
      on: {
        LOGOUT: 'loggingOut',
      },
    },
    loggingOut: {
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ accesstoken: context.user?.accesstoken ?? null }),
        onDone: {
          target: 'signedOut',
          actions: [{ type: 'signOut', params: { reason: 'logout' } }, 'clearStorageAndReload', 'reportSignedOut'],
        },
        // §8 logout errors stored as a message; the local sign-out happens regardless
        onError: {
          target: 'signedOut',
          actions: [
            assign({ error: ({ event }) => errorMessage(event.error) }),
            { type: 'signOut', params: { reason: 'logout' } },
            'clearStorageAndReload',
            'reportSignedOut',
          ],
        },
      },
    },
  },
});
