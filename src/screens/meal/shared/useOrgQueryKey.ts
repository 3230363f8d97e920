import { useCurrentOrgApp } from '../../../app/hooks.ts';

/**
 * Query keys of the catalogue screens: the live-update root first (products, skus, prices, categories, specs,
 * suppliers, routes, roleGroups, surveys …), then the org-app, then the screen's own parts, so a live event
 * of the org refreshes every view of its group (src/app/liveUpdates.ts).
 */
export function useOrgQueryKey() {
  const orgApp = useCurrentOrgApp();
  return {
    orgApp,
    ready: Boolean(orgApp?.key),
    key: (root: string, ...parts: unknown[]) => [root, orgApp?.orgId, orgApp?.appId, ...parts] as const,
  };
}
