// One order's actor on screen (issue 11): the order machine spawned for the row, its buttons (only the actions
// the machine allows for this caller in this state), and the dialogs that gather what an action needs (a reason,
// per-line refusals, weighed quantities). The server decides: its refusal (403/409/400) is shown as it says.
import { useEffect, useRef, useState } from 'react';
import {
  Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Text, Textarea, makeStyles, tokens,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { allowedOrderActions, type OrderLineInput } from '../../../../machines/order.machine.ts';
import type { OrderAction, OrderParty } from '../../../../domain/order.ts';
import { orderQuery, type OrderDetail, type OrderLine, type OrderRow } from '../../../../services/orders.ts';
import { journal } from '../../../inspector/journal.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { ACTION_LABELS, STATUS_LABELS, permissionsOf, useOrderMachine } from './orderView.ts';
import { RETURN_STATUS_LABELS } from '../mallOrderReturnManage/returnView.ts';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  error: { color: tokens.colorPaletteRedForeground1 },
  facts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalS },
  short: { color: tokens.colorPaletteRedForeground1 },
  lineInput: { width: '110px' },
});

/** Actions taken with one click; the others open a dialog first. */
const DIRECT: readonly OrderAction[] = ['submit', 'confirm', 'dispatch', 'deliver', 'settle'];
const EVENT_OF = { submit: 'SUBMIT', confirm: 'CONFIRM', dispatch: 'DISPATCH', deliver: 'DELIVER', settle: 'SETTLE' } as const;

type Mode = 'detail' | 'refuse' | 'cancel' | 'receive' | null;

export function OrderActions({ row, party }: { row: OrderRow; party: OrderParty }) {
  const s = useStyles();
  const { t } = useLingui();
  const machine = useOrderMachine();
  const actor = useActorRef(machine, { input: { order: row, party, permissions: permissionsOf(row, party) }, inspect: journal.inspect });
  const snap = useSelector(actor, (x) => x);
  const sending = snap.matches('sending');
  const allowed = allowedOrderActions(snap.context);
  const [mode, setMode] = useState<Mode>(null);
  const waiting = useRef(false);

  useEffect(() => {
    // the order as the server now has it (a live update, a refetch after someone else's action)
    const c = actor.getSnapshot().context;
    if (!sending && (row.version > c.order.version || row.status !== c.order.status && row.version >= c.order.version)) {
      actor.send({ type: 'SYNC', order: row, permissions: permissionsOf(row, party) });
    }
  }, [row, party, actor, sending]);

  useEffect(() => {
    // a dialog closes once its action went through; on a refusal it stays open with the server's words
    if (!sending && waiting.current) {
      waiting.current = false;
      if (!snap.context.error) setMode(null);
    }
  }, [sending, snap.context.error]);

  const send = (event: Parameters<typeof actor.send>[0]) => { waiting.current = true; actor.send(event); };

  return (
    <div className={s.row} data-testid="order-actions" data-order-state={String(snap.value)}>
      <Button size="small" appearance="subtle" data-testid="order-open" onClick={() => setMode('detail')}><Trans>详情</Trans></Button>
      {allowed.map((a) => (
        <Button
          key={a} size="small" appearance={a === 'cancel' || a === 'refuse' ? 'subtle' : 'primary'} disabled={sending} data-testid={`order-action-${a}`}
          onClick={() => {
            if (a === 'refuse' || a === 'cancel') setMode(a);
            else if (a === 'receive') setMode('receive');
            else if ((DIRECT as readonly string[]).includes(a)) send({ type: EVENT_OF[a as keyof typeof EVENT_OF] });
          }}
        >{t(ACTION_LABELS[a])}</Button>
      ))}
      {snap.context.error && !mode && <Text size={200} className={s.error} role="alert" data-testid="order-error">{snap.context.error}</Text>}
      {(mode === 'refuse' || mode === 'cancel') && (
        <ReasonDialog
          mode={mode} busy={sending} error={snap.context.error} onClose={() => setMode(null)}
          onSubmit={(reason) => send(mode === 'refuse' ? { type: 'REFUSE', reason } : { type: 'CANCEL', reason })}
        />
      )}
      {(mode === 'detail' || mode === 'receive') && (
        <DetailDialog
          id={row.id} mode={mode} allowed={allowed} busy={sending} error={snap.context.error} onClose={() => setMode(null)}
          onConfirm={(lines) => send({ type: 'CONFIRM', lines })} onReceive={(lines) => send({ type: 'RECEIVE', lines })}
          onReceiveMode={() => setMode('receive')}
        />
      )}
    </div>
  );
}

