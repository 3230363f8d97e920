// Given-when-then for the §7 form-service items of the recipe user limit (issue 9), and the quota they grant.
import { describe, expect, it } from 'vitest';
import { formItemDecider, quotaFromForms, type FormItemEvent } from '../../../../domain/aggregates/formItem.ts';
import { recipeQuotaRefusal } from '../../../../domain/recipeCycle.ts';
import { given } from '../../../support/decider.ts';

const limitItem = { tableId: 'mallRecipeCycleUserLimite' as const, itemId: 'i1', appId: 'a', formData: { userphoneNumber: '13800000002', times: 2 } };
const created: FormItemEvent = { type: 'FormItemCreated', data: limitItem };

describe('form item decider', () => {
  it('adds a record whose form data fits its table', () => {
    given(formItemDecider).when({ type: 'CreateFormItem', item: limitItem, orgExists: false, duplicate: false }).then([created]);
    const white = { tableId: 'whiteList' as const, itemId: 'i2', appId: 'a', formData: { userphoneNumber: '13800000002' } };
    given(formItemDecider).when({ type: 'CreateFormItem', item: white, orgExists: false, duplicate: false })
      .then([{ type: 'FormItemCreated', data: { ...white, formData: { userphoneNumber: '13800000002', isWhiteList: true } } }]);
    const allow = { tableId: 'mallRecipeCycleOrgAllowlist' as const, itemId: 'i3', appId: 'a', formData: { orgId: 'org-1' } };
    given(formItemDecider).when({ type: 'CreateFormItem', item: allow, orgExists: true, duplicate: false }).then([{ type: 'FormItemCreated', data: allow }]);
    given(formItemDecider).when({ type: 'CreateFormItem', item: allow, orgExists: false, duplicate: false }).thenRefused('invalid', /允许名单的机构不存在/);
  });
  it('refuses bad phones, times, unknown fields and a second record for the same user', () => {
    const refused = (formData: Record<string, unknown>, text: RegExp) =>
      given(formItemDecider).when({ type: 'CreateFormItem', item: { ...limitItem, formData }, orgExists: false, duplicate: false }).thenRefused('invalid', text);
    refused({ userphoneNumber: '12345', times: 1 }, /手机号/);
    refused({ userphoneNumber: '13800000002', times: -1 }, /额外次数/);
    refused({ userphoneNumber: '13800000002', times: 1.5 }, /额外次数/);
    refused({ userphoneNumber: '13800000002', times: 1, admin: true }, /表单字段 admin 不存在/);
    given(formItemDecider).when({ type: 'CreateFormItem', item: limitItem, orgExists: false, duplicate: true }).thenRefused('conflict', /已存在/);
  });
  it('updates the data (nothing when the same), deletes once', () => {
    given(formItemDecider, [created]).when({ type: 'UpdateFormItem', tableId: 'mallRecipeCycleUserLimite', itemId: 'i1', formData: { times: 4 }, orgExists: false, duplicate: false })
      .then([{ type: 'FormItemUpdated', data: { tableId: 'mallRecipeCycleUserLimite', itemId: 'i1', formData: { userphoneNumber: '13800000002', times: 4 } } }]);
    given(formItemDecider, [created]).when({ type: 'UpdateFormItem', tableId: 'mallRecipeCycleUserLimite', itemId: 'i1', formData: { times: 2 }, orgExists: false, duplicate: false }).then([]);
    const deleted: FormItemEvent = { type: 'FormItemDeleted', data: { tableId: 'mallRecipeCycleUserLimite', itemId: 'i1' } };
    given(formItemDecider, [created]).when({ type: 'DeleteFormItem', tableId: 'mallRecipeCycleUserLimite', itemId: 'i1' }).then([deleted]);
    given(formItemDecider, [created, deleted]).when({ type: 'DeleteFormItem', tableId: 'mallRecipeCycleUserLimite', itemId: 'i1' }).thenRefused('notFound');
  });
});

describe('the recipe user limit from the form tables (§9)', () => {
  const phone = '13800000002';
  it('extra times add to the floored limit; allowlisted orgs and whitelisted users are not limited', () => {
    const extra = quotaFromForms([{ tableId: 'mallRecipeCycleUserLimite', formData: { userphoneNumber: phone, times: 2.9 } }], 'o1', phone);
    expect(extra).toEqual({ exempt: false, extra: 2 });
    expect(recipeQuotaRefusal({ enabled: true, exempt: false, used: 6, limit: 5.7, extra: extra.extra })).toBeNull();
    expect(recipeQuotaRefusal({ enabled: true, exempt: false, used: 7, limit: 5.7, extra: extra.extra })).toMatch(/最多可新建 7 个/);
    expect(quotaFromForms([{ tableId: 'whiteList', formData: { userphoneNumber: phone, isWhiteList: true } }], 'o1', phone).exempt).toBe(true);
    expect(quotaFromForms([{ tableId: 'whiteList', formData: { userphoneNumber: phone, isWhiteList: false } }], 'o1', phone).exempt).toBe(false);
    expect(quotaFromForms([{ tableId: 'whiteList', formData: { userphoneNumber: '13900000000', isWhiteList: true } }], 'o1', phone).exempt).toBe(false);
    expect(quotaFromForms([{ tableId: 'mallRecipeCycleOrgAllowlist', formData: { orgId: 'o1' } }], 'o1', phone).exempt).toBe(true);
    expect(quotaFromForms([{ tableId: 'mallRecipeCycleOrgAllowlist', formData: { orgId: 'o2' } }], 'o1', phone).exempt).toBe(false);
  });
});
