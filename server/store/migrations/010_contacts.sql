-- Contacts (§3 department, person; §7 Contacts): projections of the contacts events, rebuilt by db:rebuild.
-- seq comes from the creating event's position, so "ordered id asc" is creation order and replays equal.
CREATE TABLE contact_departments (
  org_id text NOT NULL,
  department_id text PRIMARY KEY,
  seq bigint NOT NULL,
  parent_id text NOT NULL DEFAULT '-1',
  department_name text NOT NULL,
  type integer NOT NULL DEFAULT 1,
  sort integer NOT NULL DEFAULT 0,
  is_hide integer NOT NULL DEFAULT 0,
  is_all_hide integer NOT NULL DEFAULT 0,
  role_config jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX contact_departments_org_seq ON contact_departments (org_id, seq);
CREATE INDEX contact_departments_parent ON contact_departments (org_id, parent_id);

-- a person of an org's contacts is a user of it (user_id), found by name, pinyin initials or phone (§5)
CREATE TABLE contact_persons (
  org_id text NOT NULL,
  user_id text NOT NULL,
  seq bigint NOT NULL,
  name text NOT NULL,
  pinyin_first text NOT NULL DEFAULT '',
  phone_number text NOT NULL,
  show_phone_number boolean NOT NULL DEFAULT true,
  gender text NOT NULL DEFAULT '男',
  unit text NOT NULL DEFAULT '',
  status integer NOT NULL DEFAULT 1,
  duties text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (org_id, user_id)
);
CREATE INDEX contact_persons_page ON contact_persons (org_id, sort, seq);
CREATE INDEX contact_persons_phone ON contact_persons (org_id, phone_number);

CREATE TABLE contact_person_departments (
  org_id text NOT NULL,
  department_id text NOT NULL,
  user_id text NOT NULL,
  PRIMARY KEY (org_id, department_id, user_id)
);
CREATE INDEX contact_person_departments_user ON contact_person_departments (org_id, user_id);
