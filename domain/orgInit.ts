// §7 init templates: what a new organisation starts with, and the seven steps that create it from a template
// (config, org, menu, rolegroup, role, contacts, contactspermission). Pure: shared by server and console.
import type { OrgType } from './types.ts';

// §7 the seven steps of creating an organisation from an init template, in order
export const ORG_INIT_STEPS = ['config', 'org', 'menu', 'rolegroup', 'role', 'contacts', 'contactspermission'] as const;
export type OrgInitStep = (typeof ORG_INIT_STEPS)[number];

// §1 org types (formal when unknown)
export const ORG_TYPES: readonly OrgType[] = ['formal', 'project', 'product', 'trialVersion', 'preActivation'];

// §6 contacts query range powers
export const CONTACTS_RANGES = ['all', 'departmentAndSubordinateDepartments', 'specificDepartment'] as const;
export type ContactsRange = (typeof CONTACTS_RANGES)[number];

// §9 supplier types: xg fresh fruit, sxps fresh delivery, jgpt supervision platform
export const SUPPLIER_TYPES = ['xg', 'sxps', 'jgpt'] as const;

/** One permission row of the template: a menu entry (pcMenu, quickEntry) or a power node. */
export interface TemplateMenuEntry {
  moduleId: string;
  /** '-1' at the top level */
  parentId: string;
  moduleName: string;
  groupName: string;
  sort: number;
  enable: boolean;
  /** power nodes carry their module id here; menu entries leave it empty */
  power?: string;
  powerName?: string;
  extraInfo: Record<string, unknown>;
}

export interface TemplateRoleGroup {
  code: string;
  groupName: string;
  sort: number;
  manageRoleNames: string[];
}

export interface TemplateRole {
  name: string;
  code: string;
  cnName: string;
  /** code of one of the template's role groups */
  roleGroupCode: string | null;
  manageRoleNames: string[];
  config: Record<string, unknown>;
  /** moduleIds of the menu entries and power nodes the role holds (their pcMenu ancestors come with them) */
  grants: string[];
}

export interface TemplateDepartment {
  departmentName: string;
  /** departmentName of the parent; '' or absent at the top level */
  parentName?: string;
  isHide?: number;
  isAllHide?: number;
}

export interface TemplateContactsPermission {
  roleName: string;
  range: ContactsRange;
}

export interface InitTemplateContent {
  /** org config: top-level path → value */
  config: { path: string; value: unknown }[];
  menus: TemplateMenuEntry[];
  roleGroups: TemplateRoleGroup[];
  roles: TemplateRole[];
  departments: TemplateDepartment[];
  /** moduleId of the power node carrying the §6 contacts query range (extraInfo.department) */
  contactsQueryModuleId: string;
  contactsPermissions: TemplateContactsPermission[];
}

export interface InitTemplate {
  id: string;
  name: string;
  disabled: boolean;
  content: InitTemplateContent;
}

export const emptyTemplateContent = (): InitTemplateContent => ({
  config: [], menus: [], roleGroups: [], roles: [], departments: [], contactsQueryModuleId: 'contactsQuery', contactsPermissions: [],
});

// §6 admin: a role name starting admin_; §6 system provider code 999
export const ADMIN_ROLE_PREFIX = 'admin_';
export const SYSTEM_PROVIDER_CODE = '999';

/** The role the new org's admin gets: the template's first admin_ role. */
export function adminRoleOf(content: Pick<InitTemplateContent, 'roles'>): TemplateRole | undefined {
  return content.roles.find((r) => r.name.startsWith(ADMIN_ROLE_PREFIX));
}

/** The template's system-provider role (code 999): the creating provider joins the new org with it. */
export function providerRoleOf(content: Pick<InitTemplateContent, 'roles'>): TemplateRole | undefined {
  return content.roles.find((r) => r.code === SYSTEM_PROVIDER_CODE);
}

/** moduleIds a role holds: its grants plus their pcMenu ancestors, so a screen comes with the group showing it. */
export function grantsWithAncestors(menus: readonly TemplateMenuEntry[], grants: readonly string[]): string[] {
  const byModule = new Map(menus.filter((m) => m.groupName === 'pcMenu').map((m) => [m.moduleId, m]));
  const out = new Set<string>();
  for (const g of grants) {
    out.add(g);
    let parent = byModule.get(g) ? byModule.get(byModule.get(g)!.parentId) : undefined;
    while (parent && !out.has(parent.moduleId)) {
      out.add(parent.moduleId);
      parent = byModule.get(parent.parentId);
    }
  }
  return [...out];
}

/** Departments ordered parents first; unknown parents are reported by validateTemplate. */
export function departmentsParentsFirst(departments: readonly TemplateDepartment[]): TemplateDepartment[] {
  const names = new Set(departments.map((d) => d.departmentName));
  const done = new Set<string>();
  const out: TemplateDepartment[] = [];
  let rest = [...departments];
  while (rest.length) {
    const ready = rest.filter((d) => !d.parentName || done.has(d.parentName) || !names.has(d.parentName));
    if (ready.length === 0) break; // a cycle: validateTemplate reports it
    for (const d of ready) {
      out.push(d);
      done.add(d.departmentName);
    }
    rest = rest.filter((d) => !ready.includes(d));
  }
  return out.concat(rest);
}

