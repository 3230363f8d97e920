import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatPercent, formatTime } from '../../../domain/intlFormat.ts';

// Issue 13: dates and numbers in the chosen language, not the browser's. Local times are built from parts so the
// test does not depend on the machine's time zone.
describe('intlFormat (issue 13)', () => {
  const at = new Date(2026, 10, 25, 9, 5, 7);
  it('orders a date-time the way each language writes it, on a 24-hour clock', () => {
    expect(formatDateTime(at, 'zh-CN')).toBe('2026/11/25 09:05');
    expect(formatDateTime(at, 'en-US')).toBe('11/25/2026, 09:05');
    expect(formatDateTime(at, 'zh-TW').replace(/\s/g, ' ')).toBe('2026/11/25 09:05');
    expect(formatDateTime(at, 'zh-CN', true)).toBe('2026/11/25 09:05:07');
    expect(formatDateTime(new Date(2026, 10, 25, 21, 30), 'en-US')).toBe('11/25/2026, 21:30');
  });
  it('reads a bare calendar day as that day, and leaves what is not a date as it is', () => {
    expect(formatDate('2026-11-25', 'zh-CN')).toBe('2026/11/25');
    expect(formatDate('2026-11-25', 'en-US')).toBe('11/25/2026');
    expect(formatDate(null, 'en-US')).toBe('');
    expect(formatDateTime('not a date', 'en-US')).toBe('not a date');
  });
  it('writes times and numbers with the language separators', () => {
    expect(formatTime(at, 'en-US')).toBe('09:05');
    expect(formatNumber(12345.5, 'en-US')).toBe('12,345.5');
    expect(formatNumber(1234, 'zh-CN', 0)).toBe('1,234');
    expect(formatNumber(2.5, 'de-DE', 2)).toBe('2,50');
  });
  it('writes a share as a percentage rounded down, so short of a goal never reads as reaching it', () => {
    expect(formatPercent(0.9496, 'zh-CN')).toBe('94.9%');
    expect(formatPercent(1, 'en-US')).toBe('100.0%');
    expect(formatPercent(0, 'zh-TW')).toBe('0.0%');
  });
});
