// Issue 13: money as people read it in their language: ¥ and two decimals everywhere a price shows (yuan, CNY).
const formats = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number, locale: string): string {
  let f = formats.get(locale);
  if (!f) {
    // narrowSymbol: ¥ in every locale (en-US would otherwise write CN¥)
    f = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(locale, f);
  }
  return f.format(amount);
}
