import { describe, expect, it } from 'vitest';
import { viewportOf } from '../../../domain/viewport.ts';

describe('viewportOf (issue 13 layouts)', () => {
  it('takes phones below 640 px, tablets below 1024 px, desktops from there', () => {
    expect([320, 390, 639.5].map(viewportOf)).toEqual(['phone', 'phone', 'phone']);
    expect([640, 820, 1023].map(viewportOf)).toEqual(['tablet', 'tablet', 'tablet']);
    expect([1024, 1440].map(viewportOf)).toEqual(['desktop', 'desktop']);
  });
});
