import { lazy, Suspense, useEffect, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { isErrorRoute } from '../../domain/guard.ts';
import type { MenuEntry } from '../../domain/types.ts';
import { useCurrentOrgApp, useMenuEntries, usePowers, useSession } from '../app/hooks.ts';
import { getScreen, type ScreenEntry } from '../screens/registry.ts';
import { ComingSoon } from './ComingSoon.tsx';
import { ErrorPage, type ErrorCode } from './ErrorPage.tsx';
import { FrameHost, type HostedFrame } from './FrameHost.tsx';
import { MainLayout } from './MainLayout.tsx';
import { QuickEntries } from './QuickEntries.tsx';
import { ScreenBoundary } from './ScreenBoundary.tsx';
import { buildShellModel, frameUrl, HOME_PATH, type Resolved } from './shellModel.ts';
import { useRefreshCounters, useStoredTags, useTagActions } from './tagsStore.ts';
import { TagsView, type ShellTag } from './TagsView.tsx';
import { useShellPath } from './useShellPath.ts';
import { useMenuTitle } from './useMenuTitle.ts';
import { useTagScope } from './useTagScope.ts';
import { inspectorAllowed, STATECHARTS_PATH } from './inspectorRoute.ts';
import { OnlineBlocked } from './OnlineBlocked.tsx';
import { preloadable } from '../app/preloadable.tsx';
import { useOnlineGate } from './useOnlineGate.ts';
import { navigateHash } from '../components/useUrlState.ts';
import { joinLocation, splitLocation } from '../components/urlState.ts';

const HomePage = preloadable(() => import('../screens/home/HomePage.tsx'));
// §2 fixed children of home that are screens of their own (issue 28)
const OrderCenterPage = lazy(() => import('../screens/home/OrderCenterPage.tsx'));
const AddCanteenPage = lazy(() => import('../screens/home/AddCanteenPage.tsx'));
/** The home screen, fetched with the shell ahead of sign-in (src/app/Router.tsx prefetchAfterSignIn). */
export const preloadHome = () => HomePage.preload();

// one lazy component per registry screen, made once so switching tabs does not reload it
const lazyScreens = new Map<string, LazyExoticComponent<ComponentType>>();
function lazyScreen(screen: ScreenEntry & { load: NonNullable<ScreenEntry['load']> }) {
  let component = lazyScreens.get(screen.key);
  if (!component) {
    component = lazy(screen.load);
    lazyScreens.set(screen.key, component);
  }
  return component;
}

const useStyles = makeStyles({
  pending: { display: 'flex', flexGrow: 1, alignItems: 'center', justifyContent: 'center', padding: tokens.spacingVerticalXXXL },
  notice: { padding: tokens.spacingVerticalXL },
  page: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 },
});

function PageSpinner() {
  const styles = useStyles();
  const { t } = useLingui();
  return (
    <div className={styles.pending} data-testid="page-loading">
      <Spinner label={t`加载中`} />
    </div>
  );
}

/** Navigates once, replacing the current history entry. */
function Redirect({ to, navigate }: { to: string; navigate: (to: string, opts?: { replace?: boolean }) => void }) {
  useEffect(() => navigate(to, { replace: true }), [to, navigate]);
  return <PageSpinner />;
}

/** A registry screen, lazily loaded, inside an error boundary; "coming soon" when it is not built yet. */
function ScreenView({ screen, screenKey, title }: { screen?: ScreenEntry; screenKey: string; title: string }) {
  const { i18n } = useLingui();
  if (!screen?.load) return <ComingSoon title={title || (screen ? i18n._(screen.label) : screenKey)} screenKey={screenKey} />;
  const Screen = lazyScreen(screen as ScreenEntry & { load: NonNullable<ScreenEntry['load']> });
  return (
    <ScreenBoundary>
      <Suspense fallback={<PageSpinner />}>
        <Screen />
      </Suspense>
    </ScreenBoundary>
  );
}

const EMPTY_MENU: MenuEntry[] = [];

/**
 * Every signed-in path with a chosen org-app: §2 /home, the menu-driven routes (screens in the main layout,
 * embedded frames), the fixed children of home, and not-found for anything else.
 */
