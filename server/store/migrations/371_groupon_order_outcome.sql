-- Issue 34: what the settle of a succeeded fruit group buy did with each member's order: the order it placed, or why
-- the rules refused it (the stock gone, no school day left), so the member and the fruit org see it, not only the log.
ALTER TABLE mall_groupon_members ADD COLUMN order_no text;
ALTER TABLE mall_groupon_members ADD COLUMN order_failure text;
