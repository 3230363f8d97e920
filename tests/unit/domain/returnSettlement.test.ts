// Returns in settlement (issue 11): an accepted return comes off what the school pays for its order, to the fen.
import { describe, expect, it } from 'vitest';
import { CREDITED_STATUSES, payableAmount, returnAmount } from '../../../domain/orderReturn.ts';

describe('payableAmount', () => {
  it('is what was received less the accepted returns, to the fen', () => {
    // 3 斤 at 3.33 back of a received 100.10: 9.99 off
    expect(payableAmount({ amount: 120, receivedAmount: 100.1 }, returnAmount([{ price: 3.33, quantity: 3 }]))).toBe(90.11);
    expect(payableAmount({ amount: 0.3, receivedAmount: 0.3 }, 0.1)).toBe(0.2);
  });
  it('takes the order amount before receipt, and never goes below 0', () => {
    expect(payableAmount({ amount: 50, receivedAmount: null }, 0)).toBe(50);
    expect(payableAmount({ amount: 50, receivedAmount: 10 }, 12.5)).toBe(0);
    expect(payableAmount({ amount: 50, receivedAmount: 0 }, 0)).toBe(0);
  });
  it('only accepted returns are credited', () => {
    expect(CREDITED_STATUSES).toEqual(['accepted']);
  });
});
