// The org pickers' reads (issue 28 point 4): schools a delivery route may stop at, supplier orgs the org may link,
// by name. The server decides which orgs the caller may see (server/modules/mall/orgPickerRoutes.ts).
import { queryOptions } from '@tanstack/react-query';
import { get } from '../http.ts';
import type { ListResult } from '../../domain/types.ts';

export interface PickableOrg { orgId: string; name: string }
export type OrgPickerKind = 'routeSchools' | 'supplierCandidates' | 'installerOrgs' | 'companySchools';

const PATHS: Record<OrgPickerKind, { path: string; host: 'mall' | 'device' }> = {
  routeSchools: { path: '/v4/mall/route/schools', host: 'mall' },
  supplierCandidates: { path: '/v4/mall/supplier/candidates', host: 'mall' },
  // issue 33: an installer company's own org, and the schools it serves (contracts/devices.ts)
  installerOrgs: { path: '/v1/device/company/candidates', host: 'device' },
  companySchools: { path: '/v1/device/company/schools', host: 'device' },
};

export const pickableOrgs = (kind: OrgPickerKind, keyword: string) =>
  get<ListResult<PickableOrg>>(PATHS[kind].path, keyword.trim() ? { keyword: keyword.trim() } : {}, { host: PATHS[kind].host });

export const pickableOrgsQuery = (orgId: string | undefined, kind: OrgPickerKind, keyword: string) => queryOptions({
  queryKey: ['orgPicker', orgId, kind, keyword.trim()] as const,
  queryFn: () => pickableOrgs(kind, keyword),
  staleTime: 30_000,
});