const CONFIG_PATH = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/**
 * Every problem of a template, as readable (zh-CN) messages; empty when it can create an organisation.
 * The server checks this on save and again, step by step, when it runs a template.
 */
export function validateTemplate(t: { name: string; content: InitTemplateContent }): string[] {
  const errors: string[] = [];
  const c = t.content;
  if (!t.name.trim()) errors.push('模板名称不能为空');
  const paths = new Set<string>();
  for (const e of c.config) {
    if (!CONFIG_PATH.test(e.path)) errors.push(`配置路径不合法：${e.path}`);
    if (paths.has(e.path)) errors.push(`配置路径重复：${e.path}`);
    paths.add(e.path);
  }
  errors.push(...validateMenus(c.menus));
  const modules = new Set(c.menus.map((m) => m.moduleId));
  const groupCodes = new Set<string>();
  for (const g of c.roleGroups) {
    if (!g.code.trim() || !g.groupName.trim()) errors.push('角色组的名称和编码不能为空');
    if (groupCodes.has(g.code)) errors.push(`角色组编码重复：${g.code}`);
    groupCodes.add(g.code);
  }
  const roleNames = new Set<string>();
  for (const r of c.roles) {
    if (!r.name.trim()) errors.push('角色名称不能为空');
    if (roleNames.has(r.name)) errors.push(`角色名称重复：${r.name}`);
    roleNames.add(r.name);
    if (r.roleGroupCode && !groupCodes.has(r.roleGroupCode)) errors.push(`角色 ${r.name} 的角色组不存在：${r.roleGroupCode}`);
    for (const g of r.grants) if (!modules.has(g)) errors.push(`角色 ${r.name} 的菜单不存在：${g}`);
  }
  if (!adminRoleOf(c)) errors.push('模板缺少机构管理员角色（名称以 admin_ 开头）');
  errors.push(...validateDepartments(c.departments));
  if (c.contactsPermissions.length > 0 && !modules.has(c.contactsQueryModuleId)) {
    errors.push(`通讯录查询范围权限不存在：${c.contactsQueryModuleId}`);
  }
  for (const p of c.contactsPermissions) {
    if (!roleNames.has(p.roleName)) errors.push(`通讯录权限的角色不存在：${p.roleName}`);
    if (!(CONTACTS_RANGES as readonly string[]).includes(p.range)) errors.push(`通讯录查询范围不合法：${p.range}`);
  }
  return errors;
}

/** A permission row is one per group and module id: a quick entry shares its screen's module id. */
export const menuEntryKey = (m: Pick<TemplateMenuEntry, 'groupName' | 'moduleId'>) => `${m.groupName}/${m.moduleId}`;

export function validateMenus(menus: readonly TemplateMenuEntry[]): string[] {
  const errors: string[] = [];
  const entries = new Set<string>();
  const pcMenu = new Set(menus.filter((m) => m.groupName === 'pcMenu').map((m) => m.moduleId));
  for (const m of menus) {
    if (!m.moduleId.trim() || !m.moduleName.trim() || !m.groupName.trim()) errors.push('菜单的编号、名称和分组不能为空');
    const k = menuEntryKey(m);
    if (entries.has(k)) errors.push(`菜单编号重复：${m.groupName} ${m.moduleId}`);
    entries.add(k);
  }
  // pcMenu entries nest under pcMenu entries; power nodes name the screen they belong to
  for (const m of menus) {
    if (m.groupName === 'pcMenu' && m.parentId !== '-1' && !pcMenu.has(m.parentId)) errors.push(`菜单 ${m.moduleId} 的上级不存在：${m.parentId}`);
  }
  return errors;
}

export function validateDepartments(departments: readonly TemplateDepartment[]): string[] {
  const errors: string[] = [];
  const names = new Set<string>();
  for (const d of departments) {
    if (!d.departmentName.trim()) errors.push('部门名称不能为空');
    if (names.has(d.departmentName)) errors.push(`部门名称重复：${d.departmentName}`);
    names.add(d.departmentName);
  }
  for (const d of departments) {
    if (d.parentName && !names.has(d.parentName)) errors.push(`部门 ${d.departmentName} 的上级部门不存在：${d.parentName}`);
  }
  const ordered = departmentsParentsFirst(departments);
  const seen = new Set<string>();
  for (const d of ordered) {
    if (d.parentName && names.has(d.parentName) && !seen.has(d.parentName)) {
      errors.push(`部门上级关系成环：${d.departmentName}`);
      break;
    }
    seen.add(d.departmentName);
  }
  return errors;
}

/** A summary of a template for lists: how much each step creates. */
export function templateSummary(c: InitTemplateContent): Record<OrgInitStep, number> {
  return {
    config: c.config.length,
    org: 1,
    menu: c.menus.length,
    rolegroup: c.roleGroups.length,
    role: c.roles.length,
    contacts: c.departments.length,
    contactspermission: c.contactsPermissions.length,
  };
}

/** An org listed in 集采机构管理: a fresh-delivery (sxps) supplier org. */
export function isSxpsOrg(o: { supplierType?: string | null }): boolean {
  return o.supplierType === 'sxps';
}
