// §7 the seven steps of creating an organisation from an init template. Each step appends only what is
// missing, so a step called on its own twice writes nothing the second time; /create runs all seven in one
// transaction (all or nothing).
import crypto from 'node:crypto';
import type { EventMeta, Tx } from '../../store/eventStore.ts';
import { decideAndAppend, loadLocked } from '../../store/command.ts';
import { HttpError, unprocessable } from '../../http/errors.ts';
import {
  adminRoleOf, departmentsParentsFirst, grantsWithAncestors, providerRoleOf, ORG_INIT_STEPS, type InitTemplateContent, type OrgInitStep,
} from '../../../domain/orgInit.ts';
import { pinyinInitials } from '../../../domain/contactSearch.ts';
import { streams, SYSTEM_ORG } from '../users/streams.ts';
import type { AppCreated, OrgAppCreated } from '../../../domain/aggregates/app.ts';
import { orgKindOf, type OrgKind } from '../../../domain/orgKind.ts';
import type { OrgCreated } from '../../../domain/aggregates/org.ts';
import type { PermissionCreated } from '../../../domain/aggregates/permission.ts';
import type { RoleCreated, RoleGroupCreated } from '../../../domain/aggregates/role.ts';
import type { ContactUser, DepartmentData, PersonData } from '../../../domain/aggregates/contacts.ts';
import { orgSetupDecider, setupKeys, type SetupEvent } from '../../../domain/aggregates/orgSetup.ts';

export interface InitTarget {
  orgId: string;
  orgName: string;
  appId: string;
  appName: string;
  orgType: string;
  /** what the org is (domain/orgKind.ts): absent, the kind its type gives */
  kind?: OrgKind;
  agentId: string | null;
  /** the district the org lies in (a bureau's area: issue 35 unit import); absent, none */
  area?: string;
  expiration: string | null;
  userLimit: number | null;
  content: InitTemplateContent;
  /** /create only: the org admin (created when new) and the provider who creates the org */
  admin?: { phone: string; name: string; passwordHash: string };
  creatorUserId?: string;
}

export interface StepContext {
  tx: Tx;
  meta: EventMeta;
  target: InitTarget;
}

export const STEP_LABELS: Record<OrgInitStep, string> = {
  config: '机构配置', org: '机构与应用', menu: '菜单权限', rolegroup: '角色组', role: '角色', contacts: '通讯录', contactspermission: '通讯录权限',
};

/**
 * Provisions a stream with what it lacks (domain/aggregates/orgSetup.ts): `present` reads, under the stream's
 * lock, the keys of what it already holds; appends at the version read, counting the events.
 */
async function append(
  ctx: StepContext, orgId: string, streamId: string, streamType: string, events: SetupEvent[], present: () => Promise<Iterable<string>> = async () => [],
): Promise<number> {
  if (events.length === 0) return 0;
  const { decided } = await decideAndAppend(ctx.tx, {
    orgId, streamId, streamType, decider: orgSetupDecider, command: { type: 'Provision', events }, meta: ctx.meta,
    load: (tx) => loadLocked(tx, orgId, streamId, async () => ({ present: new Set(await present()) })),
  });
  return decided.length;
}

/** `value` with every string in it, however deep in arrays and objects, passed through `f`. */
export function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]));
  return value;
}

/** '{orgName}' in template config strings becomes the new org's name. */
const fill = (value: unknown, orgName: string) => mapStrings(value, (s) => s.replaceAll('{orgName}', orgName));

async function configStep(ctx: StepContext): Promise<number> {
  const { orgId, appId, orgName, content } = ctx.target;
  let n = 0;
  for (const { path, value } of content.config) {
    n += await append(ctx, orgId, streams.config(orgId, appId, path), 'config', [{ type: 'OrgConfigSet', data: { appId, path, value: fill(value, orgName) } }], async () =>
      (await ctx.tx.selectFrom('org_config').select('path').where('org_id', '=', orgId).where('app_id', '=', appId).where('path', '=', path).execute())
        .map((r) => setupKeys.config(appId, r.path)));
  }
  return n;
}

