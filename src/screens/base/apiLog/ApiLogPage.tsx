// API日志 (§2 apiLog): the API log — one row per request that changed something (route, who, when, the events
// it appended) — and, as a second tab, the operation log (one row per event). Both read the event table
// through GET /v1/log/apilog and /v1/log/operationlog; keys start with 'logs' so live events refresh them.
import { useState } from 'react';
import {
  Badge, makeStyles, MessageBar, MessageBarBody, Spinner, Tab, TabList, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title3, tokens,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { apiLogQuery, requestEventsQuery, type ApiLogRow } from '../../../../services/logs.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { OperationLogView } from '../operationLog/OperationLogView.tsx';
import { EMPTY_FILTERS, LogFilters, toLogQuery, type LogFilterValues } from './LogFilters.tsx';
import { LOG_PAGE_SIZE, LogPager } from './LogPager.tsx';
import { LogDrawer, timeText } from './LogDrawer.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalL, minWidth: 0 },
  row: { cursor: 'pointer' },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  types: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  event: { marginTop: tokens.spacingVerticalM },
  pre: {
    fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap', wordBreak: 'break-all',
    backgroundColor: tokens.colorNeutralBackground3, padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusMedium, margin: 0,
  },
});

/** The events one request appended: the operation log of that instant, narrowed to the request id. */
function RequestEvents({ row }: { row: ApiLogRow }) {
  const styles = useStyles();
  const orgApp = useCurrentOrgApp();
  const events = useQuery(requestEventsQuery(orgApp?.orgId, row));
  if (events.isLoading) return <Spinner size="tiny" />;
  return (
    <>
      {(events.data ?? []).map((e) => (
        <div key={e.id} className={styles.event}>
          <Text weight="semibold">{e.type}</Text> <Text className={styles.mono}>{e.streamId}</Text>
          <pre className={styles.pre} data-testid="log-drawer-data">{JSON.stringify(e.data, null, 2)}</pre>
        </div>
      ))}
    </>
  );
}

function ApiLogView() {
  const styles = useStyles();
  const { t, i18n } = useLingui();
  const orgApp = useCurrentOrgApp();
  const [filters, setFilters] = useState<LogFilterValues>(EMPTY_FILTERS);
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<ApiLogRow | null>(null);
  const log = useQuery({
    ...apiLogQuery(orgApp?.orgId, { ...toLogQuery(filters), $limit: LOG_PAGE_SIZE, $skip: page * LOG_PAGE_SIZE }),
    enabled: Boolean(orgApp?.key),
    placeholderData: (prev) => prev,
  });
  const rows = log.data?.rows ?? [];
  return (
    <>
      <LogFilters withRoute testId="api-log-filters" onApply={(f) => { setFilters(f); setPage(0); }} />
      {log.isError && <MessageBar intent="error"><MessageBarBody>{log.error instanceof Error ? log.error.message : ''}</MessageBarBody></MessageBar>}
      <Table aria-label={t`API日志`} size="small" data-testid="api-log">
        <TableHeader>
          <TableRow>
            <TableHeaderCell><Trans>时间</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>用户</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>接口</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>事件</Trans></TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} className={styles.row} data-testid="api-log-row" onClick={() => setOpen(r)}>
              <TableCell>{timeText(r.time, i18n.locale)}</TableCell>
              <TableCell>{r.username ?? <span className={styles.muted}>{t`系统`}</span>}</TableCell>
              <TableCell className={styles.mono} data-testid="api-log-route">{r.route ?? ''}</TableCell>
              <TableCell>
                <div className={styles.types}>
                  {[...new Set(r.types)].map((ty) => <Badge key={ty} appearance="tint">{ty}</Badge>)}
                  {r.count > 1 && <Text className={styles.muted}>×{r.count}</Text>}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {log.isLoading && <Spinner size="small" />}
      {!log.isLoading && rows.length === 0 && <Text className={styles.muted}><Trans>没有符合条件的记录</Trans></Text>}
      <LogPager testId="api-log-pager" page={page} count={log.data?.count ?? 0} onPage={setPage} />
      <LogDrawer
        open={open !== null}
        title={open?.route ?? ''}
        onClose={() => setOpen(null)}
        fields={open ? [
          [t`时间`, timeText(open.time, i18n.locale)], [t`用户`, open.username ?? t`系统`], [t`用户 ID`, open.userId ?? ''],
          [t`请求`, open.requestId], [t`事件数`, String(open.count)],
        ] : []}
      >
        {open && <RequestEvents row={open} />}
      </LogDrawer>
    </>
  );
}

export default function ApiLogPage() {
  const styles = useStyles();
  const [tab, setTab] = useState<'api' | 'operation'>('api');
  return (
    <div className={styles.root} data-testid="api-log-page">
      <Title3><Trans>API日志</Trans></Title3>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'api' | 'operation')}>
        <Tab value="api" data-testid="log-tab-api"><Trans>API日志</Trans></Tab>
        <Tab value="operation" data-testid="log-tab-operation"><Trans>操作日志</Trans></Tab>
      </TabList>
      {tab === 'api' ? <ApiLogView /> : <OperationLogView />}
    </div>
  );
}
