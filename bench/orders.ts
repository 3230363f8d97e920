// The order list at 100,000 orders (issue 11; §9 orders page 100): school A's orders with the demo supplier are
// filled to 100,000 straight into the projection tables (orders, three lines each, and their streams, in one SQL
// statement per table: the fill is not what is measured), then the school and the supplier read the first page
// with its count, a status filter (a common and a rare status) and the keyword search (a product name many orders
// hold, an order number one does) and the weighed-difference filter (2 % of the orders hold a line weighed short or
// over), each ROUNDS times: p50/p95. Run alone: node --import tsx bench/orders.ts
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { apiSession, percentile, startServerProcess, type BenchServer } from './serverProcess.ts';
import type { OrderList } from '../contracts/orders.ts';

const ORDERS = 100_000;
const ROUNDS = 20;
const SCHOOL = 'org-ygsy';
const SUPPLIER = 'org-xfsp';

const stats = (xs: number[]) => ({ p50Ms: +percentile(xs, 50).toFixed(1), p95Ms: +percentile(xs, 95).toFixed(1) });

/** 100,000 orders of the school with the supplier over a year of delivery days, in a realistic status mix. */
export async function fill(databaseUrl: string, orders: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    await client.query('BEGIN');
    // the goods the lines name: the supplier's own SKUs
    const { rows: skus } = await client.query<{ sku_id: string; product_id: string; product_name: string; sku_name: string; spec: string; unit: string }>(
      `SELECT k.sku_id, k.product_id, p.name AS product_name, k.name AS sku_name, k.spec, k.unit FROM skus k JOIN products p ON p.org_id = k.org_id AND p.id = k.product_id
       WHERE k.org_id = $1 ORDER BY k.sku_id LIMIT 50`, [SUPPLIER]);
    await client.query(`CREATE TEMP TABLE bench_skus AS SELECT row_number() OVER () - 1 AS n, * FROM json_to_recordset($1::json)
      AS x(sku_id text, product_id text, product_name text, sku_name text, spec text, unit text)`, [JSON.stringify(skus)]);
    // status by share: 20% submitted, 20% confirmed, 20% dispatched, 25% delivered, 5% received, 5% refused, 5% cancelled
    await client.query(`
      INSERT INTO orders (org_id, id, order_no, org_name, supplier_org_id, supplier_name, delivery_date, status, amount, received_amount, line_count,
        remark, reason, keyword, created_by, created_by_name, created_at, submitted_at, updated_at)
      SELECT $1, 'bench-' || g, 'DD' || to_char(d, 'YYYYMMDD') || lpad(g::text, 6, '0'), '阳光实验小学', $2, '鲜丰食品供应有限公司', d,
        CASE WHEN g % 20 < 4 THEN 'submitted' WHEN g % 20 < 8 THEN 'confirmed' WHEN g % 20 < 12 THEN 'dispatched' WHEN g % 20 < 17 THEN 'delivered'
             WHEN g % 20 = 17 THEN 'received' WHEN g % 20 = 18 THEN 'refused' ELSE 'cancelled' END,
        (g % 900) + 100.5, NULL, 3, '', '',
        'DD' || to_char(d, 'YYYYMMDD') || lpad(g::text, 6, '0') || ' 阳光实验小学 鲜丰食品供应有限公司 ' || s0.product_name || ' ' || s1.product_name || ' ' || s2.product_name,
        'bench', '压测', now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
      FROM generate_series(1, $3::int) g
      CROSS JOIN LATERAL (SELECT (current_date - (g % 365))::date AS d) dd
      JOIN bench_skus s0 ON s0.n = g % 50 JOIN bench_skus s1 ON s1.n = (g + 7) % 50 JOIN bench_skus s2 ON s2.n = (g + 19) % 50`,
    [SCHOOL, SUPPLIER, orders]);
    await client.query(`
      INSERT INTO order_lines (org_id, order_id, sku_id, sort, product_id, product_name, sku_name, spec, unit, category_id, quantity, price, amount, status, refuse_reason, remark,
        weigh_result)
      SELECT $1, 'bench-' || g, s.sku_id, k, s.product_id, s.product_name, s.sku_name, s.spec, s.unit, NULL, 2, 10.5, 21, 'open', '', '',
        -- received orders (g % 20 = 17) were weighed; two in five have a line short or over beyond the tolerance
        CASE WHEN g % 20 = 17 THEN CASE WHEN k = 0 AND g % 100 = 17 THEN 'short' WHEN k = 1 AND g % 100 = 37 THEN 'over' ELSE 'ok' END END
      FROM generate_series(1, $2::int) g CROSS JOIN generate_series(0, 2) k JOIN bench_skus s ON s.n = (g + k * 7 + (k / 2) * 5) % 50`, [SCHOOL, orders]);
    await client.query(`
      INSERT INTO streams (stream_id, org_id, stream_type, stream_position)
      SELECT 'order-bench-' || g, $1, 'order', 1 + g % 5 FROM generate_series(1, $2::int) g`, [SCHOOL, orders]);
    await client.query('COMMIT');
    await client.query('ANALYZE orders; ANALYZE order_lines; ANALYZE streams');
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

export async function benchOrders(server: BenchServer, opts: { orders?: number } = {}) {
  const orders = opts.orders ?? ORDERS;
  const school = await apiSession(server, '13800000002', SCHOOL);
  const supplier = await apiSession(server, '13800000003', SUPPLIER);
  const fillSeconds = await fill(server.databaseUrl, orders);
  const sample = await school<OrderList>('/v4/mall/order?$limit=1&$skip=5000');
  const orderNo = sample.rows[0]!.orderNo;
  const keyword = encodeURIComponent('大米');
  const runs = { schoolFirstPage: [] as number[], supplierFirstPage: [] as number[], byStatusCommon: [] as number[], byStatusRare: [] as number[], keywordProduct: [] as number[], keywordOrderNo: [] as number[],
    weighDifference: [] as number[] };
  const counts: Record<string, number> = {};
  const time = async (name: keyof typeof runs, read: () => Promise<OrderList>) => {
    const t = performance.now();
    const page = await read();
    runs[name].push(performance.now() - t);
    counts[name] = page.count;
    if (page.rows.length > 100) throw new Error('a page holds at most 100 orders');
  };
  for (let r = 0; r < ROUNDS; r++) {
    await time('schoolFirstPage', () => school<OrderList>('/v4/mall/order?$limit=100'));
    await time('supplierFirstPage', () => supplier<OrderList>('/v4/mall/order?$limit=100'));
    await time('byStatusCommon', () => supplier<OrderList>('/v4/mall/order?status=delivered&$limit=100'));
    await time('byStatusRare', () => school<OrderList>('/v4/mall/order?status=refused&$limit=100'));
    await time('keywordProduct', () => supplier<OrderList>(`/v4/mall/order/search?keyword=${keyword}&$limit=100`));
    await time('keywordOrderNo', () => school<OrderList>(`/v4/mall/order/search?keyword=${orderNo}&$limit=100`));
    await time('weighDifference', () => supplier<OrderList>('/v4/mall/order?weighDifference=any&$limit=100'));
  }
  return Object.fromEntries([
    ['filled orders', { value: orders, seconds: +fillSeconds.toFixed(1) }],
    ...Object.entries(runs).map(([name, xs]) => [name, { count: counts[name], ...stats(xs) }]),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServerProcess();
  try {
    console.log(JSON.stringify(await benchOrders(server), null, 2));
  } finally {
    await server.stop();
  }
}
