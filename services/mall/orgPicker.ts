// The org pickers' reads (issue 28 point 4): schools a delivery route may stop at, supplier orgs the org may link,
// by name. The server decides which orgs the caller may see (server/modules/mall/orgPickerRoutes.ts).
import { queryOptions } from '@tanstack/react-query';
import { get } from '../http.ts';
import type { ListResult } from '../../domain/types.ts';

export interface PickableOrg { orgId: string; name: string }
export type OrgPickerKind = 'routeSchools' | 'supplierCandidates';

const PATHS: Record<OrgPickerKind, string> = { routeSchools: '/v4/mall/route/schools', supplierCandidates: '/v4/mall/supplier/candidates' };

export const pickableOrgs = (kind: OrgPickerKind, keyword: string) =>
  get<ListResult<PickableOrg>>(PATHS[kind], keyword.trim() ? { keyword: keyword.trim() } : {}, { host: 'mall' });

export const pickableOrgsQuery = (orgId: string | undefined, kind: OrgPickerKind, keyword: string) => queryOptions({
  queryKey: ['orgPicker', orgId, kind, keyword.trim()] as const,
  queryFn: () => pickableOrgs(kind, keyword),
  staleTime: 30_000,
});
