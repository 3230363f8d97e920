// The meal allocation programme on examples small enough to solve by hand, solved by the real HiGHS (WebAssembly).
//
// Two dishes for one day and one age group, portions of 100 g (so each dosage lies in [50, 200] g):
//   A (rice):  1.3 kcal, 0.03 g protein, 0.01 yuan per gram      B (meat): 2 kcal, 0.2 g protein, 0.05 yuan per gram
// Energy target 400 kcal at 90-110 %, protein 30 g at 80-120 %; with the 0.5 % rounding margin the programme holds
// energy in [361.8, 437.8] and protein in [24.12, 35.82].
// By hand: with B at its least (50 g) protein needs A ≥ 470.7 g (> 200), so protein binds: b = 120.6 − 0.15 a. Along
// it the cost is 6.03 + 0.0025 a, rising with a, so a is as small as energy allows: a + 241.2 ≥ 361.8 → a = 120.6,
// b = 102.51 (102.5 to 0.1 g), cost 6.3315 yuan per person.
import { describe, expect, it } from 'vitest';
import loadHighs from 'highs';
import {
  ALLOCATION, allocationItems, allocationSettings, bandRows, buildLp, perGramOf, pricePerGram, rowHolds, solveAllocation, suggestDishes,
  type AllocationItem, type AllocationModel, type DayBands, type DishPerGram, type LpSolve,
} from '../../../domain/mealAllocation.ts';

const highs = await loadHighs();
const solve: LpSolve = (lp, options) => highs.solve(lp, options) as never;

const perGram = (nutrients: DishPerGram['nutrients'], cost: number, groups: Record<string, number> = {}): DishPerGram =>
  ({ nutrients, unknownNutrients: [], groups, cost, unpricedFoods: [] });

const item = (dishId: string, pg: DishPerGram, over: Partial<AllocationItem> = {}): AllocationItem => ({
  key: `9-11|0|3|${dishId}`, dishId, dishName: dishId, day: 0, mealCode: 3, ageRanges: ['9-11'], current: { '9-11': 100 }, portion: 100,
  min: 50, max: 200, perGram: pg, people: 1, ...over,
});

// carbohydrate chosen so the 4/9/4 energy equals the stated kcal: A 0.03 × 4 + 0.295 × 4 = 1.3; B 0.2 × 4 + 0.1 × 9 + 0.075 × 4 = 2
const rice = item('A', perGram({ energyKcal: 1.3, protein: 0.03, cho: 0.295, vitaminC: 0.01 }, 0.01, { 谷薯类: 1 }));
const meat = item('B', perGram({ energyKcal: 2, protein: 0.2, vitaminC: 0.01, fat: 0.1, cho: 0.075 }, 0.05, { 畜禽肉类: 1 }));

const bands = (extra: Partial<DayBands> = {}): DayBands[] => [{
  day: 0, days: [0], ageRange: '9-11', foodGroups: [], energyShares: [],
  nutrients: [
    { key: 'energyKcal', target: 400, minPct: 90, maxPct: 110, unit: 'kcal' },
    { key: 'protein', target: 30, minPct: 80, maxPct: 120, unit: 'g' },
  ],
  ...extra,
}];

const modelOf = (items: AllocationItem[], b: DayBands[]): AllocationModel => ({ items, rows: bandRows(items, b) });
const clock = () => 0;

