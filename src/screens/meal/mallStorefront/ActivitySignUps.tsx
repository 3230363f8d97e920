// Issue 34, activityList: who signed up for one activity, confirmed first and then the waiting list in order, with
// attendance marked on the day (present / absent) and the list exported to Excel (exceljs, loaded on export only).
import { Badge, Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { activityKeys, markAttendance, signUpsQuery, type ActivityRow, type SignUpRow } from '../../../../services/activities.ts';
import { useStyles } from './RecordsScreen.tsx';

export function ActivitySignUps({ activity }: { activity: ActivityRow }) {
  const styles = useStyles();
  const { t } = useLingui();
  const fmt = useIntlFormat();
  const orgApp = useCurrentOrgApp();
  const qc = useQueryClient();
  const list = useQuery(signUpsQuery(orgApp?.orgId, activity.id));
  const [error, setError] = useState<string | null>(null);
  const rows = list.data?.rows ?? [];
  const mark = async (r: SignUpRow, attendance: 'present' | 'absent') => {
    setError(null);
    try {
      await markAttendance(activity.id, r.memberId, r.attendance === attendance ? null : attendance);
      await qc.invalidateQueries({ queryKey: activityKeys.all });
    } catch (e) { setError((e as Error).message); }
  };
  const place = (r: SignUpRow) => (r.status === 'confirmed' ? t`已确认` : t`候补第 ${r.waitingNo} 位`);
  const attendanceText = (r: SignUpRow) => (r.attendance === 'present' ? t`出席` : r.attendance === 'absent' ? t`缺席` : '');
  const exportSheet = async () => {
    const { downloadFile, writeWorkbook } = await import('../../../components/excel/sheet.ts');
    const headers = [t`会员`, t`手机号`, t`人数`, t`状态`, t`签到`, t`报名时间`];
    downloadFile(await writeWorkbook(headers, rows.map((r) => [r.name, r.phone, r.seats, place(r), attendanceText(r), fmt.dateTime(r.signedUpAt)]), activity.title.slice(0, 31)),
      `${activity.title}_${t`报名名单`}.xlsx`);
  };
  return (
    <div data-testid="activity-signups">
      <div className={styles.bar}>
        <Text weight="semibold">{activity.title} · <Trans>报名名单</Trans></Text>
        <Text className={styles.meta}><Trans>已确认 {activity.confirmedSeats} / {activity.capacity} 人，候补 {activity.waiting} 位</Trans></Text>
        <Button size="small" icon={<ArrowDownloadRegular />} disabled={!rows.length} onClick={() => void exportSheet()} data-testid="activity-export"><Trans>导出 Excel</Trans></Button>
      </div>
      {error && <Text role="alert" style={{ color: 'red' }}>{error}</Text>}
      <Table size="small">
        <TableHeader><TableRow>
          <TableHeaderCell><Trans>会员</Trans></TableHeaderCell>
          <TableHeaderCell><Trans>手机号</Trans></TableHeaderCell>
          <TableHeaderCell><Trans>人数</Trans></TableHeaderCell>
          <TableHeaderCell><Trans>状态</Trans></TableHeaderCell>
          <TableHeaderCell><Trans>签到</Trans></TableHeaderCell>
        </TableRow></TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.memberId} data-testid="activity-signup-row">
              <TableCell>{r.name}</TableCell>
              <TableCell>{r.phone}</TableCell>
              <TableCell>{r.seats}</TableCell>
              <TableCell><Badge appearance="tint" color={r.status === 'confirmed' ? 'success' : 'warning'}>{place(r)}</Badge></TableCell>
              <TableCell>
                {r.status === 'confirmed' && (['present', 'absent'] as const).map((a) => (
                  <Button key={a} size="small" appearance={r.attendance === a ? 'primary' : 'subtle'} onClick={() => void mark(r, a)} data-testid={`activity-${a}`}>
                    {a === 'present' ? <Trans>出席</Trans> : <Trans>缺席</Trans>}
                  </Button>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {list.data && !rows.length && <Text className={styles.meta}><Trans>暂无报名</Trans></Text>}
    </div>
  );
}
