import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../domain/money.ts';

describe('formatMoney (issue 13)', () => {
  it('writes ¥ and two decimals in every locale, grouping thousands', () => {
    expect(formatMoney(12.8, 'zh-CN')).toBe('¥12.80');
    expect(formatMoney(12.8, 'en-US')).toBe('¥12.80');
    expect(formatMoney(1234.565, 'zh-TW')).toBe('¥1,234.57');
    expect(formatMoney(0, 'en-US')).toBe('¥0.00');
  });
});
