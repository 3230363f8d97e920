-- Issue 34, activityList: the activities an org runs for its members and who signed up. Projections of the activity
-- streams (domain/aggregates/activity.ts); who is confirmed and who waits is kept per sign-up as the events said.
CREATE TABLE activities (
  org_id text NOT NULL,
  activity_id text NOT NULL,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  place text NOT NULL DEFAULT '',
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  sign_up_by timestamptz NOT NULL,
  capacity integer NOT NULL,
  seats_per_member integer NOT NULL,
  audience jsonb NOT NULL,
  status text NOT NULL,
  cancel_reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, activity_id)
);
CREATE INDEX activities_status ON activities (org_id, status, starts_at);

CREATE TABLE activity_signups (
  org_id text NOT NULL,
  activity_id text NOT NULL,
  member_id text NOT NULL,
  name text NOT NULL,
  seats integer NOT NULL,
  seq integer NOT NULL,
  status text NOT NULL,
  attendance text,
  signed_up_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, activity_id, member_id)
);
CREATE INDEX activity_signups_member ON activity_signups (org_id, member_id);
