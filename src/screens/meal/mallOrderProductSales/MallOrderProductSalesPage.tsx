// mallOrderProductSales 商品销量 (issue 11): what sells: the top products by amount as bars, and per product the
// quantity ordered and received, the orders and the amount.
import { msg } from '@lingui/core/macro';
import { OrderReportScreen } from '../shared/orderReport/OrderReportScreen.tsx';
import type { ReportConfig } from '../shared/orderReport/reportModel.ts';

const CONFIG: ReportConfig = {
  screen: 'mallOrderProductSales',
  table: ['product'],
  figures: ['quantity', 'receivedQuantity', 'returnQuantity', 'orderCount', 'amount'],
  period: 'day',
  filters: ['school', 'supplier', 'category'],
  charts: [
    { key: 'top', title: msg`销量前十商品（金额）`, kind: 'bars', groupBy: ['product'], top: 10, series: [{ figure: 'amount', legend: msg`订单金额`, color: '#0F6CBD' }] },
  ],
};

export default function MallOrderProductSalesPage() {
  return <OrderReportScreen config={CONFIG} />;
}
