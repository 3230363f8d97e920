import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { guardMachine, type NavigateRequest } from '../../../machines/guard.machine.ts';
import { TIMERS } from '../../../domain/constants.ts';

const signedIn: NavigateRequest = {
  path: '/home',
  loggedIn: true,
  hasOrgApp: true,
  isNotRouterHome: false,
  menuCount: 3,
};

function make(reload: () => Promise<number> = async () => 0) {
  const calls = { reloads: [] as string[], scrolls: 0 };
  const machine = guardMachine.provide({
    actors: {
      reloadMenu: fromPromise<number, { path: string }>(async ({ input }) => {
        calls.reloads.push(input.path);
        return reload();
      }),
    },
    actions: {
      scrollToTop: () => {
        calls.scrolls++;
      },
    },
  });
  return { actor: createActor(machine), calls };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('guardMachine decisions (§2 Guard)', () => {
  it('allows a signed-in user with a menu, ends the loading bar and scrolls to top', () => {
    const { actor, calls } = make();
    actor.start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'NAVIGATE', ...signedIn });
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('allowed');
    expect(snap.context.target).toBe('/home');
    expect(snap.context.decision).toEqual({ type: 'allow' });
    expect(snap.context.navigating).toBe(false);
    expect(calls.scrolls).toBe(1);
  });

  it('redirects a signed-out user to /login and keeps the loading bar running', () => {
    const { actor } = make();
    actor.start();
    actor.send({ type: 'NAVIGATE', ...signedIn, loggedIn: false });
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(actor.getSnapshot().context.target).toBe('/login');
    expect(actor.getSnapshot().context.navigating).toBe(true);
  });

  it('redirects a signed-in user without an org-app to /orgapp', () => {
    const { actor } = make();
    actor.start();
    actor.send({ type: 'NAVIGATE', ...signedIn, hasOrgApp: false });
    expect(actor.getSnapshot().context.target).toBe('/orgapp');
  });
});

describe('guardMachine menu recheck (600 ms)', () => {
  it('waits 600 ms (not less) before re-reading an empty menu', async () => {
    const { actor, calls } = make(async () => 4);
    actor.start();
    actor.send({ type: 'NAVIGATE', ...signedIn, menuCount: 0 });
    expect(actor.getSnapshot().matches({ rechecking: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().context.navigating).toBe(true);

    await vi.advanceTimersByTimeAsync(TIMERS.menuRecheckMs - 1);
    expect(calls.reloads).toEqual([]);
    expect(actor.getSnapshot().matches('rechecking')).toBe(true);

    await vi.advanceTimersByTimeAsync(1);
    expect(calls.reloads).toEqual(['/home']);
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(actor.getSnapshot().context.target).toBe('/home');
    expect(actor.getSnapshot().context.menuRechecked).toBe(true);
  });

  it('redirects to /401 when the menu is still empty after the recheck', async () => {
    const { actor, calls } = make(async () => 0);
    actor.start();
    actor.send({ type: 'NAVIGATE', ...signedIn, path: '/mallHome', menuCount: 0 });
    await vi.advanceTimersByTimeAsync(TIMERS.menuRecheckMs);
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(actor.getSnapshot().context.target).toBe('/401');
    expect(calls.reloads).toHaveLength(1);
  });

  it('redirects to /401 when the menu cannot be re-read (§8 unresolved menu)', async () => {
    const { actor } = make(async () => Promise.reject(new Error('offline')));
    actor.start();
    actor.send({ type: 'NAVIGATE', ...signedIn, menuCount: 0 });
    await vi.advanceTimersByTimeAsync(TIMERS.menuRecheckMs);
    expect(actor.getSnapshot().context.target).toBe('/401');
  });

  it('does not redirect an error page to /401', async () => {
    const { actor } = make(async () => 0);
    actor.start();
    actor.send({ type: 'NAVIGATE', ...signedIn, path: '/401', menuCount: 0 });
    await vi.advanceTimersByTimeAsync(TIMERS.menuRecheckMs);
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(actor.getSnapshot().context.target).toBe('/401');
  });

  it('a new navigation during the wait restarts the 600 ms', async () => {
    const { actor, calls } = make(async () => 2);
    actor.start();
    actor.send({ type: 'NAVIGATE', ...signedIn, path: '/a', menuCount: 0 });
    await vi.advanceTimersByTimeAsync(400);
    actor.send({ type: 'NAVIGATE', ...signedIn, path: '/b', menuCount: 0 });
    await vi.advanceTimersByTimeAsync(599);
    expect(calls.reloads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.reloads).toEqual(['/b']);
    expect(actor.getSnapshot().context.target).toBe('/b');
  });

  it('each navigation gets its own recheck', async () => {
    const { actor, calls } = make(async () => 0);
    actor.start();
    actor.send({ type: 'NAVIGATE', ...signedIn, path: '/a', menuCount: 0 });
    await vi.advanceTimersByTimeAsync(TIMERS.menuRecheckMs);
    actor.send({ type: 'NAVIGATE', ...signedIn, path: '/c', menuCount: 0 });
    expect(actor.getSnapshot().matches('rechecking')).toBe(true);
    expect(actor.getSnapshot().context.menuRechecked).toBe(false);
    await vi.advanceTimersByTimeAsync(TIMERS.menuRecheckMs);
    expect(calls.reloads).toEqual(['/a', '/c']);
  });
});
