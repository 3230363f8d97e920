// The operation log (§2 logs are views of events): one row per event of the org, newest first — who, what,
// when, which route; filters, paging, and a drawer with the event data. Its query key starts with 'logs', so
// every live event of the org refreshes it (src/app/liveUpdates.ts).
import { useState } from 'react';
import { Badge, makeStyles, MessageBar, MessageBarBody, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { operationLogQuery, type OperationLogRow } from '../../../../services/logs.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { EMPTY_FILTERS, LogFilters, toLogQuery, type LogFilterValues } from '../apiLog/LogFilters.tsx';
import { LOG_PAGE_SIZE, LogPager } from '../apiLog/LogPager.tsx';
import { LogDrawer, timeText } from '../apiLog/LogDrawer.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  row: { cursor: 'pointer' },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function OperationLogView() {
  const styles = useStyles();
  const { t, i18n } = useLingui();
  const orgApp = useCurrentOrgApp();
  const [filters, setFilters] = useState<LogFilterValues>(EMPTY_FILTERS);
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<OperationLogRow | null>(null);
  const log = useQuery({
    ...operationLogQuery(orgApp?.orgId, { ...toLogQuery(filters), $limit: LOG_PAGE_SIZE, $skip: page * LOG_PAGE_SIZE }),
    enabled: Boolean(orgApp?.key),
    placeholderData: (prev) => prev,
  });
  const rows = log.data?.rows ?? [];
  return (
    <div className={styles.root} data-testid="operation-log">
      <LogFilters testId="operation-log-filters" onApply={(f) => { setFilters(f); setPage(0); }} />
      {log.isError && <MessageBar intent="error"><MessageBarBody>{log.error instanceof Error ? log.error.message : ''}</MessageBarBody></MessageBar>}
      <Table aria-label={t`操作日志`} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell><Trans>时间</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>用户</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>事件</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>接口</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>对象</Trans></TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} className={styles.row} data-testid="operation-log-row" onClick={() => setOpen(r)}>
              <TableCell>{timeText(r.time, i18n.locale)}</TableCell>
              <TableCell>{r.username ?? <span className={styles.muted}>{t`系统`}</span>}</TableCell>
              <TableCell><Badge appearance="tint" data-testid="operation-log-type">{r.type}</Badge></TableCell>
              <TableCell className={styles.mono}>{r.route ?? ''}</TableCell>
              <TableCell className={styles.mono}>{r.streamId}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {log.isLoading && <Spinner size="small" />}
      {!log.isLoading && rows.length === 0 && <Text className={styles.muted}><Trans>没有符合条件的记录</Trans></Text>}
      <LogPager testId="operation-log-pager" page={page} count={log.data?.count ?? 0} onPage={setPage} />
      <LogDrawer
        open={open !== null}
        title={open?.type ?? ''}
        onClose={() => setOpen(null)}
        data={open?.data}
        fields={open ? [
          [t`时间`, timeText(open.time, i18n.locale)], [t`用户`, open.username ?? t`系统`], [t`用户 ID`, open.userId ?? ''],
          [t`接口`, open.route ?? ''], [t`请求`, open.requestId ?? ''], [t`对象`, open.streamId], [t`机构`, open.orgId],
        ] : []}
      />
    </div>
  );
}
