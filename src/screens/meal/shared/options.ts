import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { PRICE_CLASSES, SEASONS, SUPPLIER_TYPES, UNITS } from '../../../../domain/constants.ts';

// §9 choices as the screens offer them (codes from domain/constants.ts; labels through Lingui)
export const PRICE_CLASS_LABELS: Record<keyof typeof PRICE_CLASSES, MessageDescriptor> = {
  jyjxj: msg`教育局询价商品`,
  dqbd: msg`短期波动`,
  cqwd: msg`长期稳定`,
};
export const SUPPLIER_TYPE_LABELS: Record<keyof typeof SUPPLIER_TYPES, MessageDescriptor> = {
  xg: msg`鲜果`,
  sxps: msg`生鲜配送`,
  jgpt: msg`监管平台`,
};
export const RAW_RIPE_LABELS: Record<'raw' | 'ripe', MessageDescriptor> = { raw: msg`生`, ripe: msg`熟` };
/** §9 seasons of a dish: stored as §9 writes them (春夏秋冬), shown in the console's language (issue 28) */
export const SEASON_LABELS: Record<(typeof SEASONS)[number], MessageDescriptor> = {
  春: msg({ context: 'season', message: '春' }),
  夏: msg({ context: 'season', message: '夏' }),
  秋: msg({ context: 'season', message: '秋' }),
  冬: msg({ context: 'season', message: '冬' }),
};
export const seasonLabel = (i18n: I18n, season: string | null | undefined): string =>
  season && Object.hasOwn(SEASON_LABELS, season) ? i18n._(SEASON_LABELS[season as keyof typeof SEASON_LABELS]) : (season ?? '');
export const UNIT_OPTIONS: readonly string[] = UNITS;
export const priceClassOf = (label: string): string | null => {
  const t = label.trim();
  if (!t) return null;
  const hit = Object.entries(PRICE_CLASSES).find(([code, name]) => code === t || name === t);
  return hit ? hit[0] : t;
};
