-- Bright kitchens (明厨亮灶, issue 33): kitchen cameras and their health, installer companies, inspection tickets and
-- AI alerts. Projections of the videoDevice, videoDeviceSettings, installerCompany, inspection and deviceAlert
-- streams, keyed by org first (Citus readiness); plus three tables that are no projection: the devices' signing
-- secrets, the alerts' snapshot images and the signatures already taken (replays), written beside the events.
CREATE TABLE video_devices (
  org_id text NOT NULL,
  id text NOT NULL,
  name text NOT NULL,
  -- a videoDeviceType category id, '' when none
  type_id text NOT NULL DEFAULT '',
  area text NOT NULL DEFAULT '',
  play_url text NOT NULL,
  -- hls | flv | webrtc (domain/videoDevice.ts PLAY_PROTOCOLS)
  protocol text NOT NULL,
  enabled boolean NOT NULL,
  company_id text NOT NULL DEFAULT '',
  -- health as the last change recorded it: null never checked; since = when the state began
  online boolean,
  since timestamptz,
  online_ms bigint NOT NULL DEFAULT 0,
  offline_ms bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);
CREATE UNIQUE INDEX video_devices_org_name ON video_devices (org_id, name);
CREATE INDEX video_devices_company ON video_devices (company_id);

CREATE TABLE video_device_settings (
  org_id text NOT NULL PRIMARY KEY,
  offline_threshold_minutes integer NOT NULL
);

-- org_id is the installer company's own org: its members are the company's users
CREATE TABLE installer_companies (
  org_id text NOT NULL,
  id text NOT NULL,
  name text NOT NULL,
  contact text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  service_area text NOT NULL DEFAULT '',
  school_org_ids text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);
CREATE INDEX installer_companies_id ON installer_companies (id);

CREATE TABLE inspections (
  org_id text NOT NULL,
  id text NOT NULL,
  device_id text NOT NULL,
  device_name text NOT NULL,
  -- health | alert | manual
  source text NOT NULL,
  alert_id text,
  description text NOT NULL,
  -- opened | assigned | fixed | verified (domain/inspection.ts)
  status text NOT NULL,
  company_id text NOT NULL DEFAULT '',
  company_org_id text NOT NULL DEFAULT '',
  company_name text NOT NULL DEFAULT '',
  fix_note text NOT NULL DEFAULT '',
  fix_photo_id text,
  verify_note text NOT NULL DEFAULT '',
  reopen_note text NOT NULL DEFAULT '',
  reopen_count integer NOT NULL DEFAULT 0,
  opened_by text NOT NULL,
  opened_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);
CREATE INDEX inspections_company ON inspections (company_org_id, status);
CREATE INDEX inspections_device ON inspections (org_id, device_id, status);

CREATE TABLE device_alerts (
  org_id text NOT NULL,
  id text NOT NULL,
  device_id text NOT NULL,
  device_name text NOT NULL,
  alert_type text NOT NULL,
  at timestamptz NOT NULL,
  confidence numeric(5, 4) NOT NULL,
  snapshot_id text,
  -- open | handled | ticketed
  status text NOT NULL,
  measure text NOT NULL DEFAULT '',
  inspection_id text,
  handled_by text NOT NULL DEFAULT '',
  handled_at timestamptz,
  PRIMARY KEY (org_id, id)
);
CREATE INDEX device_alerts_at ON device_alerts (org_id, at);

-- not projections: kept beside the events, never in them (a secret in an event would show in the operation log)
CREATE TABLE device_secrets (
  org_id text NOT NULL,
  device_id text NOT NULL,
  secret text NOT NULL,
  PRIMARY KEY (org_id, device_id)
);
CREATE TABLE device_snapshots (
  org_id text NOT NULL,
  id text NOT NULL,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);
-- a signature once taken is refused again (replay); rows older than the alert window may be swept
CREATE TABLE device_alert_signatures (
  org_id text NOT NULL,
  device_id text NOT NULL,
  signature text NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (org_id, device_id, signature)
);
