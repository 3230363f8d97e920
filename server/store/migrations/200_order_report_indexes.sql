-- Order reports (issue 11): every report reads a school's or a supplier's orders by delivery day (from … to);
-- the list indexes of 180 order by creation time, which a date range cannot use. Keyed by org first (Citus readiness).
CREATE INDEX orders_org_delivery ON orders (org_id, delivery_date);
CREATE INDEX orders_supplier_delivery ON orders (supplier_org_id, delivery_date);
