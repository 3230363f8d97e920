import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  QR_POLL_MS,
  qrSignInMachine,
  type QrCode,
  type QrPollInput,
  type QrPollOutput,
} from '../../../machines/qrSignIn.machine.ts';
import { TOKEN } from '../../../domain/constants.ts';
import { HOUR, loginResult, T0 } from './fixtures.ts';

/** A fake server: the test scripts the statuses the polls return, in order (the last repeats). */
function make(opts: { statuses?: QrPollOutput[]; create?: () => Promise<QrCode>; poll?: () => Promise<QrPollOutput> } = {}) {
  const calls = { creates: 0, polls: [] as string[] };
  const script = [...(opts.statuses ?? [{ status: 'waiting' as const }])];
  const machine = qrSignInMachine.provide({
    actors: {
      createQrCode: fromPromise<QrCode, Record<string, never>>(async () => {
        calls.creates++;
        if (opts.create) return opts.create();
        return { id: `qr-${calls.creates}`, expiresAt: new Date(T0 + TOKEN.qrCodeTtlMs).toISOString() };
      }),
      pollQrCode: fromPromise<QrPollOutput, QrPollInput>(async ({ input }) => {
        calls.polls.push(input.id);
        if (opts.poll) return opts.poll();
        return script.length > 1 ? script.shift()! : script[0];
      }),
    },
  });
  return { actor: createActor(machine, { input: { now: T0 } }), calls };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('qrSignInMachine', () => {
  it('creates a code, then polls every 2 s (not sooner)', async () => {
    const { actor, calls } = make();
    actor.start();
    expect(actor.getSnapshot().value).toBe('creating');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ active: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().context.id).toBe('qr-1');
    expect(actor.getSnapshot().context.expiresAt).toBe(T0 + TOKEN.qrCodeTtlMs);
    await vi.advanceTimersByTimeAsync(QR_POLL_MS - 1);
    expect(calls.polls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.polls).toEqual(['qr-1']);
    await vi.advanceTimersByTimeAsync(QR_POLL_MS);
    expect(calls.polls).toEqual(['qr-1', 'qr-1']);
    expect(actor.getSnapshot().matches({ active: 'waiting' })).toBe(true);
  });

  it('goes waiting → scanned → confirmed and outputs the login', async () => {
    const login = loginResult(T0 + HOUR);
    const { actor } = make({ statuses: [{ status: 'waiting' }, { status: 'scanned' }, { status: 'confirmed', login }] });
    actor.start();
    await vi.advanceTimersByTimeAsync(QR_POLL_MS);
    expect(actor.getSnapshot().matches({ active: 'waiting' })).toBe(true);
    await vi.advanceTimersByTimeAsync(QR_POLL_MS);
    expect(actor.getSnapshot().matches({ active: 'scanned' })).toBe(true);
    expect(actor.getSnapshot().context.status).toBe('scanned');
    await vi.advanceTimersByTimeAsync(QR_POLL_MS);
    expect(actor.getSnapshot().value).toBe('confirmed');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ login });
  });

  it('expires when the server says so', async () => {
    const { actor, calls } = make({ statuses: [{ status: 'expired' }] });
    actor.start();
    await vi.advanceTimersByTimeAsync(QR_POLL_MS);
    expect(actor.getSnapshot().value).toBe('expired');
    await vi.advanceTimersByTimeAsync(QR_POLL_MS * 3);
    expect(calls.polls).toHaveLength(1);
  });

  it('expires when the absolute expiresAt passes, even while the server still says waiting', async () => {
    const { actor } = make();
    actor.start();
    await vi.advanceTimersByTimeAsync(TOKEN.qrCodeTtlMs - 1);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().context.status).toBe('expired');
  });

  it('a TICK past the deadline expires at once', async () => {
    const { actor } = make();
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'TICK', now: T0 + TOKEN.qrCodeTtlMs });
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it('REFRESH from expired creates a new code', async () => {
    const { actor, calls } = make({ statuses: [{ status: 'expired' }, { status: 'waiting' }] });
    actor.start();
    await vi.advanceTimersByTimeAsync(QR_POLL_MS);
    actor.send({ type: 'REFRESH', now: T0 + QR_POLL_MS });
    expect(actor.getSnapshot().value).toBe('creating');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.id).toBe('qr-2');
    expect(calls.creates).toBe(2);
    expect(actor.getSnapshot().matches({ active: 'waiting' })).toBe(true);
  });

  it('failures go to error, and REFRESH recovers', async () => {
    let fail = true;
    const { actor } = make({
      create: async () => (fail ? Promise.reject(new Error('qr down')) : { id: 'ok', expiresAt: T0 + 60_000 }),
    });
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toBe('qr down');
    fail = false;
    actor.send({ type: 'REFRESH', now: T0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.expiresAt).toBe(T0 + 60_000);
  });

  it('a failing poll goes to error', async () => {
    const { actor } = make({ poll: async () => Promise.reject(new Error('poll failed')) });
    actor.start();
    await vi.advanceTimersByTimeAsync(QR_POLL_MS);
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toBe('poll failed');
  });
});
