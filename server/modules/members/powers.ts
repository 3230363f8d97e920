// Power nodes (§6 key groupName-parentId-moduleId) of the members screens. The demo seed creates the matching
// permission rows; admins, system providers and user admins pass through the §6 bypass.
import { powerKey } from '../../../domain/powerKey.ts';
import type { PowerNode } from '../permissions/powers.ts';

export const MEMBER_POWER_NODES = {
  /** 会员管理 and 会员中心设置: members, member groups, member levels */
  memberManage: { groupName: 'memberPower', parentId: 'membersManage', moduleId: 'memberManage', powerName: '会员管理' },
} as const satisfies Record<string, PowerNode>;

export const MEMBER_POWER = { memberManage: powerKey(MEMBER_POWER_NODES.memberManage) } as const;

export const memberStreams = {
  member: (orgId: string, userId: string) => `productMember-${orgId}-${userId}`,
  group: (groupId: string) => `memberGroup-${groupId}`,
  config: (orgId: string) => `memberConfig-${orgId}`,
} as const;
