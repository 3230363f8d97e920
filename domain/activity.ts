// Issue 34, activityList 活动管理: events a school or fruit org runs for its members (a nutrition week, an open-kitchen
// day). The rules, once: who may be in the audience, what an activity's terms must be, how seats are counted, who is
// confirmed and who waits, and when a member may sign up, cancel or be marked present. The decider
// (domain/aggregates/activity.ts) and the screens call these; nothing here reads a clock or a database.
import type { OrgKind } from './orgKind.ts';

export type ActivityStatus = 'draft' | 'published' | 'closed' | 'cancelled';
export type Attendance = 'present' | 'absent';
export type SignUpStatus = 'confirmed' | 'waiting';

export interface ActivityTerms {
  title: string;
  /** rich text, sanitised by the server on the way in and out (§5 tags) */
  description: string;
  place: string;
  /** ISO instants */
  startsAt: string;
  endsAt: string;
  /** no sign-up (nor a change of one) after this instant */
  signUpBy: string;
  /** seats in all */
  capacity: number;
  /** seats one member may take (a parent and a child: 2) */
  seatsPerMember: number;
  /** the schools whose members it is for (a school's own activity: the school) */
  audience: string[];
}

export interface SignUp {
  memberId: string;
  name: string;
  seats: number;
  /** the order of sign-ups in the activity: who came first waits first */
  seq: number;
  at: string;
  attendance?: Attendance | null;
}

export const ACTIVITY_LIMITS = { titleMax: 60, placeMax: 100, capacityMax: 10_000, seatsPerMemberMax: 10, audienceMax: 500, reasonMax: 200 } as const;

export const ACTIVITY_TEXT = {
  missing: '活动不存在',
  exists: '活动已存在',
  titleRequired: '活动名称不能为空',
  titleTooLong: `活动名称不能超过 ${ACTIVITY_LIMITS.titleMax} 个字`,
  placeTooLong: `活动地点不能超过 ${ACTIVITY_LIMITS.placeMax} 个字`,
  badTime: '活动时间格式不正确',
  endBeforeStart: '结束时间必须晚于开始时间',
  signUpAfterStart: '报名截止时间不能晚于活动开始时间',
  badCapacity: `名额须为 1 到 ${ACTIVITY_LIMITS.capacityMax} 的整数`,
  badSeatsPerMember: `每位会员可报人数须为 1 到 ${ACTIVITY_LIMITS.seatsPerMemberMax} 的整数`,
  audienceRequired: '请选择活动面向的学校',
  notServed: '只能面向本机构服务的学校',
  sandboxAudience: '体验机构的活动只面向本机构的体验会员',
  notDraft: '只有草稿状态的活动可以发布',
  notEditable: '活动已结束或已取消，不能再修改',
  deadlinePassed: '报名已截止',
  publishPastDeadline: '报名截止时间已过，不能发布',
  notOpen: '活动未在报名中',
  cancelled: '活动已取消',
  alreadySignedUp: '您已报名该活动',
  notSignedUp: '您尚未报名该活动',
  badSeats: '报名人数超出每位会员可报人数',
  capacityBelowConfirmed: '名额不能少于已确认的人数',
  notConfirmed: '只有已确认的报名可以签到',
  notYetDay: '活动当天才能签到',
} as const;

export type ActivityAction = 'publish' | 'close' | 'cancel';

/** What an operator may do with an activity in each state (the statechart's transitions, the decider's rule). */
export const ACTIVITY_ACTIONS: Readonly<Record<ActivityStatus, readonly ActivityAction[]>> = {
  draft: ['publish', 'cancel'], published: ['close', 'cancel'], closed: [], cancelled: [],
};

/** The refusal of an action the state does not allow. */
export const actionRefusalText: Record<ActivityAction, string> = {
  publish: ACTIVITY_TEXT.notDraft, close: ACTIVITY_TEXT.notOpen, cancel: ACTIVITY_TEXT.notEditable,
};

/** The audience an org of `kind` may name: a school its own; a fruit org schools it serves; a trial org none (its own practice members only). */
export function audienceProblem(kind: OrgKind | string, ownerOrgId: string, audience: readonly string[], servedSchools: readonly string[]): string | null {
  if (kind === 'trial') return audience.length ? ACTIVITY_TEXT.sandboxAudience : null;
  if (kind === 'school') return audience.length === 1 && audience[0] === ownerOrgId ? null : ACTIVITY_TEXT.notServed;
  if (!audience.length) return ACTIVITY_TEXT.audienceRequired;
  return audience.every((s) => servedSchools.includes(s)) ? null : ACTIVITY_TEXT.notServed;
}

