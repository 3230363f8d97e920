-- The approval queue and price lists page newest first (created_at DESC, id): one index serves the order, so
-- a page reads ~$skip + $limit entries instead of sorting every pending price (bench/prices.ts at 100,000).
CREATE INDEX sku_prices_check_created ON sku_prices (is_check, created_at DESC, id) WHERE NOT is_delete;
CREATE INDEX sku_prices_org_created ON sku_prices (org_id, created_at DESC, id) WHERE NOT is_delete;
DROP INDEX sku_prices_queue;
