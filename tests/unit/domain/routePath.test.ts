import { describe, expect, it } from 'vitest';
import { normalisePath } from '../../../domain/routePath.ts';

describe('normalisePath', () => {
  it('drops the query and trailing slashes but keeps the root', () => {
    expect(normalisePath('/contacts?x=1')).toBe('/contacts');
    expect(normalisePath('/contacts//')).toBe('/contacts');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('')).toBe('/');
  });
  it('decodes percent-escapes, keeping a malformed path as it is', () => {
    expect(normalisePath('/%E9%A6%96%E9%A1%B5')).toBe('/首页');
    expect(normalisePath('/bad%E0')).toBe('/bad%E0');
  });
});
