// The OrgApp of domain/types as the console receives it: key left empty (the console fetches it with
// /v1/token/orgappkey/encrypt), orgConfig built from the §7 config paths.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { OrgApp, OrgAppConfig } from '../../../domain/types.ts';
import { orgTypeLabelKey } from '../../../domain/orgAppChooser.ts';
import { configRows, readPath } from '../config/orgConfig.ts';
import { forbidden } from '../../http/errors.ts';
import { membershipActive, USER_ACCESS_TEXT } from '../../../domain/userAccess.ts';

/** §7: the org-app list asks configPath for these. */
export const ORG_APP_CONFIG_PATHS = ['isExperienceOrg', 'appEdition', 'nutritiousmeals.mallRecipeCycleEntrance', 'isOnlyXGApp'] as const;

export const orgAppSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' }, appId: { type: 'string' }, orgId: { type: 'string' }, orgName: { type: 'string' }, appName: { type: 'string' },
    key: { type: 'string' }, agentId: { type: ['string', 'null'] }, disabled: { type: 'boolean' }, orgType: { type: 'string' },
    orgConfig: { type: 'object', additionalProperties: true },
  },
  required: ['id', 'appId', 'orgId', 'orgName', 'appName', 'key', 'disabled', 'orgType', 'orgConfig'],
} as const;

async function orgConfigOf(db: Kysely<Database>, orgId: string, appId: string): Promise<OrgAppConfig> {
  const rows = await configRows(db, orgId, appId);
  const config: OrgAppConfig = {};
  const isExperienceOrg = readPath(rows, 'isExperienceOrg');
  if (typeof isExperienceOrg === 'boolean') config.isExperienceOrg = isExperienceOrg;
  const appEdition = readPath(rows, 'appEdition');
  if (appEdition && typeof appEdition === 'object') config.appEdition = appEdition as OrgAppConfig['appEdition'];
  const entrance = readPath(rows, 'nutritiousmeals.mallRecipeCycleEntrance');
  if (typeof entrance === 'boolean') config.mallRecipeCycleEntrance = entrance;
  const onlyXg = readPath(rows, 'isOnlyXGApp');
  if (typeof onlyXg === 'boolean') config.isOnlyXGApp = onlyXg;
  return config;
}

/**
 * The org-apps the user belongs to at `now` (the server's clock, not the database's: a test that pins the clock pins
 * this too), ordered by org name; `withAgentOnly` keeps those whose org has an agent.
 */
export async function orgAppsOfUser(db: Kysely<Database>, userId: string, now: Date, opts: { withAgentOnly?: boolean; only?: { orgId: string; appId: string } } = {}): Promise<OrgApp[]> {
  let q = db.selectFrom('org_app_users as m')
    .innerJoin('org_apps as oa', (j) => j.onRef('oa.org_id', '=', 'm.org_id').onRef('oa.app_id', '=', 'm.app_id'))
    .innerJoin('orgs as o', 'o.org_id', 'oa.org_id')
    .select(['oa.id', 'oa.app_id', 'oa.org_id', 'o.name as org_name', 'oa.app_name', 'o.agent_id', 'oa.disabled', 'o.org_type'])
    .where('m.user_id', '=', userId)
    // memberships the org disabled or let expire are not offered (issue 16)
    .where('m.enable', '=', true).where((eb) => eb.or([eb('m.expiration', 'is', null), eb('m.expiration', '>', now)]));
  if (opts.withAgentOnly) q = q.where('o.agent_id', 'is not', null);
  if (opts.only) q = q.where('oa.org_id', '=', opts.only.orgId).where('oa.app_id', '=', opts.only.appId);
  const rows = await q.orderBy('o.created_at').orderBy('oa.org_id').orderBy('oa.app_id').execute();
  return Promise.all(rows.map(async (r): Promise<OrgApp> => ({
    id: r.id, appId: r.app_id, orgId: r.org_id, orgName: r.org_name, appName: r.app_name, key: '', agentId: r.agent_id,
    disabled: r.disabled, orgType: orgTypeLabelKey(r.org_type), orgConfig: await orgConfigOf(db, r.org_id, r.app_id),
  })));
}

/**
 * The key of an org-app the user belongs to (POST /v1/token/orgappkey/encrypt, and the org-app context): 403
 * unless a member, the org-app enabled and the membership active (issue 16).
 */
export async function orgAppKeyOf(db: Kysely<Database>, userId: string, orgId: string, appId: string, now: Date): Promise<string> {
  const row = await db.selectFrom('org_apps as oa')
    .innerJoin('org_app_users as m', (j) => j.onRef('m.org_id', '=', 'oa.org_id').onRef('m.app_id', '=', 'oa.app_id'))
    .select(['oa.key', 'oa.disabled', 'm.enable', 'm.expiration'])
    .where('oa.org_id', '=', orgId).where('oa.app_id', '=', appId).where('m.user_id', '=', userId).executeTakeFirst();
  if (!row) throw forbidden('您不是该机构的成员');
  if (row.disabled) throw forbidden('该机构应用已停用');
  if (!membershipActive(row, now)) throw forbidden(USER_ACCESS_TEXT.inactive);
  return row.key;
}
