// mallOrderSummaryStatistics 订单汇总统计 (issue 11): totals per school and supplier, with what receiving found
// (short and over) and what was returned; the bureau sees the schools of its area and their total.
import { msg } from '@lingui/core/macro';
import { OrderReportScreen } from '../shared/orderReport/OrderReportScreen.tsx';
import type { ReportConfig } from '../shared/orderReport/reportModel.ts';

const CONFIG: ReportConfig = {
  screen: 'mallOrderSummaryStatistics',
  table: ['school', 'supplier'],
  figures: ['orderCount', 'amount', 'receivedAmount', 'shortAmount', 'overAmount', 'differenceLines', 'returnAmount', 'payableAmount'],
  period: 'month',
  filters: ['school', 'supplier', 'category'],
  charts: [
    {
      key: 'schools', title: msg`各学校金额`, kind: 'grouped', groupBy: ['school'],
      series: [
        { figure: 'amount', legend: msg`订单金额`, color: '#0F6CBD' },
        { figure: 'receivedAmount', legend: msg`实收金额`, color: '#13A10E' },
        { figure: 'returnAmount', legend: msg`退货金额`, color: '#CA5010' },
      ],
    },
  ],
};

export default function MallOrderSummaryStatisticsPage() {
  return <OrderReportScreen config={CONFIG} />;
}
