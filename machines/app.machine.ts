import {
  assign,
  enqueueActions,
  sendParent,
  sendTo,
  setup,
  spawnChild,
  type DoneActorEvent,
  type PromiseActorLogic,
} from 'xstate';
import type { LoginResult, MenuEntry, OrgApp, SystemNotify } from '../domain/types.ts';
import { defined } from './errorMessage.ts';
import { frameBridgeMachine } from './frameBridge.machine.ts';
import { guardMachine, type ReloadMenuInput } from './guard.machine.ts';
import { noticeBannerMachine, type ClosedNotice, type NoticeTarget } from './noticeBanner.machine.ts';
import { onlineRestrictionMachine } from './onlineRestriction.machine.ts';
import {
  orgAppMachine,
  type OrgAppContextOutput,
  type OrgAppKeyOutput,
  type OrgAppRef,
} from './orgApp.machine.ts';
import {
  qrSignInMachine,
  type QrCode,
  type QrPollInput,
  type QrPollOutput,
  type QrSignInOutput,
} from './qrSignIn.machine.ts';
import { sessionMachine, type LoginInput, type LogoutInput, type SignedOutReason } from './session.machine.ts';

/** The I/O and page effects the app supplies; anything left out keeps its "not provided" / no-op default. */
export interface AppImplementations {
  actors?: {
    login?: PromiseActorLogic<LoginResult, LoginInput>;
    logout?: PromiseActorLogic<unknown, LogoutInput>;
    loadOrgApps?: PromiseActorLogic<OrgApp[], Record<string, never>>;
    fetchOrgAppKey?: PromiseActorLogic<OrgAppKeyOutput, OrgAppRef>;
    loadOrgAppContext?: PromiseActorLogic<OrgAppContextOutput, OrgAppRef>;
    reloadMenu?: PromiseActorLogic<number, ReloadMenuInput>;
    fetchSystemNotify?: PromiseActorLogic<SystemNotify | null, NoticeTarget>;
    readClosedNotice?: PromiseActorLogic<string | null, NoticeTarget>;
    rememberClosedNotice?: PromiseActorLogic<void, ClosedNotice>;
    createQrCode?: PromiseActorLogic<QrCode, Record<string, never>>;
    pollQrCode?: PromiseActorLogic<QrPollOutput, QrPollInput>;
  };
  actions?: {
    /** §4 logout: remove every stored item except user and agent, then reload the page */
    clearStorageAndReload?: () => void;
    /** §4 session lost: clear session storage */
    clearSessionStorage?: () => void;
    /** §4 persist the chosen org-app locally */
    persistOrgApp?: (orgApp: OrgApp) => void;
    /** remember, with the user kept by logout (§4), the org-app he last worked in */
    rememberUsualOrgApp?: (usual: UsualOrgApp) => void;
    /** §2 scroll to top after a navigation */
    scrollToTop?: () => void;
    /** §2 an embedded page turned tiled fullscreen off */
    exitBrowserFullscreen?: () => void;
    /** §2 an embedded page set the page title */
    setDocumentTitle?: (title: string) => void;
  };
}

export interface AppInput {
  now: number;
  /** the login persisted locally (restored on page load) */
  login?: LoginResult | null;
  /** the org-app persisted locally (restored after sign-in) */
  orgApp?: OrgApp | null;
  /** the org-app the remembered user last worked in (kept through logout with the user, §4) */
  usual?: UsualOrgApp | null;
}

/** Which org-app a user last worked in: after signing in again he goes straight back to it when it is still his. */
export interface UsualOrgApp {
  username: string;
  orgId: string;
  appId: string;
}

export interface AppContext {
  now: number;
  /** the org-app to restore after the next sign-in (the persisted one, then the last ready one) */
  lastOrgApp: OrgApp | null;
  usual: UsualOrgApp | null;
  /** the signed-in user's username (whose usual org-app a ready one becomes) */
  username: string | null;
  qrOpen: boolean;
}

/** Events views send to the root. */
export type AppViewEvent =
  | { type: 'LOGOUT' }
  | { type: 'QR_OPEN'; now: number }
  | { type: 'QR_CLOSE' }
  | { type: 'TICK'; now: number };

