import { describe, expect, it } from 'vitest';
import { badStringPath, boundNumbers, jsonDepthExceeds, pgInputErrorText } from '../../../server/http/inputGuards.ts';

describe('input guards (issue 16)', () => {
  it('measures JSON nesting outside strings', () => {
    expect(jsonDepthExceeds('[[[1]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[1]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[[[["}', 2)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[[["}', 2)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(100_000) + ']'.repeat(100_000))).toBe(true);
  });

  it('finds NUL, lone surrogates and non-finite numbers, keys included', () => {
    expect(badStringPath({ a: ['ok', '食堂 🍚'], n: 1.5 })).toBeNull();
    expect(badStringPath({ a: ['ok', 'x\u0000'] })).toBe('a[1]');
    expect(badStringPath({ b: '\ud800' })).toBe('b');
    expect(badStringPath({ b: 'x\udc00' })).toBe('b');
    expect(badStringPath({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(badStringPath({ n: Infinity })).toBe('n');
    expect(badStringPath({ n: Number.NaN })).toBe('n');
  });

  it('bounds numbers and integers that have no bounds, nested ones too', () => {
    const s = {
      type: 'object',
      properties: {
        n: { type: 'number' }, i: { type: ['integer', 'null'] }, kept: { type: 'integer', minimum: 0, maximum: 10 },
        list: { type: 'array', items: { type: 'number' } }, text: { type: 'string' },
      },
    };
    boundNumbers(s);
    expect(s.properties.n).toEqual({ type: 'number', minimum: -1e15, maximum: 1e15 });
    expect(s.properties.i).toMatchObject({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER });
    expect(s.properties.kept).toEqual({ type: 'integer', minimum: 0, maximum: 10 });
    expect(s.properties.list.items).toMatchObject({ maximum: 1e15 });
    expect(s.properties.text).toEqual({ type: 'string' });
  });

  it('reads PostgreSQL input errors as the caller\'s', () => {
    expect(pgInputErrorText({ code: '22003' })).toBe('参数错误：数值超出范围');
    expect(pgInputErrorText({ code: '23505' })).toBeNull();
    expect(pgInputErrorText(new Error('x'))).toBeNull();
  });
});
