import { useEffect, useRef } from 'react';
import {
  Button,
  makeStyles,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  shorthands,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  ChevronDownRegular,
  DismissCircleRegular,
  DismissRegular,
  DismissSquareMultipleRegular,
  HomeRegular,
} from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';

export interface ShellTag {
  path: string;
  title: string;
  /** home: always present, cannot be closed */
  affix?: boolean;
}

export interface TagsViewProps {
  tags: ShellTag[];
  activePath: string;
  onSelect: (path: string) => void;
  onClose: (path: string) => void;
  onCloseOthers: (path: string) => void;
  onCloseAll: () => void;
  onRefresh: (path: string) => void;
}

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    height: '36px',
    padding: `0 ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    boxSizing: 'border-box',
    flexShrink: 0,
  },
  strip: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    overflowX: 'auto',
    overflowY: 'hidden',
    flexGrow: 1,
    scrollbarWidth: 'none',
  },
  tag: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2px',
    height: '26px',
    flexShrink: 0,
    padding: `0 ${tokens.spacingHorizontalXS} 0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    ...shorthands.border('1px', 'solid', tokens.colorNeutralStroke2),
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    cursor: 'pointer',
    userSelect: 'none',
    whiteSpace: 'nowrap',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
  },
  affix: { paddingRight: tokens.spacingHorizontalS },
  active: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    ...shorthands.borderColor(tokens.colorBrandBackground),
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover, color: tokens.colorNeutralForegroundOnBrand },
  },
  icon: { fontSize: '14px' },
  close: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '16px',
    height: '16px',
    borderRadius: tokens.borderRadiusCircular,
    border: 'none',
    padding: 0,
    background: 'transparent',
    color: 'inherit',
    cursor: 'pointer',
    fontSize: '12px',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground1 },
  },
  closeActive: { ':hover': { backgroundColor: tokens.colorBrandBackgroundPressed, color: tokens.colorNeutralForegroundOnBrand } },
});

/** The actions of one tab, for its context menu and the strip's action menu. */
function TagActions({ tag, count, props }: { tag: ShellTag; count: number; props: TagsViewProps }) {
  return (
    <MenuList>
      <MenuItem data-testid="tag-refresh" icon={<ArrowClockwiseRegular />} onClick={() => props.onRefresh(tag.path)}>
        <Trans>刷新</Trans>
      </MenuItem>
      <MenuItem data-testid="tag-close-current" icon={<DismissRegular />} disabled={tag.affix} onClick={() => props.onClose(tag.path)}>
        <Trans>关闭当前</Trans>
      </MenuItem>
      <MenuDivider />
      <MenuItem data-testid="tag-close-others" icon={<DismissCircleRegular />} disabled={count <= 1} onClick={() => props.onCloseOthers(tag.path)}>
        <Trans>关闭其他</Trans>
      </MenuItem>
      <MenuItem data-testid="tag-close-all" icon={<DismissSquareMultipleRegular />} disabled={count <= 1} onClick={props.onCloseAll}>
        <Trans>关闭全部</Trans>
      </MenuItem>
    </MenuList>
  );
}

/** The opened tabs above the content: click to switch, × to close, right-click or ▾ for more. */
export function TagsView(props: TagsViewProps) {
  const { tags, activePath, onSelect, onClose } = props;
  const styles = useStyles();
  const { t } = useLingui();
  const stripRef = useRef<HTMLDivElement>(null);
  const active = tags.find((tag) => tag.path === activePath) ?? tags[0];

  // keep the active tab in view
  useEffect(() => {
    const el = stripRef.current?.querySelector<HTMLElement>('[data-active="true"]');
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath, tags.length]);

  return (
    <div className={styles.root} data-testid="tags-view">
      {/* the tablist holds the tabs only; the actions menu beside it is no tab */}
      <div className={styles.strip} ref={stripRef} role="tablist" aria-label={t`已打开的页面`}>
        {tags.map((tag) => {
          const isActive = tag.path === activePath;
          return (
            <Menu key={tag.path} openOnContext positioning="below-start">
              <MenuTrigger disableButtonEnhancement>
                <div
                  role="tab"
                  tabIndex={0}
                  aria-selected={isActive}
                  data-testid="tag"
                  data-path={tag.path}
                  data-active={isActive}
                  title={tag.title}
                  className={mergeClasses(styles.tag, tag.affix && styles.affix, isActive && styles.active)}
                  onClick={() => onSelect(tag.path)}
                  onAuxClick={(e) => {
                    if (e.button === 1 && !tag.affix) onClose(tag.path);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') onSelect(tag.path);
                    if (e.key === 'Delete' && !tag.affix) onClose(tag.path);
                  }}
                >
                  {tag.affix && <HomeRegular className={styles.icon} aria-hidden />}
                  <span data-testid="tag-title">{tag.title}</span>
                  {!tag.affix && (
                    // the × is the mouse's way; keyboards and screen readers close a tab with Delete or its
                    // menu, so the × is no control of its own (a control inside a tab is nested-interactive)
                    <span
                      data-testid="tag-close"
                      className={mergeClasses(styles.close, isActive && styles.closeActive)}
                      aria-hidden
                      title={t`关闭 ${tag.title}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        onClose(tag.path);
                      }}
                    >
                      <DismissRegular />
                    </span>
                  )}
                </div>
              </MenuTrigger>
              <MenuPopover>
                <TagActions tag={tag} count={tags.length} props={props} />
              </MenuPopover>
            </Menu>
          );
        })}
      </div>
      {active && (
        <Menu positioning="below-end">
          <MenuTrigger disableButtonEnhancement>
            <Tooltip content={t`标签操作`} relationship="label">
              <Button data-testid="tags-actions" size="small" appearance="subtle" icon={<ChevronDownRegular />} />
            </Tooltip>
          </MenuTrigger>
          <MenuPopover>
            <TagActions tag={active} count={tags.length} props={props} />
          </MenuPopover>
        </Menu>
      )}
    </div>
  );
}
