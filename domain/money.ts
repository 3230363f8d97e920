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

// Issue 11: order amounts. Sums are kept in fen (integers) so adding many lines never drifts; a line's amount is
// quantity × price with §9's arithmetic rounded to 6 decimals first, then half-up to the fen.
/** ¥ → fen, half-up (a price or amount of at most two decimals comes back exact). */
export function toFen(yuan: number): number {
  const six = Math.round(yuan * 1e6) / 1e6;
  return Math.sign(six) * Math.round(Math.abs(six) * 100 + 1e-9);
}

export const fromFen = (fen: number): number => fen / 100;

/** ¥ of one line: quantity × unit price, rounded to the fen. */
export function lineAmount(price: number, quantity: number): number {
  return fromFen(toFen(price * quantity));
}

/** ¥ of several amounts, added in fen. */
export function sumAmounts(amounts: readonly number[]): number {
  return fromFen(amounts.reduce((s, a) => s + toFen(a), 0));
}
