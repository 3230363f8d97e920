// The words of the recipe cycle screen for §9 codes (meal codes, meal patterns) and the approval statuses:
// domain/ keeps the codes, these are their translated labels.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { MEAL_PATTERN_CODES } from '../../../../domain/constants.ts';
import type { RecipeCycleStatus } from '../../../../domain/recipeCycle.ts';

export const MEAL_LABELS: Record<number, MessageDescriptor> = {
  1: msg`早餐`, 2: msg`早点`, 3: msg`午餐`, 4: msg`午点`, 5: msg`晚餐`, 6: msg`晚点`,
};

export const PATTERN_LABELS: Record<number, MessageDescriptor> = {
  [MEAL_PATTERN_CODES['一餐']]: msg`一餐`,
  [MEAL_PATTERN_CODES['一餐一点']]: msg`一餐一点`,
  [MEAL_PATTERN_CODES['一餐两点']]: msg`一餐两点`,
  [MEAL_PATTERN_CODES['一餐三点']]: msg`一餐三点`,
  [MEAL_PATTERN_CODES['两餐']]: msg`两餐`,
  [MEAL_PATTERN_CODES['两餐一点']]: msg`两餐一点`,
  [MEAL_PATTERN_CODES['两餐两点']]: msg`两餐两点`,
  [MEAL_PATTERN_CODES['两餐三点']]: msg`两餐三点`,
  [MEAL_PATTERN_CODES['三餐']]: msg`三餐`,
  [MEAL_PATTERN_CODES['三餐一点']]: msg`三餐一点`,
  [MEAL_PATTERN_CODES['三餐两点']]: msg`三餐两点`,
  [MEAL_PATTERN_CODES['三餐三点']]: msg`三餐三点`,
};

export const STATUS_LABELS: Record<RecipeCycleStatus, MessageDescriptor> = {
  draft: msg`草稿`, submitted: msg`待审核`, approved: msg`已审核`, rejected: msg`已驳回`, published: msg`已发布`, withdrawn: msg`已撤回`,
};

export const STATUS_COLORS: Record<RecipeCycleStatus, 'informative' | 'warning' | 'success' | 'danger' | 'brand' | 'subtle'> = {
  draft: 'informative', submitted: 'warning', approved: 'brand', rejected: 'danger', published: 'success', withdrawn: 'subtle',
};

/** Monday first (§9 week starts Monday). */
export const WEEKDAY_LABELS: MessageDescriptor[] = [msg`周一`, msg`周二`, msg`周三`, msg`周四`, msg`周五`, msg`周六`, msg`周日`];
