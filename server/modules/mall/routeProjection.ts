// Delivery routes (routeManage), projected from their events.
import { defineProjection } from '../../store/projections.ts';
import type { MallRouteCreated, MallRouteDeleted, MallRouteUpdated } from '../../../domain/aggregates/deliveryRoute.ts';

defineProjection({
  MallRouteCreated: async (tx, { data, orgId }: { data: MallRouteCreated; orgId: string }) => {
    await tx.insertInto('mall_routes').values({
      org_id: orgId, object_id: data.objectId, name: data.name, role_group_id: data.roleGroupId, manage_role_names: JSON.stringify(data.manageRoleNames),
      purchaser_org_ids: JSON.stringify(data.purchaserOrgIds), delivery_user_ids: JSON.stringify(data.deliveryUserIds), sort: data.sort, remark: data.remark,
      is_delete: false, updated_at: data.at,
    }).execute();
  },
  MallRouteUpdated: async (tx, { data, orgId }: { orgId: string; data: MallRouteUpdated }) => {
    await tx.updateTable('mall_routes').set({
      updated_at: data.at, ...(data.name !== undefined && { name: data.name }), ...(data.roleGroupId !== undefined && { role_group_id: data.roleGroupId }),
      ...(data.manageRoleNames !== undefined && { manage_role_names: JSON.stringify(data.manageRoleNames) }),
      ...(data.purchaserOrgIds !== undefined && { purchaser_org_ids: JSON.stringify(data.purchaserOrgIds) }),
      ...(data.deliveryUserIds !== undefined && { delivery_user_ids: JSON.stringify(data.deliveryUserIds) }),
      ...(data.sort !== undefined && { sort: data.sort }), ...(data.remark !== undefined && { remark: data.remark }),
    }).where('org_id', '=', orgId).where('object_id', '=', data.objectId).execute();
  },
  MallRouteDeleted: async (tx, { data, orgId }: { orgId: string; data: MallRouteDeleted }) => {
    await tx.updateTable('mall_routes').set({ is_delete: true, updated_at: data.at }).where('object_id', '=', data.objectId).where('org_id', '=', orgId).execute();
  },
});

