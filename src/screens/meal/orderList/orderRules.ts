// The order screens' pure rules (no React, no message macros), so unit tests import them directly.
import { ACTION_PERMISSION, ORDER_ACTORS, ORDER_ACTIONS, allowedIn, type LinkPermissions, type OrderParty } from '../../../../domain/order.ts';
import type { OrderRow } from '../../../../services/orders.ts';

/**
 * The school's supplier permissions as far as the row shows them: the client cannot read another org's supplier
 * link, but the server lists the actions this caller may take now, so an action the status and party allow yet
 * the server left out can only be missing for want of its permission.
 */
export function permissionsOf(row: Pick<OrderRow, 'status' | 'actions'>, party: OrderParty): LinkPermissions {
  const out: LinkPermissions = { order: true, delivery: true };
  for (const action of ORDER_ACTIONS) {
    const needs = ACTION_PERMISSION[action];
    if (needs && allowedIn(action, row.status) && ORDER_ACTORS[action].includes(party) && !row.actions.includes(action)) out[needs] = false;
  }
  return out;
}

/** Today in China time (delivery days are the school's days), YYYY-MM-DD, shifted by `days`. */
export function chinaDay(days = 0, now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