async function orgStep(ctx: StepContext): Promise<number> {
  const t = ctx.target;
  let n = 0;
  const app: AppCreated = { appId: t.appId, appName: t.appName, config: {} };
  n += await append(ctx, SYSTEM_ORG, streams.app(t.appId), 'app', [{ type: 'AppCreated', data: app }], async () =>
    (await ctx.tx.selectFrom('apps').select('app_id').where('app_id', '=', t.appId).execute()).map((r) => setupKeys.app(r.app_id)));
  const org: OrgCreated = {
    orgId: t.orgId, name: t.orgName, orgType: t.orgType, kind: t.kind ?? orgKindOf({ orgType: t.orgType }), agentId: t.agentId, parentOrgId: null, area: t.area ?? '', expiration: t.expiration, userLimit: t.userLimit,
  };
  n += await append(ctx, t.orgId, streams.org(t.orgId), 'org', [{ type: 'OrgCreated', data: org }], async () =>
    (await ctx.tx.selectFrom('orgs').select('org_id').where('org_id', '=', t.orgId).execute()).map((r) => setupKeys.org(r.org_id)));
  // the org-app's stream is new (a new id): its org and app pair is looked up among all org-apps
  const orgApp: OrgAppCreated = { id: crypto.randomUUID(), orgId: t.orgId, appId: t.appId, appName: t.appName, key: crypto.randomBytes(16).toString('hex') };
  const orgAppRows = await ctx.tx.selectFrom('org_apps').select('id').where('org_id', '=', t.orgId).where('app_id', '=', t.appId).execute();
  n += await append(ctx, t.orgId, streams.orgApp(orgApp.id), 'orgApp', [{ type: 'OrgAppCreated', data: orgApp }], async () =>
    orgAppRows.map(() => setupKeys.orgApp(t.orgId, t.appId)));
  return n;
}

async function menuStep(ctx: StepContext): Promise<number> {
  const { orgId, appId, content } = ctx.target;
  const have = new Set((await ctx.tx.selectFrom('permissions').select(['group_name', 'module_id']).where('org_id', '=', orgId).where('app_id', '=', appId).execute())
    .map((r) => setupKeys.menu(r.group_name, r.module_id)));
  let n = 0;
  for (const m of content.menus) {
    // a new stream each (a new id): the menu entries of the org-app are looked up once
    if (have.has(setupKeys.menu(m.groupName, m.moduleId))) continue;
    const data: PermissionCreated = {
      permissionId: crypto.randomUUID(), appId, moduleId: m.moduleId, parentId: m.parentId, moduleName: m.moduleName, groupName: m.groupName,
      power: m.power ?? '', powerName: m.powerName ?? '', sort: m.sort, enable: m.enable, extraInfo: m.extraInfo,
    };
    n += await append(ctx, orgId, streams.permission(data.permissionId), 'permission', [{ type: 'PermissionCreated', data }], async () => have);
  }
  return n;
}

async function roleGroupStep(ctx: StepContext): Promise<number> {
  const { orgId, content } = ctx.target;
  const have = new Set((await ctx.tx.selectFrom('role_groups').select('code').where('org_id', '=', orgId).execute()).map((r) => setupKeys.roleGroup(r.code)));
  let n = 0;
  for (const g of content.roleGroups) {
    if (have.has(setupKeys.roleGroup(g.code))) continue;
    const data: RoleGroupCreated = { roleGroupId: crypto.randomUUID(), groupName: g.groupName, code: g.code, sort: g.sort, manageRoleNames: g.manageRoleNames, config: {} };
    n += await append(ctx, orgId, streams.roleGroup(data.roleGroupId), 'roleGroup', [{ type: 'RoleGroupCreated', data }], async () => have);
  }
  return n;
}

/** moduleId → the permission rows with it (a screen's menu entry and its quick entry share one). */
async function permissionIdsOf(ctx: StepContext): Promise<Map<string, string[]>> {
  const { orgId, appId } = ctx.target;
  const rows = await ctx.tx.selectFrom('permissions').select(['module_id', 'permission_id']).where('org_id', '=', orgId).where('app_id', '=', appId)
    .orderBy('group_name').execute();
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.module_id, [...(out.get(r.module_id) ?? []), r.permission_id]);
  return out;
}

async function roleIdsOf(ctx: StepContext): Promise<Map<string, string>> {
  const rows = await ctx.tx.selectFrom('roles').select(['name', 'role_id']).where('org_id', '=', ctx.target.orgId).execute();
  return new Map(rows.map((r) => [r.name, r.role_id]));
}

