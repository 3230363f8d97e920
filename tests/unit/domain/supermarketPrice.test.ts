import { describe, expect, it } from 'vitest';
import { isPhotoLink, judgeAgainstReference, marginOf, supermarketReferenceOf, SUPERMARKET_MARGIN_DEFAULT, type ShelfPrice } from '../../../domain/supermarketPrice.ts';

const shelf = (supermarketId: string, price: number, surveyDate: string, skuId: string | null = 'sku-1', productId: string | null = 'p-1'): ShelfPrice =>
  ({ supermarketId, price, surveyDate, skuId, productId });

describe('the supermarket reference of a good', () => {
  it('averages each supermarket\'s latest shelf price of the SKU within the window', () => {
    const ref = supermarketReferenceOf([
      shelf('a', 10, '2026-11-01'), shelf('a', 12, '2026-11-20'), shelf('b', 9, '2026-11-10'),
      // too old, after the day, another SKU: none counts
      shelf('c', 1, '2026-10-01'), shelf('d', 50, '2026-11-29'), shelf('e', 99, '2026-11-15', 'sku-2'),
    ], { skuId: 'sku-1', productId: 'p-1' }, '2026-11-28');
    expect(ref).toEqual({ price: 10.5, supermarkets: 2, latestDate: '2026-11-20' });
  });

  it('falls back to prices recorded for the product when the SKU has none, and says none when nothing is recent', () => {
    const prices = [shelf('a', 8, '2026-11-20', null, 'p-1'), shelf('b', 7, '2026-11-21', 'sku-9', 'p-1')];
    expect(supermarketReferenceOf(prices, { skuId: 'sku-1', productId: 'p-1' }, '2026-11-28')).toEqual({ price: 8, supermarkets: 1, latestDate: '2026-11-20' });
    expect(supermarketReferenceOf(prices, { skuId: 'sku-1', productId: 'p-2' }, '2026-11-28')).toBeNull();
    expect(supermarketReferenceOf(prices, { skuId: 'sku-1', productId: 'p-1' }, '2027-02-01')).toBeNull();
    expect(supermarketReferenceOf(prices, { skuId: 'sku-1', productId: 'p-1' }, 'not a day')).toBeNull();
  });
});

describe('a price against its reference', () => {
  it('is flagged only above reference × (1 + margin), at the cent', () => {
    expect(judgeAgainstReference(11, 10, 10)).toEqual({ flagged: false, percent: 10 });
    expect(judgeAgainstReference(11.01, 10, 10)).toEqual({ flagged: true, percent: 10.1 });
    expect(judgeAgainstReference(8, 10, 0)).toEqual({ flagged: false, percent: -20 });
    expect(judgeAgainstReference(10.01, 10, 0)!.flagged).toBe(true);
    expect(judgeAgainstReference(5, 0, 10)).toBeNull();
  });

  it('reads the org margin setting, the default when unset or nonsense', () => {
    expect(marginOf(15)).toBe(15);
    expect(marginOf('12.5')).toBe(12.5);
    for (const bad of [undefined, null, -1, 'x', '', 5000]) expect(marginOf(bad)).toBe(SUPERMARKET_MARGIN_DEFAULT);
  });

  it('takes a photo as a picture link or a small inline picture only', () => {
    expect(isPhotoLink('https://img.example/a.jpg')).toBe(true);
    expect(isPhotoLink('data:image/jpeg;base64,AAAA')).toBe(true);
    expect(isPhotoLink('javascript:alert(1)')).toBe(false);
    expect(isPhotoLink('data:text/html;base64,AAAA')).toBe(false);
    expect(isPhotoLink(`data:image/png;base64,${'A'.repeat(500_000)}`)).toBe(false);
  });
});
