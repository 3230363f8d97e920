/**
 * Test model of the fruit order machine (issue 34). Starts cover an unpaid order paid at school (the fruit org records
 * it), an unpaid gateway order seen by its member, and a paid order of two days at the fruit org; the answers of the
 * server are fixed orders, so each visit of a state with the same flags reacts alike.
 */
import type { AnyMachineSnapshot, EventFrom } from 'xstate';
import { fruitOrderMachine, type FruitOrderActionInput, type FruitOrderFlowContext, type FruitOrderFlowInput, type FruitOrderSummary } from '../../machines/fruitOrder.machine.ts';
import type { FruitDayStatus, FruitOrderStatus, FruitPayment } from '../../domain/fruitMall.ts';
import { doneEvent, errorEvent, never, type Fixture, type MachineModel } from './graph.ts';

const D1 = '2026-11-30';
const D2 = '2026-12-01';
const order = (status: FruitOrderStatus, payment: FruitPayment, d1: FruitDayStatus = 'pending', d2: FruitDayStatus = 'pending', version = 2): FruitOrderSummary =>
  ({ orderId: 'o1', status, payment, days: [{ day: D1, status: d1 }, { day: D2, status: d2 }], version });

export function fruitOrderModel(machine: typeof fruitOrderMachine = fruitOrderMachine): MachineModel {
  const sending = (action: string) => (s: AnyMachineSnapshot) => s.matches('sending') && s.context.action === action;
  const answer = (action: string, result: FruitOrderSummary, note: string, also: (s: AnyMachineSnapshot) => boolean = () => true) => ({
    event: doneEvent<FruitOrderSummary>(machine, 'sending', result), note, when: (s: AnyMachineSnapshot) => sending(action)(s) && also(s),
  });
  const day1Pending = (s: AnyMachineSnapshot) => (s.context as FruitOrderFlowContext).order.days[0]!.status === 'pending';
  const fixtures: Fixture<EventFrom<typeof fruitOrderMachine>>[] = [
    { event: { type: 'PAY' } },
    { event: { type: 'CANCEL' } },
    { event: { type: 'DELIVER', day: D1 }, note: 'day 1' },
    { event: { type: 'REFUND', day: D2, reason: ' 停课 ' }, note: 'day 2' },
    answer('pay', order('paid', 'offline', 'pending', 'pending', 3), 'paid'),
    answer('cancel', order('cancelled', 'offline', 'pending', 'pending', 3), 'cancelled'),
    answer('deliver', order('paid', 'offline', 'delivered', 'pending', 3), 'paid, day 2 pending', (s) => (s.context as FruitOrderFlowContext).order.days[1]!.status === 'pending'),
    answer('deliver', order('refunded', 'offline', 'delivered', 'refunded', 4), 'delivered', (s) => (s.context as FruitOrderFlowContext).order.days[1]!.status === 'refunded'),
    answer('refund', order('paid', 'offline', 'pending', 'refunded', 3), 'paid, day 1 pending', day1Pending),
    answer('refund', order('delivered', 'offline', 'delivered', 'refunded', 4), 'delivered', (s) => !day1Pending(s)),
    { event: errorEvent(machine, 'sending', new Error('该数据已被他人修改，请刷新后重试')), note: '409 acted on meanwhile' },
    // the fruit org recorded the payment while the member looked at it
    { event: { type: 'SYNC', order: order('paid', 'gateway', 'pending', 'pending', 5) }, note: 'paid elsewhere', when: (s) => s.matches('placed') && (s.context as FruitOrderFlowContext).party === 'member' },
    { event: { type: 'SYNC', order: order('refunded', 'offline', 'refunded', 'refunded', 5) }, note: 'all refunded', when: (s) => s.matches('paid') },
  ];
  const start = (name: string, o: FruitOrderSummary, party: 'member' | 'fruit') => ({ name, input: { order: o, party } satisfies FruitOrderFlowInput });
  return {
    name: 'fruitOrder',
    machine,
    testMachine: machine.provide({ actors: { runFruitOrderAction: never<FruitOrderSummary, FruitOrderActionInput>() } }),
    starts: [
      start('placed, paid at school, fruit org', order('placed', 'offline'), 'fruit'),
      start('placed, gateway, member', order('placed', 'gateway'), 'member'),
      start('paid, fruit org', order('paid', 'offline'), 'fruit'),
    ],
    fixtures,
    simpleDepth: 4,
    contextFlags: (s) => {
      const c = s.context as FruitOrderFlowContext;
      const flags: string[] = [c.party, c.order.payment, c.order.days.map((d) => d.status[0]).join('')];
      if (s.matches('sending')) flags.push(c.order.status);
      if (c.action) flags.push(c.action);
      if (c.error) flags.push('error');
      return flags;
    },
  };
}
