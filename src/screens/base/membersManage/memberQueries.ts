// Query keys and hooks of the members screens. Keys start with the live-update root 'members' (Member* events
// invalidate it, src/app/liveUpdates.ts), so both screens and other consoles of the org stay current.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { isDefaultGroupName } from '../../../../domain/members.ts';
import { fetchMemberConfig, fetchMemberGroups, fetchMembers, type MemberQuery } from '../../../../services/members.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';

export const membersKey = (orgId: string | undefined, q: MemberQuery) => ['members', orgId, 'list', q] as const;
export const memberGroupsKey = (orgId: string | undefined) => ['members', orgId, 'groups'] as const;
export const memberConfigKey = (orgId: string | undefined) => ['members', orgId, 'config'] as const;

export function useMembers(q: MemberQuery) {
  const orgApp = useCurrentOrgApp();
  return useQuery({ queryKey: membersKey(orgApp?.orgId, q), queryFn: () => fetchMembers(q), enabled: Boolean(orgApp?.key), placeholderData: (prev) => prev });
}

export function useMemberGroups() {
  const orgApp = useCurrentOrgApp();
  return useQuery({ queryKey: memberGroupsKey(orgApp?.orgId), queryFn: fetchMemberGroups, enabled: Boolean(orgApp?.key) });
}

export function useMemberConfig() {
  const orgApp = useCurrentOrgApp();
  return useQuery({ queryKey: memberConfigKey(orgApp?.orgId), queryFn: fetchMemberConfig, enabled: Boolean(orgApp?.key) });
}

/** A mutation that refreshes every members query when it settles. */
export function useMemberMutation<A, R>(fn: (arg: A) => Promise<R>, onSuccess?: (r: R) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess,
    onSettled: () => qc.invalidateQueries({ queryKey: ['members'] }),
  });
}

/** The default group is stored as 'ordinary member' (§3); the console shows 普通会员. */
export const ORDINARY_MEMBER: MessageDescriptor = msg`普通会员`;
export const groupLabel = (name: string, translate: (d: MessageDescriptor) => string): string => (isDefaultGroupName(name) ? translate(ORDINARY_MEMBER) : name);
