// The recipe user limit's grants from §7 form tables (issue 9): an allowlisted org or a whitelisted user is not
// limited; extra times add to the limit. Read by every route that makes a cycle (create, copies).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { Tx } from '../../store/eventStore.ts';
import { quotaFromForms } from '../../../domain/aggregates/formItem.ts';

export async function quotaGrants(db: Kysely<Database> | Tx, orgId: string, username: string): Promise<{ exempt: boolean; extra: number }> {
  const forms = await db.selectFrom('form_items').select(['table_id as tableId', 'form_data as formData']).where('org_id', '=', orgId).where('is_delete', '=', false)
    .where((eb) => eb.or([
      eb('table_id', '=', 'mallRecipeCycleOrgAllowlist'),
      eb.and([eb('table_id', 'in', ['whiteList', 'mallRecipeCycleUserLimite']), eb(sql<string>`form_data->>'userphoneNumber'`, '=', username)]),
    ])).execute();
  return quotaFromForms(forms as { tableId: string; formData: Record<string, unknown> }[], orgId, username);
}
