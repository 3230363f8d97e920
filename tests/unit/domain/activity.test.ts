// Issue 34, activityList: the seat rules without a database (the decider: tests/unit/domain/aggregates/activity.test.ts).
import { describe, expect, it } from 'vitest';
import { ACTIVITY_TEXT, arrange, audienceProblem, promotedBetween, reachesMember, signUpProblem, type ActivityTerms } from '../../../domain/activity.ts';

const s = (seq: number, seats: number) => ({ memberId: `m${seq}`, name: `m${seq}`, seq, seats, at: '' });
const T0 = '2026-12-01T02:00:00.000Z';
const terms: ActivityTerms = {
  title: '开放厨房日', description: '', place: '食堂', startsAt: '2026-12-10T02:00:00.000Z', endsAt: '2026-12-10T04:00:00.000Z', signUpBy: '2026-12-08T02:00:00.000Z',
  capacity: 3, seatsPerMember: 2, audience: ['school-a'],
};
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
