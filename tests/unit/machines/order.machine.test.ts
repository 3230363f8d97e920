// The order statechart (issue 11) against the domain's rules: each status state takes exactly the actions
// ORDER_TRANSITIONS allows there, guarded by who may act (actionsFor), and a refusal without a reason or a NaN
// weight never leaves the screen.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { orderMachine, type OrderActionInput, type OrderSummary } from '../../../machines/order.machine.ts';
import { ORDER_ACTIONS, ORDER_STATUSES, ORDER_TRANSITIONS, type OrderParty, type OrderStatus } from '../../../domain/order.ts';

const eventOf = (action: string) => action.toUpperCase();

describe('order machine', () => {
  it('has one state per status, each taking the actions the domain allows in it', () => {
    for (const status of ORDER_STATUSES) {
      const node = orderMachine.getStateNodeById(`order.${status}`);
      const expected = ORDER_ACTIONS.filter((a) => ORDER_TRANSITIONS[a].from.includes(status)).map(eventOf).sort();
      expect([...node.ownEvents].sort(), status).toEqual(expected);
    }
  });

  it('sends an allowed action with the order\'s version and lands where the server says', async () => {
    const sent: OrderActionInput[] = [];
    const machine = orderMachine.provide({
      actors: { runOrderAction: fromPromise<OrderSummary, OrderActionInput>(async ({ input }) => { sent.push(input); return { id: input.id, status: 'confirmed', version: input.version + 1 }; }) },
    });
    const actor = createActor(machine, { input: { order: { id: 'o1', status: 'submitted', version: 7 }, party: 'supplier', permissions: { order: true, delivery: true } } }).start();
    expect(actor.getSnapshot().value).toBe('submitted');
    actor.send({ type: 'CONFIRM', lines: [{ skuId: 's1', refused: true, reason: '缺货' }] });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([{ id: 'o1', version: 7, action: 'confirm', reason: '', lines: [{ skuId: 's1', refused: true, reason: '缺货' }] }]);
    expect(actor.getSnapshot().value).toBe('confirmed');
    expect(actor.getSnapshot().context.order.version).toBe(8);
  });

  it('ignores actions of the wrong party and keeps refused input on screen', () => {
    const start = (status: OrderStatus, party: OrderParty) =>
      createActor(orderMachine, { input: { order: { id: 'o1', status, version: 1 }, party, permissions: { order: true, delivery: true } } }).start();
    const school = start('submitted', 'school');
    school.send({ type: 'CONFIRM' });
    expect(school.getSnapshot().value).toBe('submitted');
    const supplier = start('submitted', 'supplier');
    supplier.send({ type: 'REFUSE', reason: '  ' });
    expect(supplier.getSnapshot().value).toBe('submitted');
    expect(supplier.getSnapshot().context.error).toMatch(/拒单原因/);
    const receiving = start('delivered', 'school');
    receiving.send({ type: 'RECEIVE', lines: [{ skuId: 's1', receivedQuantity: Number.NaN }] });
    expect([receiving.getSnapshot().value, receiving.getSnapshot().context.error]).toEqual(['delivered', expect.stringMatching(/有效的数字/)]);
  });
});