async function roleStep(ctx: StepContext): Promise<number> {
  const { orgId, content } = ctx.target;
  const groups = new Map((await ctx.tx.selectFrom('role_groups').select(['code', 'role_group_id']).where('org_id', '=', orgId).execute()).map((r) => [r.code, r.role_group_id]));
  const permissions = await permissionIdsOf(ctx);
  const roles = await roleIdsOf(ctx);
  let n = 0;
  for (const [i, role] of content.roles.entries()) {
    const events: SetupEvent[] = [];
    let roleId = roles.get(role.name);
    if (!roleId) {
      const roleGroupId = role.roleGroupCode ? groups.get(role.roleGroupCode) : null;
      if (roleGroupId === undefined) throw unprocessable(`角色 ${role.name} 的角色组不存在：${role.roleGroupCode}`);
      const created: RoleCreated = {
        roleId: crypto.randomUUID(), name: role.name, code: role.code, cnName: role.cnName, roleGroupId, manageRoleNames: role.manageRoleNames,
        enable: true, sort: i + 1, config: role.config,
      };
      roleId = created.roleId;
      events.push({ type: 'RoleCreated', data: created });
    }
    for (const moduleId of grantsWithAncestors(content.menus, role.grants)) {
      const permissionIds = permissions.get(moduleId);
      if (!permissionIds) throw unprocessable(`角色 ${role.name} 的菜单不存在：${moduleId}`);
      for (const permissionId of permissionIds) {
        events.push({ type: 'RolePermissionGranted', data: { roleId, permissionId } });
      }
    }
    const id = roleId;
    n += await append(ctx, orgId, streams.role(roleId), 'role', events, async () => [
      ...(roles.has(role.name) ? [setupKeys.role(role.name)] : []),
      ...(await ctx.tx.selectFrom('role_permissions').select('permission_id').where('org_id', '=', orgId).where('role_id', '=', id).execute())
        .map((r) => setupKeys.grant(id, r.permission_id)),
    ]);
  }
  return n;
}

/** Joins a user to the new org-app with a role (membership stream of §users). */
async function joinWithRole(ctx: StepContext, userId: string, roleId: string): Promise<number> {
  const { orgId, appId } = ctx.target;
  const events: SetupEvent[] = [
    { type: 'UserJoinedOrgApp', data: { orgId, appId, userId, extraInfo: {} } },
    { type: 'UserRoleGranted', data: { userId, roleId } },
  ];
  return append(ctx, orgId, streams.member(orgId, userId), 'member', events, async () => {
    const member = await ctx.tx.selectFrom('org_app_users').select('user_id').where('org_id', '=', orgId).where('app_id', '=', appId).where('user_id', '=', userId).executeTakeFirst();
    const hasRole = await ctx.tx.selectFrom('user_roles').select('user_id').where('org_id', '=', orgId).where('user_id', '=', userId).where('role_id', '=', roleId).executeTakeFirst();
    return [...(member ? [setupKeys.member(orgId, appId, userId)] : []), ...(hasRole ? [setupKeys.userRole(userId, roleId)] : [])];
  });
}

