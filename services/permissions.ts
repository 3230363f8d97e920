import { orgKindOf, type OrgKind } from '../domain/orgKind.ts';
import type { ListResult, MenuEntry } from '../domain/types.ts';
import type { Role } from '../domain/types.ts';
import { queryOptions } from '@tanstack/react-query';
import { get } from './http.ts';

export type MenuGroupName = 'pcMenu' | 'quickEntry';

export interface MenuQuery {
  groupName: MenuGroupName;
  orgId?: string;
  appId?: string;
}

// §7 GET /v2/permission/user/menu (groupName pcMenu or quickEntry, orgId, enable=1, appId)
export async function fetchUserMenu(q: MenuQuery): Promise<MenuEntry[]> {
  const res = await get<ListResult<MenuEntry>>('/v2/permission/user/menu', { ...q, enable: 1 });
  return res?.rows ?? [];
}



export type UserRole = Pick<Role, 'roleId' | 'name' | 'code' | 'roleGroupId'> & Partial<Role>;

export interface UserPermission {
  roles: UserRole[];
  powers: string[];
  isSystemProvider: boolean;
  isAdmin: boolean;
  isUserAdminOnly: boolean;
  /** the platform (code 999 in the platform org): the only caller with rights across orgs */
  isPlatform: boolean;
  /** what the current org is (domain/orgKind.ts): with the roles, the caller's party across orgs (issue 27) */
  orgKind: OrgKind;
}

// §7 GET /v2/roles/user/permission: roles and powers of the user in the current org-app
export async function fetchUserPermission(): Promise<UserPermission> {
  const res = await get<Partial<UserPermission>>('/v2/roles/user/permission');
  return {
    roles: res?.roles ?? [],
    powers: res?.powers ?? [],
    isSystemProvider: Boolean(res?.isSystemProvider),
    isAdmin: Boolean(res?.isAdmin),
    isUserAdminOnly: Boolean(res?.isUserAdminOnly),
    isPlatform: Boolean(res?.isPlatform),
    orgKind: orgKindOf({ kind: res?.orgKind }),
  };
}

/**
 * Query keys of the user's own menu and powers in an org-app (live-update roots 'menu' and 'powers': role,
 * permission and menu events refresh them). The org-app context seeds them (src/app/appActor.ts).
 */
export const menuKeys = {
  all: ['menu'] as const,
  group: (orgId: string | undefined, appId: string | undefined, groupName: MenuGroupName) => [...menuKeys.all, orgId, appId, groupName] as const,
};
export const powerKeys = {
  all: ['powers'] as const,
  orgApp: (orgId: string | undefined, appId: string | undefined) => [...powerKeys.all, orgId, appId] as const,
};
/** The permission tree of an org-app (services/rolePermissions.ts): root 'permissions'. */
export const permissionKeys = {
  all: ['permissions'] as const,
  tree: (orgId: string | undefined, appId: string | undefined) => [...permissionKeys.all, orgId, appId, 'tree'] as const,
};

/** §7 the user's menu (pcMenu) or quick entries in an org-app. */
export const menuQuery = (orgId: string | undefined, appId: string | undefined, groupName: MenuGroupName) => queryOptions({
  queryKey: menuKeys.group(orgId, appId, groupName),
  queryFn: () => fetchUserMenu({ groupName, orgId, appId }),
  enabled: Boolean(orgId && appId),
});

/** §6 the user's roles and module powers in an org-app. */
export const powersQuery = (orgId: string | undefined, appId: string | undefined) => queryOptions({
  queryKey: powerKeys.orgApp(orgId, appId),
  queryFn: fetchUserPermission,
  enabled: Boolean(orgId && appId),
});
