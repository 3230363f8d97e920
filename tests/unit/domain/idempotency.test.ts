import { describe, expect, it } from 'vitest';
import { canonicalJson, isIdempotencyKey } from '../../../domain/idempotency.ts';

describe('idempotency keys (issue 28)', () => {
  it('accepts 1 to 255 visible ASCII characters only', () => {
    expect(isIdempotencyKey('plan:c1:2026-12-01:org-xfsp')).toBe(true);
    expect(isIdempotencyKey('x'.repeat(255))).toBe(true);
    for (const bad of ['', 'x'.repeat(256), 'with space', '中文', 'tab\there', undefined, 5, ['a']]) expect(isIdempotencyKey(bad), String(bad)).toBe(false);
  });
  it('fingerprints a body by its meaning: key order and undefined fields do not matter, values do', () => {
    const a = { supplierId: 's', items: [{ skuId: 'k', quantity: 2 }], remark: undefined };
    const b = { items: [{ quantity: 2, skuId: 'k' }], supplierId: 's' };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).not.toBe(canonicalJson({ ...b, items: [{ skuId: 'k', quantity: 3 }] }));
    // array order is meaning: the lines of an order in another order are another request
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ s: '"', n: null })).toBe('{"n":null,"s":"\\""}');
  });
});
