// Issue 13: the texts of the nutrition rules that reach the screen from the server in the source language: the
// catalogue's advice for a shortfall (domain/nutrientCatalogue.ts, one per nutrient) and the WS/T 554 food group
// names (domain/ingredients.ts FOOD_GROUPS, standards.json). The rules keep their zh-CN text, the one the spec
// gives; the screen shows it in the chosen language through these catalog entries, keyed by what the server
// sends (the nutrient key, the group name). Each entry's source text is the domain's own, word for word
// (tests/unit/nutritionTexts.test.ts), so a changed rule text shows up as a missing translation, never as a stale one.
import { useCallback } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { NutrientKey } from '../../../../domain/nutrition.ts';
import { ANALYSIS_NOTES } from '../../../../domain/nutritionAnalysis.ts';
import { TARGET_NOTES } from '../../../../domain/nutritionStandards.ts';

const ADVICE: Record<NutrientKey, MessageDescriptor> = {
  energyKcal: msg`能量不足：适当增加主食（谷薯类）的供应量，粗细搭配，保证每餐有足量的米面杂粮。`,
  protein: msg`蛋白质不足：增加鱼禽肉蛋、奶类和大豆制品，优质蛋白质宜占一半以上。`,
  fat: msg`脂肪不足：适量使用植物油，搭配少量坚果；脂肪供能宜占 20%~30%。`,
  cho: msg`碳水化合物不足：增加米饭、面食、薯类等主食，碳水化合物供能宜占 50%~65%。`,
  fiber: msg`膳食纤维不足：增加全谷物、杂豆、薯类和新鲜蔬菜水果。`,
  sodium: msg`钠摄入需控制：少用盐和高盐调味品（酱油、蚝油、豆瓣酱），多用葱姜蒜和醋调味。`,
  calcium: msg`钙不足：每天提供奶及奶制品，增加豆腐等豆制品和深绿色叶菜。`,
  iron: msg`铁不足：增加瘦畜肉、动物血和肝脏，同时搭配富含维生素 C 的蔬果促进吸收。`,
  zinc: msg`锌不足：增加贝类、瘦肉、蛋类和坚果。`,
  vitaminA: msg`维生素 A 不足：增加动物肝脏、蛋黄和胡萝卜、菠菜、南瓜等深色蔬菜。`,
  vitaminB1: msg`维生素 B1 不足：增加全谷物、杂豆和瘦猪肉，米面不宜过度精白。`,
  vitaminB2: msg`维生素 B2 不足：增加奶类、蛋类、动物肝脏和深绿色蔬菜。`,
  vitaminC: msg`维生素 C 不足：增加新鲜蔬菜和水果，蔬菜急火快炒、现做现吃以减少损失。`,
};

// Issue 28: the nutrients' names (domain/nutrientCatalogue.ts cnName), word for word, so zh-TW shows 維生素A, not
// the simplified 维生素A, and en-US the catalogue's English name (tests/unit/nutritionTexts.test.ts).
export const NUTRIENT_NAME: Record<NutrientKey, MessageDescriptor> = {
  energyKcal: msg`能量`,
  protein: msg`蛋白质`,
  fat: msg`脂肪`,
  cho: msg`碳水化合物`,
  fiber: msg`膳食纤维`,
  sodium: msg`钠`,
  calcium: msg`钙`,
  iron: msg`铁`,
  zinc: msg`锌`,
  vitaminA: msg`维生素A`,
  vitaminB1: msg`维生素B1`,
  vitaminB2: msg`维生素B2`,
  vitaminC: msg`维生素C`,
};

const FOOD_GROUP: Record<string, MessageDescriptor> = {
  '谷薯类': msg`谷薯类`,
  '蔬菜类': msg`蔬菜类`,
  '水果类': msg`水果类`,
  '畜禽肉类': msg`畜禽肉类`,
  '鱼虾类': msg`鱼虾类`,
  '蛋类': msg`蛋类`,
  '奶及奶制品': msg`奶及奶制品`,
  '大豆类及其制品和坚果': msg`大豆类及其制品和坚果`,
  '植物油': msg`植物油`,
  '盐': msg`盐`,
  '其他': msg`其他`,
};

// Why the analysis leaves an item unscored (or a target or range blank): the domain's notes, sent in English
// (domain/nutritionAnalysis.ts ANALYSIS_NOTES, domain/nutritionStandards.ts TARGET_NOTES) and the notes of
// standards.json, keyed by the text the server sends. Written `[NAME.key]:` or as the file's text in quotes, one
// entry a line, so tests/unit/nutritionTexts.test.ts can match every note the domain can give to its entry.
const NOTE: Record<string, MessageDescriptor> = {
  [ANALYSIS_NOTES.noTarget]: msg`标准未给出目标值`,
  [ANALYSIS_NOTES.noEnergyValue]: msg`没有食材有能量数据`,
  [ANALYSIS_NOTES.noValue]: msg`没有食材有该营养素的数据`,
  [ANALYSIS_NOTES.noRange]: msg`标准未给出适宜范围`,
  [ANALYSIS_NOTES.ratioUnknown]: msg`能量或该营养素未知或为 0`,
  [ANALYSIS_NOTES.asSalt]: msg`折合食盐评价（钠 × 2.54）`,
  [ANALYSIS_NOTES.asEnergyRatio]: msg`按供能比评价`,
  [ANALYSIS_NOTES.proteinByAmount]: msg`蛋白质按供给量评价`,
  [TARGET_NOTES.noRecord]: msg`标准未给出该年龄段的数值`,
  [TARGET_NOTES.noFigure]: msg`标准未给出数值`,
  [TARGET_NOTES.noMainMeal]: msg`未供应正餐，无目标值`,
  'Not available: the 6-8 figure was not among the researched public figures.': msg`暂无：已查证的公开资料中没有 6-8 岁的数值`,
};

/** A note of the analysis (why an item is not scored) in the chosen language (the note itself when unknown). */
export function useAnalysisNote(): (note: string) => string {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useCallback((n) => (Object.hasOwn(NOTE, n) ? i18n._(NOTE[n]!) : n), [i18n, locale]);
}

/** A nutrient's name in the chosen language (the catalogue's zh-CN name is the source text). */
export function useNutrientKeyName(): (key: NutrientKey) => string {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useCallback((k) => i18n._(NUTRIENT_NAME[k]), [i18n, locale]);
}

/** The advice the server gives for a nutrient's shortfall, in the chosen language (its own text when unknown). */
export function useAdviceText(): (advice: { key: string; text: string }) => string {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useCallback((a) => (a.key in ADVICE ? i18n._(ADVICE[a.key as NutrientKey]) : a.text), [i18n, locale]);
}

/** A WS/T 554 food group's name in the chosen language (the name itself when it is not one of the groups). */
export function useFoodGroupName(): (group: string) => string {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useCallback((g) => (FOOD_GROUP[g] ? i18n._(FOOD_GROUP[g]) : g), [i18n, locale]);
}
