import { describe, expect, it } from 'vitest';
import { defaultSemesters, isMonthDay, schoolYearDates, semesterConfigOf, semesterOf, validateSemesters } from '../../../domain/semester.ts';

describe('§9 semesters', () => {
  it('defaults: first Sept 1 to Jan 31, second Feb 1 to Aug 31', () => {
    expect(defaultSemesters()).toEqual({ first: { start: '09-01', end: '01-31' }, second: { start: '02-01', end: '08-31' } });
    expect(schoolYearDates(defaultSemesters(), 2025)).toEqual({
      first: { start: '2025-09-01', end: '2026-01-31' },
      second: { start: '2026-02-01', end: '2026-08-31' },
    });
  });

  it('finds the semester of a date', () => {
    const d = defaultSemesters();
    expect(semesterOf('2026-01-15', d)).toEqual({ name: 'first', schoolYear: 2025 });
    expect(semesterOf('2026-03-01', d)).toEqual({ name: 'second', schoolYear: 2025 });
    expect(semesterOf('2026-09-01', d)).toEqual({ name: 'first', schoolYear: 2026 });
    const custom = { first: { start: '09-01', end: '01-15' }, second: { start: '02-20', end: '07-10' } };
    expect(semesterOf('2026-02-01', custom)).toBeNull();
    expect(semesterOf('2026-07-10', custom)).toEqual({ name: 'second', schoolYear: 2025 });
  });

  it('overrides: stored valid values win, broken ones fall back', () => {
    expect(semesterConfigOf({ first: { start: '08-25', end: 'x' } })).toEqual({
      first: { start: '08-25', end: '01-31' }, second: { start: '02-01', end: '08-31' },
    });
    expect(semesterConfigOf(null)).toEqual(defaultSemesters());
  });

  it('validates month-days and overlap', () => {
    expect(isMonthDay('02-29')).toBe(true);
    expect(isMonthDay('02-30')).toBe(false);
    expect(isMonthDay('13-01')).toBe(false);
    expect(validateSemesters(defaultSemesters())).toEqual([]);
    expect(validateSemesters({ first: { start: '09-01', end: '02-10' }, second: { start: '02-01', end: '08-31' } })).toContain('两个学期的日期不能重叠');
    expect(validateSemesters({ first: { start: '09-01', end: '01-31' }, second: { start: '02-01', end: '09-15' } }).join()).toMatch(/第一学期开始前/);
    expect(validateSemesters({ first: { start: '9-1', end: '01-31' } })).toHaveLength(3);
  });
});
