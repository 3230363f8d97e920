// mallOrderBusinessData 经营数据 (issue 11): the supplier's business over time: the amounts ordered and payable per
// period as a trend, the amount per school as bars, and per period the orders, amounts, shortfalls and returns.
import { msg } from '@lingui/core/macro';
import { OrderReportScreen } from '../shared/orderReport/OrderReportScreen.tsx';
import type { ReportConfig } from '../shared/orderReport/reportModel.ts';

const CONFIG: ReportConfig = {
  screen: 'mallOrderBusinessData',
  table: ['period'],
  figures: ['orderCount', 'amount', 'receivedAmount', 'shortAmount', 'returnAmount', 'payableAmount'],
  period: 'day',
  filters: ['school', 'category'],
  charts: [
    {
      key: 'trend', title: msg`金额趋势`, kind: 'line', groupBy: ['period'],
      series: [{ figure: 'amount', legend: msg`订单金额`, color: '#0F6CBD' }, { figure: 'payableAmount', legend: msg`应付金额`, color: '#13A10E' }],
    },
    { key: 'schools', title: msg`各学校订单金额`, kind: 'bars', groupBy: ['school'], series: [{ figure: 'amount', legend: msg`订单金额`, color: '#2AA0A4' }] },
  ],
};

export default function MallOrderBusinessDataPage() {
  return <OrderReportScreen config={CONFIG} />;
}
