import { assign, fromPromise, setup } from 'xstate';
import type { LoginResult } from '../domain/types.ts';
import { errorMessage, MAX_TIMER_MS, notProvided } from './errorMessage.ts';

/** How often the console asks whether the QR code was scanned. Not a §9 constant: chosen here. */
export const QR_POLL_MS = 2000;

export type QrStatus = 'waiting' | 'scanned' | 'confirmed' | 'expired';

export interface QrCode {
  id: string;
  /** absolute expiry: ISO time or ms since epoch */
  expiresAt: string | number;
}
export interface QrPollInput {
  id: string;
}
export interface QrPollOutput {
  status: QrStatus;
  login?: LoginResult;
}

export interface QrSignInInput {
  now: number;
}
export interface QrSignInOutput {
  login: LoginResult;
}

export interface QrSignInContext {
  id: string | null;
  /** absolute expiry in ms (deadline as data) */
  expiresAt: number | null;
  now: number;
  status: QrStatus | null;
  login: LoginResult | null;
  error: string | null;
}

export type QrSignInEvent = { type: 'REFRESH'; now: number } | { type: 'TICK'; now: number };

function toMs(at: string | number): number | null {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  return Number.isFinite(ms) ? ms : null;
}

function expiryDelay(context: QrSignInContext): number {
  if (context.expiresAt === null) return MAX_TIMER_MS;
  return Math.min(MAX_TIMER_MS, Math.max(0, context.expiresAt - context.now));
}

/** Waiting for the next poll, then polling: the same before and after the phone scans the code. */
function pollingState() {
  return {
    initial: 'idle',
    states: {
      idle: { after: { qrPoll: 'polling' } },
      polling: {
        invoke: {
          src: 'pollQrCode',
          input: ({ context }: { context: QrSignInContext }) => ({ id: context.id ?? '' }),
          onDone: [
            { guard: 'confirmedWithLogin', target: '#qrSignIn.confirmed', actions: 'storePoll' },
            { guard: 'expiredStatus', target: '#qrSignIn.expired', actions: 'storePoll' },
            { guard: 'scannedStatus', target: '#qrSignIn.active.scanned', actions: 'storePoll' },
            { guard: 'confirmedStatus', target: '#qrSignIn.error', actions: 'storeConfirmedWithoutLogin' },
            { target: '#qrSignIn.active.waiting', actions: 'storePoll' },
          ],
          onError: { target: '#qrSignIn.error', actions: 'storeError' },
        },
      },
    },
  } as const;
}

export const qrSignInMachine = setup({
  types: {
    context: {} as QrSignInContext,
    events: {} as QrSignInEvent,
    input: {} as QrSignInInput,
    output: {} as QrSignInOutput,
  },
  actors: {
    createQrCode: fromPromise<QrCode, Record<string, never>>(async () => notProvided('createQrCode')),
    pollQrCode: fromPromise<QrPollOutput, QrPollInput>(async () => notProvided('pollQrCode')),
  },
  actions: {
    storePoll: assign(({ event }) => {
      const output = (event as { output?: QrPollOutput }).output;
      return output ? { status: output.status, login: output.login ?? null } : {};
    }),
    storeError: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error) }),
    storeConfirmedWithoutLogin: assign({ error: 'confirmed without a login' }),
    setNow: assign({ now: ({ event }) => event.now }),
  },
  guards: {
    confirmedWithLogin: ({ event }) => {
      const output = (event as { output?: QrPollOutput }).output;
      return output?.status === 'confirmed' && Boolean(output.login);
    },
    confirmedStatus: ({ event }) => (event as { output?: QrPollOutput }).output?.status === 'confirmed',
    expiredStatus: ({ event }) => (event as { output?: QrPollOutput }).output?.status === 'expired',
    scannedStatus: ({ event }) => (event as { output?: QrPollOutput }).output?.status === 'scanned',
    pastDeadline: ({ context }) => context.expiresAt !== null && context.now >= context.expiresAt,
  },
  delays: {
    qrPoll: QR_POLL_MS,
    qrExpiry: ({ context }) => expiryDelay(context),
  },
}).createMachine({
  id: 'qrSignIn',
  context: ({ input }) => ({ id: null, expiresAt: null, now: input.now, status: null, login: null, error: null }),
  initial: 'creating',
  on: {
    REFRESH: { target: '.creating', reenter: true, actions: 'setNow' },
    TICK: { actions: 'setNow' },
  },
  states: {
    creating: {
      entry: assign({ id: null, expiresAt: null, status: null, login: null, error: null }),
      invoke: {
        src: 'createQrCode',
        input: {},
        onDone: {
          target: 'active',
          actions: assign(({ event }) => ({
            id: event.output.id,
            expiresAt: toMs(event.output.expiresAt),
            status: 'waiting' as const,
          })),
        },
        onError: { target: 'error', actions: 'storeError' },
      },
    },
    active: {
      always: { guard: 'pastDeadline', target: 'expired' },
      after: {
        qrExpiry: {
          target: 'active',
          reenter: true,
          actions: assign({ now: ({ context }) => context.now + expiryDelay(context) }),
        },
      },
      initial: 'waiting',
      states: {
        waiting: pollingState(),
        // the same polling, after the phone scanned the code
        scanned: pollingState(),
      },
    },
    confirmed: {
      type: 'final',
    },
    expired: {
      entry: assign({ status: 'expired' as const }),
    },
    error: {},
  },
  output: ({ context }) => ({ login: context.login! }),
});
