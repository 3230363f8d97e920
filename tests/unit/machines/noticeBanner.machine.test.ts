import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { noticeBannerMachine, type ClosedNotice, type NoticeTarget } from '../../../machines/noticeBanner.machine.ts';
import { TIMERS } from '../../../domain/constants.ts';
import type { SystemNotify } from '../../../domain/types.ts';

function make(fetch: (t: NoticeTarget) => Promise<SystemNotify | null> = async () => ({ enable: true, content: '停水通知' }), closed?: Map<string, string>) {
  const calls: NoticeTarget[] = [];
  const machine = noticeBannerMachine.provide({
    actors: {
      fetchSystemNotify: fromPromise<SystemNotify | null, NoticeTarget>(async ({ input }) => {
        calls.push(input);
        return fetch(input);
      }),
      // a page's local storage, kept across "reloads" (new actors) when the test hands one in
      ...(closed && {
        readClosedNotice: fromPromise<string | null, NoticeTarget>(async ({ input }) => closed.get(`${input.orgId}/${input.appId}`) ?? null),
        rememberClosedNotice: fromPromise<void, ClosedNotice>(async ({ input }) => { closed.set(`${input.orgId}/${input.appId}`, input.key); }),
      }),
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

describe('noticeBannerMachine (§2 app shell)', () => {
  it('fetches 400 ms after the org-app changes, not before, and shows an enabled notice', async () => {
    const { actor, calls } = make();
    actor.start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'ORG_APP_CHANGED', orgId: 'org1', appId: 'cp2024001' });
    expect(actor.getSnapshot().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(TIMERS.noticeRefreshMs - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ orgId: 'org1', appId: 'cp2024001' }]);
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context.notify?.content).toBe('停水通知');
  });

  it('a second change restarts the 400 ms and fetches only for the latest org-app', async () => {
    const { actor, calls } = make();
    actor.start();
    actor.send({ type: 'ORG_APP_CHANGED', orgId: 'org1', appId: 'a1' });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: 'ORG_APP_CHANGED', orgId: 'org2', appId: 'a2' });
    await vi.advanceTimersByTimeAsync(399);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ orgId: 'org2', appId: 'a2' }]);
  });

  it.each([
    ['disabled', { enable: false, content: 'x' }],
    ['empty', { enable: true, content: '  ' }],
    ['missing', null],
  ])('stays hidden when the notice is %s', async (_name, notify) => {
    const { actor } = make(async () => notify);
    actor.start();
    actor.send({ type: 'ORG_APP_CHANGED', orgId: 'o', appId: 'a' });
    await vi.advanceTimersByTimeAsync(TIMERS.noticeRefreshMs);
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('stays hidden and keeps the message when the fetch fails', async () => {
    const { actor } = make(async () => Promise.reject(new Error('config down')));
    actor.start();
    actor.send({ type: 'ORG_APP_CHANGED', orgId: 'o', appId: 'a' });
    await vi.advanceTimersByTimeAsync(TIMERS.noticeRefreshMs);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().context.error).toBe('config down');
  });

  it('scrolls as a marquee only when the text is wider than the banner minus 60 px', async () => {
    const { actor } = make();
    actor.start();
    actor.send({ type: 'ORG_APP_CHANGED', orgId: 'o', appId: 'a' });
    await vi.advanceTimersByTimeAsync(TIMERS.noticeRefreshMs);
    expect(actor.getSnapshot().context.marqueeDurationMs).toBe(20_000);
    expect(actor.getSnapshot().context.marqueeRepeat).toBe(2);
    actor.send({ type: 'MEASURED', textWidth: 940, bannerWidth: 1000 });
    expect(actor.getSnapshot().context.marquee).toBe(false);
    actor.send({ type: 'MEASURED', textWidth: 941, bannerWidth: 1000 });
    expect(actor.getSnapshot().context.marquee).toBe(true);
  });

  it('CLOSE hides it until the next org-app change', async () => {
    const { actor, calls } = make();
    actor.start();
    actor.send({ type: 'ORG_APP_CHANGED', orgId: 'o', appId: 'a' });
    await vi.advanceTimersByTimeAsync(TIMERS.noticeRefreshMs);
    actor.send({ type: 'CLOSE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('closed');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'ORG_APP_CHANGED', orgId: 'o2', appId: 'a2' });
    await vi.advanceTimersByTimeAsync(TIMERS.noticeRefreshMs);
    expect(actor.getSnapshot().value).toBe('shown');
    expect(calls).toHaveLength(2);
  });

  it('a closed notice stays closed after a reload, per org-app, and shows again once its text changes (issue 28)', async () => {
    const storage = new Map<string, string>();
    let content = '停水通知';
    const load = async (orgId = 'o') => {
      const { actor } = make(async () => ({ enable: true, content }), storage);
      actor.start();
      actor.send({ type: 'ORG_APP_CHANGED', orgId, appId: 'a' });
      await vi.advanceTimersByTimeAsync(TIMERS.noticeRefreshMs);
      return actor;
    };
    const first = await load();
    expect(first.getSnapshot().value).toBe('shown');
    first.send({ type: 'CLOSE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(first.getSnapshot().value).toBe('closed');
    // the reload: a new page, the same storage
    expect((await load()).getSnapshot().value).toBe('closed');
    // another org-app has not closed it
    expect((await load('o2')).getSnapshot().value).toBe('shown');
    // a new notice in the same org-app shows
    content = '周五停电检修';
    const changed = await load();
    expect(changed.getSnapshot().value).toBe('shown');
    expect(changed.getSnapshot().context.notify?.content).toBe('周五停电检修');
  });

  it('without a place to remember (storage unavailable) a closed notice still closes, and shows on the next load', async () => {
    const { actor } = make();
    actor.start();
    actor.send({ type: 'ORG_APP_CHANGED', orgId: 'o', appId: 'a' });
    await vi.advanceTimersByTimeAsync(TIMERS.noticeRefreshMs);
    expect(actor.getSnapshot().value).toBe('shown');
    actor.send({ type: 'CLOSE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('CLEAR cancels a pending fetch and resets', async () => {
    const { actor, calls } = make();
    actor.start();
    actor.send({ type: 'ORG_APP_CHANGED', orgId: 'o', appId: 'a' });
    actor.send({ type: 'CLEAR' });
    await vi.advanceTimersByTimeAsync(TIMERS.noticeRefreshMs * 2);
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.orgId).toBeNull();
  });
});
