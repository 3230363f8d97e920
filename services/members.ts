// §7 members: GET/POST/PUT/DELETE /v1/productmembers; PUT /v1/productmembers/movegroup;
// GET/POST/PUT/DELETE /v1/productmembers/group; GET/POST/PUT /v1/productmembers/config.
import type { ListResult } from '../domain/types.ts';
import type { MemberConfig, MemberGroup, MemberLevel, ProductMember } from '../domain/members.ts';
import { queryOptions } from '@tanstack/react-query';
import { del, get, post, put, queryParams } from './http.ts';

export interface MemberQuery {
  groupId?: string;
  keyword?: string;
  level?: string;
  $limit?: number;
  $skip?: number;
}

export type MemberGroupRow = MemberGroup & { memberCount?: number };

export function fetchMembers(q: MemberQuery = {}): Promise<ListResult<ProductMember>> {
  return get<ListResult<ProductMember>>('/v1/productmembers', queryParams(q));
}

export interface NewMember {
  userId?: string;
  name?: string;
  phoneNumber?: string;
  groupId?: string;
  config?: { level?: string };
  /** with an update: the version read (409 when someone changed the member meanwhile) */
  version?: number;
}

export function createMember(m: NewMember): Promise<ProductMember> {
  return post<ProductMember>('/v1/productmembers', m);
}

/** sends only the fields given */
export function updateMember(m: { userId: string } & Omit<NewMember, 'userId'>): Promise<ProductMember> {
  return put<ProductMember>('/v1/productmembers', Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)));
}

export function deleteMembers(ids: string[]): Promise<{ count: number }> {
  return del<{ count: number }>('/v1/productmembers', { ids });
}

export function moveMembersToGroup(ids: string[], groupId: string): Promise<{ count: number; groupId: string }> {
  return put('/v1/productmembers/movegroup', { ids, groupId });
}

export async function fetchMemberGroups(): Promise<MemberGroupRow[]> {
  const res = await get<ListResult<MemberGroupRow>>('/v1/productmembers/group');
  return res?.rows ?? [];
}

export function createMemberGroup(g: { name: string; sort?: number }): Promise<MemberGroupRow> {
  return post<MemberGroupRow>('/v1/productmembers/group', g);
}

export function updateMemberGroup(g: { groupId: string; name?: string; sort?: number; version?: number }): Promise<MemberGroupRow> {
  return put<MemberGroupRow>('/v1/productmembers/group', Object.fromEntries(Object.entries(g).filter(([, v]) => v !== undefined)));
}

export function deleteMemberGroup(groupId: string, version?: number): Promise<{ groupId: string; movedTo: string }> {
  return del('/v1/productmembers/group', { groupId, ...(version !== undefined && { version }) });
}

export function fetchMemberConfig(): Promise<MemberConfig> {
  return get<MemberConfig>('/v1/productmembers/config');
}

export function saveMemberLevels(memberLevel: MemberLevel[]): Promise<MemberConfig> {
  return put<MemberConfig>('/v1/productmembers/config', { memberLevel });
}

/** Query keys: the live-update root 'members' (Member… events invalidate it), then the org. */
export const memberKeys = {
  all: ['members'] as const,
  list: (orgId: string | undefined, q: MemberQuery) => [...memberKeys.all, orgId, 'list', q] as const,
  groups: (orgId: string | undefined) => [...memberKeys.all, orgId, 'groups'] as const,
  config: (orgId: string | undefined) => [...memberKeys.all, orgId, 'config'] as const,
};

export const membersQuery = (orgId: string | undefined, q: MemberQuery) => queryOptions({
  queryKey: memberKeys.list(orgId, q),
  queryFn: () => fetchMembers(q),
  enabled: Boolean(orgId),
});
export const memberGroupsQuery = (orgId: string | undefined) => queryOptions({
  queryKey: memberKeys.groups(orgId),
  queryFn: fetchMemberGroups,
  enabled: Boolean(orgId),
});
export const memberConfigQuery = (orgId: string | undefined) => queryOptions({
  queryKey: memberKeys.config(orgId),
  queryFn: fetchMemberConfig,
  enabled: Boolean(orgId),
});
