import { useLingui } from '@lingui/react';
import { formatMoney } from '../../domain/money.ts';

/** Formats yuan amounts in the active language: ¥12.80. */
export function useMoney(): (amount: number) => string {
  const { i18n } = useLingui();
  return (amount) => formatMoney(amount, i18n.locale);
}
