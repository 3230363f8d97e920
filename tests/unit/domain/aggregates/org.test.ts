import { describe, expect, it } from 'vitest';
import { orgDecider, type OrgCommand, type OrgEvent } from '../../../../domain/aggregates/org.ts';
import { given } from '../../../support/decider.ts';

const created: OrgEvent = {
  type: 'OrgCreated',
  data: { orgId: 'org-a', name: '阳光实验小学', orgType: 'formal', agentId: 'agent-localhost', parentOrgId: null, area: '城东区', expiration: null, userLimit: null },
};
const set = (settings: Omit<OrgCommand['settings'], 'orgId'>, facts: Partial<Pick<OrgCommand, 'agentExists' | 'nameTaken'>> = {}): OrgCommand =>
  ({ type: 'SetOrgSettings', settings: { orgId: 'org-a', ...settings }, agentExists: true, nameTaken: false, ...facts });

describe('org decider', () => {
  it("sets an org's expiration, user limit, type, partner and name, recording only what changes", () => {
    given(orgDecider, [created]).when(set({ expiration: '2026-01-01T00:00:00.000Z', userLimit: 50, orgType: 'formal' }))
      .then([{ type: 'OrgSettingsSet', data: { orgId: 'org-a', expiration: '2026-01-01T00:00:00.000Z', userLimit: 50 } }]);
    given(orgDecider, [created]).when(set({ name: ' 阳光小学 ', agentId: '' })).then([{ type: 'OrgSettingsSet', data: { orgId: 'org-a', name: '阳光小学', agentId: null } }]);
    given(orgDecider, [created]).when(set({ name: '阳光实验小学', expiration: null, userLimit: null })).then([]);
  });
  it('folds settings and renames into the state', () => {
    const limited: OrgEvent = { type: 'OrgSettingsSet', data: { orgId: 'org-a', userLimit: 50 } };
    const renamed: OrgEvent = { type: 'OrgRenamed', data: { orgId: 'org-a', name: '新名' } };
    const state = given(orgDecider, [created, limited, renamed]).when(set({ userLimit: null })).state();
    expect(state.org).toMatchObject({ name: '新名', userLimit: null, orgType: 'formal' });
  });
  it('refuses a blank name, an org that is not there, a partner that is not there and a name another org has', () => {
    given(orgDecider, [created]).when(set({ name: '  ' })).thenRefused('invalid', '参数错误：机构名称不能为空');
    given(orgDecider).when(set({ userLimit: 3 })).thenRefused('notFound', '机构不存在');
    given(orgDecider, [created]).when(set({ agentId: 'agent-none' }, { agentExists: false })).thenRefused('invalid', '合作伙伴不存在：agent-none');
    given(orgDecider, [created]).when(set({ name: '明德中学' }, { nameTaken: true })).thenRefused('invalid', '机构名称已存在：明德中学');
  });
});
