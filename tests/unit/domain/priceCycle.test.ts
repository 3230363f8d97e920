import { describe, it, expect } from 'vitest';
import { canModifyApprovedPrice, cycleOf, dayOf, inCycle, parseDay } from '../../../domain/priceCycle.ts';

describe('cycleOf (§4 priceApprovalTimeRule)', () => {
  it('0d is the current day', () => {
    expect(cycleOf('0d', '2024-05-15')).toEqual({ start: '2024-05-15', end: '2024-05-15' });
  });
  it('0w is the current week, Monday to Sunday', () => {
    expect(cycleOf('0w', '2024-05-15')).toEqual({ start: '2024-05-13', end: '2024-05-19' }); // Wednesday
    expect(cycleOf('0w', '2024-05-13')).toEqual({ start: '2024-05-13', end: '2024-05-19' }); // Monday
    expect(cycleOf('0w', '2024-05-19')).toEqual({ start: '2024-05-13', end: '2024-05-19' }); // Sunday
  });
  it('0m is the current month, leap years included', () => {
    expect(cycleOf('0m', '2024-02-10')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(cycleOf('0m', '2023-12-31')).toEqual({ start: '2023-12-01', end: '2023-12-31' });
  });
  it('N units is a rolling cycle from the anchor day', () => {
    expect(cycleOf('5d', '2024-05-15')).toEqual({ start: '2024-05-15', end: '2024-05-19' });
    expect(cycleOf('2w', '2024-05-15')).toEqual({ start: '2024-05-15', end: '2024-05-28' });
    expect(cycleOf('1m', '2024-01-31')).toEqual({ start: '2024-01-31', end: '2024-02-28' });
    expect(cycleOf('1y', '2024-03-01')).toEqual({ start: '2024-03-01', end: '2025-02-28' });
  });
  it('gives no cycle for anything that is not a duration (§5 no limit)', () => {
    for (const rule of ['', null, undefined, 'x', '-1d']) expect(cycleOf(rule, '2024-05-15')).toBeNull();
  });
  it('takes the China calendar day of a Date', () => {
    expect(dayOf(new Date('2024-05-14T17:00:00Z'))).toBe('2024-05-15');
    expect(cycleOf('0d', new Date('2024-05-14T15:00:00Z'))).toEqual({ start: '2024-05-14', end: '2024-05-14' });
  });
  it('parses only real calendar days', () => {
    expect(parseDay('2024-02-30')).toBeNull();
    expect(parseDay('2024-2-3')).toBeNull();
    expect(parseDay('2024-02-29')).not.toBeNull();
  });
  it('inCycle is inclusive at both ends', () => {
    const c = { start: '2024-05-13', end: '2024-05-19' };
    expect(inCycle(c, '2024-05-13')).toBe(true);
    expect(inCycle(c, '2024-05-19')).toBe(true);
    expect(inCycle(c, '2024-05-20')).toBe(false);
  });
});

describe('canModifyApprovedPrice (§4 priceModifyLimitEnable)', () => {
  const approved = { checkedAt: '2024-05-15' };
  it('refuses a change inside the cycle of the last approval', () => {
    const r = canModifyApprovedPrice(approved, '2024-05-17', { priceModifyLimitEnable: true, priceApprovalTimeRule: '0w' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.cycle).toEqual({ start: '2024-05-13', end: '2024-05-19' });
      expect(r.reason).toContain('2024-05-19');
    }
  });
  it('allows a change once the cycle is over', () => {
    expect(canModifyApprovedPrice(approved, '2024-05-20', { priceModifyLimitEnable: true, priceApprovalTimeRule: '0w' }).ok).toBe(true);
    expect(canModifyApprovedPrice(approved, '2024-05-20', { priceModifyLimitEnable: true, priceApprovalTimeRule: '5d' }).ok).toBe(true);
    expect(canModifyApprovedPrice(approved, '2024-05-19', { priceModifyLimitEnable: true, priceApprovalTimeRule: '5d' }).ok).toBe(false);
  });
  it('allows any change without the limit, without an approved price, or without a rule', () => {
    expect(canModifyApprovedPrice(approved, '2024-05-15', { priceModifyLimitEnable: false, priceApprovalTimeRule: '1m' }).ok).toBe(true);
    expect(canModifyApprovedPrice(null, '2024-05-15', { priceModifyLimitEnable: true, priceApprovalTimeRule: '1m' }).ok).toBe(true);
    expect(canModifyApprovedPrice(approved, '2024-05-15', { priceModifyLimitEnable: true, priceApprovalTimeRule: '' }).ok).toBe(true);
  });
});
