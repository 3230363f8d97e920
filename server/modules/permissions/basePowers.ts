// Power nodes (§6 key groupName-parentId-moduleId) of the base module's contacts, roles, role-permission and
// log screens. The demo seed creates the matching permission rows in every org-app and grants them to the
// user-admin role; admins, system providers and user admins pass through the §6 bypass anyway.
import { powerKey } from '../../../domain/powerKey.ts';
import type { PowerNode } from './powers.ts';

export const BASE_POWER_NODES = {
  /** contacts screen: create, edit, move and delete departments and persons */
  contactsManage: { groupName: 'contactsPower', parentId: 'contacts', moduleId: 'contactsManage', powerName: '通讯录管理' },
  /** contacts screen: carries the §6 query range in the role link's extraInfo.department; no route needs it */
  contactsQuery: { groupName: 'contactsPower', parentId: 'contacts', moduleId: 'contactsQuery', powerName: '通讯录查询范围' },
  /** roles screen: roles, groups, relations and role members */
  roleManage: { groupName: 'rolePower', parentId: 'rolesManage', moduleId: 'roleManage', powerName: '角色管理' },
  /** role-permission screen: the permission tree and what each role holds */
  rolePermissionManage: { groupName: 'rolePower', parentId: 'rolesPermissionManage', moduleId: 'rolePermissionManage', powerName: '角色权限管理' },
  /** API log screen: read the API and operation logs of the org */
  logView: { groupName: 'logPower', parentId: 'apiLog', moduleId: 'logView', powerName: '查看日志' },
} as const satisfies Record<string, PowerNode>;

export type BasePowerName = keyof typeof BASE_POWER_NODES;

export const BASE_POWER: Record<BasePowerName, string> = Object.fromEntries(
  Object.entries(BASE_POWER_NODES).map(([name, node]) => [name, powerKey(node)]),
) as Record<BasePowerName, string>;
