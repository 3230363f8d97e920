import { describe, it, expect } from 'vitest';
import { parseDuration } from '../../../domain/durations.ts';

describe('parseDuration (§4, §5)', () => {
  it('reads a number and a unit', () => {
    expect(parseDuration('5d')).toEqual({ amount: 5, unit: 'd' });
    expect(parseDuration('2w')).toEqual({ amount: 2, unit: 'w' });
    expect(parseDuration('1m')).toEqual({ amount: 1, unit: 'm' });
    expect(parseDuration('1y')).toEqual({ amount: 1, unit: 'y' });
    expect(parseDuration('12M')).toEqual({ amount: 12, unit: 'm' });
  });
  it('keeps 0 as the current period', () => {
    expect(parseDuration('0d')).toEqual({ amount: 0, unit: 'd' });
  });
  it('treats a missing number as one', () => {
    expect(parseDuration('w')).toEqual({ amount: 1, unit: 'w' });
  });
  it('gives no limit for anything else', () => {
    for (const raw of ['', '5', 'd5', '5h', '-1d', '1.5d', null, undefined]) expect(parseDuration(raw)).toBeNull();
  });
});
