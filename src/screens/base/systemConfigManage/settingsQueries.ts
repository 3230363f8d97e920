// Hooks of the system settings screen over the queryOptions of services/config.ts and services/settings.ts
// (keys under the live-update root 'config', so an event of the org refreshes them: src/app/liveUpdates.ts).
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { powerKey } from '../../../../domain/powerKey.ts';
import { configKeys, orgConfigQuery } from '../../../../services/config.ts';
import { foodLabelConfigQuery } from '../../../../services/settings.ts';
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
