import { createActor, fromPromise } from 'xstate';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../domain/constants.ts';
import type { OrgApp, ThemeConfig } from '../../domain/types.ts';
import { createAppMachine } from '../../machines/app.machine.ts';
import { journal } from '../inspector/journal.ts';
import type { QrCode } from '../../machines/qrSignIn.machine.ts';
import type { OrgAppActorRef, SessionRef } from './hooks.ts';
import { fetchLocale, fetchOrgConfig, fetchSystemNotify, fetchTheme } from '../../services/config.ts';
import { onSessionLost, setAuthContext } from '../../services/http.ts';
import * as passport from '../../services/passport.ts';
import { fetchUserMenu } from '../../services/permissions.ts';
import { fetchOrgAppKey, fetchOrgApps } from '../../services/users.ts';
import type { AppActorRef } from './actorContext.ts';
import { menuQueryKey } from './hooks.ts';
import { setOrgLocale, setOrgThemeMode } from './preferences.ts';
import { queryClient } from './queryClient.ts';
import { clearSession, clearStorageExceptUserAndAgent, readLogin, readOrgApp, writeLogin, writeOrgApp } from './storage.ts';

/** Org config paths read when an org-app is chosen (§2 title, §2 notice, theme, locales). */
const ORG_CONFIG_PATHS = ['titleName', 'systemNotify', 'ysdadminTheme', 'locales', 'systemName', 'icon'] as const;

const isLocale = (v: unknown): v is Locale => (LOCALES as readonly unknown[]).includes(v);

function themeFromConfig(value: unknown): ThemeConfig | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<ThemeConfig['ysdadminTheme']>;
  return typeof v.brandColor === 'string' ? { ysdadminTheme: { brandColor: v.brandColor, mode: v.mode === 'dark' ? 'dark' : 'light' } } : null;
}

// The real I/O behind the statecharts: each actor a thin wrapper over a service call.
const machine = createAppMachine({
  actors: {
    login: fromPromise(async ({ input }) =>
      passport.login({ username: input.username, password: input.password, ...(input.mode === 'sms' ? { type: 'loginsmscode' as const } : {}) }),
    ),
    logout: fromPromise(async ({ input }) => passport.logout(input.accesstoken)),
    loadOrgApps: fromPromise(async () => fetchOrgApps()),
    fetchOrgAppKey: fromPromise(async ({ input }) => fetchOrgAppKey(input.orgApp)),
    loadOrgAppContext: fromPromise(async ({ input }) => {
      const { orgApp } = input;
      // every call of this org-app carries its key from now on
      setAuthContext({ key: orgApp.key });
      const opts = { key: orgApp.key };
      const [menu, config, theme, locale, refreshed] = await Promise.all([
        fetchUserMenu({ groupName: 'pcMenu', orgId: orgApp.orgId, appId: orgApp.appId }),
        fetchOrgConfig(ORG_CONFIG_PATHS, { orgId: orgApp.orgId, appId: orgApp.appId }, opts).catch(() => ({}) as Record<string, unknown>),
        fetchTheme(opts).catch(() => null),
        fetchLocale(opts).catch(() => null),
        // §4 the display name is refreshed from the list
        fetchOrgApps().then((list) => list.find((o) => o.orgId === orgApp.orgId && o.appId === orgApp.appId) ?? null).catch(() => null),
      ]);
      queryClient.setQueryData(menuQueryKey(orgApp.orgId, orgApp.appId, 'pcMenu'), menu);
      const configLocale = (config as { locales?: unknown }).locales;
      return {
        orgApp: refreshed ? { ...orgApp, orgName: refreshed.orgName, appName: refreshed.appName, orgType: refreshed.orgType, orgConfig: refreshed.orgConfig } : orgApp,
        menu,
        theme: theme ?? themeFromConfig((config as { ysdadminTheme?: unknown }).ysdadminTheme),
        config,
        locale: isLocale(locale) ? locale : isLocale(configLocale) ? configLocale : DEFAULT_LOCALE,
      };
    }),
    reloadMenu: fromPromise(async () => {
      const orgApp = orgAppOf();
      if (!orgApp) return 0;
      const menu = await queryClient.fetchQuery({
        queryKey: menuQueryKey(orgApp.orgId, orgApp.appId, 'pcMenu'),
        queryFn: () => fetchUserMenu({ groupName: 'pcMenu', orgId: orgApp.orgId, appId: orgApp.appId }),
        staleTime: 0,
      });
      return menu.length;
    }),
    fetchSystemNotify: fromPromise(async ({ input }) => fetchSystemNotify(input)),
    createQrCode: fromPromise<QrCode, Record<string, never>>(async () => {
      const qr = await passport.createQrCode();
      return { id: qr.id, expiresAt: qr.expiresAt };
    }),
    pollQrCode: fromPromise(async ({ input }) => {
      const res = await passport.fetchQrCode(input.id);
      // §7 an empty object means the code is unknown
      if (!res?.status) throw new Error('二维码已失效');
      return { status: res.status, ...(res.login ? { login: res.login } : {}) };
    }),
  },
  actions: {
    clearStorageAndReload: () => {
      clearStorageExceptUserAndAgent();
      setAuthContext({ accesstoken: null, key: null });
      queryClient.clear();
      window.location.hash = '#/login';
      window.location.reload();
    },
    clearSessionStorage: () => {
      clearSession();
      setAuthContext({ accesstoken: null });
      queryClient.clear();
    },
    persistOrgApp: (orgApp) => writeOrgApp(orgApp),
    scrollToTop: () => {
      window.scrollTo({ top: 0 });
      document.querySelector<HTMLElement>('[data-scroll-root]')?.scrollTo({ top: 0 });
    },
    exitBrowserFullscreen: () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    },
    setDocumentTitle: (title) => {
      if (title) document.title = title;
    },
  },
});

