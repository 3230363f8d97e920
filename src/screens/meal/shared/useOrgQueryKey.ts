import { useCurrentOrgApp } from '../../../app/hooks.ts';

/**
 * The current org-app of the catalogue screens and whether its key is there to call with. Their query keys come
 * from the queryOptions of services/mall/catalogue.ts (the live-update root first, then the org-app), so a live
 * event of the org or a write invalidating `xxxKeys.all` refreshes every view of its group.
 */
export function useOrgQueryKey() {
  const orgApp = useCurrentOrgApp();
  return { orgApp, ready: Boolean(orgApp?.key) };
}
