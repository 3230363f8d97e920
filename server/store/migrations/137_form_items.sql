-- §7 form service (issue 9): the items of the custom tables the recipe user limit reads (mallRecipeCycleOrgAllowlist,
-- whiteList, mallRecipeCycleUserLimite), projected from 'formItem-<tableId>-<itemId>' streams. An item belongs to the
-- org it is about; a deleted one stays with is_delete (§7 queries ask isDelete '0$n'). Keyed by org first.
CREATE TABLE form_items (
  org_id text NOT NULL,
  table_id text NOT NULL,
  item_id text NOT NULL,
  app_id text NOT NULL DEFAULT '',
  form_data jsonb NOT NULL,
  is_delete boolean NOT NULL DEFAULT false,
  created_by text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, table_id, item_id)
);
CREATE INDEX form_items_phone ON form_items (org_id, table_id, (form_data ->> 'userphoneNumber')) WHERE NOT is_delete;