describe('the cost programme', () => {
  it('finds the hand-worked cheapest dosages and they pass every stated band', async () => {
    const model = modelOf([rice, meat], bands());
    const out = await solveAllocation(solve, model, 10_000, clock);
    expect(out.status).toBe('optimal');
    if (out.status !== 'optimal') return;
    expect(out.dosages[rice.key]).toBeCloseTo(120.6, 1);
    expect(out.dosages[meat.key]).toBeCloseTo(102.5, 1);
    expect(out.cost).toBeCloseTo(0.01 * 120.6 + 0.05 * 102.5, 3);
    for (const r of model.rows) expect(rowHolds(r, out.dosages)).toBe(true);
  });

  it('weighs cost by the eaters but not the dosages of an age group on its own', async () => {
    const many = modelOf([{ ...rice, people: 300 }, { ...meat, people: 300 }], bands());
    const out = await solveAllocation(solve, many, 10_000, clock);
    expect(out.status).toBe('optimal');
    if (out.status === 'optimal') {
      expect(out.dosages[rice.key]).toBeCloseTo(120.6, 1);
      expect(out.cost).toBeCloseTo(300 * (0.01 * 120.6 + 0.05 * 102.5), 1);
    }
  });

  it('holds the fat share of energy inside its band', async () => {
    // fat at 9 kcal/g: B alone gives 0.9 / 2 = 45 % of its energy from fat, A none; 20-30 % asks for a mix
    const model = modelOf([rice, meat], bands({ energyShares: [{ key: 'fat', kcalPerGram: 9, minPct: 20, maxPct: 30 }] }));
    const out = await solveAllocation(solve, model, 10_000, clock);
    expect(out.status).toBe('optimal');
    if (out.status !== 'optimal') return;
    const a = out.dosages[rice.key];
    const b = out.dosages[meat.key];
    const share = (100 * 9 * 0.1 * b) / (1.3 * a + 2 * b);
    expect(share).toBeGreaterThanOrEqual(20);
    expect(share).toBeLessThanOrEqual(30);
    // the hand-worked optimum has 9 × 0.1 × 102.51 / 361.8 = 25.5 % of its energy from fat, already inside: same dosages
    expect(a).toBeCloseTo(120.6, 1);
  });

  it('holds the average day of several days (a week) to the band, each day free inside it', async () => {
    // the same two dishes on day 0 and day 1, the week's energy at 90-110 % of 400 kcal on average
    const day1 = (i: AllocationItem): AllocationItem => ({ ...i, key: i.key.replace('|0|', '|1|'), day: 1 });
    const items = [rice, meat, day1(rice), day1(meat)];
    const week: DayBands[] = [{ ...bands()[0], day: null, days: [0, 1] }];
    const model = modelOf(items, week);
    expect(model.rows[0].terms.map((t) => t.coef)).toEqual([0.65, 1, 0.65, 1]);
    const out = await solveAllocation(solve, model, 10_000, clock);
    expect(out.status).toBe('optimal');
    if (out.status !== 'optimal') return;
    // the same cheapest day twice: the average day is the hand-worked one
    expect((out.dosages[rice.key] + out.dosages[day1(rice).key]) / 2).toBeCloseTo(120.6, 1);
    for (const r of model.rows) expect(rowHolds(r, out.dosages)).toBe(true);
  });

  it('writes a CPLEX LP the solver reads, bounds from the dish portions, margins inside the bands', async () => {
    const lp = buildLp(modelOf([rice, meat], bands()));
    expect(lp).toContain('Minimize');
    expect(lp).toContain(' r0lo: + 1.3 x0 + 2 x1 >= 361.8');
    expect(lp).toContain(' r0hi: + 1.3 x0 + 2 x1 <= 437.8');
    expect(lp).toContain(' r1lo: + 0.03 x0 + 0.2 x1 >= 24.12');
    expect(lp).toContain(' r1hi: + 0.03 x0 + 0.2 x1 <= 35.82');
    expect(lp).toContain(' 50 <= x0 <= 200');
  });
});

