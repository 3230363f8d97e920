import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, BuildingRegular, ChevronRightRegular, SearchRegular, SignOutRegular } from '@fluentui/react-icons';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { chooserOrgApps, orgTypeLabelKey } from '../../../domain/orgAppChooser.ts';
import type { OrgApp, OrgType } from '../../../domain/types.ts';
import { useLogout, useOrgAppActor, useSession } from '../../app/hooks.ts';
import { prefetchOrgAppContext } from '../../app/appActor.ts';
import { readAgentId, readAgentIsPrimary } from '../../app/storage.ts';

/** §1 two fixed orgs are always removed from the chooser (their ids are configured per deployment). */
const EXCLUDED_ORG_IDS: readonly string[] = (import.meta.env.VITE_EXCLUDED_ORG_IDS ?? '')
  .split(',')
  .map((s: string) => s.trim())
  .filter(Boolean);

// §1 org types; unknown is a formal organisation
const ORG_TYPE_LABELS: Record<OrgType, MessageDescriptor> = {
  project: msg`项目机构`,
  product: msg`产品机构`,
  trialVersion: msg`试用版`,
  preActivation: msg`待激活`,
  formal: msg`正式机构`,
};
const ORG_TYPE_COLORS: Record<OrgType, 'brand' | 'informative' | 'warning' | 'severe' | 'success'> = {
  project: 'informative',
  product: 'brand',
  trialVersion: 'warning',
  preActivation: 'severe',
  formal: 'success',
};

