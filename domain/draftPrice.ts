// What a draft order will cost when submitted (issue 28 point 5): a draft stores no price — the server prices every
// line at submission with the effective approved price then (domain/aggregates/order.ts). Until then the draft's
// detail shows the price it would be placed at now, as an expectation, never stored: a price approved or expired
// before submission changes it, and the submission says so by its own price.
import { lineAmount, sumAmounts } from './money.ts';

export interface DraftExpectation {
  /** per line, in the lines' order: the price now (null: no effective price, submitting would be refused) */
  lines: { expectedPrice: number | null; expectedAmount: number | null }[];
  /** the sum of the priced lines; null when a line has no price */
  expectedAmount: number | null;
}

export function draftExpectation(lines: readonly { skuId: string; quantity: number }[], priceNow: (skuId: string) => number | null): DraftExpectation {
  const out = lines.map((l) => {
    const price = priceNow(l.skuId);
    return { expectedPrice: price, expectedAmount: price === null ? null : lineAmount(price, l.quantity) };
  });
  const amounts = out.map((l) => l.expectedAmount);
  return { lines: out, expectedAmount: amounts.every((a): a is number => a !== null) ? sumAmounts(amounts) : null };
}
