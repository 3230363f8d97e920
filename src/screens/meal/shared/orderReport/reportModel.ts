// The order report screens' configuration and the pure shaping of a report into chart, table and sheet (issue 11).
// Each screen is one ReportConfig for OrderReportScreen: what its table groups by, which figures it shows and its
// charts. What a figure means is domain/orderReports.ts; this file only lays the server's rows out (the words are
// reportLabels.ts, so this stays plain TypeScript the unit tests load as it is).
import type { MessageDescriptor } from '@lingui/core';
import { periodsBetween, type ReportDimension, type ReportPeriod } from '../../../../../domain/orderReports.ts';
import type { OrderReportFigures, OrderReportRow } from '../../../../../services/orderReports.ts';

/** A dimension a screen groups by; 'period' is the period picked on screen (day, week or month). */
export type ReportDim = Exclude<ReportDimension, ReportPeriod> | 'period';
export type Figure = keyof OrderReportFigures;
export type FigureKind = 'money' | 'count' | 'quantity' | 'percent';

/** How each figure reads: ¥, a count, a quantity in the row's unit, a %. */
export const FIGURE_KINDS: Record<Figure, FigureKind> = {
  orderCount: 'count', lineCount: 'count', quantity: 'quantity', receivedQuantity: 'quantity', shortQuantity: 'quantity', overQuantity: 'quantity',
  amount: 'money', receivedAmount: 'money', shortAmount: 'money', overAmount: 'money', returnQuantity: 'quantity', returnAmount: 'money',
  deliveredAmount: 'money', differenceLines: 'count', payableAmount: 'money', avgPrice: 'money', marketAvgPrice: 'money', priceVsMarket: 'percent',
};

/** Figures that add up only within one product (one unit): shown on product rows, left out of the totals row. */
export const PER_PRODUCT: readonly Figure[] = ['quantity', 'receivedQuantity', 'shortQuantity', 'overQuantity', 'returnQuantity', 'avgPrice', 'marketAvgPrice', 'priceVsMarket'];

export interface ChartSeries { figure: Figure; legend: MessageDescriptor; color: string }

export interface ChartConfig {
  key: string;
  title: MessageDescriptor;
  kind: 'line' | 'bars' | 'grouped';
  groupBy: ReportDim[];
  /** the figures drawn (one for bars; one or more for a line or grouped bars) */
  series: ChartSeries[];
  /** with a second dimension: one series per value of it (e.g. one per category), of the first series' figure */
  splitBy?: ReportDim;
  /** only the largest groups … */
  top?: number;
  /** … by this figure (by default the first series') */
  topBy?: Figure;
}

export interface ReportConfig {
  /** the registry key of the screen (its title is the menu's name) */
  screen: string;
  table: ReportDim[];
  figures: Figure[];
  charts: ChartConfig[];
  period: ReportPeriod;
  /** the filters the screen offers */
  filters: ('school' | 'supplier' | 'category')[];
}

/** The server's groupBy for dimensions under the picked period. */
export const groupByOf = (dims: readonly ReportDim[], period: ReportPeriod) => dims.map((d) => (d === 'period' ? period : d)).join(',');

export interface GroupLabels { uncategorised: string }

/** The text naming a row along one dimension. */
export function dimText(row: Partial<OrderReportRow>, dim: ReportDim, labels: GroupLabels): string {
  switch (dim) {
    case 'period': return row.period ?? '';
    case 'school': return row.orgName || row.orgId || '';
    case 'supplier': return row.supplierName || row.supplierId || '';
    case 'category': return row.category || labels.uncategorised;
    case 'product': return row.unit ? `${row.productName ?? ''}（${row.unit}）` : row.productName ?? '';
  }
}

const dimKey = (row: Partial<OrderReportRow>, dim: ReportDim) => {
  switch (dim) {
    case 'period': return row.period ?? '';
    case 'school': return row.orgId ?? '';
    case 'supplier': return row.supplierId ?? '';
    case 'category': return row.category ?? '';
    case 'product': return `${row.productName ?? ''}\u0001${row.unit ?? ''}`;
  }
};

export interface ChartGroup { label: string; date?: Date; values: Record<string, number> }
export interface ChartModel { kind: ChartConfig['kind']; series: { key: string; legend: string; color: string }[]; groups: ChartGroup[] }

/** A palette for series split by a dimension (Fluent's data-visualisation hues). */
export const SPLIT_COLORS = ['#0F6CBD', '#E3008C', '#2AA0A4', '#9373C0', '#E9C7CD', '#13A10E', '#FFB900', '#CA5010', '#637CEF', '#8764B8'];