describe('when no dosage works', () => {
  it('names the constraint that cannot be met, with what the dishes reach at best', async () => {
    // vitamin C: 0.01 mg per gram of either dish, at most 4 mg from 400 g; 80 % of 50 mg is 40 mg
    const model = modelOf([rice, meat], bands({ nutrients: [...bands()[0].nutrients, { key: 'vitaminC', target: 50, minPct: 80, maxPct: null, unit: 'mg' }] }));
    const out = await solveAllocation(solve, model, 10_000, clock);
    expect(out.status).toBe('infeasible');
    if (out.status !== 'infeasible') return;
    expect(out.unmet.map((u) => [u.row.subject, u.side])).toEqual([['vitaminC', 'min']]);
    expect(out.unmet[0].needed).toBe(40);
    // the true most: both dishes at 200 g → 0.01 × 400 = 4 mg, 8 % of 50 mg; out of reach on its own
    expect(out.unmet[0]).toMatchObject({ reached: 4, percent: 8, reachable: false });
  });

  it('names a food group no dish of the meal holds', async () => {
    const model = modelOf([rice, meat], bands({ foodGroups: [{ group: '蔬菜类', target: 150, min: 120, max: 180 }] }));
    const out = await solveAllocation(solve, model, 10_000, clock);
    expect(out.status).toBe('infeasible');
    if (out.status === 'infeasible') expect(out.unmet.map((u) => [u.row.kind, u.row.subject, u.reached])).toEqual([['foodGroup', '蔬菜类', 0]]);
  });

  it('suggests library dishes that bring what is missing, not those already served', async () => {
    const model = modelOf([rice, meat], bands({ nutrients: [{ key: 'vitaminC', target: 50, minPct: 80, maxPct: null, unit: 'mg' }] }));
    const out = await solveAllocation(solve, model, 10_000, clock);
    if (out.status !== 'infeasible') throw new Error(out.status);
    const library = [
      { id: 'A', name: 'A', portion: 100, perGram: rice.perGram },
      { id: 'broccoli', name: '清炒西兰花', portion: 120, perGram: perGram({ vitaminC: 0.8 }, 0.02) },
      { id: 'tomato', name: '番茄炒蛋', portion: 150, perGram: perGram({ vitaminC: 0.1 }, 0.02) },
      { id: 'tofu', name: '麻婆豆腐', portion: 150, perGram: perGram({ vitaminC: 0 }, 0.02) },
    ];
    expect(suggestDishes(out.unmet[0], library, model).map((s) => [s.dishId, s.amount])).toEqual([['broccoli', 96], ['tomato', 15]]);
  });

  it('gives up when the solver reports its time limit, with no second solve', async () => {
    let calls = 0;
    const slow: LpSolve = () => { calls++; return { Status: 'Time limit reached', ObjectiveValue: 0, Columns: {} }; };
    const model = modelOf([rice, meat], bands());
    expect(await solveAllocation(slow, model, 10_000, clock)).toEqual({ status: 'timeout' });
    expect(calls).toBe(1);
  });

  it('gives up once the time is spent', async () => {
    const model = modelOf([rice, meat], bands());
    expect(await solveAllocation(solve, model, 100, () => 200)).toEqual({ status: 'timeout' });
  });
});

describe('prices and per-gram figures', () => {
  it('prices an edible gram by the SKU grams and the food share of it', async () => {
    // 18.8 yuan for 500 g of which 90 % is the food: 18.8 / 450 yuan per gram
    expect(pricePerGram(18.8, 500, 0.9)).toBeCloseTo(18.8 / 450, 10);
    expect(pricePerGram(18.8, null, 0.9)).toBeNull();
  });

  it('adds a dish up per gram of it, naming unpriced foods and unknown nutrients', async () => {
    const pg = perGramOf([
      { foodId: 'rice', weight: 80, net: 80, per100g: { energyKcal: 360, protein: 7 }, group: '谷薯类', pricePerGram: 0.006 },
      { foodId: 'egg', weight: 20, net: 20, per100g: { energyKcal: 143, protein: 12.56, vitaminC: null }, group: '蛋类', pricePerGram: null },
    ], 100);
    expect(pg.nutrients.energyKcal).toBeCloseTo(0.8 * 3.6 + 0.2 * 1.43, 10);
    expect(pg.nutrients.protein).toBeCloseTo(0.8 * 0.07 + 0.2 * 0.1256, 10);
    expect(pg.groups).toEqual({ 谷薯类: 0.8, 蛋类: 0.2 });
    expect(pg.cost).toBeCloseTo(0.8 * 0.006, 10);
    expect(pg.unpricedFoods).toEqual(['egg']);
    expect(pg.unknownNutrients).toContain('vitaminC');
  });

  it('keeps its limits where the decider keeps them', async () => {
    expect(ALLOCATION.minShare).toBeLessThan(1);
    expect(ALLOCATION.maxShare).toBeGreaterThan(1);
  });
});

