// carReport (车辆报表, issue 11): per vehicle and driver over a period, the deliveries, stops, schools and orders
// carried, their amount and weight, and the on-time arrivals from the stops' arrival marks (the server counts with
// domain/carReport.ts). The supplier reads its own vehicles, a delivery user his routes' (§6 M7). A chart of stops,
// arrivals and on-time arrivals per vehicle (the order reports' chart module, loaded lazily), the table, Excel.
import { lazy, Suspense, useState } from 'react';
import { Button, Field, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_ARRIVE_BY, periodProblem } from '../../../../domain/carReport.ts';
import { dayOf } from '../../../../domain/priceCycle.ts';
import { carReportQuery, type CarReportRow } from '../../../../services/carReport.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import type { ChartModel } from '../shared/orderReport/reportModel.ts';
import { DateInput } from '../../../components/DateInput.tsx';

const ReportChart = lazy(() => import('../shared/orderReport/OrderReportCharts.tsx'));

const useStyles = makeStyles({
  field: { width: '170px' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // the chart in a row of its own with a fixed height: in the column above, its responsive container kept growing
  chartRow: { display: 'flex', flexWrap: 'wrap' },
  chart: { flex: '1 1 420px', minWidth: 0, height: '400px', overflow: 'hidden' },
});

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);
const kg = (n: number) => `${Math.round(n * 100) / 100} kg`;

