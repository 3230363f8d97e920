// Issue 34: the fruit order machine offers exactly what the server's decider takes: its states are the domain's
// statuses, and an action it sends is one domain/fruitMall.ts allows the party now.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { fruitOrderMachine, type FruitOrderActionInput, type FruitOrderSummary } from '../../../machines/fruitOrder.machine.ts';
import { FRUIT_ORDER_STATUSES } from '../../../domain/fruitMall.ts';

const order = (status: FruitOrderSummary['status'], payment: FruitOrderSummary['payment'] = 'offline'): FruitOrderSummary =>
  ({ orderId: 'o1', status, payment, days: [{ day: '2026-11-30', status: 'pending' }], version: 1 });

describe('fruit order machine', () => {
  it('has a state for every status of the domain', () => {
    for (const status of FRUIT_ORDER_STATUSES) expect(fruitOrderMachine.getStateNodeById(`fruitOrder.${status}`)).toBeTruthy();
  });
  it('sends only what the party may do, and resolves to the answer', async () => {
    const sent: FruitOrderActionInput[] = [];
    const machine = fruitOrderMachine.provide({ actors: { runFruitOrderAction: fromPromise<FruitOrderSummary, FruitOrderActionInput>(async ({ input }) => { sent.push(input); return order('paid'); }) } });
    const member = createActor(machine, { input: { order: order('placed'), party: 'member' } }).start();
    member.send({ type: 'PAY' });
    expect(member.getSnapshot().value).toBe('placed');
    const gatewayAtFruit = createActor(machine, { input: { order: order('placed', 'gateway'), party: 'fruit' } }).start();
    gatewayAtFruit.send({ type: 'PAY' });
    expect(gatewayAtFruit.getSnapshot().value).toBe('placed');
    const fruit = createActor(machine, { input: { order: order('placed'), party: 'fruit' } }).start();
    fruit.send({ type: 'DELIVER', day: '2026-11-30' });
    expect(fruit.getSnapshot().value).toBe('placed');
    fruit.send({ type: 'PAY' });
    expect(fruit.getSnapshot().value).toBe('sending');
    await new Promise((r) => setTimeout(r, 0));
    expect(fruit.getSnapshot().value).toBe('paid');
    expect(sent).toEqual([{ orderId: 'o1', version: 1, action: 'pay', day: null, reason: '' }]);
    fruit.send({ type: 'REFUND', day: '2026-12-09' });
    expect(fruit.getSnapshot().value).toBe('paid');
  });
});
