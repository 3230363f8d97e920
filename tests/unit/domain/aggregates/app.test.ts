import { describe, it } from 'vitest';
import { appDecider, orgAppDecider, type AppEvent, type OrgAppEvent } from '../../../../domain/aggregates/app.ts';
import { given } from '../../../support/decider.ts';

const created: AppEvent = { type: 'AppCreated', data: { appId: 'cp2026002', appName: '智慧食堂', config: { a: 1, b: { c: 2 } } } };

describe('app decider', () => {
  it('creates an app with its name trimmed; refuses a blank name and an id already taken', () => {
    given(appDecider).when({ type: 'CreateApp', app: { ...created.data, appName: ' 智慧食堂 ' } }).then([created]);
    given(appDecider).when({ type: 'CreateApp', app: { ...created.data, appName: '  ' } }).thenRefused('invalid', '参数错误：应用名称不能为空');
    given(appDecider, [created]).when({ type: 'CreateApp', app: created.data }).thenRefused('conflict', '应用已存在：cp2026002');
  });
  it('renames and replaces the config, recording only what changes (config keys in any order)', () => {
    given(appDecider, [created]).when({ type: 'UpdateApp', change: { appId: 'cp2026002', appName: '智慧食堂平台', config: { b: { c: 2 }, a: 1 } } })
      .then([{ type: 'AppUpdated', data: { appId: 'cp2026002', appName: '智慧食堂平台' } }]);
    given(appDecider, [created]).when({ type: 'UpdateApp', change: { appId: 'cp2026002', config: { mallRecipeUserLimite: 8 } } })
      .then([{ type: 'AppUpdated', data: { appId: 'cp2026002', config: { mallRecipeUserLimite: 8 } } }]);
    given(appDecider, [created]).when({ type: 'UpdateApp', change: { appId: 'cp2026002', appName: ' 智慧食堂 ' } }).then([]);
  });
  it('refuses to edit an app that is not there and a blank name', () => {
    given(appDecider).when({ type: 'UpdateApp', change: { appId: 'cp1999001', appName: 'x' } }).thenRefused('notFound', '应用不存在：cp1999001');
    given(appDecider, [created]).when({ type: 'UpdateApp', change: { appId: 'cp2026002', appName: ' ' } }).thenRefused('invalid');
  });
});

describe('org-app decider', () => {
  const orgApp: OrgAppEvent = { type: 'OrgAppCreated', data: { id: 'oa1', orgId: 'org-a', appId: 'cp2026001', appName: 'x', key: 'k' } };
  const off: OrgAppEvent = { type: 'OrgAppDisabledSet', data: { id: 'oa1', disabled: true } };
  it('disables and enables an org-app; setting what it is records nothing', () => {
    given(orgAppDecider, [orgApp]).when({ type: 'SetOrgAppDisabled', id: 'oa1', disabled: true }).then([off]);
    given(orgAppDecider, [orgApp, off]).when({ type: 'SetOrgAppDisabled', id: 'oa1', disabled: true }).then([]);
    given(orgAppDecider, [orgApp, off]).when({ type: 'SetOrgAppDisabled', id: 'oa1', disabled: false }).then([{ type: 'OrgAppDisabledSet', data: { id: 'oa1', disabled: false } }]);
    given(orgAppDecider, [orgApp]).when({ type: 'SetOrgAppDisabled', id: 'oa1', disabled: false }).then([]);
  });
  it('refuses an org-app that is not there', () => {
    given(orgAppDecider).when({ type: 'SetOrgAppDisabled', id: 'oa1', disabled: true }).thenRefused('notFound', '机构应用不存在');
  });
});
