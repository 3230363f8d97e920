// recipeSport 运动处方 (issue 35, §3 groups EnergyDemandFormula and sportPAL): an exercise prescription as it is stored
// on a class's custom people group, and the energy target it gives. The formulas and levels it names are those of
// domain/energyDemand.ts (the EnergyDemandFormula group's two weight-only BMR equations, WHO/FAO/UNU 1985 and
// Schofield 1985; the sportPAL group's three lifestyle levels of FAO/WHO/UNU 2004), the activities those of the MET
// table (domain/sportMet.ts, Ainsworth 2011). The server computes the target from the prescription: the figure a
// client shows is never taken as the group's target.
import { classEnergyKcal, ENERGY_DEMAND_FORMULAS, ENERGY_LIMITS, SPORT_PAL, type EnergyDemandFormula, type PalLevel } from './energyDemand.ts';
import { metActivity } from './sportMet.ts';

export interface PrescribedSession { activityId: string; minutesPerSession: number; sessionsPerWeek: number }

export interface SportPrescription {
  formulaId: EnergyDemandFormula['id'];
  pal: PalLevel;
  /** the class's ages (years): the group's age range; the formulas take the middle */
  minAge: number;
  maxAge: number;
  boysWeightKg: number;
  girlsWeightKg: number;
  /** share of girls in the class, 0-100 % */
  girlsSharePct: number;
  activities: PrescribedSession[];
}

export const SPORT_LIMITS = { activitiesMax: 10 } as const;

export const SPORT_TEXT = {
  /** the ranges are the screen's (ENERGY_LIMITS, SPORT_LIMITS); the refusal names what to check */
  bad: '参数错误：运动处方无效，请检查基础代谢公式、活动水平、年龄、体重、女生占比和运动项目',
} as const;

const num = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/** The prescription with its class energy target (kcal/d, rounded), or null when anything in it is out of range. */
export function prescriptionTarget(input: unknown): { prescription: SportPrescription; target: number } | null {
  if (typeof input !== 'object' || input === null) return null;
  const p = input as Partial<Record<keyof SportPrescription, unknown>>;
  const formula = ENERGY_DEMAND_FORMULAS.find((f) => f.id === p.formulaId);
  if (!formula || typeof p.pal !== 'string' || !Object.hasOwn(SPORT_PAL, p.pal)) return null;
  const pal = p.pal as PalLevel;
  if (!num(p.minAge, ENERGY_LIMITS.ageMin, ENERGY_LIMITS.ageMax) || !num(p.maxAge, ENERGY_LIMITS.ageMin, ENERGY_LIMITS.ageMax) || p.minAge > p.maxAge) return null;
  if (!num(p.boysWeightKg, ENERGY_LIMITS.weightMin, ENERGY_LIMITS.weightMax) || !num(p.girlsWeightKg, ENERGY_LIMITS.weightMin, ENERGY_LIMITS.weightMax)) return null;
  if (!num(p.girlsSharePct, 0, 100)) return null;
  if (!Array.isArray(p.activities) || p.activities.length > SPORT_LIMITS.activitiesMax) return null;
  const activities: PrescribedSession[] = [];
  const prescribed = [];
  for (const a of p.activities as unknown[]) {
    const row = (typeof a === 'object' && a !== null ? a : {}) as Partial<Record<keyof PrescribedSession, unknown>>;
    const activity = typeof row.activityId === 'string' ? metActivity(row.activityId) : undefined;
    if (!activity || !num(row.minutesPerSession, 0, ENERGY_LIMITS.minutesMax) || !num(row.sessionsPerWeek, 0, ENERGY_LIMITS.sessionsMax)) return null;
    activities.push({ activityId: activity.id, minutesPerSession: row.minutesPerSession, sessionsPerWeek: row.sessionsPerWeek });
    prescribed.push({ activity, minutesPerSession: row.minutesPerSession, sessionsPerWeek: row.sessionsPerWeek });
  }
  const { target } = classEnergyKcal({
    formula, ageYears: (p.minAge + p.maxAge) / 2, boysWeightKg: p.boysWeightKg, girlsWeightKg: p.girlsWeightKg, girlsShare: p.girlsSharePct / 100,
    pal: SPORT_PAL[pal], activities: prescribed,
  });
  if (target === null) return null;
  return {
    prescription: {
      formulaId: formula.id, pal, minAge: p.minAge, maxAge: p.maxAge, boysWeightKg: p.boysWeightKg, girlsWeightKg: p.girlsWeightKg, girlsSharePct: p.girlsSharePct, activities,
    },
    target,
  };
}
