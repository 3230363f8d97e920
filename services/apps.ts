import { PAGE } from '../domain/constants.ts';
import type { ListResult } from '../domain/types.ts';
import { queryOptions } from '@tanstack/react-query';
import { get, post, put, queryParams } from './http.ts';

export interface AppRow { appId: string; appName: string; config: Record<string, unknown>; orgCount: number }

export interface OrgAppRow {
  id: string;
  orgId: string;
  orgName: string;
  orgType: string;
  agentId: string | null;
  agentName: string | null;
  appId: string;
  appName: string;
  disabled: boolean;
  expiration: string | null;
  expired: boolean;
  userLimit: number | null;
  userCount: number;
  supplierType: string | null;
  createdAt: string;
}

// §7 GET /v2/config/app: every app with its number of orgs for the platform (the apps screen is the platform's)
export function fetchAllApps(): Promise<ListResult<AppRow>> {
  return get<ListResult<AppRow>>('/v2/config/app', { $limit: PAGE.appList });
}

export interface AppOrgRow { id: string; orgId: string; orgName: string; orgType: string; appId: string; appName: string; disabled: boolean }

// §7 GET /v1/config/app/org: the orgs that use an app (the platform: every one)
export function fetchAppOrgs(appId: string): Promise<ListResult<AppOrgRow>> {
  return get<ListResult<AppOrgRow>>('/v1/config/app/org', { appId, $limit: PAGE.appList });
}

// §7 POST /v2/config/app
export function createApp(body: { appName: string; config?: Record<string, unknown> }): Promise<AppRow> {
  return post<AppRow>('/v2/config/app', body);
}

// §7 PUT /v2/config/app/{appId}
export function updateApp(appId: string, body: { appName?: string; config?: Record<string, unknown> }): Promise<AppRow> {
  return put<AppRow>(`/v2/config/app/${encodeURIComponent(appId)}`, body);
}

export interface OrgAppFilter { keyword?: string; supplierType?: string; orgType?: string; agentId?: string; appId?: string }

/** Every org-app across orgs (system providers). */
export function fetchOrgApps(filter: OrgAppFilter = {}): Promise<ListResult<OrgAppRow>> {
  return get<ListResult<OrgAppRow>>('/v2/config/orgapp', queryParams(filter));
}

/** §4 an org-app may be disabled. */
export function setOrgAppDisabled(id: string, disabled: boolean): Promise<{ id: string; disabled: boolean }> {
  return put(`/v2/config/orgapp/${encodeURIComponent(id)}`, { disabled });
}

export interface OrgSettings { name?: string; orgType?: string; agentId?: string | null; expiration?: string | null; userLimit?: number | null }

/** An org's name, type, partner, expiration and user limit. */
export function updateOrgSettings(orgId: string, body: OrgSettings): Promise<OrgSettings & { orgId: string }> {
  return put(`/v2/config/orgapp/org/${encodeURIComponent(orgId)}`, body);
}

/**
 * Query keys of the platform's lists (system providers see every org): the live-update roots 'apps' and
 * 'orgApps', then the caller's org, so a switch of org-app never shows another account's answer.
 */
export const appKeys = {
  all: ['apps'] as const,
  list: (orgId: string | undefined) => [...appKeys.all, orgId, 'all'] as const,
  orgs: (orgId: string | undefined, appId: string) => [...appKeys.all, orgId, 'orgs', appId] as const,
};
export const orgAppKeys = {
  all: ['orgApps'] as const,
  list: (orgId: string | undefined, filter: OrgAppFilter) => [...orgAppKeys.all, orgId, filter] as const,
};

export const appsQuery = (orgId: string | undefined) => queryOptions({
  queryKey: appKeys.list(orgId),
  queryFn: fetchAllApps,
  enabled: Boolean(orgId),
});
/** The orgs of one app (the apps screen's count opens them). */
export const appOrgsQuery = (orgId: string | undefined, appId: string | null) => queryOptions({
  queryKey: appKeys.orgs(orgId, appId ?? ''),
  queryFn: () => fetchAppOrgs(appId ?? ''),
  enabled: Boolean(orgId && appId),
});
export const orgAppsQuery = (orgId: string | undefined, filter: OrgAppFilter) => queryOptions({
  queryKey: orgAppKeys.list(orgId, filter),
  queryFn: () => fetchOrgApps(filter),
  enabled: Boolean(orgId),
});
