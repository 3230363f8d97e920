import { describe, it, expect } from 'vitest';
import { needsMarquee, shouldShowNotice } from '../../../domain/notice.ts';

describe('shouldShowNotice (§2)', () => {
  it('shows only an enabled notice with content', () => {
    expect(shouldShowNotice({ enable: true, content: 'Maintenance tonight' })).toBe(true);
    expect(shouldShowNotice({ enable: false, content: 'Maintenance tonight' })).toBe(false);
    expect(shouldShowNotice({ enable: true, content: '' })).toBe(false);
    expect(shouldShowNotice({ enable: true, content: '   ' })).toBe(false);
    expect(shouldShowNotice(undefined)).toBe(false);
  });
});

describe('needsMarquee (§2)', () => {
  it('scrolls text wider than the banner minus 60 px', () => {
    expect(needsMarquee(941, 1000)).toBe(true);
    expect(needsMarquee(940, 1000)).toBe(false);
    expect(needsMarquee(100, 1000)).toBe(false);
  });
});