/** The audience a school's activity gets when the form names none: the school itself. */
export const defaultAudience = (kind: OrgKind | string, ownerOrgId: string, audience: readonly string[]): string[] =>
  kind === 'school' && !audience.length ? [ownerOrgId] : [...new Set(audience)];

const isInt = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** What is wrong with an activity's terms, or null (the audience is audienceProblem's). */
export function activityTermsProblem(t: ActivityTerms): string | null {
  if (!t.title?.trim()) return ACTIVITY_TEXT.titleRequired;
  if (t.title.trim().length > ACTIVITY_LIMITS.titleMax) return ACTIVITY_TEXT.titleTooLong;
  if ((t.place ?? '').length > ACTIVITY_LIMITS.placeMax) return ACTIVITY_TEXT.placeTooLong;
  const [start, end, by] = [t.startsAt, t.endsAt, t.signUpBy].map((s) => Date.parse(s));
  if ([start, end, by].some((n) => Number.isNaN(n))) return ACTIVITY_TEXT.badTime;
  if (end! <= start!) return ACTIVITY_TEXT.endBeforeStart;
  if (by! > start!) return ACTIVITY_TEXT.signUpAfterStart;
  if (!isInt(t.capacity, 1, ACTIVITY_LIMITS.capacityMax)) return ACTIVITY_TEXT.badCapacity;
  if (!isInt(t.seatsPerMember, 1, ACTIVITY_LIMITS.seatsPerMemberMax)) return ACTIVITY_TEXT.badSeatsPerMember;
  return null;
}

/**
 * Who is confirmed and who waits: sign-ups in the order they came, each confirmed while its seats fit what the earlier
 * confirmed ones left; the first one that does not fit and everyone after it wait, in order (no one jumps the queue
 * with a smaller party).
 */
export function arrange<S extends Pick<SignUp, 'seats' | 'seq'>>(signUps: readonly S[], capacity: number): { confirmed: S[]; waiting: S[] } {
  const ordered = [...signUps].sort((a, b) => a.seq - b.seq);
  const confirmed: S[] = [];
  const waiting: S[] = [];
  let taken = 0;
  for (const s of ordered) {
    if (!waiting.length && taken + s.seats <= capacity) {
      confirmed.push(s);
      taken += s.seats;
    } else waiting.push(s);
  }
  return { confirmed, waiting };
}

/** Seats the confirmed sign-ups take. */
export const seatsTaken = (confirmed: readonly Pick<SignUp, 'seats'>[]) => confirmed.reduce((n, s) => n + s.seats, 0);

/** The sign-ups moved from waiting to confirmed between two arrangements (a cancel, a bigger capacity). */
export function promotedBetween<S extends Pick<SignUp, 'seq'>>(before: { waiting: readonly S[] }, after: { confirmed: readonly S[] }): S[] {
  const was = new Set(before.waiting.map((s) => s.seq));
  return after.confirmed.filter((s) => was.has(s.seq));
}

/** Why a member may not sign up now, or null. */
export function signUpProblem(a: { status: ActivityStatus; terms: Pick<ActivityTerms, 'signUpBy' | 'seatsPerMember'> }, already: boolean, seats: number, now: string): string | null {
  if (a.status === 'cancelled') return ACTIVITY_TEXT.cancelled;
  if (a.status !== 'published') return ACTIVITY_TEXT.notOpen;
  if (Date.parse(now) > Date.parse(a.terms.signUpBy)) return ACTIVITY_TEXT.deadlinePassed;
  if (already) return ACTIVITY_TEXT.alreadySignedUp;
  if (!isInt(seats, 1, a.terms.seatsPerMember)) return ACTIVITY_TEXT.badSeats;
  return null;
}

/** Why attendance may not be marked now, or null: a confirmed sign-up, from the activity's day (China time) on. */
export function attendanceProblem(a: { status: ActivityStatus; terms: Pick<ActivityTerms, 'startsAt'> }, status: SignUpStatus | null, today: string, startDay: string): string | null {
  if (a.status === 'cancelled') return ACTIVITY_TEXT.cancelled;
  if (a.status === 'draft') return ACTIVITY_TEXT.notOpen;
  if (status !== 'confirmed') return ACTIVITY_TEXT.notConfirmed;
  if (today < startDay) return ACTIVITY_TEXT.notYetDay;
  return null;
}

/** Whether an activity is meant for a member whose children go to `memberSchools` (an audience of none: the org's own members, a trial's). */
export const reachesMember = (audience: readonly string[], memberSchools: readonly string[]) =>
  audience.length === 0 || audience.some((s) => memberSchools.includes(s));
