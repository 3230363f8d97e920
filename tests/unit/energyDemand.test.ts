// Energy need of a sports class (issue 35): the formulas' figures worked by hand.
import { describe, expect, it } from 'vitest';
import { basalKcal, classEnergyKcal, dailyEnergyKcal, ENERGY_DEMAND_FORMULAS, exerciseKcalPerDay, SPORT_PAL } from '../../domain/energyDemand.ts';
import { metActivity } from '../../domain/sportMet.ts';

const who = ENERGY_DEMAND_FORMULAS.find((f) => f.id === 'who1985')!;
const schofield = ENERGY_DEMAND_FORMULAS.find((f) => f.id === 'schofield1985')!;
const basketball = metActivity('basketballGame')!;

describe('basal metabolic rate', () => {
  it('WHO 1985: a 12-year-old boy of 40 kg, 17.5 × 40 + 651 = 1351 kcal; a girl of 38 kg, 12.2 × 38 + 746 = 1209.6', () => {
    expect(basalKcal(who, 'male', 12, 40)).toBeCloseTo(1351, 6);
    expect(basalKcal(who, 'female', 12, 38)).toBeCloseTo(1209.6, 6);
  });
  it('Schofield 1985 in kJ: the same boy 74 × 40 + 2754 = 5714 kJ = 1365.68 kcal', () => {
    expect(basalKcal(schofield, 'male', 12, 40)).toBeCloseTo(5714 / 4.184, 6);
    expect(basalKcal(schofield, 'male', 12, 40)).toBeCloseTo(1365.68, 2);
  });
  it('takes the band by age, 18 starting the adult one (15.3 × 60 + 679 = 1597); refuses weights the formulas are not for', () => {
    expect(basalKcal(who, 'male', 17.9, 60)).toBeCloseTo(17.5 * 60 + 651, 6);
    expect(basalKcal(who, 'male', 18, 60)).toBeCloseTo(1597, 6);
    expect(basalKcal(who, 'male', 12, 5)).toBeNull();
    expect(basalKcal(who, 'male', 12, Number.NaN)).toBeNull();
  });
});

describe('daily energy with exercise', () => {
  it('two 45-minute basketball games a week burn (8 − 1) × 40 kg × 1.5 h = 420 kcal, 60 a day', () => {
    expect(exerciseKcalPerDay([{ activity: basketball, minutesPerSession: 45, sessionsPerWeek: 2 }], 40)).toBeCloseTo(60, 6);
  });
  it('the boy: 1351 × 1.55 + 60 = 2154.05 kcal; a PAL out of range is refused', () => {
    const activities = [{ activity: basketball, minutesPerSession: 45, sessionsPerWeek: 2 }];
    expect(dailyEnergyKcal({ formula: who, sex: 'male', ageYears: 12, weightKg: 40, pal: SPORT_PAL.light, activities })).toBeCloseTo(2154.05, 6);
    expect(dailyEnergyKcal({ formula: who, sex: 'male', ageYears: 12, weightKg: 40, pal: 3, activities })).toBeNull();
  });
  it('a half-girls class: (2154.05 + (1209.6 × 1.55 + 57)) ÷ 2 = (2154.05 + 1931.88) ÷ 2 ≈ 2043 kcal', () => {
    const r = classEnergyKcal({
      formula: who, ageYears: 12, boysWeightKg: 40, girlsWeightKg: 38, girlsShare: 0.5, pal: SPORT_PAL.light,
      activities: [{ activity: basketball, minutesPerSession: 45, sessionsPerWeek: 2 }],
    });
    expect(r.male).toBeCloseTo(2154.05, 6);
    expect(r.female).toBeCloseTo(1931.88, 6);
    expect(r.target).toBe(2043);
  });
  it('an all-boys class ignores the girls\' weight; an unknown weight leaves no target', () => {
    const base = { formula: who, ageYears: 12, boysWeightKg: 40, girlsWeightKg: 0, pal: SPORT_PAL.light, activities: [] };
    expect(classEnergyKcal({ ...base, girlsShare: 0 }).target).toBe(Math.round(1351 * 1.55));
    expect(classEnergyKcal({ ...base, girlsShare: 0.3 }).target).toBeNull();
  });
});
