// Role relations (§3: relationPath, child, depth): a parent role over a child role, projected from events.
import { defineProjection } from '../../store/projections.ts';
import type { RoleDeleted, RoleRelationAdded, RoleRelationRemoved } from '../../../domain/aggregates/role.ts';

defineProjection({
  RoleRelationAdded: async (tx, { data, orgId }: { data: RoleRelationAdded; orgId: string }) => {
    await tx.insertInto('role_relations').values({
      org_id: orgId, relation_id: data.relationId, parent_role_id: data.parentRoleId, child_role_id: data.childRoleId,
      relation_path: data.relationPath, depth: data.depth,
    }).execute();
  },
  RoleRelationRemoved: async (tx, { data, orgId }: { orgId: string; data: RoleRelationRemoved }) => {
    await tx.deleteFrom('role_relations').where('relation_id', '=', data.relationId).where('org_id', '=', orgId).execute();
  },
  // a deleted role leaves no relation behind (the roles projection removes the role itself)
  RoleDeleted: async (tx, { data, orgId }: { orgId: string; data: RoleDeleted }) => {
    await tx.deleteFrom('role_relations').where((eb) => eb.or([eb('parent_role_id', '=', data.roleId), eb('child_role_id', '=', data.roleId)])).where('org_id', '=', orgId).execute();
  },
});
