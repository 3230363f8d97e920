// §2 grouponManage 团购管理 (issue 34): the org's group buys with how many joined, who, and how each ended; start one,
// cancel one. Success or failure at the deadline is the server's (domain/aggregates/groupon.ts).
import { useState } from 'react';
import {
  Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, Spinner,
  Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { cancelGroupon, createGroupon, grouponQuery, grouponsQuery, storefrontKeys } from '../../../../services/mall/storefrontAdmin.ts';
import type { StorefrontGroupon } from '../../../../services/storefront.ts';
import { useStyles } from './RecordsScreen.tsx';

export function GrouponStatusBadge({ status }: { status: StorefrontGroupon['status'] }) {
  switch (status) {
    case 'open': return <Badge appearance="tint" color="brand"><Trans>进行中</Trans></Badge>;
    case 'settling': return <Badge appearance="tint" color="warning"><Trans>结算中</Trans></Badge>;
    case 'succeeded': return <Badge appearance="tint" color="success"><Trans>拼团成功</Trans></Badge>;
    case 'failed': return <Badge appearance="tint" color="danger"><Trans>未成团</Trans></Badge>;
    case 'cancelled': return <Badge appearance="tint" color="subtle"><Trans>已取消</Trans></Badge>;
  }
}

export default function GrouponManagePage() {
  const styles = useStyles();
  const fmt = useIntlFormat();
  const money = useMoney();
  const { t } = useLingui();
  const orgApp = useCurrentOrgApp();
  const client = useQueryClient();
  const list = useQuery(grouponsQuery(orgApp?.orgId));
  const [openId, setOpenId] = useState('');
  const detail = useQuery(grouponQuery(orgApp?.orgId, openId));
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: storefrontKeys.all });
  const cancel = async (id: string, version?: number) => {
    if (!window.confirm(t`确定取消该团购？已参团的会员不会被扣款。`)) return;
    try { await cancelGroupon(id, version); await refresh(); } catch (e) { setError((e as Error).message); }
  };
  return (
    <div className={styles.root} data-testid="groupon-manage">
      <div className={styles.bar}>
        <Text weight="semibold" size={500}><Trans>团购管理</Trans></Text>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)} data-testid="groupon-add"><Trans>发起团购</Trans></Button>
      </div>
      {error && <MessageBar intent="error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
      {list.isLoading && <Spinner />}
      <Table size="small">
        <TableHeader><TableRow>
          <TableHeaderCell><Trans>标题</Trans></TableHeaderCell>
          <TableHeaderCell><Trans>团购价</Trans></TableHeaderCell>
          <TableHeaderCell><Trans>参团 / 成团人数</Trans></TableHeaderCell>
          <TableHeaderCell><Trans>截止时间</Trans></TableHeaderCell>
          <TableHeaderCell><Trans>状态</Trans></TableHeaderCell>
          <TableHeaderCell />
        </TableRow></TableHeader>
        <TableBody>
          {(list.data?.rows ?? []).map((g) => (
            <TableRow key={g.id} data-testid="groupon-row" onClick={() => setOpenId(g.id)} style={{ cursor: 'pointer' }}>
              <TableCell>{g.title}</TableCell>
              <TableCell>{money(g.groupPrice)} <Text className={styles.meta} strikethrough>{money(g.unitPrice)}</Text></TableCell>
              <TableCell>{g.joined} / {g.minPeople}</TableCell>
              <TableCell>{fmt.dateTime(g.deadline)}</TableCell>
              <TableCell><GrouponStatusBadge status={g.status} /></TableCell>
              <TableCell>{g.status === 'open' && <Button size="small" onClick={(e) => { e.stopPropagation(); void cancel(g.id, g.version); }}><Trans>取消</Trans></Button>}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {list.data && !list.data.rows.length && <Text className={styles.meta}><Trans>暂无数据</Trans></Text>}
      {openId && detail.data && (
        <div data-testid="groupon-detail">
          <Text weight="semibold">{detail.data.title} · <Trans>参团会员</Trans></Text>
          <Table size="small">
            <TableBody>
              {detail.data.participants.map((p) => (
                <TableRow key={p.memberId} data-testid="groupon-participant">
                  <TableCell>{p.name}</TableCell><TableCell>×{p.quantity}</TableCell><TableCell>{fmt.dateTime(p.joinedAt)}</TableCell>
                  <TableCell>
                    {p.orderNo && <Text className={styles.meta}><Trans>已下单 {p.orderNo}</Trans></Text>}
                    {p.orderFailure && <Badge appearance="tint" color="danger" data-testid="groupon-order-failed"><Trans>下单失败：{p.orderFailure}</Trans></Badge>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {creating && <GrouponDialog onClose={() => setCreating(false)} onSaved={() => { setCreating(false); void refresh(); }} />}
    </div>
  );
}

function GrouponDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const styles = useStyles();
  const [v, setV] = useState({ title: '', productId: '', imageUrl: '', unitPrice: '', groupPrice: '', minPeople: '2', maxPeople: '', deadline: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof typeof v, label: string, type: 'text' | 'number' | 'datetime-local' = 'text') => (
    <Field label={label}>
      <Input type={type} value={v[name]} onChange={(_, d) => setV((s) => ({ ...s, [name]: d.value }))} data-testid={`groupon-${name}`} />
    </Field>
  );
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await createGroupon({
        title: v.title, productId: v.productId, ...(v.imageUrl && { imageUrl: v.imageUrl }), unitPrice: Number(v.unitPrice), groupPrice: Number(v.groupPrice),
        minPeople: Number(v.minPeople), ...(v.maxPeople && { maxPeople: Number(v.maxPeople) }), deadline: v.deadline ? new Date(v.deadline).toISOString() : '',
      });
      onSaved();
    } catch (e) { setError((e as Error).message); } finally { setBusy(false); }
  };
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface style={{ maxWidth: 560 }}>
        <DialogBody>
          <DialogTitle><Trans>发起团购</Trans></DialogTitle>
          <DialogContent className={styles.form}>
            {field('title', t`标题`)}
            {field('productId', t`商品编号`)}
            {field('imageUrl', t`图片地址`)}
            {field('unitPrice', t`原价（元）`, 'number')}
            {field('groupPrice', t`团购价（元）`, 'number')}
            {field('minPeople', t`成团人数`, 'number')}
            {field('maxPeople', t`人数上限（可空）`, 'number')}
            {field('deadline', t`截止时间`, 'datetime-local')}
            {error && <MessageBar intent="error"><MessageBarBody data-testid="groupon-error">{error}</MessageBarBody></MessageBar>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={busy} onClick={() => void save()} data-testid="groupon-save"><Trans>保存</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
