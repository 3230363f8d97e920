-- Every projection table of org data is keyed by org first (issue 14): its primary key and unique keys lead with
-- org_id, so the tables can be distributed by org (Citus: a distributed table's unique keys must hold the
-- distribution column) and every projection write names its org. Global catalogues (agents, orgs, apps,
-- org_apps, users, holidays, org init templates) are reference tables and keep their keys (schema.ts
-- REFERENCE_TABLES). A plain index on the old key keeps lookups by id alone as fast as before.

ALTER TABLE role_groups DROP CONSTRAINT role_groups_pkey, ADD PRIMARY KEY (org_id, role_group_id);
CREATE INDEX role_groups_id ON role_groups (role_group_id);
ALTER TABLE roles DROP CONSTRAINT roles_pkey, ADD PRIMARY KEY (org_id, role_id);
CREATE INDEX roles_id ON roles (role_id);
ALTER TABLE permissions DROP CONSTRAINT permissions_pkey, ADD PRIMARY KEY (org_id, permission_id);
CREATE INDEX permissions_id ON permissions (permission_id);
ALTER TABLE contact_departments DROP CONSTRAINT contact_departments_pkey, ADD PRIMARY KEY (org_id, department_id);
CREATE INDEX contact_departments_id ON contact_departments (department_id);
ALTER TABLE role_relations DROP CONSTRAINT role_relations_pkey, ADD PRIMARY KEY (org_id, relation_id);
CREATE INDEX role_relations_id ON role_relations (relation_id);
ALTER TABLE categories DROP CONSTRAINT categories_pkey, ADD PRIMARY KEY (org_id, id);
CREATE INDEX categories_id ON categories (id);
ALTER TABLE specs DROP CONSTRAINT specs_pkey, ADD PRIMARY KEY (org_id, id);
CREATE INDEX specs_id ON specs (id);
ALTER TABLE mall_suppliers DROP CONSTRAINT mall_suppliers_pkey, ADD PRIMARY KEY (org_id, object_id);
CREATE INDEX mall_suppliers_id ON mall_suppliers (object_id);
ALTER TABLE products DROP CONSTRAINT products_pkey, ADD PRIMARY KEY (org_id, id);
CREATE INDEX products_id ON products (id);
ALTER TABLE skus DROP CONSTRAINT skus_pkey, ADD PRIMARY KEY (org_id, sku_id);
CREATE INDEX skus_id ON skus (sku_id);
ALTER TABLE sku_prices DROP CONSTRAINT sku_prices_pkey, ADD PRIMARY KEY (org_id, id);
CREATE INDEX sku_prices_id ON sku_prices (id);
ALTER TABLE sku_ingredients DROP CONSTRAINT sku_ingredients_pkey, ADD PRIMARY KEY (org_id, sku_id, food_id);
ALTER TABLE notices DROP CONSTRAINT notices_pkey, ADD PRIMARY KEY (org_id, notice_id);
CREATE INDEX notices_id ON notices (notice_id);
ALTER TABLE notice_reads DROP CONSTRAINT notice_reads_pkey, ADD PRIMARY KEY (org_id, notice_id, user_id);
ALTER TABLE product_member_groups DROP CONSTRAINT product_member_groups_pkey, ADD PRIMARY KEY (org_id, group_id);
CREATE INDEX product_member_groups_id ON product_member_groups (group_id);
ALTER TABLE price_surveys DROP CONSTRAINT price_surveys_pkey, ADD PRIMARY KEY (org_id, id);
CREATE INDEX price_surveys_id ON price_surveys (id);
ALTER TABLE mall_routes DROP CONSTRAINT mall_routes_pkey, ADD PRIMARY KEY (org_id, object_id);
CREATE INDEX mall_routes_id ON mall_routes (object_id);

-- The log itself: a stream belongs to one org, and so do its events.
ALTER TABLE streams DROP CONSTRAINT streams_pkey, ADD PRIMARY KEY (org_id, stream_id);
CREATE INDEX streams_id ON streams (stream_id);
ALTER TABLE events DROP CONSTRAINT events_pkey, ADD PRIMARY KEY (org_id, position);
ALTER TABLE events DROP CONSTRAINT events_stream_id_stream_version_key, ADD CONSTRAINT events_org_stream_version UNIQUE (org_id, stream_id, stream_version);
DROP INDEX events_org_position;
CREATE INDEX events_position ON events (position);
CREATE INDEX events_stream ON events (stream_id, stream_version);
