import { describe, expect, it } from 'vitest';
import { queryRootsFor } from '../../../src/app/liveUpdates.ts';

describe('live update → query keys', () => {
  it('refreshes the views of the changed aggregate, longest prefix first, and always the logs', () => {
    expect(queryRootsFor('SkuPriceDecided')).toEqual(['prices', 'logs']);
    expect(queryRootsFor('UserRoleGranted')).toEqual(['roles', 'powers', 'menu', 'users', 'contacts', 'logs']);
    expect(queryRootsFor('RoleCreated')).toEqual(['roles', 'powers', 'menu', 'logs']);
  });
  it('knows the mall supplier and route events', () => {
    expect(queryRootsFor('MallSupplierLinked')).toContain('suppliers');
    expect(queryRootsFor('MallRouteCreated')).toContain('routes');
  });
  it('member access events refresh users, contacts and org-apps, other member events the members', () => {
    expect(queryRootsFor('MemberAccessGranted')).toEqual(['users', 'contacts', 'orgApps', 'logs']);
    expect(queryRootsFor('MemberAdded')).toEqual(['members', 'logs']);
  });
});
