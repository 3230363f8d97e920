import { describe, expect, it } from 'vitest';
import { newPriceFieldProblem, orgFieldProblem, userFieldProblem } from '../../../domain/derivedFields.ts';

describe('§3 derived user fields', () => {
  const made = { username: '13800000011', isRegister: true, isNew: true };
  it('accepts the fields when they agree with the account', () => {
    expect(userFieldProblem({ mobilePhoneNumber: '13800000011', personName: '张三', name: '张三', isRegister: true }, made)).toBeNull();
    expect(userFieldProblem({}, made)).toBeNull();
    expect(userFieldProblem({ isRegister: false }, { ...made, isRegister: false, isNew: false })).toBeNull();
  });
  it('refuses another phone number and a different personName', () => {
    expect(userFieldProblem({ mobilePhoneNumber: '13800000012' }, made)?.refused).toBe('invalid');
    expect(userFieldProblem({ personName: '李四', name: '张三' }, made)?.refused).toBe('invalid');
  });
  it('takes isRegister as a hint: the server decides it, whatever the console sends (issue 31)', () => {
    expect(userFieldProblem({ isRegister: false }, made)).toBeNull();
    expect(userFieldProblem({ isRegister: false }, { ...made, isNew: false })).toBeNull();
  });
});

describe('§3 derived price fields', () => {
  const supplier = { supplierOrgId: 'org-s', approvalNeeded: true };
  it('accepts the caller as supplier, 0 for approval and a live price', () => {
    expect(newPriceFieldProblem({ supplierId: 'org-s', isCheck: 0, isDelete: 0 }, supplier)).toBeNull();
    expect(newPriceFieldProblem({ isCheck: 1 }, { ...supplier, approvalNeeded: false })).toBeNull();
  });
  it('refuses another supplier, self-approval, a rejected or deleted new price', () => {
    expect(newPriceFieldProblem({ supplierId: 'org-x' }, supplier)?.refused).toBe('forbidden');
    expect(newPriceFieldProblem({ isCheck: 1 }, supplier)?.refused).toBe('forbidden');
    expect(newPriceFieldProblem({ isCheck: -2 }, supplier)?.refused).toBe('invalid');
    expect(newPriceFieldProblem({ isDelete: 1 }, supplier)?.refused).toBe('invalid');
  });
});

describe('§3 derived orgId and appId', () => {
  const owner = { orgId: 'org-a', appId: 'cp2026001' };
  it('accepts the org-app the entity lives in, or none', () => {
    expect(orgFieldProblem({ orgId: 'org-a', appId: 'cp2026001' }, owner)).toBeNull();
    expect(orgFieldProblem({}, owner)).toBeNull();
  });
  it('refuses another org or app with 403', () => {
    expect(orgFieldProblem({ orgId: 'org-b' }, owner)?.refused).toBe('forbidden');
    expect(orgFieldProblem({ orgId: 'org-a', appId: 'cp2026002' }, owner)?.refused).toBe('forbidden');
  });
});
