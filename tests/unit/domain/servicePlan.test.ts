import { describe, expect, it } from 'vitest';
import { addYears, extendedExpiration, orderProblem, quoteOf, SERVICE_EDITIONS, SERVICE_TEXT } from '../../../domain/servicePlan.ts';

describe('the service plan', () => {
  it('prices an order from the edition and years, never from the buyer', () => {
    expect(quoteOf('standard', 2)).toBe(SERVICE_EDITIONS.standard.yearlyPrice * 2);
  });

  it('refuses an unknown edition, bad years, or an edition the org\'s users do not fit in', () => {
    expect(orderProblem({ edition: 'gold', years: 1, userCount: 0 })).toBe(SERVICE_TEXT.badEdition);
    for (const years of [0, 4, 1.5, '1']) expect(orderProblem({ edition: 'basic', years, userCount: 0 })).toBe(SERVICE_TEXT.badYears);
    expect(orderProblem({ edition: 'basic', years: 1, userCount: 21 })).toBe(SERVICE_TEXT.tooManyUsers(21, 20));
    expect(orderProblem({ edition: 'standard', years: 3, userCount: 21 })).toBeNull();
  });

  it('extends from the current end while the plan runs, else from the payment', () => {
    const paid = new Date('2026-11-29T10:00:00Z');
    expect(extendedExpiration('2026-12-31T15:59:59.000Z', paid, 1)).toBe('2027-12-31T15:59:59.000Z');
    expect(extendedExpiration('2026-01-01T00:00:00.000Z', paid, 2)).toBe('2028-11-29T10:00:00.000Z');
    expect(extendedExpiration(null, paid, 1)).toBe('2027-11-29T10:00:00.000Z');
    expect(addYears(new Date('2028-02-29T00:00:00Z'), 1).toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
});