const useStyles = makeStyles({
  page: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2, boxSizing: 'border-box' },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  product: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  user: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground2 },
  body: { maxWidth: '1080px', margin: '0 auto', padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}` },
  titleRow: { display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: tokens.spacingHorizontalL, flexWrap: 'wrap', marginBottom: tokens.spacingVerticalL },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightSemibold },
  hint: { margin: `${tokens.spacingVerticalXS} 0 0`, color: tokens.colorNeutralForeground3 },
  search: { width: '320px', maxWidth: '100%' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: tokens.spacingHorizontalL, marginTop: tokens.spacingVerticalM },
  card: { cursor: 'pointer', padding: tokens.spacingHorizontalL, ':hover': { boxShadow: tokens.shadow8 } },
  cardCurrent: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  cardRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  icon: {
    width: '40px',
    height: '40px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusMedium,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '22px',
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
  },
  names: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0, flexGrow: 1 },
  orgName: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  appName: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  chevron: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
  empty: { padding: `${tokens.spacingVerticalXXXL} 0`, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

const matches = (o: OrgApp, q: string) => !q || `${o.orgName} ${o.appName} ${o.orgId} ${o.appId}`.toLowerCase().includes(q.toLowerCase());

/** §1/§4 choose the organisation and application to work in. */
export function OrgAppPage() {
  const styles = useStyles();
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const actor = useOrgAppActor();
  const { user } = useSession();
  const logout = useLogout();
  const [query, setQuery] = useState('');
  const chose = useRef(false);
  const { status, orgApps, current, pending, error } = useSelector(
    actor,
    (s) => ({
      status: (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as string,
      orgApps: s.context.orgApps,
      current: s.context.current,
      pending: s.context.pending,
      error: s.context.error,
    }),
    (a, b) => a.status === b.status && a.orgApps === b.orgApps && a.current === b.current && a.pending === b.pending && a.error === b.error,
  );

  useEffect(() => {
    document.title = t`选择机构`;
  }, [t]);

  // the list is (re)loaded when the chooser opens without one
  useEffect(() => {
    if (status === 'idle' || ((status === 'choosing' || status === 'ready') && orgApps.length === 0 && !error)) actor.send({ type: 'LOAD' });
    // only on entry: later changes are the chooser's own doing
  }, []);

  useEffect(() => {
    if (chose.current && status === 'ready') navigate('/home', { replace: true });
  }, [status, navigate]);

  const visible = useMemo(
    () => chooserOrgApps(orgApps, { agentId: readAgentId(), isPrimaryAgent: readAgentIsPrimary(), excludedOrgIds: EXCLUDED_ORG_IDS }).filter((o) => matches(o, query.trim())),
    [orgApps, query],
  );
  const busy = status === 'fetchingKey' || status === 'loadingContext';

  // the context of the org-app about to be chosen is fetched from the first sign of it (src/app/appActor.ts)
  const intend = (orgApp: OrgApp) => {
    if (!busy && !(status === 'ready' && current?.id === orgApp.id)) prefetchOrgAppContext(orgApp);
  };

  const choose = (orgApp: OrgApp) => {
    if (busy) return;
    if (status === 'ready' && current?.id === orgApp.id) {
      navigate('/home', { replace: true });
      return;
    }
    chose.current = true;
    actor.send({ type: 'CHOOSE', orgApp });
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <span className={styles.product}>
          <Trans>营养餐管理平台</Trans>
        </span>
        <div className={styles.user}>
          <Text>{user?.name || user?.username}</Text>
          <Button appearance="subtle" icon={<SignOutRegular />} onClick={logout} data-testid="orgapp-logout">
            <Trans>退出登录</Trans>
          </Button>
        </div>
      </header>
      <main className={styles.body}>
        <div className={styles.titleRow}>
          <div>
            <h1 className={styles.title}>
              <Trans>选择机构与应用</Trans>
            </h1>
            <p className={styles.hint}>
              <Trans>请选择要进入的机构，之后可随时切换</Trans>
            </p>
          </div>
          <Input
            className={styles.search}
            data-testid="orgapp-search"
            contentBefore={<SearchRegular />}
            placeholder={t`搜索机构或应用名称`}
            value={query}
            onChange={(_, d) => setQuery(d.value)}
          />
        </div>
        {error && (
          <MessageBar intent="error" data-testid="orgapp-error">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        {status === 'loadingList' || status === 'idle' ? (
          <div className={styles.empty}>
            <Spinner label={t`正在加载机构列表…`} />
          </div>
        ) : visible.length === 0 ? (
          <div className={styles.empty} data-testid="orgapp-empty">
            <p>{query ? <Trans>没有找到匹配的机构</Trans> : <Trans>您还没有可进入的机构，请联系管理员开通</Trans>}</p>
            <Button icon={<ArrowClockwiseRegular />} onClick={() => actor.send({ type: 'LOAD' })}>
              <Trans>重新加载</Trans>
            </Button>
          </div>
        ) : (
          <div className={styles.grid} role="list">
            {visible.map((o) => {
              const type = orgTypeLabelKey(o.orgType);
              const loading = busy && pending?.id === o.id;
              return (
                <Card
                  key={o.id}
                  role="listitem"
                  className={mergeClasses(styles.card, current?.id === o.id && styles.cardCurrent)}
                  data-testid="orgapp-item"
                  data-org-id={o.orgId}
                  data-app-id={o.appId}
                  onPointerEnter={() => intend(o)}
                  onPointerDown={() => intend(o)}
                  onFocus={() => intend(o)}
                  onClick={() => choose(o)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      choose(o);
                    }
                  }}
                  tabIndex={0}
                  aria-busy={loading}
                >
                  <div className={styles.cardRow}>
                    <div className={styles.icon}>
                      <BuildingRegular />
                    </div>
                    <div className={styles.names}>
                      <span className={styles.orgName} data-testid="orgapp-name" title={o.orgName}>
                        {o.orgName}
                      </span>
                      <span className={styles.appName} title={o.appName}>
                        {o.appName}
                      </span>
                      <div>
                        <Badge appearance="tint" color={ORG_TYPE_COLORS[type]} size="small">
                          {i18n._(ORG_TYPE_LABELS[type])}
                        </Badge>
                      </div>
                    </div>
                    {loading ? <Spinner size="tiny" /> : <ChevronRightRegular className={styles.chevron} />}
                  </div>
                </Card>
              );
            })}
          </div>
        )}
      </main>
    </div>
  );
}

export default OrgAppPage;