export default function CarReportPage() {
  const s = useStyles();
  const { t } = useLingui();
  const money = useMoney();
  const { orgApp, ready } = useOrgQueryKey();
  const today = dayOf(new Date());
  const monthStart = `${today.slice(0, 8)}01`;
  const [startDate, setStartDate] = useState(monthStart);
  const [endDate, setEndDate] = useState(today);
  const [arriveBy, setArriveBy] = useState(DEFAULT_ARRIVE_BY);
  const [error, setError] = useState<string | null>(null);
  // the period is checked here by the server's rule, so a half-typed date asks nothing
  const problem = periodProblem(startDate, endDate);
  const query = { startDate, endDate, arriveBy: /^([01]\d|2[0-3]):[0-5]\d$/.test(arriveBy) ? arriveBy : DEFAULT_ARRIVE_BY };
  const report = useQuery({ ...carReportQuery(orgApp?.orgId, query), enabled: ready && !problem });
  const rows = report.data?.rows ?? [];

  const name = (r: Pick<CarReportRow, 'vehicle' | 'driverName'>) => `${r.vehicle || t`未填写车辆`} / ${r.driverName || t`未填写司机`}`;
  const columns: Column<CarReportRow>[] = [
    { key: 'vehicle', header: <Trans>车辆</Trans>, render: (r) => <span data-testid="car-vehicle">{r.vehicle || t`未填写车辆`}</span>, phone: 'title' },
    { key: 'driver', header: <Trans>司机</Trans>, render: (r) => r.driverName || t`未填写司机` },
    { key: 'deliveries', header: <Trans>配送单</Trans>, render: (r) => r.deliveries },
    { key: 'stops', header: <Trans>站点</Trans>, render: (r) => <span data-testid="car-stops">{r.stops}</span> },
    { key: 'schools', header: <Trans>学校</Trans>, render: (r) => r.schools, phone: 'hidden' },
    { key: 'orders', header: <Trans>订单</Trans>, render: (r) => r.orders, phone: 'hidden' },
    { key: 'weight', header: <Trans>重量</Trans>, render: (r) => (r.unweighedLines ? t`${kg(r.weightKg)}（另有 ${r.unweighedLines} 行无法称重）` : kg(r.weightKg)) },
    { key: 'amount', header: <Trans>金额</Trans>, render: (r) => money(r.amount) },
    { key: 'arrived', header: <Trans>已到达</Trans>, render: (r) => <span data-testid="car-arrived">{r.arrived}</span> },
    { key: 'onTime', header: <Trans>准时到达</Trans>, render: (r) => <span data-testid="car-on-time">{r.onTime}</span> },
    { key: 'rate', header: <Trans>准时率</Trans>, render: (r) => percent(r.onTimeRate) },
  ];

  const chart: ChartModel = {
    kind: 'grouped',
    series: [
      { key: 'stops', legend: t`站点`, color: tokens.colorPaletteBlueBorderActive },
      { key: 'arrived', legend: t`已到达`, color: tokens.colorPaletteTealBorderActive },
      { key: 'onTime', legend: t`准时到达`, color: tokens.colorPaletteGreenBorderActive },
    ],
    groups: rows.map((r) => ({ label: name(r), values: { stops: r.stops, arrived: r.arrived, onTime: r.onTime } })),
  };

  const exportExcel = async () => {
    const { writeWorkbook, downloadFile } = await import('../../../components/excel/sheet.ts');
    const headers = [t`车辆`, t`司机`, t`配送单`, t`站点`, t`学校`, t`订单`, t`重量（千克）`, t`无法称重行数`, t`金额`, t`已到达`, t`准时到达`, t`准时率`];
    const body = rows.map((r) => [r.vehicle, r.driverName, r.deliveries, r.stops, r.schools, r.orders, r.weightKg, r.unweighedLines, r.amount, r.arrived, r.onTime, percent(r.onTimeRate)]);
    downloadFile(await writeWorkbook(headers, body, t`车辆报表`), `${t`车辆报表`}-${startDate}-${endDate}.xlsx`);
  };

  const totals = report.data?.totals;
  return (
    <ScreenFrame
      title={<Trans>车辆报表</Trans>} testId="screen-carReport"
      error={error ?? problem ?? (report.error ? errorText(report.error) : null)}
      toolbar={(
        // the period and the arrive-by time fold into the sheet on a phone (the summary line names the period);
        // the count is of those changed from the screen's own start (this month, the default arrive-by time)
        <FilterBar
          active={[startDate !== monthStart, endDate !== today, arriveBy !== DEFAULT_ARRIVE_BY].filter(Boolean).length} testId="car-filters"
          actions={(
            <Button icon={<ArrowDownloadRegular />} disabled={!rows.length} onClick={() => { exportExcel().catch((e: unknown) => setError(errorText(e))); }} data-testid="car-export">
              <Trans>导出 Excel</Trans>
            </Button>
          )}
        >
          <Field label={<Trans>开始日期</Trans>}><DateInput className={s.field} value={startDate} onChange={(_, d) => setStartDate(d.value)} data-testid="car-start" /></Field>
          <Field label={<Trans>结束日期</Trans>}><DateInput className={s.field} value={endDate} onChange={(_, d) => setEndDate(d.value)} data-testid="car-end" /></Field>
          <Field label={<Trans>准时到达时间</Trans>} hint={<Trans>配送当天此时间前到达为准时</Trans>}>
            <Input className={s.field} type="time" value={arriveBy} onChange={(_, d) => setArriveBy(d.value)} data-testid="car-arrive-by" />
          </Field>
        </FilterBar>
      )}
    >
      {report.isLoading && <Text><Trans>加载中</Trans></Text>}
      {totals && (
        <div className={s.section}>
          <Text data-testid="car-summary">
            <Trans>{report.data!.startDate} 至 {report.data!.endDate}：{rows.length} 辆车，{totals.deliveries} 个配送单，{totals.stops} 个站点，准时率 {percent(totals.onTimeRate)}</Trans>
          </Text>
          {rows.length > 0 && (
            <div className={s.chartRow}>
              <div className={s.chart}>
                <Suspense fallback={<Spinner size="tiny" />}>
                  <ReportChart model={chart} title={t`各车辆站点与准时到达`} testId="car-chart" format={(v) => String(v)} />
                </Suspense>
              </div>
            </div>
          )}
          <DataTable rows={rows} columns={columns} rowKey={(r) => `${r.vehicle}/${r.driverName}`} testId="car-table" />
        </div>
      )}
    </ScreenFrame>
  );
}
