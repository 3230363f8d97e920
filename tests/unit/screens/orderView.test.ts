// The order screens' reading of a row (issue 11): the supplier permissions the client cannot read are inferred
// from the actions the server lists for the caller, so the row's order machine offers exactly those buttons.
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, actionsFor, type OrderAction, type OrderParty, type OrderStatus } from '../../../domain/order.ts';
import { allowedOrderActions } from '../../../machines/order.machine.ts';
import { chinaDay, permissionsOf } from '../../../src/screens/meal/orderList/orderRules.ts';

const PARTIES: OrderParty[] = ['school', 'supplier', 'salesman', 'delivery', 'bureau', 'platform'];
const PERMISSIONS = [
  { order: true, delivery: true }, { order: false, delivery: true }, { order: true, delivery: false }, { order: false, delivery: false },
];

describe('permissionsOf', () => {
  it('gives the machine the actions the server listed, for every status, party and permission set', () => {
    for (const status of ORDER_STATUSES) {
      for (const party of PARTIES) {
        for (const permissions of PERMISSIONS) {
          const actions: OrderAction[] = actionsFor(status, party, permissions);
          const inferred = permissionsOf({ status, actions }, party);
          expect(allowedOrderActions({ order: { id: 'o', status, version: 1 }, party, permissions: inferred }), `${status} ${party} ${JSON.stringify(permissions)}`)
            .toEqual(actions);
        }
      }
    }
  });

  it('takes a missing confirm as the school withholding the order permission, a missing dispatch as withholding delivery', () => {
    const submitted: OrderStatus = 'submitted';
    expect(permissionsOf({ status: submitted, actions: [] }, 'supplier')).toEqual({ order: false, delivery: true });
    expect(permissionsOf({ status: 'confirmed', actions: [] }, 'supplier')).toEqual({ order: true, delivery: false });
    expect(permissionsOf({ status: 'confirmed', actions: ['dispatch'] }, 'supplier')).toEqual({ order: true, delivery: true });
    // a school's actions need no supplier permission
    expect(permissionsOf({ status: submitted, actions: ['cancel'] }, 'school')).toEqual({ order: true, delivery: true });
  });
});

describe('chinaDay', () => {
  it('is the day in China time (UTC+8), shifted by whole days', () => {
    expect(chinaDay(0, new Date('2026-11-25T15:59:00Z'))).toBe('2026-11-25');
    expect(chinaDay(0, new Date('2026-11-25T16:00:00Z'))).toBe('2026-11-26');
    expect(chinaDay(2, new Date('2026-12-30T20:00:00Z'))).toBe('2027-01-02');
  });
});
