// The one order report screen (issue 11) the five report screens configure (reportModel.ts ReportConfig): the
// filters (period, date range, school, supplier, category), the screen's charts (loaded lazily with the chart
// library), the table of its grouping with a totals line, and the Excel export of that table. Figures come from
// GET /v4/mall/order/report, computed on the server over the orders the user may see (a bureau: its area's schools).
import { lazy, Suspense, useState } from 'react';
import { Button, Field, makeStyles, MessageBar, MessageBarBody, Select, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueries } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { dayOf } from '../../../../../domain/priceCycle.ts';
import { REPORT_PERIODS, type ReportPeriod } from '../../../../../domain/orderReports.ts';
import { orderReportQuery, type OrderReportQuery, type OrderReportRow } from '../../../../../services/orderReports.ts';
import { useMoney } from '../../../../components/useMoney.ts';
import { useIntlFormat } from '../../../../components/useIntlFormat.ts';
import { FilterBar } from '../../../../components/FilterBar.tsx';
import { downloadFile, writeWorkbook } from '../../../../components/excel/sheet.ts';
import { getScreen } from '../../../registry.ts';
import { ScreenFrame } from '../ScreenFrame.tsx';
import { DataTable, type Column } from '../DataTable.tsx';
import { errorText } from '../errors.ts';
import { useOrgQueryKey } from '../useOrgQueryKey.ts';
import { chartModel, dimText, FIGURE_KINDS, groupByOf, PER_PRODUCT, sheetOf, tableFigures, type Figure, type ReportConfig } from './reportModel.ts';
import { DIM_LABELS, FIGURE_LABELS, PERIOD_LABELS } from './reportLabels.ts';
import { DateInput } from '../../../../components/DateInput.tsx';

const OrderReportChart = lazy(() => import('./OrderReportCharts.tsx'));

const useStyles = makeStyles({
  charts: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  chart: { flex: '1 1 420px', minWidth: 0 },
  totals: { fontWeight: tokens.fontWeightSemibold },
  summary: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXL, rowGap: tokens.spacingVerticalXS },
  date: { width: '160px' },
});

const DAY = 86_400_000;
/** The default range: the last four weeks and the week ahead (orders are placed days before delivery). */
const defaultRange = () => ({ startDate: dayOf(new Date(Date.now() - 27 * DAY)), endDate: dayOf(new Date(Date.now() + 7 * DAY)) });

type Row = OrderReportRow & { totals?: boolean };

