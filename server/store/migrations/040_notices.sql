-- Notices (§2 通知列表): org-scoped messages with HTML content and a per-user read state.
-- Projections of Notice* events (rebuilt by `npm run db:rebuild`); every table carries org_id.
CREATE TABLE notices (
  org_id text NOT NULL,
  notice_id text PRIMARY KEY,
  title text NOT NULL,
  content text NOT NULL DEFAULT '',
  published_at timestamptz NOT NULL,
  created_by text NOT NULL DEFAULT '',
  created_by_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX notices_org_published ON notices (org_id, published_at DESC, notice_id);

CREATE TABLE notice_reads (
  org_id text NOT NULL,
  notice_id text NOT NULL,
  user_id text NOT NULL,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (notice_id, user_id)
);
CREATE INDEX notice_reads_org_user ON notice_reads (org_id, user_id);
