import { describe, expect, it } from 'vitest';
import { orgExpiryOf } from '../../../domain/orgExpiry.ts';

describe('§6 org expiration notice', () => {
  const now = new Date('2026-11-25T08:00:00Z');
  it('says nothing for an org without expiration or far from it', () => {
    expect(orgExpiryOf({ expiration: null }, now)).toEqual({ kind: 'none' });
    expect(orgExpiryOf({ expiration: '2027-06-01T00:00:00Z' }, now)).toEqual({ kind: 'none' });
  });
  it('announces the days left within 30 days, and an expired org', () => {
    expect(orgExpiryOf({ expiration: '2026-12-05T08:00:00Z' }, now)).toEqual({ kind: 'soon', days: 10, expiration: '2026-12-05T08:00:00Z' });
    expect(orgExpiryOf({ expiration: '2026-11-25T07:00:00Z' }, now).kind).toBe('expired');
    expect(orgExpiryOf({ expiration: '2027-01-01T00:00:00Z', expired: true }, now).kind).toBe('expired');
  });
});