export function OrderReportScreen({ config }: { config: ReportConfig }) {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const money = useMoney();
  const fmt = useIntlFormat();
  const { orgApp, ready } = useOrgQueryKey();
  const [period, setPeriod] = useState<ReportPeriod>(config.period);
  const [range, setRange] = useState(defaultRange);
  const [school, setSchool] = useState('');
  const [supplier, setSupplier] = useState('');
  const [category, setCategory] = useState('');
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const translate = (m: MessageDescriptor) => i18n._(m);
  const labels = { uncategorised: t`未分类`, totals: t`合计` };
  const entry = getScreen(config.screen);
  const title = entry ? translate(entry.label) : config.screen;
  const badRange = !range.startDate || !range.endDate || range.startDate > range.endDate;
  const filters: Omit<OrderReportQuery, 'groupBy'> = {
    startDate: range.startDate, endDate: range.endDate,
    ...(school && { orgId: school }), ...(supplier && { supplierId: supplier }), ...(category && { category }),
  };
  const tableGroupBy = groupByOf(config.table, period);
  const [table, ...charts] = useQueries({
    queries: [tableGroupBy, ...config.charts.map((c) => groupByOf(c.groupBy, period))].map((groupBy) => ({
      ...orderReportQuery(orgApp?.orgId, { ...filters, groupBy }), enabled: ready && !badRange,
    })),
  });
  const report = table!.data;
  const failed = [table!, ...charts].find((q) => q.error)?.error;
  const error = badRange ? t`开始日期不能晚于结束日期` : failed ? errorText(failed) : null;

  const figures = tableFigures(config);
  const show = (f: Figure, v: number | null) => {
    if (v === null) return '—';
    switch (FIGURE_KINDS[f]) {
      case 'money': return money(v);
      case 'percent': return `${v > 0 ? '+' : ''}${fmt.number(v, 1)}%`;
      default: return fmt.number(v);
    }
  };
  const columns: Column<Row>[] = [
    ...config.table.map((d, i): Column<Row> => ({
      key: `dim-${d}`, header: translate(DIM_LABELS[d]), phone: i === 0 ? 'title' : 'detail',
      render: (r) => (r.totals ? (i === 0 ? <span className={s.totals}>{labels.totals}</span> : '') : dimText(r, d, labels)),
    })),
    ...figures.map((f): Column<Row> => ({
      key: f, header: translate(FIGURE_LABELS[f]),
      render: (r) => (r.totals && PER_PRODUCT.includes(f) ? '' : <span data-figure={f} className={r.totals ? s.totals : undefined}>{show(f, r[f])}</span>),
    })),
  ];
  const rows: Row[] = report ? [...report.rows, ...(report.rows.length ? [{ key: 'totals', totals: true, ...report.totals } as Row] : [])] : [];

  const exportSheet = async () => {
    if (!report) return;
    setExporting(true);
    setExportError(null);
    try {
      const sheet = sheetOf(config, report.rows, report.totals, { dim: (d) => translate(DIM_LABELS[d]), figure: (f) => translate(FIGURE_LABELS[f]) }, labels);
      downloadFile(await writeWorkbook(sheet.headers, sheet.rows, title.slice(0, 31)), `${title}_${range.startDate}_${range.endDate}.xlsx`);
    } catch (e) {
      setExportError(errorText(e));
    } finally {
      setExporting(false);
    }
  };

  const options = (list: { id: string; name: string }[] | string[] | undefined) =>
    (list ?? []).map((o) => (typeof o === 'string' ? { id: o, name: o || labels.uncategorised } : o));
  const byPeriod = [config.table, ...config.charts.map((c) => c.groupBy)].some((dims) => dims.includes('period'));
  const filterFields = (
    <>
      {byPeriod && <Field label={t`统计周期`}>
        <Select value={period} onChange={(_, d) => setPeriod(d.value as ReportPeriod)} data-testid="report-period">
          {REPORT_PERIODS.map((p) => <option key={p} value={p}>{translate(PERIOD_LABELS[p])}</option>)}
        </Select>
      </Field>}
      <Field label={t`开始日期`}>
        <DateInput className={s.date} value={range.startDate} onChange={(_, d) => setRange((r) => ({ ...r, startDate: d.value }))} data-testid="report-start" />
      </Field>
      <Field label={t`结束日期`}>
        <DateInput className={s.date} value={range.endDate} onChange={(_, d) => setRange((r) => ({ ...r, endDate: d.value }))} data-testid="report-end" />
      </Field>
      {config.filters.includes('school') && (report?.schools.length ?? 0) + (school ? 1 : 0) > 1 && (
        <Field label={t`学校`}>
          <Select value={school} onChange={(_, d) => setSchool(d.value)} data-testid="report-school">
            <option value="">{t`全部学校`}</option>
            {options(report?.schools).map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
          </Select>
        </Field>
      )}
      {config.filters.includes('supplier') && (report?.suppliers.length ?? 0) + (supplier ? 1 : 0) > 1 && (
        <Field label={t`供应商`}>
          <Select value={supplier} onChange={(_, d) => setSupplier(d.value)} data-testid="report-supplier">
            <option value="">{t`全部供应商`}</option>
            {options(report?.suppliers).map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
          </Select>
        </Field>
      )}
      {config.filters.includes('category') && (
        <Field label={t`分类`}>
          <Select value={category} onChange={(_, d) => setCategory(d.value)} data-testid="report-category">
            <option value="">{t`全部分类`}</option>
            {options(report?.categories).filter((o) => o.id).map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
          </Select>
        </Field>
      )}
    </>
  );
  const active = [school, supplier, category].filter(Boolean).length;

  return (
    <ScreenFrame
      title={title} testId={`screen-${config.screen}`} error={error ?? exportError}
      toolbar={(
        <FilterBar
          active={active} testId="report-filters"
          actions={(
            <Button icon={<ArrowDownloadRegular />} onClick={() => void exportSheet()} disabled={!report || exporting} data-testid="report-export">
              <Trans>导出 Excel</Trans>
            </Button>
          )}
        >
          {filterFields}
        </FilterBar>
      )}
    >
      {report && (
        <div className={s.summary} data-testid="report-summary">
          <Text><Trans>订单数</Trans> <b data-testid="summary-orders">{fmt.number(report.totals.orderCount)}</b></Text>
          <Text><Trans>订单金额</Trans> <b data-testid="summary-amount">{money(report.totals.amount)}</b></Text>
          <Text><Trans>退货金额</Trans> <b data-testid="summary-returns">{money(report.totals.returnAmount)}</b></Text>
          <Text><Trans>应付金额</Trans> <b data-testid="summary-payable">{money(report.totals.payableAmount)}</b></Text>
        </div>
      )}
      <div className={s.charts}>
        {config.charts.map((c, i) => {
          const data = charts[i]?.data;
          return (
            <div key={c.key} className={s.chart}>
              {!data ? <Spinner size="small" /> : (
                <Suspense fallback={<Spinner size="small" label={<Trans>图表加载中</Trans>} />}>
                  <OrderReportChart
                    testId={`report-chart-${c.key}`} title={translate(c.title)}
                    model={chartModel(c, data.rows, { ...range, period }, translate, labels)}
                    format={(v) => show(c.series[0]!.figure, v)}
                  />
                </Suspense>
              )}
            </div>
          );
        })}
      </div>
      {report?.truncated && (
        <MessageBar intent="warning"><MessageBarBody><Trans>结果太多，只显示前 {report.count} 行，请缩小日期范围或筛选</Trans></MessageBarBody></MessageBar>
      )}
      {table!.isLoading ? <Spinner label={<Trans>加载中</Trans>} /> : (
        <DataTable<Row> rows={rows} columns={columns} rowKey={(r) => r.key} testId="report-table" rowProps={(r) => ({ 'data-totals': r.totals ? 'true' : 'false' })} />
      )}
    </ScreenFrame>
  );
}
