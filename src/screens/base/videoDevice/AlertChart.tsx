// The bureau's daily count of AI alerts by type (issue 33), drawn with Fluent UI's v9 charts. Only this module of
// bright kitchens imports @fluentui/react-charts; VideoDevicePage loads it with a dynamic import when the chart is on
// screen.
import { GroupedVerticalBarChart, type GroupedVerticalBarChartData } from '@fluentui/react-charts';
import { useLingui } from '@lingui/react/macro';
import { ALERT_TYPES, countsByDayAndType, type AlertDayCount } from '../../../../domain/videoDevice.ts';
import { useAlertTypeName } from './alertTypes.ts';

const COLORS = ['#e8a33d', '#2f8fdf', '#7a7a7a', '#9b4dca', '#7a4a1e', '#d9412b', '#2aa35a'];

export default function AlertChart({ rows }: { rows: AlertDayCount[] }) {
  const { t } = useLingui();
  const name = useAlertTypeName();
  const days = countsByDayAndType(rows);
  const used = ALERT_TYPES.filter((type) => days.some((d) => d.counts[type]));
  const data: GroupedVerticalBarChartData[] = days.map((d) => ({
    name: d.day.slice(5),
    series: used.map((type) => ({ key: type, data: d.counts[type] ?? 0, legend: name(type), color: COLORS[ALERT_TYPES.indexOf(type)], yAxisCalloutData: String(d.counts[type] ?? 0) })),
  }));
  return (
    <div data-testid="alert-chart">
      <GroupedVerticalBarChart chartTitle={t`每日 AI 告警`} data={data} height={300} barWidth={8} />
    </div>
  );
}
