// Issue 34: the charts of the fruit org statistics, drawn with Fluent UI's v9 charts. Only this module imports
// @fluentui/react-charts; the statistics screen loads it with a dynamic import, never the sign-in entry.
import { GroupedVerticalBarChart, type GroupedVerticalBarChartData } from '@fluentui/react-charts';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { MEASURED_Y_AXIS, useCategoryXAxis } from '../../meal/shared/chartAxes.ts';

const useStyles = makeStyles({
  box: { minWidth: 0, overflow: 'hidden' },
  title: { display: 'block', marginBottom: tokens.spacingVerticalXS },
});

export interface StatsChartGroup { label: string; revenue: number; refunds: number }

/** Revenue against refunds per group (a day, a school or a class). */
export default function FruitStatsChart({ title, groups, legends, format, testId }: {
  title: string; groups: StatsChartGroup[]; legends: { revenue: string; refunds: string }; format: (n: number) => string; testId: string;
}) {
  const s = useStyles();
  const axis = useCategoryXAxis();
  const data: GroupedVerticalBarChartData[] = groups.map((g) => ({
    name: g.label,
    series: [
      { key: 'revenue', legend: legends.revenue, color: tokens.colorPaletteGreenBackground3, data: g.revenue, yAxisCalloutData: format(g.revenue) },
      { key: 'refunds', legend: legends.refunds, color: tokens.colorPaletteRedBackground3, data: g.refunds, yAxisCalloutData: format(g.refunds) },
    ],
  }));
  return (
    <div className={s.box} data-testid={testId} role="figure" aria-label={title}>
      <Text weight="semibold" className={s.title}>{title}</Text>
      <GroupedVerticalBarChart chartTitle={title} data={data} height={280} yMinValue={0} barWidth="auto" maxBarWidth={24} {...axis} {...MEASURED_Y_AXIS} />
    </div>
  );
}
