// Demo weekly recipe cycles (issue 9), inside seedDemo's transaction and through the recipe cycle decider, so the
// seed obeys the rules a dietitian does: for each demo school a published four-week cycle starting this week's
// Monday (lunch every weekday, breakfast on Monday, Wednesday and Friday) built from the org's own seeded dishes,
// taken through submit → approve → publish, and one draft for the week after it. Idempotent: a cycle of the same
// name in the org is left alone; an org without dishes gets no cycles.
import crypto from 'node:crypto';
import type { EventMeta, Tx } from '../store/eventStore.ts';
import { decideAndAppend } from '../store/command.ts';
import { recipeCycleDecider, recipeCycleStream, type CellInput, type DishFact, type RecipeCycleCommand } from '../../domain/aggregates/recipeCycle.ts';
import { BREAKFAST, LUNCH, type AgeGroup } from '../../domain/recipeCycle.ts';
import { MEAL_PATTERN_CODES } from '../../domain/constants.ts';
import { dayOf } from '../../domain/priceCycle.ts';

export interface SeedRecipeCyclesOptions {
  meta: EventMeta;
  now: Date;
  /** org → the age groups its cycles feed (a primary school 6-11, a middle school 12-17) */
  schools: readonly { orgId: string; ageGroups: AgeGroup[] }[];
  /** the demo dietitian, author of the cycles */
  author: { userId: string; name: string };
}

interface SeedDish { id: string; name: string; category: string; portion: number }

/** The Monday of the week `now` falls in (§9 weeks start on Monday), China time. */
export function mondayOf(now: Date): string {
  const today = new Date(`${dayOf(now)}T00:00:00Z`);
  const back = (today.getUTCDay() + 6) % 7;
  return new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

export async function dishesOf(tx: Tx, orgId: string): Promise<SeedDish[]> {
  const rows = await tx.selectFrom('dishes as d').innerJoin('categories as c', (j) => j.onRef('c.org_id', '=', 'd.org_id').onRef('c.id', '=', 'd.category_id'))
    .select(['d.id', 'd.name', 'd.data', 'c.name as category']).where('d.org_id', '=', orgId).where('d.enable', '=', true).orderBy('d.name').execute();
  return rows.map((r) => {
    const lines = ((r.data as { lines?: { weight?: number }[] }).lines ?? []);
    return { id: r.id, name: r.name, category: r.category, portion: lines.reduce((s, l) => s + (typeof l.weight === 'number' ? l.weight : 0), 0) };
  }).filter((d) => d.portion > 0 && d.portion <= 1000);
}

/** Lunch: a staple, a meat dish, a vegetable (or half-and-half) dish and a soup; breakfast: a staple and milk; rotated by day. */
export function cellsOf(dishes: readonly SeedDish[], weeks: number): CellInput[] {
  const of = (...categories: string[]) => dishes.filter((d) => categories.includes(d.category));
  const pick = (list: readonly SeedDish[], n: number) => (list.length ? [list[n % list.length]] : []);
  const staple = of('主食');
  const meat = of('荤菜');
  const veg = of('素菜', '半荤半素');
  const soup = of('汤类');
  const milk = of('乳品');
  const cells: CellInput[] = [];
  for (let w = 0; w < weeks; w++) {
    for (let d = 0; d < 5; d++) {
      const n = w * 5 + d;
      const lunch = [...pick(staple, n), ...pick(meat, n), ...pick(veg, n), ...pick(veg, n + 3), ...pick(soup, n)];
      const unique = [...new Map(lunch.map((x) => [x.id, x])).values()];
      if (unique.length) cells.push({ day: w * 7 + d, mealCode: LUNCH, dishes: unique.map((x) => ({ dishId: x.id })) });
      if (d % 2 === 0) {
        const breakfast = [...new Map([...pick(staple, n + 1), ...pick(milk, n)].map((x) => [x.id, x])).values()];
        if (breakfast.length) cells.push({ day: w * 7 + d, mealCode: BREAKFAST, dishes: breakfast.map((x) => ({ dishId: x.id })) });
      }
    }
  }
  return cells;
}

export async function seedRecipeCycles(tx: Tx, opts: SeedRecipeCyclesOptions): Promise<number> {
  let events = 0;
  const monday = mondayOf(opts.now);
  const nextMonday = new Date(Date.parse(`${monday}T00:00:00Z`) + 28 * 86_400_000).toISOString().slice(0, 10);
  for (const school of opts.schools) {
    const dishes = await dishesOf(tx, school.orgId);
    if (dishes.length === 0) continue;
    const facts: Record<string, DishFact> = Object.fromEntries(dishes.map((d) => [d.id, { name: d.name, portion: d.portion }]));
    const existing = new Set((await tx.selectFrom('recipe_cycles').select('name').where('org_id', '=', school.orgId).execute()).map((r) => r.name));
    const plans = [
      { name: `${monday} 起四周食谱`, startDate: monday, weeks: 4, steps: ['SubmitRecipeCycle', 'ApproveRecipeCycle', 'PublishRecipeCycle'] as const },
      { name: `${nextMonday} 起一周食谱（草稿）`, startDate: nextMonday, weeks: 1, steps: [] as const },
    ];
    for (const plan of plans) {
      if (existing.has(plan.name)) continue;
      const cycleId = crypto.randomUUID();
      const run = async (command: RecipeCycleCommand) => {
        const res = await decideAndAppend(tx, { orgId: school.orgId, streamId: recipeCycleStream(cycleId), streamType: 'recipeCycle', decider: recipeCycleDecider, meta: opts.meta, command });
        events += res.events.length;
      };
      await run({
        type: 'CreateRecipeCycle', cycleId, name: plan.name, startDate: plan.startDate, cycleOption: 'week', weeks: plan.weeks,
        mealPattern: MEAL_PATTERN_CODES['两餐'], ageGroups: school.ageGroups, createdBy: opts.author.userId, createdByName: opts.author.name,
        quota: { enabled: false, exempt: true, used: 0 },
      });
      await run({ type: 'SetRecipeCells', cycleId, cells: cellsOf(dishes, plan.weeks), dishes: facts });
      for (const step of plan.steps) {
        if (step === 'ApproveRecipeCycle') await run({ type: step, cycleId, remark: '' });
        else await run({ type: step, cycleId, approvalEnabled: true });
      }
    }
  }
  return events;
}