function ReasonDialog({ mode, busy, error, onClose, onSubmit }: {
  mode: 'refuse' | 'cancel'; busy: boolean; error: string | null; onClose: () => void; onSubmit: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{mode === 'refuse' ? <Trans>拒单</Trans> : <Trans>取消订单</Trans>}</DialogTitle>
          <DialogContent>
            <Field label={mode === 'refuse' ? <Trans>拒单原因</Trans> : <Trans>取消原因</Trans>} required={mode === 'refuse'}>
              <Textarea value={reason} onChange={(_, d) => setReason(d.value)} data-testid="order-reason" />
            </Field>
            {error && <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }} data-testid="order-dialog-error">{error}</Text>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>关闭</Trans></Button>
            <Button appearance="primary" disabled={busy || (mode === 'refuse' && !reason.trim())} data-testid="order-reason-submit" onClick={() => onSubmit(reason)}>
              <Trans>确定</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

interface LineEdit { refused: boolean; reason: string; received: string }

/** The order with its lines; a supplier confirming may refuse single lines, a school receiving weighs each line. */
function DetailDialog({ id, mode, allowed, busy, error, onClose, onConfirm, onReceive, onReceiveMode }: {
  id: string; mode: 'detail' | 'receive'; allowed: OrderAction[]; busy: boolean; error: string | null; onClose: () => void;
  onConfirm: (lines: OrderLineInput[]) => void; onReceive: (lines: OrderLineInput[]) => void; onReceiveMode: () => void;
}) {
  const s = useStyles();
  const { t } = useLingui();
  const money = useMoney();
  const orgApp = useCurrentOrgApp();
  const query = useQuery(orderQuery(orgApp?.orgId, id));
  const order: OrderDetail | undefined = query.data;
  const [edits, setEdits] = useState<Record<string, LineEdit>>({});
  const edit = (l: OrderLine): LineEdit => edits[l.skuId] ?? { refused: false, reason: '', received: String(l.quantity) };
  const change = (l: OrderLine, patch: Partial<LineEdit>) => setEdits({ ...edits, [l.skuId]: { ...edit(l), ...patch } });
  const confirming = mode === 'detail' && allowed.includes('confirm');
  const receiving = mode === 'receive';
  const fmtQty = (q: number | null) => (q === null ? '—' : String(q));

  const columns: Column<OrderLine>[] = [
    { key: 'name', header: <Trans>商品</Trans>, render: (l) => <span data-testid="order-line-name">{l.productName}</span>, phone: 'title' },
    { key: 'spec', header: <Trans>规格</Trans>, render: (l) => `${l.spec} / ${l.unit}` },
    { key: 'price', header: <Trans>单价</Trans>, render: (l) => money(l.price) },
    { key: 'quantity', header: <Trans>数量</Trans>, render: (l) => <span data-testid="order-line-quantity">{l.quantity}</span> },
    { key: 'amount', header: <Trans>金额</Trans>, render: (l) => money(l.amount) },
    {
      key: 'status', header: <Trans>状态</Trans>,
      render: (l) => (l.status === 'refused' ? <span className={s.short}><Trans>已拒绝：{l.refuseReason}</Trans></span> : <Trans>正常</Trans>),
    },
    { key: 'received', header: <Trans>实收数量</Trans>, render: (l) => fmtQty(l.receivedQuantity) },
    {
      key: 'difference', header: <Trans>差异</Trans>,
      render: (l) => <span className={l.difference ? s.short : undefined} data-testid="order-line-difference">{fmtQty(l.difference)}</span>,
    },
  ];
  if (confirming) {
    columns.push({
      key: 'refuse', header: <Trans>拒绝此行</Trans>, phone: 'detail',
      render: (l) => (
        <div className={s.row}>
          <Checkbox checked={edit(l).refused} onChange={(_, d) => change(l, { refused: Boolean(d.checked) })} aria-label={t`拒绝此行`} data-testid="order-line-refuse" />
          {edit(l).refused && <Input className={s.lineInput} placeholder={t`原因`} value={edit(l).reason} onChange={(_, d) => change(l, { reason: d.value })} data-testid="order-line-reason" />}
        </div>
      ),
    });
  }
  const open = (order?.lines ?? []).filter((l) => l.status === 'open');
  if (receiving) {
    columns.push({
      key: 'weigh', header: <Trans>称重数量</Trans>, phone: 'detail',
      render: (l) => (l.status === 'open'
        ? <Input className={s.lineInput} type="number" inputMode="decimal" min={0} step="0.001" value={edit(l).received} aria-label={t`称重数量`}
            onChange={(_, d) => change(l, { received: d.value })} data-testid="order-line-received" />
        : '—'),
    });
  }
  const refusedLines: OrderLineInput[] = (order?.lines ?? []).filter((l) => edit(l).refused).map((l) => ({ skuId: l.skuId, refused: true, reason: edit(l).reason.trim() }));
  // an empty box is sent as NaN so the machine's check says so, rather than silently receiving nothing
  const receivedLines: OrderLineInput[] = open.map((l) => ({ skuId: l.skuId, receivedQuantity: edit(l).received.trim() === '' ? Number.NaN : Number(edit(l).received) }));

  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface style={{ maxWidth: '1000px', width: '100%' }} data-testid="order-detail">
        <DialogBody>
          <DialogTitle>{order ? <Trans>订单 {order.orderNo}</Trans> : <Trans>订单详情</Trans>}</DialogTitle>
          <DialogContent>
            {order && (
              <>
                <div className={s.facts}>
                  <Text><Trans>学校：{order.orgName}</Trans></Text>
                  <Text><Trans>供应商：{order.supplierName}</Trans></Text>
                  <Text><Trans>配送日期：{order.deliveryDate}</Trans></Text>
                  <Text data-testid="order-detail-status"><Trans>状态：{t(STATUS_LABELS[order.status])}</Trans></Text>
                  <Text><Trans>订单金额：{money(order.amount)}</Trans></Text>
                  {order.receivedAmount !== null && <Text><Trans>实收金额：{money(order.receivedAmount)}</Trans></Text>}
                  {order.returnedAmount > 0 && <Text data-testid="order-detail-returned"><Trans>退货金额：{money(order.returnedAmount)}</Trans></Text>}
                  {/* what the school pays: received less accepted returns (domain/orderReturn.ts payableAmount) */}
                  <Text data-testid="order-detail-payable"><Trans>应付金额：{money(order.payableAmount)}</Trans></Text>
                  {order.reason && <Text><Trans>原因：{order.reason}</Trans></Text>}
                  {order.remark && <Text><Trans>备注：{order.remark}</Trans></Text>}
                </div>
                <DataTable rows={order.lines} columns={columns} rowKey={(l) => l.skuId} testId="order-lines" />
                {order.returns.length > 0 && (
                  <div className={s.facts} data-testid="order-detail-returns">
                    <Text weight="semibold"><Trans>退货单</Trans></Text>
                    {order.returns.map((r) => (
                      <Text key={r.returnId} data-status={r.status}>{`${r.returnNo} · ${t(RETURN_STATUS_LABELS[r.status])} · ${money(r.amount)} · ${r.reason}`}</Text>
                    ))}
                  </div>
                )}
              </>
            )}
            {query.isLoading && <Text><Trans>加载中</Trans></Text>}
            {error && <Text role="alert" className={s.error} data-testid="order-dialog-error">{error}</Text>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} data-testid="order-detail-close"><Trans>关闭</Trans></Button>
            {mode === 'detail' && allowed.includes('receive') && <Button appearance="primary" onClick={onReceiveMode}><Trans>收货</Trans></Button>}
            {confirming && (
              <Button appearance="primary" disabled={busy || !order} data-testid="order-confirm-lines" onClick={() => onConfirm(refusedLines)}>
                {refusedLines.length ? <Trans>确认（拒绝 {refusedLines.length} 行）</Trans> : <Trans>确认订单</Trans>}
              </Button>
            )}
            {receiving && (
              <Button appearance="primary" disabled={busy || !order} data-testid="order-receive-submit" onClick={() => onReceive(receivedLines)}>
                <Trans>确认收货</Trans>
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