let actor: AppActorRef | null = null;

function orgAppOf(): OrgApp | null {
  return (actor?.system.get('orgApp') as OrgAppActorRef | undefined)?.getSnapshot().context.current ?? null;
}

/** §2 document title: the org's login config titleName, else the app name. */
function titleFor(config: Record<string, unknown> | null, orgApp: OrgApp | null): string | null {
  const titleName = config?.titleName;
  if (typeof titleName === 'string' && titleName) return titleName;
  return orgApp?.appName || null;
}

/**
 * The one root actor of the console, created on first call with what was persisted (login + org-app),
 * started once, ticking every second (time enters machines as event payloads).
 */
export function getAppActor(): AppActorRef {
  if (actor) return actor;
  const login = readLogin();
  const orgApp = readOrgApp();
  setAuthContext({ accesstoken: login?.accesstoken ?? null, key: orgApp?.key ?? null });
  // issue 3 inspector: the event journal records from the start in development builds; in production it
  // starts when a system provider opens the Statecharts page (journal.enable(root) there)
  if (import.meta.env.DEV) journal.enable();
  const root: AppActorRef = createActor(machine, { input: { now: Date.now(), login, orgApp }, inspect: journal.inspect });
  actor = root;

  root.start();
  const session = root.system.get('session') as SessionRef;
  const orgAppActor = root.system.get('orgApp') as OrgAppActorRef;

  // §8: 401/403/500-with-forbidden text → the session decides (it de-duplicates the message)
  onSessionLost((status, statusText) => session.send({ type: 'SESSION_LOST', status, statusText, now: Date.now() }));

  // persistence of the session, and the token every request carries
  let lastToken: string | null = login?.accesstoken ?? null;
  session.subscribe((s) => {
    const user = s.matches('signedIn') ? s.context.user : null;
    const token = user?.accesstoken ?? null;
    if (token === lastToken) return;
    lastToken = token;
    setAuthContext({ accesstoken: token });
    if (user) writeLogin(user);
    else if (s.matches('signedOut')) writeLogin(null);
  });

  // org-app: key header, org locale/theme defaults, document title
  let lastKey: string | null = orgApp?.key ?? null;
  orgAppActor.subscribe((s) => {
    const current = s.context.current;
    const key = (s.context.pending ?? current)?.key ?? null;
    if (key !== lastKey) {
      lastKey = key;
      setAuthContext({ key });
    }
    if (s.matches('ready') && current) {
      setOrgLocale(s.context.locale);
      setOrgThemeMode(s.context.theme?.ysdadminTheme.mode ?? null);
      const title = titleFor(s.context.config, current);
      if (title) document.title = title;
    } else if (s.matches('idle')) {
      setOrgLocale(null);
      setOrgThemeMode(null);
    }
  });

  setInterval(() => root.send({ type: 'TICK', now: Date.now() }), 1000);
  return root;
}
