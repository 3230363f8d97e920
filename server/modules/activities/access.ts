// Issue 34, activityList: what the server reads itself before an activity's command, never from the client: the org
// that runs it (its kind, the schools a fruit org serves) and the schools of a member's children. Every command on an
// activity takes the activity's lock first, so parallel sign-ups are decided one after another on the whole list
// (capacity is never exceeded, and no one retries into a 409).
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { EventMeta, Tx } from '../../store/eventStore.ts';
import { decideAndAppend, lockKey, runDecisions } from '../../store/command.ts';
import { activityDecider, activityStream, type ActivityCommand, type ActivityOwner } from '../../../domain/aggregates/activity.ts';

type Db = Kysely<Database> | Tx;

/** The org as an activity's owner: its kind and, for a fruit org, the schools it serves. */
export async function ownerOf(db: Db, orgId: string): Promise<ActivityOwner> {
  const [org, served] = await Promise.all([
    db.selectFrom('orgs').select('kind').where('org_id', '=', orgId).executeTakeFirst(),
    db.selectFrom('fruit_schools').select('school_org_id').where('org_id', '=', orgId).execute(),
  ]);
  return { orgId, kind: org?.kind ?? '', servedSchools: served.map((s) => s.school_org_id) };
}

/**
 * The schools a member's children go to, as the org knows them: a school's member, the school; a fruit org's member,
 * the schools he ordered fruit for (his orders name the child's school, checked as served when placed); a trial org's
 * member, none (its activities name no school).
 */
export async function memberSchoolsOf(db: Db, orgId: string, memberId: string): Promise<string[]> {
  const owner = await db.selectFrom('orgs').select('kind').where('org_id', '=', orgId).executeTakeFirst();
  if (owner?.kind === 'school') return [orgId];
  if (owner?.kind !== 'fruit') return [];
  const rows = await db.selectFrom('fruit_orders').select('school_org_id').distinct()
    .where('org_id', '=', orgId).where('member_user_id', '=', memberId).execute();
  return rows.map((r) => r.school_org_id);
}

/** One command on an activity, under its lock; `expectedVersion`: the version an operator's edit read (stale → 409). */
export function activityCommand(db: Kysely<Database>, orgId: string, command: ActivityCommand, meta: EventMeta, expectedVersion?: number) {
  const streamId = activityStream(orgId, command.activityId);
  return runDecisions(db, async (tx) => {
    await lockKey(tx, 'activity', streamId);
    return decideAndAppend(tx, { orgId, streamId, streamType: 'activity', decider: activityDecider, command, meta, expectedVersion });
  }, expectedVersion === undefined);
}
