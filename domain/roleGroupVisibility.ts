// §6 role-group and relation rules shared by the roles screens and the server.
import { canSeeAllRoles, isSystemProvider, type RoleLike } from './roles.ts';
import { ROLE_CODE } from './constants.ts';

export interface RoleGroupVisible { roleGroupId: string; manageRoleNames?: readonly string[] }

// §6 role groups: system providers (and those who see all roles) see every group; others see the groups
// whose manageRoleNames name one of their roles, and the groups of their own roles
export function visibleRoleGroups<G extends RoleGroupVisible>(
  userRoles: readonly (RoleLike & { roleGroupId?: string | null })[],
  groups: readonly G[],
): G[] {
  if (isSystemProvider(userRoles) || canSeeAllRoles(userRoles)) return [...groups];
  const names = new Set(userRoles.map((r) => r.name));
  const own = new Set(userRoles.map((r) => r.roleGroupId).filter((g): g is string => !!g));
  return groups.filter((g) => own.has(g.roleGroupId) || (g.manageRoleNames ?? []).some((n) => names.has(n)));
}

/** Role names only a system provider may give out or edit (§6 admin_, manage_admin_, codes 999 and useradmin). */
export function isPrivilegedRole(role: { name: string; code: string }): boolean {
  return role.name.startsWith('admin_') || role.name.startsWith('manage_admin_') || role.code === ROLE_CODE.systemProvider || role.code === ROLE_CODE.userAdmin;
}

/**
 * Whether a caller may create, change or grant powers to a role. Admin roles are managed by the org's own
 * admins (§6 system provider inside their org); a code-999 role only by the platform, so that an org admin
 * cannot mint the platform's role in his org (issue 16).
 */
export function mayManageRole(role: { name: string; code: string }, caller: { roles: readonly RoleLike[]; platform: boolean }): boolean {
  if (!isPrivilegedRole(role)) return true;
  if (role.code === ROLE_CODE.systemProvider) return caller.platform;
  return caller.platform || isSystemProvider(caller.roles);
}

// §6 routes (M7): the supplier (code 2) and system providers see every route of the org; anyone else, the
// salesman included (issue 16), sees and changes only routes whose manageRoleNames name one of his roles
export function seesAllRoutes(roles: readonly RoleLike[]): boolean {
  return isSystemProvider(roles) || roles.some((r) => r.code === ROLE_CODE.supplier);
}

export function routeVisible(route: { manageRoleNames: readonly string[] }, roles: readonly RoleLike[]): boolean {
  return seesAllRoutes(roles) || route.manageRoleNames.some((n) => roles.some((r) => r.name === n));
}

export interface RelationEdge { parentRoleId: string; childRoleId: string }

/** Every role below the given ones through the relations (the given ones excluded unless reached again). */
export function childRolesOf(edges: readonly RelationEdge[], roleIds: readonly string[]): string[] {
  const out = new Set<string>();
  const stack = [...roleIds];
  while (stack.length) {
    const id = stack.pop()!;
    for (const e of edges) {
      if (e.parentRoleId === id && !out.has(e.childRoleId)) {
        out.add(e.childRoleId);
        stack.push(e.childRoleId);
      }
    }
  }
  return [...out];
}

/** Adding parent → child makes a cycle when the parent is already below the child (or is the child). */
export function relationMakesCycle(edges: readonly RelationEdge[], parentRoleId: string, childRoleId: string): boolean {
  return parentRoleId === childRoleId || childRolesOf(edges, [childRoleId]).includes(parentRoleId);
}
