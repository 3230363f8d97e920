import { useCallback, useContext, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { EntryPage, Locale } from '../../domain/constants.ts';
import type { LoginResult, MenuEntry, OrgApp } from '../../domain/types.ts';
import { isAdmin as hasAdminRole, isSystemProvider as hasSystemProviderRole } from '../../domain/roles.ts';
import type { frameBridgeMachine } from '../../machines/frameBridge.machine.ts';
import type { guardMachine } from '../../machines/guard.machine.ts';
import type { noticeBannerMachine } from '../../machines/noticeBanner.machine.ts';
import type { onlineRestrictionMachine } from '../../machines/onlineRestriction.machine.ts';
import type { orgAppMachine } from '../../machines/orgApp.machine.ts';
import type { qrSignInMachine } from '../../machines/qrSignIn.machine.ts';
import type { sessionMachine } from '../../machines/session.machine.ts';
import { fetchUserMenu, fetchUserPermission, type MenuGroupName, type UserRole } from '../../services/permissions.ts';
import { AppActorContext, type AppActorRef } from './actorContext.ts';
import { launchEntry } from './bridge.ts';
import {
  chooseLocale,
  chooseThemeMode,
  currentLocale,
  currentThemeMode,
  subscribePreferences,
  type ThemeMode,
} from './preferences.ts';

export type SessionRef = ActorRefFrom<typeof sessionMachine>;
export type OrgAppActorRef = ActorRefFrom<typeof orgAppMachine>;
export type GuardRef = ActorRefFrom<typeof guardMachine>;
export type NoticeBannerRef = ActorRefFrom<typeof noticeBannerMachine>;
export type FrameBridgeRef = ActorRefFrom<typeof frameBridgeMachine>;
export type OnlineRestrictionRef = ActorRefFrom<typeof onlineRestrictionMachine>;
export type QrSignInRef = ActorRefFrom<typeof qrSignInMachine>;

interface ChildRefs {
  session: SessionRef;
  orgApp: OrgAppActorRef;
  guard: GuardRef;
  noticeBanner: NoticeBannerRef;
  frameBridge: FrameBridgeRef;
  onlineRestriction: OnlineRestrictionRef;
  qrSignIn: QrSignInRef;
}
type ChildName = keyof ChildRefs;

/** The root actor of the console (machines/app.machine.ts). */
export function useAppActor(): AppActorRef {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor outside <Providers>');
  return actor;
}

const childOf = <K extends ChildName>(name: K) => (s: { children: Record<string, AnyActorRef | undefined> }) =>
  s.children[name] as ChildRefs[K] | undefined;

/** A child actor of the root, by its id (= systemId). Always-present children are spawned at start. */
function useChild<K extends Exclude<ChildName, 'qrSignIn'>>(name: K): ChildRefs[K] {
  const root = useAppActor();
  const child = useSelector(root, childOf(name));
  if (!child) throw new Error(`the root actor has no "${name}" child`);
  return child;
}

export const useSessionActor = (): SessionRef => useChild('session');
export const useOrgAppActor = (): OrgAppActorRef => useChild('orgApp');
export const useGuard = (): GuardRef => useChild('guard');
export const useNoticeBanner = (): NoticeBannerRef => useChild('noticeBanner');
export const useFrameBridge = (): FrameBridgeRef => useChild('frameBridge');
export const useOnlineRestriction = (): OnlineRestrictionRef => useChild('onlineRestriction');

/** The QR sign-in actor while the QR tab is open (QR_OPEN … QR_CLOSE), else null. */
export function useQrSignIn(): QrSignInRef | null {
  const root = useAppActor();
  return useSelector(root, childOf('qrSignIn')) ?? null;
}

export type SessionStatus = 'signedOut' | 'signingIn' | 'signedIn' | 'loggingOut';

export interface SessionView {
  status: SessionStatus;
  user: LoginResult | null;
  error: string | null;
  forbiddenMessage: string | null;
}

const topState = (value: unknown): string =>
  typeof value === 'string' ? value : value && typeof value === 'object' ? (Object.keys(value)[0] ?? '') : '';

export function useSession(): SessionView {
  const session = useSessionActor();
  return useSelector(
    session,
    (s) => ({
      status: topState(s.value) as SessionStatus,
      user: s.context.user,
      error: s.context.error,
      forbiddenMessage: s.context.forbiddenMessage,
    }),
    shallowEqual,
  );
}

export function useCurrentOrgApp(): OrgApp | null {
  return useSelector(useOrgAppActor(), (s) => s.context.current);
}

/** The org-app machine's state value: 'idle' | 'loadingList' | 'choosing' | 'fetchingKey' | 'loadingContext' | 'ready'. */
export function useOrgAppStatus() {
  return useSelector(useOrgAppActor(), (s) => s.value);
}

export const menuQueryKey = (orgId: string | undefined, appId: string | undefined, groupName: MenuGroupName) =>
  ['menu', orgId, appId, groupName] as const;

/** §7 the user's menu (pcMenu) or quick entries in the current org-app. */
export function useMenuEntries(groupName: MenuGroupName) {
  const orgApp = useCurrentOrgApp();
  return useQuery<MenuEntry[]>({
    queryKey: menuQueryKey(orgApp?.orgId, orgApp?.appId, groupName),
    queryFn: () => fetchUserMenu({ groupName, orgId: orgApp!.orgId, appId: orgApp!.appId }),
    enabled: Boolean(orgApp?.key),
  });
}

export const powersQueryKey = (orgId: string | undefined, appId: string | undefined) => ['powers', orgId, appId] as const;

export interface PowersView {
  powers: string[];
  roles: UserRole[];
  isSystemProvider: boolean;
  isAdmin: boolean;
  isUserAdminOnly: boolean;
  /** the platform: what the menu and buttons of cross-org screens need (issue 16) */
  platform: boolean;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

/** §6 the user's roles and module powers in the current org-app. */
export function usePowers(): PowersView {
  const orgApp = useCurrentOrgApp();
  const query = useQuery({
    queryKey: powersQueryKey(orgApp?.orgId, orgApp?.appId),
    queryFn: fetchUserPermission,
    enabled: Boolean(orgApp?.key),
  });
  const data = query.data;
  const roles = data?.roles ?? [];
  return {
    powers: data?.powers ?? [],
    roles,
    isSystemProvider: data ? data.isSystemProvider || hasSystemProviderRole(roles) : false,
    isAdmin: data ? data.isAdmin || hasAdminRole(roles) : false,
    isUserAdminOnly: data?.isUserAdminOnly ?? false,
    platform: data?.isPlatform ?? false,
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

export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => void } {
  const locale = useSyncExternalStore(subscribePreferences, currentLocale);
  return { locale, setLocale: chooseLocale };
}

export function useThemeMode(): { mode: ThemeMode; setMode: (mode: ThemeMode) => void } {
  const mode = useSyncExternalStore(subscribePreferences, currentThemeMode);
  return { mode, setMode: chooseThemeMode };
}

/** §2 opens another entry page (index, jydd, yyxc, zzy) signed in as the current user, at `route`. */
export function useLaunchEntry(): (page: EntryPage, route: string) => void {
  const { user } = useSession();
  const orgApp = useCurrentOrgApp();
  return useCallback((page: EntryPage, route: string) => launchEntry(page, route, { login: user, orgApp }), [user, orgApp]);
}
