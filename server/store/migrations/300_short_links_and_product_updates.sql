-- Issue 35. Short links (§2 短网址管理): a code opens one of this deployment's pages. `/s/{code}` names no org, so the
-- links are a reference table keyed by their code (the org that made it is a column); a projection of ShortLink*
-- events. Visits are counters per link and day, not events (following a link is nobody's change): a rebuild keeps them.
CREATE TABLE short_links (
  code text PRIMARY KEY,
  org_id text NOT NULL,
  target text NOT NULL,
  title text NOT NULL DEFAULT '',
  expires_at timestamptz,
  created_by text NOT NULL DEFAULT '',
  created_by_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL
);
CREATE INDEX short_links_org ON short_links (org_id, created_at DESC);
CREATE INDEX short_links_org_target ON short_links (org_id, target);

CREATE TABLE short_link_visits (
  code text NOT NULL,
  day date NOT NULL,
  visits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (code, day)
);

-- Release notes (§2 产品更新): the platform's, read by every org whose kind is in the audience; a reference table.
-- Who has read which: per reader, in the reader's org.
CREATE TABLE product_updates (
  update_id text PRIMARY KEY,
  org_id text NOT NULL,
  title text NOT NULL,
  version text NOT NULL DEFAULT '',
  content text NOT NULL DEFAULT '',
  audience jsonb NOT NULL DEFAULT '[]',
  published_at timestamptz NOT NULL,
  created_by_name text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL
);
CREATE INDEX product_updates_published ON product_updates (published_at DESC, update_id);

CREATE TABLE product_update_reads (
  org_id text NOT NULL,
  update_id text NOT NULL,
  user_id text NOT NULL,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, update_id, user_id)
);
CREATE INDEX product_update_reads_user ON product_update_reads (user_id, org_id);
