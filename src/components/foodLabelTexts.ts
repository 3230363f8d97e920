// Issue 28: the food label's built-in words in the console's language. domain/foodLabel.ts writes the §3 defaults
// in zh-CN (the field names, the groups, the built-in options and units, the default remark and salt tip) and the
// stored configuration keeps them so; the settings screen and the printed labels show them through these catalogue
// entries, keyed by that zh-CN text. What an org typed itself (a custom name or option, its own remark) has no entry
// and is shown as written. tests/unit/foodLabelTexts.test.ts holds every built-in text of the domain to an entry
// here, word for word, translated in both catalogues.
import { useMemo } from 'react';
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { LabelWords } from '../../domain/nutritionLabel.ts';

export const FOOD_LABEL_TEXTS: Record<string, MessageDescriptor> = {
  // groups
  '食品基本信息': msg`食品基本信息`,
  '食品日期信息': msg`食品日期信息`,
  '生产者信息': msg`生产者信息`,
  '发货方信息': msg`发货方信息`,
  '收货方信息': msg`收货方信息`,
  '其他': msg`其他`,
  // the fields' default names
  '食品名称': msg`食品名称`,
  '配料表': msg`配料表`,
  '产品类别': msg`产品类别`,
  '致敏物质': msg`致敏物质`,
  '贮存条件': msg`贮存条件`,
  '食用方法': msg`食用方法`,
  '净含量': msg`净含量`,
  '价格': msg`价格`,
  '生产日期': msg`生产日期`,
  '保质期': msg`保质期`,
  '生产批号': msg`生产批号`,
  '生产者名称': msg`生产者名称`,
  '生产者地址': msg`生产者地址`,
  '生产者联系方式': msg`生产者联系方式`,
  '产品标准代号': msg`产品标准代号`,
  '食品生产许可证编号': msg`食品生产许可证编号`,
  '产地': msg`产地`,
  '质量等级': msg`质量等级`,
  '发货方名称': msg`发货方名称`,
  '发货方地址': msg`发货方地址`,
  '发货方联系方式': msg`发货方联系方式`,
  '收货方名称': msg`收货方名称`,
  '收货方地址': msg`收货方地址`,
  '收货方联系方式': msg`收货方联系方式`,
  '备注': msg`备注`,
  // built-in options
  '菜品名称': msg`菜品名称`,
  '日期+餐次': msg`日期+餐次`,
  '星期+餐次': msg`星期+餐次`,
  '菜品名称集合': msg`菜品名称集合`,
  '按食材名称': msg`按食材名称`,
  '食材名称及用量': msg`食材名称及用量`,
  '食谱日期当天': msg`食谱日期当天`,
  '食谱日期前一天': msg`食谱日期前一天`,
  '星期当天': msg`星期当天`,
  '星期前一天': msg`星期前一天`,
  // net content units
  '克': msg`克`,
  '千克': msg`千克`,
  '毫升': msg`毫升`,
  '升': msg`升`,
  '厘米': msg`厘米`,
  '米': msg`米`,
  // grades
  '优等品': msg`优等品`,
  '一等品': msg`一等品`,
  '合格品': msg`合格品`,
  // default values
  '食物多样，合理搭配；吃动平衡，健康体重；多吃蔬果、奶类、全谷、大豆；适量吃鱼、禽、蛋、瘦肉；少盐少油，控糖限酒。': msg`食物多样，合理搭配；吃动平衡，健康体重；多吃蔬果、奶类、全谷、大豆；适量吃鱼、禽、蛋、瘦肉；少盐少油，控糖限酒。`,
  '1mg钠相当于2.5mg食盐': msg`1mg钠相当于2.5mg食盐`,
  '无': msg`无`,
};

/** A built-in text of the food label in the active language; any other text (the org's own) as it is. */
export const foodLabelText = (i18n: I18n, zhCN: string): string =>
  Object.hasOwn(FOOD_LABEL_TEXTS, zhCN) ? i18n._(FOOD_LABEL_TEXTS[zhCN]!) : zhCN;

/** The label's words (domain/nutritionLabel.ts LabelWords) in the active language. */
export function labelWordsOf(i18n: I18n): LabelWords {
  const weekday = new Intl.DateTimeFormat(i18n.locale, { weekday: 'long', timeZone: 'UTC' });
  return {
    text: (zhCN) => foodLabelText(i18n, zhCN),
    weekday: (day) => weekday.format(new Date(`${day}T00:00:00Z`)),
    weekdayAndMeal: (weekdayName, mealName) => i18n._(msg`${weekdayName}${mealName}`),
    amount: (value, unit) => i18n._(msg`${value}${unit}`),
    period: (value, unit) => i18n._(unit === 'd' ? msg`${value}天` : unit === 'h' ? msg`${value}小时` : msg`${value}分钟`),
  };
}

/** foodLabelText and the label's words, new when the language changes. */
export function useFoodLabelTexts(): { text: (zhCN: string) => string; words: LabelWords } {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useMemo(() => ({ text: (zhCN: string) => foodLabelText(i18n, zhCN), words: labelWordsOf(i18n) }), [i18n, locale]);
}
