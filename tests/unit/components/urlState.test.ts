// Issue 28 point 7: a screen's filters, page and open record read from and written into the hash query
// (src/components/urlState.ts, used by src/components/useUrlState.ts).
import { describe, expect, it } from 'vitest';
import { joinLocation, parseUrlState, serialiseUrlState, splitLocation } from '../../../src/components/urlState.ts';

const ORDERS = { status: '全部', keyword: '', start: '', page: 0, mine: false };

describe('URL state: parse', () => {
  it('gives the defaults for an empty query', () => {
    expect(parseUrlState(ORDERS, '')).toEqual(ORDERS);
  });

  it('reads each declared field with the type of its default', () => {
    const q = 'status=%E5%BE%85%E7%A1%AE%E8%AE%A4&keyword=%E5%A4%A7%E7%B1%B3+5kg&start=2026-11-02&page=3&mine=1';
    expect(parseUrlState(ORDERS, q)).toEqual({ status: '待确认', keyword: '大米 5kg', start: '2026-11-02', page: 3, mine: true });
  });

  it('falls back to the default for a value that does not fit the type', () => {
    for (const page of ['abc', '2.5', '', '1e3', '9999999999999999']) expect(parseUrlState(ORDERS, `page=${page}`).page).toBe(0);
    expect(parseUrlState(ORDERS, 'mine=maybe').mine).toBe(false);
    expect(parseUrlState(ORDERS, 'mine=false&page=-1')).toMatchObject({ mine: false, page: -1 });
  });

  it('ignores keys it did not declare', () => {
    expect(parseUrlState({ page: 0 }, 'cycle=abc&page=2')).toEqual({ page: 2 });
  });
});

describe('URL state: serialise', () => {
  it('leaves fields at their default out, so the bare path is the unfiltered list', () => {
    expect(serialiseUrlState(ORDERS, { ...ORDERS })).toBe('');
    expect(serialiseUrlState(ORDERS, { status: '全部', page: 0, keyword: '' }, 'status=x&page=4&keyword=y')).toBe('');
  });

  it('writes set fields and reads them back the same', () => {
    const values = { status: '已发货', keyword: 'a&b=c ?#', start: '2026-11-02', page: 12, mine: true };
    const query = serialiseUrlState(ORDERS, values);
    expect(query).not.toMatch(/[ #]/);
    expect(parseUrlState(ORDERS, query)).toEqual(values);
  });

  it('keeps keys it does not own, in place, and changes only the patched fields', () => {
    expect(serialiseUrlState({ page: 0, keyword: '' }, { page: 2 }, 'cycle=c-1&keyword=egg')).toBe('cycle=c-1&keyword=egg&page=2');
    expect(serialiseUrlState({ cycle: '' }, { cycle: '' }, 'page=2&cycle=c-1')).toBe('page=2');
  });

  it('drops a number that is not finite instead of writing NaN', () => {
    expect(serialiseUrlState(ORDERS, { page: Number.NaN }, 'page=3')).toBe('');
  });
});

describe('URL state: locations', () => {
  it('splits a hash location at its first ? and joins it back', () => {
    expect(splitLocation('/meal/orderList?status=1&q=a?b')).toEqual({ path: '/meal/orderList', query: 'status=1&q=a?b' });
    expect(splitLocation('/meal/orderList')).toEqual({ path: '/meal/orderList', query: '' });
    expect(joinLocation('/meal/orderList', '')).toBe('/meal/orderList');
    expect(joinLocation('/meal/orderList', 'page=2')).toBe('/meal/orderList?page=2');
  });
});
