// §7 roles and role groups: lists (§6 visibility is the server's), create, edit, delete, relations, role users.
import type { ListResult, Role, RoleGroup } from '../domain/types.ts';
import { PAGE, ROLE_CODE } from '../domain/constants.ts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, del, get, ifMatch, post, put } from './http.ts';

/** §8 removing role users with no user list and not all */
export const NO_USERS_MESSAGE = '请指定删除的用户';

export type RoleRow = Role & { manageRoleName?: string[]; isPriceNeedApproval?: boolean };
export type RoleGroupRow = RoleGroup & { roles: RoleRow[]; config?: Record<string, unknown> };

export interface RoleRelation {
  id: string;
  parent: string;
  child: string;
  relationPath: string;
  depth: number;
}

export interface RoleUser {
  userId: string;
  username: string;
  name: string;
  roleId: string;
  roleName: string;
  roleCode: string;
}


// §7 GET /v2/roles/role (name, orgId, roleId, code, manageRoleName, $limit, $skip, $orderby, $count)
export async function fetchRoles(params: { name?: string[]; roleId?: string[]; code?: string[]; roleGroupId?: string; $limit?: number } = {}): Promise<ListResult<RoleRow>> {
  return get<ListResult<RoleRow>>('/v2/roles/role', { $limit: PAGE.roles, ...params });
}

// §7 GET /v2/roles/group ($limit, $orderby sort asc)
export async function fetchRoleGroups(): Promise<ListResult<RoleGroupRow>> {
  return get<ListResult<RoleGroupRow>>('/v2/roles/group', { $limit: PAGE.roleGroups, $orderby: 'sort asc' });
}

export interface RoleInput {
  name?: string;
  code?: string;
  cnName?: string;
  roleGroupId?: string | null;
  manageRoleNames?: string[];
  enable?: boolean;
  sort?: number;
  config?: Record<string, unknown>;
  /** with an update: the version read (409 when someone changed the role meanwhile) */
  version?: number;
}

// §7 POST /v2/roles/role
export function createRole(input: RoleInput & { name: string }): Promise<RoleRow> {
  return post<RoleRow>('/v2/roles/role', input);
}
// §7 PUT /v2/roles/role/{roleId}
export function updateRole(roleId: string, input: RoleInput): Promise<RoleRow> {
  return put<RoleRow>(`/v2/roles/role/${encodeURIComponent(roleId)}`, input);
}
// §7 DELETE /v2/roles/role/{id}
export function deleteRole(roleId: string, version?: number): Promise<unknown> {
  return del(`/v2/roles/role/${encodeURIComponent(roleId)}`, undefined, ifMatch(version));
}
// §7 POST /v2/roles/role/{name}/manage: the roles a #roleManage role manages
export function setManagedRoles(name: string, manageRoleNames: string[]): Promise<RoleRow> {
  return post<RoleRow>(`/v2/roles/role/${encodeURIComponent(name)}/manage`, { manageRoleNames });
}

export interface RoleGroupInput {
  groupName?: string;
  code?: string;
  sort?: number;
  manageRoleNames?: string[];
  /** with an update: the version read (409 when someone changed the group meanwhile) */
  version?: number;
}
// §7 POST /v2/roles/group; PUT, DELETE /v2/roles/group/{id}
export function createRoleGroup(input: RoleGroupInput & { groupName: string }): Promise<RoleGroupRow> {
  return post<RoleGroupRow>('/v2/roles/group', input);
}
export function updateRoleGroup(id: string, input: RoleGroupInput): Promise<RoleGroupRow> {
  return put<RoleGroupRow>(`/v2/roles/group/${encodeURIComponent(id)}`, input);
}
export function deleteRoleGroup(id: string, version?: number): Promise<unknown> {
  return del(`/v2/roles/group/${encodeURIComponent(id)}`, undefined, ifMatch(version));
}

// §7 GET /v2/roles/role/relation
export async function fetchRoleRelations(): Promise<RoleRelation[]> {
  return (await get<ListResult<RoleRelation>>('/v2/roles/role/relation'))?.rows ?? [];
}
// §7 POST /v2/roles/role/relation {roleRelation}
export function addRoleRelation(parent: string, child: string): Promise<ListResult<RoleRelation>> {
  return post('/v2/roles/role/relation', { roleRelation: [{ parent, child }] });
}
// §7 DELETE /v2/roles/role/relation/{id} {relationPath, child}
export function removeRoleRelation(relation: Pick<RoleRelation, 'id' | 'relationPath' | 'child'>): Promise<unknown> {
  return del(`/v2/roles/role/relation/${encodeURIComponent(relation.id)}`, { relationPath: relation.relationPath, child: relation.child });
}

// §7 GET /v2/roles/role/user (roleName, $count)
export async function fetchRoleUsers(params: { roleName?: string; roleId?: string }): Promise<ListResult<RoleUser>> {
  return get<ListResult<RoleUser>>('/v2/roles/role/user', { ...params, $count: true, $limit: PAGE.roleName[0] });
}

// §7 POST /v2/roles/{userId} {roleName}
export function addUserToRole(userId: string, roleName: string): Promise<unknown> {
  return post(`/v2/roles/${encodeURIComponent(userId)}`, { roleName });
}

