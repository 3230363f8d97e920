import { describe, expect, it } from 'vitest';
import { installerCompanyDecider, type CompanyRegistered, type InstallerCompanyEvent } from '../../../../domain/aggregates/installerCompany.ts';
import { DEVICE_TEXT } from '../../../../domain/videoDevice.ts';
import { given } from '../../../support/decider.ts';

const company: CompanyRegistered = {
  companyId: 'c1', companyOrgId: 'org-c1', name: '  安装公司甲  ', contact: '李四', phone: '010-12345678', serviceArea: 'area-1', schoolOrgIds: ['s1'],
};
const registered: InstallerCompanyEvent = { type: 'InstallerCompanyRegistered', data: { ...company, name: '安装公司甲' } };
const register = { type: 'RegisterCompany' as const, company, allowed: true, orgIsInstaller: true };

describe('installer company decider', () => {
  it('registers a company with its name trimmed', () => {
    given(installerCompanyDecider).when(register).then([registered]);
    expect(given(installerCompanyDecider).when(register).state().company?.name).toBe('安装公司甲');
  });
  it('refuses a caller who may not, a second registration, an org not of kind installer, a bad name or phone', () => {
    given(installerCompanyDecider).when({ ...register, allowed: false }).thenRefused('forbidden', DEVICE_TEXT.mayNotManageCompanies);
    given(installerCompanyDecider, [registered]).when(register).thenRefused('conflict');
    given(installerCompanyDecider).when({ ...register, orgIsInstaller: false }).thenRefused('invalid', DEVICE_TEXT.companyOrgNotInstaller);
    given(installerCompanyDecider).when({ ...register, company: { ...company, name: '  ' } }).thenRefused('invalid', /公司名称/);
    given(installerCompanyDecider).when({ ...register, company: { ...company, phone: 'abc' } }).thenRefused('invalid', /电话/);
  });
  it('records only the fields that changed, nothing when none did', () => {
    const change = { type: 'ChangeCompany' as const, allowed: true, change: { companyId: 'c1', contact: '王五', phone: '010-12345678' } };
    given(installerCompanyDecider, [registered]).when(change).then([{ type: 'InstallerCompanyChanged', data: { companyId: 'c1', contact: '王五' } }]);
    given(installerCompanyDecider, [registered]).when({ ...change, change: { companyId: 'c1', schoolOrgIds: ['s1'] } }).then([]);
    expect(given(installerCompanyDecider, [registered]).when(change).state().company?.contact).toBe('王五');
  });
  it('refuses to change an unknown company or to a bad phone', () => {
    const change = { type: 'ChangeCompany' as const, allowed: true, change: { companyId: 'c1', contact: '王五' } };
    given(installerCompanyDecider).when(change).thenRefused('notFound', DEVICE_TEXT.companyNotFound);
    given(installerCompanyDecider, [registered]).when({ ...change, allowed: false }).thenRefused('forbidden');
    given(installerCompanyDecider, [registered]).when({ ...change, change: { companyId: 'c1', phone: 'x' } }).thenRefused('invalid');
  });
});
