import { describe, it, expect } from 'vitest';
import { hasModulePower, hasModulePowerStrict, permissionDirective, powerKey } from '../../../domain/powerKey.ts';

const plain = [{ name: 'school', code: '1' }];

describe('powerKey (§6)', () => {
  it('joins groupName, parentId and moduleId', () => {
    expect(powerKey({ groupName: 'pcMenu', parentId: '12', moduleId: '34' })).toBe('pcMenu-12-34');
  });
  it('leaves parentId empty for top-level entries', () => {
    expect(powerKey({ groupName: 'pcMenu', parentId: '-1', moduleId: '34' })).toBe('pcMenu--34');
  });
});

describe('hasModulePower (§6)', () => {
  it('allows an empty or missing key', () => {
    expect(hasModulePower('', plain, [])).toBe(true);
    expect(hasModulePower(undefined, plain, [])).toBe(true);
  });
  it('requires the key in the powers of an ordinary user (array or set)', () => {
    expect(hasModulePower('pcMenu--1', plain, ['pcMenu--1'])).toBe(true);
    expect(hasModulePower('pcMenu--1', plain, new Set(['pcMenu--1']))).toBe(true);
    expect(hasModulePower('pcMenu--2', plain, ['pcMenu--1'])).toBe(false);
    expect(hasModulePower('pcMenu--2', plain, new Set())).toBe(false);
  });
  it('always allows 999, admin, manage admin and useradmin', () => {
    for (const role of [
      { name: 'p', code: '999' },
      { name: 'admin_a', code: '1' },
      { name: 'manage_admin_a', code: '1' },
      { name: 'u', code: 'useradmin' },
    ])
      expect(hasModulePower('pcMenu--9', [role], [])).toBe(true);
  });
  it('the strict variant has no admin bypass', () => {
    expect(hasModulePowerStrict('pcMenu--9', [])).toBe(false);
    expect(hasModulePowerStrict('pcMenu--9', ['pcMenu--9'])).toBe(true);
    expect(hasModulePowerStrict('', [])).toBe(true);
  });
});

describe('permissionDirective (§6)', () => {
  it('keeps an element with the power and removes it without', () => {
    expect(permissionDirective('k', plain, ['k'])).toBe('keep');
    expect(permissionDirective('k', plain, [])).toBe('remove');
  });
  it('with noaccess removes the element when the power is present', () => {
    expect(permissionDirective('k', plain, ['k'], 'noaccess')).toBe('remove');
    expect(permissionDirective('k', plain, [], 'noaccess')).toBe('keep');
    expect(permissionDirective('k', [{ name: 'admin_x', code: '1' }], [], 'noaccess')).toBe('remove');
  });
});
