import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { SESSION_LOST_MESSAGE, sessionMachine, type LoginInput } from '../../../machines/session.machine.ts';
import { TIMERS } from '../../../domain/constants.ts';
import type { LoginResult } from '../../../domain/types.ts';
import { HOUR, loginResult, T0 } from './fixtures.ts';

function makeSession(opts: {
  login?: (input: LoginInput) => Promise<LoginResult>;
  logout?: () => Promise<unknown>;
  input?: { now: number; login?: LoginResult | null };
} = {}) {
  const calls = { clearStorageAndReload: 0, clearSessionStorage: 0, logins: [] as LoginInput[], logouts: [] as unknown[] };
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<LoginResult, LoginInput>(async ({ input }) => {
        calls.logins.push(input);
        return (opts.login ?? (async () => loginResult(T0 + HOUR)))(input);
      }),
      logout: fromPromise<unknown, { accesstoken: string | null }>(async ({ input }) => {
        calls.logouts.push(input);
        return (opts.logout ?? (async () => undefined))();
      }),
    },
    actions: {
      clearStorageAndReload: () => {
        calls.clearStorageAndReload++;
      },
      clearSessionStorage: () => {
        calls.clearSessionStorage++;
      },
    },
  });
  const actor = createActor(machine, { input: opts.input ?? { now: T0 } });
  return { actor, calls };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sessionMachine sign-in', () => {
  it('signs in with a password and keeps the user and absolute expiry, not the password', async () => {
    const { actor, calls } = makeSession();
    actor.start();
    expect(actor.getSnapshot().value).toBe('signedOut');
    actor.send({ type: 'LOGIN', mode: 'password', username: '13800000000', password: 'secret', now: T0 });
    expect(actor.getSnapshot().matches('signingIn')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    const snap = actor.getSnapshot();
    expect(snap.matches('signedIn')).toBe(true);
    expect(snap.context.user?.accesstoken).toBe('token-1');
    expect(snap.context.expiresAt).toBe(T0 + HOUR);
    expect(snap.context.mode).toBe('password');
    expect(calls.logins).toEqual([{ mode: 'password', username: '13800000000', password: 'secret' }]);
    expect(JSON.stringify(snap.context)).not.toContain('secret');
  });

  it('passes the SMS code as the password in sms mode', async () => {
    const { actor, calls } = makeSession();
    actor.start();
    actor.send({ type: 'LOGIN', mode: 'sms', username: '13800000000', password: '123456', now: T0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.logins[0]).toEqual({ mode: 'sms', username: '13800000000', password: '123456' });
    expect(actor.getSnapshot().context.mode).toBe('sms');
  });

  it('stores the failure message and returns to signedOut (§8 success false + message)', async () => {
    const { actor } = makeSession({ login: async () => Promise.reject(new Error('密码错误')) });
    actor.start();
    actor.send({ type: 'LOGIN', mode: 'password', username: 'x', password: 'y', now: T0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toBe('密码错误');
    actor.send({ type: 'DISMISS_ERROR' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('issue 15: a 428 answer makes the form ask for a captcha until a sign-in succeeds; the answer goes to the call only', async () => {
    const refusal = (status: number, text: string) => Object.assign(new Error(text), { status });
    const answers = [refusal(400, '账号或密码错误'), refusal(428, '请输入图形验证码'), refusal(400, '账号或密码错误')];
    const { actor, calls } = makeSession({ login: async () => { const a = answers.shift(); return a ? Promise.reject(a) : loginResult(T0 + HOUR); } });
    actor.start();
    const tryOnce = async (captcha?: string) => {
      actor.send({ type: 'LOGIN', mode: 'password', username: 'x', password: 'y', ...(captcha ? { captcha } : {}), now: T0 });
      await vi.advanceTimersByTimeAsync(0);
      return actor.getSnapshot().context;
    };
    expect((await tryOnce()).captchaRequired).toBe(false);
    expect(await tryOnce()).toMatchObject({ captchaRequired: true, error: '请输入图形验证码' });
    // a wrong password after the captcha: still asked (the server counts the failure)
    expect((await tryOnce('ab12')).captchaRequired).toBe(true);
    expect((await tryOnce('cd34')).captchaRequired).toBe(false);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(calls.logins.map((l) => l.captcha)).toEqual([undefined, undefined, 'ab12', 'cd34']);
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('cd34');
  });

  it('clears a previous error when a new attempt starts', async () => {
    let fail = true;
    const { actor } = makeSession({
      login: async () => (fail ? Promise.reject(new Error('bad')) : loginResult(T0 + HOUR)),
    });
    actor.start();
    actor.send({ type: 'LOGIN', mode: 'password', username: 'x', password: 'y', now: T0 });
    await vi.advanceTimersByTimeAsync(0);
    fail = false;
    actor.send({ type: 'LOGIN', mode: 'password', username: 'x', password: 'z', now: T0 });
    expect(actor.getSnapshot().context.error).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  it('enters signedIn directly on QR_CONFIRMED and BRIDGE_LOGIN', () => {
    const a = makeSession().actor.start();
    a.send({ type: 'QR_CONFIRMED', login: loginResult(T0 + HOUR), now: T0 });
    expect(a.getSnapshot().matches('signedIn')).toBe(true);
    expect(a.getSnapshot().context.mode).toBe('qr');

    const b = makeSession().actor.start();
    b.send({ type: 'BRIDGE_LOGIN', login: loginResult(T0 + HOUR, { userId: 'u2' }), now: T0 });
    expect(b.getSnapshot().matches('signedIn')).toBe(true);
    expect(b.getSnapshot().context.user?.userId).toBe('u2');
    expect(b.getSnapshot().context.mode).toBe('bridge');
  });

  it('starts signed in from a persisted login, and signed out if it already expired', () => {
    const live = makeSession({ input: { now: T0, login: loginResult(T0 + HOUR) } }).actor.start();
    expect(live.getSnapshot().matches('signedIn')).toBe(true);
    const stale = makeSession({ input: { now: T0, login: loginResult(T0 - 1) } }).actor.start();
    expect(stale.getSnapshot().value).toBe('signedOut');
    expect(stale.getSnapshot().context.signedOutReason).toBe('expired');
    expect(stale.getSnapshot().context.user).toBeNull();
  });
});

describe('sessionMachine logout (§4)', () => {
  it('invokes logout with the token, signs out and asks the app to clear storage and reload', async () => {
    const { actor, calls } = makeSession({ input: { now: T0, login: loginResult(T0 + HOUR) } });
    actor.start();
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.signedOutReason).toBe('logout');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(calls.logouts).toEqual([{ accesstoken: 'token-1' }]);
    expect(calls.clearStorageAndReload).toBe(1);
  });

  it('still signs out locally when the logout call fails, keeping the message', async () => {
    const { actor, calls } = makeSession({
      input: { now: T0, login: loginResult(T0 + HOUR) },
      logout: async () => Promise.reject(new Error('network')),
    });
    actor.start();
    actor.send({ type: 'LOGOUT' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toBe('network');
    expect(calls.clearStorageAndReload).toBe(1);
  });
});

describe('sessionMachine expiry (deadline as data)', () => {
  it('signs out exactly when expiresAt passes, not before', async () => {
    const { actor, calls } = makeSession({ input: { now: T0, login: loginResult(T0 + 10_000) } });
    actor.start();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.signedOutReason).toBe('expired');
    expect(calls.clearSessionStorage).toBe(1);
  });

  it('re-arms from a TICK: the remaining time is expiresAt − now', async () => {
    const { actor } = makeSession({ input: { now: T0, login: loginResult(T0 + 10_000) } });
    actor.start();
    // the page learns 8 s have really passed (e.g. the tab slept)
    actor.send({ type: 'TICK', now: T0 + 8_000 });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('a TICK past the deadline signs out at once', () => {
    const { actor } = makeSession({ input: { now: T0, login: loginResult(T0 + 10_000) } });
    actor.start();
    actor.send({ type: 'TICK', now: T0 + 10_000 });
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('a restored snapshot re-arms its expiry on RESTORE', async () => {
    const first = makeSession({ input: { now: T0, login: loginResult(T0 + 60_000) } }).actor.start();
    const persisted = first.getPersistedSnapshot();
    first.stop();

    const { actor } = makeSession();
    const restored = createActor(actor.logic, { snapshot: persisted, input: { now: T0 } }).start();
    expect(restored.getSnapshot().matches('signedIn')).toBe(true);
    restored.send({ type: 'RESTORE', now: T0 + 50_000 });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(restored.getSnapshot().matches('signedIn')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(restored.getSnapshot().value).toBe('signedOut');
    expect(restored.getSnapshot().context.signedOutReason).toBe('expired');
  });

  it('waits longer than one setTimeout can for a distant deadline', async () => {
    const far = T0 + 30 * 24 * HOUR; // 30 days > 2^31−1 ms
    const { actor } = makeSession({ input: { now: T0, login: loginResult(far) } });
    actor.start();
    await vi.advanceTimersByTimeAsync(30 * 24 * HOUR - 1);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });
});

describe('sessionMachine SESSION_LOST (§4, §8)', () => {
  const signedIn = () => makeSession({ input: { now: T0, login: loginResult(T0 + HOUR) } });

  it.each([
    [401, 'Unauthorized'],
  ])('signs out on %i with the message and clears session storage', (status, statusText) => {
    const { actor, calls } = signedIn();
    actor.start();
    actor.send({ type: 'SESSION_LOST', status, statusText, now: T0 });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.signedOutReason).toBe('lost');
    expect(actor.getSnapshot().context.forbiddenMessage).toBe(statusText);
    expect(calls.clearSessionStorage).toBe(1);
  });

  it('signs out on 500 with a forbidden text, showing the login-expired message', () => {
    const { actor } = signedIn();
    actor.start();
    actor.send({ type: 'SESSION_LOST', status: 500, statusText: 'Forbidden', now: T0 });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.forbiddenMessage).toBe(SESSION_LOST_MESSAGE);
  });

  it('clears the login-expired message once the user signs in again', async () => {
    const { actor } = signedIn();
    actor.start();
    actor.send({ type: 'SESSION_LOST', status: 401, now: T0 });
    expect(actor.getSnapshot().context.forbiddenMessage).not.toBeNull();
    actor.send({ type: 'LOGIN', mode: 'password', username: '13800000000', password: 'secret', now: T0 + 1000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.forbiddenMessage).toBeNull();
  });

  it('stays signed in on a 403: one action refused, not the session (issue 16)', () => {
    const { actor, calls } = signedIn();
    actor.start();
    actor.send({ type: 'SESSION_LOST', status: 403, statusText: '没有该操作的权限', now: T0 });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(calls.clearSessionStorage).toBe(0);
  });

  it('ignores a 500 without a forbidden text and other statuses', () => {
    const { actor } = signedIn();
    actor.start();
    actor.send({ type: 'SESSION_LOST', status: 500, statusText: 'database down', now: T0 });
    actor.send({ type: 'SESSION_LOST', status: 404, statusText: 'Not found', now: T0 });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.forbiddenMessage).toBeNull();
  });

  it('shows the forbidden message at most once per 30 s', async () => {
    const { actor } = signedIn();
    actor.start();
    actor.send({ type: 'SESSION_LOST', status: 401, statusText: 'A', now: T0 });
    expect(actor.getSnapshot().context.forbiddenMessage).toBe('A');
    actor.send({ type: 'DISMISS_FORBIDDEN' });
    expect(actor.getSnapshot().context.forbiddenMessage).toBeNull();

    // a second lost response within 30 s: no new message
    await vi.advanceTimersByTimeAsync(TIMERS.forbiddenDedupMs - 1);
    actor.send({ type: 'SESSION_LOST', status: 401, statusText: 'B', now: T0 + TIMERS.forbiddenDedupMs - 1 });
    expect(actor.getSnapshot().context.forbiddenMessage).toBeNull();
    expect(actor.getSnapshot().context.lastForbiddenAt).toBe(T0);

    // signed in again, lost again within the window: still silent
    actor.send({ type: 'QR_CONFIRMED', login: loginResult(T0 + HOUR), now: T0 + 10_000 });
    actor.send({ type: 'SESSION_LOST', status: 401, statusText: 'C', now: T0 + 20_000 });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.forbiddenMessage).toBeNull();

    // 30 s after the last shown message: shown again
    await vi.advanceTimersByTimeAsync(1);
    actor.send({ type: 'SESSION_LOST', status: 401, statusText: 'D', now: T0 + TIMERS.forbiddenDedupMs });
    expect(actor.getSnapshot().context.forbiddenMessage).toBe('D');
    expect(actor.getSnapshot().context.lastForbiddenAt).toBe(T0 + TIMERS.forbiddenDedupMs);
  });
});

describe('sessionMachine defaults', () => {
  it('fails the sign-in with "login not provided" when the app gave no login actor', async () => {
    const actor = createActor(sessionMachine, { input: { now: T0 } }).start();
    actor.send({ type: 'LOGIN', mode: 'password', username: 'x', password: 'y', now: T0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toBe('login not provided');
  });
});
