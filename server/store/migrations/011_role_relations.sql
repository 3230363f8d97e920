-- Role relations (§3: relationPath, child, depth): a parent role over a child role in one org.
CREATE TABLE role_relations (
  org_id text NOT NULL,
  relation_id text PRIMARY KEY,
  parent_role_id text NOT NULL,
  child_role_id text NOT NULL,
  relation_path text NOT NULL,
  depth integer NOT NULL DEFAULT 1,
  UNIQUE (org_id, parent_role_id, child_role_id)
);
CREATE INDEX role_relations_child ON role_relations (org_id, child_role_id);
