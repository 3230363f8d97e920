// Salt (issue 30): what a school dietitian is asked about first. The analysis counts the salt equivalent of the
// sodium of every food served — table salt, soy sauce, bean paste, bread, cured meat alike — not the grams of the
// 盐 food group alone, and judges it against the age group's upper limit for the meals served.
// - Salt equivalent (g) = sodium (mg) × 2.54 ÷ 1000: the mass ratio of sodium chloride to sodium (58.44 ÷ 22.99
//   = 2.542), the factor 中国居民膳食指南 and the Chinese DRIs use to turn sodium into 食盐. (A GB 28050 label's salt
//   line uses the standard's own rounded factor, 2.5, from standards.json: domain/nutritionLabel.ts.)
// - The limit is WS/T 554-2017's salt amount per meal (standards.json foodAmountsPerMeal, group 盐: breakfast, or
//   lunchOrDinner), summed over the main meals served: a ceiling ("不超过"), never a target to reach. Salt and
//   cooking oil (植物油) have upper limits only, so less than the figure is never a fault ('low').
import { round6 } from './numberInput.ts';

/** g of salt per g of sodium: NaCl 58.44 g/mol ÷ Na 22.99 g/mol, to the two decimals dietary practice uses. */
export const SALT_PER_SODIUM = 2.54;

/** The WS/T 554 food group that holds table salt, whose amount is the salt equivalent of all the food served. */
export const SALT_GROUP = '盐';
/** WS/T 554 food groups given as a ceiling only (salt, cooking oil): at or under the figure is fine. */
export const UPPER_LIMIT_GROUPS: readonly string[] = [SALT_GROUP, '植物油'];
export const isUpperLimitGroup = (group: string) => UPPER_LIMIT_GROUPS.includes(group);

/** Grams of salt equivalent of some milligrams of sodium (6 decimals, §9); null stays null. */
export function saltEquivalentG(sodiumMg: number | null): number | null {
  return sodiumMg === null ? null : round6((sodiumMg * SALT_PER_SODIUM) / 1000);
}

/** An upper-limit verdict: over the limit is 'high', anything up to it 'ok'; no limit 'noTarget'; no value 'unknown'. */
export function upperLimitVerdict(value: number | null, limit: number | null): 'ok' | 'high' | 'noTarget' | 'unknown' {
  if (limit === null) return 'noTarget';
  if (value === null) return 'unknown';
  return value > limit ? 'high' : 'ok';
}
