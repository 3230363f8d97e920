// orderPurchaseReportJinjiang 采购报表 (issue 11): the school's purchases per period by category and supplier; the
// chart sets each period's amounts per category side by side.
import { msg } from '@lingui/core/macro';
import { OrderReportScreen } from '../shared/orderReport/OrderReportScreen.tsx';
import type { ReportConfig } from '../shared/orderReport/reportModel.ts';

const CONFIG: ReportConfig = {
  screen: 'orderPurchaseReportJinjiang',
  table: ['period', 'category', 'supplier'],
  figures: ['orderCount', 'amount', 'receivedAmount', 'returnAmount', 'payableAmount'],
  period: 'week',
  filters: ['school', 'supplier', 'category'],
  charts: [
    { key: 'categories', title: msg`各分类采购金额`, kind: 'grouped', groupBy: ['period', 'category'], splitBy: 'category', series: [{ figure: 'amount', legend: msg`订单金额`, color: '#0F6CBD' }] },
  ],
};

export default function OrderPurchaseReportPage() {
  return <OrderReportScreen config={CONFIG} />;
}
