import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import type { EntryPage } from '../../domain/constants.ts';
import { getAppActor } from './appActor.ts';
import { readBridgeLogin, setEntryPage } from './bridge.ts';
import { Providers } from './Providers.tsx';
import { AppRouter } from './Router.tsx';
import { resolveAgentMode } from './agentMode.ts';
import { activateLocale } from './i18n.ts';
import { currentLocale } from './preferences.ts';
import type { SessionRef } from './hooks.ts';

// The toasts load after the first paint: nothing before sign-in can be refused (403) or stale (409), and the
// sign-in screen should not wait for Fluent's toaster.
const ForbiddenToast = lazy(() => import('../shell/ForbiddenToast.tsx'));
const StaleToast = lazy(() => import('../shell/StaleToast.tsx'));

/** §2 plain http is redirected to https, except on localhost. */
function redirectToHttps(): boolean {
  const { protocol, hostname } = window.location;
  const local = hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname.endsWith('.localhost');
  if (protocol !== 'http:' || local) return false;
  window.location.replace(window.location.href.replace(/^http:/, 'https:'));
  return true;
}

/** Shared start of the four entry pages (index, jydd, yyxc, zzy): sign-in bridge, root actor, render. */
export async function bootstrap(page: EntryPage): Promise<void> {
  if (redirectToHttps()) return;
  setEntryPage(page);
  // §1/§6 agent mode by domain: resolved in the background; the chooser reads the stored agent
  void resolveAgentMode(window.location.hostname);
  // the bridge runs first: it may store the org-app the root restores after BRIDGE_LOGIN
  // the saved language's catalog before the first paint (zh-CN is in the entry; the others load on demand)
  const [bridged] = await Promise.all([readBridgeLogin().catch(() => null), activateLocale(currentLocale())]);
  const actor = getAppActor();
  if (bridged) {
    (actor.system.get('session') as SessionRef).send({ type: 'BRIDGE_LOGIN', login: bridged.login, now: Date.now() });
    if (bridged.route) window.location.hash = `#${bridged.route.startsWith('/') ? bridged.route : `/${bridged.route}`}`;
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  createRoot(container).render(
    <StrictMode>
      <Providers actor={actor}>
        <AppRouter />
        {/* at the root, not in the layout: a lost session leaves the layout, the message must still show */}
        <Suspense fallback={null}>
          <ForbiddenToast />
          <StaleToast />
        </Suspense>
      </Providers>
    </StrictMode>,
  );
}
