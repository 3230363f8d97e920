// The console's live feed after a gap: a resync message from the server, or its own stream opening again
// after a drop, refetches every query; event notices still invalidate only their roots.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { LIVE_RESYNC } from '../../../domain/live.ts';

vi.mock('../../../services/http.ts', () => ({
  HOSTS: { canteen: '' },
  getAuthContext: () => ({ accesstoken: null, key: null }),
  post: vi.fn(() => Promise.resolve({ ticket: 't', expiresAt: '' })),
}));

// unit files share their worker's modules (vitest.config.ts: isolate false): another file may have loaded
// liveUpdates.ts with the real http.ts already, so it is loaded afresh here, under the mock above
vi.resetModules();
const { startLiveUpdates } = await import('../../../src/app/liveUpdates.ts');

class FakeEventSource {
  static all: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((msg: { data: string }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  closed = false;
  constructor(readonly url: string) { FakeEventSource.all.push(this); }
  close() { this.closed = true; }
  static get last() { return FakeEventSource.all[FakeEventSource.all.length - 1]; }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const sub = startLiveUpdates(queryClient, { accesstoken: 'a', key: 'k' });
  return { invalidate, sub };
}

describe('live updates after a gap', () => {
  it('a resync message refetches every query', async () => {
    const { invalidate, sub } = setup();
    await vi.runOnlyPendingTimersAsync();
    const source = FakeEventSource.last;
    source.onopen!();
    source.onmessage!({ data: JSON.stringify({ orgId: 'o', streamId: 's', type: 'NoticeCreated' }) });
    await vi.advanceTimersByTimeAsync(60);
    expect(invalidate.mock.calls).toEqual([[{ queryKey: ['notices'] }], [{ queryKey: ['logs'] }]]);
    invalidate.mockClear();
    source.onmessage!({ data: JSON.stringify({ orgId: 'o', streamId: '', type: LIVE_RESYNC }) });
    expect(invalidate.mock.calls).toEqual([[]]);
    sub.close();
  });

  it('the stream opening again after a drop refetches every query; the first open does not', async () => {
    const { invalidate, sub } = setup();
    await vi.runOnlyPendingTimersAsync();
    FakeEventSource.last.onopen!();
    expect(invalidate).not.toHaveBeenCalled();
    FakeEventSource.last.onerror!(new Event('error'));
    expect(FakeEventSource.last.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000); // the first retry pause, then a new ticket and stream
    expect(FakeEventSource.all).toHaveLength(2);
    expect(invalidate).not.toHaveBeenCalled();
    FakeEventSource.last.onopen!();
    expect(invalidate.mock.calls).toEqual([[]]);
    sub.close();
  });
});
