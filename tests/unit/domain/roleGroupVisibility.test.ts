import { describe, it, expect } from 'vitest';
import { childRolesOf, isPrivilegedRole, relationMakesCycle, visibleRoleGroups } from '../../../domain/roleGroupVisibility.ts';

const groups = [
  { roleGroupId: 'm1', manageRoleNames: ['supplier', 'dietitian'] },
  { roleGroupId: 'base', manageRoleNames: ['useradmin'] },
  { roleGroupId: 'm6', manageRoleNames: ['supplier'] },
];

describe('§6 role groups', () => {
  it('shows providers every group, others those naming their roles and their own', () => {
    expect(visibleRoleGroups([{ name: 'p', code: '999' }], groups).map((g) => g.roleGroupId)).toEqual(['m1', 'base', 'm6']);
    expect(visibleRoleGroups([{ name: 'dietitian', code: '5' }], groups).map((g) => g.roleGroupId)).toEqual(['m1']);
    expect(visibleRoleGroups([{ name: 'purchaser', code: '1', roleGroupId: 'm6' }], groups).map((g) => g.roleGroupId)).toEqual(['m6']);
    expect(visibleRoleGroups([{ name: 'x', code: 'x' }], groups)).toEqual([]);
  });

  it('marks the roles only providers may give out', () => {
    expect(isPrivilegedRole({ name: 'admin_school', code: 'admin' })).toBe(true);
    expect(isPrivilegedRole({ name: 'manage_admin_x', code: '' })).toBe(true);
    expect(isPrivilegedRole({ name: 'p', code: '999' })).toBe(true);
    expect(isPrivilegedRole({ name: 'useradmin', code: 'useradmin' })).toBe(true);
    expect(isPrivilegedRole({ name: 'purchaser', code: '1' })).toBe(false);
  });
});

describe('role relations', () => {
  const edges = [{ parentRoleId: 'a', childRoleId: 'b' }, { parentRoleId: 'b', childRoleId: 'c' }];
  it('finds every role below and refuses cycles', () => {
    expect(childRolesOf(edges, ['a']).sort()).toEqual(['b', 'c']);
    expect(childRolesOf(edges, ['c'])).toEqual([]);
    expect(relationMakesCycle(edges, 'c', 'a')).toBe(true);
    expect(relationMakesCycle(edges, 'a', 'a')).toBe(true);
    expect(relationMakesCycle(edges, 'a', 'c')).toBe(false);
  });
});
