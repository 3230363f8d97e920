// Issue 28: the §9 units of goods (斤, 袋, 箱 …, domain/constants.ts UNITS) in the console's language. Goods, SKUs,
// orders and prices store the unit as §9 writes it (zh-CN) and keep it so; only what the screen shows goes through
// these catalogue entries. A unit outside the §9 list (an imported or older value) is shown as stored.
// tests/unit/unitNames.test.ts holds every §9 unit to an entry here, translated in both catalogues.
import { useCallback } from 'react';
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { UNITS } from '../../domain/constants.ts';

export const UNIT_NAMES: Record<(typeof UNITS)[number], MessageDescriptor> = {
  '份': msg({ context: 'unit', message: '份' }),
  '包': msg({ context: 'unit', message: '包' }),
  '袋': msg({ context: 'unit', message: '袋' }),
  '瓶': msg({ context: 'unit', message: '瓶' }),
  '箱': msg({ context: 'unit', message: '箱' }),
  '中袋': msg({ context: 'unit', message: '中袋' }),
  '大袋': msg({ context: 'unit', message: '大袋' }),
  '桶': msg({ context: 'unit', message: '桶' }),
  '斤': msg({ context: 'unit', message: '斤' }),
  '个': msg({ context: 'unit', message: '个' }),
  '板': msg({ context: 'unit', message: '板' }),
  '件': msg({ context: 'unit', message: '件' }),
  '1人份': msg({ context: 'unit', message: '1人份' }),
  '根': msg({ context: 'unit', message: '根' }),
  '盒': msg({ context: 'unit', message: '盒' }),
  '块': msg({ context: 'unit', message: '块' }),
};

/** A unit as the console shows it (the stored value when it is not a §9 unit). */
export const unitName = (i18n: I18n, unit: string | null | undefined): string =>
  unit && Object.hasOwn(UNIT_NAMES, unit) ? i18n._(UNIT_NAMES[unit as keyof typeof UNIT_NAMES]) : (unit ?? '');

/** An amount with its unit: 12斤 in Chinese, "12 jin (500 g)" in English. */
export const quantityText = (i18n: I18n, quantity: number | string, unit: string | null | undefined): string => {
  const name = unitName(i18n, unit);
  return name ? i18n._(msg`${quantity}${name}`) : String(quantity);
};

/** unitName and quantityText for the active language. */
export function useUnitName(): { unit: (unit: string | null | undefined) => string; quantity: (quantity: number | string, unit: string | null | undefined) => string } {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const unit = useCallback((u: string | null | undefined) => unitName(i18n, u), [i18n, locale]);
  const quantity = useCallback((q: number | string, u: string | null | undefined) => quantityText(i18n, q, u), [i18n, locale]);
  return { unit, quantity };
}
