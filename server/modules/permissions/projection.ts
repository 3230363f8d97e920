// The permission tree (menu entries and power nodes) and role-permission links.
import { defineProjection } from '../../store/projections.ts';

import type { PermissionCreated, PermissionDeleted, PermissionUpdated } from '../../../domain/aggregates/permission.ts';
import type { RolePermissionGranted, RolePermissionRevoked } from '../../../domain/aggregates/role.ts';

export type { PermissionCreated };

defineProjection({
  PermissionCreated: async (tx, { data, orgId }: { data: PermissionCreated; orgId: string }) => {
    await tx.insertInto('permissions').values({
      org_id: orgId, app_id: data.appId, permission_id: data.permissionId, module_id: data.moduleId, parent_id: data.parentId,
      module_name: data.moduleName, group_name: data.groupName, power: data.power, power_name: data.powerName, sort: data.sort,
      enable: data.enable, extra_info: JSON.stringify(data.extraInfo),
    }).execute();
  },
  PermissionUpdated: async (tx, { data, orgId }: { orgId: string; data: PermissionUpdated }) => {
    const set = {
      ...(data.moduleId !== undefined && { module_id: data.moduleId }),
      ...(data.groupName !== undefined && { group_name: data.groupName }),
      ...(data.moduleName !== undefined && { module_name: data.moduleName }),
      ...(data.parentId !== undefined && { parent_id: data.parentId }),
      ...(data.power !== undefined && { power: data.power }),
      ...(data.powerName !== undefined && { power_name: data.powerName }),
      ...(data.sort !== undefined && { sort: data.sort }),
      ...(data.enable !== undefined && { enable: data.enable }),
      ...(data.extraInfo !== undefined && { extra_info: JSON.stringify(data.extraInfo) }),
    };
    if (Object.keys(set).length) await tx.updateTable('permissions').set(set).where('permission_id', '=', data.permissionId).where('org_id', '=', orgId).execute();
  },
  PermissionDeleted: async (tx, { data, orgId }: { orgId: string; data: PermissionDeleted }) => {
    await tx.deleteFrom('role_permissions').where('permission_id', '=', data.permissionId).where('org_id', '=', orgId).execute();
    await tx.deleteFrom('permissions').where('permission_id', '=', data.permissionId).where('org_id', '=', orgId).execute();
  },
  RolePermissionGranted: async (tx, { data, orgId }: { data: RolePermissionGranted; orgId: string }) => {
    await tx.insertInto('role_permissions').values({ org_id: orgId, role_id: data.roleId, permission_id: data.permissionId, extra_info: JSON.stringify(data.extraInfo ?? {}) })
      .onConflict((c) => c.columns(['org_id', 'role_id', 'permission_id']).doUpdateSet({ extra_info: JSON.stringify(data.extraInfo ?? {}) })).execute();
  },
  RolePermissionRevoked: async (tx, { data, orgId }: { data: RolePermissionRevoked; orgId: string }) => {
    await tx.deleteFrom('role_permissions').where('org_id', '=', orgId).where('role_id', '=', data.roleId).where('permission_id', '=', data.permissionId).execute();
  },
});
