// Issue 34, activityList: activities and sign-ups as the staff and the members read them. The description is
// sanitised again on the way out (§5), whatever the row holds.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { withStreamVersions } from '../../store/versions.ts';
import { sanitiseRichText } from '../../http/richText.ts';
import { arrange } from '../../../domain/activity.ts';
import { activityStream } from '../../../domain/aggregates/activity.ts';
import type { ActivityRow, SignUpRow } from '../../../contracts/activities.ts';

type Activity = Selectable<Database['activities']>;
type Counted = Activity & { confirmed_seats: string | number | null; waiting: string | number | null };
const iso = (t: Date | string) => new Date(t).toISOString();

/** The org's activities (`ids`: only those), with seats taken and the waiting list's length. */
export async function activitiesOf(db: Kysely<Database>, orgId: string, ids?: string[]): Promise<Counted[]> {
  if (ids && !ids.length) return [];
  let q = db.selectFrom('activities as a').selectAll('a')
    .select((eb) => [
      eb.selectFrom('activity_signups as s').select(sql<string>`coalesce(sum(s.seats), 0)`.as('n'))
        .whereRef('s.org_id', '=', 'a.org_id').whereRef('s.activity_id', '=', 'a.activity_id').where('s.status', '=', 'confirmed').as('confirmed_seats'),
      eb.selectFrom('activity_signups as s').select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('s.org_id', '=', 'a.org_id').whereRef('s.activity_id', '=', 'a.activity_id').where('s.status', '=', 'waiting').as('waiting'),
    ])
    .where('a.org_id', '=', orgId);
  if (ids) q = q.where('a.activity_id', 'in', ids);
  return q.orderBy('a.starts_at').orderBy('a.created_at').limit(500).execute();
}

/** The fields staff and members both read. */
export function coreOf(a: Counted) {
  return {
    id: a.activity_id, title: a.title, description: sanitiseRichText(a.description), place: a.place,
    startsAt: iso(a.starts_at), endsAt: iso(a.ends_at), signUpBy: iso(a.sign_up_by), capacity: a.capacity, seatsPerMember: a.seats_per_member,
    status: a.status as ActivityRow['status'], cancelReason: a.cancel_reason, confirmedSeats: Number(a.confirmed_seats ?? 0), waiting: Number(a.waiting ?? 0),
  };
}

/** Staff rows: with the audience's school names and the stream version an edit sends back. */
export async function activityRows(db: Kysely<Database>, orgId: string, ids?: string[]): Promise<ActivityRow[]> {
  const rows = await activitiesOf(db, orgId, ids);
  const schoolIds = [...new Set(rows.flatMap((r) => r.audience as string[]))];
  const names = new Map((schoolIds.length ? await db.selectFrom('orgs').select(['org_id', 'name']).where('org_id', 'in', schoolIds).execute() : []).map((o) => [o.org_id, o.name]));
  const views = rows.map((a) => ({
    ...coreOf(a), audience: (a.audience as string[]).map((id) => ({ orgId: id, name: names.get(id) ?? id })), createdAt: iso(a.created_at),
  }));
  return withStreamVersions(db, views, (v) => ({ orgId, streamId: activityStream(orgId, v.id) }));
}

/** Who signed up: confirmed first, then the waiting list in its order (its numbers), each with his phone. */
export async function signUpRows(db: Kysely<Database>, orgId: string, activityId: string, capacity: number): Promise<SignUpRow[]> {
  const rows = await db.selectFrom('activity_signups as s')
    .leftJoin('product_members as m', (j) => j.onRef('m.org_id', '=', 's.org_id').onRef('m.user_id', '=', 's.member_id'))
    .select(['s.member_id', 's.name', 's.seats', 's.seq', 's.status', 's.attendance', 's.signed_up_at', 'm.phone_number'])
    .where('s.org_id', '=', orgId).where('s.activity_id', '=', activityId).orderBy('s.seq').execute();
  const { confirmed, waiting } = arrange(rows, capacity);
  const row = (r: (typeof rows)[number], waitingNo: number | null): SignUpRow => ({
    memberId: r.member_id, name: r.name, phone: r.phone_number ?? '', seats: r.seats, status: waitingNo === null ? 'confirmed' : 'waiting', waitingNo,
    attendance: (r.attendance as SignUpRow['attendance']) ?? null, signedUpAt: iso(r.signed_up_at),
  });
  return [...confirmed.map((r) => row(r, null)), ...waiting.map((r, i) => row(r, i + 1))];
}
