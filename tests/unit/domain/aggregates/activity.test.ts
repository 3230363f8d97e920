// Issue 34, activityList: the activity decider, given past events, when a command, then the events or a refusal.
import { describe, expect, it } from 'vitest';
import { ACTIVITY_TEXT, type ActivityTerms } from '../../../../domain/activity.ts';
import { activityDecider, placeOf, type ActivityEvent } from '../../../../domain/aggregates/activity.ts';
import { given } from '../../../support/decider.ts';

const T0 = '2026-12-01T02:00:00.000Z';
const terms: ActivityTerms = {
  title: '开放厨房日', description: '', place: '食堂', startsAt: '2026-12-10T02:00:00.000Z', endsAt: '2026-12-10T04:00:00.000Z', signUpBy: '2026-12-08T02:00:00.000Z',
  capacity: 3, seatsPerMember: 2, audience: ['school-a'],
};
const owner = { orgId: 'fruit', kind: 'fruit', servedSchools: ['school-a', 'school-b'] };

const created: ActivityEvent = { type: 'ActivityCreated', data: { activityId: 'a', terms } };
const published: ActivityEvent = { type: 'ActivityPublished', data: { activityId: 'a' } };
const signedUp = (n: number, seats: number, status: 'confirmed' | 'waiting'): ActivityEvent =>
  ({ type: 'ActivitySignedUp', data: { activityId: 'a', memberId: `m${n}`, name: `m${n}`, seats, seq: n, at: T0, status } });
const signUp = (n: number, seats = 1) => ({ type: 'SignUpActivity', activityId: 'a', memberId: `m${n}`, name: `m${n}`, seats, now: T0 } as const);
const promoted = (n: number): ActivityEvent => ({ type: 'ActivitySignUpPromoted', data: { activityId: 'a', memberId: `m${n}` } });

describe('the activity decider', () => {
  it('creates a draft with its terms cleaned, and refuses a second create or an audience the owner does not serve', () => {
    given(activityDecider).when({ type: 'CreateActivity', activityId: 'a', terms: { ...terms, title: ' 开放厨房日 ' }, owner }).then([created]);
    given(activityDecider, [created]).when({ type: 'CreateActivity', activityId: 'a', terms, owner }).thenRefused('conflict', ACTIVITY_TEXT.exists);
    given(activityDecider).when({ type: 'CreateActivity', activityId: 'a', terms: { ...terms, audience: ['school-c'] }, owner }).thenRefused('invalid', ACTIVITY_TEXT.notServed);
  });

  it('a sign-up is confirmed while seats fit and waits after; the same member twice is refused', () => {
    given(activityDecider, [created, published]).when(signUp(1, 2)).then([signedUp(1, 2, 'confirmed')]);
    given(activityDecider, [created, published, signedUp(1, 2, 'confirmed')]).when(signUp(2, 2)).then([signedUp(2, 2, 'waiting')]);
    given(activityDecider, [created, published, signedUp(1, 2, 'confirmed')]).when(signUp(1, 1)).thenRefused('conflict', ACTIVITY_TEXT.alreadySignedUp);
    given(activityDecider, [created]).when(signUp(1)).thenRefused('conflict');
  });

  it('a cancel promotes the first waiting sign-up whose seats now fit', () => {
    const past = [created, published, signedUp(1, 2, 'confirmed'), signedUp(2, 1, 'confirmed'), signedUp(3, 2, 'waiting')];
    const when = given(activityDecider, past).when({ type: 'CancelSignUp', activityId: 'a', memberId: 'm1' });
    when.then([{ type: 'ActivitySignUpCancelled', data: { activityId: 'a', memberId: 'm1' } }, promoted(3)]);
    expect(placeOf(when.state(), 'm3')).toEqual({ status: 'confirmed', waitingNo: null });
  });

  it('a capacity below the confirmed seats is refused; a bigger one lets the waiting in', () => {
    const past = [created, published, signedUp(1, 2, 'confirmed'), signedUp(2, 2, 'waiting')];
    given(activityDecider, past).when({ type: 'UpdateActivity', activityId: 'a', terms: { ...terms, capacity: 1 }, owner }).thenRefused('invalid', ACTIVITY_TEXT.capacityBelowConfirmed);
    given(activityDecider, past).when({ type: 'UpdateActivity', activityId: 'a', terms: { ...terms, capacity: 4 }, owner })
      .then([{ type: 'ActivityUpdated', data: { activityId: 'a', terms: { ...terms, capacity: 4 } } }, promoted(2)]);
  });

  it('only a draft publishes; a cancelled one is not edited; attendance from the day on, confirmed only', () => {
    const past = [created, published, signedUp(1, 2, 'confirmed'), signedUp(2, 2, 'waiting')];
    given(activityDecider, past).when({ type: 'PublishActivity', activityId: 'a', now: T0 }).thenRefused('conflict', ACTIVITY_TEXT.notDraft);
    const mark = (memberId: string, today: string) => ({ type: 'MarkAttendance', activityId: 'a', memberId, attendance: 'present', today, startDay: '2026-12-10' } as const);
    given(activityDecider, past).when(mark('m1', '2026-12-09')).thenRefused('conflict', ACTIVITY_TEXT.notYetDay);
    given(activityDecider, past).when(mark('m2', '2026-12-10')).thenRefused('conflict', ACTIVITY_TEXT.notConfirmed);
    given(activityDecider, past).when(mark('m1', '2026-12-10')).then([{ type: 'ActivityAttendanceMarked', data: { activityId: 'a', memberId: 'm1', attendance: 'present' } }]);
    const cancelled: ActivityEvent = { type: 'ActivityCancelled', data: { activityId: 'a', reason: '下雨', memberIds: [] } };
    given(activityDecider, [created, published, cancelled]).when({ type: 'UpdateActivity', activityId: 'a', terms, owner }).thenRefused('conflict', ACTIVITY_TEXT.notEditable);
  });
});
