import { describe, it, expect } from 'vitest';
import { isAppId, nextAppId } from '../../../domain/appId.ts';

describe('app ids (§3)', () => {
  it('recognises cp + year + 3 digits', () => {
    expect(isAppId('cp2024001')).toBe(true);
    expect(isAppId('cp202401')).toBe(false);
    expect(isAppId('xp2024001')).toBe(false);
    expect(isAppId('cp2024001x')).toBe(false);
  });
  it('starts a year at 001', () => {
    expect(nextAppId(2025, [])).toBe('cp2025001');
    expect(nextAppId(2025, ['cp2024007'])).toBe('cp2025001');
  });
  it('continues after the highest sequence of the year, ignoring other ids', () => {
    expect(nextAppId(2024, ['cp2024003', 'cp2024010', 'cp2023999', 'legacy'])).toBe('cp2024011');
  });
  it('refuses to go past 999', () => {
    expect(() => nextAppId(2024, ['cp2024999'])).toThrow();
  });
});
