// Issue 28 point 6: the rule of who approves weekly recipes, from the org config, and who it lets approve.
import { describe, expect, it } from 'vitest';
import {
  approvalRequired, approverRuleOf, approverSettingRefusal, mayApprove, normalizedSetting, ownApprovalAllowed, type ApproverCaller,
} from '../../../domain/recipeApprovers.ts';

const caller = (over: Partial<ApproverCaller> = {}): ApproverCaller => ({ admin: false, roleCodes: [], roleNames: [], roleIds: [], userId: 'me', ...over });

describe('the approver rule of an org', () => {
  it('approval off is nobody; on with a saved setting is that setting; on with none saved is the admins and the named roles of issue 9', () => {
    expect(approverRuleOf({ recipeApprovalEnable: false }, { mode: 'members', userIds: ['u1'] })).toEqual({ mode: 'none' });
    expect(approverRuleOf({}, undefined)).toEqual({ mode: 'none' });
    expect(approverRuleOf({ recipeApprovalEnable: true }, { mode: 'members', userIds: ['u1'], roleIds: [] })).toEqual({ mode: 'members', userIds: ['u1'] });
    expect(approverRuleOf({ recipeApprovalEnable: true }, { mode: 'roles', roleIds: ['r1'] })).toEqual({ mode: 'roles', roleIds: ['r1'] });
    expect(approverRuleOf({ recipeApprovalEnable: true, recipeApprovalRoleNames: ['purchaser', 3] }, null)).toEqual({ mode: 'admins', roleNames: ['purchaser'] });
    // a stored value of the wrong shape falls back to issue 9's rule, never to "anyone"
    expect(approverRuleOf({ recipeApprovalEnable: true }, { mode: 'members', userIds: [] })).toEqual({ mode: 'admins', roleNames: [] });
    expect(approvalRequired({ mode: 'none' })).toBe(false);
    expect(approvalRequired({ mode: 'members', userIds: [] })).toBe(true);
  });

  it('a setting names a mode and, for roles and members, at least one id', () => {
    expect(approverSettingRefusal({ mode: 'none' })).toBeNull();
    expect(approverSettingRefusal({ mode: 'roles', roleIds: ['r1'] })).toBeNull();
    expect(approverSettingRefusal({ mode: 'roles', roleIds: [] })).toMatch(/审核角色/);
    expect(approverSettingRefusal({ mode: 'members', userIds: [] })).toMatch(/审核人/);
    expect(approverSettingRefusal({ mode: 'admins' })).toMatch(/审核方式/);
    expect(approverSettingRefusal({ mode: 'members', userIds: [1] })).toMatch(/审核方式/);
    expect(approverSettingRefusal('none')).toMatch(/审核方式/);
    expect(approverSettingRefusal({ mode: 'members', userIds: Array.from({ length: 51 }, (_, i) => `u${i}`) })).toMatch(/最多/);
    expect(normalizedSetting({ mode: 'members', userIds: ['a', 'a'], roleIds: ['r'] })).toEqual({ mode: 'members', userIds: ['a'], roleIds: [] });
  });

  it('approvers are who the rule names by granted role id or user id; a role name or code is not enough', () => {
    expect(mayApprove(caller({ roleIds: ['r1'] }), { mode: 'roles', roleIds: ['r1'] })).toBe(true);
    expect(mayApprove(caller({ roleNames: ['r1'], roleCodes: ['r1'] }), { mode: 'roles', roleIds: ['r1'] })).toBe(false);
    expect(mayApprove(caller({ admin: true }), { mode: 'roles', roleIds: ['r1'] })).toBe(false);
    expect(mayApprove(caller(), { mode: 'members', userIds: ['me'] })).toBe(true);
    expect(mayApprove(caller({ admin: true }), { mode: 'members', userIds: ['someone'] })).toBe(false);
    expect(mayApprove(caller({ admin: true }), { mode: 'admins', roleNames: [] })).toBe(true);
    expect(mayApprove(caller({ roleNames: ['purchaser'] }), { mode: 'admins', roleNames: ['purchaser'] })).toBe(true);
    expect(mayApprove(caller({ roleCodes: ['5'] }), { mode: 'admins', roleNames: [] })).toBe(false);
    // nothing waits without approval: an editor may clear a cycle submitted before the switch
    expect(mayApprove(caller({ roleCodes: ['5'] }), { mode: 'none' })).toBe(true);
    expect(mayApprove(caller({ roleCodes: ['2'] }), { mode: 'none' })).toBe(false);
    expect(ownApprovalAllowed({ mode: 'none' })).toBe(true);
    expect(ownApprovalAllowed({ mode: 'members', userIds: ['me'] })).toBe(false);
  });
});
