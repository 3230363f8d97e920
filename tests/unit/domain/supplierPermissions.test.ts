import { describe, expect, it } from 'vitest';
import {
  allowedCategoryIds, categoryAllowed, DEFAULT_SUPPLIER_PERMISSIONS, MAX_PERMISSION_CATEGORIES, nextPermissions, parseSupplierPermissions, permissionsOf,
  priceCutoff, priceReachesPurchaser, SUPPLIER_PERMISSION_TEXT,
} from '../../../domain/supplierPermissions.ts';

describe('parseSupplierPermissions', () => {
  it('gives the defaults (everything allowed) for null, undefined and an empty object', () => {
    for (const input of [null, undefined, {}]) {
      expect(parseSupplierPermissions(input)).toEqual({ ok: true, value: { categoryIds: [], priceEdit: true, order: true, delivery: true } });
    }
  });
  it('keeps the flags and categories sent, trims and drops duplicate ids, ignores a client priceFrozenAt', () => {
    const r = parseSupplierPermissions({ categoryIds: ['a', ' b ', 'a'], priceEdit: false, order: true, delivery: false, priceFrozenAt: '2020-01-01T00:00:00.000Z' });
    expect(r).toEqual({ ok: true, value: { categoryIds: ['a', 'b'], priceEdit: false, order: true, delivery: false } });
  });
  it('refuses what is not an object', () => {
    for (const input of ['x', 1, true, [], [{ priceEdit: true }]]) {
      expect(parseSupplierPermissions(input)).toEqual({ ok: false, errors: [SUPPLIER_PERMISSION_TEXT.notObject] });
    }
  });
  it('refuses flags that are not booleans, naming each one', () => {
    const r = parseSupplierPermissions({ priceEdit: 'no', order: 0, delivery: null });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      SUPPLIER_PERMISSION_TEXT.notBoolean('维护价格（priceEdit）'), SUPPLIER_PERMISSION_TEXT.notBoolean('接收订单（order）'), SUPPLIER_PERMISSION_TEXT.notBoolean('配送（delivery）'),
    ]);
    expect(r.errors.every((e) => /[\u4e00-\u9fa5]/.test(e))).toBe(true);
  });
  it('refuses categoryIds that are not an array of id strings, or too many', () => {
    expect(parseSupplierPermissions({ categoryIds: 'a' })).toEqual({ ok: false, errors: [SUPPLIER_PERMISSION_TEXT.categoriesNotArray] });
    expect(parseSupplierPermissions({ categoryIds: ['a', 3] })).toEqual({ ok: false, errors: [SUPPLIER_PERMISSION_TEXT.badCategoryId] });
    expect(parseSupplierPermissions({ categoryIds: ['  '] })).toEqual({ ok: false, errors: [SUPPLIER_PERMISSION_TEXT.badCategoryId] });
    expect(parseSupplierPermissions({ categoryIds: ['x'.repeat(129)] })).toEqual({ ok: false, errors: [SUPPLIER_PERMISSION_TEXT.badCategoryId] });
    const many = Array.from({ length: MAX_PERMISSION_CATEGORIES + 1 }, (_, i) => `c${i}`);
    expect(parseSupplierPermissions({ categoryIds: many })).toEqual({ ok: false, errors: [SUPPLIER_PERMISSION_TEXT.tooManyCategories] });
    expect(parseSupplierPermissions({ categoryIds: many.slice(1) }).ok).toBe(true);
  });
  it('refuses unknown keys and a malformed priceFrozenAt', () => {
    expect(parseSupplierPermissions({ priceEdit: true, canDelete: true })).toEqual({ ok: false, errors: [SUPPLIER_PERMISSION_TEXT.unknownKey('canDelete')] });
    expect(parseSupplierPermissions({ priceFrozenAt: 5 })).toEqual({ ok: false, errors: [SUPPLIER_PERMISSION_TEXT.badFrozenAt] });
  });
});

describe('permissionsOf (stored)', () => {
  it('fills defaults and drops a frozen time while prices may be edited', () => {
    expect(permissionsOf(undefined)).toEqual(DEFAULT_SUPPLIER_PERMISSIONS);
    expect(permissionsOf({ priceEdit: true, priceFrozenAt: '2024-05-01T00:00:00.000Z' })).toEqual(DEFAULT_SUPPLIER_PERMISSIONS);
    expect(permissionsOf({ categoryIds: ['a', 1], priceEdit: false, priceFrozenAt: '2024-05-01T00:00:00.000Z', order: false }))
      .toEqual({ categoryIds: ['a'], priceEdit: false, order: false, delivery: true, priceFrozenAt: '2024-05-01T00:00:00.000Z' });
  });
});

