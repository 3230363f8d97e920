-- Issue 31. Contacts are one stream per org (server/modules/contacts/commands.ts), so the stream's version moves with
-- every department and person of the org. Each row keeps the stream version of the last event that changed it: an
-- editor sends that back, and only a change to the same department or person since is a 409 (docs/versions.md).
-- Rows written before this read 0 until the next change or `npm run db:rebuild`.
ALTER TABLE contact_departments ADD COLUMN version integer NOT NULL DEFAULT 0;
ALTER TABLE contact_persons ADD COLUMN version integer NOT NULL DEFAULT 0;

-- The holiday calendar is one stream per year: each date keeps the version of its own last change, as contacts do.
ALTER TABLE holidays ADD COLUMN version integer NOT NULL DEFAULT 0;
