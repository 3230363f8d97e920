// §7 external issue tracker / §9 timers: every call is tried up to TIMERS.retryMax times, TIMERS.retryDelayMs
// apart; §8 after the last failure the error joins the server errors, or is the generic request error.
import { TIMERS } from './constants.ts';

/** §8 missing body / no server text: "request error, retry later" */
export const GENERIC_REQUEST_ERROR = '请求出错，请稍后重试';

export interface RetryOptions {
  /** attempts in all (default §9 retryMax 5) */
  max?: number;
  /** pause between attempts (default §9 retryDelayMs 600) */
  delayMs?: number;
  /** injectable pause, so tests need no timers */
  sleep?: (ms: number) => Promise<void>;
}

/** Thrown after the last attempt: every attempt's error, and the §8 message made of them. */
export class RetryError extends Error {
  readonly errors: unknown[];
  constructor(errors: unknown[]) {
    super(retryErrorMessage(errors));
    this.name = 'RetryError';
    this.errors = errors;
  }
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** §8: the distinct server texts of the failures joined, else the generic request error. */
export function retryErrorMessage(errors: unknown[]): string {
  const texts = errors
    .map((e) => (e instanceof Error ? e.message : typeof e === 'string' ? e : ''))
    .map((s) => s.trim())
    .filter(Boolean);
  const distinct = [...new Set(texts)];
  return distinct.length ? distinct.join('；') : GENERIC_REQUEST_ERROR;
}

/** Runs `attempt` until it resolves, at most `max` times, pausing `delayMs` between tries. */
export async function retry<T>(attempt: (n: number) => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const max = Math.max(1, opts.max ?? TIMERS.retryMax);
  const delayMs = opts.delayMs ?? TIMERS.retryDelayMs;
  const sleep = opts.sleep ?? realSleep;
  const errors: unknown[] = [];
  for (let n = 1; n <= max; n += 1) {
    try {
      return await attempt(n);
    } catch (e) {
      errors.push(e);
      if (n < max) await sleep(delayMs);
    }
  }
  throw new RetryError(errors);
}
