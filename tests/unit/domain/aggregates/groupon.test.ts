import { describe, expect, it } from 'vitest';
import { grouponDecider, GROUPON_TEXT, type GrouponEvent, type GrouponTerms } from '../../../../domain/aggregates/groupon.ts';
import { given } from '../../../support/decider.ts';

const now = '2026-11-20T00:00:00.000Z';
const terms: GrouponTerms = { title: '冬季苹果团', productId: 'p1', unitPrice: 10, groupPrice: 8, minPeople: 2, maxPeople: 3, deadline: '2026-11-30T00:00:00.000Z' };
const created: GrouponEvent = { type: 'GrouponCreated', data: { grouponId: 'g1', terms } };
const joined = (memberId: string, quantity = 1): GrouponEvent =>
  ({ type: 'GrouponJoined', data: { grouponId: 'g1', memberId, name: memberId, quantity, joinedAt: now } });
const join = (memberId: string, quantity = 1) => ({ type: 'JoinGroupon', grouponId: 'g1', memberId, name: memberId, quantity, now } as const);

describe('groupon decider', () => {
  it('creates a group buy with its title trimmed', () => {
    given(grouponDecider).when({ type: 'CreateGroupon', grouponId: 'g1', terms: { ...terms, title: ' 冬季苹果团 ' }, now }).then([created]);
  });
  it('refuses a second create, a group price not below the unit price, and a past deadline', () => {
    given(grouponDecider, [created]).when({ type: 'CreateGroupon', grouponId: 'g1', terms, now }).thenRefused('conflict', GROUPON_TEXT.exists);
    given(grouponDecider).when({ type: 'CreateGroupon', grouponId: 'g1', terms: { ...terms, groupPrice: 10 }, now }).thenRefused('invalid', /团购价须低于原价/);
    given(grouponDecider).when({ type: 'CreateGroupon', grouponId: 'g1', terms, now: '2026-12-01T00:00:00.000Z' }).thenRefused('invalid', /截止时间必须晚于现在/);
  });
  it('a member joins an open group; joining again with the same quantity records nothing', () => {
    given(grouponDecider, [created]).when(join('m1', 2)).then([joined('m1', 2)]);
    given(grouponDecider, [created, joined('m1', 2)]).when(join('m1', 2)).then([]);
  });
  it('refuses joining a missing, full, or past-deadline group, or a bad quantity', () => {
    given(grouponDecider).when(join('m1')).thenRefused('notFound', GROUPON_TEXT.missing);
    given(grouponDecider, [created, joined('a'), joined('b'), joined('c')]).when(join('d')).thenRefused('conflict', GROUPON_TEXT.full);
    given(grouponDecider, [created]).when({ ...join('m1'), now: '2026-11-30T00:00:00.000Z' }).thenRefused('conflict', GROUPON_TEXT.pastDeadline);
    given(grouponDecider, [created]).when(join('m1', 0)).thenRefused('invalid', GROUPON_TEXT.badQuantity);
  });
  it('refuses to edit the terms once someone joined, and leaving when not joined', () => {
    given(grouponDecider, [created, joined('m1')]).when({ type: 'UpdateGroupon', grouponId: 'g1', terms, now }).thenRefused('conflict', GROUPON_TEXT.joinedCannotEdit);
    given(grouponDecider, [created]).when({ type: 'LeaveGroupon', grouponId: 'g1', memberId: 'm1', now }).thenRefused('notFound', GROUPON_TEXT.notJoined);
    given(grouponDecider, [created, joined('m1')]).when({ type: 'LeaveGroupon', grouponId: 'g1', memberId: 'm1', now })
      .then([{ type: 'GrouponLeft', data: { grouponId: 'g1', memberId: 'm1' } }]);
  });
  it('settles at the deadline: succeeds with enough members, fails otherwise, and not before', () => {
    const after = '2026-11-30T00:00:01.000Z';
    given(grouponDecider, [created, joined('a', 2), joined('b')]).when({ type: 'SettleGroupon', grouponId: 'g1', now: after })
      .then([{ type: 'GrouponSucceeded', data: { grouponId: 'g1', groupPrice: 8, participants: [{ memberId: 'a', quantity: 2 }, { memberId: 'b', quantity: 1 }] } }]);
    given(grouponDecider, [created, joined('a')]).when({ type: 'SettleGroupon', grouponId: 'g1', now: after })
      .then([{ type: 'GrouponFailed', data: { grouponId: 'g1', joined: 1, minPeople: 2 } }]);
    given(grouponDecider, [created, joined('a'), joined('b')]).when({ type: 'SettleGroupon', grouponId: 'g1', now }).thenRefused('conflict', GROUPON_TEXT.notYet);
  });
  it('a cancelled group is closed to everything', () => {
    const state = given(grouponDecider, [created]).when({ type: 'CancelGroupon', grouponId: 'g1' }).state();
    expect(state.status).toBe('cancelled');
    given(grouponDecider, [created, { type: 'GrouponCancelled', data: { grouponId: 'g1' } }]).when(join('m1')).thenRefused('conflict', GROUPON_TEXT.closed);
  });
});
