// The captcha gate decides on settled failures; in-flight (pending) password tries make a try wait, bounded.
import { describe, expect, it } from 'vitest';
import {
  addressNeedsCaptcha, CAPTCHA_GATE, captchaGateDecision, PENDING_TRY, pendingStaleBefore, SIGN_IN_THROTTLE, signInWaitMs,
} from '../../../domain/signInThrottle.ts';

const gate = CAPTCHA_GATE.afterFailures;

describe('captcha gate with pending tries', () => {
  it('settled failures alone reaching the gate ask for the captcha at once, pending or not', () => {
    expect(captchaGateDecision({ settled: gate, pending: 0 }, 0)).toBe('captcha');
    expect(captchaGateDecision({ settled: gate, pending: 4 }, 0)).toBe('captcha');
  });

  it('below the gate even with every pending try counted, the try passes', () => {
    expect(captchaGateDecision({ settled: 0, pending: 0 }, 0)).toBe('pass');
    expect(captchaGateDecision({ settled: 0, pending: gate - 1 }, 0)).toBe('pass');
    expect(captchaGateDecision({ settled: gate - 1, pending: 0 }, 0)).toBe('pass');
  });

  it('when only pending tries could reach the gate, the try waits for them to settle, then takes the safe side', () => {
    expect(captchaGateDecision({ settled: 0, pending: gate }, 0)).toBe('wait');
    expect(captchaGateDecision({ settled: gate - 1, pending: 1 }, PENDING_TRY.maxWaitMs - 1)).toBe('wait');
    expect(captchaGateDecision({ settled: 0, pending: gate }, PENDING_TRY.maxWaitMs)).toBe('captcha');
  });

  it('the wait is short and a pending try of a dead request turns into a failure long after it', () => {
    expect(PENDING_TRY.maxWaitMs).toBeLessThanOrEqual(2_000);
    expect(PENDING_TRY.waitStepMs).toBeLessThan(PENDING_TRY.maxWaitMs);
    expect(PENDING_TRY.staleMs).toBeGreaterThan(PENDING_TRY.maxWaitMs);
    const now = new Date('2026-11-26T00:30:00Z');
    expect(pendingStaleBefore(now).toISOString()).toBe('2026-11-26T00:29:30.000Z');
  });

  it('the 429 wait counts what it is given (pending and settled tries alike) against each limit', () => {
    const now = new Date('2026-11-26T00:30:00Z');
    const oldest = new Date('2026-11-26T00:25:00Z');
    const none = { n: 0, oldest: null };
    expect(signInWaitMs({ accountAndAddress: { n: 5, oldest }, address: none, account: none }, now)).toBe(10 * 60_000);
    expect(signInWaitMs({ accountAndAddress: { n: 4, oldest }, address: none, account: none }, now)).toBe(0);
    expect(signInWaitMs({ accountAndAddress: none, address: none, account: { n: SIGN_IN_THROTTLE.perAccount, oldest } }, now)).toBe(10 * 60_000);
  });

  it('issue 29: an address past its failures asks for a captcha and never makes anyone wait', () => {
    const now = new Date('2026-11-26T00:30:00Z');
    const oldest = new Date('2026-11-26T00:25:00Z');
    const none = { n: 0, oldest: null };
    const spraying = { accountAndAddress: none, address: { n: SIGN_IN_THROTTLE.perAddress, oldest }, account: none };
    expect(signInWaitMs(spraying, now)).toBe(0);
    expect(addressNeedsCaptcha(spraying)).toBe(true);
    expect(addressNeedsCaptcha({ address: { n: SIGN_IN_THROTTLE.perAddress - 1, oldest } })).toBe(false);
  });
});
