import { describe, expect, it } from 'vitest';
import { mayWriteRoleGroups, planSalesmanGroupMembers, type SalesmanStanding } from '../../../domain/salesmanGroups.ts';

const users = (entries: Record<string, SalesmanStanding>) => new Map(Object.entries(entries));

describe('§6 salesman group membership', () => {
  it('grants the newcomers and revokes the leavers, leaving the stayers alone', () => {
    const plan = planSalesmanGroupMembers(['sun', 'li'], ['li', 'wang', 'wang'], users({
      sun: { salesmanRoles: 2, groupRoles: 1 }, li: { salesmanRoles: 1, groupRoles: 1 }, wang: { salesmanRoles: 1 },
    }));
    expect(plan).toEqual({ ok: true, grant: ['wang'], revoke: ['sun'] });
  });

  it('changes nothing when the wanted members are the current ones', () => {
    expect(planSalesmanGroupMembers(['sun'], ['sun'], users({ sun: { salesmanRoles: 1 } }))).toEqual({ ok: true, grant: [], revoke: [] });
  });

  it('refuses a user who holds no salesman role, naming him', () => {
    const plan = planSalesmanGroupMembers([], ['sun', 'zhang', 'ghost'], users({ sun: { salesmanRoles: 1 }, zhang: { name: '张伟', salesmanRoles: 0 } }));
    expect(plan).toMatchObject({ ok: false, kind: 'notSalesmen', userIds: ['zhang', 'ghost'] });
    expect(plan.ok === false && plan.reason).toBe('不是本机构的业务员：张伟、ghost');
  });

  it('refuses taking a salesman out of his only salesman group, but not out of one of two', () => {
    const only = planSalesmanGroupMembers(['sun'], [], users({ sun: { name: '孙浩', salesmanRoles: 1, groupRoles: 1 } }));
    expect(only).toMatchObject({ ok: false, kind: 'lastGroup', userIds: ['sun'] });
    expect(only.ok === false && only.reason).toContain('孙浩');
    expect(planSalesmanGroupMembers(['sun'], [], users({ sun: { salesmanRoles: 2 } }))).toEqual({ ok: true, grant: [], revoke: ['sun'] });
    // both of his salesman roles are in this group: leaving takes both
    expect(planSalesmanGroupMembers(['sun'], [], users({ sun: { salesmanRoles: 2, groupRoles: 2 } }))).toMatchObject({ ok: false, kind: 'lastGroup' });
  });
});

describe('§6 who keeps role groups', () => {
  const supplier = [{ name: 'supplier', code: '2' }];
  const salesman = [{ name: 'salesman', code: '6' }];
  it('lets a supplier keep salesman groups (M6) only, and the role power every group', () => {
    expect(mayWriteRoleGroups(supplier, ['M6'], false)).toBe(true);
    expect(mayWriteRoleGroups(supplier, ['M6', 'M1'], false)).toBe(false);
    expect(mayWriteRoleGroups(salesman, ['M6'], false)).toBe(false);
    expect(mayWriteRoleGroups(salesman, ['M1'], true)).toBe(true);
  });
});
