// The demo seed's promises on every kind of day (issue 36): the seed reads "today" once (seedDemo's `now`), so each
// promise is checked here with `now` pinned to a weekday, a weekend, both ends of a month and of a year, 29 February
// and the semester boundaries, at the start, middle and end of the China-time day. The orders run through the real
// order decider, as seedOrders sends them; the API test seed.test.ts checks what a seeded database holds.
import { describe, expect, it } from 'vitest';
import { demoDeliveryDays, demoOrders, type DemoPerson } from '../../../server/seed/demoOrderPlan.ts';
import { mondayOf } from '../../../server/seed/seedRecipeCycles.ts';
import { orderDecider, type OrderEvent, type PlacingFacts, type SkuFact } from '../../../domain/aggregates/order.ts';
import { DEFAULT_ORDER_SETTINGS, ORDER_STATUSES } from '../../../domain/order.ts';
import { fold, isRefusal } from '../../../domain/decider.ts';
import { dayOf, yearOf } from '../../../domain/priceCycle.ts';
import { defaultSemesters, schoolYearDates, schoolYearOf, semesterOf } from '../../../domain/semester.ts';

/** China-time days the seed must hold on, each with what kind of day it is. */
const DAYS: [string, string][] = [
  ['2026-11-30', 'a Monday'], ['2026-11-28', 'a Saturday'], ['2026-11-29', 'a Sunday'], ['2026-12-31', '31 December (a Thursday)'],
  ['2027-01-01', '1 January (a Friday)'], ['2028-02-29', '29 February 2028 (a Tuesday)'], ['2027-02-28', 'the last day of February'],
  ['2026-09-01', 'the first day of the first semester'], ['2027-01-31', 'the last day of the first semester (a Sunday)'],
  ['2027-02-01', 'the first day of the second semester'], ['2027-08-31', 'the last day of the school year'], ['2027-07-15', 'the summer holidays'],
];
/** Times of the China-time day: just after midnight, mid-morning, late evening. */
const TIMES = ['00:05', '10:30', '23:55'];

const person = (id: string): DemoPerson => ({ user_id: id, username: id, name: id });
const sku = (i: number): SkuFact => ({ productId: `p${i}`, productName: `货品${i}`, skuName: `规格${i}`, spec: '500g', unit: '斤', categoryId: 'c', price: 2 + i });
const priced = Array.from({ length: 9 }, (_, i) => `s${i}`);
const facts = (now: Date): PlacingFacts => ({
  linked: true, permissions: { order: true, delivery: true }, settings: { ...DEFAULT_ORDER_SETTINGS },
  skus: Object.fromEntries(priced.map((id, i) => [id, sku(i)])), now: now.toISOString(),
});

/** The demo orders of one school with one supplier at `now`, each folded through the decider; a refusal fails. */
function seeded(now: Date) {
  let n = 0;
  const planned = demoOrders({
    now, schoolIndex: 1, supplierIndex: 1, quantityFactor: 2, priced, facts: facts(now), purchaser: person('buyer'), actor: person('seller'),
    driver: person('driver'), order: { orgName: '学校', supplierOrgId: 'sup', supplierName: '供应商' }, firstNumber: 0, newId: () => `o${n++}`,
  });
  return planned.map((order) => {
    const events: OrderEvent[] = [];
    for (const { command, when } of order.commands) {
      expect(when.getTime(), `${command.type} of ${order.deliveryDate} dated after now`).toBeLessThanOrEqual(now.getTime());
      const decided = orderDecider.decide(command, fold(orderDecider, events));
      if (isRefusal(decided)) throw new Error(`${command.type} of the order for ${order.deliveryDate} refused: ${decided.message}`);
      events.push(...decided);
    }
    return { ...order, status: fold(orderDecider, events).status };
  });
}

const DAY = 86_400_000;
const shift = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T12:00:00+08:00`) + n * DAY));

describe.each(DAYS)('the demo seed started on %s (%s)', (today) => {
  it.each(TIMES)('at %s China time: three weeks of orders in every state, today\'s on the road, yesterday\'s delivered, tomorrow\'s confirmed', (time) => {
    const now = new Date(`${today}T${time}:00+08:00`);
    const orders = seeded(now);
    const days = orders.map((o) => o.deliveryDate);
    expect(days).toEqual(demoDeliveryDays(today));
    expect((Date.parse(days.at(-1)!) - Date.parse(days[0]!)) / DAY).toBeGreaterThanOrEqual(21);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    for (const o of orders) expect(o.status, o.deliveryDate).toBe(o.fate);
    const on = (day: string) => orders.find((o) => o.deliveryDate === day)?.status;
    expect(on(today)).toBe('dispatched');
    expect(on(shift(today, -1))).toBe('delivered');
    expect(on(shift(today, 1))).toBe('confirmed');
    // the days after tomorrow wait for the supplier, the last one still a draft
    const later = orders.filter((o) => o.deliveryDate > shift(today, 1)).map((o) => o.status);
    expect(later.slice(0, -1).length).toBeGreaterThan(0);
    expect(new Set(later.slice(0, -1))).toEqual(new Set(['submitted']));
    expect(later.at(-1)).toBe('draft');
  });

  it('the recipe cycles start on the Monday of the current week, which holds today', () => {
    for (const time of TIMES) {
      const monday = mondayOf(new Date(`${today}T${time}:00+08:00`));
      expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(monday <= today && today <= shift(monday, 6)).toBe(true);
    }
  });

  it('the semester year is the school year today belongs to, and holidays and app ids take China\'s calendar year', () => {
    const semesters = defaultSemesters();
    const year = schoolYearOf(today, semesters);
    const dates = schoolYearDates(semesters, year);
    const inSemester = semesterOf(today, semesters);
    if (inSemester) expect(inSemester.schoolYear).toBe(year);
    // in a semester, or in the summer after the school year's second one
    expect(today >= dates.first.start && (today <= dates.second.end || today < schoolYearDates(semesters, year + 1).first.start)).toBe(true);
    for (const time of TIMES) expect(yearOf(new Date(`${today}T${time}:00+08:00`))).toBe(Number(today.slice(0, 4)));
  });
});
