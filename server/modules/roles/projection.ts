// Role groups, roles and user-role links, projected from their events.
import { defineProjection } from '../../store/projections.ts';

import type {
  RoleCreated, RoleDeleted, RoleGroupCreated, RoleGroupDeleted, RoleGroupUpdated, RoleUpdated, UserRoleGranted, UserRoleRevoked,
} from '../../../domain/aggregates/role.ts';

export type { RoleCreated, RoleGroupCreated, RoleUpdated };

defineProjection({
  RoleGroupCreated: async (tx, { data, orgId }: { data: RoleGroupCreated; orgId: string }) => {
    await tx.insertInto('role_groups').values({
      org_id: orgId, role_group_id: data.roleGroupId, group_name: data.groupName, code: data.code, sort: data.sort,
      manage_role_names: data.manageRoleNames, config: JSON.stringify(data.config),
    }).execute();
  },
  RoleGroupUpdated: async (tx, { data, orgId }: { orgId: string; data: RoleGroupUpdated }) => {
    const set = {
      ...(data.groupName !== undefined && { group_name: data.groupName }),
      ...(data.code !== undefined && { code: data.code }),
      ...(data.sort !== undefined && { sort: data.sort }),
      ...(data.manageRoleNames !== undefined && { manage_role_names: data.manageRoleNames }),
      ...(data.config !== undefined && { config: JSON.stringify(data.config) }),
    };
    if (Object.keys(set).length) await tx.updateTable('role_groups').set(set).where('role_group_id', '=', data.roleGroupId).where('org_id', '=', orgId).execute();
  },
  RoleGroupDeleted: async (tx, { data, orgId }: { orgId: string; data: RoleGroupDeleted }) => {
    await tx.updateTable('roles').set({ role_group_id: null }).where('role_group_id', '=', data.roleGroupId).where('org_id', '=', orgId).execute();
    await tx.deleteFrom('role_groups').where('role_group_id', '=', data.roleGroupId).where('org_id', '=', orgId).execute();
  },
  RoleCreated: async (tx, { data, orgId }: { data: RoleCreated; orgId: string }) => {
    await tx.insertInto('roles').values({
      org_id: orgId, role_id: data.roleId, name: data.name, code: data.code, cn_name: data.cnName, role_group_id: data.roleGroupId,
      manage_role_names: data.manageRoleNames, enable: data.enable, sort: data.sort, config: JSON.stringify(data.config),
    }).execute();
  },
  RoleUpdated: async (tx, { data, orgId }: { orgId: string; data: RoleUpdated }) => {
    const set = {
      ...(data.name !== undefined && { name: data.name }),
      ...(data.code !== undefined && { code: data.code }),
      ...(data.cnName !== undefined && { cn_name: data.cnName }),
      ...(data.roleGroupId !== undefined && { role_group_id: data.roleGroupId }),
      ...(data.manageRoleNames !== undefined && { manage_role_names: data.manageRoleNames }),
      ...(data.enable !== undefined && { enable: data.enable }),
      ...(data.sort !== undefined && { sort: data.sort }),
      ...(data.config !== undefined && { config: JSON.stringify(data.config) }),
    };
    if (Object.keys(set).length) await tx.updateTable('roles').set(set).where('role_id', '=', data.roleId).where('org_id', '=', orgId).execute();
  },
  RoleDeleted: async (tx, { data, orgId }: { orgId: string; data: RoleDeleted }) => {
    await tx.deleteFrom('user_roles').where('role_id', '=', data.roleId).where('org_id', '=', orgId).execute();
    await tx.deleteFrom('role_permissions').where('role_id', '=', data.roleId).where('org_id', '=', orgId).execute();
    await tx.deleteFrom('roles').where('role_id', '=', data.roleId).where('org_id', '=', orgId).execute();
  },
  UserRoleGranted: async (tx, { data, orgId }: { data: UserRoleGranted; orgId: string }) => {
    await tx.insertInto('user_roles').values({ org_id: orgId, user_id: data.userId, role_id: data.roleId })
      .onConflict((c) => c.columns(['org_id', 'user_id', 'role_id']).doNothing()).execute();
  },
  UserRoleRevoked: async (tx, { data, orgId }: { data: UserRoleRevoked; orgId: string }) => {
    await tx.deleteFrom('user_roles').where('org_id', '=', orgId).where('user_id', '=', data.userId).where('role_id', '=', data.roleId).execute();
  },
});
