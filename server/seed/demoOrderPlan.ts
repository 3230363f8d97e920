// The demo orders of one school with one supplier as commands (issue 11), pure so that a unit test can run them through
// the order decider on any date (issue 36): seedOrders only gathers the facts and appends what this returns.
//
// The promises, whatever day `now` is (a weekend, 31 December, 1 January, 29 February): delivery days from the last
// weekday on or before two weeks back to the first weekday on or after one week ahead (so the span is always at least
// three weeks), the weekdays between them and the days from three back to tomorrow whatever day they are (so the
// in-between states are always there); old orders settled, one refused and one cancelled, the last days' received,
// yesterday's delivered, today's dispatched, tomorrow's confirmed, later ones submitted, the last a draft. No step is
// dated after `now`.
import type { LineChange, OrderCommand, PlacingFacts } from '../../domain/aggregates/order.ts';
import type { OrderParty, OrderStatus } from '../../domain/order.ts';
import { dayOf } from '../../domain/priceCycle.ts';
import { isPackageUnit } from '../../domain/wholePackages.ts';

const DAY = 86_400_000;
/** An instant on a China-time day (YYYY-MM-DD) at hour:minute. */
const at = (day: string, hour: number, minute = 0) => new Date(Date.parse(`${day}T00:00:00Z`) + ((hour - 8) * 60 + minute) * 60_000);
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const isWeekday = (day: string) => { const w = new Date(`${day}T00:00:00Z`).getUTCDay(); return w !== 0 && w !== 6; };

/** The delivery days of the demo orders around `today` (YYYY-MM-DD, China time), oldest first. */
export function demoDeliveryDays(today: string): string[] {
  let first = -14;
  while (!isWeekday(addDays(today, first))) first -= 1;
  let last = 7;
  while (!isWeekday(addDays(today, last))) last += 1;
  const days: string[] = [];
  for (let d = first; d <= last; d++) {
    const day = addDays(today, d);
    if (isWeekday(day) || (d >= -3 && d <= 1)) days.push(day);
  }
  return days;
}

/** Where the order of the i-th of `count` delivery days ends, `daysAhead` days from today. */
export function demoOrderFate(i: number, count: number, daysAhead: number): OrderStatus {
  if (i === count - 1) return 'draft';
  if (daysAhead >= 2) return 'submitted';
  if (i === 1) return 'refused';
  if (i === 3) return 'cancelled';
  if (daysAhead === 1) return 'confirmed';
  if (daysAhead === 0) return 'dispatched';
  if (daysAhead === -1) return 'delivered';
  return daysAhead >= -3 ? 'received' : 'settled';
}

/** Who does what in the story (user ids and usernames of the demo users). */
export interface DemoPerson { user_id: string; username: string; name: string }

export interface DemoOrderInput {
  now: Date;
  /** indices of the school and the supplier in the seed's lists: they vary the goods and quantities */
  schoolIndex: number;
  supplierIndex: number;
  /** the school's first demo school gets single quantities, the other double */
  quantityFactor: number;
  /** the supplier's SKUs with an effective price for the school, and the facts the server gathered for them */
  priced: readonly string[];
  facts: PlacingFacts;
  purchaser: DemoPerson;
  /** the supplier's user who confirms, and the one who drives */
  actor: DemoPerson;
  driver: DemoPerson;
  order: { orgName: string; supplierOrgId: string; supplierName: string };
  /** the order number's running count (unique across the seed) */
  firstNumber: number;
  newId: () => string;
}

/** One order's commands in order, each with who sends it and when. */
export interface DemoOrder {
  orderId: string;
  deliveryDate: string;
  fate: OrderStatus;
  commands: { command: OrderCommand; who: DemoPerson; when: Date }[];
}

