import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { shallowEqual, useSelector } from '@xstate/react';
import type { EntryPage } from '../../domain/constants.ts';
import type { OrgApp } from '../../domain/types.ts';
import type { OrgKind } from '../../domain/orgKind.ts';
import { isAdmin as hasAdminRole, isSystemProvider as hasSystemProviderRole } from '../../domain/roles.ts';
import { menuKeys, menuQuery, powerKeys, powersQuery, type MenuGroupName, type UserRole } from '../../services/permissions.ts';
import { useAppActor, useFrameBridge, useOrgAppActor, useSession } from './baseHooks.ts';
import { launchEntry } from './bridge.ts';

export * from './baseHooks.ts';

export function useCurrentOrgApp(): OrgApp | null {
  return useSelector(useOrgAppActor(), (s) => s.context.current);
}

/** The org-app machine's state value: 'idle' | 'loadingList' | 'choosing' | 'fetchingKey' | 'loadingContext' | 'ready'. */
export function useOrgAppStatus() {
  return useSelector(useOrgAppActor(), (s) => s.value);
}

/** The keys the org-app context seeds (src/app/appActor.ts through signedInServices.ts). */
export const menuQueryKey = menuKeys.group;
export const powersQueryKey = powerKeys.orgApp;

/** §7 the user's menu (pcMenu) or quick entries in the current org-app. */
export function useMenuEntries(groupName: MenuGroupName) {
  const orgApp = useCurrentOrgApp();
  return useQuery({ ...menuQuery(orgApp?.orgId, orgApp?.appId, groupName), enabled: Boolean(orgApp?.key) });
}

export interface PowersView {
  powers: string[];
  roles: UserRole[];
  isSystemProvider: boolean;
  isAdmin: boolean;
  isUserAdminOnly: boolean;
  /** the platform: what the menu and buttons of cross-org screens need (issue 16) */
  platform: boolean;
  /** what the current org is: with the roles, the party the screens show (the server decides the same way) */
  orgKind: OrgKind;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

/** §6 the user's roles and module powers in the current org-app. */
export function usePowers(): PowersView {
  const orgApp = useCurrentOrgApp();
  const query = useQuery({ ...powersQuery(orgApp?.orgId, orgApp?.appId), enabled: Boolean(orgApp?.key) });
  const data = query.data;
  const roles = data?.roles ?? [];
  return {
    powers: data?.powers ?? [],
    roles,
    isSystemProvider: data ? data.isSystemProvider || hasSystemProviderRole(roles) : false,
    isAdmin: data ? data.isAdmin || hasAdminRole(roles) : false,
    isUserAdminOnly: data?.isUserAdminOnly ?? false,
    platform: data?.isPlatform ?? false,
    orgKind: data?.orgKind ?? 'school',
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: () => void query.refetch(),
  };
}

/** §4 sign out: the root forwards LOGOUT to the session and resets the org-app and notice. */
export function useLogout(): () => void {
  const root = useAppActor();
  return useCallback(() => root.send({ type: 'LOGOUT' }), [root]);
}

/** §2 the global loading overlay an embedded page drives. */
export function useLoadingOverlay(): { loading: boolean; tip: string; onlyMask: boolean } {
  return useSelector(
    useFrameBridge(),
    (s) => ({ loading: s.context.loading, tip: s.context.tip, onlyMask: s.context.onlyMask }),
    shallowEqual,
  );
}

/** §2 opens another entry page (index, jydd, yyxc, zzy) signed in as the current user, at `route`. */
export function useLaunchEntry(): (page: EntryPage, route: string) => void {
  const { user } = useSession();
  const orgApp = useCurrentOrgApp();
  return useCallback((page: EntryPage, route: string) => launchEntry(page, route, { login: user, orgApp }), [user, orgApp]);
}
