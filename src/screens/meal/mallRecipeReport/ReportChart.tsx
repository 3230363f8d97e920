// The recipe report's chart (issue 10): the scores of each compared week side by side. Loaded with a dynamic import
// from the report screen, so @fluentui/react-charts stays out of every other chunk.
import { GroupedVerticalBarChart, type GroupedVerticalBarChartData } from '@fluentui/react-charts';

export interface ReportSeries { key: string; legend: string; color: string }
export interface ReportGroup { label: string; values: Record<string, number> }

export default function ReportChart({ title, series, groups }: { title: string; series: ReportSeries[]; groups: ReportGroup[] }) {
  const data: GroupedVerticalBarChartData[] = groups.map((g) => ({
    name: g.label,
    series: series.map((s) => ({ key: s.key, legend: s.legend, color: s.color, data: g.values[s.key] ?? 0, yAxisCalloutData: String(g.values[s.key] ?? '—') })),
  }));
  return (
    <div data-testid="report-chart" role="figure" aria-label={title}>
      <GroupedVerticalBarChart chartTitle={title} data={data} height={320} yMinValue={0} yMaxValue={100} wrapXAxisLables barWidth="auto" maxBarWidth={24} />
    </div>
  );
}
