// Issue 13, tablets (640–1024 px): the side menu collapsed to its icons, a 56 px rail beside the content. Fluent
// v9's Nav has no icon-only mode (its design spec names none), so the rail is Fluent's vertical Toolbar: arrow
// keys move between entries, each icon is named by a tooltip, a group's icon opens its screens in a Menu beside
// it. The hamburger still opens the whole menu (as an overlay) for reading the names.
import {
  makeStyles, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, mergeClasses, tokens, Toolbar, ToolbarButton, Tooltip,
} from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import type { MenuNode } from '../../domain/menuTree.ts';
import { groupOf, iconOf, leavesOf } from './SideMenu.tsx';
import { useMenuTitle } from './useMenuTitle.ts';

const useStyles = makeStyles({
  rail: {
    width: '56px',
    minWidth: '56px',
    height: '100%',
    boxSizing: 'border-box',
    overflowY: 'auto',
    overflowX: 'hidden',
    alignItems: 'center',
    gap: tokens.spacingVerticalXS,
    paddingTop: tokens.spacingVerticalS,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  item: { minWidth: '40px', minHeight: '40px', fontSize: '20px' },
  current: { backgroundColor: tokens.colorSubtleBackgroundSelected, color: tokens.colorBrandForeground1 },
});

export interface SideRailProps {
  tree: MenuNode[];
  pathOf: (node: MenuNode) => string;
  activeModuleId: string | null;
  onNavigate: (path: string) => void;
}

export function SideRail({ tree, pathOf, activeModuleId, onNavigate }: SideRailProps) {
  const s = useStyles();
  const { t } = useLingui();
  const titleOf = useMenuTitle();
  const activeGroup = groupOf(tree, activeModuleId);
  return (
    <nav aria-label={t`主菜单`}>
      <Toolbar vertical className={s.rail} data-testid="side-rail" aria-label={t`主菜单`}>
        {tree.map((node) => {
          const current = node.moduleId === activeGroup;
          const button = (
            <ToolbarButton
              appearance="subtle"
              icon={iconOf(node)}
              className={mergeClasses(s.item, current && s.current)}
              aria-current={current ? 'page' : undefined}
              data-testid={`rail-item-${node.moduleId}`}
              onClick={node.children.length ? undefined : () => onNavigate(pathOf(node))}
            />
          );
          if (!node.children.length) {
            return <Tooltip key={node.moduleId} content={titleOf(node)} relationship="label" positioning="after">{button}</Tooltip>;
          }
          return (
            <Menu key={node.moduleId} positioning="after-top">
              <MenuTrigger disableButtonEnhancement>
                <Tooltip content={titleOf(node)} relationship="label" positioning="after">{button}</Tooltip>
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  {leavesOf(node).map((leaf) => (
                    <MenuItem
                      key={leaf.moduleId}
                      icon={iconOf(leaf)}
                      aria-current={leaf.moduleId === activeModuleId ? 'page' : undefined}
                      data-testid={`rail-leaf-${leaf.moduleId}`}
                      onClick={() => onNavigate(pathOf(leaf))}
                    >
                      {titleOf(leaf)}
                    </MenuItem>
                  ))}
                </MenuList>
              </MenuPopover>
            </Menu>
          );
        })}
      </Toolbar>
    </nav>
  );
}
