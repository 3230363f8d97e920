// mallOrderProductReports 商品报表 (issue 11): per product the quantities ordered, received, short, over and
// returned, and the price paid against the area's market average (domain/orderReports.ts), drawn side by side.
import { msg } from '@lingui/core/macro';
import { OrderReportScreen } from '../shared/orderReport/OrderReportScreen.tsx';
import type { ReportConfig } from '../shared/orderReport/reportModel.ts';

const CONFIG: ReportConfig = {
  screen: 'mallOrderProductReports',
  table: ['product'],
  figures: ['quantity', 'receivedQuantity', 'shortQuantity', 'overQuantity', 'returnQuantity', 'amount', 'avgPrice', 'marketAvgPrice', 'priceVsMarket'],
  period: 'day',
  filters: ['school', 'supplier', 'category'],
  charts: [
    {
      key: 'prices', title: msg`均价与市场均价`, kind: 'grouped', groupBy: ['product'], top: 12, topBy: 'amount',
      series: [{ figure: 'avgPrice', legend: msg`均价`, color: '#0F6CBD' }, { figure: 'marketAvgPrice', legend: msg`市场均价`, color: '#FFB900' }],
    },
  ],
};

export default function MallOrderProductReportsPage() {
  return <OrderReportScreen config={CONFIG} />;
}
