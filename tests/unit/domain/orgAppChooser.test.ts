import { describe, it, expect } from 'vitest';
import { chooserOrgApps, isMallSupplierOrg, orgTypeLabelKey, subOrgList } from '../../../domain/orgAppChooser.ts';
import type { OrgApp, OrgAppConfig } from '../../../domain/types.ts';

function org(orgId: string, agentId: string | null, orgConfig: OrgAppConfig = {}, disabled = false): OrgApp {
  return { id: orgId, appId: 'cp2024001', orgId, orgName: orgId, appName: 'app', key: '', agentId, disabled, orgType: 'formal', orgConfig };
}

const list = [
  org('own', 'A'),
  org('experience', 'B', { isExperienceOrg: true }),
  org('cycle', null, { mallRecipeCycleEntrance: true }),
  org('foreign', 'B'),
  org('fixed', 'A'),
  org('off', 'A', {}, true),
];
const ids = (xs: OrgApp[]) => xs.map((o) => o.orgId);

describe('chooserOrgApps (§1)', () => {
  it('outside agent mode lists every enabled org except the fixed ones', () => {
    expect(ids(chooserOrgApps(list, { agentId: null, excludedOrgIds: ['fixed'] }))).toEqual(['own', 'experience', 'cycle', 'foreign']);
  });
  it('the given agent sees its own, experience and recipe-cycle-entrance orgs', () => {
    expect(ids(chooserOrgApps(list, { agentId: 'A', excludedOrgIds: ['fixed'] }))).toEqual(['own', 'experience', 'cycle']);
    expect(ids(chooserOrgApps(list, { agentId: 'A', isPrimaryAgent: true, excludedOrgIds: [] }))).toEqual(['own', 'experience', 'cycle', 'fixed']);
  });
  it('other agents see only their own', () => {
    expect(ids(chooserOrgApps(list, { agentId: 'B', isPrimaryAgent: false, excludedOrgIds: ['fixed'] }))).toEqual(['experience', 'foreign']);
    expect(ids(chooserOrgApps(list, { agentId: 'A', isPrimaryAgent: false, excludedOrgIds: ['fixed'] }))).toEqual(['own']);
  });
});

describe('orgTypeLabelKey (§1)', () => {
  it('keeps known types and defaults to formal', () => {
    expect(orgTypeLabelKey('trialVersion')).toBe('trialVersion');
    expect(orgTypeLabelKey('preActivation')).toBe('preActivation');
    expect(orgTypeLabelKey('weird')).toBe('formal');
    expect(orgTypeLabelKey(undefined)).toBe('formal');
  });
});

describe('mall-supplier orgs (§1)', () => {
  const supplier = org('s', null, { appEdition: { roleGroupId: 'rg9' } });
  const school = org('k', null, { appEdition: { roleGroupId: 'rg1' } });
  const bare = org('b', null);
  it('are those whose edition role group is a mallSupplierOrg category', () => {
    expect(isMallSupplierOrg(supplier, ['rg9'])).toBe(true);
    expect(isMallSupplierOrg(school, ['rg9'])).toBe(false);
    expect(isMallSupplierOrg(bare, ['rg9'])).toBe(false);
  });
  it('are left out of sub-organisation lists', () => {
    expect(ids(subOrgList([supplier, school, bare], ['rg9']))).toEqual(['k', 'b']);
  });
});
