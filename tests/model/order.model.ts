/**
 * Test model of the order lifecycle machine (issue 11; issue 3 model-based path tests). Starts cover each status
 * an order can be found in with the party who acts there (the school, the supplier, its delivery user, a bureau
 * that only reads) and a supplier the school no longer lets deliver; the state identity carries what the guards read.
 */
import type { AnyMachineSnapshot, EventFrom } from 'xstate';
import { orderMachine, type OrderActionInput, type OrderFlowContext, type OrderFlowInput, type OrderSummary } from '../../machines/order.machine.ts';
import type { OrderParty, OrderStatus } from '../../domain/order.ts';
import { doneEvent, errorEvent, never, type Fixture, type MachineModel } from './graph.ts';

const order = (status: OrderStatus, version = 2): OrderSummary => ({ id: 'o1', status, version });

export function orderModel(machine: typeof orderMachine = orderMachine): MachineModel {
  const sending = (action: string) => (s: AnyMachineSnapshot) => s.matches('sending') && s.context.action === action;
  const answer = (action: string, status: OrderStatus) => ({
    event: doneEvent<OrderSummary>(machine, 'sending', order(status, 3)), note: status, when: sending(action),
  });
  const fixtures: Fixture<EventFrom<typeof orderMachine>>[] = [
    { event: { type: 'SUBMIT' } },
    { event: { type: 'CONFIRM', lines: [{ skuId: 's2', refused: true, reason: '缺货' }] }, note: 'one line refused' },
    { event: { type: 'REFUSE', reason: ' ' }, note: 'no reason' },
    { event: { type: 'REFUSE', reason: '线路停运' }, note: 'with reason' },
    { event: { type: 'DISPATCH' } },
    { event: { type: 'DELIVER' } },
    { event: { type: 'RECEIVE', lines: [{ skuId: 's1', receivedQuantity: Number.NaN }] }, note: 'weight NaN' },
    { event: { type: 'RECEIVE', lines: [{ skuId: 's1', receivedQuantity: 3.5, remark: '短少' }] }, note: 'one line short' },
    { event: { type: 'SETTLE' } },
    { event: { type: 'CANCEL', reason: '改期' } },
    answer('submit', 'submitted'),
    answer('confirm', 'confirmed'),
    answer('refuse', 'refused'),
    answer('dispatch', 'dispatched'),
    answer('deliver', 'delivered'),
    answer('receive', 'received'),
    answer('settle', 'settled'),
    answer('cancel', 'cancelled'),
    { event: errorEvent(machine, 'sending', new Error('订单已确认，不能取消')), note: '409 acted on meanwhile' },
    // the supplier confirmed it while the school looked at it (a live update)
    { event: { type: 'SYNC', order: order('confirmed', 4) }, note: 'confirmed elsewhere', when: (s) => s.matches('submitted') },
    // the school took away the delivery permission meanwhile
    { event: { type: 'SYNC', order: order('confirmed', 4), permissions: { order: true, delivery: false } }, note: 'delivery withdrawn', when: (s) => s.matches('confirmed') && s.context.party === 'supplier' },
  ];
  const all = { order: true, delivery: true };
  const start = (name: string, status: OrderStatus, party: OrderParty, permissions = all) => ({
    name, input: { order: order(status), party, permissions } satisfies OrderFlowInput,
  });
  return {
    name: 'order',
    machine,
    testMachine: machine.provide({ actors: { runOrderAction: never<OrderSummary, OrderActionInput>() } }),
    starts: [
      start('draft, school', 'draft', 'school'),
      start('submitted, supplier', 'submitted', 'supplier'),
      start('submitted, school', 'submitted', 'school'),
      start('confirmed, delivery user', 'confirmed', 'delivery'),
      start('delivered, school', 'delivered', 'school'),
      start('confirmed, supplier without delivery', 'confirmed', 'supplier', { order: true, delivery: false }),
      start('submitted, bureau', 'submitted', 'bureau'),
    ],
    fixtures,
    simpleDepth: 4,
    contextFlags: (s) => {
      const c = s.context as OrderFlowContext;
      const flags: string[] = [c.party];
      // while sending, the status it was sent from: an error returns there
      if (s.matches('sending')) flags.push(c.order.status);
      if (!c.permissions.delivery) flags.push('no delivery');
      if (c.action) flags.push(c.action);
      if (c.error) flags.push('error');
      return flags;
    },
  };
}
