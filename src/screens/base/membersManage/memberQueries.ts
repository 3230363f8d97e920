// Hooks of the members screens over the queryOptions of services/members.ts (keys under the live-update root
// 'members': Member… events invalidate it, src/app/liveUpdates.ts), so both screens and other consoles stay current.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { isDefaultGroupName } from '../../../../domain/members.ts';
import { memberConfigQuery, memberGroupsQuery, memberKeys, membersQuery, type MemberQuery } from '../../../../services/members.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';

export function useMembers(q: MemberQuery) {
  const orgApp = useCurrentOrgApp();
  return useQuery({ ...membersQuery(orgApp?.orgId, q), enabled: Boolean(orgApp?.key), placeholderData: (prev) => prev });
}

export function useMemberGroups() {
  const orgApp = useCurrentOrgApp();
  return useQuery({ ...memberGroupsQuery(orgApp?.orgId), enabled: Boolean(orgApp?.key) });
}

export function useMemberConfig() {
  const orgApp = useCurrentOrgApp();
  return useQuery({ ...memberConfigQuery(orgApp?.orgId), enabled: Boolean(orgApp?.key) });
}

/** A mutation that refreshes every members query when it settles. */
export function useMemberMutation<A, R>(fn: (arg: A) => Promise<R>, onSuccess?: (r: R) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess,
    onSettled: () => qc.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

/** The default group is stored as 'ordinary member' (§3); the console shows 普通会员. */
export const ORDINARY_MEMBER: MessageDescriptor = msg`普通会员`;
export const groupLabel = (name: string, translate: (d: MessageDescriptor) => string): string => (isDefaultGroupName(name) ? translate(ORDINARY_MEMBER) : name);
