// orderLogList (issue 11): who did what to which order, when — read by the server from the order events of the
// orders the caller may see, newest first, 100 a page. Filtered by order (its number, looked up through the
// order search) and by action.
import { Dropdown, Field, Input, Option, Text } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ORDER_ACTIONS } from '../../../../domain/order.ts';
import { RETURN_LOG_ACTIONS } from '../../../../domain/orderReturn.ts';
import { PAGE } from '../../../../domain/constants.ts';
import { orderLogQuery, ordersQuery, type OrderLogRow } from '../../../../services/orders.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { Pager } from '../shared/Pager.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { LOG_ACTION_LABELS, STATUS_LABELS } from '../orderList/orderView.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { useUrlState } from '../../../components/useUrlState.ts';

// the order's own actions, then its returns' (the log tells both)
const ACTIONS = ['create', ...ORDER_ACTIONS, ...Object.values(RETURN_LOG_ACTIONS)] as const;
type LogAction = (typeof ACTIONS)[number];
const isAction = (a: string): a is LogAction => (ACTIONS as readonly string[]).includes(a);

export default function OrderLogListPage() {
  const fmt = useIntlFormat();
  const { t } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  // issue 28: the filters and the page live in the URL (a tab switch, Back and a reload keep them)
  const [view, setView] = useUrlState({ orderNo: '', action: '', page: 0 });
  const { orderNo, action, page } = view;
  const setOrderNo = (next: string) => setView({ orderNo: next });
  const setAction = (next: string) => setView({ action: next });
  const setPage = (next: number) => setView({ page: next });
  // an order number names one order: found through the order search, then its log is asked for by id
  const match = useQuery({ ...ordersQuery(orgApp?.orgId, { keyword: orderNo.trim(), $limit: 1 }), enabled: ready && orderNo.trim().length > 0 });
  const orderId = orderNo.trim() ? match.data?.rows.find((r) => r.orderNo === orderNo.trim())?.id : undefined;
  const noSuchOrder = Boolean(orderNo.trim()) && match.isSuccess && !orderId;
  const log = useQuery({
    ...orderLogQuery(orgApp?.orgId, { ...(orderId && { orderId }), $limit: PAGE.orders, $skip: page * PAGE.orders }),
    enabled: ready && (!orderNo.trim() || Boolean(orderId)),
  });
  // the action filter narrows the page shown (the log call filters by order only)
  const rows = noSuchOrder ? [] : (log.data?.rows ?? []).filter((r) => !action || r.action === action);
  const when = (at: string) => fmt.dateTime(at, true);
  // a line received on a scale: its reading, and short or over when beyond the scale's tolerance
  const weighing = (l: OrderLogRow['lines'][number]) => {
    if (l.weighedGrams === undefined) return '';
    const grams = l.weighedGrams;
    const verdict = l.weighResult === 'short' ? t`短重` : l.weighResult === 'over' ? t`超重` : '';
    return [t`称重 ${grams} 克`, verdict].filter(Boolean).join(' ');
  };

  const columns: Column<OrderLogRow>[] = [
    { key: 'orderNo', header: <Trans>订单号</Trans>, render: (r) => <span data-testid="log-order-no">{r.orderNo}</span>, phone: 'title' },
    { key: 'action', header: <Trans>操作</Trans>, render: (r) => <span data-testid="log-action" data-action={r.action}>{isAction(r.action) ? t(LOG_ACTION_LABELS[r.action]) : r.action}</span>, phone: 'detail' },
    { key: 'status', header: <Trans>操作后状态</Trans>, render: (r) => t(STATUS_LABELS[r.status]) },
    { key: 'user', header: <Trans>操作人</Trans>, render: (r) => <span data-testid="log-user">{r.userName}</span> },
    { key: 'at', header: <Trans>时间</Trans>, render: (r) => <time dateTime={r.at}>{when(r.at)}</time> },
    {
      key: 'detail', header: <Trans>说明</Trans>,
      render: (r) => [r.returnNo ? t`退货单 ${r.returnNo}` : '', r.reason, r.note ? t`备注：${r.note}` : '', ...r.lines.map((l) => [
        l.refused ? t`拒绝一行` : '', l.reason ?? '', l.quantity !== undefined ? t`数量 ${l.quantity}` : '', l.receivedQuantity !== undefined ? t`实收 ${l.receivedQuantity}` : '',
        l.returnedQuantity !== undefined ? t`退货 ${l.returnedQuantity}` : '', weighing(l),
      ].filter(Boolean).join(' '))]
        .filter(Boolean).join('；'),
    },
  ];

  return (
    <ScreenFrame
      title={<Trans>订单日志</Trans>} testId="screen-orderLogList" error={log.error ? errorText(log.error) : null}
      toolbar={(
        // the order number is the search (in the row on a phone too); the action filter folds into the sheet
        <FilterBar
          active={action ? 1 : 0} testId="order-log-filters"
          search={(
            <Field label={<Trans>订单号</Trans>}>
              <Input value={orderNo} onChange={(_, d) => { setOrderNo(d.value); setPage(0); }} data-testid="log-filter-order" />
            </Field>
          )}
        >
          <Field label={<Trans>操作</Trans>}>
            <Dropdown value={isAction(action) ? t(LOG_ACTION_LABELS[action]) : t`全部`} selectedOptions={[action]} onOptionSelect={(_, d) => setAction(d.optionValue ?? '')} data-testid="log-filter-action">
              <Option value="" text={t`全部`}>{t`全部`}</Option>
              {ACTIONS.map((a) => <Option key={a} value={a}>{t(LOG_ACTION_LABELS[a])}</Option>)}
            </Dropdown>
          </Field>
        </FilterBar>
      )}
    >
      {noSuchOrder && <Text><Trans>没有该订单号的订单</Trans></Text>}
      {log.isLoading ? <Text><Trans>加载中</Trans></Text> : <DataTable rows={rows} columns={columns} rowKey={(r) => r.id} testId="order-log-table" />}
      <Pager page={page} size={PAGE.orders} count={log.data?.count ?? 0} onPage={setPage} />
    </ScreenFrame>
  );
}
