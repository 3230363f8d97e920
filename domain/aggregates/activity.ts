// Issue 34, activityList: one activity and its sign-ups on one stream, so capacity is decided on the whole list at the
// stream's version (the server also takes the activity's lock, so parallel sign-ups queue instead of retrying).
// draft → published → closed | cancelled (machines/activity.machine.ts draws it); the seat rules are domain/activity.ts.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import {
  ACTIVITY_ACTIONS, ACTIVITY_TEXT, actionRefusalText, activityTermsProblem, arrange, attendanceProblem, audienceProblem, promotedBetween, seatsTaken, signUpProblem,
  type ActivityAction, type ActivityStatus, type ActivityTerms, type Attendance, type SignUp, type SignUpStatus,
} from '../activity.ts';

/** The org the activity is for, as the server read it (never what a client sent). */
export interface ActivityOwner { orgId: string; kind: string; servedSchools: string[] }

export interface ActivityState { status: ActivityStatus | null; terms: ActivityTerms | null; signUps: SignUp[]; nextSeq: number }

export interface ActivitySaved { activityId: string; terms: ActivityTerms }
export interface ActivitySignedUp { activityId: string; memberId: string; name: string; seats: number; seq: number; at: string; status: SignUpStatus }
export interface ActivityMemberEvent { activityId: string; memberId: string }
export interface ActivityCancelled { activityId: string; reason: string; memberIds: string[] }
export interface ActivityAttendanceMarked { activityId: string; memberId: string; attendance: Attendance | null }

export type ActivityEvent =
  | DomainEvent<'ActivityCreated', ActivitySaved>
  | DomainEvent<'ActivityUpdated', ActivitySaved>
  | DomainEvent<'ActivityPublished', { activityId: string }>
  | DomainEvent<'ActivityClosed', { activityId: string }>
  | DomainEvent<'ActivityCancelled', ActivityCancelled>
  | DomainEvent<'ActivitySignedUp', ActivitySignedUp>
  | DomainEvent<'ActivitySignUpCancelled', ActivityMemberEvent>
  | DomainEvent<'ActivitySignUpPromoted', ActivityMemberEvent>
  | DomainEvent<'ActivityAttendanceMarked', ActivityAttendanceMarked>;

export type ActivityCommand =
  | { type: 'CreateActivity'; activityId: string; terms: ActivityTerms; owner: ActivityOwner }
  | { type: 'UpdateActivity'; activityId: string; terms: ActivityTerms; owner: ActivityOwner }
  | { type: 'PublishActivity'; activityId: string; now: string }
  | { type: 'CloseActivity'; activityId: string }
  | { type: 'CancelActivity'; activityId: string; reason: string }
  | { type: 'SignUpActivity'; activityId: string; memberId: string; name: string; seats: number; now: string }
  | { type: 'CancelSignUp'; activityId: string; memberId: string }
  | { type: 'MarkAttendance'; activityId: string; memberId: string; attendance: Attendance | null; today: string; startDay: string };

export const activityStream = (orgId: string, activityId: string) => `activity-${orgId}-${activityId}`;

/** The sign-up's place: confirmed, or waiting with its number in the queue (1 = next in). */
export function placeOf(state: Pick<ActivityState, 'signUps' | 'terms'>, memberId: string): { status: SignUpStatus; waitingNo: number | null } | null {
  const { confirmed, waiting } = arrange(state.signUps, state.terms?.capacity ?? 0);
  if (confirmed.some((s) => s.memberId === memberId)) return { status: 'confirmed', waitingNo: null };
  const i = waiting.findIndex((s) => s.memberId === memberId);
  return i < 0 ? null : { status: 'waiting', waitingNo: i + 1 };
}

function checkTerms(terms: ActivityTerms, owner: ActivityOwner) {
  return activityTermsProblem(terms) ?? audienceProblem(owner.kind, owner.orgId, terms.audience, owner.servedSchools);
}

const clean = (t: ActivityTerms): ActivityTerms => ({ ...t, title: t.title.trim(), place: (t.place ?? '').trim(), audience: [...new Set(t.audience)] });

const promotions = (activityId: string, before: SignUp[], after: SignUp[], capacityBefore: number, capacityAfter: number): ActivityEvent[] =>
  promotedBetween(arrange(before, capacityBefore), arrange(after, capacityAfter))
    .map((s) => ({ type: 'ActivitySignUpPromoted', data: { activityId, memberId: s.memberId } }));

