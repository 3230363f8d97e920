import { describe, it, expect } from 'vitest';
import { isValidPhone } from '../../../domain/phone.ts';

describe('isValidPhone (§5)', () => {
  it('accepts mainland numbers of 11 digits starting 1 then 3-9', () => {
    for (const p of ['13800138000', '15912345678', '19999999999', '13000000000']) expect(isValidPhone(p)).toBe(true);
  });
  it('refuses empty, short, long, wrong prefix and non-digit input', () => {
    for (const p of ['', '1380013800', '138001380001', '12800138000', '23800138000', '1380013800a', ' 13800138000'])
      expect(isValidPhone(p)).toBe(false);
  });
});