const TOP_KEY = '\u0000top';

/** At most `count` of the ticks, evenly spread, the first and the last among them: a month of days stays legible. */
export function spreadTicks<T>(ticks: readonly T[], count = 8): T[] {
  if (ticks.length <= count) return [...ticks];
  const step = (ticks.length - 1) / (count - 1);
  return [...new Set(Array.from({ length: count }, (_, i) => Math.round(i * step)))].map((i) => ticks[i]!);
}

/** The date a period key starts on (a line chart's x). */
export const periodDate = (key: string) => new Date(`${key.length === 7 ? `${key}-01` : key}T00:00:00Z`);

/**
 * A chart of a report: groups along the chart's first dimension (for a trend line every period of the range, so it
 * shows its empty days), values per series; `translate` turns the series' legends into the user's words.
 */
export function chartModel(config: ChartConfig, rows: readonly OrderReportRow[], range: { startDate: string; endDate: string; period: ReportPeriod },
  translate: (m: MessageDescriptor) => string, labels: GroupLabels): ChartModel {
  const [dim] = config.groupBy;
  const groups = new Map<string, ChartGroup>();
  // a line runs through every period of the range (a day without orders is a 0 on it); bars show the periods that had any
  if (dim === 'period' && config.kind === 'line') {
    for (const p of periodsBetween(range.startDate, range.endDate, range.period)) groups.set(p, { label: p, date: periodDate(p), values: {} });
  }
  const add = (g: ChartGroup, key: string, value: number) => { g.values[key] = Math.round(((g.values[key] ?? 0) + value) * 1000) / 1000; };
  const split = new Map<string, string>();
  for (const r of rows) {
    const k = dimKey(r, dim!);
    let g = groups.get(k);
    if (!g) { g = { label: dimText(r, dim!, labels), ...(dim === 'period' && { date: periodDate(k) }), values: {} }; groups.set(k, g); }
    if (config.splitBy) {
      const s = dimKey(r, config.splitBy);
      split.set(s, dimText(r, config.splitBy, labels));
      add(g, s, Number(r[config.series[0]!.figure] ?? 0));
    } else {
      for (const s of config.series) add(g, s.figure, Number(r[s.figure] ?? 0));
    }
    if (config.topBy) add(g, TOP_KEY, Number(r[config.topBy] ?? 0));
  }
  const series = config.splitBy
    ? [...split.entries()].map(([key, legend], i) => ({ key, legend, color: SPLIT_COLORS[i % SPLIT_COLORS.length]! }))
    : config.series.map((s) => ({ key: s.figure, legend: translate(s.legend), color: s.color }));
  let list = [...groups.values()];
  if (config.top) {
    const by = config.topBy ? TOP_KEY : series[0]?.key ?? '';
    list = list.sort((a, b) => (b.values[by] ?? 0) - (a.values[by] ?? 0)).slice(0, config.top);
  }
  return { kind: config.kind, series, groups: list };
}

/** The figures a table shows for its grouping (per-product figures only when it groups by product). */
export const tableFigures = (config: ReportConfig) => config.figures.filter((f) => config.table.includes('product') || !PER_PRODUCT.includes(f));

/** A value as it goes into the sheet: money to the fen, quantities to 3 decimals, % to one; empty for none. */
export function sheetValue(figure: Figure, value: number | null): number | string {
  if (value === null) return '';
  const kind = FIGURE_KINDS[figure];
  const digits = kind === 'money' ? 100 : kind === 'percent' ? 10 : kind === 'quantity' ? 1000 : 1;
  return Math.round(value * digits) / digits;
}

/** The sheet of a report: the table's columns (headed in the user's words), one line per row, then the totals line. */
export function sheetOf(config: ReportConfig, rows: readonly OrderReportRow[], totals: OrderReportFigures,
  header: { dim: (d: ReportDim) => string; figure: (f: Figure) => string }, labels: GroupLabels & { totals: string }): { headers: string[]; rows: (string | number)[][] } {
  const figures = tableFigures(config);
  const headers = [...config.table.map(header.dim), ...figures.map(header.figure)];
  const body = rows.map((r) => [...config.table.map((d) => dimText(r, d, labels)), ...figures.map((f) => sheetValue(f, r[f]))]);
  const total = [...config.table.map((_, i) => (i === 0 ? labels.totals : '')), ...figures.map((f) => (PER_PRODUCT.includes(f) ? '' : sheetValue(f, totals[f])))];
  return { headers, rows: [...body, total] };
}
