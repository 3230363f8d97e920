-- Receiving on a scale (issue 11): what each order line weighed, on which registered scale, the grams its
-- tolerance allowed, and the verdict (ok, short, over) the supplier sees as a difference. Null: not weighed.
ALTER TABLE order_lines
  ADD COLUMN weighed_grams numeric(12, 1),
  ADD COLUMN scale_id text,
  ADD COLUMN scale_name text NOT NULL DEFAULT '',
  ADD COLUMN allowed_grams numeric(12, 1),
  ADD COLUMN weigh_result text;
