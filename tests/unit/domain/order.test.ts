// The order rules of domain/order.ts (issue 11) and the fen-exact amounts of domain/money.ts.
import type { OrgKind } from '../../../domain/orgKind.ts';
import { describe, expect, it } from 'vitest';
import {
  ALL_STATUSES, DEFAULT_ORDER_SETTINGS, FINAL_STATUSES, ORDER_ACTIONS, ORDER_STATUSES, ORDER_TRANSITIONS, actionsFor, beforeCutoff, deliverySchools,
  formatDeadline, orderDeadline, orderPartyOf, quantityProblem, salesmanRoleGroups, statusFilter,
} from '../../../domain/order.ts';
import { lineAmount, sumAmounts, toFen } from '../../../domain/money.ts';

const all = { order: true, delivery: true };

describe('order statuses and actions', () => {
  it('every status but the final ones has a way on; nothing leaves a final one; cancel only before dispatch', () => {
    for (const status of ORDER_STATUSES) {
      const out = ORDER_ACTIONS.filter((a) => ORDER_TRANSITIONS[a].from.includes(status));
      expect(out.length === 0, status).toBe(FINAL_STATUSES.includes(status));
    }
    expect(ORDER_TRANSITIONS.cancel.from).toEqual(['draft', 'submitted', 'confirmed']);
  });

  it('offers each party its own actions, under the school\'s permissions', () => {
    expect(actionsFor('submitted', 'school', all)).toEqual(['cancel']);
    expect(actionsFor('submitted', 'supplier', all)).toEqual(['confirm', 'refuse']);
    expect(actionsFor('submitted', 'supplier', { order: false, delivery: true })).toEqual([]);
    expect(actionsFor('confirmed', 'delivery', all)).toEqual(['dispatch']);
    expect(actionsFor('confirmed', 'delivery', { order: true, delivery: false })).toEqual([]);
    expect(actionsFor('received', 'school', all)).toEqual(['settle']);
    expect(actionsFor('received', 'supplier', all)).toEqual(['settle']);
    expect(actionsFor('submitted', 'bureau', all)).toEqual([]);
    expect(actionsFor('submitted', 'platform', all)).toEqual([]);
  });

  it("tells the party from the current org's kind and the roles there (issue 27)", () => {
    const party = (orgKind: OrgKind, codes: string[], platform = false) => orderPartyOf({ orgKind, roles: codes.map((code) => ({ name: `r${code}`, code })), platform });
    expect(party('school', ['1'])).toBe('school');
    expect(party('school', ['admin'])).toBe('school');
    // a code-4 or code-2 role in a school is a school role
    expect(party('school', ['4'])).toBe('school');
    expect(party('school', ['2'])).toBe('school');
    expect(party('supplier', ['2', '6'])).toBe('supplier');
    expect(party('supplier', ['6'])).toBe('salesman');
    expect(party('delivery', ['3'])).toBe('delivery');
    expect(party('delivery', ['2'])).toBe('supplier');
    expect(party('supplier', ['4'])).toBe('member');
    expect(party('bureau', ['4'])).toBe('bureau');
    expect(party('bureau', ['admin'])).toBe('member');
    expect(party('trial', ['4'])).toBe('bureau');
    expect(party('trial', ['1'])).toBe('school');
    expect(party('school', ['999'], true)).toBe('platform');
  });

  it('M6: a salesman\'s purchaser groups are those naming his roles or his own; M7: a delivery user\'s schools are his routes\'', () => {
    const groups = [{ roleGroupId: 'g1', manageRoleNames: ['salesman-a'] }, { roleGroupId: 'g2', manageRoleNames: ['supplier'] }, { roleGroupId: 'g3' }];
    expect(salesmanRoleGroups([{ name: 'salesman-a', code: '6', roleGroupId: 'm6' }], groups)).toEqual(['g1']);
    expect(salesmanRoleGroups([{ name: 'salesman-b', code: '6', roleGroupId: 'g3' }], groups)).toEqual(['g3']);
    const routes = [{ purchaserOrgIds: ['s1', 's2'], deliveryUserIds: ['u1'] }, { purchaserOrgIds: ['s2', 's3'], deliveryUserIds: ['u1', 'u2'] }, { purchaserOrgIds: ['s4'], deliveryUserIds: ['u2'] }];
    expect(deliverySchools(routes, 'u1')).toEqual(['s1', 's2', 's3']);
    expect(deliverySchools(routes, 'u9')).toEqual([]);
  });
});

describe('order input rules', () => {
  it('closes orders for a day at the cut-off, China time', () => {
    const settings = { cutoffDays: 2, cutoffTime: '16:30' };
    const deadline = orderDeadline('2026-12-03', settings);
    expect(deadline.toISOString()).toBe('2026-12-01T08:30:00.000Z');
    expect(formatDeadline(deadline)).toBe('2026-12-01 16:30');
    expect(beforeCutoff(new Date(deadline.getTime() - 1), '2026-12-03', settings)).toBe(true);
    expect(beforeCutoff(deadline, '2026-12-03', settings)).toBe(false);
    expect(orderDeadline('2026-12-03', { cutoffDays: 0, cutoffTime: '00:00' }).toISOString()).toBe('2026-12-02T16:00:00.000Z');
    expect(DEFAULT_ORDER_SETTINGS).toMatchObject({ cutoffDays: 1, cutoffTime: '18:00', minimumAmount: 0, supplierMayChangeQuantity: false });
  });

  it('takes positive quantities of at most three decimals; a received one may be zero', () => {
    expect([1, 2.5, 0.125, 1_000_000].map((q) => quantityProblem(q))).toEqual([null, null, null, null]);
    expect([0, -1, Number.NaN, Number.POSITIVE_INFINITY, '1', null, 1.0001, 1_000_001].map((q) => quantityProblem(q)).every((p) => typeof p === 'string')).toBe(true);
    expect(quantityProblem(0, true)).toBeNull();
    expect(quantityProblem(-0.5, true)).toMatch(/不能小于 0/);
  });

  it('reads the §7 status filter: 全部 or nothing is no filter, unknown statuses are named', () => {
    expect(statusFilter(undefined)).toEqual({ ok: true, statuses: null });
    expect(statusFilter(ALL_STATUSES)).toEqual({ ok: true, statuses: null });
    expect(statusFilter('')).toEqual({ ok: true, statuses: null });
    expect(statusFilter('submitted, confirmed')).toEqual({ ok: true, statuses: ['submitted', 'confirmed'] });
    expect(statusFilter('submitted,paid')).toEqual({ ok: false, unknown: ['paid'] });
  });
});

describe('order amounts', () => {
  it('rounds a line to the fen half-up and adds lines in fen', () => {
    expect(lineAmount(16.8, 1.5)).toBe(25.2);
    expect(lineAmount(0.1, 3)).toBe(0.3);
    expect(lineAmount(2.675, 1)).toBe(2.68);
    expect(lineAmount(1.005, 1)).toBe(1.01);
    expect(toFen(62.5 * 2.5)).toBe(15625);
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts(Array.from({ length: 1000 }, () => 0.1))).toBe(100);
  });
});
