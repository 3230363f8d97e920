import { describe, it, expect } from 'vitest';
import { checkOnline, isNonWorkingDay, nowParts } from '../../../domain/onlineRestriction.ts';
import type { OnlineRule } from '../../../domain/types.ts';

const staff = [{ name: 'school', code: '1' }];
// 2024-05-15 is a Wednesday
const wed = { date: '2024-05-15', time: '10:30', weekday: 3 };
const sat = { date: '2024-05-18', time: '10:30', weekday: 6 };
const hours: OnlineRule = { enable: true, type: 'time', datetime: ['08:00', '17:00'], msg: 'closed', title: 'Off hours' };

describe('checkOnline (§4)', () => {
  it('does not block without an enabled rule', () => {
    expect(checkOnline(undefined, wed, [], staff)).toEqual({ blocked: false });
    expect(checkOnline({ ...hours, enable: false }, { ...wed, time: '03:00' }, [], staff)).toEqual({ blocked: false });
  });

  it('blocks outside the allowed clock times with the configured msg and title', () => {
    expect(checkOnline(hours, wed, [], staff)).toEqual({ blocked: false });
    expect(checkOnline(hours, { ...wed, time: '08:00' }, [], staff)).toEqual({ blocked: false });
    expect(checkOnline(hours, { ...wed, time: '17:00' }, [], staff)).toEqual({ blocked: false });
    expect(checkOnline(hours, { ...wed, time: '17:01' }, [], staff)).toEqual({ blocked: true, msg: 'closed', title: 'Off hours' });
    expect(checkOnline(hours, { ...wed, time: '07:59' }, [], staff).blocked).toBe(true);
  });

  it('treats a clock range that ends before it starts as spanning midnight', () => {
    const night: OnlineRule = { enable: true, type: 'time', datetime: ['22:00', '06:00'] };
    expect(checkOnline(night, { ...wed, time: '23:30' }, [], staff).blocked).toBe(false);
    expect(checkOnline(night, { ...wed, time: '05:00' }, [], staff).blocked).toBe(false);
    expect(checkOnline(night, { ...wed, time: '12:00' }, [], staff)).toEqual({ blocked: true, msg: '', title: '' });
  });

  it('blocks outside the allowed dates', () => {
    const dates: OnlineRule = { enable: true, type: 'date', datetime: ['2024-05-01', '2024-05-15'] };
    expect(checkOnline(dates, wed, [], staff).blocked).toBe(false);
    expect(checkOnline(dates, { ...wed, date: '2024-05-16' }, [], staff).blocked).toBe(true);
    expect(checkOnline(dates, { ...wed, date: '2024-04-30' }, [], staff).blocked).toBe(true);
  });

  it('with model 2 also blocks non-working days', () => {
    const model2: OnlineRule = { ...hours, model: 2 };
    expect(checkOnline(model2, sat, [], staff).blocked).toBe(true);
    expect(checkOnline(hours, sat, [], staff).blocked).toBe(false);
    expect(checkOnline(model2, sat, [{ date: sat.date, type: 0 }], staff).blocked).toBe(false);
    expect(checkOnline(model2, wed, [{ date: wed.date, type: 1 }], staff).blocked).toBe(true);
  });

  it('is skipped for admins, manage admins and system providers', () => {
    const late = { ...wed, time: '23:00' };
    for (const role of [
      { name: 'admin_a', code: '1' },
      { name: 'manage_admin_a', code: '1' },
      { name: 'p', code: '999' },
    ])
      expect(checkOnline(hours, late, [], [role])).toEqual({ blocked: false });
    expect(checkOnline(hours, late, [], [{ name: 'u', code: 'useradmin' }]).blocked).toBe(true);
  });
});

describe('isNonWorkingDay', () => {
  it('weekends are off unless listed as working days; listed holidays are off', () => {
    expect(isNonWorkingDay({ date: '2024-05-19', weekday: 0 }, [])).toBe(true);
    expect(isNonWorkingDay({ date: '2024-05-19', weekday: 0 }, [{ date: '2024-05-19', type: 0 }])).toBe(false);
    expect(isNonWorkingDay(wed, [])).toBe(false);
    expect(isNonWorkingDay(wed, [{ date: '2024-05-14', type: 1 }])).toBe(false);
    expect(isNonWorkingDay(wed, [{ date: wed.date, type: 2 }])).toBe(true);
  });
});

describe('nowParts', () => {
  it('gives date, time and weekday in China time by default', () => {
    // 2024-05-15T18:30Z is 2024-05-16 02:30 in Shanghai, a Thursday
    expect(nowParts(new Date('2024-05-15T18:30:00Z'))).toEqual({ date: '2024-05-16', time: '02:30', weekday: 4 });
  });
  it('honours another time zone and midnight as 00', () => {
    expect(nowParts(new Date('2024-05-19T00:05:00Z'), 'UTC')).toEqual({ date: '2024-05-19', time: '00:05', weekday: 0 });
  });
});
