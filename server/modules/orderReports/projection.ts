// The order reports' daily rollup (issue 11 follow-up; migration 231): per delivery day × school × supplier × product
// (name + unit) × category, the sums GET /v4/mall/order/report adds up, so a year's report reads a few thousand rows
// instead of joining every order, line and accepted return. Registered after the order and return projections: each
// event that can change an order's figures (placing, pricing, confirming with refused lines, receiving, refusing,
// cancelling, a return decided) recomputes the whole rollup cell of that order — its school, supplier and day — from
// the rows those projections just wrote. A cell holds a school's orders with one supplier for one day (a handful), and
// recomputing it from the rows instead of adding deltas keeps it exactly what the direct sum over the orders gives.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { defineProjection } from '../../store/projections.ts';
import type { Database } from '../../store/schema.ts';
import type { Tx } from '../../store/eventStore.ts';
import { lockKey } from '../../store/command.ts';
import { COUNTED_RETURN_STATUS, COUNTED_STATUSES, WITHIN_TOLERANCE } from '../../../domain/orderReports.ts';

type Db = Kysely<Database> | Tx;
type Ev = { data: { orderId: string }; orgId: string };

/**
 * The rollup rows of the cells `where` picks (a condition on `orders o`), from the counted orders' open lines with
 * each line's accepted returns — the same rows and expressions the direct report sums (routes.ts directReport).
 */
function rollupSelect(where: RawBuilder<unknown>, returnsWhere: RawBuilder<unknown>) {
  const counted = sql.join(COUNTED_STATUSES.map((s) => sql`${s}`));
  // domain lineDifference: a received line differs unless its scale found it within tolerance
  const differs = sql`l.received_quantity IS NOT NULL AND l.weigh_result IS DISTINCT FROM ${WITHIN_TOLERANCE}`;
  const cell = sql.raw('org_id, delivery_date, supplier_org_id');
  const row = sql.raw('org_id, delivery_date, supplier_org_id, product_name, unit, category_id');
  return sql`
    WITH returned AS (
      SELECT rl.org_id, rl.order_id, rl.sku_id, sum(rl.amount) AS amount, sum(rl.quantity) AS quantity
      FROM order_return_lines rl JOIN order_returns rt ON rt.org_id = rl.org_id AND rt.id = rl.return_id
      WHERE rt.status = ${COUNTED_RETURN_STATUS} AND ${returnsWhere}
      GROUP BY rl.org_id, rl.order_id, rl.sku_id
    ), lines AS (
      SELECT o.org_id, o.delivery_date, o.supplier_org_id, o.id AS order_id, o.org_name, o.supplier_name,
        l.product_name, l.unit, coalesce(l.category_id, '') AS category_id,
        l.quantity, l.received_quantity, l.amount, l.received_amount, (${differs}) AS differs,
        r.quantity AS return_quantity, r.amount AS return_amount
      FROM orders o
      JOIN order_lines l ON l.org_id = o.org_id AND l.order_id = o.id AND l.status = 'open'
      LEFT JOIN returned r ON r.org_id = l.org_id AND r.order_id = l.order_id AND r.sku_id = l.sku_id
      WHERE o.status IN (${counted}) AND ${where}
    ), firsts AS (
      -- per order, its rows in a fixed order; row_number 1 within a partition is the order's first row there
      SELECT ${row},
        row_number() OVER (PARTITION BY ${cell}, order_id ORDER BY product_name, unit, category_id) AS first_any,
        row_number() OVER (PARTITION BY ${cell}, order_id, product_name ORDER BY unit, category_id) AS first_name,
        row_number() OVER (PARTITION BY ${cell}, order_id, product_name, unit ORDER BY category_id) AS first_product,
        row_number() OVER (PARTITION BY ${cell}, order_id, category_id ORDER BY product_name, unit) AS first_category,
        row_number() OVER (PARTITION BY ${cell}, order_id, product_name, category_id ORDER BY unit) AS first_name_category
      FROM (SELECT DISTINCT ${row}, order_id FROM lines) d
    ), counts AS (
      SELECT ${row}, count(*) AS order_count,
        count(*) FILTER (WHERE first_any = 1) AS orders_any, count(*) FILTER (WHERE first_name = 1) AS orders_name,
        count(*) FILTER (WHERE first_product = 1) AS orders_product, count(*) FILTER (WHERE first_category = 1) AS orders_category,
        count(*) FILTER (WHERE first_name_category = 1) AS orders_name_category
      FROM firsts GROUP BY ${row}
    ), sums AS (
      SELECT ${row}, max(org_name) AS org_name, max(supplier_name) AS supplier_name,
        count(*) AS line_count,
        count(*) FILTER (WHERE differs AND received_quantity <> quantity) AS difference_lines,
        coalesce(sum(quantity), 0) AS quantity,
        coalesce(sum(received_quantity), 0) AS received_quantity,
        coalesce(sum(greatest(quantity - received_quantity, 0)) FILTER (WHERE differs), 0) AS short_quantity,
        coalesce(sum(greatest(received_quantity - quantity, 0)) FILTER (WHERE differs), 0) AS over_quantity,
        coalesce(sum(amount), 0) AS amount,
        coalesce(sum(received_amount), 0) AS received_amount,
        coalesce(sum(greatest(amount - received_amount, 0)) FILTER (WHERE differs), 0) AS short_amount,
        coalesce(sum(greatest(received_amount - amount, 0)) FILTER (WHERE differs), 0) AS over_amount,
        coalesce(sum(return_quantity), 0) AS return_quantity,
        coalesce(sum(return_amount), 0) AS return_amount,
        coalesce(sum(coalesce(received_amount, amount)), 0) AS delivered_amount
      FROM lines GROUP BY ${row}
    )
    INSERT INTO order_report_days (${row}, org_name, supplier_name,
      order_count, orders_any, orders_name, orders_product, orders_category, orders_name_category,
      line_count, difference_lines, quantity, received_quantity, short_quantity, over_quantity,
      amount, received_amount, short_amount, over_amount, return_quantity, return_amount, delivered_amount)
    SELECT ${row}, s.org_name, s.supplier_name,
      c.order_count, c.orders_any, c.orders_name, c.orders_product, c.orders_category, c.orders_name_category,
      s.line_count, s.difference_lines, s.quantity, s.received_quantity, s.short_quantity, s.over_quantity,
      s.amount, s.received_amount, s.short_amount, s.over_amount, s.return_quantity, s.return_amount, s.delivered_amount
    FROM sums s JOIN counts c USING (${row})`;
}

