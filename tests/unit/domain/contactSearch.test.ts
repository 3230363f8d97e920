import { describe, it, expect } from 'vitest';
import { classifyContactSearch, pinyinInitials } from '../../../domain/contactSearch.ts';

describe('classifyContactSearch (§5)', () => {
  it('letters search pinyinFirst in lower case', () => {
    expect(classifyContactSearch('ZS')).toEqual({ field: 'pinyinFirst', pattern: '%zs%' });
  });
  it('digits only search phoneNumber', () => {
    expect(classifyContactSearch('1380')).toEqual({ field: 'phoneNumber', pattern: '%1380%' });
  });
  it('Chinese characters and mixed text search name', () => {
    expect(classifyContactSearch(' 张三 ')).toEqual({ field: 'name', pattern: '%张三%' });
    expect(classifyContactSearch('zs1')).toEqual({ field: 'name', pattern: '%zs1%' });
  });
});

describe('pinyinInitials', () => {
  it('gives the initials of Chinese names', () => {
    expect(pinyinInitials('张三')).toBe('zs');
    expect(pinyinInitials('李四')).toBe('ls');
    expect(pinyinInitials('王小明')).toBe('wxm');
    expect(pinyinInitials('赵')).toBe('z');
  });
  it('covers every initial letter', () => {
    expect(pinyinInitials('阿八擦大鹅发高哈鸡卡拉马那欧怕七人三他瓦西压咋')).toBe('abcdefghjklmnopqrstwxyz');
  });
  it('places the first characters of each letter correctly', () => {
    // the earliest characters of b, j, m, o, s and t under the pinyin collation
    expect(pinyinInitials('八丌呣喔仨他')).toBe('bjmost');
    // and the last ones of the letter before
    expect(pinyinInitials('驁靃纙糯鶸蜶')).toBe('ahlnrs');
  });
  it('passes ASCII letters and digits through lowercased and drops other marks', () => {
    expect(pinyinInitials('Tom 陈2号!')).toBe('tomc2h');
  });
});
