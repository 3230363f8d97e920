// Energy shares of protein, fat and carbohydrate (issue 30): the % of energy each gives, computed from the same
// energy the shares are divided by, so they always add up to 100 % and no food can read above 100 %.
// - WS/T 554-2017 (学生餐营养指南: its table of daily energy and nutrients gives fat 20–30 % and carbohydrate
//   50–65 % of energy; standards.json dailyTargets) states the ranges as shares of energy at the Atwater factors of Chinese dietary practice: protein 4, fat 9 and
//   carbohydrate 4 kcal/g (中国居民膳食营养素参考摄入量). The energy divided by is that same 4P + 9F + 4C, not the
//   food table's kcal (SR28 uses food-specific factors: white sugar 387 kcal for 99.98 g carbohydrate, so
//   17 kJ/g ÷ the table's kcal read 104.9 % carbohydrate energy).
// - foods.json carbohydrate is "by difference" (SR28 205) and includes fibre; it is counted as WS/T 554 and the
//   Chinese food composition tables count carbohydrate, at 4 kcal/g. Label energy (GB 28050) is a different rule
//   with its own factors: domain/nutritionLabel.ts.
// Pure; the analysis (domain/nutritionAnalysis.ts) and the allocation rows (domain/mealAllocationStandards.ts) both
// read it, so the optimiser holds the very share the analysis judges.

/** kcal per gram at the WS/T 554 (Atwater) factors. */
export const MACRO_KCAL_PER_GRAM = { protein: 4, fat: 9, cho: 4 } as const;
export type MacroKey = keyof typeof MACRO_KCAL_PER_GRAM;
/** The macronutrients whose share of energy the analysis reports, in the order shown. */
export const MACRO_KEYS: readonly MacroKey[] = ['protein', 'fat', 'cho'];

export interface Macros { protein: number | null; fat: number | null; cho: number | null }

/** kcal from protein, fat and carbohydrate at 4/9/4; null when any of them is unknown (a share of part of it is meaningless). */
export function macroEnergyKcal(m: Macros): number | null {
  if (m.protein === null || m.fat === null || m.cho === null) return null;
  return m.protein * MACRO_KCAL_PER_GRAM.protein + m.fat * MACRO_KCAL_PER_GRAM.fat + m.cho * MACRO_KCAL_PER_GRAM.cho;
}

/**
 * The % of energy from each macronutrient, each = its kcal at 4/9/4 ÷ (4P + 9F + 4C) × 100, rounded to 6 decimals
 * (§9). Null shares when a macronutrient is unknown or the energy is 0 (water, salt).
 */
export function energySharesPct(m: Macros): Record<MacroKey, number | null> {
  const total = macroEnergyKcal(m);
  const share = (k: MacroKey) => {
    const grams = m[k];
    if (total === null || !(total > 0) || grams === null) return null;
    return Math.round(((grams * MACRO_KCAL_PER_GRAM[k]) / total) * 100 * 1e6) / 1e6;
  };
  return { protein: share('protein'), fat: share('fat'), cho: share('cho') };
}
