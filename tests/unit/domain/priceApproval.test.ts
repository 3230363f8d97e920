import { describe, it, expect } from 'vitest';
import {
  approvalStanding, decide, DEFAULT_PRICE_END, DEFAULT_PRICE_START, effectivePrice, initialIsCheck, IS_CHECK, PRICE_TEXT, priceStatus, validatePrice,
  type PriceLike,
} from '../../../domain/priceApproval.ts';
import { isPriceClass, isSupplierType, isUnit, priceConfigOf } from '../../../domain/mallCatalogue.ts';

const price = (p: Partial<PriceLike> & { id?: string } = {}): PriceLike & { id: string } => ({
  id: 'p', isCheck: 1, enable: true, isDelete: false, startDate: DEFAULT_PRICE_START, endDate: DEFAULT_PRICE_END,
  createdAt: '2024-05-01T00:00:00Z', checkedAt: '2024-05-01T00:00:00Z', ...p,
});

describe('initialIsCheck (§4)', () => {
  it('is pending with approval on and approved without it', () => {
    expect(initialIsCheck(true)).toBe(0);
    expect(initialIsCheck(false)).toBe(1);
    expect(initialIsCheck(undefined)).toBe(1);
  });
});

describe('decide (§4 isCheck transitions)', () => {
  it('approves a pending price', () => {
    expect(decide({ isCheck: 0 }, { approve: true })).toEqual({ ok: true, isCheck: 1, checkRemark: '' });
  });
  it('rejects a pending price with its remark', () => {
    expect(decide({ isCheck: 0 }, { approve: false, remark: ' 高于市场价 ' })).toEqual({ ok: true, isCheck: -2, checkRemark: '高于市场价' });
  });
  it('needs a remark to reject', () => {
    expect(decide({ isCheck: 0 }, { approve: false, remark: '  ' })).toEqual({ ok: false, reason: PRICE_TEXT.remarkRequired });
  });
  it('refuses to decide a price that is not pending', () => {
    for (const isCheck of [IS_CHECK.approved, IS_CHECK.rejected]) {
      expect(decide({ isCheck }, { approve: true })).toEqual({ ok: false, reason: PRICE_TEXT.notPending });
      expect(decide({ isCheck }, { approve: false, remark: 'x' }).ok).toBe(false);
    }
  });
});

describe('validatePrice (§4 defaults, §5)', () => {
  it('accepts a positive price with up to two decimals and fills default dates', () => {
    expect(validatePrice({ price: 12.5 })).toEqual({ ok: true, value: { price: 12.5, startDate: '2000-01-01', endDate: '3000-01-01' } });
    expect(validatePrice({ price: '3.99', startDate: '2024-05-01', endDate: '2024-05-01' }))
      .toEqual({ ok: true, value: { price: 3.99, startDate: '2024-05-01', endDate: '2024-05-01' } });
    expect(validatePrice({ price: 0.01 }).ok).toBe(true);
    expect(validatePrice({ price: 1.1 + 2.2 - 0.3 }).ok).toBe(true); // 3.0000000000000004 is still 3.00
  });
  it('refuses zero, negative and non-numeric prices', () => {
    expect(validatePrice({ price: 0 })).toEqual({ ok: false, errors: [PRICE_TEXT.notPositive] });
    expect(validatePrice({ price: -1 })).toEqual({ ok: false, errors: [PRICE_TEXT.notPositive] });
    for (const p of ['abc', '', null, undefined, NaN, Infinity, '1e3', '12元', {}]) {
      expect(validatePrice({ price: p }), String(p)).toEqual({ ok: false, errors: [PRICE_TEXT.notNumber] });
    }
  });
  it('refuses more than two decimals and absurd prices', () => {
    expect(validatePrice({ price: 1.234 })).toEqual({ ok: false, errors: [PRICE_TEXT.decimals] });
    expect(validatePrice({ price: 10_000_001 })).toEqual({ ok: false, errors: [PRICE_TEXT.tooLarge] });
  });
  it('refuses an end before the start and dates that are not days', () => {
    expect(validatePrice({ price: 1, startDate: '2024-05-02', endDate: '2024-05-01' })).toEqual({ ok: false, errors: [PRICE_TEXT.endBeforeStart] });
    expect(validatePrice({ price: 1, startDate: '2024-02-30' })).toEqual({ ok: false, errors: [PRICE_TEXT.badStart] });
    expect(validatePrice({ price: -1, endDate: 'tomorrow' })).toEqual({ ok: false, errors: [PRICE_TEXT.notPositive, PRICE_TEXT.badEnd] });
  });
});

