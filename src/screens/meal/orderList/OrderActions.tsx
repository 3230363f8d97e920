// One order's actor on screen (issue 11): the order machine spawned for the row, its buttons (only the actions
// the machine allows for this caller in this state), and the dialogs that gather what an action needs (a reason,
// per-line refusals, weighed quantities). The server decides: its refusal (403/409/400) is shown as it says.
import { useEffect, useRef, useState } from 'react';
import {
  Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Text, Textarea, makeStyles, tokens,
} from '@fluentui/react-components';
import { ScalesRegular } from '@fluentui/react-icons';
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
import { NumberInput } from '../../../components/NumberInput.tsx';
import { lineGramsPerUnit, quantityOfGrams, weighLine, type ScaleFields } from '../../../../domain/scale.ts';
import { ORDER_LIMITS, countedReceiveLimit } from '../../../../domain/order.ts';
import { ACTION_LABELS, STATUS_LABELS, permissionsOf, useOrderMachine } from './orderView.ts';
import { RETURN_STATUS_LABELS } from '../mallOrderReturnManage/returnView.ts';
import { ScalePanel, WeighVerdict, useReceivingScale } from './ReceivingScale.tsx';
import { unitName } from '../../../components/unitNames.ts';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  error: { color: tokens.colorPaletteRedForeground1 },
  facts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalS },
  short: { color: tokens.colorPaletteRedForeground1 },
  lineInput: { width: '110px' },
});

/** Actions taken with one click; the others open a dialog first (submitting a draft asks, saying its amount: issue 28). */
const DIRECT: readonly OrderAction[] = ['confirm', 'dispatch', 'deliver', 'settle'];
const EVENT_OF = { submit: 'SUBMIT', confirm: 'CONFIRM', dispatch: 'DISPATCH', deliver: 'DELIVER', settle: 'SETTLE' } as const;

type Mode = 'detail' | 'refuse' | 'cancel' | 'receive' | 'submit' | null;

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
            else if (a === 'submit') setMode('submit');
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
      {mode === 'submit' && (
        <SubmitDialog id={row.id} busy={sending} error={snap.context.error} onClose={() => setMode(null)} onSubmit={() => send({ type: 'SUBMIT' })} />
      )}
      {(mode === 'detail' || mode === 'receive') && (
        <DetailDialog
          id={row.id} mode={mode} allowed={allowed} busy={sending} error={snap.context.error} onClose={() => setMode(null)}
          onConfirm={(lines, reason) => send({ type: 'CONFIRM', lines, reason })} onReceive={(lines) => send({ type: 'RECEIVE', lines })}
          onReceiveMode={() => setMode('receive')}
        />
      )}
    </div>
  );
}

/** Submitting a draft, asked first with the amount it will be placed at (the effective prices now, issue 28). */
function SubmitDialog({ id, busy, error, onClose, onSubmit }: { id: string; busy: boolean; error: string | null; onClose: () => void; onSubmit: () => void }) {
  const money = useMoney();
  const orgApp = useCurrentOrgApp();
  const query = useQuery(orderQuery(orgApp?.orgId, id));
  const expected = query.data?.expectedAmount;
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle><Trans>提交订单</Trans></DialogTitle>
          <DialogContent>
            <Text data-testid="order-submit-amount">
              {query.isPending ? <Trans>正在读取价格…</Trans>
                : typeof expected === 'number' ? <Trans>将按当前生效的审核价格提交，金额 {money(expected)}。确定提交吗？</Trans>
                  : <Trans>部分商品暂无生效的审核价格，提交可能被拒绝。确定提交吗？</Trans>}
            </Text>
            {error && <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }} data-testid="order-dialog-error">{error}</Text>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={busy || query.isPending} data-testid="order-submit-confirm" onClick={onSubmit}><Trans>提交</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
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

/** A line weighed on a scale in this dialog: the reading and the scale's tolerance, kept until the quantity is typed over. */
interface Weighed { grams: number; scaleId: string; tolerance: Pick<ScaleFields, 'toleranceKind' | 'tolerance'> }
interface LineEdit { refused: boolean; reason: string; received: number | null; weighed: Weighed | null }

