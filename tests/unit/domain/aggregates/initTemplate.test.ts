import { describe, expect, it } from 'vitest';
import { initTemplateDecider, type InitTemplateEvent } from '../../../../domain/aggregates/initTemplate.ts';
import type { InitTemplateContent } from '../../../../domain/orgInit.ts';
import { given } from '../../../support/decider.ts';

const content: InitTemplateContent = {
  config: [], menus: [], roleGroups: [], departments: [],
  roles: [{ name: 'admin_school', code: 'admin', cnName: '管理员', roleGroupCode: null, manageRoleNames: [], config: {}, grants: [] }],
  contactsQueryModuleId: 'contactsQuery', contactsPermissions: [],
};
const template = { id: 't1', name: '学校模板', disabled: false, content };
const created: InitTemplateEvent = { type: 'InitTemplateCreated', data: template };

describe('init template decider', () => {
  it('creates a template with its name trimmed', () => {
    given(initTemplateDecider).when({ type: 'CreateTemplate', template: { ...template, name: ' 学校模板 ' }, nameTaken: false }).then([created]);
  });
  it('refuses a taken name, a blank name and a template made twice', () => {
    given(initTemplateDecider).when({ type: 'CreateTemplate', template, nameTaken: true }).thenRefused('conflict', '模板名称已存在：学校模板');
    given(initTemplateDecider).when({ type: 'CreateTemplate', template: { ...template, name: '  ' }, nameTaken: false }).thenRefused('unprocessable', /模板内容有误：模板名称不能为空/);
    given(initTemplateDecider, [created]).when({ type: 'CreateTemplate', template, nameTaken: false }).thenRefused('conflict');
  });
  it('records the fields sent, refuses a name another template has, and an unknown template', () => {
    given(initTemplateDecider, [created]).when({ type: 'UpdateTemplate', change: { id: 't1', disabled: true }, nameTaken: false })
      .then([{ type: 'InitTemplateUpdated', data: { id: 't1', disabled: true } }]);
    given(initTemplateDecider, [created]).when({ type: 'UpdateTemplate', change: { id: 't1' }, nameTaken: false }).then([]);
    given(initTemplateDecider, [created]).when({ type: 'UpdateTemplate', change: { id: 't1', name: '其他' }, nameTaken: true }).thenRefused('conflict', '模板名称已存在：其他');
    given(initTemplateDecider, [created]).when({ type: 'UpdateTemplate', change: { id: 't1', name: '学校模板' }, nameTaken: true })
      .then([{ type: 'InitTemplateUpdated', data: { id: 't1', name: '学校模板' } }]);
    given(initTemplateDecider).when({ type: 'UpdateTemplate', change: { id: 't1', disabled: true }, nameTaken: false }).thenRefused('notFound', '初始化模板不存在');
  });
  it('folds the edits into the template', () => {
    const state = given(initTemplateDecider, [created]).when({ type: 'UpdateTemplate', change: { id: 't1', name: '新名' }, nameTaken: false }).state();
    expect(state).toEqual({ name: '新名', disabled: false, content });
  });
});
