// What the sign-in screen needs: the root actor and its children read with selectors, the language and light/dark
// choices; no react-query, no services (src/app/hooks.ts re-exports these beside the signed-in console's hooks).
import { useContext, useSyncExternalStore } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { Locale } from '../../domain/constants.ts';
import type { LoginResult } from '../../domain/types.ts';
import type { frameBridgeMachine } from '../../machines/frameBridge.machine.ts';
import type { guardMachine } from '../../machines/guard.machine.ts';
import type { noticeBannerMachine } from '../../machines/noticeBanner.machine.ts';
import type { onlineRestrictionMachine } from '../../machines/onlineRestriction.machine.ts';
import type { orgAppMachine } from '../../machines/orgApp.machine.ts';
import type { qrSignInMachine } from '../../machines/qrSignIn.machine.ts';
import type { sessionMachine } from '../../machines/session.machine.ts';
import { AppActorContext, type AppActorRef } from './actorContext.ts';
import { chooseLocale, chooseThemeMode, currentLocale, currentThemeMode, subscribePreferences, type ThemeMode } from './preferences.ts';

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

export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => void } {
  // the server snapshot serves the build-time render of the sign-in page (src/app/prerender.tsx) and its hydration
  const locale = useSyncExternalStore(subscribePreferences, currentLocale, currentLocale);
  return { locale, setLocale: chooseLocale };
}

export function useThemeMode(): { mode: ThemeMode; setMode: (mode: ThemeMode) => void } {
  const mode = useSyncExternalStore(subscribePreferences, currentThemeMode, currentThemeMode);
  return { mode, setMode: chooseThemeMode };
}
