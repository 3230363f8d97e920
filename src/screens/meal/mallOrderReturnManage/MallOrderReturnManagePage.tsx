// mallOrderReturnManage (issue 11, §7 `/v4/mall/order/return`): returns of received goods. The school makes a
// return from the received lines of one of its orders, with a reason and photos, and may withdraw it while it
// is pending; the supplier of the order accepts it or disputes it with a reason. The rules are domain's
// (domain/orderReturn.ts); the server decides and its refusal is shown in its words. Live: Return… events
// refresh the 'returns' root, so the supplier sees a new return without a reload.
import { useState } from 'react';
import {
  Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Option, Tab, TabList, Text,
  Textarea, makeStyles, tokens,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RETURN_LIMITS, RETURN_STATUSES, STANDING_STATUSES, returnableQuantity, type ReturnStatus } from '../../../../domain/orderReturn.ts';
import { ALL_STATUSES } from '../../../../domain/order.ts';
import { PAGE } from '../../../../domain/constants.ts';
import {
  createReturn, decideReturn, returnKeys, returnsQuery, withdrawReturn, type ReturnLine, type ReturnRow,
} from '../../../../services/orderReturns.ts';
import { orderQuery, ordersQuery, type OrderLine } from '../../../../services/orders.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { Pager } from '../shared/Pager.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { useOrderParty } from '../orderList/orderView.ts';
import { RETURN_STATUS_LABELS, shrinkPhoto } from './returnView.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { numberText } from '../../../components/numberText.ts';
import { useUrlState } from '../../../components/useUrlState.ts';
import { useDiscardGuard } from '../../../components/useDiscardGuard.tsx';
import { quantityText } from '../../../components/unitNames.ts';

