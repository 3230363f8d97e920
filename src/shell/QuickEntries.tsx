import { makeStyles, mergeClasses, shorthands, Skeleton, SkeletonItem, Text, tokens } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { sortMenu } from '../../domain/menuTree.ts';
import type { MenuEntry } from '../../domain/types.ts';
import { useMenuEntries } from '../app/hooks.ts';
import { menuIcon } from './menuIcons.tsx';
import { useMenuTitle } from './useMenuTitle.ts';
import { normalisePath } from '../../domain/routePath.ts';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  page: { padding: tokens.spacingVerticalXL },
  title: { display: 'block', marginBottom: tokens.spacingVerticalM },
  item: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalS,
    height: '96px',
    padding: tokens.spacingHorizontalS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    cursor: 'pointer',
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    transitionProperty: 'box-shadow, border-color, transform',
    transitionDuration: '120ms',
    ':hover': { boxShadow: tokens.shadow8, ...shorthands.borderColor(tokens.colorBrandStroke2), transform: 'translateY(-1px)' },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  icon: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '40px',
    height: '40px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
    fontSize: '22px',
  },
  empty: { color: tokens.colorNeutralForeground3 },
});

/** The quickEntry menu group as shortcut tiles (home page and /quickEntry). */
export function QuickEntries({ onNavigate, variant = 'panel' }: { onNavigate: (path: string) => void; variant?: 'panel' | 'page' }) {
  const titleOf = useMenuTitle();
  const styles = useStyles();
  const query = useMenuEntries('quickEntry');
  const entries = sortMenu((query.data ?? []).filter((e) => e.enable !== false));

  const open = (e: MenuEntry) => {
    const path = e.extraInfo.path || (e.extraInfo.name ? `/${e.extraInfo.name}` : '');
    if (path) onNavigate(normalisePath(path));
    else if (e.extraInfo.url) window.open(e.extraInfo.url, '_blank', 'noopener');
  };

  const body = query.isPending ? (
    <Skeleton className={styles.grid} aria-busy>
      {[0, 1, 2, 3].map((i) => (
        <SkeletonItem key={i} style={{ height: 96 }} />
      ))}
    </Skeleton>
  ) : entries.length === 0 ? (
    <Text className={styles.empty}>
      <Trans>暂无快捷入口</Trans>
    </Text>
  ) : (
    <div className={styles.grid}>
      {entries.map((e) => {
        const Icon = menuIcon(e.extraInfo.meta?.icon);
        return (
          <button key={e.id} type="button" className={styles.item} data-testid={`quick-entry-${e.moduleId}`} onClick={() => open(e)}>
            <span className={styles.icon}>
              <Icon />
            </span>
            <span>{titleOf(e)}</span>
          </button>
        );
      })}
    </div>
  );

  return (
    <section className={mergeClasses(variant === 'page' && styles.page)} data-testid="quick-entries">
      {variant === 'page' && (
        <Text as="h2" size={500} weight="semibold" className={styles.title}>
          <Trans>快捷入口</Trans>
        </Text>
      )}
      {body}
    </section>
  );
}
