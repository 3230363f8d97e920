// mallRecipePurchaseplan (issue 11): the purchase plan of one week of a published recipe cycle. The server works
// out the plan (domain/purchasePlan.ts); here the purchaser edits quantities, exports the plan to Excel and turns
// it into one order per supplier and delivery day (POST /v4/mall/order, priced by the server). A day past a
// supplier's cut-off is skipped and said so.
import { useMemo, useState } from 'react';
import { Button, Dropdown, Field, Input, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { planOrders } from '../../../../domain/purchasePlan.ts';
import { lineAmount, sumAmounts } from '../../../../domain/money.ts';
import { recipeCyclesQuery } from '../../../../services/recipeCycles.ts';
import { purchasePlanQuery, type PurchasePlanLine, type PurchasePlanUnmatched } from '../../../../services/purchasePlans.ts';
import { createOrder, orderKeys } from '../../../../services/orders.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';

const useStyles = makeStyles({
  qty: { width: '110px' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  results: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

const REASONS: Record<PurchasePlanUnmatched['reason'], MessageDescriptor> = {
  noSku: msg`供应商没有关联该食材的商品`,
  noPrice: msg`商品没有生效的审核价格`,
  noWeightUnit: msg`商品单位无法按重量换算`,
  noOrderPermission: msg`供应商未开通下单权限`,
};

/** Grams shown whole: a tenth of a gram is no purchase figure (the export keeps the exact value). */
const grams = (g: number) => Math.round(g).toLocaleString();

const lineKey = (l: Pick<PurchasePlanLine, 'date' | 'foodId'>) => `${l.date}/${l.foodId}`;

export default function PurchasePlanPage() {
  const s = useStyles();
  const { t } = useLingui();
  const money = useMoney();
  const qc = useQueryClient();
  const { orgApp, ready } = useOrgQueryKey();
  const [cycleId, setCycleId] = useState('');
  const [week, setWeek] = useState(1);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [results, setResults] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const cycles = useQuery({ ...recipeCyclesQuery(orgApp?.orgId, { status: 'published' }), enabled: ready });
  const cycle = (cycles.data?.rows ?? []).find((c) => c.id === cycleId);
  const weeks = cycle ? Math.ceil(cycle.days / 7) : 0;
  const plan = useQuery({ ...purchasePlanQuery(orgApp?.orgId, cycleId ? { cycleId, week } : null), enabled: ready && Boolean(cycleId) });

  // the plan with the purchaser's quantities: an emptied or invalid field buys nothing of that line
  const lines = useMemo(() => (plan.data?.lines ?? []).map((l) => {
    const typed = edits[lineKey(l)];
    const quantity = typed === undefined ? l.quantity : Number(typed);
    const q = Number.isFinite(quantity) && quantity > 0 ? quantity : 0;
    return { ...l, quantity: q, amount: lineAmount(l.price, q) };
  }), [plan.data, edits]);
  const total = sumAmounts(lines.map((l) => l.amount));

  const choose = (apply: () => void) => { apply(); setEdits({}); setResults([]); };

  const exportExcel = async () => {
    const { writeWorkbook, downloadFile } = await import('../../../components/excel/sheet.ts');
    const headers = [t`配送日期`, t`供应商`, t`食材`, t`商品`, t`规格`, t`单位`, t`毛重（克）`, t`数量`, t`单价`, t`金额`];
    const rows = lines.map((l) => [l.date, l.supplierName, l.foodName, l.productName, l.spec, l.unit, l.grossGrams, l.quantity, l.price, l.amount]);
    const unmatched = (plan.data?.unmatched ?? []).map((u) => [u.date, '', u.foodName, t(REASONS[u.reason]), '', '', u.grossGrams, null, null, null]);
    downloadFile(await writeWorkbook(headers, [...rows, ...unmatched], t`采购计划`), `${t`采购计划`}-${plan.data?.cycleName ?? ''}-${week}.xlsx`);
  };

  const placeOrders = async () => {
    if (!plan.data) return;
    setBusy(true);
    setError(null);
    const out: string[] = [];
    const names = new Map(lines.map((l) => [l.supplierId, l.supplierName]));
    for (const o of planOrders(lines)) {
      const name = names.get(o.supplierId) ?? o.supplierId;
      const day = plan.data.days.find((d) => d.date === o.deliveryDate)?.suppliers.find((x) => x.supplierId === o.supplierId);
      if (day && !day.open) {
        out.push(t`${o.deliveryDate} ${name}：已过下单截止时间，未生成订单`);
        continue;
      }
      try {
        const order = await createOrder(o);
        out.push(t`${o.deliveryDate} ${name}：已生成订单 ${order.orderNo}`);
      } catch (e) {
        out.push(t`${o.deliveryDate} ${name}：${errorText(e)}`);
      }
    }
    setResults(out);
    setBusy(false);
    void qc.invalidateQueries({ queryKey: orderKeys.all });
  };

  const columns: Column<(typeof lines)[number]>[] = [
    { key: 'date', header: <Trans>配送日期</Trans>, render: (l) => l.date },
    { key: 'supplier', header: <Trans>供应商</Trans>, render: (l) => l.supplierName },
    { key: 'food', header: <Trans>食材</Trans>, render: (l) => l.foodName, phone: 'title' },
    { key: 'product', header: <Trans>商品</Trans>, render: (l) => `${l.productName}${l.spec ? `（${l.spec}）` : ''}` },
    { key: 'gross', header: <Trans>毛重（克）</Trans>, render: (l) => (l.edibleUnknown ? t`${grams(l.grossGrams)}（可食部未知）` : grams(l.grossGrams)), phone: 'hidden' },
    {
      key: 'quantity', header: <Trans>数量</Trans>,
      render: (l) => (
        <Input
          className={s.qty} type="number" inputMode="decimal" min={0} step={0.01} aria-label={t`${l.foodName} 数量`} data-testid="plan-quantity"
          value={edits[lineKey(l)] ?? String(l.quantity)} contentAfter={l.unit}
          onChange={(_, d) => setEdits((prev) => ({ ...prev, [lineKey(l)]: d.value }))}
        />
      ),
    },
    { key: 'price', header: <Trans>单价</Trans>, render: (l) => money(l.price) },
    { key: 'amount', header: <Trans>金额</Trans>, render: (l) => <span data-testid="plan-amount">{money(l.amount)}</span> },
  ];
  const unmatchedColumns: Column<PurchasePlanUnmatched>[] = [
    { key: 'date', header: <Trans>日期</Trans>, render: (u) => u.date },
    { key: 'food', header: <Trans>食材</Trans>, render: (u) => u.foodName, phone: 'title' },
    { key: 'gross', header: <Trans>毛重（克）</Trans>, render: (u) => grams(u.grossGrams) },
    { key: 'reason', header: <Trans>原因</Trans>, render: (u) => t(REASONS[u.reason]) },
  ];

  return (
    <ScreenFrame
      title={<Trans>采购计划</Trans>} testId="screen-mallRecipePurchaseplan"
      error={error ?? (cycles.error ? errorText(cycles.error) : plan.error ? errorText(plan.error) : null)}
      toolbar={(
        <>
          <Field label={<Trans>周食谱</Trans>}>
            <Dropdown
              value={cycle?.name ?? ''} placeholder={t`选择已发布的周食谱`} selectedOptions={[cycleId]} data-testid="plan-cycle"
              onOptionSelect={(_, d) => choose(() => { setCycleId(d.optionValue ?? ''); setWeek(1); })}
            >
              {(cycles.data?.rows ?? []).map((c) => <Option key={c.id} value={c.id} text={c.name}>{`${c.name}（${c.startDate}）`}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>周次</Trans>}>
            <Dropdown
              value={weeks ? t`第 ${week} 周` : ''} selectedOptions={[String(week)]} disabled={!weeks} data-testid="plan-week"
              onOptionSelect={(_, d) => choose(() => setWeek(Number(d.optionValue ?? 1)))}
            >
              {Array.from({ length: weeks }, (_, i) => i + 1).map((w) => <Option key={w} value={String(w)} text={t`第 ${w} 周`}>{t`第 ${w} 周`}</Option>)}
            </Dropdown>
          </Field>
        </>
      )}
      actions={plan.data && (
        <>
          <Button disabled={!lines.length} onClick={() => { exportExcel().catch((e: unknown) => setError(errorText(e))); }} data-testid="plan-export"><Trans>导出 Excel</Trans></Button>
          <Button appearance="primary" disabled={busy || !lines.some((l) => l.quantity > 0)} onClick={() => { void placeOrders(); }} data-testid="plan-order"><Trans>生成订单</Trans></Button>
        </>
      )}
    >
      {!cycleId && <Text><Trans>请选择已发布的周食谱和周次</Trans></Text>}
      {plan.isLoading && <Text><Trans>加载中</Trans></Text>}
      {plan.data && (
        <div className={s.section}>
          <Text data-testid="plan-summary"><Trans>{plan.data.startDate} 至 {plan.data.endDate}，共 {lines.length} 项，合计 {money(total)}</Trans></Text>
          {results.length > 0 && <div className={s.results} data-testid="plan-results">{results.map((r) => <Text key={r}>{r}</Text>)}</div>}
          <DataTable rows={lines} columns={columns} rowKey={lineKey} testId="plan-table" rowProps={(l) => ({ 'data-supplier': l.supplierId, 'data-date': l.date })} />
          {plan.data.unmatched.length > 0 && (
            <>
              <Text weight="semibold"><Trans>未匹配的食材</Trans></Text>
              <DataTable rows={plan.data.unmatched} columns={unmatchedColumns} rowKey={lineKey} testId="plan-unmatched" />
            </>
          )}
        </div>
      )}
    </ScreenFrame>
  );
}