/** Reports the children send to the root. */
export type AppChildReport =
  | { type: 'SESSION.SIGNED_IN'; login: LoginResult; orgApps?: OrgApp[] | null }
  | { type: 'SESSION.SIGNED_OUT'; reason: SignedOutReason | null }
  | { type: 'ORG_APP.READY'; orgApp: OrgApp; menu: MenuEntry[] }
  | DoneActorEvent<QrSignInOutput, 'qrSignIn'>;

export type AppEvent = AppViewEvent | AppChildReport;

/** The ids (= systemIds) the children are registered under. */
export const CHILD_IDS = [
  'session',
  'orgApp',
  'guard',
  'noticeBanner',
  'frameBridge',
  'onlineRestriction',
  'qrSignIn',
] as const;

/** The org-app of `orgApps` that is `username`'s usual one, if any (a disabled one is never entered unasked). */
export function usualIn(usual: UsualOrgApp | null, username: string | undefined, orgApps: OrgApp[] | null | undefined): OrgApp | null {
  if (!usual || !username || usual.username !== username || !orgApps) return null;
  return orgApps.find((o) => o.orgId === usual.orgId && o.appId === usual.appId && !o.disabled) ?? null;
}

export function createAppMachine(impl: AppImplementations = {}) {
  const actors = impl.actors ?? {};
  const act = impl.actions ?? {};

  const session = sessionMachine.provide({
    actors: defined({ login: actors.login, logout: actors.logout }),
    actions: {
      clearStorageAndReload: () => act.clearStorageAndReload?.(),
      clearSessionStorage: () => act.clearSessionStorage?.(),
      reportSignedIn: sendParent(({ context }) => ({ type: 'SESSION.SIGNED_IN', login: context.user, orgApps: context.orgApps })),
      reportSignedOut: sendParent(({ context }) => ({ type: 'SESSION.SIGNED_OUT', reason: context.signedOutReason })),
    },
  });
  const orgApp = orgAppMachine.provide({
    actors: defined({
      loadOrgApps: actors.loadOrgApps,
      fetchOrgAppKey: actors.fetchOrgAppKey,
      loadOrgAppContext: actors.loadOrgAppContext,
    }),
    actions: {
      persistOrgApp: (_, params) => act.persistOrgApp?.(params.orgApp),
      reportReady: sendParent(({ context }) => ({ type: 'ORG_APP.READY', orgApp: context.current, menu: context.menu })),
    },
  });
  const guard = guardMachine.provide({
    actors: defined({ reloadMenu: actors.reloadMenu }),
    actions: { scrollToTop: () => act.scrollToTop?.() },
  });
  const noticeBanner = noticeBannerMachine.provide({
    actors: defined({ fetchSystemNotify: actors.fetchSystemNotify, readClosedNotice: actors.readClosedNotice, rememberClosedNotice: actors.rememberClosedNotice }),
  });
  const frameBridge = frameBridgeMachine.provide({
    actions: {
      exitBrowserFullscreen: () => act.exitBrowserFullscreen?.(),
      setDocumentTitle: (_, params) => act.setDocumentTitle?.(params.title),
    },
  });
  const qrSignIn = qrSignInMachine.provide({
    actors: defined({ createQrCode: actors.createQrCode, pollQrCode: actors.pollQrCode }),
  });

  return setup({
    types: {
      context: {} as AppContext,
      events: {} as AppEvent,
      input: {} as AppInput,
    },
    // registered by name so that spawned children survive persistence (statelyai/xstate #4873)
    actors: {
      session,
      orgApp,
      guard,
      noticeBanner,
      frameBridge,
      onlineRestriction: onlineRestrictionMachine,
      qrSignIn,
    },
    actions: {
      stopQr: enqueueActions(({ context, enqueue }) => {
        if (!context.qrOpen) return;
        enqueue.stopChild('qrSignIn');
        enqueue.assign({ qrOpen: false });
      }),
      clearOrgAppAndNotice: enqueueActions(({ enqueue }) => {
        enqueue.sendTo('orgApp', { type: 'CLEAR' });
        enqueue.sendTo('noticeBanner', { type: 'CLEAR' });
      }),
    },
  }).createMachine({
    id: 'app',
    context: ({ input }) => ({
      now: input.now, lastOrgApp: input.orgApp ?? null, usual: input.usual ?? null, username: input.login?.username ?? null, qrOpen: false,
    }),
    entry: [
      spawnChild('session', {
        id: 'session',
        systemId: 'session',
        // the persisted login is read from the start event, so the token is not copied into the root's context
        input: ({ context, event }) => ({
          now: context.now,
          login: (event as { input?: AppInput }).input?.login ?? null,
        }),
      }),
      spawnChild('orgApp', { id: 'orgApp', systemId: 'orgApp' }),
      spawnChild('guard', { id: 'guard', systemId: 'guard' }),
      spawnChild('noticeBanner', { id: 'noticeBanner', systemId: 'noticeBanner' }),
      spawnChild('frameBridge', { id: 'frameBridge', systemId: 'frameBridge' }),
      spawnChild('onlineRestriction', { id: 'onlineRestriction', systemId: 'onlineRestriction' }),
    ],
    initial: 'running',
    states: {
      running: {},
    },
    on: {
      // signed in → the org-app list, or straight back into the persisted / last org-app
      'SESSION.SIGNED_IN': {
        actions: [
          enqueueActions(({ context, event, enqueue }) => {
            enqueue.assign({ username: event.login.username ?? null });
            // the usual org-app when the sign-in's list still has it (issue 12: no chooser for the daily sign-in)
            const usual = usualIn(context.usual, event.login.username, event.orgApps);
            enqueue.sendTo(
              'orgApp',
              // the list the sign-in answered with, if it did (issue 12: one round trip fewer)
              context.lastOrgApp ? { type: 'RESTORE', orgApp: context.lastOrgApp }
                : usual ? { type: 'CHOOSE', orgApp: usual } : { type: 'LOAD', orgApps: event.orgApps ?? null },
            );
          }),
          'stopQr',
        ],
      },
      'SESSION.SIGNED_OUT': {
        actions: [
          'clearOrgAppAndNotice',
          // expired or lost: the org-app is kept for the next sign-in; logout forgets it (§4)
          assign({ lastOrgApp: ({ context, event }) => (event.reason === 'logout' ? null : context.lastOrgApp) }),
        ],
      },
      'ORG_APP.READY': {
        actions: [
          assign({ lastOrgApp: ({ event }) => event.orgApp }),
          enqueueActions(({ context, event, enqueue }) => {
            if (!context.username) return;
            const usual = { username: context.username, orgId: event.orgApp.orgId, appId: event.orgApp.appId };
            enqueue.assign({ usual });
            enqueue(() => act.rememberUsualOrgApp?.(usual));
          }),
          sendTo('noticeBanner', ({ event }) => ({
            type: 'ORG_APP_CHANGED',
            orgId: event.orgApp.orgId,
            appId: event.orgApp.appId,
          })),
        ],
      },
      'xstate.done.actor.qrSignIn': {
        actions: [
          sendTo('session', ({ context, event }) => ({ type: 'QR_CONFIRMED', login: event.output.login, now: context.now })),
          'stopQr',
        ],
      },
      // §4 logout: all module states reset
      LOGOUT: {
        actions: [sendTo('session', { type: 'LOGOUT' }), 'clearOrgAppAndNotice', 'stopQr', assign({ lastOrgApp: null })],
      },
      QR_OPEN: {
        guard: ({ context }) => !context.qrOpen,
        actions: [
          assign({ qrOpen: true, now: ({ event }) => event.now }),
          spawnChild('qrSignIn', { id: 'qrSignIn', systemId: 'qrSignIn', input: ({ context }) => ({ now: context.now }) }),
        ],
      },
      QR_CLOSE: { actions: 'stopQr' },
      TICK: {
        actions: [
          assign({ now: ({ event }) => event.now }),
          sendTo('session', ({ event }) => ({ type: 'TICK', now: event.now })),
          enqueueActions(({ context, event, enqueue }) => {
            if (context.qrOpen) enqueue.sendTo('qrSignIn', { type: 'TICK', now: event.now });
          }),
        ],
      },
    },
  });
}

/** The root with nothing provided (every actor fails "not provided"): for graphs, inspection and tests. */
export const appMachine = createAppMachine();

export type AppMachine = ReturnType<typeof createAppMachine>;
