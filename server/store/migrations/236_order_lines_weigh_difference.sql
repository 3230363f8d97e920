-- Issue 11 follow-up: the order lists mark and filter (weighDifference) the orders with a line weighed short or
-- over beyond the scale's tolerance. Few lines carry such a verdict: a partial index keyed by org first (Citus
-- readiness) lets the filter find their orders without reading every line of every order.
CREATE INDEX order_lines_weigh_difference ON order_lines (org_id, order_id) WHERE weigh_result IN ('short', 'over');
