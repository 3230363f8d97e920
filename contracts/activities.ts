// Issue 34, activityList 活动管理: events a school or fruit org runs for its members. Two callers:
// - the org's staff (activityList; the org must be one that sells to members): create and edit (version + 409), publish,
//   close, cancel, the sign-up list with confirmed and waiting, attendance on the day;
// - a member on the storefront (header `membertoken`): the published activities meant for his child's school, and his
//   own sign-ups: sign up (confirmed, or a waiting-list number), cancel.
// The rules are domain/activity.ts's; decisions are domain/aggregates/activity.ts's.
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { Id, Instant, List, Version } from './common.ts';
import { ACTIVITY_LIMITS } from '../domain/activity.ts';
import { RICH_TEXT_MAX } from '../domain/richText.ts';

const tags = ['activities'];
const ActivityStatus = Type.Union([Type.Literal('draft'), Type.Literal('published'), Type.Literal('closed'), Type.Literal('cancelled')]);
const SignUpStatus = Type.Union([Type.Literal('confirmed'), Type.Literal('waiting')]);
const Attendance = Type.Union([Type.Literal('present'), Type.Literal('absent'), Type.Null()]);

export const ActivityInput = Type.Object({
  title: Type.String({ minLength: 1, maxLength: ACTIVITY_LIMITS.titleMax }),
  description: Type.Optional(Type.String({ maxLength: RICH_TEXT_MAX })),
  place: Type.Optional(Type.String({ maxLength: ACTIVITY_LIMITS.placeMax })),
  startsAt: Instant, endsAt: Instant, signUpBy: Instant,
  capacity: Type.Integer({ minimum: 1, maximum: ACTIVITY_LIMITS.capacityMax }),
  seatsPerMember: Type.Optional(Type.Integer({ minimum: 1, maximum: ACTIVITY_LIMITS.seatsPerMemberMax })),
  /** school org ids (a school's own activity: empty or the school) */
  audience: Type.Optional(Type.Array(Id, { maxItems: ACTIVITY_LIMITS.audienceMax })),
  version: Type.Optional(Version),
}, { additionalProperties: false });
export type ActivityInput = Static<typeof ActivityInput>;

const ActivityCore = {
  id: Type.String(), title: Type.String(), description: Type.String(), place: Type.String(),
  startsAt: Type.String(), endsAt: Type.String(), signUpBy: Type.String(), capacity: Type.Integer(), seatsPerMember: Type.Integer(),
  status: ActivityStatus, cancelReason: Type.String(),
  /** seats the confirmed sign-ups take, and how many wait */
  confirmedSeats: Type.Integer(), waiting: Type.Integer(),
};

export const ActivityRow = Type.Object({
  ...ActivityCore,
  audience: Type.Array(Type.Object({ orgId: Type.String(), name: Type.String() })),
  createdAt: Type.String(), version: Type.Integer(),
});
export type ActivityRow = Static<typeof ActivityRow>;

export const SignUpRow = Type.Object({
  memberId: Type.String(), name: Type.String(), phone: Type.String(), seats: Type.Integer(), status: SignUpStatus,
  /** 1 = the next one in when a seat frees */
  waitingNo: Type.Union([Type.Integer(), Type.Null()]),
  attendance: Attendance, signedUpAt: Type.String(),
});
export type SignUpRow = Static<typeof SignUpRow>;

const ActivityParams = Type.Object({ id: Id });

export const listActivities = endpoint({
  method: 'GET', path: '/v1/activities', tags, response: List(ActivityRow),
  summary: "The org's activities, soonest first, with seats taken and the waiting list's length",
});
export const activityAudience = endpoint({
  method: 'GET', path: '/v1/activities/audience', tags, response: Type.Array(Type.Object({ orgId: Type.String(), name: Type.String() })),
  summary: 'The schools the org may name as an activity\'s audience: a school itself, a fruit org the schools it serves, a trial org none',
});
export const createActivity = endpoint({
  method: 'POST', path: '/v1/activities', tags, body: ActivityInput, response: ActivityRow,
  summary: 'A new activity, as a draft members do not see yet (description: rich text, sanitised)',
});
export const updateActivity = endpoint({
  method: 'PUT', path: '/v1/activities/{id}', tags, params: ActivityParams, body: ActivityInput, response: ActivityRow,
  summary: 'Change a draft or published activity (`version` or If-Match: the version read; stale → 409). A bigger capacity lets the waiting in',
});
export const ActivityActionInput = Type.Object({
  action: Type.Union([Type.Literal('publish'), Type.Literal('close'), Type.Literal('cancel')]),
  reason: Type.Optional(Type.String({ maxLength: ACTIVITY_LIMITS.reasonMax })),
  version: Type.Optional(Version),
}, { additionalProperties: false });
export const actOnActivity = endpoint({
  method: 'POST', path: '/v1/activities/{id}/state', tags, params: ActivityParams, body: ActivityActionInput, response: ActivityRow,
  summary: 'Publish a draft, close sign-ups, or cancel (the signed-up members see it cancelled with the reason). `version`: stale → 409',
});
export const listSignUps = endpoint({
  method: 'GET', path: '/v1/activities/{id}/signups', tags, params: ActivityParams, response: List(SignUpRow),
  summary: 'Who signed up: confirmed first, then the waiting list in order, with attendance',
});
export const markAttendance = endpoint({
  method: 'PUT', path: '/v1/activities/{id}/signups/{memberId}', tags, params: Type.Object({ id: Id, memberId: Id }),
  body: Type.Object({ attendance: Attendance }, { additionalProperties: false }), response: SignUpRow,
  summary: 'Mark a confirmed sign-up present or absent (or unmark), from the activity\'s day on',
});

// ---- the member on the storefront

export const MemberActivity = Type.Object({
  ...ActivityCore,
  /** his sign-up, if any */
  mine: Type.Union([Type.Object({ seats: Type.Integer(), status: SignUpStatus, waitingNo: Type.Union([Type.Integer(), Type.Null()]) }), Type.Null()]),
});
export type MemberActivity = Static<typeof MemberActivity>;

export const memberActivities = endpoint({
  method: 'GET', path: '/v1/storefront/activities', tags, response: List(MemberActivity),
  summary: "The published activities for his child's school, and those he signed up for (also when closed or cancelled)",
});
export const memberSignUp = endpoint({
  method: 'POST', path: '/v1/storefront/activities/{id}/signup', tags, params: ActivityParams,
  body: Type.Object({ seats: Type.Optional(Type.Integer({ minimum: 1, maximum: ACTIVITY_LIMITS.seatsPerMemberMax })) }, { additionalProperties: false }),
  response: MemberActivity,
  summary: 'Sign up before the deadline: confirmed while seats last, else a place on the waiting list',
});
export const memberCancelSignUp = endpoint({
  method: 'POST', path: '/v1/storefront/activities/{id}/cancel', tags, params: ActivityParams, response: MemberActivity,
  summary: 'Cancel his sign-up: the first on the waiting list whose seats fit takes the place',
});