describe('nextPermissions (the price freeze moment)', () => {
  const t1 = new Date('2024-05-01T08:00:00.000Z');
  const t2 = new Date('2024-05-02T08:00:00.000Z');
  const off = { ...DEFAULT_SUPPLIER_PERMISSIONS, priceEdit: false };
  it('records the moment priceEdit goes from true to false (also on a new link)', () => {
    expect(nextPermissions(permissionsOf({}), off, t1).priceFrozenAt).toBe(t1.toISOString());
    expect(nextPermissions(undefined, off, t1).priceFrozenAt).toBe(t1.toISOString());
  });
  it('keeps the first moment while priceEdit stays false', () => {
    const frozen = nextPermissions(undefined, off, t1);
    expect(nextPermissions(frozen, { ...off, categoryIds: ['a'] }, t2)).toEqual({ ...off, categoryIds: ['a'], priceFrozenAt: t1.toISOString() });
  });
  it('removes it when priceEdit is true again, and a later freeze starts anew', () => {
    const frozen = nextPermissions(undefined, off, t1);
    const open = nextPermissions(frozen, DEFAULT_SUPPLIER_PERMISSIONS, t2);
    expect(open).not.toHaveProperty('priceFrozenAt');
    expect(nextPermissions(open, off, t2).priceFrozenAt).toBe(t2.toISOString());
  });
});

describe('categoryAllowed and allowedCategoryIds', () => {
  // 粮食 > 大米 > 东北大米; 蔬菜 > 叶菜; 肉类
  const cats = [
    { id: 'grain', parentId: '-1' }, { id: 'rice', parentId: 'grain' }, { id: 'dbrice', parentId: 'rice' },
    { id: 'veg', parentId: '-1' }, { id: 'leafy', parentId: 'veg' }, { id: 'meat', parentId: '-1' },
  ];
  const parent = new Map(cats.map((c) => [c.id, c.parentId]));
  const parentsOf = (id: string) => parent.get(id);
  it('allows every category (and none) when nothing is listed', () => {
    expect(categoryAllowed({ categoryIds: [] }, 'meat', parentsOf)).toBe(true);
    expect(categoryAllowed({ categoryIds: [] }, null, parentsOf)).toBe(true);
    expect(allowedCategoryIds({ categoryIds: [] }, cats)).toBeNull();
  });
  it('allows a listed category and its descendants, not its parent, siblings or goods without a category', () => {
    const p = { categoryIds: ['rice'] };
    expect(categoryAllowed(p, 'rice', parentsOf)).toBe(true);
    expect(categoryAllowed(p, 'dbrice', parentsOf)).toBe(true);
    expect(categoryAllowed(p, 'grain', parentsOf)).toBe(false);
    expect(categoryAllowed(p, 'veg', parentsOf)).toBe(false);
    expect(categoryAllowed(p, null, parentsOf)).toBe(false);
    expect(categoryAllowed(p, 'unknown', parentsOf)).toBe(false);
    expect(allowedCategoryIds(p, cats)!.sort()).toEqual(['dbrice', 'rice']);
    expect(allowedCategoryIds({ categoryIds: ['grain', 'meat'] }, cats)!.sort()).toEqual(['dbrice', 'grain', 'meat', 'rice']);
  });
  it('stops on a cycle in the parent links', () => {
    const loop = new Map([['a', 'b'], ['b', 'a']]);
    expect(categoryAllowed({ categoryIds: ['x'] }, 'a', (id) => loop.get(id))).toBe(false);
  });
});

describe('price freeze', () => {
  const frozen = { priceEdit: false, priceFrozenAt: '2024-05-01T08:00:00.000Z' };
  it('has no cut-off while prices may be edited', () => {
    expect(priceCutoff({ priceEdit: true })).toBeNull();
    expect(priceReachesPurchaser({ checkedAt: '2030-01-01T00:00:00Z' }, { priceEdit: true })).toBe(true);
  });
  it('lets through prices approved at or before the moment, not after it', () => {
    expect(priceCutoff(frozen)).toBe(frozen.priceFrozenAt);
    expect(priceReachesPurchaser({ checkedAt: '2024-05-01T07:59:59.999Z' }, frozen)).toBe(true);
    expect(priceReachesPurchaser({ checkedAt: new Date(frozen.priceFrozenAt) }, frozen)).toBe(true);
    expect(priceReachesPurchaser({ checkedAt: '2024-05-01T08:00:00.001Z' }, frozen)).toBe(false);
    expect(priceReachesPurchaser({ checkedAt: null }, frozen)).toBe(false);
  });
});
