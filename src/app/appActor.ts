import { t } from '@lingui/core/macro';
import { createActor, fromPromise } from 'xstate';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../domain/constants.ts';
import type { OrgApp, ThemeConfig } from '../../domain/types.ts';
import type { OrgAppContext } from '../../contracts/orgAppContext.ts';
import type { OrgAppContextOutput } from '../../machines/orgApp.machine.ts';
import { createAppMachine } from '../../machines/app.machine.ts';
import { journal } from '../inspector/journal.ts';
import type { QrCode } from '../../machines/qrSignIn.machine.ts';
import { onSessionLost, setAuthContext } from '../../services/transport.ts';
import * as passport from '../../services/passport.ts';
import type { AppActorRef } from './actorContext.ts';
import type { OrgAppActorRef, SessionRef } from './baseHooks.ts';
import { setOrgLocale, setOrgThemeMode } from './preferences.ts';
import { clearSession, clearStorageForLogout, readClosedNotice, readLogin, readOrgApp, readUsualOrgApp, writeClosedNotice, writeLogin, writeOrgApp, writeUsualOrgApp } from './storage.ts';

// The root actor starts with the sign-in screen, in the entry; what only a signed-in console calls (axios,
// react-query, the §7 services after sign-in) is imported when first needed (prefetched while the user types:
// src/app/signedInConsole.ts), so the entry stays small.
const signedIn = () => import('./signedInServices.ts');

/** Org config paths read when an org-app is chosen (§2 title, §2 notice, theme, locales). */
const ORG_CONFIG_PATHS = ['titleName', 'systemNotify', 'ysdadminTheme', 'locales', 'systemName', 'icon'] as const;

const isLocale = (v: unknown): v is Locale => (LOCALES as readonly unknown[]).includes(v);

function themeFromConfig(value: unknown): ThemeConfig | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<ThemeConfig['ysdadminTheme']>;
  return typeof v.brandColor === 'string' ? { ysdadminTheme: { brandColor: v.brandColor, mode: v.mode === 'dark' ? 'dark' : 'light' } } : null;
}

/**
 * §4 choosing an org-app: its key, refreshed display name, config, theme, locale and menu, in one call (POST
 * /v2/users/org/app/context); its menu, quick entries and powers go into the query cache, so the shell asks
 * for none of them again.
 */
async function loadContext(orgApp: OrgApp, opts: { prefetched?: boolean } = {}): Promise<OrgAppContextOutput> {
  const { activate, applyOrgTexts, fetchOrgAppContext, pickLocale, queryClient, menuQueryKey, powersQueryKey, localeOverridesQueryKey } = await signedIn();
  const ctx = await ((opts.prefetched ? takePrefetched(orgApp) : null) ?? fetchOrgAppContext(orgApp, ORG_CONFIG_PATHS));
  // every call of this org-app carries its key from now on
  setAuthContext({ key: ctx.key });
  // §7 the activity report of the org-app just opened (once a day is recorded; not awaited, errors swallowed)
  void activate();
  const { orgId, appId } = orgApp;
  queryClient.setQueryData(menuQueryKey(orgId, appId, 'pcMenu'), ctx.menu);
  queryClient.setQueryData(menuQueryKey(orgId, appId, 'quickEntry'), ctx.quickEntries);
  queryClient.setQueryData(powersQueryKey(orgId, appId), ctx.permission);
  // §3 the org's texts per language ({locale: {key: text}}): the menu names and labels read them from the cache
  // (issue 15: they were taken for one language string and never applied)
  queryClient.setQueryData(localeOverridesQueryKey(orgId, appId), ctx.locales ?? {});
  // … and every other label: the org's text for a message's zh-CN source text replaces it in that language (issue 15)
  applyOrgTexts((ctx.locales ?? {}) as Record<string, Record<string, string>>);
  const locale = pickLocale(ctx.locales);
  const configLocale = ctx.config.locales;
  return {
    orgApp: { ...orgApp, key: ctx.key, orgName: ctx.orgApp.orgName, appName: ctx.orgApp.appName, orgType: ctx.orgApp.orgType, orgConfig: ctx.orgApp.orgConfig },
    menu: ctx.menu,
    theme: ctx.theme ?? themeFromConfig(ctx.config.ysdadminTheme),
    config: ctx.config,
    locale: isLocale(locale) ? locale : isLocale(configLocale) ? configLocale : DEFAULT_LOCALE,
  };
}

/**
 * Choosing an org-app (issue 12): its context call starts when the pointer comes onto its card or presses it, or the
 * card gets focus, so the answer is often in by the click. The call only reads; an answer started in the last few
 * seconds is taken once, by the choice that follows. Signing out drops them.
 */
