// §3 product members, member groups and the member config, projected from their events.
import { defineProjection } from '../../store/projections.ts';
import type {
  MemberAdded, MemberConfigSet, MemberGroupCreated, MemberGroupDeleted, MemberGroupUpdated, MemberMovedToGroup, MemberRemoved, MemberUpdated,
} from '../../../domain/aggregates/member.ts';

export type {
  MemberAdded, MemberConfigSet, MemberGroupCreated, MemberGroupDeleted, MemberGroupUpdated, MemberMovedToGroup, MemberRemoved, MemberUpdated,
} from '../../../domain/aggregates/member.ts';

type E<T> = { data: T; orgId: string; meta: { time: string } };

defineProjection({
  MemberGroupCreated: async (tx, { data, orgId }: E<MemberGroupCreated>) => {
    await tx.insertInto('product_member_groups').values({ org_id: orgId, group_id: data.groupId, name: data.name, sort: data.sort, is_default: data.isDefault }).execute();
  },
  MemberGroupUpdated: async (tx, { data, orgId }: E<MemberGroupUpdated>) => {
    const set = { ...(data.name !== undefined && { name: data.name }), ...(data.sort !== undefined && { sort: data.sort }) };
    if (Object.keys(set).length) await tx.updateTable('product_member_groups').set(set).where('org_id', '=', orgId).where('group_id', '=', data.groupId).execute();
  },
  MemberGroupDeleted: async (tx, { data, orgId }: E<MemberGroupDeleted>) => {
    await tx.updateTable('product_members').set({ group_id: data.movedTo }).where('org_id', '=', orgId).where('group_id', '=', data.groupId).execute();
    await tx.deleteFrom('product_member_groups').where('org_id', '=', orgId).where('group_id', '=', data.groupId).execute();
  },
  MemberAdded: async (tx, { data, orgId, meta }: E<MemberAdded>) => {
    await tx.insertInto('product_members').values({
      org_id: orgId, user_id: data.userId, name: data.name, phone_number: data.phoneNumber, group_id: data.groupId,
      config: JSON.stringify(data.config), created_at: meta.time,
    }).execute();
  },
  MemberUpdated: async (tx, { data, orgId }: E<MemberUpdated>) => {
    const set = {
      ...(data.name !== undefined && { name: data.name }),
      ...(data.phoneNumber !== undefined && { phone_number: data.phoneNumber }),
      ...(data.groupId !== undefined && { group_id: data.groupId }),
      ...(data.config !== undefined && { config: JSON.stringify(data.config) }),
    };
    if (Object.keys(set).length) await tx.updateTable('product_members').set(set).where('org_id', '=', orgId).where('user_id', '=', data.userId).execute();
  },
  MemberMovedToGroup: async (tx, { data, orgId }: E<MemberMovedToGroup>) => {
    await tx.updateTable('product_members').set({ group_id: data.groupId }).where('org_id', '=', orgId).where('user_id', '=', data.userId).execute();
  },
  MemberRemoved: async (tx, { data, orgId }: E<MemberRemoved>) => {
    await tx.deleteFrom('product_members').where('org_id', '=', orgId).where('user_id', '=', data.userId).execute();
  },
  MemberConfigSet: async (tx, { data, orgId }: E<MemberConfigSet>) => {
    await tx.insertInto('product_member_config').values({ org_id: orgId, config: JSON.stringify(data.config) })
      .onConflict((c) => c.column('org_id').doUpdateSet({ config: JSON.stringify(data.config) })).execute();
  },
});
