import type { ListResult, OrgApp, User } from '../domain/types.ts';
import type { loadOrgAppContext, OrgAppContext } from '../contracts/orgAppContext.ts';
import { queryOptions } from '@tanstack/react-query';
import { call, get, post, put } from './http.ts';

// §7 GET /v2/users/loginstatus (firstLogin)
export function fetchLoginStatus(): Promise<{ firstLogin: boolean; currentPasswordNeeded: boolean; user: User }> {
  return get('/v2/users/loginstatus', undefined, { key: '' });
}

// Issue 27: POST /v2/users/password {password, newPassword} — the signed-in user chooses his own password; the
// first sign-in with the initial password (loginstatus firstLogin) must, before any other call answers
export function changeOwnPassword(password: string | null, newPassword: string): Promise<{ userId: string }> {
  return post('/v2/users/password', { ...(password !== null && { password }), newPassword }, { key: '' });
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

// Issue 12: POST /v2/users/org/app/context {orgId, appId, configPath} → the key and what choosing the org-app
// loads (org-app, config, theme, locales, menu, quick entries, powers) in one round trip
export function fetchOrgAppContext(orgApp: Pick<OrgApp, 'orgId' | 'appId'>, configPath: readonly string[]): Promise<OrgAppContext> {
  return call<typeof loadOrgAppContext>(
    { method: 'POST', path: '/v2/users/org/app/context', body: { orgId: orgApp.orgId, appId: orgApp.appId, configPath: [...configPath] } },
    { key: '' },
  );
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

// §7 POST /v1/users/activation {os: pc}: the signed-in user is active in the current org-app today (the server
// records one day once). Failures are swallowed: a missed report must not stop anyone working.
export async function activate(): Promise<void> {
  try {
    await post('/v1/users/activation', { os: 'pc' });
  } catch {
    // reporting activity is not the user's concern
  }
}

/** §7 a user of the current org with its roles and the stream version to send back on PUT. */
export interface UserDetail extends User {
  version: number;
  /** the caller may set a password (the user himself or the platform) */
  canChangePassword?: boolean;
  /** the caller may change name and e-mail (not while the user is also in another org) */
  canChangeAccount?: boolean;
  roles: { roleId: string; name: string; code: string; cnName: string }[];
}

// §7 GET /v2/users/{id} (user id or phone number)
export function fetchUser(idOrUsername: string): Promise<UserDetail> {
  return get<UserDetail>(`/v2/users/${encodeURIComponent(idOrUsername)}`);
}

export interface UserAccountChange {
  enable?: boolean;
  /** §5: empty means never expires (sent as null) */
  expiration?: string | null;
  /** only sent when non-empty: an empty one keeps the current password */
  password?: string;
  /** the version read, so a concurrent edit is refused (409) */
  version?: number;
}

/** The PUT body: expiration '' → null, the password only when non-empty. */
export function userAccountBody(change: UserAccountChange): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (change.enable !== undefined) body.enable = change.enable;
  if (change.expiration !== undefined) body.expiration = change.expiration?.trim() ? change.expiration.trim() : null;
  if (change.password) body.password = change.password;
  if (change.version !== undefined) body.version = change.version;
  return body;
}

// §7 PUT /v2/users/{username}
export function updateUserAccount(username: string, change: UserAccountChange): Promise<UserDetail> {
  return put<UserDetail>(`/v2/users/${encodeURIComponent(username)}`, userAccountBody(change));
}

/** §7 the org's user limit: null limit and remaining mean unlimited. */
export interface OrgUserLimit {
  userLimit: number | null;
  userCount: number;
  remaining: number | null;
}

// §7 GET /v2/users/org/userlimit
export function fetchOrgUserLimit(): Promise<OrgUserLimit> {
  return get<OrgUserLimit>('/v2/users/org/userlimit');
}

/**
 * Query keys: a user account and the org's user limit are shown by the contacts screen, so they sit under its
 * live-update root 'contacts' (User, Person, UserRole and MemberAccess events and the contacts writes refresh them).
 */
export const userKeys = {
  all: ['contacts'] as const,
  limit: (orgId: string | undefined) => [...userKeys.all, orgId, 'userLimit'] as const,
  detail: (orgId: string | undefined, userId: string) => [...userKeys.all, orgId, 'user', userId] as const,
};

/** §6 the current org's expiration (the shell warns ahead of it). */
export const orgCheckQuery = (orgId: string | undefined) => queryOptions({
  queryKey: [...userKeys.all, orgId, 'checkorg'] as const,
  queryFn: checkOrg,
  enabled: Boolean(orgId),
  staleTime: 60 * 60_000,
});

/** §7 the org's user limit (used / limit). */
export const orgUserLimitQuery = (orgId: string | undefined) => queryOptions({
  queryKey: userKeys.limit(orgId),
  queryFn: () => fetchOrgUserLimit(),
  enabled: Boolean(orgId),
});

/** A user's account, read once per edit: a refresh must not overwrite the form being edited. */
export const userQuery = (orgId: string | undefined, userId: string) => queryOptions({
  queryKey: userKeys.detail(orgId, userId),
  queryFn: () => fetchUser(userId),
  staleTime: Infinity,
  gcTime: 0,
  enabled: Boolean(orgId),
});
