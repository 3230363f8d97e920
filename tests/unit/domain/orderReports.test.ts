// The rules of the order reports (issue 11, domain/orderReports.ts): the request's dates and grouping, periods,
// a received line's difference, the price paid against the market, and a group's derived figures.
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SUMS, REPORT_TEXT, lineDifference, mayReadReports, parseReportQuery, periodOf, periodsBetween, priceVsMarket, reportFigures, unitPrice,
} from '../../../domain/orderReports.ts';

describe('parseReportQuery', () => {
  const ok = { startDate: '2026-11-02', endDate: '2026-11-29', groupBy: 'week,school' };
  it('accepts a range and up to three dimensions, one period at most', () => {
    expect(parseReportQuery(ok)).toEqual({ ok: true, value: { startDate: '2026-11-02', endDate: '2026-11-29', groupBy: ['week', 'school'] } });
    expect(parseReportQuery({ ...ok, groupBy: ' month , supplier,category ' })).toMatchObject({ ok: true, value: { groupBy: ['month', 'supplier', 'category'] } });
    expect(parseReportQuery({ ...ok, startDate: '2026-11-29' })).toMatchObject({ ok: true });
  });
  it('refuses bad dates, a reversed or too long range and unknown, repeated or too many dimensions, each in its words', () => {
    const refused = (q: Partial<typeof ok>) => {
      const r = parseReportQuery({ ...ok, ...q });
      return r.ok ? null : r.message;
    };
    expect(refused({ startDate: '2026-02-29' })).toBe(REPORT_TEXT.badStart);
    expect(refused({ startDate: '2026/11/02' })).toBe(REPORT_TEXT.badStart);
    expect(refused({ startDate: undefined })).toBe(REPORT_TEXT.badStart);
    expect(refused({ endDate: '2026-13-01' })).toBe(REPORT_TEXT.badEnd);
    expect(refused({ startDate: '2026-11-30' })).toBe(REPORT_TEXT.startAfterEnd);
    expect(refused({ startDate: '2025-11-28' })).toBe(REPORT_TEXT.tooLong);
    expect(refused({ startDate: '2025-11-29' })).toBeNull(); // 366 days
    expect(refused({ groupBy: '' })).toBe(REPORT_TEXT.noGroupBy);
    expect(refused({ groupBy: 'school,year' })).toBe(REPORT_TEXT.unknownGroupBy(['year']));
    expect(refused({ groupBy: 'school,school' })).toBe(REPORT_TEXT.duplicateGroupBy);
    expect(refused({ groupBy: 'day,month' })).toBe(REPORT_TEXT.twoPeriods);
    expect(refused({ groupBy: 'day,school,supplier,product' })).toBe(REPORT_TEXT.tooManyGroupBy);
  });
});

describe('periods', () => {
  it('a day is itself, a week its Monday, a month YYYY-MM', () => {
    expect(periodOf('2026-11-25', 'day')).toBe('2026-11-25');
    expect(periodOf('2026-11-25', 'week')).toBe('2026-11-23'); // a Wednesday
    expect(periodOf('2026-11-23', 'week')).toBe('2026-11-23'); // a Monday
    expect(periodOf('2026-11-29', 'week')).toBe('2026-11-23'); // a Sunday belongs to the week before it
    expect(periodOf('2027-01-01', 'week')).toBe('2026-12-28'); // across a year
    expect(periodOf('2026-11-25', 'month')).toBe('2026-11');
  });
  it('lists every period of a range, empty ones included', () => {
    expect(periodsBetween('2026-11-27', '2026-12-01', 'day')).toEqual(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01']);
    expect(periodsBetween('2026-11-25', '2026-12-08', 'week')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(periodsBetween('2026-10-31', '2027-01-01', 'month')).toEqual(['2026-10', '2026-11', '2026-12', '2027-01']);
  });
});

describe('differences and prices', () => {
  it('a received line is short or over by the difference, in its unit and in ¥; a line not received has none', () => {
    expect(lineDifference({ quantity: 4, receivedQuantity: 3.5, amount: 14, receivedAmount: 12.25 })).toEqual({ shortQuantity: 0.5, overQuantity: 0, shortAmount: 1.75, overAmount: 0 });
    expect(lineDifference({ quantity: 2, receivedQuantity: 2.2, amount: 3.3, receivedAmount: 3.63 })).toEqual({ shortQuantity: 0, overQuantity: 0.2, shortAmount: 0, overAmount: 0.33 });
    expect(lineDifference({ quantity: 2, receivedQuantity: null, amount: 3.3, receivedAmount: null })).toEqual({ shortQuantity: 0, overQuantity: 0, shortAmount: 0, overAmount: 0 });
    expect(lineDifference({ quantity: 0.3, receivedQuantity: 0.1, amount: 0.3, receivedAmount: 0.1 }).shortQuantity).toBe(0.2);
    // weighed on a scale: within its tolerance there is no difference; beyond it, the difference is the whole gap
    expect(lineDifference({ quantity: 2, receivedQuantity: 2.02, amount: 3.3, receivedAmount: 3.33, weighResult: 'ok' })).toEqual({ shortQuantity: 0, overQuantity: 0, shortAmount: 0, overAmount: 0 });
    expect(lineDifference({ quantity: 2, receivedQuantity: 1.8, amount: 3.3, receivedAmount: 2.97, weighResult: 'short' })).toEqual({ shortQuantity: 0.2, overQuantity: 0, shortAmount: 0.33, overAmount: 0 });
  });
  it('the price paid is amount ÷ quantity to the fen; against the market in % to one decimal', () => {
    expect(unitPrice(10, 3)).toBe(3.33);
    expect(unitPrice(10, 0)).toBeNull();
    expect(priceVsMarket(3.3, 3)).toBe(10);
    expect(priceVsMarket(2.9, 3)).toBe(-3.3);
    expect(priceVsMarket(3, null)).toBeNull();
    expect(priceVsMarket(null, 3)).toBeNull();
  });
  it('payable is what was delivered less accepted returns; price figures only on product rows', () => {
    const sums = { ...EMPTY_SUMS, amount: 30, quantity: 10, deliveredAmount: 28.5, returnAmount: 3.1 };
    expect(reportFigures(sums, null)).toMatchObject({ payableAmount: 25.4, avgPrice: null, marketAvgPrice: null, priceVsMarket: null });
    expect(reportFigures(sums, { market: 2.5 })).toMatchObject({ payableAmount: 25.4, avgPrice: 3, marketAvgPrice: 2.5, priceVsMarket: 20 });
    expect(reportFigures(sums, { market: null })).toMatchObject({ avgPrice: 3, marketAvgPrice: null, priceVsMarket: null });
    // as for one order (domain/orderReturn payableAmount): never below nothing
    expect(reportFigures({ ...sums, returnAmount: 30 }, null).payableAmount).toBe(0);
  });
  it('delivery users do not read reports; the school, supplier, salesman, bureau and platform do', () => {
    expect(mayReadReports('delivery')).toBe(false);
    for (const p of ['school', 'supplier', 'salesman', 'bureau', 'platform'] as const) expect(mayReadReports(p)).toBe(true);
  });
});
