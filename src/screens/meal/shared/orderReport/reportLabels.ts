// The words of the order report screens (issue 11): figure, dimension and period names, through Lingui.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ReportPeriod } from '../../../../../domain/orderReports.ts';
import type { Figure, ReportDim } from './reportModel.ts';

export const FIGURE_LABELS: Record<Figure, MessageDescriptor> = {
  orderCount: msg`订单数`,
  lineCount: msg`商品行数`,
  quantity: msg`订购数量`,
  receivedQuantity: msg`实收数量`,
  shortQuantity: msg`短少数量`,
  overQuantity: msg`超出数量`,
  amount: msg`订单金额`,
  receivedAmount: msg`实收金额`,
  shortAmount: msg`短少金额`,
  overAmount: msg`超出金额`,
  returnQuantity: msg`退货数量`,
  returnAmount: msg`退货金额`,
  deliveredAmount: msg`交付金额`,
  differenceLines: msg`差异行数`,
  payableAmount: msg`应付金额`,
  avgPrice: msg`均价`,
  marketAvgPrice: msg`市场均价`,
  priceVsMarket: msg`比市场均价 %`,
};

export const DIM_LABELS: Record<ReportDim, MessageDescriptor> = {
  period: msg`周期`,
  school: msg`学校`,
  supplier: msg`供应商`,
  category: msg`分类`,
  product: msg`商品`,
};

export const PERIOD_LABELS: Record<ReportPeriod, MessageDescriptor> = { day: msg`按日`, week: msg`按周`, month: msg`按月` };
