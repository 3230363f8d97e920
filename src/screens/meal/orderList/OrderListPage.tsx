// orderList (issue 11, §7 Mall orders): the orders the caller may see, 100 a page with the count (§9), filtered
// by status (全部 = no filter, §4), a keyword (through /v4/mall/order/search), the delivery dates and the
// supplier (a school) or the school (the supplier side). Each row's actions come from its own order machine;
// selected rows take one action together (PUT /v4/mall/orders). Live: every Order… event refreshes the 'orders'
// root (src/app/liveUpdates.ts), so a supplier sees a new order and a school a confirmation without a reload.
// An order with a line weighed short or over beyond the scale's tolerance wears a badge, and 称重差异 finds them
// (the server counts the stored verdicts and filters by them: weighDifference).
import { useMemo, useState } from 'react';
import { ArrowDownRegular, ArrowUpRegular } from '@fluentui/react-icons';
import { Badge, Button, Checkbox, Dropdown, Field, Input, Option, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALL_STATUSES, ORDER_STATUSES, actionsFor, type OrderAction, type OrderStatus } from '../../../../domain/order.ts';
import { PAGE } from '../../../../domain/constants.ts';
import { WEIGH_DIFFERENCE_FILTERS, type WeighDifferenceFilter } from '../../../../domain/scale.ts';
import { batchOrders, orderKeys, ordersQuery, type OrderBatchResult, type OrderRow } from '../../../../services/orders.ts';
import { supplierBuyersQuery, suppliersQuery } from '../../../../services/mall/catalogue.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { Pager } from '../shared/Pager.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { useViewport } from '../../../shell/useViewport.ts';
import { BatchSubmitDialog } from './BatchSubmitDialog.tsx';
import { OrderActions } from './OrderActions.tsx';
import { ACTION_LABELS, STATUS_LABELS, WEIGH_DIFFERENCE_LABELS, permissionsOf, useOrderParty } from './orderView.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { useUrlState } from '../../../components/useUrlState.ts';
import { DateInput } from '../../../components/DateInput.tsx';

