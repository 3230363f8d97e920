// recipeOrgStatistics (issue 34): a fruit org's paid orders over a period: orders, members, units, revenue and refunds
// by day, by school and by class, as charts (loaded on this screen only) and a table exported to Excel. The platform
// picks the fruit org; a fruit org sees its own (the server decides which it may read).
import { lazy, Suspense, useState } from 'react';
import { Button, Dropdown, Field, Option, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { dayOf } from '../../../../domain/priceCycle.ts';
import { fruitOrgsQuery, fruitStatsQuery } from '../../../../services/fruitMall.ts';
import { usePowers } from '../../../app/hooks.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { DateInput } from '../../../components/DateInput.tsx';
import { useUrlState } from '../../../components/useUrlState.ts';
import { downloadFile, writeWorkbook } from '../../../components/excel/sheet.ts';
import { ScreenFrame } from '../../meal/shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../../meal/shared/DataTable.tsx';
import { errorText } from '../../meal/shared/errors.ts';
import { useOrgQueryKey } from '../../meal/shared/useOrgQueryKey.ts';

const FruitStatsChart = lazy(() => import('./FruitStatsCharts.tsx'));

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  charts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(420px, 100%), 1fr))', gap: tokens.spacingHorizontalL },
  totals: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXL },
});

interface ClassRow { key: string; school: string; cls: string; orders: number; members: number; units: number; revenue: number; refunds: number }

export default function RecipeOrgStatisticsPage() {
  const s = useStyles();
  const { t } = useLingui();
  const money = useMoney();
  const { orgApp, ready } = useOrgQueryKey();
  const powers = usePowers();
  const platform = powers.platform;
  const today = dayOf(new Date());
  // the range lives in the address, so a link (or a bookmark) names the days it shows
  const [range, setRange] = useUrlState({ from: dayOf(new Date(Date.now() - 29 * 86_400_000)), to: today });
  const { from, to } = range;
  const setFrom = (d: string) => setRange({ from: d });
  const setTo = (d: string) => setRange({ to: d });
  const orgs = useQuery({ ...fruitOrgsQuery(), enabled: ready && platform });
  const [picked, setPicked] = useState<string | null>(null);
  const fruitOrgId = platform ? (picked ?? orgs.data?.rows[0]?.orgId) : undefined;
  const query = { from, to, ...(fruitOrgId && { fruitOrgId }) };
  const stats = useQuery({ ...fruitStatsQuery(orgApp?.orgId, query), enabled: ready && (!platform || !!fruitOrgId) && from <= to });
  const [exportError, setExportError] = useState<string | null>(null);
  const data = stats.data;
  const rows: ClassRow[] = (data?.byClass ?? []).map((c) => ({ key: `${c.schoolOrgId}/${c.grade}/${c.className}`, school: c.schoolName, cls: `${c.grade}${c.className}`, ...c }));
  const headers = [t`学校`, t`班级`, t`订单数`, t`会员数`, t`份数`, t`收入`, t`退款`];
  const columns: Column<ClassRow>[] = [
    { key: 'school', header: headers[0], render: (r) => r.school, phone: 'title' },
    { key: 'cls', header: headers[1], render: (r) => r.cls },
    { key: 'orders', header: headers[2], render: (r) => r.orders },
    { key: 'members', header: headers[3], render: (r) => r.members },
    { key: 'units', header: headers[4], render: (r) => r.units },
    { key: 'revenue', header: headers[5], render: (r) => money(r.revenue) },
    { key: 'refunds', header: headers[6], render: (r) => money(r.refunds) },
  ];
  const exportSheet = async () => {
    setExportError(null);
    try {
      const title = t`鲜果机构统计`;
      downloadFile(await writeWorkbook(headers, rows.map((r) => [r.school, r.cls, r.orders, r.members, r.units, r.revenue, r.refunds]), title), `${title}_${from}_${to}.xlsx`);
    } catch (e) {
      setExportError(errorText(e));
    }
  };
  const legends = { revenue: t`收入`, refunds: t`退款` };
  return (
    <ScreenFrame title={<Trans>鲜果机构统计</Trans>} testId="screen-recipeOrgStatistics" error={exportError ?? (stats.error ? errorText(stats.error) : null)}>
      <div className={s.bar}>
        {platform && (
          <Field label={<Trans>鲜果机构</Trans>}>
            <Dropdown
              value={orgs.data?.rows.find((o) => o.orgId === fruitOrgId)?.name ?? ''} selectedOptions={fruitOrgId ? [fruitOrgId] : []}
              onOptionSelect={(_, d) => setPicked(d.optionValue ?? null)} data-testid="fruit-stats-org"
            >
              {orgs.data?.rows.map((o) => <Option key={o.orgId} value={o.orgId}>{o.name}</Option>)}
            </Dropdown>
          </Field>
        )}
        <Field label={<Trans>开始日期</Trans>}><DateInput value={from} max={to} onChange={(_, d) => { if (d.value) setFrom(d.value); }} aria-label={t`开始日期`} /></Field>
        <Field label={<Trans>结束日期</Trans>}><DateInput value={to} min={from} onChange={(_, d) => { if (d.value) setTo(d.value); }} aria-label={t`结束日期`} /></Field>
        <Button icon={<ArrowDownloadRegular />} disabled={!rows.length} onClick={() => void exportSheet()} data-testid="fruit-stats-export"><Trans>导出 Excel</Trans></Button>
      </div>
      {stats.isLoading && <Spinner />}
      {data && (
        <>
          <div className={s.totals} data-testid="fruit-stats-totals">
            <Text><Trans>订单数</Trans>：{data.totals.orders}</Text>
            <Text><Trans>会员数</Trans>：{data.totals.members}</Text>
            <Text><Trans>份数</Trans>：{data.totals.units}</Text>
            <Text><Trans>收入</Trans>：{money(data.totals.revenue)}</Text>
            <Text><Trans>退款</Trans>：{money(data.totals.refunds)}</Text>
          </div>
          <Suspense fallback={<Spinner />}>
            <div className={s.charts}>
              <FruitStatsChart title={t`按日`} testId="fruit-stats-by-day" legends={legends} format={money} groups={data.byDay.map((d) => ({ label: d.day.slice(5), revenue: d.revenue, refunds: d.refunds }))} />
              <FruitStatsChart title={t`按学校`} testId="fruit-stats-by-school" legends={legends} format={money} groups={data.bySchool.map((d) => ({ label: d.schoolName, revenue: d.revenue, refunds: d.refunds }))} />
            </div>
          </Suspense>
          <DataTable rows={rows} columns={columns} rowKey={(r) => r.key} testId="fruit-stats-table" />
          {!rows.length && <Text><Trans>这段时间没有已支付的订单</Trans></Text>}
        </>
      )}
    </ScreenFrame>
  );
}
