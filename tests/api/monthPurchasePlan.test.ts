// Month purchase plans (issue 11, §2 mallRecipeMonthPurchaseplan) over real HTTP on the demo database: the demo
// four-week cycle starts this week's Monday, so its days fall in two months. Each month's plan holds the week plan's
// lines of its days (the same rules, the same figures), totals per ingredient per week and month that add up to
// them, and the months of the cycle. Tenancy and bad input refused with a readable status_text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { call, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from './usersApi.ts';
import { auth } from './mallApi.ts';
import type { MonthPurchasePlan, PurchasePlan } from '../../contracts/purchasePlans.ts';
import type { RecipeCycleList } from '../../contracts/recipeCycles.ts';
import { sumAmounts } from '../../domain/money.ts';
import { cycleMonths, weekStartOf } from '../../domain/purchasePlan.ts';

let server: TestServer;
let purchaser: Session;
let cycle: { id: string; startDate: string; days: number };

const monthPlan = (s: Session, query: string) => call<MonthPurchasePlan>(server, 'GET', `/v4/mall/recipe/monthpurchaseplan?${query}`, auth(s));
const weekPlan = (s: Session, query: string) => call<PurchasePlan>(server, 'GET', `/v4/mall/recipe/purchaseplan?${query}`, auth(s));

beforeAll(async () => {
  server = await startTestServer();
  purchaser = await signIn(server, DEMO.purchaser, SCHOOL_A);
  const cycles = await call<RecipeCycleList>(server, 'GET', '/v4/mall/recipe/cycle?status=published', auth(purchaser));
  const published = cycles.body.data.rows.find((r) => r.weeks === 4);
  expect(published).toBeDefined();
  cycle = { id: published!.id, startDate: published!.startDate, days: published!.days };
});
afterAll(async () => { await server?.close(); });

describe('month purchase plan', () => {
  it('holds the week plans\' lines of the month\'s days, with totals per ingredient per week and month', async () => {
    const months = cycleMonths(cycle.startDate, cycle.days);
    // the lines of every week of the cycle, by the week plan
    const weekLines: PurchasePlan['lines'] = [];
    for (let week = 1; week <= 4; week++) {
      const res = await weekPlan(purchaser, `cycleId=${cycle.id}&week=${week}`);
      expect(res.status, res.body.status_text).toBe(200);
      weekLines.push(...res.body.data.lines);
    }
    let seen = 0;
    for (const month of months) {
      const res = await monthPlan(purchaser, `cycleId=${cycle.id}&month=${month}`);
      expect(res.status, res.body.status_text).toBe(200);
      const p = res.body.data;
      expect(p.months).toEqual(months);
      expect(p.startDate.slice(0, 7)).toBe(month);
      expect(p.endDate.slice(0, 7)).toBe(month);
      // the same lines as the week plans give for these days
      expect(p.lines).toEqual(weekLines.filter((l) => l.date.startsWith(month)));
      seen += p.lines.length;
      expect(p.amount).toBe(sumAmounts(p.lines.map((l) => l.amount)));
      // the totals add the days up, per week and for the month
      expect(p.weeks).toEqual([...new Set(p.lines.map((l) => weekStartOf(l.date)))].sort());
      expect(sumAmounts(p.totals.map((t) => t.amount))).toBe(p.amount);
      for (const t of p.totals) {
        const own = p.lines.filter((l) => l.foodId === t.foodId && l.skuId === t.skuId);
        expect(t.quantity).toBeCloseTo(own.reduce((s, l) => s + l.quantity, 0), 6);
        expect(t.amount).toBe(sumAmounts(own.map((l) => l.amount)));
        for (const [week, f] of Object.entries(t.weeks)) {
          expect(f.amount).toBe(sumAmounts(own.filter((l) => weekStartOf(l.date) === week).map((l) => l.amount)));
        }
      }
    }
    expect(seen).toBe(weekLines.length);
    expect(seen).toBeGreaterThan(0);
  });

  it('is the school\'s own and refuses bad input', async () => {
    const other = await signIn(server, DEMO.purchaser, SCHOOL_B);
    const month = cycle.startDate.slice(0, 7);
    const foreign = await monthPlan(other, `cycleId=${cycle.id}&month=${month}`);
    expect([foreign.status, foreign.body.status_text]).toEqual([404, expect.stringMatching(/不存在/)]);
    const supplier = await signIn(server, DEMO.supplier);
    const bySupplier = await monthPlan(supplier, `cycleId=${cycle.id}&month=${month}`);
    expect([bySupplier.status, bySupplier.body.status_text]).toEqual([403, expect.stringMatching(/学校/)]);
    const outside = await monthPlan(purchaser, `cycleId=${cycle.id}&month=2001-01`);
    expect([outside.status, outside.body.status_text]).toEqual([400, expect.stringMatching(/月份不在食谱周期内/)]);
    for (const q of [`cycleId=${cycle.id}&month=2026-13`, `cycleId=${cycle.id}&month=2026-1`, `cycleId=${cycle.id}`, `month=${month}`, `cycleId=${cycle.id}&month=${month}&week=1`]) {
      const res = await monthPlan(purchaser, q);
      expect([q, res.status]).toEqual([q, 400]);
      expect(res.body.status_text).toBeTruthy();
    }
    expect((await monthPlan(purchaser, `cycleId=nope&month=${month}`)).status).toBe(404);
  });
});
