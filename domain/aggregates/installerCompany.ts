// Installer companies (issue 33, §2 companyManage): one stream per company ('installerCompany-<id>') in the company's
// own org (an org of kind installer, whose members act on the tickets assigned to it). The platform registers any;
// a bureau those serving its area. The handler passes in whether the caller may, and whether the org is an installer.
import { changedFields, withChanges } from './changes.ts';
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { DEVICE_TEXT } from '../videoDevice.ts';

export const installerCompanyStream = (companyId: string) => `installerCompany-${companyId}`;

export interface InstallerCompanyFields {
  name: string; contact: string; phone: string;
  /** the district it serves (an org's area) */
  serviceArea: string;
  /** the schools it serves */
  schoolOrgIds: string[];
}
export interface CompanyRegistered extends InstallerCompanyFields { companyId: string; companyOrgId: string }
export type CompanyChanged = { companyId: string } & Partial<InstallerCompanyFields>;

export type InstallerCompanyEvent =
  | DomainEvent<'InstallerCompanyRegistered', CompanyRegistered>
  | DomainEvent<'InstallerCompanyChanged', CompanyChanged>;

export type InstallerCompanyCommand =
  | { type: 'RegisterCompany'; company: CompanyRegistered; allowed: boolean; orgIsInstaller: boolean }
  | { type: 'ChangeCompany'; change: CompanyChanged; allowed: boolean };

export interface InstallerCompanyState { company: InstallerCompanyFields | null }

const problem = (c: Partial<InstallerCompanyFields>) => {
  if (c.name !== undefined && (!c.name.trim() || c.name.length > 100)) return '参数错误：公司名称不能为空，且不超过 100 个字';
  if (c.phone !== undefined && c.phone && !/^[0-9+\- ]{5,20}$/.test(c.phone)) return '参数错误：电话号码不正确';
  return null;
};

export const installerCompanyDecider: Decider<InstallerCompanyCommand, InstallerCompanyState, InstallerCompanyEvent> = {
  initialState: () => ({ company: null }),
  decide(command, state) {
    if (!command.allowed) return refuse('forbidden', DEVICE_TEXT.mayNotManageCompanies);
    if (command.type === 'RegisterCompany') {
      if (state.company) return refuse('conflict', '安装公司已存在');
      if (!command.orgIsInstaller) return refuse('invalid', DEVICE_TEXT.companyOrgNotInstaller);
      const bad = problem(command.company);
      if (bad) return refuse('invalid', bad);
      return [{ type: 'InstallerCompanyRegistered', data: { ...command.company, name: command.company.name.trim() } }];
    }
    if (!state.company) return refuse('notFound', DEVICE_TEXT.companyNotFound);
    const bad = problem(command.change);
    if (bad) return refuse('invalid', bad);
    const { companyId, ...rest } = command.change;
    const differs = changedFields(state.company, rest);
    return Object.keys(differs).length ? [{ type: 'InstallerCompanyChanged', data: { companyId, ...differs } }] : [];
  },
  evolve(state, event) {
    if (event.type === 'InstallerCompanyRegistered') {
      const { companyId: _, companyOrgId: _o, ...company } = event.data;
      return { company };
    }
    const { companyId: _, ...change } = event.data;
    return { company: state.company && withChanges(state.company, change) };
  },
};
