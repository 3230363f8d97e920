// Issue 10's demo week (server/seed/seedRecipeCycles FIXABLE_WEEK, the first week of 阳光实验小学's published cycle)
// fails the WS/T 554 analysis for 9-11 at the dishes' portions, and dosages between half and twice each portion
// exist that bring every verdict of the week's average day inside its band: a linear programme over those dosages
// (HiGHS) finds them, and the analysis of the week at those dosages passes. If the demo dishes or the standard's
// figures change so that smart allocation could no longer fix the week, this fails.
import fs from 'node:fs';
import loadHighs from 'highs';
import { describe, expect, it } from 'vitest';
import { FIXABLE_WEEK } from '../../../server/seed/seedRecipeCycles.ts';
import { DEMO_DISHES } from '../../../server/seed/demoDishes.ts';
import { analyseDays, calculate, type AnalysisFood, type AnalysisMeal, type FoodLookup } from '../../../domain/nutritionAnalysis.ts';
import {
  TARGET_NUTRIENTS, energyRatioRanges, foodAmountBand, nutrientBand, targetsForMeals,
} from '../../../domain/nutritionStandards.ts';
import { weightTypeOf } from '../../../domain/nutrition.ts';

const foods = (JSON.parse(fs.readFileSync('server/data/foods.json', 'utf8')) as { foods: (AnalysisFood & { id: string })[] }).foods
  .map((f) => ({ ...f, foodId: f.id }));
const byName = new Map(foods.map((f) => [f.nameZh, f]));
const byId = new Map(foods.map((f) => [f.foodId, f]));
const lookup: FoodLookup = (id) => byId.get(id);

interface Occurrence { day: number; mealCode: number; name: string; lines: { foodId: string; weight: number }[]; weightType: 'net' | 'gross'; portion: number }

const occurrences: Occurrence[] = FIXABLE_WEEK.flatMap((cell) => cell.dishes.map((name) => {
  const dish = DEMO_DISHES.find((d) => d.name === name)!;
  const lines = dish.lines.map(([food, weight]) => ({ foodId: byName.get(food)!.foodId, weight }));
  return { day: cell.day, mealCode: cell.mealCode, name, lines, weightType: weightTypeOf(dish.dosageMode), portion: lines.reduce((s, l) => s + l.weight, 0) };
}));
const days = [...new Set(occurrences.map((o) => o.day))].sort((a, b) => a - b);

/** The week's days with each dish at `grams[i]` per person. */
function weekAt(grams: readonly number[]): AnalysisMeal[][] {
  return days.map((day) => {
    const meals = new Map<number, AnalysisMeal>();
    occurrences.forEach((o, i) => {
      if (o.day !== day) return;
      const meal = meals.get(o.mealCode) ?? { mealCode: o.mealCode, dishes: [] };
      meal.dishes.push({ name: o.name, items: o.lines.map((l) => ({ foodId: l.foodId, weight: (l.weight * grams[i]) / o.portion, weightType: o.weightType })) });
      meals.set(o.mealCode, meal);
    });
    return [...meals.values()];
  });
}

