import { StrictMode, Suspense, startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BRIDGE_PARAM, type EntryPage } from '../../domain/constants.ts';
import { readBridgeParam } from '../../domain/bridge.ts';
import { normalisePath } from '../../domain/routePath.ts';
import { LoginPage } from '../screens/login/LoginPage.tsx';
import { getAppActor } from './appActor.ts';
import { useSession, type SessionRef } from './baseHooks.ts';
import type { AppActorRef } from './actorContext.ts';
import { setEntryPage } from './entryPage.ts';
import { Providers } from './Providers.tsx';
import { resolveAgentMode } from './agentMode.ts';
import { activateLocale, loadConsoleCatalog } from './i18n.ts';
import { currentLocale, currentThemeMode } from './preferences.ts';
import { markHydrating } from './signInEarly.ts';
import { preloadable } from './preloadable.tsx';

// Issue 12: the sign-in screen is the entry's own small chunk (React, the Fluent components it uses, the root actor
// with the session machine, the passport calls over fetch). The rest of the console (router, shell, query cache,
// axios and the services) is one import away: fetched while the user types, shown once signing in starts or when
// the page opens anywhere but the sign-in screen. Nothing before the first paint waits on the network.
// the console's screens need the whole catalog of the language: both before it renders
const loadConsole = () => Promise.all([import('./Console.tsx'), loadConsoleCatalog()]).then(([m]) => m);
// preloadable: once prefetched it renders without suspending (a suspended boundary is revealed up to 300 ms late)
const Console = preloadable(loadConsole);

/** §2 plain http is redirected to https, except on localhost. */
function redirectToHttps(): boolean {
  const { protocol, hostname } = window.location;
  const local = hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname.endsWith('.localhost');
  if (protocol !== 'http:' || local) return false;
  window.location.replace(window.location.href.replace(/^http:/, 'https:'));
  return true;
}

const hashPath = () => normalisePath(window.location.hash.replace(/^#/, '') || '/');
// the page pre-rendered at build time is the sign-in screen's (src/app/prerender.tsx), and is hydrated only there
const prerenderedPath = () => '/login';
const subscribeHash = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/**
 * Fetches the console (and what a sign-in shows next) once: on the first key press, input or field focus (also one
 * focused before hydration), or after a short while. Not on the first click: that is often the sign-in screen's own
 * tab, and the screen is already whole.
 */
function usePrefetchConsole() {
  useEffect(() => {
    let done = false;
    const prefetch = () => {
      if (done) return;
      done = true;
      void Console.preload().then((m) => m.prefetch());
      cleanup();
    };
    const onFocus = (e: FocusEvent) => { if (e.target instanceof HTMLInputElement) prefetch(); };
    const timer = window.setTimeout(prefetch, 3000);
    const cleanup = () => {
      window.clearTimeout(timer);
      document.removeEventListener('keydown', prefetch, true);
      document.removeEventListener('input', prefetch, true);
      document.removeEventListener('focusin', onFocus, true);
    };
    document.addEventListener('keydown', prefetch, true);
    // a password manager fills the fields without a key
    document.addEventListener('input', prefetch, true);
    document.addEventListener('focusin', onFocus, true);
    // a field focused before React took the page over: the user is signing in already
    if (document.activeElement instanceof HTMLInputElement) prefetch();
    return cleanup;
  }, []);
}

/** The sign-in screen alone while signed out on it; the console from the moment signing in starts, or elsewhere. */
function Entry() {
  const path = useSyncExternalStore(subscribeHash, hashPath, prerenderedPath);
  const { status } = useSession();
  const signInOnly = status === 'signedOut' && path === '/login';
  // once shown, the console stays: it has its own /login route (the same LoginPage)
  const [consoleShown, setConsoleShown] = useState(!signInOnly);
  useEffect(() => { if (!signInOnly) setConsoleShown(true); }, [signInOnly]);
  usePrefetchConsole();
  if (!consoleShown) return <LoginPage />;
  return (
    // while the console loads after a submit, the sign-in screen stays (its button shows the sign-in under way)
    <Suspense fallback={path === '/login' ? <LoginPage /> : null}>
      <Console />
    </Suspense>
  );
}

/** The whole tree, the same for a client render and the build-time one (src/app/prerender.tsx). */
export function AppRoot({ actor }: { actor: AppActorRef }) {
  return (
    <StrictMode>
      <Providers actor={actor}>
        <Entry />
      </Providers>
    </StrictMode>
  );
}

/**
 * Whether the sign-in form index.html carries (rendered at build time) is what this load renders first: then React
 * hydrates it, keeping what was typed (a remembered user's phone the inline script filled in is taken over the same
 * way); else it is dropped and the page renders as before. The page's inline script checked the same from storage
 * before the first paint (window.__signIn.fits).
 */
function prerenderFits(container: HTMLElement, signedOut: boolean, bridged: boolean): boolean {
  return Boolean(window.__signIn?.fits) && container.firstElementChild !== null && signedOut && !bridged
    && hashPath() === '/login' && currentLocale() === 'zh-CN' && currentThemeMode() === 'light';
}

/** Lets the browser run what waits (a key, a click, a frame) before the next step. */
const nextTask = () => new Promise<void>((resolve) => { window.setTimeout(resolve, 0); });

/** Shared start of the four entry pages (index, jydd, yyxc, zzy): sign-in bridge, root actor, render. */
export async function bootstrap(page: EntryPage): Promise<void> {
  if (redirectToHttps()) return;
  setEntryPage(page);
  // the bridge runs first: it may store the org-app the root restores after BRIDGE_LOGIN (only with its parameter)
  const bridging = readBridgeParam(window.location.href, BRIDGE_PARAM) !== null;
  // the saved language's catalog before the first paint (zh-CN is in the entry; the others load on demand)
  const [bridged] = await Promise.all([
    bridging ? import('./bridge.ts').then((b) => b.readBridgeLogin()).catch(() => null) : null,
    activateLocale(currentLocale()),
  ]);
  // the form on screen already works (scripts/prerenderSignIn.ts): between the steps of taking it over (the module
  // graph has just run, then the root actor, then hydration in slices) a key pressed or a click waits one step only
  if (window.__signIn?.fits) await nextTask();
  const actor = getAppActor();
  if (bridged) {
    (actor.system.get('session') as SessionRef).send({ type: 'BRIDGE_LOGIN', login: bridged.login, now: Date.now() });
    if (bridged.route) window.location.hash = `#${bridged.route.startsWith('/') ? bridged.route : `/${bridged.route}`}`;
  }
  // signed out at the root: the guard would send the page to /login, so go there before the first paint
  const signedOut = !(actor.system.get('session') as SessionRef).getSnapshot().context.user;
  if (signedOut && hashPath() === '/') window.history.replaceState(window.history.state, '', '#/login');
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  if (prerenderFits(container, signedOut, Boolean(bridged))) {
    // from here React owns the markup: the inline script stops swapping tabs in
    await nextTask();
    markHydrating();
    // a transition: React hydrates in slices of a few milliseconds (an urgent event on the form hydrates it at once)
    startTransition(() => { hydrateRoot(container, <AppRoot actor={actor} />); });
  } else {
    container.textContent = '';
    createRoot(container).render(<AppRoot actor={actor} />);
  }
  // §1/§6 agent mode by domain: asked in the background once the first paint is under way (the org chooser reads
  // the stored agent); nothing waits on it
  window.setTimeout(() => void resolveAgentMode(window.location.hostname), 0);
}