const useStyles = makeStyles({
  tabs: { overflowX: 'auto', maxWidth: '100%' },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  error: { color: tokens.colorPaletteRedForeground1 },
  facts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: tokens.spacingVerticalXS },
  photos: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  photo: { width: '96px', height: '96px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium },
  qty: { width: '110px' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});


export default function MallOrderReturnManagePage() {
  const fmt = useIntlFormat();
  const s = useStyles();
  const { t } = useLingui();
  const money = useMoney();
  const { orgApp, ready } = useOrgQueryKey();
  const { party } = useOrderParty();
  // issue 28: the status tab and the page live in the URL (a tab switch, Back and a reload keep them)
  const [view, setView] = useUrlState({ status: ALL_STATUSES, page: 0 });
  const { status, page } = view;
  const setStatus = (next: string) => setView({ status: next });
  const setPage = (next: number) => setView({ page: next });
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<ReturnRow | null>(null);

  const query = { ...(status !== ALL_STATUSES && { status }), $limit: PAGE.orders, $skip: page * PAGE.orders };
  const list = useQuery({ ...returnsQuery(orgApp?.orgId, query), enabled: ready });
  const rows = list.data?.rows ?? [];

  const columns: Column<ReturnRow>[] = [
    { key: 'returnNo', header: <Trans>退货单号</Trans>, render: (r) => <span data-testid="return-no">{r.returnNo}</span>, phone: 'title' },
    { key: 'orderNo', header: <Trans>订单号</Trans>, render: (r) => r.orderNo },
    { key: 'school', header: <Trans>学校</Trans>, render: (r) => r.orgName },
    { key: 'supplier', header: <Trans>供应商</Trans>, render: (r) => r.supplierName },
    { key: 'status', header: <Trans>状态</Trans>, render: (r) => <Badge appearance="tint" data-testid="return-status" data-status={r.status}>{t(RETURN_STATUS_LABELS[r.status])}</Badge> },
    { key: 'amount', header: <Trans>退货金额</Trans>, render: (r) => <span data-testid="return-amount">{money(r.amount)}</span> },
    { key: 'reason', header: <Trans>退货原因</Trans>, render: (r) => r.reason },
    { key: 'createdAt', header: <Trans>申请时间</Trans>, render: (r) => <time dateTime={r.createdAt}>{fmt.dateTime(r.createdAt)}</time>, phone: 'hidden' },
    { key: 'actions', header: <Trans>操作</Trans>, render: (r) => <Button size="small" appearance="subtle" onClick={() => setOpen(r)} data-testid="return-open"><Trans>详情</Trans></Button> },
  ];

  return (
    <ScreenFrame
      title={<Trans>退货单管理</Trans>} testId="screen-mallOrderReturnManage" error={list.error ? errorText(list.error) : null}
      actions={party === 'school' && <Button appearance="primary" onClick={() => setCreating(true)} data-testid="return-new"><Trans>新建退货</Trans></Button>}
    >
      <TabList className={s.tabs} selectedValue={status} onTabSelect={(_, d) => { setStatus(String(d.value)); setPage(0); }} data-testid="return-status-tabs">
        <Tab value={ALL_STATUSES}><Trans>全部</Trans></Tab>
        {RETURN_STATUSES.map((st: ReturnStatus) => <Tab key={st} value={st} data-testid={`return-tab-${st}`}>{t(RETURN_STATUS_LABELS[st])}</Tab>)}
      </TabList>
      {list.isLoading ? <Text><Trans>加载中</Trans></Text> : (
        <DataTable rows={rows} columns={columns} rowKey={(r) => r.returnId} testId="return-table" rowProps={(r) => ({ 'data-return-no': r.returnNo })} />
      )}
      {!list.isLoading && !rows.length && <Text data-testid="return-empty"><Trans>暂无退货单</Trans></Text>}
      <Pager page={page} size={PAGE.orders} count={list.data?.count ?? 0} onPage={setPage} />
      {creating && <NewReturnDialog onClose={() => setCreating(false)} />}
      {open && <ReturnDialog row={rows.find((r) => r.returnId === open.returnId) ?? open} onClose={() => setOpen(null)} />}
    </ScreenFrame>
  );
}

/** One return: its lines, photos and reasons, and what this caller may do with it now (row.actions, from the server). */
function ReturnDialog({ row, onClose }: { row: ReturnRow; onClose: () => void }) {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const money = useMoney();
  const qc = useQueryClient();
  const [disputing, setDisputing] = useState(false);
  // translated outside the Trans macro: a t() call inside it is taken as part of the message, not its value
  const statusLabel = t(RETURN_STATUS_LABELS[row.status]);
  const [reason, setReason] = useState('');
  const act = useMutation({
    mutationFn: (action: 'accept' | 'dispute' | 'withdraw') => (action === 'withdraw'
      ? withdrawReturn(row.returnId)
      : decideReturn({ returnId: row.returnId, version: row.version, action, reason })),
    onSuccess: () => { setDisputing(false); void qc.invalidateQueries({ queryKey: returnKeys.all }); },
  });
  const columns: Column<ReturnLine>[] = [
    { key: 'product', header: <Trans>商品</Trans>, render: (l) => `${l.productName} ${l.skuName}`, phone: 'title' },
    { key: 'price', header: <Trans>单价</Trans>, render: (l) => money(l.price) },
    { key: 'quantity', header: <Trans>退货数量</Trans>, render: (l) => quantityText(i18n, l.quantity, l.unit) },
    { key: 'amount', header: <Trans>金额</Trans>, render: (l) => money(l.amount) },
  ];
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface data-testid="return-dialog">
        <DialogBody>
          <DialogTitle><Trans>退货单 {row.returnNo}</Trans></DialogTitle>
          <DialogContent className={s.form}>
            <div className={s.facts}>
              <Text><Trans>订单号：{row.orderNo}</Trans></Text>
              <Text><Trans>学校：{row.orgName}</Trans></Text>
              <Text><Trans>供应商：{row.supplierName}</Trans></Text>
              <Text data-testid="return-dialog-status"><Trans>状态：{statusLabel}</Trans></Text>
              <Text><Trans>退货金额：{money(row.amount)}</Trans></Text>
              <Text><Trans>申请人：{row.createdByName}</Trans></Text>
            </div>
            <Text><Trans>退货原因：{row.reason}</Trans></Text>
            {row.disputeReason && <Text data-testid="return-dispute-reason"><Trans>异议原因：{row.disputeReason}</Trans></Text>}
            <DataTable rows={row.lines} columns={columns} rowKey={(l) => l.skuId} testId="return-lines" />
            {row.photos.length > 0 && (
              <div className={s.photos}>
                {row.photos.map((p, i) => <img key={i} src={p} className={s.photo} alt={t`退货照片 ${i + 1}`} />)}
              </div>
            )}
            {disputing && (
              <Field label={<Trans>异议原因</Trans>} required>
                <Textarea value={reason} maxLength={RETURN_LIMITS.reasonMax} onChange={(_, d) => setReason(d.value)} data-testid="return-dispute-input" />
              </Field>
            )}
            {act.error && <Text role="alert" className={s.error} data-testid="return-error">{errorText(act.error)}</Text>}
          </DialogContent>
          <DialogActions className={s.row}>
            <Button onClick={onClose}><Trans>关闭</Trans></Button>
            {row.actions.includes('withdraw') && (
              <Button disabled={act.isPending} onClick={() => act.mutate('withdraw')} data-testid="return-withdraw"><Trans>撤回</Trans></Button>
            )}
            {row.actions.includes('dispute') && (disputing
              ? <Button disabled={act.isPending || !reason.trim()} onClick={() => act.mutate('dispute')} data-testid="return-dispute-submit"><Trans>提交异议</Trans></Button>
              : <Button onClick={() => setDisputing(true)} data-testid="return-dispute"><Trans>提出异议</Trans></Button>)}
            {row.actions.includes('accept') && !disputing && (
              <Button appearance="primary" disabled={act.isPending} onClick={() => act.mutate('accept')} data-testid="return-accept"><Trans>同意退货</Trans></Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** A new return: one of the school's received orders, how much of each received line goes back, why, and photos. */
function NewReturnDialog({ onClose }: { onClose: () => void }) {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const money = useMoney();
  const qc = useQueryClient();
  const { orgApp, ready } = useOrgQueryKey();
  const [orderId, setOrderId] = useState('');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const orders = useQuery({ ...ordersQuery(orgApp?.orgId, { status: 'received,settled', $limit: PAGE.orders }), enabled: ready });
  const order = useQuery({ ...orderQuery(orgApp?.orgId, orderId || undefined), enabled: ready && Boolean(orderId) });
  const standing = useQuery({ ...returnsQuery(orgApp?.orgId, { orderId, status: STANDING_STATUSES.join(',') }), enabled: ready && Boolean(orderId) });

  const returned = new Map<string, number>();
  for (const r of standing.data?.rows ?? []) for (const l of r.lines) returned.set(l.skuId, (returned.get(l.skuId) ?? 0) + l.quantity);
  const lines = (order.data?.lines ?? []).filter((l) => l.status === 'open' && l.receivedQuantity !== null);
  const most = (l: OrderLine) => returnableQuantity({ receivedQuantity: l.receivedQuantity ?? 0, returnedQuantity: returned.get(l.skuId) ?? 0 });
  const items = lines.filter((l) => quantities[l.skuId]?.trim()).map((l) => ({ skuId: l.skuId, quantity: Number(quantities[l.skuId]) }));

  const create = useMutation({
    mutationFn: () => createReturn({ orderId, reason, items, ...(photos.length && { photos }) }),
    onSuccess: () => { void qc.invalidateQueries({ queryKey: returnKeys.all }); onClose(); },
  });

  const addPhotos = async (files: FileList | null) => {
    setPhotoError(null);
    for (const f of [...(files ?? [])].slice(0, RETURN_LIMITS.photosMax - photos.length)) {
      const url = await shrinkPhoto(f).catch(() => null);
      if (url) setPhotos((p) => [...p, url].slice(0, RETURN_LIMITS.photosMax));
      else setPhotoError(t`图片无法读取：${f.name}`);
    }
  };

  const columns: Column<OrderLine>[] = [
    { key: 'product', header: <Trans>商品</Trans>, render: (l) => `${l.productName} ${l.skuName}`, phone: 'title' },
    { key: 'price', header: <Trans>单价</Trans>, render: (l) => money(l.price) },
    { key: 'received', header: <Trans>实收数量</Trans>, render: (l) => quantityText(i18n, l.receivedQuantity ?? '—', l.unit) },
    { key: 'most', header: <Trans>可退数量</Trans>, render: (l) => <span data-testid="return-most">{quantityText(i18n, most(l), l.unit)}</span> },
    {
      key: 'quantity', header: <Trans>退货数量</Trans>,
      render: (l) => (
        <NumberInput
          className={s.qty} min={0} max={most(l)} aria-label={t`${l.productName} 退货数量`}
          disabled={most(l) <= 0} data-testid="return-quantity" data-sku={l.skuId}
          {...numberText(quantities[l.skuId] ?? '', (v) => setQuantities((q) => ({ ...q, [l.skuId]: v })))}
        />
      ),
    },
  ];

  // issue 28: Esc or a click outside asks before typed input is lost
  const discard = useDiscardGuard({ onClose });
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) discard.requestClose(); }}>
      <DialogSurface onInput={discard.onInput} data-testid="return-new-dialog">
        <DialogBody>
          <DialogTitle><Trans>新建退货</Trans></DialogTitle>
          <DialogContent className={s.form}>
            <Field label={<Trans>已收货的订单</Trans>} required>
              <Dropdown
                value={orders.data?.rows.find((o) => o.id === orderId)?.orderNo ?? ''} selectedOptions={[orderId]} placeholder={t`选择订单`}
                onOptionSelect={(_, d) => { setOrderId(d.optionValue ?? ''); setQuantities({}); }} data-testid="return-order"
              >
                {(orders.data?.rows ?? []).map((o) => (
                  <Option key={o.id} value={o.id} text={o.orderNo}>{`${o.orderNo} · ${o.supplierName} · ${o.deliveryDate}`}</Option>
                ))}
              </Dropdown>
            </Field>
            {orderId && <DataTable rows={lines} columns={columns} rowKey={(l) => l.skuId} testId="return-order-lines" />}
            <Field label={<Trans>退货原因</Trans>} required>
              <Textarea value={reason} maxLength={RETURN_LIMITS.reasonMax} onChange={(_, d) => setReason(d.value)} data-testid="return-reason" />
            </Field>
            <Field label={<Trans>照片（最多 {RETURN_LIMITS.photosMax} 张）</Trans>} validationMessage={photoError}>
              <input
                type="file" accept="image/*" multiple disabled={photos.length >= RETURN_LIMITS.photosMax} data-testid="return-photo-input"
                onChange={(e) => { void addPhotos(e.target.files); e.target.value = ''; }}
              />
            </Field>
            {photos.length > 0 && (
              <div className={s.photos}>
                {photos.map((p, i) => (
                  <Button key={i} appearance="subtle" aria-label={t`移除照片 ${i + 1}`} onClick={() => setPhotos((x) => x.filter((_, j) => j !== i))}>
                    <img src={p} className={s.photo} alt="" />
                  </Button>
                ))}
              </div>
            )}
            {create.error && <Text role="alert" className={s.error} data-testid="return-error">{errorText(create.error)}</Text>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>关闭</Trans></Button>
            <Button appearance="primary" disabled={create.isPending || !orderId || !items.length || !reason.trim()} onClick={() => create.mutate()} data-testid="return-submit">
              <Trans>提交退货</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
        {discard.confirm}
      </DialogSurface>
    </Dialog>
  );
}
