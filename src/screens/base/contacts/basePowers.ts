// §6 the power keys (groupName-parentId-moduleId) the server asks for on the base module's screens; the
// console hides the same actions with them (server/modules/permissions/basePowers.ts holds the nodes).
import { powerKey } from '../../../../domain/powerKey.ts';

export const CONSOLE_BASE_POWER = {
  contactsManage: powerKey({ groupName: 'contactsPower', parentId: 'contacts', moduleId: 'contactsManage' }),
  roleManage: powerKey({ groupName: 'rolePower', parentId: 'rolesManage', moduleId: 'roleManage' }),
  rolePermissionManage: powerKey({ groupName: 'rolePower', parentId: 'rolesPermissionManage', moduleId: 'rolePermissionManage' }),
  /** user accounts (enable, expiration, password): server/modules/permissions/powers.ts POWER_NODES.userManage */
  userManage: powerKey({ groupName: 'userPower', parentId: 'contacts', moduleId: 'userManage' }),
  /** the node whose role link carries the §6 contacts query range */
  contactsQuery: powerKey({ groupName: 'contactsPower', parentId: 'contacts', moduleId: 'contactsQuery' }),
} as const;
