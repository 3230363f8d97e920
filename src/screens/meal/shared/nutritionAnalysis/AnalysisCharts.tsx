// The charts of the nutrition screens (issue 10), drawn with Fluent UI's own v9 charts: an analysis' % of target
// bars and score gauge, and the recipe report's scores per week. This module is the only one that imports
// @fluentui/react-charts; the screens load it with a dynamic import, so the chart code is fetched when a chart is on
// screen, never with the sign-in entry or another screen. One module for both keeps the chart library in one chunk
// (two chart chunks made the bundler split shared Fluent modules out of the sign-in entry's chunks into extra files).
import { GaugeChart, GroupedVerticalBarChart, VerticalBarChart, type GroupedVerticalBarChartData, type VerticalBarChartDataPoint } from '@fluentui/react-charts';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { BAND_COLORS, bandTicks, scoreText, type ChartBar } from './analysisModel.ts';
import { MEASURED_Y_AXIS, useCategoryXAxis } from '../chartAxes.ts';

const useStyles = makeStyles({
  // the gauge keeps its size, the food groups take the rest of the row (below it on a phone), the nutrients a row
  grid: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'flex-start' },
  gauge: { flex: '0 1 300px', minWidth: 0, overflow: 'hidden' },
  groups: { flex: '1 1 360px', minWidth: 0, overflow: 'hidden' },
  wide: { flex: '1 1 100%', minWidth: 0, overflow: 'hidden' },
  title: { display: 'block', marginBottom: tokens.spacingVerticalXS },
});

function PercentBars({ bars, title, testId, ticks }: { bars: ChartBar[]; title: string; testId: string; ticks: number[] }) {
  const s = useStyles();
  const { t } = useLingui();
  const top = Math.max(...ticks);
  const categoryAxis = useCategoryXAxis();
  const data: VerticalBarChartDataPoint[] = bars.map((b) => ({
    x: b.label,
    // a nutrient the standard gives no target for draws no bar (0), and says so in its callout
    y: Math.min(b.percent ?? 0, top),
    color: BAND_COLORS[b.verdict],
    legend: b.label,
    xAxisCalloutData: b.label,
    yAxisCalloutData: b.percent === null ? t`无目标值` : `${Math.round(b.percent)}% (${b.detail})`,
    barLabel: b.percent === null ? '—' : `${Math.round(b.percent)}%`,
  }));
  return (
    <div data-testid={testId} role="figure" aria-label={title}>
      <Text weight="semibold" className={s.title}>{title}</Text>
      <VerticalBarChart
        chartTitle={title} data={data} height={300} hideLegend yMinValue={0} yMaxValue={top} yAxisTickValues={ticks}
        yAxisTickFormat={(v: number) => `${v}%`} barWidth="auto" maxBarWidth={28} yAxisTitle={t`占目标 %`} {...categoryAxis} {...MEASURED_Y_AXIS}
      />
    </div>
  );
}

/**
 * The nutrients and food groups as % of their targets, with y grid lines at the §5 bands (80/90/110/120 %) so a bar's
 * place against its band reads at a glance; and the total score on a gauge whose red part ends at the pass score.
 */
export default function AnalysisCharts({ nutrients, foodGroups, total, passScore }: {
  nutrients: ChartBar[]; foodGroups: ChartBar[]; total: number; passScore: number;
}) {
  const s = useStyles();
  const { t } = useLingui();
  const highest = Math.max(0, ...nutrients.map((b) => b.percent ?? 0), ...foodGroups.map((b) => b.percent ?? 0));
  const ticks = bandTicks(highest);
  return (
    <div className={s.grid} data-testid="analysis-charts">
      <div className={s.gauge} data-testid="analysis-score-chart" role="figure" aria-label={t`总分 ${scoreText(total)}，合格线 ${passScore}`}>
        <GaugeChart
          chartTitle={t`总分`} chartValue={Math.max(0, Math.min(100, total))} minValue={0} maxValue={100} height={200}
          chartValueFormat={() => scoreText(total)} sublabel={t`合格线 ${passScore}`}
          segments={[
            { legend: t`未达标`, size: passScore, color: BAND_COLORS.low },
            { legend: t`达标`, size: 100 - passScore, color: BAND_COLORS.ok },
          ]}
        />
      </div>
      {foodGroups.length > 0 && (
        <div className={s.groups}><PercentBars bars={foodGroups} title={t`食物种类占推荐量 %`} testId="analysis-group-chart" ticks={ticks} /></div>
      )}
      <div className={s.wide}><PercentBars bars={nutrients} title={t`能量及营养素占目标 %`} testId="analysis-nutrient-chart" ticks={ticks} /></div>
    </div>
  );
}

/** The recipe report: the scores of each compared week side by side. */
export interface ReportSeries { key: string; legend: string; color: string }
export interface ReportGroup { label: string; values: Record<string, number> }

export function ReportChart({ title, series, groups }: { title: string; series: ReportSeries[]; groups: ReportGroup[] }) {
  const categoryAxis = useCategoryXAxis();
  const data: GroupedVerticalBarChartData[] = groups.map((g) => ({
    name: g.label,
    series: series.map((s) => ({ key: s.key, legend: s.legend, color: s.color, data: g.values[s.key] ?? 0, yAxisCalloutData: String(g.values[s.key] ?? '—') })),
  }));
  return (
    <div data-testid="report-chart" role="figure" aria-label={title}>
      <GroupedVerticalBarChart chartTitle={title} data={data} height={320} yMinValue={0} yMaxValue={100} barWidth="auto" maxBarWidth={24} {...categoryAxis} {...MEASURED_Y_AXIS} />
    </div>
  );
}
