// carReport (issue 11): per vehicle and driver, what was carried and how many stops arrived on time, worked by hand.
import { describe, expect, it } from 'vitest';
import { arrivedOnTime, carReport, carriedWeight, periodProblem, type CarStop } from '../../../domain/carReport.ts';

const stop = (over: Partial<CarStop>): CarStop => ({
  logisticsId: 'L1', deliveryDate: '2026-11-24', vehicle: '沪A·1', driverName: '王', orderId: 'o1', schoolOrgId: 's1', status: 'arrived',
  // 09:30 China time
  arrivedAt: '2026-11-24T01:30:00.000Z', amount: 10, lines: [], ...over,
});

describe('arrivedOnTime', () => {
  it('is on its delivery day by the arrive-by time, China time', () => {
    expect(arrivedOnTime(stop({}))).toBe(true);
    // 10:00 sharp is on time, 10:01 is late
    expect(arrivedOnTime(stop({ arrivedAt: '2026-11-24T02:00:00.000Z' }))).toBe(true);
    expect(arrivedOnTime(stop({ arrivedAt: '2026-11-24T02:01:00.000Z' }))).toBe(false);
    expect(arrivedOnTime(stop({ arrivedAt: '2026-11-24T02:01:00.000Z' }), '11:00')).toBe(true);
    // the day before is early, not late
    expect(arrivedOnTime(stop({ arrivedAt: '2026-11-23T10:00:00.000Z' }))).toBe(true);
    expect(arrivedOnTime(stop({ arrivedAt: null, status: 'departed' }))).toBeNull();
  });
});

describe('carriedWeight', () => {
  it('weighs lines by unit or a one-weight spec and counts the rest as not weighable', () => {
    expect(carriedWeight([
      { quantity: 3, unit: '斤', spec: '500g' }, { quantity: 2, unit: '千克', spec: '' }, { quantity: 1, unit: '袋', spec: '10kg/袋' },
      { quantity: 4, unit: '板', spec: '30枚/板' }, { quantity: 2, unit: '桶', spec: '5L/桶' },
    ])).toEqual({ grams: 1500 + 2000 + 10000, unweighed: 2 });
  });
});

describe('carReport', () => {
  it('groups by vehicle and driver, counts deliveries, stops, schools and orders, and rates on-time arrivals', () => {
    const stops = [
      stop({ orderId: 'o1', schoolOrgId: 'A', amount: 100.1, lines: [{ quantity: 10, unit: '斤', spec: '' }] }),
      stop({ orderId: 'o2', schoolOrgId: 'B', amount: 50.25, arrivedAt: '2026-11-24T03:00:00.000Z', lines: [{ quantity: 1, unit: '箱', spec: '' }] }),
      stop({ logisticsId: 'L2', deliveryDate: '2026-11-25', orderId: 'o3', schoolOrgId: 'A', amount: 0.15, vehicle: ' 沪A·1 ', status: 'departed', arrivedAt: null }),
      stop({ logisticsId: 'L3', orderId: 'o4', schoolOrgId: 'C', vehicle: '沪B·2', driverName: '李', amount: 20, lines: [{ quantity: 2, unit: '千克', spec: '' }] }),
    ];
    const { rows, totals } = carReport(stops);
    expect(rows).toEqual([
      {
        vehicle: '沪A·1', driverName: '王', deliveries: 2, stops: 3, schools: 2, orders: 3, amount: 150.5, weightKg: 5, unweighedLines: 1,
        arrived: 2, onTime: 1, onTimeRate: 0.5,
      },
      { vehicle: '沪B·2', driverName: '李', deliveries: 1, stops: 1, schools: 1, orders: 1, amount: 20, weightKg: 2, unweighedLines: 0, arrived: 1, onTime: 1, onTimeRate: 1 },
    ]);
    expect(totals).toMatchObject({ deliveries: 3, stops: 4, schools: 3, orders: 4, amount: 170.5, weightKg: 7, arrived: 3, onTime: 2 });
    expect(totals.onTimeRate).toBeCloseTo(2 / 3, 6);
    expect(carReport([]).totals).toMatchObject({ stops: 0, onTimeRate: null, amount: 0 });
  });
});

describe('periodProblem', () => {
  it('accepts a period of real days, from before to', () => {
    expect(periodProblem('2026-11-01', '2026-11-30')).toBeNull();
    expect(periodProblem('2026-11-30', '2026-11-01')).toMatch(/开始日期/);
    expect(periodProblem('2026-02-30', '2026-03-01')).toMatch(/日期不正确/);
    expect(periodProblem('2025-01-01', '2026-11-30')).toMatch(/最多 366 天/);
  });
});