export function ShellRoutes() {
  const styles = useStyles();
  const { t, i18n } = useLingui();
  const { path, location, navigate } = useShellPath();
  const menu = useMenuEntries('pcMenu');
  const { user } = useSession();
  const orgApp = useCurrentOrgApp();
  const entries = menu.data ?? EMPTY_MENU;
  const menuTitle = useMenuTitle();
  const model = useMemo(() => buildShellModel(entries, menuTitle), [entries, menuTitle]);
  const menuReady = menu.isSuccess;
  // a fixed page links to a menu screen only when the caller's menu has it (else the guard would show 404)
  const canOpen = (target: string) => model.resolve(target.split('?')[0]!).kind === 'screen';

  const scope = useTagScope();
  const stored = useStoredTags(scope);
  const tagActions = useTagActions(scope);
  const refreshes = useRefreshCounters();
  const powers = usePowers();
  const mayInspect = inspectorAllowed(powers.isSystemProvider);

  const resolved: Resolved = model.resolve(path);
  // §4 the menu entry shown at this path: one with an online rule opens only when the restriction allows it
  const shownModule = resolved.kind === 'screen' || resolved.kind === 'frame' || resolved.kind === 'home' ? resolved.moduleId : null;
  const shownEntry = useMemo(() => (shownModule ? entries.find((e) => e.moduleId === shownModule) : undefined), [entries, shownModule]);
  const online = useOnlineGate(path, shownEntry);
  const titleOf = (r: Resolved): string => {
    if (r.kind === 'home') return r.title || model.homeTitle || t`首页`;
    if (r.kind === 'fixed') return i18n._(r.title);
    if (r.kind === 'screen' || r.kind === 'frame') return r.title;
    return '';
  };

  // the visible tabs: home first, then the stored ones the current menu still knows (stale ones are dropped)
  const tags: ShellTag[] = useMemo(() => {
    const homeTag: ShellTag = { path: HOME_PATH, title: model.homeTitle || t`首页`, affix: true };
    if (!menuReady) return [homeTag];
    // a stored tab keeps its path; its title is the menu's name now, in the language now chosen
    const known = stored.flatMap((tag) => {
      const r = model.resolve(tag.path);
      return r.kind === 'screen' || r.kind === 'frame' || r.kind === 'fixed' ? [{ ...tag, title: titleOf(r) }] : [];
    });
    return [homeTag, ...known];
  }, [stored, model, menuReady, t]);

  // open a tab for the page shown
  const activeTitle = titleOf(resolved);
  const tabPath = menuReady && (resolved.kind === 'screen' || resolved.kind === 'frame' || resolved.kind === 'fixed') ? resolved.path : null;
  // issue 28: the tab remembers its query (filters, page, open record: src/components/useUrlState.ts)
  const { query } = splitLocation(location);
  const tabLocation = tabPath && query ? joinLocation(tabPath, query) : undefined;
  useEffect(() => {
    if (tabPath) tagActions.open({ path: tabPath, title: activeTitle, location: tabLocation });
  }, [tabPath, activeTitle, tabLocation, tagActions]);

  /** Switching to a tab goes back to where it was, query and all (the query stays in the hash). */
  const goToTab = (tabPathTo: string) => {
    const to = stored.find((tag) => tag.path === tabPathTo)?.location ?? tabPathTo;
    if (to === location) return;
    navigateHash(to, { push: true });
  };

  // drop stored tabs of routes the menu no longer has (another org-app's menu, removed entries)
  useEffect(() => {
    if (!menuReady) return;
    tagActions.prune((p) => {
      const k = model.resolve(p).kind;
      return k === 'screen' || k === 'frame' || k === 'fixed';
    });
  }, [menuReady, model, tagActions]);

  // §2 error pages stand alone
  if (isErrorRoute(path)) return <ErrorPage code={Number(path.slice(1)) as ErrorCode} />;
  if (resolved.kind === 'redirect' && (menuReady || path === '/')) return <Redirect to={resolved.to} navigate={navigate} />;

  // frames of open tabs stay mounted; the active one is shown
  const frameOf = (r: Resolved): HostedFrame | null => {
    if ((r.kind === 'frame' || r.kind === 'home') && r.url) {
      return {
        path: r.path,
        url: frameUrl(r.url, Boolean(r.login), user?.accesstoken, orgApp?.key),
        title: titleOf(r),
        refreshKey: refreshes[r.path] ?? 0,
      };
    }
    return null;
  };
  const frames: HostedFrame[] = [];
  if (menuReady) {
    const seen = new Set<string>();
    for (const p of [...tags.map((tag) => tag.path), path]) {
      if (seen.has(p)) continue;
      seen.add(p);
      const f = frameOf(model.resolve(p));
      // a frame whose entry the online restriction holds back is not loaded
      if (f && !(p === path && online.status !== 'open')) frames.push(f);
    }
  }

  const closeTag = (tagPath: string) => {
    if (tagPath === path) {
      const at = tags.findIndex((tag) => tag.path === tagPath);
      const next = tags[at - 1] ?? tags[at + 1];
      goToTab(next?.path ?? HOME_PATH);
    }
    tagActions.close(tagPath);
  };

  const content = (() => {
    if (menu.isError) {
      return (
        <div className={styles.notice}>
          <MessageBar intent="error" layout="multiline" data-testid="menu-error">
            <MessageBarBody>
              <MessageBarTitle>
                <Trans>菜单加载失败</Trans>
              </MessageBarTitle>
              {menu.error instanceof Error ? menu.error.message : t`请检查网络后重试`}
            </MessageBarBody>
            <MessageBarActions>
              <Button onClick={() => void menu.refetch()}>
                <Trans>重试</Trans>
              </Button>
            </MessageBarActions>
          </MessageBar>
        </div>
      );
    }
    // a refreshed dynamic route waits for the menu instead of showing not-found
    if (!menuReady) return <PageSpinner />;
    const refreshKey = `${path}#${refreshes[path] ?? 0}`;
    if (online.status === 'pending') return <PageSpinner />;
    if (online.status === 'blocked') {
      return (
        <div className={styles.page} key={refreshKey}>
          <OnlineBlocked title={online.title} msg={online.msg} rule={online.rule} onHome={path === HOME_PATH ? undefined : () => navigate(HOME_PATH)} />
        </div>
      );
    }
    if (path === STATECHARTS_PATH && resolved.kind === 'notFound') {
      if (!mayInspect && powers.isLoading) return <PageSpinner />;
      if (mayInspect) {
        return (
          <div className={styles.page} key={refreshKey} data-testid="screen" data-screen="statecharts">
            <ScreenView screen={getScreen('statecharts')} screenKey="statecharts" title={t`状态图`} />
          </div>
        );
      }
    }
    switch (resolved.kind) {
      case 'home':
        return resolved.url ? null : (
          <div className={styles.page} key={refreshKey}>
            <ScreenBoundary>
              <Suspense fallback={<PageSpinner />}>
                <HomePage />
              </Suspense>
            </ScreenBoundary>
          </div>
        );
      case 'screen':
        return (
          <div className={styles.page} key={refreshKey} data-testid="screen" data-screen={resolved.screenKey}>
            <ScreenView screen={resolved.screen} screenKey={resolved.screenKey} title={resolved.title} />
          </div>
        );
      case 'fixed':
        return (
          <div className={styles.page} key={refreshKey}>
            {resolved.view === 'quickEntry' ? (
              <QuickEntries variant="page" onNavigate={navigate} />
            ) : resolved.view === 'orderCenter' || resolved.view === 'addCanteen' ? (
              <ScreenBoundary>
                <Suspense fallback={<PageSpinner />}>
                  {resolved.view === 'orderCenter'
                    ? <OrderCenterPage onNavigate={navigate} canOpen={canOpen} />
                    : <AddCanteenPage onNavigate={navigate} canOpen={canOpen} />}
                </Suspense>
              </ScreenBoundary>
            ) : (
              <ComingSoon title={i18n._(resolved.title)} screenKey={resolved.path.slice(1)} />
            )}
          </div>
        );
      case 'frame':
      case 'redirect':
        return null;
      case 'notFound':
        return <ErrorPage code={404} />;
    }
  })();

  return (
    <MainLayout
      menuTree={model.tree}
      pathOf={model.pathOf}
      activeModuleId={model.moduleOf(path)}
      menuLoading={menu.isPending}
      onNavigate={navigate}
      tags={
        <TagsView
          tags={tags}
          activePath={path}
          onSelect={goToTab}
          onClose={closeTag}
          onCloseOthers={(p) => {
            tagActions.closeOthers(p);
            if (p !== path) goToTab(p);
          }}
          onCloseAll={() => {
            tagActions.closeAll();
            navigate(HOME_PATH);
          }}
          onRefresh={(p) => {
            tagActions.refresh(p);
            if (p !== path) goToTab(p);
          }}
        />
      }
    >
      {content}
      <FrameHost frames={frames} activePath={path} />
    </MainLayout>
  );
}

export default ShellRoutes;
