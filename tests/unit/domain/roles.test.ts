import { describe, it, expect } from 'vitest';
import {
  bypassesOnlineRestriction,
  canSeeAllRoles,
  isAdmin,
  isManageAdmin,
  isOnlyDietitian,
  isRoleManageRole,
  isSystemProvider,
  isUserAdminOnly,
  visibleRoles,
} from '../../../domain/roles.ts';

const r = (name: string, code: string) => ({ name, code });

describe('role predicates (§6)', () => {
  it('recognises admin and manage admin by name prefix', () => {
    expect(isAdmin([r('admin_org1', 'x')])).toBe(true);
    expect(isAdmin([r('manage_admin_org1', 'x')])).toBe(false);
    expect(isAdmin([r('superadmin_', 'x')])).toBe(false);
    expect(isManageAdmin([r('manage_admin_org1', 'x')])).toBe(true);
    expect(isManageAdmin([r('admin_org1', 'x')])).toBe(false);
  });

  it('system provider is code 999, admin or manage admin', () => {
    expect(isSystemProvider([r('p', '999')])).toBe(true);
    expect(isSystemProvider([r('admin_a', '1')])).toBe(true);
    expect(isSystemProvider([r('manage_admin_a', '1')])).toBe(true);
    expect(isSystemProvider([r('school', '1'), r('ua', 'useradmin')])).toBe(false);
    expect(isSystemProvider([])).toBe(false);
  });

  it('user admin only excludes system providers', () => {
    expect(isUserAdminOnly([r('ua', 'useradmin')])).toBe(true);
    expect(isUserAdminOnly([r('ua', 'useradmin'), r('p', '999')])).toBe(false);
    expect(isUserAdminOnly([r('ua', 'useradmin'), r('admin_x', '1')])).toBe(false);
    expect(isUserAdminOnly([r('school', '1')])).toBe(false);
  });

  it('only-dietitian is code 5 without another main role', () => {
    expect(isOnlyDietitian([r('d', '5')])).toBe(true);
    expect(isOnlyDietitian([r('d', '5'), r('ua', 'useradmin')])).toBe(true);
    for (const other of ['1', '2', '3', '4', '6']) expect(isOnlyDietitian([r('d', '5'), r('o', other)])).toBe(false);
    expect(isOnlyDietitian([r('s', '1')])).toBe(false);
  });

  it('online restriction is bypassed by admin_, manage_admin_ and 999 but not useradmin', () => {
    expect(bypassesOnlineRestriction([r('admin_x', '1')])).toBe(true);
    expect(bypassesOnlineRestriction([r('manage_admin_x', '1')])).toBe(true);
    expect(bypassesOnlineRestriction([r('p', '999')])).toBe(true);
    expect(bypassesOnlineRestriction([r('ua', 'useradmin')])).toBe(false);
  });

  it('codes 999, useradmin and admin_ names see all roles; manage admins do not', () => {
    expect(canSeeAllRoles([r('p', '999')])).toBe(true);
    expect(canSeeAllRoles([r('ua', 'useradmin')])).toBe(true);
    expect(canSeeAllRoles([r('admin_x', '1')])).toBe(true);
    expect(canSeeAllRoles([r('manage_admin_x', '1')])).toBe(false);
  });

  it('recognises #roleManage codes', () => {
    expect(isRoleManageRole('school#roleManage')).toBe(true);
    expect(isRoleManageRole('#roleManage')).toBe(true);
    expect(isRoleManageRole('roleManage')).toBe(false);
    expect(isRoleManageRole('school#roleManage2')).toBe(false);
  });
});

describe('visibleRoles (§6)', () => {
  const all = [
    { name: 'cook', code: '1', roleGroupId: 'g1' },
    { name: 'driver', code: '3', roleGroupId: 'g2' },
    { name: 'buyer', code: '1', roleGroupId: null },
    { name: 'clerk', code: '1', roleGroupId: 'g3' },
  ];
  const groups = [
    { roleGroupId: 'g1', manageRoleNames: ['boss'] },
    { roleGroupId: 'g2', manageRoleNames: ['other'] },
    { roleGroupId: 'g3' },
  ];

  it('returns every role to those who see all', () => {
    expect(visibleRoles([r('ua', 'useradmin')], all, groups).map((x) => x.name)).toEqual(['cook', 'driver', 'buyer', 'clerk']);
  });

  it('a #roleManage role sees the roles it references', () => {
    const manager = { name: 'mgr', code: 'x#roleManage', manageRoleNames: ['buyer', 'driver'] };
    expect(visibleRoles([manager], all).map((x) => x.name)).toEqual(['driver', 'buyer']);
  });

  it('manageRoleNames on an ordinary role grant nothing', () => {
    const plain = { name: 'mgr', code: '1', manageRoleNames: ['buyer'] };
    expect(visibleRoles([plain], all)).toEqual([]);
  });

  it('a group whose manageRoleNames names one of the user roles exposes its roles', () => {
    expect(visibleRoles([r('boss', '1')], all, groups).map((x) => x.name)).toEqual(['cook']);
    expect(visibleRoles([r('nobody', '1')], all, groups)).toEqual([]);
  });
});
