// Demo weekly recipe cycles (issue 9), inside seedDemo's transaction and through the recipe cycle decider, so the
// seed obeys the rules a dietitian does: for each demo school a published four-week cycle starting this week's
// Monday (lunch every weekday, breakfast on Monday, Wednesday and Friday) built from the org's own seeded dishes,
// taken through submit → approve → publish, and one draft for the week after it. Idempotent: a cycle of the same
// name in the org is left alone; an org without dishes gets no cycles.
import crypto from 'node:crypto';
import type { EventMeta, Tx } from '../store/eventStore.ts';
import { decideAndAppend } from '../store/command.ts';
import { recipeCycleDecider, recipeCycleStream, type CellInput, type DishFact, type RecipeCycleCommand } from '../../domain/aggregates/recipeCycle.ts';
import { BREAKFAST, dishPortion, LUNCH, type AgeGroup } from '../../domain/recipeCycle.ts';
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
    return { id: r.id, name: r.name, category: r.category, portion: dishPortion((r.data as { lines?: unknown }).lines) };
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

/**
 * The first week of the published four-week cycle of a school feeding 9-11 (issue 10's demo): a plausible week
 * (lunch every weekday, breakfast Monday, Wednesday and Friday, fruit at every lunch, milk at every breakfast) that
 * FAILS the WS/T 554 analysis for 9-11 at the dishes' own portions (too much energy, protein and meat, too little
 * fish, iron and salt: total under 80, with advice) but whose every band can be met by dosages between half and
 * twice each portion (checked with a linear programme over the week's average day, bands tightened by 2 %), so
 * smart meal allocation can make it pass. Dish names of server/seed/demoDishes.ts; a school lacking one keeps cellsOf.
 */
export const FIXABLE_WEEK: readonly { day: number; mealCode: number; dishes: readonly string[] }[] = [
  { day: 0, mealCode: BREAKFAST, dishes: ['玉米面发糕', '红枣牛奶'] },
  { day: 0, mealCode: LUNCH, dishes: ['米饭', '番茄炒蛋', '干煸四季豆', '丝瓜蛋汤', '时令水果杯'] },
  { day: 1, mealCode: LUNCH, dishes: ['红薯饭', '红烧肉', '清炒西兰花', '海带豆腐汤', '水果拼盘'] },
  { day: 2, mealCode: BREAKFAST, dishes: ['馒头', '酸奶水果杯'] },
  { day: 2, mealCode: LUNCH, dishes: ['红薯饭', '芹菜炒肉丝', '醋溜白菜', '番茄蛋汤', '时令水果杯'] },
  { day: 3, mealCode: LUNCH, dishes: ['二米饭', '西兰花炒虾仁', '家常豆腐', '紫菜蛋花汤', '水果拼盘'] },
  { day: 4, mealCode: BREAKFAST, dishes: ['葱油花卷', '红枣牛奶'] },
  { day: 4, mealCode: LUNCH, dishes: ['红薯饭', '红烧肉', '香菇青菜', '玉米排骨汤', '时令水果杯'] },
];

/** cellsOf with its first week replaced by FIXABLE_WEEK when the school has every dish of it. */
export function cellsWithFixableWeek(dishes: readonly SeedDish[], weeks: number): CellInput[] {
  const byName = new Map(dishes.map((d) => [d.name, d.id]));
  const cells = cellsOf(dishes, weeks);
  if (!FIXABLE_WEEK.every((c) => c.dishes.every((n) => byName.has(n)))) return cells;
  return [
    ...FIXABLE_WEEK.map((c) => ({ day: c.day, mealCode: c.mealCode, dishes: c.dishes.map((n) => ({ dishId: byName.get(n)! })) })),
    ...cells.filter((c) => c.day >= 7),
  ];
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
      // issue 10: a school feeding 9-11 gets a first week that fails the analysis and smart allocation can fix
      const fixable = plan.weeks === 4 && school.ageGroups.some((g) => g.ageRange === '9-11');
      await run({ type: 'SetRecipeCells', cycleId, cells: fixable ? cellsWithFixableWeek(dishes, plan.weeks) : cellsOf(dishes, plan.weeks), dishes: facts });
      for (const step of plan.steps) {
        // the demo's history: the school approved it before anyone set who approves (issue 28)
        if (step === 'ApproveRecipeCycle') await run({ type: step, cycleId, remark: '', approverId: opts.meta.userId ?? '', ownAllowed: true });
        else if (step === 'SubmitRecipeCycle') await run({ type: step, cycleId, approvalEnabled: true, submittedBy: opts.author.userId });
        else await run({ type: step, cycleId, approvalEnabled: true });
      }
    }
  }
  return events;
}