const useStyles = makeStyles({
  tabs: { overflowX: 'auto', maxWidth: '100%' },
  batch: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  date: { width: '150px' },
  badges: { display: 'inline-flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
});

/** The order's lines weighed short or over beyond the scale's tolerance, as the server counted them. */
function WeighDifferenceBadges({ row }: { row: Pick<OrderRow, 'shortLines' | 'overLines'> }) {
  const { t } = useLingui();
  const { shortLines, overLines } = row;
  return (
    <>
      {shortLines > 0 && (
        <Badge appearance="tint" color="danger" icon={<ArrowDownRegular />} data-testid="order-weigh-difference" data-result="short" title={t`称重短缺 ${shortLines} 行，超出电子秤误差`}>
          {t`短缺 ${shortLines} 行`}
        </Badge>
      )}
      {overLines > 0 && (
        <Badge appearance="tint" color="warning" icon={<ArrowUpRegular />} data-testid="order-weigh-difference" data-result="over" title={t`称重超量 ${overLines} 行，超出电子秤误差`}>
          {t`超量 ${overLines} 行`}
        </Badge>
      )}
    </>
  );
}

/** Actions that need no more than a click, so they can be taken on many orders at once. */
const BATCH_ACTIONS: readonly OrderAction[] = ['submit', 'confirm', 'dispatch', 'deliver', 'settle', 'cancel'];

export default function OrderListPage() {
  const s = useStyles();
  const { t } = useLingui();
  const money = useMoney();
  const qc = useQueryClient();
  const { orgApp, ready } = useOrgQueryKey();
  const { party } = useOrderParty();
  // issue 28: the filters and the page live in the URL (a tab switch, Back and a reload keep them)
  const [filters, setFilters] = useUrlState({ status: ALL_STATUSES, keyword: '', start: '', end: '', counterpart: '', weigh: '', page: 0 });
  const { status, keyword, start: startDate, end: endDate, counterpart, page } = filters;
  const weighDifference = (WEIGH_DIFFERENCE_FILTERS as readonly string[]).includes(filters.weigh) ? filters.weigh as WeighDifferenceFilter : '';
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [batchResult, setBatchResult] = useState<OrderBatchResult | null>(null);
  // submitting drafts in a batch asks first, with how many and how much (issue 28)
  const [askSubmit, setAskSubmit] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const school = party === 'school';
  // a school filters by its suppliers; the supplier side by the schools that buy from it
  const suppliers = useQuery({ ...suppliersQuery(orgApp?.orgId, orgApp?.appId), enabled: ready && school });
  const buyers = useQuery({ ...supplierBuyersQuery(orgApp?.orgId, orgApp?.appId), enabled: ready && party === 'supplier' });
  const counterparts = useMemo(() => (school
    ? (suppliers.data?.rows ?? []).map((r) => ({ id: r.supplierOrgId, name: r.name }))
    : (buyers.data?.rows ?? []).map((r) => ({ id: r.orgId, name: r.orgName ?? r.orgId }))), [school, suppliers.data, buyers.data]);

  const query = {
    ...(status !== ALL_STATUSES && { status }),
    ...(keyword.trim() && { keyword: keyword.trim() }),
    ...(startDate && { startDate }),
    ...(endDate && { endDate }),
    ...(counterpart && (school ? { supplierId: counterpart } : { orgId: counterpart })),
    ...(weighDifference && { weighDifference }),
    $limit: PAGE.orders, $skip: page * PAGE.orders,
  };
  const list = useQuery({ ...ordersQuery(orgApp?.orgId, query), enabled: ready });
  const rows = list.data?.rows ?? [];
  const filter = (patch: Partial<typeof filters>) => { setFilters({ ...patch, page: 0 }); setSelected(new Set()); };

  const chosen = rows.filter((r) => selected.has(r.id));
  // an action offered for the selection when the machine of each selected order would allow it
  const batchable = BATCH_ACTIONS.filter((a) => chosen.length > 0 && chosen.some((r) => actionsFor(r.status, party, permissionsOf(r, party)).includes(a)));
  const batch = useMutation({
    mutationFn: (action: OrderAction) => batchOrders({
      orders: takes(action).map((r) => ({ id: r.id, action, version: r.version })),
    }),
    onSuccess: (result) => { setBatchResult(result); setSelected(new Set()); setAskSubmit(false); void qc.invalidateQueries({ queryKey: orderKeys.all }); },
    onError: (e) => { setError(errorText(e)); setAskSubmit(false); },
  });
  const takes = (action: OrderAction) => chosen.filter((r) => actionsFor(r.status, party, permissionsOf(r, party)).includes(action));

  const phone = useViewport() === 'phone';
  const selectAll = (
    <Checkbox aria-label={t`全选`} label={phone ? t`全选` : undefined} checked={rows.length > 0 && chosen.length === rows.length ? true : chosen.length ? 'mixed' : false}
      onChange={(_, d) => setSelected(d.checked ? new Set(rows.map((r) => r.id)) : new Set())} data-testid="order-select-all" />
  );
  const toggle = (id: string, on: boolean) => setSelected((prev) => { const next = new Set(prev); if (on) next.add(id); else next.delete(id); return next; });
  const columns: Column<OrderRow>[] = [
    {
      // on a phone the header labels each card's box, so select-all moves above the cards
      key: 'select', header: phone ? <Trans>选择</Trans> : selectAll,
      render: (r) => <Checkbox aria-label={t`选择 ${r.orderNo}`} checked={selected.has(r.id)} onChange={(_, d) => toggle(r.id, Boolean(d.checked))} data-testid="order-select" />,
      width: '44px', phone: 'detail',
    },
    { key: 'orderNo', header: <Trans>订单号</Trans>, render: (r) => <span data-testid="order-no">{r.orderNo}</span>, phone: 'title' },
    { key: 'school', header: <Trans>学校</Trans>, render: (r) => r.orgName },
    { key: 'supplier', header: <Trans>供应商</Trans>, render: (r) => r.supplierName },
    { key: 'deliveryDate', header: <Trans>配送日期</Trans>, render: (r) => r.deliveryDate },
    {
      // the difference badges beside the status, so a phone's card shows them too
      key: 'status', header: <Trans>状态</Trans>,
      render: (r) => (
        <span className={s.badges}>
          <Badge appearance="tint" data-testid="order-status" data-status={r.status}>{t(STATUS_LABELS[r.status])}</Badge>
          <WeighDifferenceBadges row={r} />
        </span>
      ),
    },
    { key: 'amount', header: <Trans>金额</Trans>, render: (r) => money(r.amount) },
    { key: 'received', header: <Trans>实收金额</Trans>, render: (r) => (r.receivedAmount === null ? '—' : money(r.receivedAmount)), phone: 'hidden' },
    // received less accepted returns: what the school pays once the goods are in
    { key: 'payable', header: <Trans>应付金额</Trans>, render: (r) => (r.receivedAmount === null ? '—' : money(r.payableAmount)), phone: 'hidden' },
    { key: 'lines', header: <Trans>商品数</Trans>, render: (r) => r.lineCount, phone: 'hidden' },
    { key: 'createdBy', header: <Trans>下单人</Trans>, render: (r) => r.createdByName, phone: 'hidden' },
    { key: 'actions', header: <Trans>操作</Trans>, render: (r) => <OrderActions key={r.id} row={r} party={party} /> },
  ];

  return (
    <ScreenFrame
      title={<Trans>订单列表</Trans>} testId="screen-orderList" error={error ?? (list.error ? errorText(list.error) : null)}
      toolbar={(
        <FilterBar
          active={[startDate, endDate, counterpart, weighDifference].filter(Boolean).length}
          search={(
            <Field label={<Trans>关键字</Trans>}>
              <Input value={keyword} placeholder={t`订单号、学校、供应商或商品`} onChange={(_, d) => filter({ keyword: d.value })} data-testid="order-keyword" />
            </Field>
          )}
        >
          <Field label={<Trans>配送日期从</Trans>}><DateInput className={s.date} value={startDate} onChange={(_, d) => filter({ start: d.value })} data-testid="order-start" /></Field>
          <Field label={<Trans>至</Trans>}><DateInput className={s.date} value={endDate} onChange={(_, d) => filter({ end: d.value })} data-testid="order-end" /></Field>
          {(school || party === 'supplier') && (
            <Field label={school ? <Trans>供应商</Trans> : <Trans>学校</Trans>}>
              <Dropdown
                value={counterparts.find((c) => c.id === counterpart)?.name ?? t`全部`} selectedOptions={[counterpart]} data-testid="order-counterpart"
                onOptionSelect={(_, d) => filter({ counterpart: d.optionValue ?? '' })}
              >
                <Option value="" text={t`全部`}>{t`全部`}</Option>
                {counterparts.map((c) => <Option key={c.id} value={c.id}>{c.name}</Option>)}
              </Dropdown>
            </Field>
          )}
          <Field label={<Trans>称重差异</Trans>}>
            <Dropdown
              value={weighDifference ? t(WEIGH_DIFFERENCE_LABELS[weighDifference]) : t`全部`} selectedOptions={[weighDifference]} data-testid="order-weigh-difference-filter"
              onOptionSelect={(_, d) => filter({ weigh: d.optionValue ?? '' })}
            >
              <Option value="" text={t`全部`}>{t`全部`}</Option>
              {WEIGH_DIFFERENCE_FILTERS.map((f) => <Option key={f} value={f} text={t(WEIGH_DIFFERENCE_LABELS[f])}>{t(WEIGH_DIFFERENCE_LABELS[f])}</Option>)}
            </Dropdown>
          </Field>
        </FilterBar>
      )}
    >
      <TabList className={s.tabs} selectedValue={status} onTabSelect={(_, d) => filter({ status: String(d.value) })} data-testid="order-status-tabs">
        <Tab value={ALL_STATUSES} data-testid="order-tab-all"><Trans>全部</Trans></Tab>
        {ORDER_STATUSES.map((st: OrderStatus) => <Tab key={st} value={st} data-testid={`order-tab-${st}`}>{t(STATUS_LABELS[st])}</Tab>)}
      </TabList>
      {phone && rows.length > 0 && selectAll}
      {chosen.length > 0 && (
        <div className={s.batch} data-testid="order-batch">
          <Text><Trans>已选 {chosen.length} 单</Trans></Text>
          {batchable.map((a) => (
            <Button key={a} disabled={batch.isPending} onClick={() => (a === 'submit' ? setAskSubmit(true) : batch.mutate(a))} data-testid={`order-batch-${a}`}>{t(ACTION_LABELS[a])}</Button>
          ))}
        </div>
      )}
      {askSubmit && <BatchSubmitDialog drafts={takes('submit')} busy={batch.isPending} onClose={() => setAskSubmit(false)} onSubmit={() => batch.mutate('submit')} />}
      {batchResult && (
        <Text data-testid="order-batch-result">
          <Trans>成功 {batchResult.rows.length} 单，失败 {batchResult.errors.length} 单</Trans>
          {batchResult.errors.map((e) => <span key={e.id}>{`；${rows.find((r) => r.id === e.id)?.orderNo ?? e.id}: ${e.errors.join('，')}`}</span>)}
        </Text>
      )}
      {list.isLoading ? <Text><Trans>加载中</Trans></Text> : <DataTable rows={rows} columns={columns} rowKey={(r) => r.id} testId="order-table" selected={(r) => selected.has(r.id)} rowProps={(r) => ({ 'data-order-no': r.orderNo })} />}
      <Pager page={page} size={PAGE.orders} count={list.data?.count ?? 0} onPage={(p) => { setFilters({ page: p }); setSelected(new Set()); }} />
    </ScreenFrame>
  );
}
