// Issue 34, activityList: the seat rules and the activity decider without a database.
import { describe, expect, it } from 'vitest';
import { ACTIVITY_TEXT, arrange, audienceProblem, promotedBetween, reachesMember, signUpProblem, type ActivityTerms } from '../../../domain/activity.ts';
import { activityDecider, placeOf, type ActivityCommand, type ActivityState } from '../../../domain/aggregates/activity.ts';
import { isRefusal } from '../../../domain/decider.ts';

const s = (seq: number, seats: number) => ({ memberId: `m${seq}`, name: `m${seq}`, seq, seats, at: '' });
const T0 = '2026-12-01T02:00:00.000Z';
const terms: ActivityTerms = {
  title: '开放厨房日', description: '', place: '食堂', startsAt: '2026-12-10T02:00:00.000Z', endsAt: '2026-12-10T04:00:00.000Z', signUpBy: '2026-12-08T02:00:00.000Z',
  capacity: 3, seatsPerMember: 2, audience: ['school-a'],
};
const owner = { orgId: 'fruit', kind: 'fruit', servedSchools: ['school-a', 'school-b'] };

function run(commands: ActivityCommand[]): ActivityState {
  let state = activityDecider.initialState();
  for (const c of commands) {
    const d = activityDecider.decide(c, state);
    if (isRefusal(d)) throw new Error(d.message);
    state = d.reduce(activityDecider.evolve, state);
  }
  return state;
}
const open: ActivityCommand[] = [{ type: 'CreateActivity', activityId: 'a', terms, owner }, { type: 'PublishActivity', activityId: 'a', now: T0 }];
const join = (n: number, seats = 1): ActivityCommand => ({ type: 'SignUpActivity', activityId: 'a', memberId: `m${n}`, name: `m${n}`, seats, now: T0 });

describe('seats', () => {
  it('confirms in order while seats fit; the first that does not fit and everyone after wait (no one jumps the queue)', () => {
    const { confirmed, waiting } = arrange([s(1, 2), s(2, 2), s(3, 1)], 3);
    expect(confirmed.map((x) => x.seq)).toEqual([1]);
    expect(waiting.map((x) => x.seq)).toEqual([2, 3]);
    expect(promotedBetween(arrange([s(1, 2), s(2, 2), s(3, 1)], 3), arrange([s(2, 2), s(3, 1)], 3)).map((x) => x.seq)).toEqual([2, 3]);
  });

  it('the audience: a school its own, a fruit org served schools, a trial none', () => {
    expect(audienceProblem('school', 's', ['s'], [])).toBeNull();
    expect(audienceProblem('school', 's', ['t'], [])).toBe(ACTIVITY_TEXT.notServed);
    expect(audienceProblem('fruit', 'f', ['school-c'], ['school-a'])).toBe(ACTIVITY_TEXT.notServed);
    expect(audienceProblem('fruit', 'f', [], ['school-a'])).toBe(ACTIVITY_TEXT.audienceRequired);
    expect(audienceProblem('trial', 't', ['school-a'], [])).toBe(ACTIVITY_TEXT.sandboxAudience);
    expect(reachesMember(['school-a'], ['school-b'])).toBe(false);
    expect(reachesMember([], [])).toBe(true);
  });

  it('no sign-up after the deadline, when cancelled, twice, or for more seats than allowed', () => {
    const a = { status: 'published' as const, terms };
    expect(signUpProblem(a, false, 1, '2026-12-08T02:00:01.000Z')).toBe(ACTIVITY_TEXT.deadlinePassed);
    expect(signUpProblem({ ...a, status: 'cancelled' }, false, 1, T0)).toBe(ACTIVITY_TEXT.cancelled);
    expect(signUpProblem(a, true, 1, T0)).toBe(ACTIVITY_TEXT.alreadySignedUp);
    expect(signUpProblem(a, false, 3, T0)).toBe(ACTIVITY_TEXT.badSeats);
    expect(signUpProblem(a, false, 2, T0)).toBeNull();
  });
});

describe('the activity decider', () => {
  it('a cancel promotes the first waiting sign-up whose seats now fit', () => {
    const state = run([...open, join(1, 2), join(2, 1), join(3, 2)]);
    expect([placeOf(state, 'm1'), placeOf(state, 'm2'), placeOf(state, 'm3')]).toEqual([
      { status: 'confirmed', waitingNo: null }, { status: 'confirmed', waitingNo: null }, { status: 'waiting', waitingNo: 1 },
    ]);
    const d = activityDecider.decide({ type: 'CancelSignUp', activityId: 'a', memberId: 'm1' }, state);
    expect(isRefusal(d) ? d : d.map((e) => e.type)).toEqual(['ActivitySignUpCancelled', 'ActivitySignUpPromoted']);
    expect(placeOf(run([...open, join(1, 2), join(2, 1), join(3, 2), { type: 'CancelSignUp', activityId: 'a', memberId: 'm1' }]), 'm3')).toEqual({ status: 'confirmed', waitingNo: null });
  });

  it('a capacity below the confirmed seats is refused; a bigger one lets the waiting in', () => {
    const state = run([...open, join(1, 2), join(2, 2)]);
    const lower = activityDecider.decide({ type: 'UpdateActivity', activityId: 'a', terms: { ...terms, capacity: 1 }, owner }, state);
    expect(isRefusal(lower) && lower.message).toBe(ACTIVITY_TEXT.capacityBelowConfirmed);
    const bigger = activityDecider.decide({ type: 'UpdateActivity', activityId: 'a', terms: { ...terms, capacity: 4 }, owner }, state);
    expect(isRefusal(bigger) ? bigger : bigger.map((e) => e.type)).toEqual(['ActivityUpdated', 'ActivitySignUpPromoted']);
  });

  it('only a draft publishes; a closed or cancelled one changes no more; attendance from the day on, confirmed only', () => {
    const state = run([...open, join(1, 2), join(2, 2)]);
    const again = activityDecider.decide({ type: 'PublishActivity', activityId: 'a', now: T0 }, state);
    expect(isRefusal(again) && again.message).toBe(ACTIVITY_TEXT.notDraft);
    const mark = (memberId: string, today: string) => activityDecider.decide({ type: 'MarkAttendance', activityId: 'a', memberId, attendance: 'present', today, startDay: '2026-12-10' }, state);
    expect((mark('m1', '2026-12-09') as { message: string }).message).toBe(ACTIVITY_TEXT.notYetDay);
    expect((mark('m2', '2026-12-10') as { message: string }).message).toBe(ACTIVITY_TEXT.notConfirmed);
    expect(isRefusal(mark('m1', '2026-12-10'))).toBe(false);
    const cancelled = run([...open, { type: 'CancelActivity', activityId: 'a', reason: '下雨' }]);
    const edit = activityDecider.decide({ type: 'UpdateActivity', activityId: 'a', terms, owner }, cancelled);
    expect(isRefusal(edit) && edit.message).toBe(ACTIVITY_TEXT.notEditable);
  });
});
