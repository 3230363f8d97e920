import { useMemo } from 'react';
import { Avatar, Badge, Card, CardHeader, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AppsRegular, FlashRegular, HistoryRegular, MegaphoneRegular, PersonAccountsRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { buildMenuTree, type MenuNode } from '../../../domain/menuTree.ts';
import { useCurrentOrgApp, useMenuEntries, useNoticeBanner, usePowers, useSession } from '../../app/hooks.ts';
import { avatarInitials } from '../../shell/avatarInitials.ts';
import { roleLabel } from '../../shell/roleLabel.ts';
import { appTitle } from '../../shell/menuTitle.ts';
import { QuickEntries } from '../../shell/QuickEntries.tsx';
import { useStoredTags } from '../../shell/tagsStore.ts';
import { useShellPath } from '../../shell/useShellPath.ts';
import { useTagScope } from '../../shell/useTagScope.ts';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingVerticalXL,
    maxWidth: '1280px',
    width: '100%',
    boxSizing: 'border-box',
    margin: '0 auto',
  },
  welcome: {
    display: 'flex',
    flexDirection: 'row',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    padding: tokens.spacingVerticalXL,
    backgroundImage: `linear-gradient(120deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground1} 70%)`,
  },
  welcomeText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  roles: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, marginTop: tokens.spacingVerticalXS },
  stats: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: tokens.spacingHorizontalL },
  stat: { padding: tokens.spacingVerticalL, minHeight: '120px' },
  statValue: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightSemibold },
  statIcon: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '36px',
    height: '36px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
    fontSize: '20px',
  },
  notice: { display: '-webkit-box', WebkitLineClamp: '3', WebkitBoxOrient: 'vertical', overflow: 'hidden' },
  section: { padding: tokens.spacingVerticalL },
  recent: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  recentLink: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    cursor: 'pointer',
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
});

const countLeaves = (nodes: MenuNode[]): number =>
  nodes.reduce((n, node) => n + (node.children.length ? countLeaves(node.children) : 1), 0);

function greeting(hour: number) {
  if (hour < 6) return 'night';
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** The home page: who and where the user is, shortcuts, and what the menu and org config really hold. */
export default function HomePage() {
  const styles = useStyles();
  const { t, i18n } = useLingui();
  const { navigate } = useShellPath();
  const { user } = useSession();
  const orgApp = useCurrentOrgApp();
  const appName = appTitle(orgApp?.appName, i18n);
  const { roles, isLoading: rolesLoading } = usePowers();
  const menu = useMenuEntries('pcMenu');
  const quick = useMenuEntries('quickEntry');
  const notice = useSelector(useNoticeBanner(), (s) => (s.context.notify?.enable ? s.context.notify.content.trim() : ''));
  const recent = useStoredTags(useTagScope());
  const screenCount = useMemo(() => countLeaves(buildMenuTree(menu.data ?? [])), [menu.data]);

  const name = user?.name || user?.personName || user?.username || '';
  const hello = { morning: t`上午好`, afternoon: t`下午好`, evening: t`晚上好`, night: t`夜深了` }[greeting(new Date().getHours())];
  const roleNames = roles.map((r) => roleLabel(r, i18n._.bind(i18n)));

  return (
    <div className={styles.root} data-testid="home-page">
      <Card className={styles.welcome} data-testid="home-welcome">
        <Avatar name={name} initials={avatarInitials(name)} size={64} color="brand" />
        <div className={styles.welcomeText}>
          <Text size={600} weight="semibold">
            <Trans>
              {hello}，{name}
            </Trans>
          </Text>
          <Text className={styles.muted}>
            {orgApp ? (
              <Trans>
                当前机构：{orgApp.orgName} · {appName}
              </Trans>
            ) : (
              <Trans>尚未选择机构</Trans>
            )}
          </Text>
          <div className={styles.roles} data-testid="home-roles">
            {rolesLoading ? null : roleNames.length ? (
              roleNames.map((r) => (
                <Badge key={r} appearance="tint" shape="rounded">
                  {r}
                </Badge>
              ))
            ) : (
              <Text size={200} className={styles.muted}>
                <Trans>当前机构下暂无角色</Trans>
              </Text>
            )}
          </div>
        </div>
      </Card>

      <div className={styles.stats}>
        <Card className={styles.stat} data-testid="home-stat-screens">
          <CardHeader image={<span className={styles.statIcon}><AppsRegular /></span>} header={<Text weight="semibold"><Trans>可用功能</Trans></Text>} />
          <Text className={styles.statValue}>{menu.isPending ? '–' : screenCount}</Text>
          <Text size={200} className={styles.muted}>
            <Trans>菜单中您可以打开的页面</Trans>
          </Text>
        </Card>
        <Card className={styles.stat} data-testid="home-stat-roles">
          <CardHeader image={<span className={styles.statIcon}><PersonAccountsRegular /></span>} header={<Text weight="semibold"><Trans>我的角色</Trans></Text>} />
          <Text className={styles.statValue}>{rolesLoading ? '–' : roles.length}</Text>
          <Text size={200} className={styles.muted}>
            {roleNames.length ? roleNames.join('、') : <Trans>暂无角色</Trans>}
          </Text>
        </Card>
        <Card className={styles.stat} data-testid="home-stat-quick">
          <CardHeader image={<span className={styles.statIcon}><FlashRegular /></span>} header={<Text weight="semibold"><Trans>快捷入口</Trans></Text>} />
          <Text className={styles.statValue}>{quick.isPending ? '–' : (quick.data ?? []).filter((e) => e.enable !== false).length}</Text>
          <Text size={200} className={styles.muted}>
            <Trans>为您配置的常用功能</Trans>
          </Text>
        </Card>
        <Card className={styles.stat} data-testid="home-stat-notice">
          <CardHeader image={<span className={styles.statIcon}><MegaphoneRegular /></span>} header={<Text weight="semibold"><Trans>系统通知</Trans></Text>} />
          <Text className={notice ? styles.notice : styles.muted}>{notice || <Trans>暂无通知</Trans>}</Text>
        </Card>
      </div>

      <Card className={styles.section}>
        <CardHeader header={<Text weight="semibold" size={400}><Trans>快捷入口</Trans></Text>} />
        <QuickEntries onNavigate={navigate} />
      </Card>

      {recent.length > 0 && (
        <Card className={styles.section} data-testid="home-recent">
          <CardHeader
            image={<HistoryRegular />}
            header={<Text weight="semibold" size={400}><Trans>最近打开</Trans></Text>}
          />
          <div className={styles.recent}>
            {[...recent].reverse().map((tag) => (
              <button key={tag.path} type="button" className={styles.recentLink} onClick={() => navigate(tag.path)}>
                {tag.title}
              </button>
            ))}
          </div>
        </Card>
      )}
    </div>
  );
}
