import type { FoodLabelConfig } from '../domain/foodLabel.ts';
import type { Holiday } from '../domain/types.ts';
import { queryOptions } from '@tanstack/react-query';
import { configKeys, type ConfigPathRead } from './config.ts';
import { del, get, ifMatch, post, put, tagged, versioned } from './http.ts';

/** The org config paths the system settings screen has forms for (PUT /v1/config/org validates them, issue 15). */
export type SettingsPath = 'systemNotify' | 'titleName' | 'systemName' | 'nutritiousmeals' | 'recipeConfig' | 'foodLabelConfig' | 'selfRegistrationEnable';

/** `version`: the settings document's version from the answer's ETag, which a save sends back as If-Match (409 when it moved) */
export type FoodLabelConfigView = FoodLabelConfig & { isDefault: boolean; version?: number };
const withVersion = ({ data, version }: { data: FoodLabelConfigView; version: number | undefined }): FoodLabelConfigView => ({ ...data, version });

// GET /v1/config/foodlabel: the §3 defaults when the org has not saved its own
export async function fetchFoodLabelConfig(): Promise<FoodLabelConfigView> {
  return withVersion(await tagged.get<FoodLabelConfigView>('/v1/config/foodlabel'));
}

// PUT /v1/config/foodlabel {fields, saltConversionTip}; `version`: the one read; the answer carries the new one
export async function saveFoodLabelConfig(config: FoodLabelConfig, version?: number): Promise<FoodLabelConfigView> {
  const body = { fields: config.fields, saltConversionTip: config.saltConversionTip, ...(config.panel && { panel: config.panel }) };
  return withVersion(await tagged.put<FoodLabelConfigView>('/v1/config/foodlabel', body, ifMatch(version)));
}

// DELETE /v1/config/foodlabel: back to the §3 defaults
export async function resetFoodLabelConfig(version?: number): Promise<FoodLabelConfigView> {
  return withVersion(await tagged.del<FoodLabelConfigView>('/v1/config/foodlabel', undefined, ifMatch(version)));
}

/** `versions` as PUT /v2/config/org takes them: only the paths whose version was read. */
export function versionsOf(versions: Partial<Record<string, number | undefined>>): Record<string, number> {
  return Object.fromEntries(Object.entries(versions).filter((e): e is [string, number] => typeof e[1] === 'number'));
}

// §7 PUT /v2/config/org {config: {path: value}, versions: {path: n}}: several settings-form paths in one write (all or
// nothing), each with the version read of it (one stale → 409, none written); answers each path as stored with its
// next version (the config-versions header)
export async function saveSettings(values: Partial<Record<SettingsPath, unknown>>, versions: Partial<Record<SettingsPath, number | undefined>> = {}): Promise<Record<string, ConfigPathRead>> {
  const read = versionsOf(versions);
  const { data, versions: next } = await versioned.put<Record<string, unknown>>('/v2/config/org', { config: values, ...(Object.keys(read).length > 0 && { versions: read }) }, 'config-versions');
  return Object.fromEntries(Object.keys(values).map((p) => [p, { value: data?.[p] ?? null, version: next[p] }]));
}

/** The org config path of the theme (GET/PUT /v1/config/theme and GET /v1/config/org?path= answer the same version). */
export const THEME_PATH = 'ysdadminTheme';
/** The org config path of the text overrides (GET/PUT /v1/config/locales). */
export const LOCALES_PATH = 'locales';

// §7 PUT /v1/config/theme; `version`: the one read (If-Match); answers the stored theme with its new version
export async function saveTheme(theme: { brandColor: string; mode: 'light' | 'dark' }, version?: number): Promise<ConfigPathRead> {
  const { data, version: next } = await tagged.put<{ ysdadminTheme?: unknown }>('/v1/config/theme', { ysdadminTheme: theme }, ifMatch(version));
  return { value: data?.ysdadminTheme ?? theme, version: next };
}

// §7 GET /v1/config/locales: {locale: {key: text}}
export function fetchLocaleOverrides(): Promise<Record<string, Record<string, string>>> {
  return get<Record<string, Record<string, string>>>('/v1/config/locales');
}

// §7 PUT /v1/config/locales; `version`: the one read (If-Match); answers the overrides with their new version
export async function saveLocaleOverrides(locales: Record<string, Record<string, string>>, version?: number): Promise<ConfigPathRead> {
  const { data, version: next } = await tagged.put<Record<string, Record<string, string>>>('/v1/config/locales', { locales }, ifMatch(version));
  return { value: data ?? locales, version: next };
}

export interface HolidayInput extends Holiday {
  type: 0 | 1;
  name?: string;
  /** a change or removal: the date's version as read (409 when someone changed that date meanwhile, docs/versions.md) */
  version?: number;
}

// POST /v1/datetime/holidays (system providers)
export function addHoliday(h: HolidayInput): Promise<HolidayInput> {
  return post<HolidayInput>('/v1/datetime/holidays', h);
}

// PUT /v1/datetime/holidays
export function updateHoliday(h: HolidayInput): Promise<HolidayInput> {
  return put<HolidayInput>('/v1/datetime/holidays', h);
}

// DELETE /v1/datetime/holidays {date}
export function removeHoliday(date: string, version?: number): Promise<unknown> {
  return del('/v1/datetime/holidays', { date, ...(version !== undefined && { version }) });
}

/** The food label config of an org-app (under the config keys: a save invalidates `configKeys.all`). */
export const foodLabelConfigQuery = (orgId: string | undefined, appId: string | undefined) => queryOptions({
  queryKey: configKeys.orgApp(orgId, appId, 'foodLabelConfig'),
  queryFn: fetchFoodLabelConfig,
  enabled: Boolean(orgId && appId),
});

/** The cache key of an org-app's text overrides (the org-app context fills it when an org-app is chosen). */
export const localeOverridesQueryKey = (orgId: string | undefined, appId: string | undefined) => configKeys.orgApp(orgId, appId, 'locales');

/** The org-app's text overrides per locale. */
export const localeOverridesQuery = (orgId: string | undefined, appId: string | undefined) => queryOptions({
  queryKey: localeOverridesQueryKey(orgId, appId),
  queryFn: fetchLocaleOverrides,
  enabled: Boolean(orgId && appId),
});