describe('effectivePrice (§4)', () => {
  it('picks the most recently approved price in its dates', () => {
    const old = price({ id: 'old', checkedAt: '2024-05-01T00:00:00Z' });
    const newer = price({ id: 'new', checkedAt: '2024-05-10T00:00:00Z', createdAt: '2024-04-01T00:00:00Z' });
    expect(effectivePrice([newer, old], '2024-05-15')?.id).toBe('new');
    expect(effectivePrice([old, newer], '2024-05-15')?.id).toBe('new');
  });
  it('ignores pending, rejected, disabled, deleted and out-of-date prices', () => {
    const prices = [
      price({ id: 'pending', isCheck: 0, checkedAt: '2024-06-01T00:00:00Z' }),
      price({ id: 'rejected', isCheck: -2, checkedAt: '2024-06-01T00:00:00Z' }),
      price({ id: 'disabled', enable: false, checkedAt: '2024-06-01T00:00:00Z' }),
      price({ id: 'deleted', isDelete: true, checkedAt: '2024-06-01T00:00:00Z' }),
      price({ id: 'future', startDate: '2024-06-01', checkedAt: '2024-06-01T00:00:00Z' }),
      price({ id: 'past', endDate: '2024-05-14', checkedAt: '2024-06-01T00:00:00Z' }),
      price({ id: 'ok' }),
    ];
    expect(effectivePrice(prices, '2024-05-15')?.id).toBe('ok');
    expect(effectivePrice(prices.slice(0, 6), '2024-05-15')).toBeNull();
  });
  it('includes both the start and end day', () => {
    const p = price({ startDate: '2024-05-15', endDate: '2024-05-15' });
    expect(effectivePrice([p], '2024-05-15')).toBe(p);
    expect(effectivePrice([p], '2024-05-16')).toBeNull();
  });
});

describe('priceStatus', () => {
  it('names each state of a price on a day', () => {
    expect(priceStatus(price({ isCheck: 0 }), '2024-05-15')).toBe('pending');
    expect(priceStatus(price({ isCheck: -2 }), '2024-05-15')).toBe('rejected');
    expect(priceStatus(price(), '2024-05-15')).toBe('effective');
    expect(priceStatus(price({ startDate: '2024-06-01' }), '2024-05-15')).toBe('approved');
    expect(priceStatus(price({ endDate: '2024-05-01' }), '2024-05-15')).toBe('expired');
    expect(priceStatus(price({ isDelete: true }), '2024-05-15')).toBe('deleted');
  });
});

describe('approvalStanding (§4, §6, issue 27)', () => {
  const base = { approverOrgId: 'org-b', supplierInArea: true, approvalGroupOrgIds: [] as string[] };
  it('lets a bureau of the supplier area decide', () => {
    expect(approvalStanding({ ...base, party: 'bureau' })).toEqual({ ok: true });
  });
  it('refuses a bureau of another area (a sandbox bureau has only the sandbox for an area)', () => {
    expect(approvalStanding({ ...base, party: 'bureau', supplierInArea: false })).toEqual({ ok: false, reason: '不能审核其他区域供应商的价格' });
  });
  it('refuses a school (a code-4 role of a school is one) and a plain member, and lets a configured approval group decide', () => {
    expect(approvalStanding({ ...base, party: 'school' }).ok).toBe(false);
    expect(approvalStanding({ ...base, party: 'member' }).ok).toBe(false);
    expect(approvalStanding({ ...base, party: 'school', approvalGroupOrgIds: ['org-b'] })).toEqual({ ok: true });
  });
  it('lets the platform decide', () => {
    expect(approvalStanding({ ...base, party: 'platform', supplierInArea: false })).toEqual({ ok: true });
  });
});

describe('priceConfigOf (§3 role group config)', () => {
  it('reads the four price settings with safe defaults', () => {
    expect(priceConfigOf(undefined)).toEqual({ priceApprovalEnable: false, priceModifyLimitEnable: false, priceApprovalTimeRule: '', priceApprovalGroup: null });
    expect(priceConfigOf({ priceApprovalEnable: true, priceModifyLimitEnable: 'yes', priceApprovalTimeRule: '2w', priceApprovalGroup: 'g1', other: 1 }))
      .toEqual({ priceApprovalEnable: true, priceModifyLimitEnable: false, priceApprovalTimeRule: '2w', priceApprovalGroup: 'g1' });
  });
  it('knows the §9 units, supplier types and price classes', () => {
    expect(isUnit('1人份')).toBe(true);
    expect(isUnit('公斤')).toBe(false);
    expect(['xg', 'sxps', 'jgpt', 'other'].map(isSupplierType)).toEqual([true, true, true, false]);
    expect(['jyjxj', 'dqbd', 'cqwd', 'x'].map(isPriceClass)).toEqual([true, true, true, false]);
  });
});
