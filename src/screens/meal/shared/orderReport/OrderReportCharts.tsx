// The charts of the order report screens (issue 11), drawn with Fluent UI's own v9 charts: a trend over periods
// (line), one figure per group (bars) and two figures side by side per group (grouped bars, e.g. price paid against
// the market average). Only this module of the reports imports @fluentui/react-charts; OrderReportScreen loads it
// with a dynamic import, so the chart code is fetched when a report is on screen, never with the sign-in entry.
import { GroupedVerticalBarChart, LineChart, VerticalBarChart, type GroupedVerticalBarChartData, type LineChartPoints, type VerticalBarChartDataPoint } from '@fluentui/react-charts';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { spreadTicks, type ChartModel } from './reportModel.ts';
import { MEASURED_Y_AXIS, useCategoryXAxis, useDateXAxis } from '../chartAxes.ts';

const useStyles = makeStyles({
  box: { minWidth: 0, overflow: 'hidden' },
  title: { display: 'block', marginBottom: tokens.spacingVerticalXS },
});

/** One chart of a report, as the screen's configuration built it (reportModel.ts chartModel). */
export default function OrderReportChart({ model, title, testId, format }: {
  model: ChartModel; title: string; testId: string; format: (value: number) => string;
}) {
  const s = useStyles();
  const categoryAxis = useCategoryXAxis();
  const dateAxis = useDateXAxis();
  let chart;
  if (model.kind === 'line') {
    const data: LineChartPoints[] = model.series.map((series) => ({
      legend: series.legend, color: series.color,
      data: model.groups.map((g) => ({
        x: g.date ?? new Date(0), y: g.values[series.key] ?? 0, xAxisCalloutData: g.label, yAxisCalloutData: format(g.values[series.key] ?? 0),
      })),
    }));
    chart = (
      <LineChart
        data={{ chartTitle: title, lineChartData: data }} height={280} yMinValue={0}
        customDateTimeFormatter={(d: Date) => model.groups.find((g) => g.date?.getTime() === d.getTime())?.label ?? ''}
        tickValues={spreadTicks(model.groups.map((g) => g.date ?? new Date(0)), dateAxis.ticks)} margins={dateAxis.margins} {...MEASURED_Y_AXIS}
      />
    );
  } else if (model.kind === 'bars') {
    const [series] = model.series;
    const data: VerticalBarChartDataPoint[] = model.groups.map((g) => ({
      x: g.label, y: g.values[series!.key] ?? 0, legend: g.label, color: series!.color, xAxisCalloutData: g.label, yAxisCalloutData: format(g.values[series!.key] ?? 0),
    }));
    chart = <VerticalBarChart chartTitle={title} data={data} height={280} hideLegend barWidth="auto" maxBarWidth={36} yMinValue={0} {...categoryAxis} {...MEASURED_Y_AXIS} />;
  } else {
    const data: GroupedVerticalBarChartData[] = model.groups.map((g) => ({
      name: g.label,
      series: model.series.map((series) => ({
        key: series.key, legend: series.legend, color: series.color, data: g.values[series.key] ?? 0, yAxisCalloutData: format(g.values[series.key] ?? 0),
      })),
    }));
    chart = <GroupedVerticalBarChart chartTitle={title} data={data} height={300} yMinValue={0} barWidth="auto" maxBarWidth={24} {...categoryAxis} {...MEASURED_Y_AXIS} />;
  }
  return (
    <div className={s.box} data-testid={testId} role="figure" aria-label={title}>
      <Text weight="semibold" className={s.title}>{title}</Text>
      {chart}
    </div>
  );
}