const PREFETCH_FRESH_MS = 5_000;
const prefetched = new Map<string, { at: number; answer: Promise<OrgAppContext> }>();
const prefetchKey = (orgApp: Pick<OrgApp, 'orgId' | 'appId'>) => JSON.stringify([orgApp.orgId, orgApp.appId]);
const fresh = (held: { at: number } | undefined): held is { at: number } => held !== undefined && Date.now() - held.at < PREFETCH_FRESH_MS;

export function prefetchOrgAppContext(orgApp: OrgApp): void {
  const key = prefetchKey(orgApp);
  if (fresh(prefetched.get(key))) return;
  const answer = signedIn().then((s) => s.fetchOrgAppContext(orgApp, ORG_CONFIG_PATHS));
  // a failed prefetch is seen only by the choice that takes it (which shows it as any failed choice)
  answer.catch(() => {});
  prefetched.set(key, { at: Date.now(), answer });
}

function takePrefetched(orgApp: OrgApp): Promise<OrgAppContext> | null {
  const key = prefetchKey(orgApp);
  const held = prefetched.get(key);
  prefetched.delete(key);
  return fresh(held) ? held.answer : null;
}

// The real I/O behind the statecharts: each actor a thin wrapper over a service call.
const machine = createAppMachine({
  actors: {
    login: fromPromise(async ({ input }) =>
      passport.login({
        username: input.username, password: input.password,
        ...(input.mode === 'sms' ? { type: 'loginsmscode' as const } : {}), ...(input.captcha ? { captcha: input.captcha } : {}),
      }),
    ),
    logout: fromPromise(async ({ input }) => passport.logout(input.accesstoken)),
    loadOrgApps: fromPromise(async () => (await signedIn()).fetchOrgApps()),
    // issue 12: the key call answers the whole context (one round trip from choosing to the menu)
    fetchOrgAppKey: fromPromise(async ({ input }) => {
      const context = await loadContext(input.orgApp, { prefetched: true });
      return { key: context.orgApp?.key ?? '', context };
    }),
    // a restored org-app (its key stored): the same one call
    loadOrgAppContext: fromPromise(async ({ input }) => loadContext(input.orgApp)),
    reloadMenu: fromPromise(async () => {
      const orgApp = orgAppOf();
      if (!orgApp) return 0;
      const { queryClient, menuQueryKey, fetchUserMenu } = await signedIn();
      const menu = await queryClient.fetchQuery({
        queryKey: menuQueryKey(orgApp.orgId, orgApp.appId, 'pcMenu'),
        queryFn: () => fetchUserMenu({ groupName: 'pcMenu', orgId: orgApp.orgId, appId: orgApp.appId }),
        staleTime: 0,
      });
      return menu.length;
    }),
    fetchSystemNotify: fromPromise(async ({ input }) => (await signedIn()).fetchSystemNotify(input)),
    readClosedNotice: fromPromise(async ({ input }) => readClosedNotice(input)),
    rememberClosedNotice: fromPromise(async ({ input }) => writeClosedNotice(input)),
    createQrCode: fromPromise<QrCode, Record<string, never>>(async () => {
      const qr = await passport.createQrCode();
      return { id: qr.id, expiresAt: qr.expiresAt };
    }),
    pollQrCode: fromPromise(async ({ input }) => {
      const res = await passport.fetchQrCode(input.id);
      // §7 an empty object means the code is unknown
      if (!res?.status) throw new Error(t`二维码已失效`);
      return { status: res.status, ...(res.login ? { login: res.login } : {}) };
    }),
  },
  actions: {
    clearStorageAndReload: () => {
      clearStorageForLogout();
      setAuthContext({ accesstoken: null, key: null });
      window.location.hash = '#/login';
      window.location.reload();
    },
    clearSessionStorage: () => {
      clearSession();
      prefetched.clear();
      setAuthContext({ accesstoken: null });
      // nothing cached survives the session (the cache exists only once the signed-in console has loaded)
      void signedIn().then(({ queryClient }) => queryClient.clear());
    },
    persistOrgApp: (orgApp) => writeOrgApp(orgApp),
    rememberUsualOrgApp: (usual) => writeUsualOrgApp(usual),
    // in the next frame, after the route's page is in: scrolling now would first lay out the page being left
    scrollToTop: () => requestAnimationFrame(() => {
      window.scrollTo({ top: 0 });
      document.querySelector<HTMLElement>('[data-scroll-root]')?.scrollTo({ top: 0 });
    }),
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
  const root: AppActorRef = createActor(machine, { input: { now: Date.now(), login, orgApp, usual: readUsualOrgApp() }, inspect: journal.inspect });
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
