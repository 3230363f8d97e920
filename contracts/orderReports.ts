// §2 mallOrderBusinessData, mallOrderProductSales, mallOrderSummaryStatistics, mallOrderProductReports,
// orderPurchaseReportJinjiang (issue 11): one report call behind the five order report screens. What each figure
// means (which orders count, differences, returns, the market average) is domain/orderReports.ts.
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { Id } from './common.ts';

const tags = ['orders'];

/**
 * `GET /v4/mall/order/report`. Dates and grouping are plain strings so a bad one is answered in the report's own
 * words (400: bad date, start after end, range too long, unknown grouping).
 */
export const OrderReportQuery = Type.Object({
  /** delivery days from … to (inclusive), YYYY-MM-DD, at most 366 days */
  startDate: Type.String({ maxLength: 20 }),
  endDate: Type.String({ maxLength: 20 }),
  /** 1–3 of day, week, month (one at most), school, supplier, category, product; comma separated */
  groupBy: Type.String({ maxLength: 100 }),
  /** narrow to one school (within what the caller sees) */
  orgId: Type.Optional(Id),
  /** narrow to one supplier */
  supplierId: Type.Optional(Id),
  /** narrow to one category (by name: two suppliers' 生鲜蔬菜 are one category to a school) */
  category: Type.Optional(Type.String({ maxLength: 100 })),
  /** narrow to one product (by name) */
  product: Type.Optional(Type.String({ maxLength: 100 })),
}, { additionalProperties: false });
export type OrderReportQuery = Static<typeof OrderReportQuery>;

const Figures = {
  orderCount: Type.Integer(),
  lineCount: Type.Integer(),
  quantity: Type.Number(),
  receivedQuantity: Type.Number(),
  shortQuantity: Type.Number(),
  overQuantity: Type.Number(),
  amount: Type.Number(),
  receivedAmount: Type.Number(),
  shortAmount: Type.Number(),
  overAmount: Type.Number(),
  returnQuantity: Type.Number(),
  returnAmount: Type.Number(),
  deliveredAmount: Type.Number(),
  differenceLines: Type.Integer(),
  payableAmount: Type.Number(),
  avgPrice: Type.Union([Type.Number(), Type.Null()]),
  marketAvgPrice: Type.Union([Type.Number(), Type.Null()]),
  priceVsMarket: Type.Union([Type.Number(), Type.Null()]),
};

export const OrderReportFigures = Type.Object(Figures);
export type OrderReportFigures = Static<typeof OrderReportFigures>;

/** One group: the keys of the dimensions grouped by (the others absent), then its figures. */
export const OrderReportRow = Type.Object({
  /** the group's keys joined, unique in the report */
  key: Type.String(),
  /** day YYYY-MM-DD, week (its Monday) YYYY-MM-DD or month YYYY-MM */
  period: Type.Optional(Type.String()),
  orgId: Type.Optional(Type.String()),
  orgName: Type.Optional(Type.String()),
  supplierId: Type.Optional(Type.String()),
  supplierName: Type.Optional(Type.String()),
  /** '' for goods without a category */
  category: Type.Optional(Type.String()),
  productName: Type.Optional(Type.String()),
  unit: Type.Optional(Type.String()),
  ...Figures,
});
export type OrderReportRow = Static<typeof OrderReportRow>;

export const OrderReport = Type.Object({
  rows: Type.Array(OrderReportRow),
  count: Type.Integer(),
  /** the whole report's figures (order counts are distinct orders, not a sum of the rows') */
  totals: OrderReportFigures,
  /** the rows stopped at the row limit */
  truncated: Type.Boolean(),
  /** the schools and suppliers the caller's report covers, for the filters */
  schools: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  suppliers: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  categories: Type.Array(Type.String()),
});
export type OrderReport = Static<typeof OrderReport>;

export const getOrderReport = endpoint({
  method: 'GET', path: '/v4/mall/order/report', tags, querystring: OrderReportQuery, response: OrderReport,
  summary: 'Order figures by period, school, supplier, category or product, over the orders the caller sees (school: its own; supplier: placed with it; salesman: his groups\' schools; bureau: its area)',
});