export function demoOrders(input: DemoOrderInput): DemoOrder[] {
  const { now, priced } = input;
  if (!priced.length) return [];
  const today = dayOf(now);
  const days = demoDeliveryDays(today);
  /** An instant of the story, never later than now (some minutes before it for today's steps). */
  const past = (t: Date, minutesBefore: number) => (t < now ? t : new Date(now.getTime() - minutesBefore * 60_000));
  const s = input.schoolIndex;
  const k = input.supplierIndex;
  return days.map((day, i) => {
    const n = 3 + ((i + s + k) % 3);
    const picked = Array.from({ length: n }, (_, j) => priced[(i * 5 + j * 3 + s * 7 + k) % priced.length]!).filter((v, j, all) => all.indexOf(v) === j);
    // 1.5 of a weighed unit (斤); a packaged SKU is ordered whole (issue 30, domain/wholePackages.ts): 2 bags
    const items = picked.map((skuId, j) => {
      const q = [2, 5, 10, 3, 1.5, 8][(i + j) % 6]! * input.quantityFactor;
      return { skuId, quantity: isPackageUnit(input.facts.skus[skuId]?.unit ?? '') ? Math.ceil(q) : q };
    });
    const placedAt = past(at(addDays(day, -2), 10, (i * 7) % 60), 90 - i);
    const orderId = input.newId();
    const daysAhead = Math.round((Date.parse(day) - Date.parse(today)) / DAY);
    const fate = demoOrderFate(i, days.length, daysAhead);
    const commands: DemoOrder['commands'] = [];
    commands.push({
      who: input.purchaser, when: placedAt,
      command: {
        type: 'CreateOrder', by: 'school', draft: fate === 'draft', items,
        // the demo prices hold from 2000 on: the facts gathered once stand for any day of the story
        facts: { ...input.facts, now: placedAt.toISOString() },
        order: {
          orderId, orderNo: `DD${dayOf(placedAt).replace(/-/g, '')}${String(100000 + input.firstNumber + i).slice(-6)}`, ...input.order,
          deliveryDate: day, remark: i % 4 === 0 ? '请早上 7 点前送到后门' : '', createdBy: input.purchaser.user_id, createdByName: input.purchaser.name,
        },
      },
    });
    const step = (type: Exclude<OrderCommand['type'], 'CreateOrder' | 'SubmitOrder'>, by: OrderParty, who: DemoPerson, when: Date, extra: Record<string, unknown> = {}) =>
      commands.push({ who, when, command: { type, orderId, by, permissions: { order: true, delivery: true }, at: when.toISOString(), ...extra } as OrderCommand });
    if (fate === 'draft' || fate === 'submitted') return { orderId, deliveryDate: day, fate, commands };
    const confirmedAt = past(at(addDays(day, -2), 15), 30);
    if (fate === 'refused') {
      step('RefuseOrder', 'supplier', input.actor, confirmedAt, { reason: '该配送日线路停运' });
      return { orderId, deliveryDate: day, fate, commands };
    }
    if (fate === 'cancelled') {
      step('CancelOrder', 'school', input.purchaser, past(at(addDays(day, -2), 11), 60), { reason: '学校活动停餐' });
      return { orderId, deliveryDate: day, fate, commands };
    }
    const refuseLine: LineChange[] = i % 5 === 2 && picked.length > 1 ? [{ skuId: picked[picked.length - 1]!, refused: true, reason: '当日缺货' }] : [];
    step('ConfirmOrder', 'supplier', input.actor, confirmedAt, { lines: refuseLine, supplierMayChangeQuantity: false });
    if (fate === 'confirmed') return { orderId, deliveryDate: day, fate, commands };
    step('DispatchOrder', 'supplier', input.driver, past(at(day, 6), 20));
    // today's are on the road
    if (fate === 'dispatched') return { orderId, deliveryDate: day, fate, commands };
    step('DeliverOrder', 'supplier', input.driver, at(day, 8));
    // yesterday's wait to be received
    if (fate === 'delivered') return { orderId, deliveryDate: day, fate, commands };
    // what arrived: now and then a little short
    const received = items.filter((it) => !refuseLine.some((r) => r.skuId === it.skuId))
      .map((it, j) => ({ skuId: it.skuId, receivedQuantity: (i + j) % 4 === 0 ? Math.round(it.quantity * 0.9 * 1000) / 1000 : it.quantity, remark: (i + j) % 4 === 0 ? '称重短少' : '' }));
    step('ReceiveOrder', 'school', input.purchaser, at(day, 9), { lines: received });
    if (fate === 'received') return { orderId, deliveryDate: day, fate, commands };
    step('SettleOrder', 'school', input.purchaser, at(addDays(day, 3), 16));
    return { orderId, deliveryDate: day, fate, commands };
  });
}
