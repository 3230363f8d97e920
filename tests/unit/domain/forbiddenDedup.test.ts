import { describe, it, expect } from 'vitest';
import { shouldShowForbidden } from '../../../domain/forbiddenDedup.ts';

describe('shouldShowForbidden (§4)', () => {
  it('shows the first message', () => {
    expect(shouldShowForbidden(null, 5)).toBe(true);
  });
  it('suppresses repeats within 30 s and shows again after', () => {
    expect(shouldShowForbidden(1_000, 1_000 + 29_999)).toBe(false);
    expect(shouldShowForbidden(1_000, 1_000 + 30_000)).toBe(true);
  });
});
