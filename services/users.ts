import type { ListResult, OrgApp, User } from '../domain/types.ts';
import { get, post } from './http.ts';

// §7 GET /v2/users/loginstatus (firstLogin)
export function fetchLoginStatus(): Promise<{ firstLogin: boolean; user: User }> {
  return get('/v2/users/loginstatus', undefined, { key: '' });
}

/** §7 the org-app list asks configPath for these org config paths. */
export const ORG_APP_CONFIG_PATHS = ['isExperienceOrg', 'appEdition', 'nutritiousmeals.mallRecipeCycleEntrance', 'isOnlyXGApp'] as const;

// §7 GET /v2/users/org/app — the org-apps the user belongs to (no org-app key yet)
export async function fetchOrgApps(): Promise<OrgApp[]> {
  const res = await get<ListResult<OrgApp>>('/v2/users/org/app', { configPath: ORG_APP_CONFIG_PATHS.join(',') }, { key: '' });
  return res?.rows ?? [];
}

// §7 POST /v1/token/orgappkey/encrypt {orgId, appId} → the org-app key
export function fetchOrgAppKey(orgApp: Pick<OrgApp, 'orgId' | 'appId'>): Promise<{ key: string }> {
  return post<{ key: string }>('/v1/token/orgappkey/encrypt', { orgId: orgApp.orgId, appId: orgApp.appId }, { key: '' });
}

export interface OrgCheck {
  expired?: boolean;
  expiration?: string | null;
  [k: string]: unknown;
}

// §7 GET /v2/users/checkorg (expiration)
export function checkOrg(): Promise<OrgCheck> {
  return get<OrgCheck>('/v2/users/checkorg');
}

// §7 POST /v1/users/activation {os: pc}; GET /v1/users/activation
export function activate(): Promise<unknown> {
  return post('/v1/users/activation', { os: 'pc' });
}
export function fetchActivation(): Promise<unknown> {
  return get('/v1/users/activation');
}
