// xgOrgOrderManage (issue 34): a fruit org's orders of a day and that day's picking list. The picking list sums the
// paid orders by school and class, names each child, prints on A4 (print CSS: only the list, a class never split) and
// marks a class's day delivered in one go; each order's own buttons come from the fruit order machine
// (FruitOrderActions). The server decides and its refusal is shown in its words.
import { useState } from 'react';
import { Badge, Button, Field, Tab, TabList, Text, makeStaticStyles, makeStyles, tokens } from '@fluentui/react-components';
import { PrintRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dayOf } from '../../../../domain/priceCycle.ts';
import { deliverPicking, fruitKeys, fruitOrdersQuery, pickingListQuery, type FruitOrderRow } from '../../../../services/fruitMall.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { DateInput } from '../../../components/DateInput.tsx';
import { useUrlState } from '../../../components/useUrlState.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { FruitOrderActions } from './FruitOrderActions.tsx';
import { FRUIT_DAY_LABELS, FRUIT_PAYMENT_LABELS, FRUIT_PLAN_LABELS, FRUIT_STATUS_LABELS } from './fruitLabels.ts';

const usePrintStyles = makeStaticStyles(`
@media print {
  body *:not(:has([data-print-root])):not([data-print-root]):not([data-print-root] *) { display: none !important; }
  body *:has([data-print-root]) {
    display: block !important; position: static !important; margin: 0 !important; padding: 0 !important; border: 0 !important;
    width: auto !important; height: auto !important; min-height: 0 !important; overflow: visible !important; box-shadow: none !important;
  }
  [data-print-hide] { display: none !important; }
  [data-print-root] section { break-inside: avoid; }
  @page { size: A4; margin: 12mm; }
}
`);

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  school: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalL },
  cls: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalM },
  clsHead: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center', justifyContent: 'space-between' },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
});

