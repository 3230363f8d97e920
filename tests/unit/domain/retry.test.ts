import { describe, expect, it } from 'vitest';
import { GENERIC_REQUEST_ERROR, retry, RetryError, retryErrorMessage } from '../../../domain/retry.ts';

const recorder = () => {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => { delays.push(ms); } };
};

describe('retry (§7 issue tracker, §9 retry 600 ms, max 5)', () => {
  it('returns the first success without pausing', async () => {
    const { delays, sleep } = recorder();
    expect(await retry(async () => 'ok', { sleep })).toBe('ok');
    expect(delays).toEqual([]);
  });

  it('retries failures 600 ms apart until one succeeds', async () => {
    const { delays, sleep } = recorder();
    const result = await retry(async (n) => { if (n < 3) throw new Error('busy'); return n; }, { sleep });
    expect(result).toBe(3);
    expect(delays).toEqual([600, 600]);
  });

  it('gives up after 5 attempts with the server texts joined', async () => {
    const { delays, sleep } = recorder();
    let attempts = 0;
    const p = retry(async () => { attempts += 1; throw new Error(attempts % 2 ? 'group locked' : 'rate limited'); }, { sleep });
    await expect(p).rejects.toThrow(RetryError);
    await expect(p).rejects.toThrow('group locked；rate limited');
    expect(attempts).toBe(5);
    expect(delays).toEqual([600, 600, 600, 600]);
  });

  it('falls back to the generic request error when no server text came back', () => {
    expect(retryErrorMessage([new Error(''), new Error('  '), null])).toBe(GENERIC_REQUEST_ERROR);
    expect(retryErrorMessage(['a', new Error('a'), new Error('b')])).toBe('a；b');
  });

  it('honours other limits', async () => {
    const { delays, sleep } = recorder();
    await expect(retry(async () => { throw new Error('x'); }, { sleep, max: 2, delayMs: 10 })).rejects.toThrow('x');
    expect(delays).toEqual([10]);
  });
});
