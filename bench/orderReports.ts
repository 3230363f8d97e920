// Order reports at 100,000 orders (issue 11): the order list bench's fill (school A with the demo supplier, a year of
// delivery days, three lines each) and the reports' daily rollup of it, then the report calls the five screens make,
// each ROUNDS times: p50/p95. The figures are summed in PostgreSQL from the rollup (one GROUP BY per call), so this
// measures that SQL over a year of a school's orders. Run alone: node --import tsx bench/orderReports.ts
import { fileURLToPath } from 'node:url';
import { apiSession, percentile, startServerProcess, type BenchServer } from './serverProcess.ts';
import { fill } from './orders.ts';
import type { OrderReport } from '../contracts/orderReports.ts';
import { dayOf } from '../domain/priceCycle.ts';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../server/store/schema.ts';
import { refreshAllOrderCells } from '../server/modules/orderReports/projection.ts';

const ORDERS = 100_000;
const ROUNDS = 10;
const DAY = 86_400_000;

const stats = (xs: number[]) => ({ p50Ms: +percentile(xs, 50).toFixed(1), p95Ms: +percentile(xs, 95).toFixed(1) });

export async function benchOrderReports(server: BenchServer, opts: { orders?: number } = {}) {
  const orders = opts.orders ?? ORDERS;
  const school = await apiSession(server, '13800000002', 'org-ygsy');
  const supplier = await apiSession(server, '13800000003', 'org-xfsp');
  const bureau = await apiSession(server, '13800000005', 'org-cdjyj');
  const fillSeconds = await fill(server.databaseUrl, orders);
  const rollupSeconds = await fillRollup(server.databaseUrl);
  const today = dayOf(new Date());
  const back = (days: number) => dayOf(new Date(Date.now() - days * DAY));
  const year = `startDate=${back(364)}&endDate=${today}`;
  const calls: Record<string, () => Promise<OrderReport>> = {
    // 经营数据: a month of days, and the schools
    businessDataDays: () => supplier<OrderReport>(`/v4/mall/order/report?startDate=${back(34)}&endDate=${today}&groupBy=day`),
    supplierYearByMonthAndSchool: () => supplier<OrderReport>(`/v4/mall/order/report?${year}&groupBy=month,school`),
    // 商品报表: a year by product, with the area's market average
    productYearWithMarket: () => supplier<OrderReport>(`/v4/mall/order/report?${year}&groupBy=product`),
    // 采购报表: a quarter by week, category and supplier
    purchaseQuarter: () => school<OrderReport>(`/v4/mall/order/report?startDate=${back(90)}&endDate=${today}&groupBy=week,category,supplier`),
    // 订单汇总统计 of the bureau: its area's schools and suppliers over a year
    bureauYear: () => bureau<OrderReport>(`/v4/mall/order/report?${year}&groupBy=school,supplier`),
  };
  const runs: Record<string, number[]> = Object.fromEntries(Object.keys(calls).map((k) => [k, []]));
  const counted: Record<string, number> = {};
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, call] of Object.entries(calls)) {
      const t = performance.now();
      const report = await call();
      runs[name]!.push(performance.now() - t);
      counted[name] = report.totals.orderCount;
    }
  }
  return Object.fromEntries([
    ['filled orders', { value: orders, seconds: +fillSeconds.toFixed(1) }],
    ['their daily rollup', { value: rollupRows, seconds: +rollupSeconds.toFixed(1) }],
    ...Object.entries(runs).map(([name, xs]) => [name, { orders: counted[name], ...stats(xs) }]),
  ]);
}

let rollupRows = 0;
/**
 * The fill writes the order rows straight into their tables, past the events the rollup is projected from: the
 * reports' daily rollup is computed from those rows the way each order event recomputes its cell.
 */
async function fillRollup(databaseUrl: string): Promise<number> {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }) });
  const started = performance.now();
  try {
    await db.transaction().execute((tx) => refreshAllOrderCells(tx));
    const seconds = (performance.now() - started) / 1000;
    rollupRows = Number((await db.selectFrom('order_report_days').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    await sql`ANALYZE order_report_days`.execute(db);
    return seconds;
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServerProcess();
  try {
    console.log(JSON.stringify(await benchOrderReports(server), null, 2));
  } finally {
    await server.stop();
  }
}
