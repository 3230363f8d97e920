// The order report screens' shaping (issue 11, src/screens/meal/shared/orderReport/reportModel.ts): the server's
// groupBy under the picked period, charts with every period of the range, series split by a dimension, the largest
// groups, legible ticks, and the Excel sheet with its totals line (per-product figures left out of it).
import { describe, expect, it } from 'vitest';
import type { MessageDescriptor } from '@lingui/core';
import { chartModel, groupByOf, sheetOf, spreadTicks, type ChartConfig, type ReportConfig } from '../../../src/screens/meal/shared/orderReport/reportModel.ts';
import { EMPTY_SUMS, reportFigures } from '../../../domain/orderReports.ts';
import type { OrderReportRow } from '../../../services/orderReports.ts';

const tr = (m: MessageDescriptor) => m.message ?? m.id;
const labels = { uncategorised: '未分类', totals: '合计' };
const row = (keys: Partial<OrderReportRow>, sums: Partial<typeof EMPTY_SUMS>): OrderReportRow => ({
  key: JSON.stringify(keys), ...keys, ...reportFigures({ ...EMPTY_SUMS, ...sums }, keys.productName ? { market: 2 } : null),
});

describe('report model', () => {
  it('puts the picked period in the server\'s groupBy', () => {
    expect(groupByOf(['period', 'category', 'supplier'], 'week')).toBe('week,category,supplier');
    expect(groupByOf(['school'], 'month')).toBe('school');
  });

  it('a trend line has every period of the range, empty ones at 0', () => {
    const config: ChartConfig = { key: 't', title: { id: 't', message: 't' }, kind: 'line', groupBy: ['period'], series: [{ figure: 'amount', legend: { id: 'a', message: '订单金额' }, color: '#000' }] };
    const m = chartModel(config, [row({ period: '2026-11-24' }, { amount: 12.5 })], { startDate: '2026-11-23', endDate: '2026-11-25', period: 'day' }, tr, labels);
    expect(m.groups.map((g) => [g.label, g.values.amount ?? 0])).toEqual([['2026-11-23', 0], ['2026-11-24', 12.5], ['2026-11-25', 0]]);
    expect(m.series).toEqual([{ key: 'amount', legend: '订单金额', color: '#000' }]);
    expect(m.groups[1]!.date).toEqual(new Date('2026-11-24T00:00:00Z'));
    // bars show only the periods that had orders
    const bars = chartModel({ ...config, kind: 'grouped' }, [row({ period: '2026-11-24' }, { amount: 12.5 })], { startDate: '2026-11-23', endDate: '2026-11-25', period: 'day' }, tr, labels);
    expect(bars.groups.map((g) => g.label)).toEqual(['2026-11-24']);
  });

  it('splits a period chart into one series per category; keeps the largest groups by the figure asked', () => {
    const split: ChartConfig = { key: 's', title: { id: 's' }, kind: 'grouped', groupBy: ['period', 'category'], splitBy: 'category', series: [{ figure: 'amount', legend: { id: 'a' }, color: '#000' }] };
    const rows = [row({ period: '2026-11', category: '肉禽蛋' }, { amount: 5 }), row({ period: '2026-11', category: '' }, { amount: 2 })];
    const m = chartModel(split, rows, { startDate: '2026-11-01', endDate: '2026-11-30', period: 'month' }, tr, labels);
    expect(m.series.map((s) => s.legend)).toEqual(['肉禽蛋', '未分类']);
    expect(m.groups).toEqual([{ label: '2026-11', date: new Date('2026-11-01T00:00:00Z'), values: { 肉禽蛋: 5, '': 2 } }]);

    const top: ChartConfig = { key: 'p', title: { id: 'p' }, kind: 'grouped', groupBy: ['product'], top: 1, topBy: 'amount', series: [{ figure: 'avgPrice', legend: { id: 'x' }, color: '#000' }] };
    const products = [row({ productName: '牛腩', unit: '斤' }, { amount: 10, quantity: 1 }), row({ productName: '大米', unit: '袋' }, { amount: 60, quantity: 20 })];
    // the dearer per unit is the smaller purchase: the top by amount is the rice
    expect(chartModel(top, products, { startDate: '2026-11-01', endDate: '2026-11-30', period: 'day' }, tr, labels).groups.map((g) => g.label)).toEqual(['大米（袋）']);
  });

  it('spreads ticks to at most eight, first and last kept', () => {
    const days = Array.from({ length: 35 }, (_, i) => i);
    const t = spreadTicks(days);
    expect(t).toHaveLength(8);
    expect([t[0], t.at(-1)]).toEqual([0, 34]);
    expect(spreadTicks([1, 2, 3])).toEqual([1, 2, 3]);
  });

  it('exports the table\'s columns, a line a row, then the totals with no per-product sum across units', () => {
    const config: ReportConfig = { screen: 'x', table: ['product'], figures: ['quantity', 'amount', 'priceVsMarket'], charts: [], period: 'day', filters: [] };
    const rows = [row({ productName: '牛腩', unit: '斤' }, { amount: 43.005, quantity: 1 }), row({ productName: '大米', unit: '袋' }, { amount: 61, quantity: 1 })];
    const totals = reportFigures({ ...EMPTY_SUMS, amount: 104.01, quantity: 2 }, null);
    const names: Record<string, string> = { product: '商品', quantity: '订购数量', amount: '订单金额', priceVsMarket: '比市场均价 %' };
    const sheet = sheetOf(config, rows, totals, { dim: (d) => names[d]!, figure: (f) => names[f]! }, labels);
    expect(sheet.headers).toEqual(['商品', '订购数量', '订单金额', '比市场均价 %']);
    expect(sheet.rows).toEqual([['牛腩（斤）', 1, 43.01, 2050.5], ['大米（袋）', 1, 61, 2950], ['合计', '', 104.01, '']]);
  });
});
