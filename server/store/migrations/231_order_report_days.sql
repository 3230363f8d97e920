-- Order reports' daily rollup (issue 11 follow-up): per delivery day × school × supplier × product (name + unit) ×
-- category, what the report sums over the counted orders' open lines (server/modules/orderReports/projection.ts
-- fills it from the same events as orders, order_lines and order_returns). A year's report reads a few thousand of
-- these rows instead of joining every order, line and accepted return. Keyed by org (the school's, as its orders)
-- first (Citus readiness); the supplier's and the bureau's reports read it by supplier or by school and day.
CREATE TABLE order_report_days (
  org_id text NOT NULL,
  delivery_date date NOT NULL,
  supplier_org_id text NOT NULL,
  product_name text NOT NULL,
  unit text NOT NULL,
  -- the supplier's category of the lines; '' for lines without one (a key column cannot be null)
  category_id text NOT NULL,
  -- the greatest name the row's orders carry (a report shows max(name) per school and supplier, as before)
  org_name text NOT NULL,
  supplier_name text NOT NULL,
  -- distinct orders: a report's count of orders is not a sum of rows' distinct counts, so each row also counts the
  -- orders whose first row (by product name, unit, category) it is among the order's rows sharing what the report
  -- fixes: nothing, the product name, name + unit, the category, name + category; order_count is name + unit + category
  order_count integer NOT NULL,
  orders_any integer NOT NULL,
  orders_name integer NOT NULL,
  orders_product integer NOT NULL,
  orders_category integer NOT NULL,
  orders_name_category integer NOT NULL,
  line_count integer NOT NULL,
  difference_lines integer NOT NULL,
  quantity numeric NOT NULL,
  received_quantity numeric NOT NULL,
  short_quantity numeric NOT NULL,
  over_quantity numeric NOT NULL,
  amount numeric NOT NULL,
  received_amount numeric NOT NULL,
  short_amount numeric NOT NULL,
  over_amount numeric NOT NULL,
  return_quantity numeric NOT NULL,
  return_amount numeric NOT NULL,
  delivered_amount numeric NOT NULL,
  PRIMARY KEY (org_id, delivery_date, supplier_org_id, product_name, unit, category_id)
);
-- a supplier's (and its salesmen's) reports: its rows by day, whichever school
CREATE INDEX order_report_days_supplier ON order_report_days (supplier_org_id, delivery_date);
