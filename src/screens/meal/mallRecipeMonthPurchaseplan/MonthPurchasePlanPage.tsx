// mallRecipeMonthPurchaseplan (issue 11, 月度采购计划): the week plan's rules over the days of a published cycle in
// one month (a month cycle's month, or the weeks of a week cycle in it). Above the day lines, the totals of each
// ingredient per week and for the month, recomputed from the purchaser's edited quantities (domain planTotals);
// the export, the edits and the orders are the week plan's own parts (../shared/purchasePlan/planParts.tsx).
import { useMemo, useState } from 'react';
import { Dropdown, Field, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { cycleMonths, planTotals } from '../../../../domain/purchasePlan.ts';
import { recipeCyclesQuery } from '../../../../services/recipeCycles.ts';
import { monthPurchasePlanQuery, type PlanTotal } from '../../../../services/purchasePlans.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { PlanActions, PlanLinesTable, PlanOrderConfirm, PlanResults, UnmatchedTable, usePlanEdits, usePlanExport, usePlanOrders } from '../shared/purchasePlan/planParts.tsx';
import { quantityText } from '../../../components/unitNames.ts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** A quantity with its unit, up to the hundredth the plan rounds to. */

export default function MonthPurchasePlanPage() {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const money = useMoney();
  const fmt = useIntlFormat();
  const { orgApp, ready } = useOrgQueryKey();
  const [cycleId, setCycleId] = useState('');
  const [month, setMonth] = useState('');
  const [error, setError] = useState<string | null>(null);

  const cycles = useQuery({ ...recipeCyclesQuery(orgApp?.orgId, { status: 'published' }), enabled: ready });
  const cycle = (cycles.data?.rows ?? []).find((c) => c.id === cycleId);
  const months = cycle ? cycleMonths(cycle.startDate, cycle.days) : [];
  const query = cycleId && month ? { cycleId, month } : null;
  const plan = useQuery({ ...monthPurchasePlanQuery(orgApp?.orgId, query), enabled: ready && Boolean(query) });
  const { lines, edits, edit, reset, total } = usePlanEdits(plan.data?.lines);
  const totals = useMemo(() => planTotals(lines), [lines]);
  const exporter = usePlanExport();
  const orders = usePlanOrders();

  const choose = (apply: () => void) => { apply(); reset(); orders.clear(); };
  const exportExcel = () => exporter.run(lines, plan.data?.unmatched ?? [], t`月度采购计划`, `${t`月度采购计划`}-${plan.data?.cycleName ?? ''}-${month}.xlsx`)
    .catch((e: unknown) => setError(errorText(e)));

  const totalColumns: Column<PlanTotal>[] = [
    { key: 'food', header: <Trans>食材</Trans>, render: (r) => r.foodName, phone: 'title' },
    { key: 'product', header: <Trans>商品</Trans>, render: (r) => `${r.productName}${r.spec ? `（${r.spec}）` : ''}` },
    { key: 'supplier', header: <Trans>供应商</Trans>, render: (r) => r.supplierName, phone: 'hidden' },
    ...totals.weeks.map((start): Column<PlanTotal> => {
      // named `week` so the message keeps its {week} placeholder (and its translations)
      const week = fmt.date(start);
      return {
        key: `week-${start}`, header: <Trans>{week} 起一周</Trans>,
        render: (r) => (r.weeks[start] ? quantityText(i18n, Math.round(r.weeks[start].quantity * 100) / 100, r.unit) : '—'),
      };
    }),
    { key: 'month', header: <Trans>本月合计</Trans>, render: (r) => <span data-testid="total-quantity">{quantityText(i18n, Math.round(r.quantity * 100) / 100, r.unit)}</span> },
    { key: 'amount', header: <Trans>金额</Trans>, render: (r) => money(r.amount) },
  ];

  return (
    <ScreenFrame
      title={<Trans>月度采购计划</Trans>} testId="screen-mallRecipeMonthPurchaseplan"
      error={error ?? (cycles.error ? errorText(cycles.error) : plan.error ? errorText(plan.error) : null)}
      toolbar={(
        <>
          <Field label={<Trans>食谱</Trans>}>
            <Dropdown
              value={cycle?.name ?? ''} placeholder={t`选择已发布的食谱`} selectedOptions={[cycleId]} data-testid="plan-cycle"
              onOptionSelect={(_, d) => choose(() => {
                const picked = (cycles.data?.rows ?? []).find((c) => c.id === d.optionValue);
                setCycleId(d.optionValue ?? '');
                setMonth(picked ? cycleMonths(picked.startDate, picked.days)[0] ?? '' : '');
              })}
            >
              {(cycles.data?.rows ?? []).map((c) => <Option key={c.id} value={c.id} text={c.name}>{`${c.name}（${fmt.date(c.startDate)}）`}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>月份</Trans>}>
            <Dropdown
              value={month} selectedOptions={[month]} disabled={!months.length} data-testid="plan-month"
              onOptionSelect={(_, d) => choose(() => setMonth(d.optionValue ?? ''))}
            >
              {months.map((m) => <Option key={m} value={m}>{m}</Option>)}
            </Dropdown>
          </Field>
        </>
      )}
      actions={plan.data && (
        <PlanActions
          lines={lines} exportReady={exporter.ready} onExport={() => { void exportExcel(); }} ordering={orders.busy}
          onOrder={() => { if (plan.data) orders.ask(plan.data.cycleId, lines, plan.data.days); }}
        />
      )}
    >
      {!cycleId && <Text><Trans>请选择已发布的食谱和月份</Trans></Text>}
      {plan.isLoading && <Text><Trans>加载中</Trans></Text>}
      {plan.data && (
        <div className={s.section}>
          <Text data-testid="plan-summary"><Trans>{fmt.date(plan.data.startDate)} 至 {fmt.date(plan.data.endDate)}，共 {totals.rows.length} 种食材，合计 {money(total)}</Trans></Text>
          <PlanResults results={orders.results} />
          <PlanOrderConfirm orders={orders} />
          <Text weight="semibold"><Trans>食材汇总</Trans></Text>
          <DataTable rows={totals.rows} columns={totalColumns} rowKey={(r) => `${r.foodId}/${r.skuId}`} testId="plan-totals" />
          <Text weight="semibold"><Trans>每日采购明细</Trans></Text>
          <PlanLinesTable lines={lines} edits={edits} onEdit={edit} />
          <UnmatchedTable rows={plan.data.unmatched} />
        </div>
      )}
    </ScreenFrame>
  );
}