// §7 DELETE /v2/roles/role/{id}/user {all or userId}; §5 neither: 请指定删除的用户
export function removeRoleUsers(roleId: string, who: { all?: boolean; userId?: string[] }): Promise<{ count: number }> {
  if (!who.all && !who.userId?.length) return Promise.reject(new ApiError(400, 400, NO_USERS_MESSAGE));
  return del(`/v2/roles/role/${encodeURIComponent(roleId)}/user`, who.all ? { all: true } : { userId: who.userId });
}

// ---- §6 salesmen of a salesman group (M6): holders of a code-6 role of the group
export interface GroupSalesman { userId: string; username: string; name: string }
export interface SalesmanGroupMembers { members: GroupSalesman[]; candidates: GroupSalesman[] }

// GET /v2/roles/group/{id}/salesmen: the group's salesmen and the org's other salesmen
export function fetchSalesmanGroupMembers(roleGroupId: string): Promise<SalesmanGroupMembers> {
  return get<SalesmanGroupMembers>(`/v2/roles/group/${encodeURIComponent(roleGroupId)}/salesmen`);
}
// PUT /v2/roles/group/{id}/salesmen {userIds}: sets the group's salesmen (all or nothing)
export function setSalesmanGroupMembers(roleGroupId: string, userIds: string[]): Promise<SalesmanGroupMembers> {
  return put<SalesmanGroupMembers>(`/v2/roles/group/${encodeURIComponent(roleGroupId)}/salesmen`, { userIds });
}
/** The org's salesmen (holders of a code-6 role), for a salesman group not created yet. */
export async function fetchOrgSalesmen(): Promise<GroupSalesman[]> {
  const byId = new Map<string, GroupSalesman>();
  for (const r of (await fetchRoleUsers({})).rows) {
    if (r.roleCode === ROLE_CODE.salesman && !byId.has(r.userId)) byId.set(r.userId, { userId: r.userId, username: r.username, name: r.name });
  }
  return [...byId.values()];
}

/**
 * Query keys: the live-update roots 'roles' and 'roleGroups' (src/app/liveUpdates.ts), then the org. A role
 * write also changes the user's own powers and menu: invalidate `powerKeys.all` and `menuKeys.all` too.
 */
export const roleKeys = {
  all: ['roles'] as const,
  list: (orgId: string | undefined) => [...roleKeys.all, orgId, 'list'] as const,
  relations: (orgId: string | undefined) => [...roleKeys.all, orgId, 'relations'] as const,
  users: (orgId: string | undefined, roleId: string | null) => [...roleKeys.all, orgId, 'users', roleId] as const,
  /** a role's permission links (services/rolePermissions.ts): under 'roles', which RolePermission events refresh */
  permissions: (orgId: string | undefined, roleId: string | null) => [...roleKeys.all, orgId, 'permissions', roleId] as const,
};
export const roleGroupKeys = {
  all: ['roleGroups'] as const,
  list: (orgId: string | undefined) => [...roleGroupKeys.all, orgId, 'list'] as const,
  /** a salesman group's salesmen ('new': the org's salesmen for a group not created yet) */
  salesmen: (orgId: string | undefined, appId: string | undefined, roleGroupId: string) => [...roleGroupKeys.all, orgId, appId, 'salesmen', roleGroupId] as const,
};
/** Whether a key is a salesman group's members (kept when a refused save refreshes the group lists). */
export const isSalesmenKey = (key: readonly unknown[]) => key[0] === roleGroupKeys.all[0] && key[3] === 'salesmen';

export const rolesQuery = (orgId: string | undefined) => queryOptions({
  queryKey: roleKeys.list(orgId),
  queryFn: () => fetchRoles(),
  enabled: Boolean(orgId),
});
export const roleGroupsQuery = (orgId: string | undefined) => queryOptions({
  queryKey: roleGroupKeys.list(orgId),
  queryFn: fetchRoleGroups,
  enabled: Boolean(orgId),
});
export const roleRelationsQuery = (orgId: string | undefined) => queryOptions({
  queryKey: roleKeys.relations(orgId),
  queryFn: fetchRoleRelations,
  enabled: Boolean(orgId),
});
export const roleUsersQuery = (orgId: string | undefined, roleId: string | null) => queryOptions({
  queryKey: roleKeys.users(orgId, roleId),
  queryFn: () => fetchRoleUsers({ roleId: roleId! }),
  enabled: Boolean(orgId && roleId),
});

/** A salesman group's salesmen and the org's other salesmen; no group yet: every salesman is a candidate. */
export const salesmanGroupQuery = (orgId: string | undefined, appId: string | undefined, roleGroupId: string | null) => queryOptions({
  queryKey: roleGroupKeys.salesmen(orgId, appId, roleGroupId ?? 'new'),
  queryFn: async (): Promise<SalesmanGroupMembers> => (roleGroupId ? fetchSalesmanGroupMembers(roleGroupId) : { members: [], candidates: await fetchOrgSalesmen() }),
  enabled: Boolean(orgId),
});