describe('the settings of §3 recipeConfig.aiMealsAllocate', () => {
  it('defaults: off, the default label, personal mode only', async () => {
    expect(allocationSettings(undefined, '智能配餐')).toEqual({ enable: false, label: '智能配餐', tip: '', peopleTip: '', modes: ['personal'], defaultChecked: false, recommend: false });
    expect(allocationSettings({ enable: true, label: '  ' }, '智能配餐').label).toBe('智能配餐');
  });
  it('people mode when switched on; personal mode too only when it is switched on as well', async () => {
    expect(allocationSettings({ peopleModeAIEnable: true }, 'x').modes).toEqual(['people']);
    expect(allocationSettings({ peopleModeAIEnable: true, personalModeEnable: true }, 'x').modes).toEqual(['personal', 'people']);
  });
});

describe('people mode: one dosage per dish for every age group', () => {
  it('shares one variable between the groups, holds each group to its own bands and weighs cost by all eaters', async () => {
    const dishes = new Map([rice, meat].map((d) => [d.dishId, { id: d.dishId, name: d.dishId, portion: 100, perGram: d.perGram }]));
    const cells = [{ day: 0, mealCode: 3, dishId: 'A', dosages: { '9-11': 100, '12-14': 120 } }, { day: 0, mealCode: 3, dishId: 'B', dosages: {} }];
    const groups = [{ ageRange: '9-11', people: 100 }, { ageRange: '12-14', people: 50 }];
    const items = allocationItems(cells, dishes, groups, 'people', 1000);
    expect(items.map((i) => [i.key, i.ageRanges, i.people, i.current])).toEqual([
      ['*|0|3|A', ['9-11', '12-14'], 150, { '9-11': 100, '12-14': 120 }],
      ['*|0|3|B', ['9-11', '12-14'], 150, { '9-11': 100, '12-14': 100 }],
    ]);
    // 12-14 needs more energy (500 kcal at 90-110 %) than 9-11 allows (400 at most 110 %): one dosage cannot serve both
    const both: DayBands[] = [bands()[0], { ...bands()[0], ageRange: '12-14', nutrients: [{ key: 'energyKcal', target: 500, minPct: 90, maxPct: 110, unit: 'kcal' }] }];
    const out = await solveAllocation(solve, modelOf(items, both), 10_000, clock);
    expect(out.status).toBe('infeasible');
    // personal mode gives each group its own dosages, and both are met
    const personal = allocationItems(cells, dishes, groups, 'personal', 1000);
    expect(personal).toHaveLength(4);
    expect((await solveAllocation(solve, modelOf(personal, both), 10_000, clock)).status).toBe('optimal');
  });
});

