-- Issue 27: every org has a kind (domain/orgKind.ts: platform, school, supplier, delivery, bureau, trial), set by the
-- platform when it creates the org (OrgCreated.kind) or later (OrgSettingsSet.kind). A party's power across orgs
-- follows from it, never from a role code alone. Orgs created before kinds existed get the kind their org type
-- gives (domain/orgKind.ts orgKindOf): the platform org, trial versions, and otherwise school, the least reach; the
-- demo data's supplier, delivery company and bureau are named here so an existing demo database keeps working. A
-- deployment sets the others with PUT /v2/config/orgapp/org/{orgId} {kind} (an event, so a rebuild keeps it).
ALTER TABLE orgs ADD COLUMN kind text NOT NULL DEFAULT 'school';
UPDATE orgs SET kind = CASE
  WHEN org_type = 'product' THEN 'platform'
  WHEN org_type = 'trialVersion' THEN 'trial'
  WHEN org_id = 'org-xfsp' THEN 'supplier'
  WHEN org_id = 'org-jcps' THEN 'delivery'
  WHEN org_id = 'org-cdjyj' THEN 'bureau'
  ELSE 'school' END;
