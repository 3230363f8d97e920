// A draft's expected price (issue 28 point 5): the effective price now per line, the total only when every line has one.
import { describe, expect, it } from 'vitest';
import { draftExpectation } from '../../../domain/draftPrice.ts';

describe('draftExpectation', () => {
  const prices: Record<string, number | null> = { rice: 62.5, egg: 16.8, gone: null };
  const priceNow = (skuId: string) => prices[skuId] ?? null;

  it('prices each line at the price now, amounts to the fen, and sums them', () => {
    const e = draftExpectation([{ skuId: 'rice', quantity: 2 }, { skuId: 'egg', quantity: 1.333 }], priceNow);
    // 16.8 × 1.333 = 22.3944 → 22.39
    expect(e.lines).toEqual([{ expectedPrice: 62.5, expectedAmount: 125 }, { expectedPrice: 16.8, expectedAmount: 22.39 }]);
    expect(e.expectedAmount).toBe(147.39);
  });

  it('says no total when a line has no effective price (submitting would be refused)', () => {
    const e = draftExpectation([{ skuId: 'rice', quantity: 1 }, { skuId: 'gone', quantity: 1 }], priceNow);
    expect(e.lines[1]).toEqual({ expectedPrice: null, expectedAmount: null });
    expect(e.expectedAmount).toBeNull();
  });
});
