import {
  Avatar,
  Button,
  Hamburger,
  makeStyles,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { ArrowSwapRegular, FlowchartRegular, OpenRegular, BuildingRegular, FoodRegular, LocalLanguageRegular, SignOutRegular, WeatherMoonRegular, WeatherSunnyRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { ProductUpdatesBadge } from './ProductUpdatesBadge.tsx';
import { ENTRY_PAGES, LOCALE_NAMES, LOCALES, type Locale } from '../../domain/constants.ts';
import { entryPage } from '../app/bridge.ts';
import { avatarInitials } from './avatarInitials.ts';
import { appTitle } from './menuTitle.ts';
import { roleLabel } from './roleLabel.ts';
import { inspectorAllowed, STATECHARTS_PATH } from './inspectorRoute.ts';
import { useCurrentOrgApp, useLaunchEntry, useLocale, useLogout, usePowers, useSession, useThemeMode } from '../app/hooks.ts';

const currentPath = () => window.location.hash.replace(/^#/, '').split('?')[0] || '/home';

// Language names are shown in their own language, whatever the current locale.

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    height: '52px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
    flexShrink: 0,
    zIndex: 2,
  },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  logo: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '30px',
    height: '30px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: '20px',
    flexShrink: 0,
  },
  appName: { whiteSpace: 'nowrap' },
  org: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    marginLeft: tokens.spacingHorizontalM,
    paddingLeft: tokens.spacingHorizontalM,
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground2,
    minWidth: 0,
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    textOverflow: 'ellipsis',
  },
  spacer: { flexGrow: 1 },
  user: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  userButton: { paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalS, minWidth: 0 },
  userName: { maxWidth: '120px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  identity: { display: 'flex', flexDirection: 'column', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface AppHeaderProps {
  /** phones: one row of icons; the names move into tooltips and the user menu */
  compact?: boolean;
  menuOpen: boolean;
  onToggleMenu: () => void;
  onNavigate: (path: string) => void;
}

/** The header: app and org, org switch, language, light/dark, and the user menu with logout. */
export function AppHeader({ compact = false, menuOpen, onToggleMenu, onNavigate }: AppHeaderProps) {
  const styles = useStyles();
  const { t, i18n } = useLingui();
  const orgApp = useCurrentOrgApp();
  const { user } = useSession();
  const { roles, isSystemProvider } = usePowers();
  const { locale, setLocale } = useLocale();
  const { mode, setMode } = useThemeMode();
  const logout = useLogout();
  const launch = useLaunchEntry();
  const displayName = user?.name || user?.personName || user?.username || '';
  const roleNames = roles.map((r) => roleLabel(r, i18n._.bind(i18n))).join('、');

  return (
    <header className={styles.root} data-testid="app-header">
      <Tooltip content={menuOpen ? t`收起菜单` : t`展开菜单`} relationship="label">
        <Hamburger onClick={onToggleMenu} aria-expanded={menuOpen} data-testid="menu-toggle" />
      </Tooltip>
      <div className={styles.brand}>
        <span className={styles.logo} aria-hidden>
          <FoodRegular />
        </span>
        {!compact && (
          <Text weight="semibold" size={400} className={styles.appName} data-testid="app-name">
            {appTitle(orgApp?.appName, i18n)}
          </Text>
        )}
      </div>
      {orgApp && (
        <div className={styles.org} title={orgApp.orgName}>
          <BuildingRegular aria-hidden />
          <Text data-testid="org-name">{orgApp.orgName}</Text>
        </div>
      )}
      <div className={styles.spacer} />

      {/* a phone's header holds one row of icons already: the release notes stay on their screen there */}
      {!compact && <ProductUpdatesBadge />}

      <Button appearance="subtle" icon={<ArrowSwapRegular />} data-testid="org-switch" aria-label={t`切换机构`} onClick={() => onNavigate('/orgapp')}>
        {!compact && <Trans>切换机构</Trans>}
      </Button>

      <Menu
        checkedValues={{ locale: [locale] }}
        onCheckedValueChange={(_, data) => {
          const next = data.checkedItems[0] as Locale | undefined;
          if (next) setLocale(next);
        }}
      >
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" icon={<LocalLanguageRegular />} data-testid="locale-switch" aria-label={compact ? t`切换语言` : undefined} title={t`切换语言`}>
            {!compact && LOCALE_NAMES[locale]}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {LOCALES.map((l) => (
              <MenuItemRadio key={l} name="locale" value={l} data-testid={`locale-${l}`}>
                {LOCALE_NAMES[l]}
              </MenuItemRadio>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>

      <Tooltip content={mode === 'dark' ? t`切换到浅色模式` : t`切换到深色模式`} relationship="label">
        <Button
          appearance="subtle"
          data-testid="theme-switch"
          icon={mode === 'dark' ? <WeatherSunnyRegular /> : <WeatherMoonRegular />}
          onClick={() => setMode(mode === 'dark' ? 'light' : 'dark')}
        />
      </Tooltip>

      <Menu positioning="below-end">
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" className={styles.userButton} data-testid="user-menu">
            <span className={styles.user}>
              <Avatar name={displayName} initials={avatarInitials(displayName, 1)} size={28} color="colorful" />
              {!compact && <span className={styles.userName}>{displayName}</span>}
            </span>
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuGroup>
              <MenuGroupHeader>
                <Trans>当前账号</Trans>
              </MenuGroupHeader>
              <div className={styles.identity}>
                <Text weight="semibold">{displayName}</Text>
                {user?.username && <Text size={200} className={styles.muted}>{user.username}</Text>}
                {roleNames && <Text size={200} className={styles.muted}>{roleNames}</Text>}
              </div>
            </MenuGroup>
            <MenuDivider />
            <MenuItem icon={<ArrowSwapRegular />} onClick={() => onNavigate('/orgapp')}>
              <Trans>切换机构</Trans>
            </MenuItem>
            {inspectorAllowed(isSystemProvider) && (
              <MenuItem icon={<FlowchartRegular />} data-testid="open-statecharts" onClick={() => onNavigate(STATECHARTS_PATH)}>
                <Trans>状态图</Trans>
              </MenuItem>
            )}
            <MenuDivider />
            <MenuGroup>
              <MenuGroupHeader>
                <Trans>在其他入口打开</Trans>
              </MenuGroupHeader>
              {/* §2 sign-in bridge: the other entry page opens signed in, on the same screen */}
              {ENTRY_PAGES.filter((page) => page !== entryPage()).map((page) => (
                <MenuItem key={page} icon={<OpenRegular />} data-testid={`launch-entry-${page}`} onClick={() => launch(page, currentPath())}>
                  {page}.html
                </MenuItem>
              ))}
            </MenuGroup>
            <MenuDivider />
            <MenuItem icon={<SignOutRegular />} data-testid="logout" onClick={logout}>
              <Trans>退出登录</Trans>
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    </header>
  );
}
