import { describe, expect, it } from 'vitest';
import {
  adminRoleOf, departmentsParentsFirst, emptyTemplateContent, grantsWithAncestors, isSxpsOrg, ORG_INIT_STEPS, providerRoleOf, templateSummary,
  validateTemplate, type InitTemplateContent, type TemplateMenuEntry, type TemplateRole,
} from '../../../domain/orgInit.ts';

const menu = (moduleId: string, parentId = '-1', groupName = 'pcMenu'): TemplateMenuEntry => ({ moduleId, parentId, moduleName: moduleId, groupName, sort: 0, enable: true, extraInfo: {} });
const role = (name: string, grants: string[] = [], more: Partial<TemplateRole> = {}): TemplateRole => ({ name, code: name, cnName: name, roleGroupCode: null, manageRoleNames: [], config: {}, grants, ...more });

function content(more: Partial<InitTemplateContent> = {}): InitTemplateContent {
  return {
    ...emptyTemplateContent(),
    menus: [menu('home'), menu('baseModule'), menu('contacts', 'baseModule'), menu('contacts', '-1', 'quickEntry'), menu('contactsQuery', 'contacts', 'contactsPower')],
    roleGroups: [{ code: 'base', groupName: '基础角色', sort: 1, manageRoleNames: [] }],
    roles: [role('admin_org', ['home'], { roleGroupCode: 'base' }), role('useradmin', ['contacts', 'contactsQuery'])],
    departments: [{ departmentName: '后厨', parentName: '食堂' }, { departmentName: '食堂' }],
    contactsPermissions: [{ roleName: 'useradmin', range: 'all' }],
    ...more,
  };
}

describe('§7 init templates', () => {
  it('has the seven steps in order', () => {
    expect(ORG_INIT_STEPS).toEqual(['config', 'org', 'menu', 'rolegroup', 'role', 'contacts', 'contactspermission']);
  });

  it('accepts a consistent template (a quick entry may share its screen module id)', () => {
    expect(validateTemplate({ name: '学校模板', content: content() })).toEqual([]);
  });

  it('names every inconsistency', () => {
    const errors = validateTemplate({
      name: ' ',
      content: content({
        config: [{ path: 'a.b', value: 1 }, { path: 'x', value: 1 }, { path: 'x', value: 2 }],
        menus: [menu('home'), menu('home'), menu('orphan', 'nowhere')],
        roles: [role('purchaser', ['missing'], { roleGroupCode: 'M1' }), role('purchaser')],
        departments: [{ departmentName: 'a', parentName: 'b' }, { departmentName: 'b', parentName: 'a' }, { departmentName: 'c', parentName: 'zz' }],
        contactsPermissions: [{ roleName: 'nobody', range: 'everything' as 'all' }],
      }),
    });
    for (const part of ['模板名称', 'a.b', '配置路径重复：x', '菜单编号重复', 'nowhere', 'M1', 'missing', '角色名称重复', 'admin_', 'zz', '成环', 'nobody', 'everything', 'contactsQuery']) {
      expect(errors.join('\n'), part).toContain(part);
    }
  });

  it('gives a role the pcMenu ancestors of its screens, not of its powers', () => {
    const menus = [menu('g'), menu('sub', 'g'), menu('screen', 'sub'), menu('power', 'screen', 'userPower')];
    expect(grantsWithAncestors(menus, ['screen']).sort()).toEqual(['g', 'screen', 'sub']);
    expect(grantsWithAncestors(menus, ['power'])).toEqual(['power']);
  });

  it('orders departments parents first', () => {
    expect(departmentsParentsFirst(content().departments).map((d) => d.departmentName)).toEqual(['食堂', '后厨']);
  });

  it('finds the admin (admin_) and system-provider (999) roles, and summarises a template', () => {
    const c = content({ roles: [role('x'), role('admin_a'), role('system_provider', [], { code: '999' })] });
    expect(adminRoleOf(c)?.name).toBe('admin_a');
    expect(providerRoleOf(c)?.name).toBe('system_provider');
    expect(templateSummary(content())).toMatchObject({ org: 1, menu: 5, role: 2, contacts: 2, contactspermission: 1 });
  });

  it('lists only fresh-delivery supplier orgs in 集采机构管理', () => {
    expect(isSxpsOrg({ supplierType: 'sxps' })).toBe(true);
    expect(isSxpsOrg({ supplierType: 'xg' })).toBe(false);
    expect(isSxpsOrg({ supplierType: null })).toBe(false);
  });
});
