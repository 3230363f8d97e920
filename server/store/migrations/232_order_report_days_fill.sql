-- Order reports' daily rollup (issue 11 follow-up): fills order_report_days (migration 231) from the orders a database
-- already holds, as each order's events would have (a fresh database has none; the rebuild replays the events).
-- The same statement server/modules/orderReports/projection.ts runs per cell, with domain/orderReports.ts's rules
-- written out: the counted statuses, the accepted returns, a received line differing unless weighed within tolerance
-- ('ok'). tests/api/orderReportRollup.test.ts checks it fills exactly the rows the projection wrote. A database whose
-- server already ran 231 holds rows the projection wrote since: they are computed again with the rest.
DELETE FROM order_report_days;
WITH returned AS (
  SELECT rl.org_id, rl.order_id, rl.sku_id, sum(rl.amount) AS amount, sum(rl.quantity) AS quantity
  FROM order_return_lines rl JOIN order_returns rt ON rt.org_id = rl.org_id AND rt.id = rl.return_id
  WHERE rt.status = 'accepted'
  GROUP BY rl.org_id, rl.order_id, rl.sku_id
), lines AS (
  SELECT o.org_id, o.delivery_date, o.supplier_org_id, o.id AS order_id, o.org_name, o.supplier_name,
    l.product_name, l.unit, coalesce(l.category_id, '') AS category_id,
    l.quantity, l.received_quantity, l.amount, l.received_amount, (l.received_quantity IS NOT NULL AND l.weigh_result IS DISTINCT FROM 'ok') AS differs,
    r.quantity AS return_quantity, r.amount AS return_amount
  FROM orders o
  JOIN order_lines l ON l.org_id = o.org_id AND l.order_id = o.id AND l.status = 'open'
  LEFT JOIN returned r ON r.org_id = l.org_id AND r.order_id = l.order_id AND r.sku_id = l.sku_id
  WHERE o.status IN ('submitted', 'confirmed', 'dispatched', 'delivered', 'received', 'settled')
), firsts AS (
  -- per order, its rows in a fixed order; row_number 1 within a partition is the order's first row there
  SELECT org_id, delivery_date, supplier_org_id, product_name, unit, category_id,
    row_number() OVER (PARTITION BY org_id, delivery_date, supplier_org_id, order_id ORDER BY product_name, unit, category_id) AS first_any,
    row_number() OVER (PARTITION BY org_id, delivery_date, supplier_org_id, order_id, product_name ORDER BY unit, category_id) AS first_name,
    row_number() OVER (PARTITION BY org_id, delivery_date, supplier_org_id, order_id, product_name, unit ORDER BY category_id) AS first_product,
    row_number() OVER (PARTITION BY org_id, delivery_date, supplier_org_id, order_id, category_id ORDER BY product_name, unit) AS first_category,
    row_number() OVER (PARTITION BY org_id, delivery_date, supplier_org_id, order_id, product_name, category_id ORDER BY unit) AS first_name_category
  FROM (SELECT DISTINCT org_id, delivery_date, supplier_org_id, product_name, unit, category_id, order_id FROM lines) d
), counts AS (
  SELECT org_id, delivery_date, supplier_org_id, product_name, unit, category_id, count(*) AS order_count,
    count(*) FILTER (WHERE first_any = 1) AS orders_any, count(*) FILTER (WHERE first_name = 1) AS orders_name,
    count(*) FILTER (WHERE first_product = 1) AS orders_product, count(*) FILTER (WHERE first_category = 1) AS orders_category,
    count(*) FILTER (WHERE first_name_category = 1) AS orders_name_category
  FROM firsts GROUP BY org_id, delivery_date, supplier_org_id, product_name, unit, category_id
), sums AS (
  SELECT org_id, delivery_date, supplier_org_id, product_name, unit, category_id, max(org_name) AS org_name, max(supplier_name) AS supplier_name,
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
  FROM lines GROUP BY org_id, delivery_date, supplier_org_id, product_name, unit, category_id
)
INSERT INTO order_report_days (org_id, delivery_date, supplier_org_id, product_name, unit, category_id, org_name, supplier_name,
  order_count, orders_any, orders_name, orders_product, orders_category, orders_name_category,
  line_count, difference_lines, quantity, received_quantity, short_quantity, over_quantity,
  amount, received_amount, short_amount, over_amount, return_quantity, return_amount, delivered_amount)
SELECT org_id, delivery_date, supplier_org_id, product_name, unit, category_id, s.org_name, s.supplier_name,
  c.order_count, c.orders_any, c.orders_name, c.orders_product, c.orders_category, c.orders_name_category,
  s.line_count, s.difference_lines, s.quantity, s.received_quantity, s.short_quantity, s.over_quantity,
  s.amount, s.received_amount, s.short_amount, s.over_amount, s.return_quantity, s.return_amount, s.delivered_amount
FROM sums s JOIN counts c USING (org_id, delivery_date, supplier_org_id, product_name, unit, category_id);
