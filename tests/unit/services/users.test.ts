import { describe, expect, it } from 'vitest';
import { userAccountBody } from '../../../services/users.ts';
import { dateToExpiration, expirationToDate } from '../../../src/screens/base/contacts/accountDates.ts';

describe('user account update body (§7 PUT /v2/users/{username})', () => {
  it('sends the password only when non-empty and an empty expiration as null (§5)', () => {
    expect(userAccountBody({ enable: false, expiration: '', password: '', version: 3 })).toEqual({ enable: false, expiration: null, version: 3 });
    expect(userAccountBody({ expiration: null, password: 'secret1' })).toEqual({ expiration: null, password: 'secret1' });
    expect(userAccountBody({ expiration: '2030-01-01T15:59:59.000Z' })).toEqual({ expiration: '2030-01-01T15:59:59.000Z' });
    expect(userAccountBody({})).toEqual({});
  });

  it('maps the date input to the end of that local day and back', () => {
    expect(dateToExpiration('')).toBeNull();
    expect(dateToExpiration('  ')).toBeNull();
    const iso = dateToExpiration('2030-06-15')!;
    expect(new Date(iso).getHours()).toBe(23);
    expect(expirationToDate(iso)).toBe('2030-06-15');
    expect(expirationToDate(null)).toBe('');
  });
});
