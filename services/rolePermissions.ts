// §7 role permissions: the permission tree of the org-app (menu entries and power nodes) and the links of
// each role to it; the contacts query range of §6 travels in a link's extraInfo.department.
import type { ListResult } from '../domain/types.ts';
import { PAGE } from '../domain/constants.ts';
import type { QueryRange } from '../domain/contactsVisibility.ts';
import { queryOptions } from '@tanstack/react-query';
import { del, get, post, put } from './http.ts';
import { permissionKeys } from './permissions.ts';
import { roleKeys } from './roles.ts';

export interface PermissionNode {
  permissionId: string;
  moduleId: string;
  parentId: string;
  moduleName: string;
  groupName: string;
  power: string;
  powerName: string;
  sort: number;
  enable: boolean;
  extraInfo: Record<string, unknown> & { departmentId?: string; meta?: { title?: string } };
}

export interface RolePermissionLink {
  roleId: string;
  permissionId: string;
  extraInfo: { department?: QueryRange } & Record<string, unknown>;
  moduleId: string;
  parentId: string;
  groupName: string;
  moduleName: string;
  power: string;
  powerName: string;
}


// §7 GET /v2/permission; §9 permission paging 3000 and 5000: pages of 5000 until a short one
export async function fetchPermissionTree(groupName?: string[]): Promise<PermissionNode[]> {
  const size = PAGE.permission[1];
  const out: PermissionNode[] = [];
  for (let skip = 0; ; skip += size) {
    const page = await get<ListResult<PermissionNode>>('/v2/permission', { ...(groupName?.length && { groupName }), $limit: size, $skip: skip });
    out.push(...(page?.rows ?? []));
    if ((page?.rows.length ?? 0) < size || out.length >= (page?.count ?? 0)) return out;
  }
}

// §7 GET /v2/roles/role/permission
export async function fetchRolePermissions(roleIds: string[]): Promise<RolePermissionLink[]> {
  return (await get<ListResult<RolePermissionLink>>('/v2/roles/role/permission', { roleId: roleIds }))?.rows ?? [];
}

// §7 POST /v2/roles/role/permission {permissions, roleId}
export function grantPermissions(roleId: string, permissionIds: string[]): Promise<{ count: number }> {
  return post('/v2/roles/role/permission', { roleId, permissions: permissionIds });
}

// §7 DELETE /v2/roles/role/permission
export function revokePermissions(roleId: string, permissionIds: string[]): Promise<{ count: number }> {
  return del('/v2/roles/role/permission', { roleId, permissions: permissionIds });
}

// §7 PUT /v2/roles/role/permission/batch {roleId, permissionId, extraInfo.department}
export function grantPermissionsWithScope(roleId: string, permissionIds: string[], department?: QueryRange): Promise<{ count: number }> {
  return put('/v2/roles/role/permission/batch', { roleId, permissionId: permissionIds, extraInfo: department ? { department } : {} });
}

/** The whole permission tree of an org-app. */
export const permissionTreeQuery = (orgId: string | undefined, appId: string | undefined) => queryOptions({
  queryKey: permissionKeys.tree(orgId, appId),
  queryFn: () => fetchPermissionTree(),
  enabled: Boolean(orgId && appId),
});

/** A role's links to the permission tree. */
export const rolePermissionsQuery = (orgId: string | undefined, roleId: string | null) => queryOptions({
  queryKey: roleKeys.permissions(orgId, roleId),
  queryFn: () => fetchRolePermissions([roleId!]),
  enabled: Boolean(orgId && roleId),
});
