// Categories (every §3 groupName) and specs/settings, projected from their events.
import { defineProjection } from '../../store/projections.ts';

import type { CategoryCreated, CategoryDeleted, CategoryUpdated, SpecCreated, SpecUpdated } from '../../../domain/aggregates/category.ts';

defineProjection({
  CategoryCreated: async (tx, { data, orgId }: { data: CategoryCreated; orgId: string }) => {
    await tx.insertInto('categories').values({
      org_id: orgId, app_id: data.appId, id: data.id, parent_id: data.parentId, name: data.name, group_name: data.groupName,
      enable: data.enable, sort: data.sort, is_package: data.isPackage, extra_info: JSON.stringify(data.extraInfo), is_delete: false,
    }).execute();
  },
  CategoryUpdated: async (tx, { data, orgId }: { orgId: string; data: CategoryUpdated }) => {
    const set = {
      ...(data.parentId !== undefined && { parent_id: data.parentId }),
      ...(data.name !== undefined && { name: data.name }),
      ...(data.groupName !== undefined && { group_name: data.groupName }),
      ...(data.enable !== undefined && { enable: data.enable }),
      ...(data.sort !== undefined && { sort: data.sort }),
      ...(data.isPackage !== undefined && { is_package: data.isPackage }),
      ...(data.extraInfo !== undefined && { extra_info: JSON.stringify(data.extraInfo) }),
    };
    if (Object.keys(set).length) await tx.updateTable('categories').set(set).where('id', '=', data.id).where('org_id', '=', orgId).execute();
  },
  CategoryDeleted: async (tx, { data, orgId }: { orgId: string; data: CategoryDeleted }) => {
    if (data.isPhysicalDelete) await tx.deleteFrom('categories').where('id', '=', data.id).where('org_id', '=', orgId).execute();
    else await tx.updateTable('categories').set({ is_delete: true, enable: false }).where('id', '=', data.id).where('org_id', '=', orgId).execute();
  },
  SpecCreated: async (tx, { data, orgId }: { data: SpecCreated; orgId: string }) => {
    await tx.insertInto('specs').values({ org_id: orgId, app_id: data.appId, id: data.id, name: data.name, options: JSON.stringify(data.options), sort: data.sort }).execute();
  },
  SpecUpdated: async (tx, { data, orgId }: { orgId: string; data: SpecUpdated }) => {
    const set = {
      ...(data.name !== undefined && { name: data.name }),
      ...(data.options !== undefined && { options: JSON.stringify(data.options) }),
      ...(data.sort !== undefined && { sort: data.sort }),
    };
    if (Object.keys(set).length) await tx.updateTable('specs').set(set).where('id', '=', data.id).where('org_id', '=', orgId).execute();
  },
});