describe('the demo week smart allocation is to fix', () => {
  it('names only dishes and foods that exist', () => {
    expect(occurrences.every((o) => o.lines.every((l) => byId.has(l.foodId)))).toBe(true);
    expect(days).toEqual([0, 1, 2, 3, 4]);
  });

  it('fails for 9-11 at the portions, and passes at dosages of ½–2 portions a linear programme finds', async () => {
    const portions = occurrences.map((o) => o.portion);
    const before = analyseDays(weekAt(portions), lookup, { ageGroup: '9-11' });
    expect(before.pass).toBe(false);
    expect(before.advice.length).toBeGreaterThan(0);

    // per gram of each dish: nutrients and food-group grams (a value no food knows counts 0, as the analysis sums)
    const perGram = occurrences.map((o) => {
      const c = calculate(o.lines.map((l) => ({ ...l, weightType: o.weightType })), lookup);
      const groups = new Map<string, number>();
      c.items.forEach((it) => { const g = byId.get(it.foodId)!.group; groups.set(g, (groups.get(g) ?? 0) + (it.netWeight ?? 0) / o.portion); });
      return { n: (k: string) => (c.total[k as keyof typeof c.total] ?? 0) / o.portion, groups };
    });
    // the average day's targets: the mean of each day's targets for the meals it serves (as analyseDays judges)
    const targets = days.map((d) => targetsForMeals('9-11', FIXABLE_WEEK.filter((c) => c.day === d).map((c) => c.mealCode)));
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const n = days.length;
    const margin = 0.01;
    const rows: string[] = [];
    const row = (name: string, coef: (i: number) => number, lo: number | null, hi: number | null) => {
      const expr = occurrences.map((_, i) => `${coef(i) >= 0 ? '+' : '-'} ${Math.abs(coef(i)).toFixed(9)} x${i}`).join(' ');
      if (lo !== null) rows.push(` ${name}_lo: ${expr} >= ${lo}`);
      if (hi !== null) rows.push(` ${name}_hi: ${expr} <= ${hi}`);
    };
    for (const key of TARGET_NUTRIENTS) {
      const t = mean(targets.map((x) => x.nutrients[key]!));
      const band = nutrientBand(key);
      row(key, (i) => perGram[i].n(key) / n, (t * band.minPct) / 100 * (1 + margin), band.maxPct === null ? null : (t * band.maxPct) / 100 * (1 - margin));
    }
    const gBand = foodAmountBand();
    for (const g of targets[0].foodGroups.map((x) => x.group)) {
      const min = mean(targets.map((x) => x.foodGroups.find((y) => y.group === g)!.min));
      const max = mean(targets.map((x) => x.foodGroups.find((y) => y.group === g)!.max));
      // salt and cooking oil are ceilings (issue 30); salt is the sodium of every food × 2.54 / 1000
      if (g === '盐') row('salt', (i) => (perGram[i].n('sodium') * 2.54) / 1000 / n, null, max * (1 - margin));
      else if (g === '植物油') row('oil', (i) => (perGram[i].groups.get(g) ?? 0) / n, null, max * (1 - margin));
      else row(`g${g}`, (i) => (perGram[i].groups.get(g) ?? 0) / n, (min * gBand.minPct) / 100 * (1 + margin), (max * gBand.maxPct!) / 100 * (1 - margin));
    }
    // fat and carbohydrate energy % at 4/9/4 of 4P + 9F + 4C (issue 30): f × grams − p × that energy kept on the right side of 0
    const ratios = energyRatioRanges('9-11');
    const macro = (i: number) => 4 * perGram[i].n('protein') + 9 * perGram[i].n('fat') + 4 * perGram[i].n('cho');
    for (const [key, factor] of [['fat', 9], ['cho', 4]] as const) {
      const { minPct, maxPct } = ratios[key];
      row(`${key}min`, (i) => factor * perGram[i].n(key) - ((minPct! + 0.5) / 100) * macro(i), 0, null);
      row(`${key}max`, (i) => factor * perGram[i].n(key) - ((maxPct! - 0.5) / 100) * macro(i), null, 0);
    }
    const lp = [
      'Minimize', ` obj: ${occurrences.map((_, i) => `x${i}`).join(' + ')}`, 'Subject To', ...rows,
      'Bounds', ...occurrences.map((o, i) => ` ${o.portion / 2} <= x${i} <= ${o.portion * 2}`), 'End',
    ].join('\n');
    const highs = await loadHighs();
    const solution = highs.solve(lp, {});
    expect(solution.Status).toBe('Optimal');
    // Optimal: every column carries its value
    const grams = occurrences.map((_, i) => (solution.Columns[`x${i}`] as { Primal: number }).Primal);

    const after = analyseDays(weekAt(grams), lookup, { ageGroup: '9-11' });
    expect(after.energy.verdict).toBe('ok');
    expect(after.nutrients.filter((x) => x.verdict !== 'ok' && x.verdict !== 'noTarget')).toEqual([]);
    expect(after.energyRatios.map((r) => [r.key, r.verdict])).toEqual([['protein', 'noTarget'], ['fat', 'ok'], ['cho', 'ok']]);
    expect(after.foodGroups.filter((g) => g.verdict !== 'ok')).toEqual([]);
    expect(after.scores.total).toBeGreaterThanOrEqual(80);
    expect(after.pass).toBe(true);
  });
});
