import { describe, expect, it } from 'vitest';
import { isRefusal } from '../../../domain/decider.ts';
import { orderRows, parseOrderBy } from '../../../domain/listOrder.ts';

const FIELDS = ['name', 'sort', 'enable'] as const;
const rows = [
  { id: 'a', name: '营养', sort: 2, enable: true },
  { id: 'b', name: 'b', sort: 1, enable: false },
  { id: 'c', name: '采购', sort: 2, enable: true },
  { id: 'd', name: 'item10', sort: 3, enable: true },
  { id: 'e', name: 'item9', sort: 3, enable: true },
];
const ids = (keys: ReturnType<typeof parseOrderBy<(typeof FIELDS)[number]>>) => {
  if (isRefusal(keys)) throw new Error(keys.message);
  return orderRows(rows, keys, (r, f) => r[f]).map((r) => r.id);
};

describe('$orderby (domain/listOrder.ts)', () => {
  it('nothing asked: the rows as they came', () => {
    expect(ids(parseOrderBy(undefined, FIELDS))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(parseOrderBy('  ', FIELDS))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('one field asc or desc; ties keep the order they came in', () => {
    expect(ids(parseOrderBy('sort asc', FIELDS))).toEqual(['b', 'a', 'c', 'd', 'e']);
    expect(ids(parseOrderBy('sort DESC', FIELDS))).toEqual(['d', 'e', 'a', 'c', 'b']);
    expect(ids(parseOrderBy('sort', FIELDS))).toEqual(['b', 'a', 'c', 'd', 'e']);
  });

  it('several fields; Chinese text by pinyin, numbers inside text by value, booleans false first', () => {
    expect(ids(parseOrderBy('sort desc, name asc', FIELDS))).toEqual(['e', 'd', 'c', 'a', 'b']);
    expect(ids(parseOrderBy('enable asc,sort asc', FIELDS))).toEqual(['b', 'a', 'c', 'd', 'e']);
  });

  it('refuses what is not whitelisted, with the fields it may use', () => {
    for (const [input, message] of [
      ['password', '不支持按该字段排序：password（可排序字段：name、sort、enable）'],
      ['constructor asc', '不支持按该字段排序：constructor（可排序字段：name、sort、enable）'],
      ['name up', '排序方向只能是 asc 或 desc：name up'],
      ['name asc nulls', '排序方向只能是 asc 或 desc：name asc nulls'],
      ['name,,sort', '不支持按该字段排序：（可排序字段：name、sort、enable）'],
      ['name,sort,enable,name,sort', '排序字段最多 4 个'],
    ] as const) {
      expect(parseOrderBy(input, FIELDS)).toEqual({ refused: 'invalid', message });
    }
  });
});
