import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { makeStyles, ProgressBar, Spinner, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { Route, Router as WouterRouter, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { ErrorPage } from '../shell/ErrorPage.tsx';
import { useCurrentOrgApp, useGuard, useMenuEntries, useOrgAppActor, useSession } from './hooks.ts';
import { LiveUpdates } from './LiveUpdates.tsx';
import { normalisePath } from '../../domain/routePath.ts';
import { isTracePath } from '../../domain/traceRoute.ts';
// the sign-in screen is in the entry (src/app/bootstrap.tsx), not a chunk of its own
import { LoginPage } from '../screens/login/LoginPage.tsx';
import { FirstLoginGate } from '../screens/login/FirstLoginGate.tsx';
import { preloadable } from './preloadable.tsx';

// the shell (layout, menu, tabs) loads after sign-in: it is not needed to show the sign-in screen
const ShellRoutes = preloadable(() => import('../shell/ShellRoutes.tsx'));
const OrgAppPage = preloadable(() => import('../screens/orgapp/OrgAppPage.tsx'));

/** What a sign-in shows next (the chooser, then the shell): fetched while the user types (src/app/bootstrap.tsx). */
export function prefetchAfterSignIn(): void {
  void OrgAppPage.preload();
  // the shell, and the home screen the guard lands on after choosing (ShellRoutes renders it)
  void ShellRoutes.preload().then((m) => m.preloadHome());
}
const QrConfirmPage = lazy(() => import('../screens/qrconfirm/QrConfirmPage.tsx'));
const ApplyTrialExpire = lazy(() => import('../screens/trial/ApplyTrialExpire.tsx'));
const ApplyTrialUserForm = lazy(() => import('../screens/trial/ApplyTrialUserForm.tsx'));
const ApplyTrialSuccess = lazy(() => import('../screens/trial/ApplyTrialSuccess.tsx'));
const ApplyTrialMobileBasicUserLogin = lazy(() => import('../screens/trial/ApplyTrialMobileBasicUserLogin.tsx'));
const NoOrgPayToBuy = lazy(() => import('../screens/public/NoOrgPayToBuy.tsx'));
const ShareFriends = lazy(() => import('../screens/public/ShareFriends.tsx'));
const Groupon = lazy(() => import('../screens/public/Groupon.tsx'));
const Recommend = lazy(() => import('../screens/public/Recommend.tsx'));
const RecommendShare = lazy(() => import('../screens/public/RecommendShare.tsx'));
const TracePage = lazy(() => import('../screens/public/TracePage.tsx'));

const useStyles = makeStyles({
  bar: { position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000000 },
  pending: { display: 'flex', minHeight: '60vh', alignItems: 'center', justifyContent: 'center', color: tokens.colorNeutralForeground3 },
});


function Pending() {
  const styles = useStyles();
  return (
    <div className={styles.pending}>
      <Spinner size="small" />
    </div>
  );
}

/**
 * §2 Guard: every location change (and every change of what the guard looks at) is a NAVIGATE to the
 * guard machine; a redirect decision navigates; the content shows once the path is allowed.
 */
function Guarded({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const [location, navigate] = useHashLocation();
  const path = normalisePath(location);
  const guard = useGuard();
  const orgAppActor = useOrgAppActor();
  const session = useSession();
  const orgApp = useCurrentOrgApp();
  const menu = useMenuEntries('pcMenu');
  const machineMenuCount = useSelector(orgAppActor, (s) => s.context.menu.length);
  // while a sign-in or an org-app switch is under way the guard waits, so a page load does not bounce
  // through /orgapp while the persisted org-app is being restored
  const orgAppBusy = useSelector(orgAppActor, (s) => s.matches('fetchingKey') || s.matches('loadingContext') || s.matches('loadingList'));
  const settling = session.status === 'signingIn' || session.status === 'loggingOut' || (orgAppBusy && !orgApp);
  const loggedIn = session.status === 'signedIn' && session.user !== null;
  const hasOrgApp = orgApp !== null && Boolean(orgApp.key);
  // once signed in, fetch the shell while the user picks an org-app instead of after
  useEffect(() => {
    if (loggedIn) void ShellRoutes.preload();
  }, [loggedIn]);
  const menuCount = menu.data?.length ?? machineMenuCount;
  const isNotRouterHome = Boolean(session.user?.isNotRouterHome);

  useEffect(() => {
    if (path === '/') {
      navigate('/home', { replace: true });
      return;
    }
    if (settling) return;
    guard.send({ type: 'NAVIGATE', path, loggedIn, hasOrgApp, isNotRouterHome, menuCount });
  }, [guard, path, loggedIn, hasOrgApp, isNotRouterHome, menuCount, settling, navigate]);

  const { state, target, requestPath, navigating } = useSelector(guard, (s) => ({
    state: s.value as string,
    target: s.context.target,
    requestPath: s.context.request?.path ?? null,
    navigating: s.context.navigating,
  }), (a, b) => a.state === b.state && a.target === b.target && a.requestPath === b.requestPath && a.navigating === b.navigating);

  useEffect(() => {
    if (state === 'redirecting' && target && requestPath === path && target !== path) navigate(target, { replace: true });
  }, [state, target, requestPath, path, navigate]);

  const evaluated = requestPath === path;
  // the sign-in screen stays while its sign-in is under way (busy button): the console may take the page over from
  // the entry's own sign-in screen just then (src/app/bootstrap.tsx), before the guard ever looked at /login
  const signingInHere = path === '/login' && session.status === 'signingIn';
  const show = evaluated ? state === 'allowed' : (loggedIn && hasOrgApp && state === 'allowed') || signingInHere;
  return (
    <>
      {(navigating || settling || !show) && <ProgressBar className={styles.bar} thickness="medium" data-testid="route-loading" />}
      {show ? children : null}
    </>
  );
}

function Unguarded({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/** Paths the guard does not look at: the QR confirmation page handles its own sign-in state. */
const UNGUARDED = new Set(['/qrconfirm']);

/** The fixed routes of §2; every other path is the authenticated shell's (menu-driven routes, errors). */
export function AppRouter() {
  const [location] = useHashLocation();
  const path = normalisePath(location);
  // a food label's trace page (issue 10) is public and read-only: the guard does not look at it
  const Gate = UNGUARDED.has(path) || isTracePath(path) ? Unguarded : Guarded;
  return (
    <WouterRouter hook={useHashLocation}>
      <LiveUpdates />
      <Gate>
        {/* issue 27: signed in with the initial password, the password change comes before anything else */}
        <FirstLoginGate>
          <Suspense fallback={<Pending />}>
            <Switch location={path}>
              <Route path="/login" component={LoginPage} />
              <Route path="/orgapp" component={OrgAppPage} />
              <Route path="/qrconfirm" component={QrConfirmPage} />
              <Route path="/401">{() => <ErrorPage code={401} />}</Route>
              <Route path="/404">{() => <ErrorPage code={404} />}</Route>
              <Route path="/500">{() => <ErrorPage code={500} />}</Route>
              <Route path="/applyTrialExpire" component={ApplyTrialExpire} />
              <Route path="/applyTrialUserForm" component={ApplyTrialUserForm} />
              <Route path="/applyTrialSuccess" component={ApplyTrialSuccess} />
              <Route path="/applyTrialMobileBasicUserLogin" component={ApplyTrialMobileBasicUserLogin} />
              <Route path="/noOrgPayToBuy" component={NoOrgPayToBuy} />
              <Route path="/shareFriends" component={ShareFriends} />
              <Route path="/groupon" component={Groupon} />
              <Route path="/recommend/share" component={RecommendShare} />
              <Route path="/recommend" component={Recommend} />
              <Route path="/trace/:orgId/:dishIds" component={TracePage} />
              <Route>
                <ShellRoutes />
              </Route>
            </Switch>
          </Suspense>
        </FirstLoginGate>
      </Gate>
    </WouterRouter>
  );
}