/** Recomputes the rollup cell of one order (its school, supplier and delivery day). */
export async function refreshOrderCell(tx: Tx, orgId: string, orderId: string): Promise<void> {
  const order = await tx.selectFrom('orders').select([sql<string>`to_char(delivery_date, 'YYYY-MM-DD')`.as('day'), 'supplier_org_id'])
    .where('org_id', '=', orgId).where('id', '=', orderId).executeTakeFirst();
  if (!order) return;
  // two orders of one cell written at once: the second waits for the first to commit, then recomputes the cell with
  // both (without the lock its insert would collide with the first's rows, which its delete did not yet see)
  await lockKey(tx, 'orderReportDay', `${orgId}/${order.day}/${order.supplier_org_id}`);
  await tx.deleteFrom('order_report_days').where('org_id', '=', orgId).where('delivery_date', '=', order.day)
    .where('supplier_org_id', '=', order.supplier_org_id).execute();
  const inCell = sql`o.org_id = ${orgId} AND o.delivery_date = ${order.day}::date AND o.supplier_org_id = ${order.supplier_org_id}`;
  const cellOrders = sql`rl.org_id = ${orgId} AND rl.order_id IN (SELECT o.id FROM orders o WHERE ${inCell})`;
  await rollupSelect(inCell, cellOrders).execute(tx);
}

/** Recomputes the whole rollup from the order rows: for data written straight into the tables (the benches' fill). */
export async function refreshAllOrderCells(tx: Db): Promise<void> {
  await tx.deleteFrom('order_report_days').execute();
  await rollupSelect(sql`true`, sql`true`).execute(tx);
}

const refresh = async (tx: Tx, { data, orgId }: Ev) => refreshOrderCell(tx, orgId, data.orderId);

// every event of an order or of its returns that is projected into the rows the reports sum; a step between two
// counted statuses changes no figure today, but recomputing its cell keeps the rollup right if what counts changes
defineProjection({
  OrderCreated: refresh,
  OrderSubmitted: refresh,
  OrderConfirmed: refresh,
  OrderReceived: refresh,
  OrderRefused: refresh,
  OrderCancelled: refresh,
  OrderDispatched: refresh,
  OrderDelivered: refresh,
  OrderSettled: refresh,
  ReturnAccepted: refresh,
  ReturnDisputed: refresh,
  ReturnWithdrawn: refresh,
});
