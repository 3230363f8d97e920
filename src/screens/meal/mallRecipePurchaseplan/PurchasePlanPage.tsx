// mallRecipePurchaseplan (issue 11): the purchase plan of one week of a published recipe cycle. The server works
// out the plan (domain/purchasePlan.ts); here the purchaser edits quantities, exports the plan to Excel (the
// columns of the org's export setting) and turns it into one order per supplier and delivery day (POST
// /v4/mall/order, priced by the server) — of the whole week or of one delivery day. The parts are the month plan's too (../shared/purchasePlan/planParts.tsx).
import { useState } from 'react';
import { Dropdown, Field, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { recipeCyclesQuery } from '../../../../services/recipeCycles.ts';
import { purchasePlanQuery } from '../../../../services/purchasePlans.ts';
import { sumAmounts } from '../../../../domain/money.ts';
import { planCoverage } from '../../../../domain/purchasePlan.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { PlanActions, PlanLinesTable, PlanOrderConfirm, PlanResults, UnmatchedTable, usePlanEdits, usePlanExport, usePlanOrders } from '../shared/purchasePlan/planParts.tsx';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

export default function PurchasePlanPage() {
  const s = useStyles();
  const { t } = useLingui();
  const money = useMoney();
  const fmt = useIntlFormat();
  const { orgApp, ready } = useOrgQueryKey();
  const [cycleId, setCycleId] = useState('');
  const [week, setWeek] = useState(1);
  // one delivery day of the week, or all ('' ): a school often orders day by day, as each cut-off comes
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);

  const cycles = useQuery({ ...recipeCyclesQuery(orgApp?.orgId, { status: 'published' }), enabled: ready });
  const cycle = (cycles.data?.rows ?? []).find((c) => c.id === cycleId);
  const weeks = cycle ? Math.ceil(cycle.days / 7) : 0;
  const plan = useQuery({ ...purchasePlanQuery(orgApp?.orgId, cycleId ? { cycleId, week } : null), enabled: ready && Boolean(cycleId) });
  const { lines: weekLines, edits, edit, reset } = usePlanEdits(plan.data?.lines);
  const lines = day ? weekLines.filter((l) => l.date === day) : weekLines;
  const total = sumAmounts(lines.map((l) => l.amount));
  const unmatched = (plan.data?.unmatched ?? []).filter((u) => !day || u.date === day);
  const coverage = planCoverage({ lines, unmatched });
  const percent = fmt.percent(coverage.share);
  const exporter = usePlanExport();
  const orders = usePlanOrders();

  const choose = (apply: () => void) => { apply(); reset(); orders.clear(); };
  const exportExcel = () => exporter.run(lines, unmatched, t`采购计划`, `${t`采购计划`}-${plan.data?.cycleName ?? ''}-${week}.xlsx`)
    .catch((e: unknown) => setError(errorText(e)));

  return (
    <ScreenFrame
      title={<Trans>采购计划</Trans>} testId="screen-mallRecipePurchaseplan"
      error={error ?? (cycles.error ? errorText(cycles.error) : plan.error ? errorText(plan.error) : null)}
      toolbar={(
        <>
          <Field label={<Trans>周食谱</Trans>}>
            <Dropdown
              value={cycle?.name ?? ''} placeholder={t`选择已发布的周食谱`} selectedOptions={[cycleId]} data-testid="plan-cycle"
              onOptionSelect={(_, d) => choose(() => { setCycleId(d.optionValue ?? ''); setWeek(1); setDay(''); })}
            >
              {(cycles.data?.rows ?? []).map((c) => <Option key={c.id} value={c.id} text={c.name}>{`${c.name}（${c.startDate}）`}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>周次</Trans>}>
            <Dropdown
              value={weeks ? t`第 ${week} 周` : ''} selectedOptions={[String(week)]} disabled={!weeks} data-testid="plan-week"
              onOptionSelect={(_, d) => choose(() => { setWeek(Number(d.optionValue ?? 1)); setDay(''); })}
            >
              {Array.from({ length: weeks }, (_, i) => i + 1).map((w) => <Option key={w} value={String(w)} text={t`第 ${w} 周`}>{t`第 ${w} 周`}</Option>)}
            </Dropdown>
          </Field>
          <Field label={<Trans>配送日期</Trans>}>
            <Dropdown
              value={day || t`全部`} selectedOptions={[day]} disabled={!plan.data} data-testid="plan-day"
              onOptionSelect={(_, d) => { setDay(d.optionValue ?? ''); orders.clear(); }}
            >
              <Option value="" text={t`全部`}>{t`全部`}</Option>
              {(plan.data?.days ?? []).map((d) => <Option key={d.date} value={d.date}>{d.date}</Option>)}
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
      {!cycleId && <Text><Trans>请选择已发布的周食谱和周次</Trans></Text>}
      {plan.isLoading && <Text><Trans>加载中</Trans></Text>}
      {plan.data && (
        <div className={s.section}>
          <Text data-testid="plan-summary"><Trans>{fmt.date(plan.data.startDate)} 至 {fmt.date(plan.data.endDate)}，共 {lines.length} 项，合计 {money(total)}</Trans></Text>
          <Text data-testid="plan-coverage" data-share={coverage.share.toFixed(4)}>
            <Trans>可下单食材 {coverage.ordered} / {coverage.all} 项（{percent}）</Trans>
          </Text>
          <PlanResults results={orders.results} />
          <PlanOrderConfirm orders={orders} />
          <PlanLinesTable lines={lines} edits={edits} onEdit={edit} />
          <UnmatchedTable rows={unmatched} />
        </div>
      )}
    </ScreenFrame>
  );
}
