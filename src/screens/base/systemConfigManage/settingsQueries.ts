// Hooks of the system settings screen over the queryOptions of services/config.ts and services/settings.ts
// (keys under the live-update root 'config', so an event of the org refreshes them: src/app/liveUpdates.ts).
import { useCallback, useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { powerKey } from '../../../../domain/powerKey.ts';
import { configKeys, configPathQuery, orgConfigQuery, updateOrgConfig, type ConfigPathRead } from '../../../../services/config.ts';
import { isStaleVersion } from '../../../../services/http.ts';
import { foodLabelConfigQuery, saveSettings, type SettingsPath } from '../../../../services/settings.ts';
import { useCurrentOrgApp, useOrgAppActor } from '../../../app/hooks.ts';
import { usePermission } from '../../../components/Can.tsx';

/** §6 the power the server asks for on every config write (server/modules/permissions/powers.ts configEdit). */
export const CONFIG_EDIT_POWER = powerKey({ groupName: 'configPower', parentId: 'systemConfigManage', moduleId: 'configEdit' });

export function useCanEditConfig(): boolean {
  return usePermission(CONFIG_EDIT_POWER);
}

/** Every stored path of the current org-app ({path: value}). */
export function useOrgConfig() {
  const orgApp = useCurrentOrgApp();
  return useQuery({ ...orgConfigQuery(orgApp?.orgId, orgApp?.appId), enabled: Boolean(orgApp?.key) });
}

export function useFoodLabelConfig() {
  const orgApp = useCurrentOrgApp();
  return useQuery({ ...foodLabelConfigQuery(orgApp?.orgId, orgApp?.appId), enabled: Boolean(orgApp?.key) });
}

/**
 * After a save: refresh the screen's config queries, and reload the org-app context (theme, notice banner,
 * title, locale) so the change applies live without a page reload.
 */
export function useConfigSaved(): (opts?: { reloadContext?: boolean }) => void {
  const client = useQueryClient();
  const orgAppActor = useOrgAppActor();
  const orgApp = useCurrentOrgApp();
  return useCallback((opts) => {
    void client.invalidateQueries({ queryKey: configKeys.all });
    if (opts?.reloadContext && orgApp) orgAppActor.send({ type: 'RESTORE', orgApp });
  }, [client, orgAppActor, orgApp]);
}

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Config paths as a settings form edits them (docs/versions.md "The console"): each path's value together with the
 * version of its settings document, read once and held while the user edits (a live refresh does not move the
 * version under his draft). A save sends the version read and takes the next one from its answer. A 409 (someone
 * saved in between; the shared stale toast says who) reads the paths again and bumps `generation`: a form keyed on it
 * starts its draft again from what is stored now.
 */
export interface ConfigPathsEdit<P extends string> {
  values: Record<P, unknown>;
  versions: Record<P, number | undefined>;
  generation: number;
  /** one path with the version read: `write` is its PUT (default PUT /v1/config/org), answering the path as stored */
  save(path: P, value: unknown, write?: (value: unknown, version: number | undefined) => Promise<ConfigPathRead>): Promise<void>;
  /** several paths in one PUT /v2/config/org with the version read of each (all or nothing), taking the next ones */
  saveAll(values: Partial<Record<P, unknown>>): Promise<void>;
}

export function useConfigPaths<P extends string>(paths: readonly P[]): { edit: ConfigPathsEdit<P> | null; error: unknown } {
  const orgApp = useCurrentOrgApp();
  const client = useQueryClient();
  const optionsOf = (p: P) => configPathQuery(orgApp?.orgId, orgApp?.appId, p);
  const results = useQueries({ queries: paths.map((p) => ({ ...optionsOf(p), enabled: Boolean(orgApp?.key) })) });
  const [read, setRead] = useState<Record<P, ConfigPathRead> | null>(null);
  const [generation, setGeneration] = useState(0);
  // the first complete, settled read is the one the draft starts from (a cached answer being refreshed is not)
  if (read === null && results.every((r) => r.data !== undefined && !r.isFetching)) {
    setRead(Object.fromEntries(paths.map((p, i) => [p, results[i].data!])) as Record<P, ConfigPathRead>);
  }
  const error = results.find((r) => r.error)?.error ?? null;
  if (read === null) return { edit: null, error };

  const readAgain = async (which: readonly P[]) => {
    const fresh = await Promise.all(which.map((p) => client.fetchQuery({ ...optionsOf(p), staleTime: 0 })));
    setRead((r) => ({ ...(r as Record<P, ConfigPathRead>), ...Object.fromEntries(which.map((p, i) => [p, fresh[i]])) }));
  };
  const guarded = async (run: () => Promise<void>) => {
    try {
      await run();
    } catch (e) {
      if (isStaleVersion(e)) {
        await readAgain(paths);
        setGeneration((g) => g + 1);
      }
      throw e;
    }
  };
  const pick = <V,>(f: (r: ConfigPathRead) => V) => Object.fromEntries(paths.map((p) => [p, f(read[p])])) as Record<P, V>;
  return {
    error,
    edit: {
      values: pick((r) => r.value),
      versions: pick((r) => r.version),
      generation,
      save: (path, value, write = (v, version) => updateOrgConfig(path, v, version)) => guarded(async () => {
        const after = await write(value, read[path].version);
        setRead((r) => ({ ...(r as Record<P, ConfigPathRead>), [path]: after }));
      }),
      saveAll: (values) => guarded(async () => {
        const which = Object.keys(values) as P[];
        const after = await saveSettings(values as Partial<Record<SettingsPath, unknown>>, Object.fromEntries(which.map((p) => [p, read[p]?.version])));
        // the paths as this write stored them, with the versions it made: a read after it could take in someone
        // else's later write under this draft (its version with our values)
        setRead((r) => ({ ...(r as Record<P, ConfigPathRead>), ...Object.fromEntries(which.map((p) => [p, after[p]])) }));
      }),
    },
  };
}
