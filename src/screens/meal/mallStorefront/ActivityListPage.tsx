// §2 activityList 活动管理 (issue 34): the events the org runs for its members (a nutrition week, an open-kitchen
// day): create and edit, publish, close sign-ups or cancel (ActivityActions, the activity statechart), and per
// activity who signed up, confirmed or waiting, with attendance and an Excel export (ActivitySignUps).
import { useState } from 'react';
import { Badge, Button, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { AddRegular, EditRegular } from '@fluentui/react-icons';
import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { activitiesQuery, activityKeys, type ActivityRow } from '../../../../services/activities.ts';
import { useStyles } from './RecordsScreen.tsx';
import { ActivityActions } from './ActivityActions.tsx';
import { ActivityDialog } from './ActivityDialog.tsx';
import { ActivitySignUps } from './ActivitySignUps.tsx';

export function ActivityStatusBadge({ status }: { status: ActivityRow['status'] }) {
  switch (status) {
    case 'draft': return <Badge appearance="tint" color="subtle"><Trans>草稿</Trans></Badge>;
    case 'published': return <Badge appearance="tint" color="brand"><Trans>报名中</Trans></Badge>;
    case 'closed': return <Badge appearance="tint" color="informative"><Trans>已截止</Trans></Badge>;
    case 'cancelled': return <Badge appearance="tint" color="danger"><Trans>已取消</Trans></Badge>;
  }
}

export default function ActivityListPage() {
  const styles = useStyles();
  const fmt = useIntlFormat();
  const orgApp = useCurrentOrgApp();
  const qc = useQueryClient();
  const list = useQuery(activitiesQuery(orgApp?.orgId));
  const [editing, setEditing] = useState<ActivityRow | 'new' | null>(null);
  const [openId, setOpenId] = useState('');
  const rows = list.data?.rows ?? [];
  const open = rows.find((r) => r.id === openId);
  return (
    <div className={styles.root} data-testid="activity-list">
      <div className={styles.bar}>
        <Text weight="semibold" size={500}><Trans>活动管理</Trans></Text>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="activity-add"><Trans>新建活动</Trans></Button>
      </div>
      {list.isLoading && <Spinner />}
      <Table size="small">
        <TableHeader><TableRow>
          <TableHeaderCell><Trans>活动名称</Trans></TableHeaderCell>
          <TableHeaderCell><Trans>时间</Trans></TableHeaderCell>
          <TableHeaderCell><Trans>地点</Trans></TableHeaderCell>
          <TableHeaderCell><Trans>报名截止</Trans></TableHeaderCell>
          <TableHeaderCell><Trans>已确认 / 名额</Trans></TableHeaderCell>
          <TableHeaderCell><Trans>候补</Trans></TableHeaderCell>
          <TableHeaderCell><Trans>状态</Trans></TableHeaderCell>
          <TableHeaderCell />
        </TableRow></TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} data-testid="activity-row" onClick={() => setOpenId(r.id)} style={{ cursor: 'pointer' }} aria-selected={r.id === openId}>
              <TableCell>{r.title}<br /><Text className={styles.meta}>{r.audience.map((a) => a.name).join('、')}</Text></TableCell>
              <TableCell>{fmt.dateTime(r.startsAt)}</TableCell>
              <TableCell>{r.place}</TableCell>
              <TableCell>{fmt.dateTime(r.signUpBy)}</TableCell>
              <TableCell>{r.confirmedSeats} / {r.capacity}</TableCell>
              <TableCell>{r.waiting}</TableCell>
              <TableCell><ActivityStatusBadge status={r.status} /></TableCell>
              <TableCell>
                {(r.status === 'draft' || r.status === 'published') && (
                  <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={(e) => { e.stopPropagation(); setEditing(r); }} data-testid="activity-edit" />
                )}
                <ActivityActions row={r} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {list.data && !rows.length && <Text className={styles.meta}><Trans>暂无活动</Trans></Text>}
      {open && <ActivitySignUps activity={open} />}
      {editing && (
        <ActivityDialog row={editing === 'new' ? null : editing} onClose={() => setEditing(null)}
          onSaved={() => { setEditing(null); void qc.invalidateQueries({ queryKey: activityKeys.all }); }} />
      )}
    </div>
  );
}
