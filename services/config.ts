import type { Locale } from '../domain/constants.ts';
import type { SystemNotify } from '../domain/types.ts';
import { queryOptions } from '@tanstack/react-query';
import { get, ifMatch, tagged, type CallOptions } from './http.ts';

/** Org config paths the console reads (§3 org config). */
export type OrgConfigPath = 'systemNotify' | 'titleName' | 'ysdadminTheme' | 'locales' | 'systemName' | 'icon' | (string & {});

// §7 GET /v1/config/org (orgId, appId, path=a,b) → {[path]: value}
export async function fetchOrgConfig(
  paths: readonly OrgConfigPath[],
  params: { orgId?: string; appId?: string } = {},
  opts?: CallOptions,
): Promise<Record<string, unknown>> {
  const res = await get<Record<string, unknown>>('/v1/config/org', { ...params, path: paths.join(',') }, opts);
  return res ?? {};
}

/** A config path as its editor reads it: its value and the version of its settings document (the answer's ETag). */
export interface ConfigPathRead { value: unknown; version: number | undefined }

// §7 GET /v1/config/org?path=p: one path, whose answer names its settings document's version as ETag (docs/versions.md)
export async function fetchConfigPath(path: string): Promise<ConfigPathRead> {
  const { data, version } = await tagged.get<Record<string, unknown> | null>('/v1/config/org', { path });
  return { value: data?.[path] ?? null, version };
}

// §7 PUT /v1/config/org {path, value}; `version`: the one read, sent as If-Match (409 when the path changed since);
// the answer is the path as stored with its new version
export async function updateOrgConfig(path: string, value: unknown, version?: number): Promise<ConfigPathRead> {
  const { data, version: next } = await tagged.put<Record<string, unknown> | null>('/v1/config/org', { path, value }, ifMatch(version));
  return { value: data?.[path] ?? null, version: next };
}

/** The org-app's locale in what GET /v1/config/locales answers (the org-app context carries the same). */
export function pickLocale(value: unknown): Locale | null {
  if (typeof value === 'string') return value as Locale;
  if (value && typeof value === 'object') {
    const v = value as { locale?: unknown; locales?: unknown; default?: unknown };
    const pick = v.locale ?? v.default ?? v.locales;
    if (typeof pick === 'string') return pick as Locale;
  }
  return null;
}

/** §2 the system notice of the org-app, from org config systemNotify. */
export async function fetchSystemNotify(target: { orgId: string; appId: string }, opts?: CallOptions): Promise<SystemNotify | null> {
  const config = await fetchOrgConfig(['systemNotify'], target, opts);
  const notify = config.systemNotify;
  return notify && typeof notify === 'object' ? (notify as SystemNotify) : null;
}

/**
 * Query keys of an org-app's config (live-update root 'config': OrgConfig and AppConfig events refresh it). The
 * settings reads of services/settings.ts sit under it too, so one invalidation after a save refreshes them all.
 */
export const configKeys = {
  all: ['config'] as const,
  orgApp: (orgId: string | undefined, appId: string | undefined, part: string) => [...configKeys.all, orgId, appId, part] as const,
};

/** Every stored path of an org-app ({path: value}). */
export const orgConfigQuery = (orgId: string | undefined, appId: string | undefined) => queryOptions({
  queryKey: configKeys.orgApp(orgId, appId, 'all'),
  queryFn: () => fetchOrgConfig([], { orgId, appId }),
  enabled: Boolean(orgId && appId),
});

/** An org-app's config path with its version, as a settings form reads it (under the config keys like every read of it). */
export const configPathQuery = (orgId: string | undefined, appId: string | undefined, path: string) => queryOptions({
  queryKey: configKeys.orgApp(orgId, appId, `path:${path}`),
  queryFn: () => fetchConfigPath(path),
  enabled: Boolean(orgId && appId),
});
