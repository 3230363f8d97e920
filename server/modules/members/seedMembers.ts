// Demo data for the members screens: the member power in every org-app (held by the user-admin role), and in
// the second demo school a default group, one more group and two members. Small, so the seed stays fast.
import crypto from 'node:crypto';
import { appendToStream, streamVersion, type EventMeta, type Tx } from '../../store/eventStore.ts';
import type { PermissionCreated } from '../permissions/projection.ts';
import { defaultMemberGroup, defaultMemberConfig } from '../../../domain/members.ts';
import { MEMBER_POWER_NODES, memberStreams } from './powers.ts';
import type { MemberAdded, MemberGroupCreated } from './projection.ts';

export interface SeedMembersInput {
  appId: string;
  orgIds: string[];
  /** the org's user-admin role, which gets the member power */
  userAdminRoleOf: (orgId: string) => string;
  /** the orgs that get demo members (the second school; the fruit org, whose storefront they sign in to) */
  demoOrgIds: string[];
}

export async function seedMembers(tx: Tx, meta: EventMeta, input: SeedMembersInput): Promise<number> {
  let events = 0;
  const append = async (orgId: string, streamId: string, streamType: string, list: { type: string; data: Record<string, unknown> }[]) => {
    await appendToStream(tx, { orgId, streamId, streamType, expectedVersion: await streamVersion(tx, streamId), events: list, meta });
    events += list.length;
  };
  for (const orgId of input.orgIds) {
    for (const node of Object.values(MEMBER_POWER_NODES)) {
      const permissionId = crypto.randomUUID();
      await append(orgId, `permission-${permissionId}`, 'permission', [{ type: 'PermissionCreated', data: {
        permissionId, appId: input.appId, moduleId: node.moduleId, parentId: node.parentId, moduleName: node.powerName, groupName: node.groupName,
        power: node.moduleId, powerName: node.powerName, sort: 0, enable: true, extraInfo: {},
      } satisfies PermissionCreated }]);
      const roleId = input.userAdminRoleOf(orgId);
      await append(orgId, `role-${roleId}`, 'role', [{ type: 'RolePermissionGranted', data: { roleId, permissionId } }]);
    }
  }
  for (const orgId of input.demoOrgIds) {
    const ordinary: MemberGroupCreated = { groupId: `ordinary-${orgId}`, ...defaultMemberGroup(), isDefault: true };
    const staff: MemberGroupCreated = { groupId: crypto.randomUUID(), name: '教职工', sort: 2, isDefault: false };
    for (const g of [ordinary, staff]) await append(orgId, memberStreams.group(g.groupId), 'memberGroup', [{ type: 'MemberGroupCreated', data: { ...g } }]);
    const config = { memberLevel: [...defaultMemberConfig().memberLevel, { id: 'LV2', name: 'LV2', sort: 2 }] };
    await append(orgId, memberStreams.config(orgId), 'memberConfig', [{ type: 'MemberConfigSet', data: { config } }]);
    const members: MemberAdded[] = [
      { userId: `pm-${crypto.randomUUID()}`, name: '林小雨', phoneNumber: '13830000001', groupId: ordinary.groupId, config: { level: 'LV1' } },
      { userId: `pm-${crypto.randomUUID()}`, name: '何明', phoneNumber: '13830000002', groupId: staff.groupId, config: { level: 'LV2' } },
    ];
    for (const m of members) await append(orgId, memberStreams.member(orgId, m.userId), 'productMember', [{ type: 'MemberAdded', data: { ...m } }]);
  }
  return events;
}
