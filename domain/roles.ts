import { ROLE_CODE } from './constants.ts';

/** The part of a role every predicate needs. */
export interface RoleLike {
  name: string;
  code: string;
}

const MAIN_ROLE_CODES: readonly string[] = [
  ROLE_CODE.purchaser,
  ROLE_CODE.supplier,
  ROLE_CODE.delivery,
  ROLE_CODE.bureau,
  ROLE_CODE.salesman,
];

const hasCode = (roles: readonly RoleLike[], code: string) => roles.some((r) => r.code === code);

// §6 admin: any role name starting admin_
export function isAdmin(roles: readonly RoleLike[]): boolean {
  return roles.some((r) => r.name.startsWith('admin_'));
}

// §6 manage admin: a role name starting manage_admin_
export function isManageAdmin(roles: readonly RoleLike[]): boolean {
  return roles.some((r) => r.name.startsWith('manage_admin_'));
}

// §6 system provider: code 999, or admin, or manage admin
export function isSystemProvider(roles: readonly RoleLike[]): boolean {
  return hasCode(roles, ROLE_CODE.systemProvider) || isAdmin(roles) || isManageAdmin(roles);
}

// §6 user admin only: code useradmin without the system-provider roles
export function isUserAdminOnly(roles: readonly RoleLike[]): boolean {
  return hasCode(roles, ROLE_CODE.userAdmin) && !isSystemProvider(roles);
}

// §6 only-dietitian: code 5 without another main role (1-4, 6)
export function isOnlyDietitian(roles: readonly RoleLike[]): boolean {
  return hasCode(roles, ROLE_CODE.dietitian) && !roles.some((r) => MAIN_ROLE_CODES.includes(r.code));
}

// §6 online-hours restriction bypassed by admin_, manage_admin_ or code 999
export function bypassesOnlineRestriction(roles: readonly RoleLike[]): boolean {
  return isSystemProvider(roles);
}

// §6 role visibility: codes 999, useradmin or names starting admin_ see all roles
export function canSeeAllRoles(roles: readonly RoleLike[]): boolean {
  return hasCode(roles, ROLE_CODE.systemProvider) || hasCode(roles, ROLE_CODE.userAdmin) || isAdmin(roles);
}

// §6 a #roleManage role manages the roles it references
export function isRoleManageRole(code: string): boolean {
  return code.endsWith('#roleManage');
}

/** A role as visibility needs it: its group and the role names it manages. */
export interface ManagedRoleLike extends RoleLike {
  roleGroupId?: string | null;
  manageRoleNames?: readonly string[];
}

export interface RoleGroupLike {
  roleGroupId: string;
  manageRoleNames?: readonly string[];
}

/**
 * §6 role visibility. A user sees every role when canSeeAllRoles; otherwise the roles referenced by the
 * manageRoleNames of the user's own #roleManage roles, and the roles of any group whose manageRoleNames name
 * one of the user's roles.
 */
export function visibleRoles<R extends ManagedRoleLike>(
  userRoles: readonly ManagedRoleLike[],
  allRoles: readonly R[],
  roleGroups: readonly RoleGroupLike[] = [],
): R[] {
  if (canSeeAllRoles(userRoles)) return [...allRoles];
  const userNames = new Set(userRoles.map((r) => r.name));
  const managedNames = new Set(
    userRoles.filter((r) => isRoleManageRole(r.code)).flatMap((r) => r.manageRoleNames ?? []),
  );
  const managedGroups = new Set(
    roleGroups.filter((g) => (g.manageRoleNames ?? []).some((n) => userNames.has(n))).map((g) => g.roleGroupId),
  );
  return allRoles.filter(
    (r) => managedNames.has(r.name) || (r.roleGroupId != null && managedGroups.has(r.roleGroupId)),
  );
}
