// Issue 34: the fruit mall's rules: school days from the §4 calendar, price per member level, offers, order actions.
import { describe, expect, it } from 'vitest';
import {
  fruitOfferProblem, fruitOrderActionProblem, fruitOrderActionsFor, inSeason, isDay, isSchoolDay, levelPriceOf, orderAmountOf, orderDaysOf, paidStatusOf, weekStartOf,
} from '../../../domain/fruitMall.ts';

const holidays = [{ date: '2026-10-01', type: 1 }, { date: '2026-10-02', type: 1 }, { date: '2026-10-10', type: 0 }];

describe('school days', () => {
  it('weekdays, less holidays, plus make-up working days', () => {
    expect(['2026-09-30', '2026-10-01', '2026-10-03', '2026-10-10'].map((d) => isSchoolDay(d, holidays))).toEqual([true, false, false, true]);
  });
  it('a week starts on Monday (§9); the plans take the days from the start on', () => {
    expect([weekStartOf('2026-10-04'), weekStartOf('2026-09-28'), weekStartOf('2026-10-01')]).toEqual(['2026-09-28', '2026-09-28', '2026-09-28']);
    expect(orderDaysOf('week', '2026-09-29', holidays)).toEqual(['2026-09-29', '2026-09-30']);
    expect(orderDaysOf('day', '2026-10-01', holidays)).toEqual([]);
    const october = orderDaysOf('month', '2026-10-01', holidays);
    expect([october[0], october.at(-1), october.includes('2026-10-10'), october.length]).toEqual(['2026-10-05', '2026-10-30', true, 21]);
  });
  it('only real days', () => {
    expect([isDay('2026-02-28'), isDay('2026-02-30'), isDay('2026-2-1')]).toEqual([true, false, false]);
  });
});

describe('offers and prices', () => {
  const offer = { levelPrices: { LV1: 3.5, LV2: 3.2 }, dailyStock: 10, season: [11, 12] };
  it('a level\'s own price, else LV1\'s', () => {
    expect([levelPriceOf(offer, 'LV2'), levelPriceOf(offer, 'LV7'), levelPriceOf(offer, undefined)]).toEqual([3.2, 3.5, 3.5]);
  });
  it('what an offer needs', () => {
    expect(fruitOfferProblem(offer)).toBeNull();
    expect(fruitOfferProblem({ ...offer, levelPrices: { LV2: 1 } })).toBe('请填写 LV1 会员价');
    expect(fruitOfferProblem({ ...offer, levelPrices: { LV1: 0.015 } })).toBe('价格须为不小于 0、最多两位小数的数字');
    expect(fruitOfferProblem({ ...offer, dailyStock: 1.5 })).toBe('每日库存须为不小于 0 的整数');
    expect(fruitOfferProblem({ ...offer, season: [13] })).toBe('供应季节须为 1-12 月');
    expect([inSeason(offer, '2026-11-02'), inSeason(offer, '2026-06-01'), inSeason({ season: [] }, '2026-06-01')]).toEqual([true, false, true]);
  });
  it('an order\'s amount adds the days in fen', () => {
    expect(orderAmountOf(3.33, 3, 3)).toBe(29.97);
    expect(orderAmountOf(0.1, 1, 3)).toBe(0.3);
  });
});

describe('order actions', () => {
  const days = { '2026-11-30': 'delivered', '2026-12-01': 'pending' } as const;
  it('what each party may do now', () => {
    expect(fruitOrderActionsFor({ status: 'placed', payment: 'offline', days }, 'fruit')).toEqual(['pay', 'cancel']);
    expect(fruitOrderActionsFor({ status: 'placed', payment: 'gateway', days }, 'fruit')).toEqual(['cancel']);
    expect(fruitOrderActionsFor({ status: 'placed', payment: 'offline', days }, 'member')).toEqual(['cancel']);
    expect(fruitOrderActionsFor({ status: 'paid', payment: 'offline', days }, 'fruit')).toEqual(['deliver', 'refund']);
    expect(fruitOrderActionsFor({ status: 'paid', payment: 'offline', days }, 'member')).toEqual([]);
    expect(fruitOrderActionProblem({ status: 'paid', payment: 'offline', days }, 'refund', '2026-11-30')).toBe('2026-11-30 已配送或已退款');
  });
  it('the status a paid order\'s days give', () => {
    expect(paidStatusOf({ a: 'pending', b: 'delivered' })).toBe('paid');
    expect(paidStatusOf({ a: 'refunded', b: 'delivered' })).toBe('delivered');
    expect(paidStatusOf({ a: 'refunded', b: 'refunded' })).toBe('refunded');
  });
});
