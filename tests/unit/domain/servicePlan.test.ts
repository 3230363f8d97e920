import { describe, expect, it } from 'vitest';
import {
  addYears, DEFAULT_SERVICE_EDITIONS, editionOf, extendedExpiration, orderProblem, quoteOf, serviceEditionsProblem, SERVICE_TEXT,
} from '../../../domain/servicePlan.ts';
import { serviceEditionsFromEnv } from '../../../server/settings.ts';

const basic = editionOf(DEFAULT_SERVICE_EDITIONS, 'basic')!;
const standard = editionOf(DEFAULT_SERVICE_EDITIONS, 'standard')!;

describe('the service plan', () => {
  it('prices an order from the edition and years, never from the buyer', () => {
    expect(quoteOf(standard, 2)).toBe(7200);
    expect(quoteOf({ yearlyPrice: 1234.565 }, 1)).toBe(1234.57);
  });

  it('refuses an unknown edition, bad years, or an edition the org\'s users do not fit in', () => {
    expect(orderProblem({ edition: editionOf(DEFAULT_SERVICE_EDITIONS, 'gold'), years: 1, userCount: 0 })).toBe(SERVICE_TEXT.badEdition);
    for (const years of [0, 4, 1.5, '1']) expect(orderProblem({ edition: basic, years, userCount: 0 })).toBe(SERVICE_TEXT.badYears);
    expect(orderProblem({ edition: basic, years: 1, userCount: 21 })).toBe(SERVICE_TEXT.tooManyUsers(21, 20));
    expect(orderProblem({ edition: standard, years: 3, userCount: 21 })).toBeNull();
  });

  it('sells the deployment\'s editions (SERVICE_EDITIONS), the documented defaults without it; a list it cannot use stops the start', () => {
    expect(serviceEditionsFromEnv(undefined)).toEqual(DEFAULT_SERVICE_EDITIONS);
    const own = [{ key: 'school', name: ' 学校版 ', userLimit: 80, yearlyPrice: 2999 }];
    expect(serviceEditionsFromEnv(JSON.stringify(own))).toEqual([{ key: 'school', name: '学校版', userLimit: 80, yearlyPrice: 2999 }]);
    for (const bad of ['{', '[]', JSON.stringify([{ ...own[0], yearlyPrice: 0 }]), JSON.stringify([own[0], own[0]]), JSON.stringify([{ ...own[0], userLimit: 1.5 }]),
      JSON.stringify([{ ...own[0], key: '<b>' }]), JSON.stringify([{ ...own[0], name: '' }])]) {
      expect(() => serviceEditionsFromEnv(bad), bad).toThrow(/SERVICE_EDITIONS/);
    }
    expect(serviceEditionsProblem(DEFAULT_SERVICE_EDITIONS)).toBeNull();
  });

  it('extends from the current end while the plan runs, else from the payment', () => {
    const paid = new Date('2026-11-29T10:00:00Z');
    expect(extendedExpiration('2026-12-31T15:59:59.000Z', paid, 1)).toBe('2027-12-31T15:59:59.000Z');
    expect(extendedExpiration('2026-01-01T00:00:00.000Z', paid, 2)).toBe('2028-11-29T10:00:00.000Z');
    expect(extendedExpiration(null, paid, 1)).toBe('2027-11-29T10:00:00.000Z');
    expect(addYears(new Date('2028-02-29T00:00:00Z'), 1).toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
});
