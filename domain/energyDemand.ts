// §3 groups EnergyDemandFormula and sportPAL (issue 35, 运动处方): a student's daily energy need from a basal
// metabolic rate formula × a physical activity level, plus what the prescribed weekly exercise burns above rest.
//
// The formulas (the EnergyDemandFormula group's entries), weight-only predictions of BMR by sex and age band:
// - 'who1985': FAO/WHO/UNU (1985) Energy and protein requirements, WHO Technical Report Series 724, Table 5 (kcal/d).
// - 'schofield1985': Schofield WN (1985) Predicting basal metabolic rate, new standards and review of previous work,
//   Hum Nutr Clin Nutr 39 Suppl 1:5-41, the weight equations in kJ/d (as FAO/WHO/UNU 2004 Human energy requirements
//   reprints them), converted at 4.184 kJ/kcal.
// The activity levels (the sportPAL group's entries): FAO/WHO/UNU (2004) Human energy requirements, Table 4.2 lifestyle
// PAL ranges (sedentary or light 1.40-1.69, active or moderately active 1.70-1.99, vigorous 2.00-2.40), each at the
// middle of its range. The PAL stands for the students' everyday life; the prescribed sessions add their net cost:
// (MET − 1) × body weight (kg) × hours a week ÷ 7 (1 MET ≈ 1 kcal/kg/h; the 1 is the rest already counted in BMR × PAL).
import type { MetActivity } from './sportMet.ts';

export type Sex = 'male' | 'female';

/** An age band [from, to) in years with BMR = a × kg + b in the formula's unit. */
interface Band { from: number; to: number; a: number; b: number }

export interface EnergyDemandFormula {
  id: 'who1985' | 'schofield1985';
  /** kcal or kJ a day */
  unit: 'kcal' | 'kJ';
  bands: Record<Sex, readonly Band[]>;
}

const bands = (rows: [number, number, number, number][]): Band[] => rows.map(([from, to, a, b]) => ({ from, to, a, b }));

export const ENERGY_DEMAND_FORMULAS: readonly EnergyDemandFormula[] = [
  {
    id: 'who1985', unit: 'kcal',
    bands: {
      male: bands([[0, 3, 60.9, -54], [3, 10, 22.7, 495], [10, 18, 17.5, 651], [18, 30, 15.3, 679], [30, 60, 11.6, 879], [60, 150, 13.5, 487]]),
      female: bands([[0, 3, 61.0, -51], [3, 10, 22.5, 499], [10, 18, 12.2, 746], [18, 30, 14.7, 496], [30, 60, 8.7, 829], [60, 150, 10.5, 596]]),
    },
  },
  {
    id: 'schofield1985', unit: 'kJ',
    bands: {
      male: bands([[0, 3, 249, -127], [3, 10, 95, 2110], [10, 18, 74, 2754], [18, 30, 63, 2896], [30, 60, 48, 3653], [60, 150, 49, 2459]]),
      female: bands([[0, 3, 244, -130], [3, 10, 85, 2033], [10, 18, 56, 2898], [18, 30, 62, 2036], [30, 60, 34, 3538], [60, 150, 38, 2755]]),
    },
  },
];

export type PalLevel = 'light' | 'moderate' | 'vigorous';
/** FAO/WHO/UNU 2004 Table 4.2: the middle of each lifestyle's PAL range. */
export const SPORT_PAL: Readonly<Record<PalLevel, number>> = { light: 1.55, moderate: 1.85, vigorous: 2.2 };
export const PAL_RANGE = { min: 1.2, max: 2.5 } as const;

export const KJ_PER_KCAL = 4.184;

export const ENERGY_LIMITS = { weightMin: 10, weightMax: 200, ageMin: 3, ageMax: 80, minutesMax: 600, sessionsMax: 14 } as const;

/** BMR (kcal/d) of a person by a formula; null when the weight or age is outside what the formulas are for. */
export function basalKcal(formula: EnergyDemandFormula, sex: Sex, ageYears: number, weightKg: number): number | null {
  if (!(weightKg >= ENERGY_LIMITS.weightMin && weightKg <= ENERGY_LIMITS.weightMax)) return null;
  const band = formula.bands[sex].find((b) => ageYears >= b.from && ageYears < b.to);
  if (!band) return null;
  const value = band.a * weightKg + band.b;
  return formula.unit === 'kJ' ? value / KJ_PER_KCAL : value;
}

export interface PrescribedActivity { activity: MetActivity; minutesPerSession: number; sessionsPerWeek: number }

/** What the week's sessions burn above rest, as a daily average (kcal/d): Σ (MET − 1) × kg × h ÷ 7. */
export function exerciseKcalPerDay(activities: readonly PrescribedActivity[], weightKg: number): number {
  const weekly = activities.reduce((sum, a) => sum + (a.activity.met - 1) * weightKg * (a.minutesPerSession * a.sessionsPerWeek) / 60, 0);
  return weekly / 7;
}

/** Daily energy need (kcal/d): BMR × PAL + the prescribed exercise's daily average; null when BMR is. */
export function dailyEnergyKcal(input: {
  formula: EnergyDemandFormula; sex: Sex; ageYears: number; weightKg: number; pal: number; activities: readonly PrescribedActivity[];
}): number | null {
  const bmr = basalKcal(input.formula, input.sex, input.ageYears, input.weightKg);
  if (bmr === null || !(input.pal >= PAL_RANGE.min && input.pal <= PAL_RANGE.max)) return null;
  return bmr * input.pal + exerciseKcalPerDay(input.activities, input.weightKg);
}

/**
 * A class's energy target (kcal/d, rounded): the boys' and girls' needs at their average weights, weighted by the share
 * of girls; what the class's recipe people group is judged against. Null when either side cannot be computed.
 */
export function classEnergyKcal(input: {
  formula: EnergyDemandFormula; ageYears: number; boysWeightKg: number; girlsWeightKg: number; girlsShare: number; pal: number;
  activities: readonly PrescribedActivity[];
}): { male: number | null; female: number | null; target: number | null } {
  const share = Math.min(1, Math.max(0, input.girlsShare));
  const one = (sex: Sex, weightKg: number) => dailyEnergyKcal({ ...input, sex, weightKg });
  const male = share < 1 ? one('male', input.boysWeightKg) : null;
  const female = share > 0 ? one('female', input.girlsWeightKg) : null;
  const target = (share < 1 && male === null) || (share > 0 && female === null) ? null : (male ?? 0) * (1 - share) + (female ?? 0) * share;
  return { male, female, target: target === null ? null : Math.round(target) };
}
