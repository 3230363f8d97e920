// §9 round6's fast path (domain/numberInput.ts) gives exactly what the exact decimal half-up rounding gives.
import { describe, expect, it } from 'vitest';
import { round6, roundHalfUp } from '../../../domain/numberInput.ts';

describe('round6', () => {
  it('rounds half up at the 6th decimal, exactly as the decimal shift does', () => {
    expect(round6(1.0000005)).toBe(1.000001);
    expect(round6(-1.0000005)).toBe(-1.000001);
    expect(round6(0.1 + 0.2)).toBe(0.3);
    expect(round6(1.23456749)).toBe(1.234567);
    expect(round6(-0.0000001)).toBe(0);
    expect(Object.is(round6(-0.0000001), 0)).toBe(true);
    expect(round6(Number.NaN)).toBeNaN();
    expect(round6(Infinity)).toBe(Infinity);
  });

  it('agrees with roundHalfUp(n, 6) on random values, products and near-half cases', () => {
    let seed = 42;
    const rnd = () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed / 2 ** 31; };
    const cases: number[] = [];
    for (let i = 0; i < 20000; i++) {
      cases.push((rnd() - 0.5) * 10 ** Math.floor(rnd() * 12 - 4));
      cases.push(Math.round(rnd() * 1e5) / 100 * (Math.round(rnd() * 1e4) / 100) / 100);
      cases.push(Math.floor(rnd() * 1e9) / 1e6 + 5e-7);
    }
    for (const n of cases) expect(round6(n), String(n)).toBe(roundHalfUp(n, 6));
  });
});