export default function XgOrgOrderManagePage() {
  usePrintStyles();
  const s = useStyles();
  const { t } = useLingui();
  const money = useMoney();
  const qc = useQueryClient();
  const { orgApp, ready } = useOrgQueryKey();
  const [view, setView] = useUrlState({ tab: 'picking', day: dayOf(new Date()) });
  const { tab, day } = view;
  const orders = useQuery({ ...fruitOrdersQuery(orgApp?.orgId, { day, $limit: 100 }), enabled: ready && tab === 'orders' });
  const picking = useQuery({ ...pickingListQuery(orgApp?.orgId, day), enabled: ready && tab === 'picking' });
  const deliver = useMutation({
    mutationFn: deliverPicking,
    onSuccess: () => { void qc.invalidateQueries({ queryKey: fruitKeys.all }); },
  });
  const [error, setError] = useState<string | null>(null);

  const columns: Column<FruitOrderRow>[] = [
    { key: 'orderNo', header: <Trans>订单号</Trans>, render: (r) => <span data-testid="fruit-order-no">{r.orderNo}</span>, phone: 'title' },
    { key: 'child', header: <Trans>孩子</Trans>, render: (r) => `${r.childName}（${r.schoolName} ${r.grade}${r.className}）` },
    { key: 'member', header: <Trans>会员</Trans>, render: (r) => `${r.memberName} ${r.memberLevel}` },
    { key: 'sku', header: <Trans>商品</Trans>, render: (r) => `${r.skuName} × ${r.quantity}` },
    { key: 'plan', header: <Trans>订购方式</Trans>, render: (r) => t(FRUIT_PLAN_LABELS[r.plan]) },
    {
      key: 'amount', header: <Trans>金额</Trans>,
      // what was paid after the campaign (its name beside it), or the group price of a group buy
      render: (r) => `${money(r.amount)}${r.campaignName ? `（${r.campaignName} −${money(r.discount)}）` : ''}${r.grouponId ? ` ${t`团购价`}` : ''}${r.refunded ? ` / ${t`已退`} ${money(r.refunded)}` : ''}`,
    },
    { key: 'payment', header: <Trans>支付方式</Trans>, render: (r) => t(FRUIT_PAYMENT_LABELS[r.payment]) },
    { key: 'status', header: <Trans>状态</Trans>, render: (r) => <Badge appearance="tint" data-testid="fruit-order-status" data-status={r.status}>{t(FRUIT_STATUS_LABELS[r.status])}</Badge> },
    {
      key: 'day', header: <Trans>当日</Trans>,
      render: (r) => {
        const d = r.days.find((x) => x.day === day);
        if (!d) return '—';
        // the member asked this missed day back: the refund button is the answer
        return d.refundRequested && d.status === 'pending'
          ? <Badge appearance="filled" color="danger" data-testid="fruit-order-refund-asked">{t`会员申请退款`}</Badge> : t(FRUIT_DAY_LABELS[d.status]);
      },
    },
    { key: 'actions', header: <Trans>操作</Trans>, render: (r) => <FruitOrderActions row={r} day={day} /> },
  ];

  const listError = (tab === 'orders' ? orders.error : picking.error) ?? deliver.error;
  return (
    <ScreenFrame title={<Trans>鲜果机构订单管理</Trans>} testId="screen-xgOrgOrderManage" error={error ?? (listError ? errorText(listError) : null)}>
      <div data-print-root>
        <div className={s.bar} data-print-hide>
          <Field label={<Trans>配送日期</Trans>}>
            <DateInput value={day} onChange={(_, d) => { if (d.value) setView({ day: d.value }); }} data-testid="fruit-day" aria-label={t`配送日期`} />
          </Field>
          <TabList selectedValue={tab} onTabSelect={(_, d) => setView({ tab: String(d.value) })}>
            <Tab value="picking" data-testid="fruit-tab-picking"><Trans>拣货单</Trans></Tab>
            <Tab value="orders" data-testid="fruit-tab-orders"><Trans>订单</Trans></Tab>
          </TabList>
          {tab === 'picking' && (
            <Button icon={<PrintRegular />} disabled={!picking.data?.schools.length} onClick={() => window.print()} data-testid="fruit-picking-print"><Trans>打印</Trans></Button>
          )}
        </div>
        {tab === 'orders' && (orders.isLoading ? <Text><Trans>加载中</Trans></Text> : (
          <>
            <DataTable rows={orders.data?.rows ?? []} columns={columns} rowKey={(r) => r.orderId} testId="fruit-order-table" rowProps={(r) => ({ 'data-order-no': r.orderNo })} />
            {!orders.data?.rows.length && <Text data-testid="fruit-order-empty"><Trans>当日没有订单</Trans></Text>}
          </>
        ))}
        {tab === 'picking' && (
          <div data-testid="fruit-picking">
            <Text as="h2" size={500} weight="semibold"><Trans>拣货单 {day}</Trans></Text>
            {!picking.isLoading && !picking.data?.schools.length && <Text as="p" data-testid="fruit-picking-empty"><Trans>当日没有要配送的订单</Trans></Text>}
            {picking.data?.schools.map((school) => (
              <div key={school.schoolOrgId} className={s.school} data-testid="fruit-picking-school" data-school={school.schoolName}>
                <Text as="h3" size={400} weight="semibold">{school.schoolName}</Text>
                {school.classes.map((c) => {
                  const pending = c.children.some((ch) => ch.status === 'pending');
                  return (
                    <section key={`${c.grade}/${c.className}`} className={s.cls} data-testid="fruit-picking-class" data-class={`${c.grade}${c.className}`}>
                      <div className={s.clsHead}>
                        <Text weight="semibold">{c.grade} {c.className}</Text>
                        <Text>{c.items.map((i) => `${i.skuName} ${i.spec} × ${i.quantity}${i.unit}`).join('；')}</Text>
                        {pending && (
                          <Button
                            size="small" appearance="primary" data-print-hide data-testid="fruit-picking-deliver" disabled={deliver.isPending}
                            onClick={() => { setError(null); deliver.mutate({ day, schoolOrgId: school.schoolOrgId, grade: c.grade, className: c.className }); }}
                          >
                            <Trans>本班已配送</Trans>
                          </Button>
                        )}
                      </div>
                      <ul className={s.list}>
                        {c.children.map((ch) => (
                          <li key={ch.orderId} data-testid="fruit-picking-child" data-status={ch.status}>
                            {ch.childName}：{ch.skuName} × {ch.quantity}（{t(FRUIT_DAY_LABELS[ch.status])}）
                          </li>
                        ))}
                      </ul>
                    </section>
                  );
                })}
              </div>
            ))}
          </div>
        )}
      </div>
    </ScreenFrame>
  );
}