/** The order with its lines; a supplier confirming may refuse single lines, a school receiving weighs each line. */
function DetailDialog({ id, mode, allowed, busy, error, onClose, onConfirm, onReceive, onReceiveMode }: {
  id: string; mode: 'detail' | 'receive'; allowed: OrderAction[]; busy: boolean; error: string | null; onClose: () => void;
  onConfirm: (lines: OrderLineInput[], note: string) => void; onReceive: (lines: OrderLineInput[]) => void; onReceiveMode: () => void;
}) {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const money = useMoney();
  const orgApp = useCurrentOrgApp();
  const query = useQuery(orderQuery(orgApp?.orgId, id));
  const order: OrderDetail | undefined = query.data;
  const [edits, setEdits] = useState<Record<string, LineEdit>>({});
  // the supplier's note to the school on confirming (e.g. 周三上午送达), kept with the confirmation
  const [note, setNote] = useState('');
  const edit = (l: OrderLine): LineEdit => edits[l.skuId] ?? { refused: false, reason: '', received: l.quantity, weighed: null };
  const change = (l: OrderLine, patch: Partial<LineEdit>) => setEdits({ ...edits, [l.skuId]: { ...edit(l), ...patch } });
  const confirming = mode === 'detail' && allowed.includes('confirm');
  const receiving = mode === 'receive';
  const fmtQty = (q: number | null) => (q === null ? '—' : String(q));
  const expectedOr = (stored: number, expected: number | null | undefined) => {
    if (expected === undefined) return money(stored);
    return expected === null ? t`暂无生效价格` : t`${money(expected)}（预计）`;
  };
  // the scale is read only while receiving; its panel sits above the lines
  const scale = useReceivingScale(receiving ? orgApp?.orgId : undefined);
  const perUnit = (l: OrderLine) => lineGramsPerUnit(l.unit, l.spec);
  const weighing = (l: OrderLine) => {
    const w = edit(l).weighed;
    const per = perUnit(l);
    return w && per ? { w, ...weighLine({ quantity: l.quantity, perUnit: per }, w.grams, w.tolerance) } : null;
  };
  const reading = scale.reading;
  const canWeigh = (l: OrderLine) => Boolean(scale.selected && reading?.stable && reading.grams >= 0 && perUnit(l));
  // the same limit the server holds a receipt to (domain/order.ts countedReceiveLimit, domain/scale.ts weighedReceiveLimit)
  const receiveLimit = (l: OrderLine) => weighing(l)?.maxQuantity ?? countedReceiveLimit(l.quantity);
  const weigh = (l: OrderLine) => {
    const per = perUnit(l);
    if (!scale.selected || !reading || !per) return;
    const grams = Math.round(reading.grams * 10) / 10;
    change(l, { received: quantityOfGrams(grams, per), weighed: { grams, scaleId: scale.selected.id, tolerance: scale.selected } });
  };
  const liveDifference = (l: OrderLine) => {
    const r = edit(l).received;
    return r === null ? null : Math.round((r - l.quantity) * 1000) / 1000;
  };

  const columns: Column<OrderLine>[] = [
    { key: 'name', header: <Trans>商品</Trans>, render: (l) => <span data-testid="order-line-name">{l.productName}</span>, phone: 'title' },
    { key: 'spec', header: <Trans>规格</Trans>, render: (l) => `${l.spec} / ${unitName(i18n, l.unit)}` },
    // a draft is priced at submission: until then the price it would be placed at now, marked as expected (issue 28)
    { key: 'price', header: <Trans>单价</Trans>, render: (l) => <span data-testid="order-line-price">{expectedOr(l.price, l.expectedPrice)}</span> },
    { key: 'quantity', header: <Trans>数量</Trans>, render: (l) => <span data-testid="order-line-quantity">{l.quantity}</span> },
    { key: 'amount', header: <Trans>金额</Trans>, render: (l) => expectedOr(l.amount, l.expectedAmount) },
    {
      key: 'status', header: <Trans>状态</Trans>,
      render: (l) => (l.status === 'refused' ? <span className={s.short}><Trans>已拒绝：{l.refuseReason}</Trans></span> : <Trans>正常</Trans>),
    },
    { key: 'received', header: <Trans>实收数量</Trans>, render: (l) => fmtQty(l.receivedQuantity) },
    {
      key: 'difference', header: <Trans>差异</Trans>,
      render: (l) => {
        // while receiving, the difference the typed or weighed quantity makes, before anything is saved
        const d = receiving && l.status === 'open' ? liveDifference(l) : l.difference;
        return <span className={d ? s.short : undefined} data-testid="order-line-difference">{fmtQty(d)}</span>;
      },
    },
  ];
  if (!receiving && order?.lines.some((l) => l.weighResult)) {
    // after receipt: what each line weighed and whether it was short or over beyond the scale's tolerance (the supplier sees it too)
    columns.push({
      key: 'weighed', header: <Trans>称重</Trans>, phone: 'detail',
      render: (l) => {
        const per = perUnit(l);
        if (!l.weighResult || l.weighedGrams === null) return '—';
        return (
          <span>
            <WeighVerdict
              result={l.weighResult} grams={l.weighedGrams} allowedGrams={l.allowedGrams}
              differenceGrams={per ? Math.round((l.weighedGrams - l.quantity * per) * 10) / 10 : null}
            />
            {l.scaleName && <Text size={200}> · {l.scaleName}</Text>}
          </span>
        );
      },
    });
  }
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
      key: 'weigh', header: <Trans>实收（称重）</Trans>, phone: 'detail',
      render: (l) => (l.status === 'open'
        ? (
          <div className={s.row}>
            {/* typing over a weighed quantity drops the reading: the line is then counted by hand */}
            <NumberInput
              className={s.lineInput} min={0} max={ORDER_LIMITS.quantityMax} precision={ORDER_LIMITS.quantityDecimals} value={edit(l).received} aria-label={t`实收数量`}
              onChange={(v) => change(l, { received: v, weighed: null })} data-testid="order-line-received"
            />
            <Text size={200}>{unitName(i18n, l.unit)}</Text>
            {/* issue 27: the most the line may receive (the order plus the scale's tolerance, or the counting allowance) */}
            <Text size={200} data-testid="order-line-receive-limit">
              <Trans>最多 {receiveLimit(l)}</Trans>
            </Text>
            {scale.selected && (
              <Button
                size="small" icon={<ScalesRegular />} disabled={!canWeigh(l)} onClick={() => weigh(l)} data-testid="order-line-weigh"
                title={perUnit(l) ? undefined : t`该商品的单位不是重量，不能称重`}
              ><Trans>称重</Trans></Button>
            )}
          </div>
        )
        : '—'),
    });
    columns.push({
      key: 'verdict', header: <Trans>称重结果</Trans>, phone: 'detail',
      render: (l) => {
        const w = weighing(l);
        return w ? <WeighVerdict result={w.result} grams={w.w.grams} differenceGrams={w.differenceGrams} allowedGrams={w.allowedGrams} /> : '—';
      },
    });
  }
  const refusedLines: OrderLineInput[] = (order?.lines ?? []).filter((l) => edit(l).refused).map((l) => ({ skuId: l.skuId, refused: true, reason: edit(l).reason.trim() }));
  // an empty box is sent as NaN so the machine's check says so, rather than silently receiving nothing; a weighed line
  // sends its reading and scale, and the server works out the quantity again from them
  const receivedLines: OrderLineInput[] = open.map((l) => {
    const e = edit(l);
    const received = e.received === null ? Number.NaN : e.received;
    return e.weighed ? { skuId: l.skuId, receivedQuantity: received, weighedGrams: e.weighed.grams, scaleId: e.weighed.scaleId } : { skuId: l.skuId, receivedQuantity: received };
  });

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
                  {order.confirmNote && <Text data-testid="order-detail-confirm-note"><Trans>供应商确认备注：{order.confirmNote}</Trans></Text>}
                </div>
                {receiving && <ScalePanel scale={scale} />}
                <DataTable rows={order.lines} columns={columns} rowKey={(l) => l.skuId} testId="order-lines" />
                {confirming && (
                  <Field label={<Trans>给学校的备注</Trans>} hint={<Trans>例如送达时间，学校在订单详情和订单日志中可见</Trans>}>
                    <Textarea value={note} maxLength={ORDER_LIMITS.reasonMax} placeholder={t`如：周三上午送达`} onChange={(_, d) => setNote(d.value)} data-testid="order-confirm-note" />
                  </Field>
                )}
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
              <Button appearance="primary" disabled={busy || !order} data-testid="order-confirm-lines" onClick={() => onConfirm(refusedLines, note.trim())}>
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
