// Words of the nutrition screens (issue 10) for codes domain/ keeps: age groups, the meals a calculator total is
// measured against, analysis verdicts. Lingui messages, so each screen shows them in the user's language.
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { MEAL_CODES } from '../../../../domain/constants.ts';

/** "9-11 岁" */
export const ageGroupLabel = (i18n: I18n, ageGroup: string) => i18n._(msg`${ageGroup} 岁`);

/** The calculator measures a total against the whole day or one main meal's §9 share. */
export const calculatorMeals = ['day', 'breakfast', 'lunch', 'dinner'] as const;
export type CalculatorMeal = (typeof calculatorMeals)[number];
/** §9 meal code of a calculator meal (the whole day: every main meal) */
export const calculatorMealCodes: Record<CalculatorMeal, number[]> = {
  day: [MEAL_CODES['早餐'], MEAL_CODES['午餐'], MEAL_CODES['晚餐']],
  breakfast: [MEAL_CODES['早餐']],
  lunch: [MEAL_CODES['午餐']],
  dinner: [MEAL_CODES['晚餐']],
};

const CALCULATOR_MEAL_LABELS: Record<CalculatorMeal, MessageDescriptor> = {
  day: msg`全天`, breakfast: msg`早餐`, lunch: msg`午餐`, dinner: msg`晚餐`,
};

export function useMealLabel() {
  const { i18n } = useLingui();
  return (m: CalculatorMeal) => i18n._(CALCULATOR_MEAL_LABELS[m]);
}