async function contactsStep(ctx: StepContext): Promise<number> {
  const { orgId, content } = ctx.target;
  const existing = await ctx.tx.selectFrom('contact_departments').select(['department_name', 'department_id']).where('org_id', '=', orgId).execute();
  const idByName = new Map(existing.map((d) => [d.department_name, d.department_id]));
  const departments: DepartmentData[] = [];
  for (const d of departmentsParentsFirst(content.departments)) {
    if (idByName.has(d.departmentName)) continue;
    let parentId = '-1';
    if (d.parentName) {
      const p = idByName.get(d.parentName);
      if (!p) throw unprocessable(`部门 ${d.departmentName} 的上级部门不存在：${d.parentName}`);
      parentId = p;
    }
    const dep: DepartmentData = {
      departmentId: crypto.randomUUID(), parentId, departmentName: d.departmentName, type: 1, sort: existing.length + departments.length + 1,
      isHide: d.isHide ?? 0, isAllHide: d.isAllHide ?? 0, roleConfig: {},
    };
    if (!dep.departmentName.trim()) throw unprocessable('部门名称不能为空');
    departments.push(dep);
    idByName.set(d.departmentName, dep.departmentId);
  }
  const events: SetupEvent[] = [];
  if (departments.length) events.push({ type: 'DepartmentsCreated', data: { departments } });
  const present = existing.map((d) => setupKeys.department(d.department_name));

  let n = 0;
  const admin = ctx.target.admin;
  if (admin) {
    const adminRole = adminRoleOf(content);
    const roles = await roleIdsOf(ctx);
    const adminRoleId = adminRole && roles.get(adminRole.name);
    if (!adminRoleId) throw unprocessable('模板缺少机构管理员角色（名称以 admin_ 开头）');
    let user = await ctx.tx.selectFrom('users').select(['user_id', 'name']).where('username', '=', admin.phone).executeTakeFirst();
    if (!user) {
      const created: ContactUser = {
        userId: crypto.randomUUID(), username: admin.phone, name: admin.name, email: '', passwordHash: admin.passwordHash, isDev: false, enable: true,
        expiration: null, isRegister: true, isNotRouterHome: false, mustChangePassword: true,
      };
      n += await append(ctx, SYSTEM_ORG, streams.user(created.userId), 'user', [{ type: 'UserCreated', data: created }]);
      user = { user_id: created.userId, name: created.name };
    }
    n += await joinWithRole(ctx, user.user_id, adminRoleId);
    const person = await ctx.tx.selectFrom('contact_persons').select('user_id').where('org_id', '=', orgId).where('user_id', '=', user.user_id).executeTakeFirst();
    if (person) present.push(setupKeys.person(user.user_id));
    else {
      const firstDepartment = content.departments.find((d) => !d.parentName);
      const p: PersonData = {
        userId: user.user_id, name: user.name || admin.name, pinyinFirst: pinyinInitials(user.name || admin.name), phoneNumber: admin.phone, showPhoneNumber: true,
        gender: '男', unit: '', status: 1, duties: '机构管理员', sort: 1,
      };
      const links = firstDepartment ? [{ userId: user.user_id, departmentId: idByName.get(firstDepartment.departmentName)! }] : [];
      events.push({ type: 'PersonsAdded', data: { persons: [p], links } });
    }
    // the provider who creates the org works in it as system provider, as in every demo org
    const providerRole = providerRoleOf(content);
    const providerRoleId = providerRole && roles.get(providerRole.name);
    if (ctx.target.creatorUserId && providerRoleId) n += await joinWithRole(ctx, ctx.target.creatorUserId, providerRoleId);
  }
  n += await append(ctx, orgId, `contacts-${orgId}`, 'contacts', events, async () => present);
  return n;
}

async function contactsPermissionStep(ctx: StepContext): Promise<number> {
  const { orgId, content } = ctx.target;
  if (content.contactsPermissions.length === 0) return 0;
  const permissionId = (await permissionIdsOf(ctx)).get(content.contactsQueryModuleId)?.[0];
  if (!permissionId) throw unprocessable(`通讯录查询范围权限不存在：${content.contactsQueryModuleId}`);
  const roles = await roleIdsOf(ctx);
  let n = 0;
  for (const p of content.contactsPermissions) {
    const roleId = roles.get(p.roleName);
    if (!roleId) throw unprocessable(`通讯录权限的角色不存在：${p.roleName}`);
    const extraInfo = { department: { range: p.range } };
    n += await append(ctx, orgId, streams.role(roleId), 'role', [{ type: 'RolePermissionGranted', data: { roleId, permissionId, extraInfo } }], async () => {
      const link = await ctx.tx.selectFrom('role_permissions').select('extra_info').where('org_id', '=', orgId).where('role_id', '=', roleId)
        .where('permission_id', '=', permissionId).executeTakeFirst();
      const range = (link?.extra_info as { department?: { range?: string } } | undefined)?.department?.range;
      return range === p.range ? [setupKeys.grant(roleId, permissionId, extraInfo)] : [];
    });
  }
  return n;
}

export const STEPS: Record<OrgInitStep, (ctx: StepContext) => Promise<number>> = {
  config: configStep, org: orgStep, menu: menuStep, rolegroup: roleGroupStep, role: roleStep, contacts: contactsStep, contactspermission: contactsPermissionStep,
};

/** Runs one step; a failure names the step (第N步) so the console can show where it stopped. */
export async function runStep(step: OrgInitStep, ctx: StepContext): Promise<number> {
  try {
    return await STEPS[step](ctx);
  } catch (e) {
    if (e instanceof HttpError) {
      throw new HttpError(e.statusCode, `第${ORG_INIT_STEPS.indexOf(step) + 1}步（${STEP_LABELS[step]}）失败：${e.message}`);
    }
    throw e;
  }
}
