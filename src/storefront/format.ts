// Money and times as the member reads them in his language.
import { formatMoney } from '../../domain/money.ts';

export const money = (yuan: number, locale: string) => formatMoney(yuan, locale);

export const dateTime = (iso: string, locale: string) =>
  new Date(iso).toLocaleString(locale, { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
