// WS/T 554 targets read from standards.json (domain/nutritionStandards.ts): the expected figures are those of
// the file (shared/data/nutrition/README.md), worked out by hand for the meals served.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  dailyTargets, energyFactorKj, foodAmountTargets, mealShareGuide, nutrientBand, foodAmountBand, servedShare, targetsForMeals, STANDARDS,
} from '../../../domain/nutritionStandards.ts';

describe('nutritionStandards', () => {
  const shared = '/work/shared/data/nutrition/standards.json';
  // the shared data folder exists on the team's machine, not necessarily in CI
  it.skipIf(!fs.existsSync(shared))('is the shared standards file unchanged', () => {
    expect(fs.readFileSync('server/data/standards.json', 'utf8')).toBe(fs.readFileSync(shared, 'utf8'));
  });
  it('reads every record', () => {
    expect(STANDARDS.wst554.dailyTargets.records).toHaveLength(48);
    expect(STANDARDS.wst554.foodAmountsPerMeal.records).toHaveLength(80);
  });

  it('daily targets: male, female and their mean for a class; a missing figure stays null with its note', () => {
    // 12-14 zinc: male 10.5, female 9.0 → mixed 9.75; calcium 950 for both
    expect(dailyTargets('12-14', 'male').zinc.value).toBe(10.5);
    expect(dailyTargets('12-14', 'female').zinc.value).toBe(9);
    expect(dailyTargets('12-14').zinc.value).toBe(9.75);
    expect(dailyTargets('12-14').calcium.value).toBe(950);
    expect(dailyTargets('6-8').energyKcal.value).toBe(1625);
    expect(dailyTargets('6-8').protein).toMatchObject({ value: null, note: expect.stringMatching(/6-8/) });
  });

  it('§9 shares: breakfast 0.2 + lunch 0.4 + dinner 0.4; snacks add none; a meal counts once', () => {
    expect(servedShare([1, 3, 5])).toBe(1);
    expect(servedShare([1, 2, 3, 4])).toBe(0.6);
    expect(servedShare([3, 3])).toBe(0.4);
    expect(servedShare([2, 4, 6])).toBe(0);
    // 15-17 breakfast + lunch: energy (2900 + 2350) / 2 = 2625 × 0.6 = 1575; vitamin C 100 × 0.6 = 60
    const t = targetsForMeals('15-17', [1, 3]);
    expect(t.nutrients.energyKcal).toBe(1575);
    expect(t.nutrients.vitaminC).toBe(60);
    expect(targetsForMeals('9-11', [2]).notes.protein).toBe('no main meal served');
  });

  it('food amounts for the meals served: breakfast plus lunchOrDinner per main meal', () => {
    // 9-11 谷薯类: breakfast 90–105, lunch/dinner 120–140 → breakfast + lunch + dinner 330–385
    const g = foodAmountTargets([1, 3, 5], '9-11');
    expect(g.find((x) => x.group === '谷薯类')).toMatchObject({ min: 330, max: 385, suspect: false });
    // 大豆类 9-11: breakfast 11, lunch 35 (suspect) → 46, suspect
    expect(foodAmountTargets([1, 3], '9-11').find((x) => x.group === '大豆类及其制品和坚果')).toMatchObject({ min: 46, max: 46, suspect: true });
    expect(foodAmountTargets([4], '9-11')).toEqual([]);
  });

  it('§5 bands and meal-share guidance from the evaluation records; GB 28050 energy factors', () => {
    expect(nutrientBand('energyKcal')).toEqual({ minPct: 90, maxPct: 110 });
    expect(nutrientBand('protein')).toEqual({ minPct: 80, maxPct: 120 });
    expect(nutrientBand('iron')).toEqual({ minPct: 80, maxPct: null });
    expect(foodAmountBand()).toEqual({ minPct: 80, maxPct: 120 });
    expect(mealShareGuide(5)).toEqual({ meal: 'dinner', minPct: 30, maxPct: 35 });
    expect(mealShareGuide(2)).toBeNull();
    // GB 28050 Appendix: protein 17, fat 37, carbohydrate 17, dietary fibre 8 kJ/g
    expect([energyFactorKj('protein'), energyFactorKj('fat'), energyFactorKj('carbohydrate'), energyFactorKj('fiber')]).toEqual([17, 37, 17, 8]);
  });
});
