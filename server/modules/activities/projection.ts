// Issue 34, activityList: activities and their sign-ups, projected from the activity streams.
import { defineProjection } from '../../store/projections.ts';
import type { Tx } from '../../store/eventStore.ts';
import type {
  ActivityAttendanceMarked, ActivityCancelled, ActivityMemberEvent, ActivitySaved, ActivitySignedUp,
} from '../../../domain/aggregates/activity.ts';

type E<T> = { data: T; orgId: string; meta: { time: string } };

const termsColumns = (t: ActivitySaved['terms']) => ({
  title: t.title, description: t.description ?? '', place: t.place ?? '', starts_at: t.startsAt, ends_at: t.endsAt, sign_up_by: t.signUpBy,
  capacity: t.capacity, seats_per_member: t.seatsPerMember, audience: JSON.stringify(t.audience),
});

const setStatus = (tx: Tx, orgId: string, activityId: string, status: string, time: string, extra: { cancel_reason?: string } = {}) =>
  tx.updateTable('activities').set({ status, updated_at: time, ...extra }).where('org_id', '=', orgId).where('activity_id', '=', activityId).execute().then(() => undefined);

const signUp = (tx: Tx, orgId: string, d: ActivityMemberEvent) =>
  tx.updateTable('activity_signups').where('org_id', '=', orgId).where('activity_id', '=', d.activityId).where('member_id', '=', d.memberId);

defineProjection({
  ActivityCreated: async (tx, { data, orgId, meta }: E<ActivitySaved>) => {
    await tx.insertInto('activities').values({
      org_id: orgId, activity_id: data.activityId, ...termsColumns(data.terms), status: 'draft', cancel_reason: '', created_at: meta.time, updated_at: meta.time,
    }).execute();
  },
  ActivityUpdated: async (tx, { data, orgId, meta }: E<ActivitySaved>) => {
    await tx.updateTable('activities').set({ ...termsColumns(data.terms), updated_at: meta.time }).where('org_id', '=', orgId).where('activity_id', '=', data.activityId).execute();
  },
  ActivityPublished: (tx, { data, orgId, meta }: E<{ activityId: string }>) => setStatus(tx, orgId, data.activityId, 'published', meta.time),
  ActivityClosed: (tx, { data, orgId, meta }: E<{ activityId: string }>) => setStatus(tx, orgId, data.activityId, 'closed', meta.time),
  ActivityCancelled: (tx, { data, orgId, meta }: E<ActivityCancelled>) => setStatus(tx, orgId, data.activityId, 'cancelled', meta.time, { cancel_reason: data.reason }),
  ActivitySignedUp: async (tx, { data, orgId }: E<ActivitySignedUp>) => {
    await tx.insertInto('activity_signups').values({
      org_id: orgId, activity_id: data.activityId, member_id: data.memberId, name: data.name, seats: data.seats, seq: data.seq, status: data.status,
      attendance: null, signed_up_at: data.at,
    }).execute();
  },
  ActivitySignUpCancelled: async (tx, { data, orgId }: E<ActivityMemberEvent>) => {
    await tx.deleteFrom('activity_signups').where('org_id', '=', orgId).where('activity_id', '=', data.activityId).where('member_id', '=', data.memberId).execute();
  },
  ActivitySignUpPromoted: async (tx, { data, orgId }: E<ActivityMemberEvent>) => {
    await signUp(tx, orgId, data).set({ status: 'confirmed' }).execute();
  },
  ActivityAttendanceMarked: async (tx, { data, orgId }: E<ActivityAttendanceMarked>) => {
    await signUp(tx, orgId, data).set({ attendance: data.attendance }).execute();
  },
});