// Issue 30: a "why not" figure is the row's true limit over the dosage bounds (its own small programme), never the
// compromise the elastic programme settled on. Real dishes of foods.json, bands from the standards as the server builds them.
describe('the reasons quote true limits (foods.json, standards.json)', async () => {
  const fs = await import('node:fs');
  const { allocationBands } = await import('../../../domain/mealAllocationStandards.ts');
  const { RECIPE_LIMITS } = await import('../../../domain/recipeCycle.ts');
  const { rowLimit, unmetText } = await import('../../../domain/mealAllocation.ts');
  const foods = new Map((JSON.parse(fs.readFileSync('server/data/foods.json', 'utf8')) as { foods: { id: string; group: string; per100g: Record<string, number | null> }[] }).foods
    .map((f) => [f.id, f]));
  const dish = (id: string, lines: [string, number][]) => {
    const portion = lines.reduce((s, [, w]) => s + w, 0);
    return {
      id, name: id, portion,
      perGram: perGramOf(lines.map(([foodId, weight]) => ({ foodId, weight, net: weight, per100g: foods.get(foodId)!.per100g, group: foods.get(foodId)!.group, pricePerGram: 0.001 })), portion),
    };
  };
  const problemOf = (ageRange: string, dishes: ReturnType<typeof dish>[]) => {
    const items = allocationItems(dishes.map((d) => ({ day: 0, mealCode: 3, dishId: d.id, dosages: {} })), new Map(dishes.map((d) => [d.id, d])), [{ ageRange, people: 1 }], 'personal', RECIPE_LIMITS.dosageMaxG);
    return modelOf(items, allocationBands(ageRange, [{ day: 0, mealCodes: [3] }], 'day'));
  };
  const names = { subject: 'x', day: '第 1 天', meal: null };

  it('a one-dish lunch of rice 130 g for 6-8: energy can reach 949 kcal at the allowed 260 g, so it is not "at most 523"', async () => {
    // 20444 籼米 365 kcal/100 g; bounds ½–2 portions = 65–260 g → energy 237.25–949 kcal; the 6-8 lunch needs
    // 90 % of (1700 + 1550) / 2 × 0.4 = 585 kcal: reachable alone, so it fails only against 谷薯类 (at most
    // 120 × 120 % = 144 g of rice = 525.6 kcal)
    const model = problemOf('6-8', [dish('rice', [['20444', 130]])]);
    const energy = model.rows.find((r) => r.subject === 'energyKcal')!;
    expect(rowLimit(model, energy, 'max')).toBeCloseTo(949, 6);
    expect(rowLimit(model, energy, 'min')).toBeCloseTo(237.25, 6);
    const out = await solveAllocation(solve, model, 10_000, clock);
    if (out.status !== 'infeasible') throw new Error(out.status);
    const e = out.unmet.find((u) => u.row.subject === 'energyKcal');
    const grain = out.unmet.find((u) => u.row.subject === '谷薯类');
    // the elastic programme may give up either side of the conflict; whichever it names carries the true limit
    expect(e ?? grain).toBeDefined();
    if (e) {
      expect(e).toMatchObject({ side: 'min', needed: 585, reached: 949, reachable: true });
      expect(unmetText(e, names)).not.toContain('最多只能达到');
      expect(unmetText(e, names)).toContain('最多可达 949 kcal');
    }
    if (grain) expect(grain).toMatchObject({ side: 'max', needed: 144, reached: 65, reachable: true });
    // the vegetables no dish holds: truly at most 0 g, said as such
    const veg = out.unmet.find((u) => u.row.subject === '蔬菜类')!;
    expect(veg).toMatchObject({ side: 'min', reached: 0, reachable: false });
    expect(unmetText(veg, names)).toContain('最多只能达到 0 g');
  });

  it('rice 130 g and spinach 120 g for 9-11: calcium can reach 310.4 mg, above the 272 mg needed', () => {
    // 20444 籼米 28 mg/100 g × 260 g = 72.8 mg; 11457 菠菜 99 mg/100 g × 240 g = 237.6 mg; sum 310.4 mg;
    // 9-11 lunch calcium 850 × 0.4 = 340 mg, at least 80 % = 272 mg
    const model = problemOf('9-11', [dish('rice', [['20444', 130]]), dish('spinach', [['11457', 120]])]);
    const calcium = model.rows.find((r) => r.subject === 'calcium')!;
    expect(calcium.min).toBeCloseTo(272, 9);
    expect(rowLimit(model, calcium, 'max')).toBeCloseTo(310.4, 6);
  });

  it('the most fat share two dishes can give over their bounds, by bisection on the 4/9/4 ratio', () => {
    // A: 0.03 g protein + 0.295 g carbohydrate = 1.3 kcal/g, no fat; B: 0.9 of its 2 kcal/g from fat.
    // Most fat share: A at least (50 g: 65 kcal), B at most (200 g: 400 kcal, 180 from fat) → 180 / 465 = 38.709677 %;
    // least: A 200 g (260 kcal), B 50 g (100 kcal, 45 from fat) → 45 / 360 = 12.5 %
    const model = modelOf([rice, meat], bands({ energyShares: [{ key: 'fat', kcalPerGram: 9, minPct: 20, maxPct: 30 }] }));
    const fatRow = model.rows.find((r) => r.kind === 'energyShare')!;
    expect(rowLimit(model, fatRow, 'max')).toBeCloseTo(38.709677, 5);
    expect(rowLimit(model, fatRow, 'min')).toBeCloseTo(12.5, 5);
  });
});
