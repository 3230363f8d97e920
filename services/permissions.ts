import type { ListResult, MenuEntry, UserPowers } from '../domain/types.ts';
import type { Role } from '../domain/types.ts';
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

// §7 GET /v2/permission/user/power: the module power keys held in the current org-app
export async function fetchUserPowers(): Promise<string[]> {
  const res = await get<UserPowers>('/v2/permission/user/power');
  return res?.powers ?? [];
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
  };
}
