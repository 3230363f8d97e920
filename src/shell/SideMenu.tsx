import { useMemo, useState } from 'react';
import {
  makeStyles,
  NavCategory,
  NavCategoryItem,
  NavDrawer,
  NavDrawerBody,
  NavItem,
  NavSubItem,
  NavSubItemGroup,
  Skeleton,
  SkeletonItem,
  tokens,
} from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import type { MenuNode } from '../../domain/menuTree.ts';
import { FrameIcon, GroupIcon, menuIcon } from './menuIcons.tsx';
import { useMenuTitle } from './useMenuTitle.ts';

export interface SideMenuProps {
  tree: MenuNode[];
  /** moduleId → the path its item opens */
  pathOf: (node: MenuNode) => string;
  activeModuleId: string | null;
  open: boolean;
  /** the menu is still being read */
  loading?: boolean;
  onNavigate: (path: string) => void;
  /** phones: the menu floats over the page and closes when dismissed or after a choice */
  overlay?: boolean;
  onDismiss?: () => void;
}

const useStyles = makeStyles({
  drawer: {
    width: '232px',
    minWidth: '232px',
    height: '100%',
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  icon: { fontSize: '20px' },
  body: { paddingTop: tokens.spacingVerticalS },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalM },
  empty: { padding: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground3 },
});

/** Leaves under a node, in menu order; deeper levels are flattened below their top-level group. */
export function leavesOf(node: MenuNode): MenuNode[] {
  return node.children.flatMap((c) => (c.children.length ? leavesOf(c) : [c]));
}

/** Which top-level group holds the module (itself when it is top level). */
export function groupOf(tree: MenuNode[], moduleId: string | null): string | null {
  if (!moduleId) return null;
  for (const root of tree) {
    if (root.moduleId === moduleId || leavesOf(root).some((l) => l.moduleId === moduleId)) return root.moduleId;
  }
  return null;
}

export const iconOf = (n: MenuNode, className?: string) => {
  const Icon = menuIcon(n.extraInfo.meta?.icon, n.extraInfo.url ? FrameIcon : n.children.length ? GroupIcon : undefined);
  return <Icon className={className} />;
};

/** §2 the side menu: the user's menu tree, groups collapsible, the current screen highlighted. */
export function SideMenu({ tree, pathOf, activeModuleId, open, loading, onNavigate, overlay, onDismiss }: SideMenuProps) {
  const styles = useStyles();
  const { t } = useLingui();
  const titleOf = useMenuTitle();
  // groups the user opened or closed; a group not touched is open
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const activeGroup = useMemo(() => groupOf(tree, activeModuleId), [tree, activeModuleId]);
  const openCategories = tree
    .filter((n) => n.children.length)
    .map((n) => n.moduleId)
    .filter((id) => toggled[id] ?? true);

  const byModule = useMemo(() => {
    const map = new Map<string, MenuNode>();
    const walk = (nodes: MenuNode[]) => nodes.forEach((n) => (map.set(n.moduleId, n), walk(n.children)));
    walk(tree);
    return map;
  }, [tree]);

  return (
    <NavDrawer
      type={overlay ? 'overlay' : 'inline'}
      open={open}
      onOpenChange={(_, data) => {
        if (!data.open) onDismiss?.();
      }}
      className={styles.drawer}
      data-testid="side-menu"
      aria-label={t`主菜单`}
      selectedValue={activeModuleId ?? ''}
      selectedCategoryValue={activeGroup ?? undefined}
      openCategories={openCategories}
      multiple
      onNavCategoryItemToggle={(_, data) => {
        const id = String(data.categoryValue ?? data.value);
        setToggled((prev) => ({ ...prev, [id]: !openCategories.includes(id) }));
      }}
      onNavItemSelect={(_, data) => {
        const node = byModule.get(String(data.value));
        if (!node) return;
        onNavigate(pathOf(node));
        if (overlay) onDismiss?.();
      }}
    >
      <NavDrawerBody className={styles.body}>
        {loading ? (
          <Skeleton className={styles.skeleton} aria-label={t`菜单加载中`}>
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <SkeletonItem key={i} size={24} />
            ))}
          </Skeleton>
        ) : (
          tree.length === 0 && <div className={styles.empty}>{t`暂无可用菜单`}</div>
        )}
        {tree.map((node) =>
          node.children.length ? (
            <NavCategory key={node.moduleId} value={node.moduleId}>
              <NavCategoryItem icon={iconOf(node, styles.icon)} data-testid={`menu-item-${node.moduleId}`}>
                {titleOf(node)}
              </NavCategoryItem>
              <NavSubItemGroup>
                {leavesOf(node).map((leaf) => (
                  <NavSubItem key={leaf.moduleId} value={leaf.moduleId} data-testid={`menu-item-${leaf.moduleId}`}>
                    {titleOf(leaf)}
                  </NavSubItem>
                ))}
              </NavSubItemGroup>
            </NavCategory>
          ) : (
            <NavItem key={node.moduleId} value={node.moduleId} icon={iconOf(node, styles.icon)} data-testid={`menu-item-${node.moduleId}`}>
              {titleOf(node)}
            </NavItem>
          ),
        )}
      </NavDrawerBody>
    </NavDrawer>
  );
}