export const activityDecider: Decider<ActivityCommand, ActivityState, ActivityEvent> = {
  initialState: () => ({ status: null, terms: null, signUps: [], nextSeq: 1 }),
  decide(command, state) {
    const id = command.activityId;
    if (command.type === 'CreateActivity') {
      if (state.status) return refuse('conflict', ACTIVITY_TEXT.exists);
      const problem = checkTerms(command.terms, command.owner);
      return problem ? refuse('invalid', problem) : [{ type: 'ActivityCreated', data: { activityId: id, terms: clean(command.terms) } }];
    }
    if (!state.status || !state.terms) return refuse('notFound', ACTIVITY_TEXT.missing);
    const terms = state.terms;
    const status = state.status;
    const may = (action: ActivityAction) => ACTIVITY_ACTIONS[status].includes(action);
    const mine = state.signUps.find((s) => s.memberId === ('memberId' in command ? command.memberId : ''));
    switch (command.type) {
      case 'UpdateActivity': {
        if (state.status === 'closed' || state.status === 'cancelled') return refuse('conflict', ACTIVITY_TEXT.notEditable);
        const problem = checkTerms(command.terms, command.owner);
        if (problem) return refuse('invalid', problem);
        const next = clean(command.terms);
        if (next.capacity < seatsTaken(arrange(state.signUps, terms.capacity).confirmed)) return refuse('invalid', ACTIVITY_TEXT.capacityBelowConfirmed);
        return [{ type: 'ActivityUpdated', data: { activityId: id, terms: next } }, ...promotions(id, state.signUps, state.signUps, terms.capacity, next.capacity)];
      }
      case 'PublishActivity':
        if (!may('publish')) return refuse('conflict', actionRefusalText.publish);
        if (Date.parse(command.now) > Date.parse(terms.signUpBy)) return refuse('invalid', ACTIVITY_TEXT.publishPastDeadline);
        return [{ type: 'ActivityPublished', data: { activityId: id } }];
      case 'CloseActivity':
        if (!may('close')) return refuse('conflict', actionRefusalText.close);
        return [{ type: 'ActivityClosed', data: { activityId: id } }];
      case 'CancelActivity':
        if (!may('cancel')) return refuse('conflict', state.status === 'cancelled' ? ACTIVITY_TEXT.cancelled : actionRefusalText.cancel);
        return [{ type: 'ActivityCancelled', data: { activityId: id, reason: command.reason.trim().slice(0, 200), memberIds: state.signUps.map((s) => s.memberId) } }];
      case 'SignUpActivity': {
        const problem = signUpProblem({ status: state.status, terms }, !!mine, command.seats, command.now);
        if (problem) return refuse(problem === ACTIVITY_TEXT.badSeats ? 'invalid' : 'conflict', problem);
        const signUp: SignUp = { memberId: command.memberId, name: command.name, seats: command.seats, seq: state.nextSeq, at: command.now };
        const status = placeOfSignUps([...state.signUps, signUp], terms.capacity, command.memberId);
        return [{ type: 'ActivitySignedUp', data: { activityId: id, ...signUp, status } }];
      }
      case 'CancelSignUp': {
        if (!mine) return refuse('notFound', ACTIVITY_TEXT.notSignedUp);
        if (state.status === 'cancelled') return refuse('conflict', ACTIVITY_TEXT.cancelled);
        const rest = state.signUps.filter((s) => s !== mine);
        return [{ type: 'ActivitySignUpCancelled', data: { activityId: id, memberId: mine.memberId } }, ...promotions(id, state.signUps, rest, terms.capacity, terms.capacity)];
      }
      case 'MarkAttendance': {
        if (!mine) return refuse('notFound', ACTIVITY_TEXT.notSignedUp);
        const problem = attendanceProblem({ status: state.status, terms }, placeOf(state, mine.memberId)?.status ?? null, command.today, command.startDay);
        if (problem) return refuse('conflict', problem);
        if ((mine.attendance ?? null) === command.attendance) return [];
        return [{ type: 'ActivityAttendanceMarked', data: { activityId: id, memberId: mine.memberId, attendance: command.attendance } }];
      }
    }
  },
  evolve(state, event) {
    const d = event.data;
    switch (event.type) {
      case 'ActivityCreated': return { ...state, status: 'draft', terms: event.data.terms };
      case 'ActivityUpdated': return { ...state, terms: event.data.terms };
      case 'ActivityPublished': return { ...state, status: 'published' };
      case 'ActivityClosed': return { ...state, status: 'closed' };
      case 'ActivityCancelled': return { ...state, status: 'cancelled' };
      case 'ActivitySignedUp': {
        const { activityId: _, status: __, ...signUp } = event.data;
        return { ...state, signUps: [...state.signUps, signUp], nextSeq: Math.max(state.nextSeq, signUp.seq + 1) };
      }
      case 'ActivitySignUpCancelled': return { ...state, signUps: state.signUps.filter((s) => s.memberId !== (d as ActivityMemberEvent).memberId) };
      case 'ActivitySignUpPromoted': return state;
      case 'ActivityAttendanceMarked': {
        const m = event.data;
        return { ...state, signUps: state.signUps.map((s) => (s.memberId === m.memberId ? { ...s, attendance: m.attendance } : s)) };
      }
    }
  },
};

function placeOfSignUps(signUps: SignUp[], capacity: number, memberId: string): SignUpStatus {
  return arrange(signUps, capacity).confirmed.some((s) => s.memberId === memberId) ? 'confirmed' : 'waiting';
}
