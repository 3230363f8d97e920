import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { MenuNode } from '../../domain/menuTree.ts';
import { AppHeader } from './AppHeader.tsx';
import { LoadingOverlay } from './LoadingOverlay.tsx';
import { NoticeBanner } from './NoticeBanner.tsx';
import { OrgExpiryNotice } from './OrgExpiryNotice.tsx';
import { SideMenu } from './SideMenu.tsx';
import { SideRail } from './SideRail.tsx';
import { useViewport } from './useViewport.ts';
import { usePhoneStyles } from './usePhoneStyles.ts';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100vh',
    width: '100%',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
  },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  main: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0, minHeight: 0 },
  content: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    minHeight: 0,
    overflow: 'auto',
  },
});

export interface MainLayoutProps {
  menuTree: MenuNode[];
  pathOf: (node: MenuNode) => string;
  activeModuleId: string | null;
  menuLoading?: boolean;
  onNavigate: (path: string) => void;
  /** the tags view (tabs strip) */
  tags: ReactNode;
  children: ReactNode;
}

/** §2 the main layout: header, side menu, notice banner, tabs and the content of the current route. */
export function MainLayout({ menuTree, pathOf, activeModuleId, menuLoading, onNavigate, tags, children }: MainLayoutProps) {
  const styles = useStyles();
  usePhoneStyles();
  const viewport = useViewport();
  // the menu is open on desktops and starts closed where it would take the page's room (issue 13); on tablets its
  // icons stay as a rail and the whole menu opens over the content, as on phones
  const [menuOpen, setMenuOpen] = useState(viewport === 'desktop');
  useEffect(() => setMenuOpen(viewport === 'desktop'), [viewport]);
  const overlay = viewport !== 'desktop';
  // the frame (header, menu, tabs) is drawn first, the page one commit later: on entering the console the menu is
  // on screen without waiting for the home screen (issue 12); afterwards pages render in the same commit as before
  const pageShown = useDeferredValue(true, false);
  return (
    <div className={styles.root} data-testid="main-layout">
      <AppHeader compact={viewport === 'phone'} menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((o) => !o)} onNavigate={onNavigate} />
      <div className={styles.body}>
        {viewport === 'tablet' && !menuLoading && <SideRail tree={menuTree} pathOf={pathOf} activeModuleId={activeModuleId} onNavigate={onNavigate} />}
        <SideMenu
          tree={menuTree}
          pathOf={pathOf}
          activeModuleId={activeModuleId}
          open={menuOpen}
          loading={menuLoading}
          onNavigate={onNavigate}
          overlay={overlay}
          onDismiss={() => setMenuOpen(false)}
        />
        <main className={styles.main}>
          <NoticeBanner />
          <OrgExpiryNotice />
          {tags}
          <div className={styles.content} data-testid="shell-content">
            {pageShown && children}
          </div>
        </main>
      </div>
      <LoadingOverlay />
    </div>
  );
}
