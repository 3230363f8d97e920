// Whether an org-app takes sign-ups through POST /v1/passport/formuser (domain/selfRegistration.ts decides; this
// reads what it needs: the org's kind and its self-registration switch).
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { Tx } from '../../store/eventStore.ts';
import { configRows } from '../config/orgConfig.ts';
import { SELF_REGISTRATION_PATH, takesSignUps } from '../../../domain/selfRegistration.ts';

type Db = Kysely<Database> | Tx;

export async function orgAppTakesSignUps(db: Db, orgId: string, appId: string): Promise<boolean> {
  const org = await db.selectFrom('orgs').select('kind').where('org_id', '=', orgId).executeTakeFirst();
  if (!org) return false;
  const config = await configRows(db, orgId, appId);
  return takesSignUps({ kind: org.kind, selfRegistration: config.get(SELF_REGISTRATION_PATH) });
}

/** Whether the user is already a member of the org-app (he signs in through formuser, joining nothing). */
export async function isMemberOfOrgApp(db: Db, orgId: string, appId: string, userId: string): Promise<boolean> {
  return !!(await db.selectFrom('org_app_users').select('user_id').where('org_id', '=', orgId).where('app_id', '=', appId).where('user_id', '=', userId).executeTakeFirst());
}
