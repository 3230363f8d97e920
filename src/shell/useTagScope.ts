import { useCurrentOrgApp, useSession } from '../app/hooks.ts';

/** Tabs are kept per user and org-app: switching either shows that pair's own tabs. */
export function useTagScope(): string {
  const { user } = useSession();
  const orgApp = useCurrentOrgApp();
  return `${user?.userId ?? 'anonymous'}@${orgApp?.orgId ?? ''}/${orgApp?.appId ?? ''}`;
}
