// §7 role management (§6 visibility and admin roles): a role and the permissions it holds (`role-<id>`), a role
// group (`roleGroup-<id>`), the role relations of an org (`roleRelations-<orgId>`) and the roles a member holds in
// an org (his `member-<orgId>-<userId>` stream). Facts other aggregates hold (is the name taken, does the group or
// the permission exist, is the user a member, may the caller manage that role) come in the command, looked up by
// the handler in the same transaction. Who calls comes in as a Caller: admin roles are given out and edited by
// system providers only, a code-999 role by the platform only (mayManageRole).
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import type { RoleLike } from '../roles.ts';
import { mayManageRole, relationMakesCycle } from '../roleGroupVisibility.ts';
import { mayWriteRoleGroups } from '../salesmanGroups.ts';
import { changedFields, sameJson, withChanges } from './changes.ts';
import { PERMISSION_TEXT } from './permission.ts';

export const ROLE_TEXT = {
  noUsers: '请指定删除的用户',
  roleMissing: (r: string) => `角色不存在：${r}`,
  roleExists: '角色已存在',
  blankName: '参数错误：角色名称不能为空',
  groupMissing: (g: string) => `角色分组不存在：${g}`,
  groupExists: '角色分组已存在',
  blankGroupName: '参数错误：角色分组名称不能为空',
  groupForbidden: '没有该操作的权限',
  nameTaken: (n: string) => `角色名称已存在：${n}`,
  privileged: '只有系统服务商可以设置管理员角色',
  privilegedPermissions: '只有系统服务商可以修改管理员角色的权限',
  notMember: '该用户不是本机构的成员',
  selfGrant: '不能给自己授予角色',
  unfitRole: '该角色的权限超出本机构类型，不能授予',
  relationMissing: '角色关系不存在',
  relationCycle: '角色关系不能成环',
  relationExists: '角色关系已存在',
  noRelations: '参数错误：请指定角色关系',
} as const;

/** Who asks: his roles in the org, and whether he is the platform (code 999 in the platform org). */
export interface Caller { roles: readonly RoleLike[]; platform: boolean }

// ---- roles

export interface RoleCreated {
  roleId: string; name: string; code: string; cnName: string; roleGroupId: string | null; manageRoleNames: string[];
  enable: boolean; sort: number; config: Record<string, unknown>;
}
export type RoleUpdated = { roleId: string } & Partial<Omit<RoleCreated, 'roleId'>>;
export interface RoleDeleted { roleId: string }
/** extraInfo.department is the contacts query range of §6; older links carry no extraInfo */
export interface RolePermissionGranted { roleId: string; permissionId: string; extraInfo?: Record<string, unknown> }
export interface RolePermissionRevoked { roleId: string; permissionId: string }

export type RoleEvent =
  | DomainEvent<'RoleCreated', RoleCreated>
  | DomainEvent<'RoleUpdated', RoleUpdated>
  | DomainEvent<'RoleDeleted', RoleDeleted>
  | DomainEvent<'RolePermissionGranted', RolePermissionGranted>
  | DomainEvent<'RolePermissionRevoked', RolePermissionRevoked>;

export interface PermissionLink { permissionId: string; extraInfo: Record<string, unknown> }

export type RoleCommand =
  /** permissions: links the new role starts with (a salesman group's role copies the salesman role's) */
  | { type: 'CreateRole'; role: RoleCreated; caller: Caller; nameTaken: boolean; groupExists: boolean; permissions?: PermissionLink[] }
  /** nameTaken: another role of the org has the new name; groupExists: the new roleGroupId is a group of the org */
  | { type: 'UpdateRole'; change: RoleUpdated; caller: Caller; nameTaken: boolean; groupExists: boolean }
  /** unknownNames: the names that are no role of the org */
  | { type: 'SetManagedRoles'; roleId: string; manageRoleNames: string[]; unknownNames: string[]; caller: Caller }
  /** a salesman group's own role follows the group's rename */
  | { type: 'NameAfterGroup'; roleId: string; cnName: string }
  | { type: 'DeleteRole'; roleId: string; caller: Caller }
  /** unknownPermissions: the ids that are no node of the org-app's permission tree */
  | { type: 'GrantPermissions'; roleId: string; links: PermissionLink[]; unknownPermissions: string[]; caller: Caller }
  | { type: 'RevokePermissions'; roleId: string; permissionIds: string[]; caller: Caller };

export interface RoleState {
  status: 'none' | 'live' | 'deleted';
  role: Omit<RoleCreated, 'roleId'> | null;
  /** the permissions the role holds: id → the link's extraInfo */
  permissions: Readonly<Record<string, Record<string, unknown>>>;
}

/** Grants of the links that are new or carry another extraInfo; the last of one permission counts. */
function grants(roleId: string, held: RoleState['permissions'], links: readonly PermissionLink[]): RoleEvent[] {
  const last = new Map(links.map((l) => [l.permissionId, l.extraInfo]));
  return [...last].filter(([id, extraInfo]) => !(id in held) || !sameJson(held[id], extraInfo))
    .map(([permissionId, extraInfo]) => ({ type: 'RolePermissionGranted', data: { roleId, permissionId, extraInfo } }));
}

export const roleDecider: Decider<RoleCommand, RoleState, RoleEvent> = {
  initialState: () => ({ status: 'none', role: null, permissions: {} }),

  decide(command, state) {
    if (command.type === 'CreateRole') {
      const r = command.role;
      const name = r.name.trim();
      if (state.status !== 'none') return refuse('conflict', ROLE_TEXT.roleExists);
      if (!name) return refuse('invalid', ROLE_TEXT.blankName);
      if (!mayManageRole({ name, code: r.code }, command.caller)) return refuse('forbidden', ROLE_TEXT.privileged);
      if (command.nameTaken) return refuse('conflict', ROLE_TEXT.nameTaken(name));
      if (r.roleGroupId && !command.groupExists) return refuse('notFound', ROLE_TEXT.groupMissing(r.roleGroupId));
      return [{ type: 'RoleCreated', data: { ...r, name } }, ...grants(r.roleId, {}, command.permissions ?? [])];
    }
    const role = state.status === 'live' ? state.role : null;
    if (!role) return refuse('notFound', ROLE_TEXT.roleMissing('change' in command ? command.change.roleId : command.roleId));
    if ('caller' in command && !mayManageRole(role, command.caller)) {
      return refuse('forbidden', command.type === 'GrantPermissions' || command.type === 'RevokePermissions' ? ROLE_TEXT.privilegedPermissions : ROLE_TEXT.privileged);
    }
    switch (command.type) {
      case 'UpdateRole': {
        const { change } = command;
        const name = change.name?.trim();
        if (name !== undefined && !name) return refuse('invalid', ROLE_TEXT.blankName);
        if (name !== undefined && name !== role.name && command.nameTaken) return refuse('conflict', ROLE_TEXT.nameTaken(name));
        if (change.roleGroupId && !command.groupExists) return refuse('notFound', ROLE_TEXT.groupMissing(change.roleGroupId));
        if (!mayManageRole({ name: name ?? role.name, code: change.code ?? role.code }, command.caller)) return refuse('forbidden', ROLE_TEXT.privileged);
        const differs = changedFields(role, { ...change, ...(name !== undefined && { name }) }, 'roleId');
        // nothing differs: nothing to record
        return Object.keys(differs).length ? [{ type: 'RoleUpdated', data: { roleId: change.roleId, ...differs } }] : [];
      }
      case 'SetManagedRoles': {
        if (command.unknownNames.length) return refuse('notFound', ROLE_TEXT.roleMissing(command.unknownNames[0]));
        const manageRoleNames = [...new Set(command.manageRoleNames)];
        return sameJson(manageRoleNames, role.manageRoleNames) ? [] : [{ type: 'RoleUpdated', data: { roleId: command.roleId, manageRoleNames } }];
      }
      case 'NameAfterGroup':
        return command.cnName === role.cnName ? [] : [{ type: 'RoleUpdated', data: { roleId: command.roleId, cnName: command.cnName } }];
      case 'DeleteRole':
        return [{ type: 'RoleDeleted', data: { roleId: command.roleId } }];
      case 'GrantPermissions':
        if (command.unknownPermissions.length) return refuse('notFound', PERMISSION_TEXT.permissionMissing(command.unknownPermissions[0]));
        return grants(command.roleId, state.permissions, command.links);
      case 'RevokePermissions':
        return [...new Set(command.permissionIds)].filter((id) => id in state.permissions)
          .map((permissionId) => ({ type: 'RolePermissionRevoked', data: { roleId: command.roleId, permissionId } }));
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'RoleCreated': {
        const { roleId: _id, ...role } = event.data;
        return { status: 'live', role, permissions: {} };
      }
      case 'RoleUpdated': {
        const { roleId: _id, ...change } = event.data;
        return { ...state, role: state.role && withChanges(state.role, change) };
      }
      case 'RoleDeleted':
        return { ...state, status: 'deleted', permissions: {} };
      case 'RolePermissionGranted':
        return { ...state, permissions: { ...state.permissions, [event.data.permissionId]: event.data.extraInfo ?? {} } };
      case 'RolePermissionRevoked': {
        const { [event.data.permissionId]: _gone, ...permissions } = state.permissions;
        return { ...state, permissions };
      }
    }
  },
};

// ---- role groups

export interface RoleGroupCreated { roleGroupId: string; groupName: string; code: string; sort: number; manageRoleNames: string[]; config: Record<string, unknown> }
export type RoleGroupUpdated = { roleGroupId: string } & Partial<Omit<RoleGroupCreated, 'roleGroupId'>>;
export interface RoleGroupDeleted { roleGroupId: string }

export type RoleGroupEvent =
  | DomainEvent<'RoleGroupCreated', RoleGroupCreated>
  | DomainEvent<'RoleGroupUpdated', RoleGroupUpdated>
  | DomainEvent<'RoleGroupDeleted', RoleGroupDeleted>;

/** §6: the supplier keeps salesman groups (M6) without the role power; every other group needs it */
export interface GroupCaller { roles: readonly RoleLike[]; holdsRolePower: boolean }

export type RoleGroupCommand =
  | { type: 'CreateRoleGroup'; group: RoleGroupCreated; caller: GroupCaller }
  | { type: 'UpdateRoleGroup'; change: RoleGroupUpdated; caller: GroupCaller }
  | { type: 'DeleteRoleGroup'; roleGroupId: string; caller: GroupCaller }
  /** §3 the price config of a purchaser group: `allowed` when the caller is the org's admin, the platform or the bureau of its area */
  | { type: 'SetPriceConfig'; roleGroupId: string; config: Record<string, unknown>; allowed: boolean };

export interface RoleGroupState {
  status: 'none' | 'live' | 'deleted';
  group: Omit<RoleGroupCreated, 'roleGroupId'> | null;
}

const mayWrite = (caller: GroupCaller, codes: string[]) => mayWriteRoleGroups(caller.roles, codes, caller.holdsRolePower);

export const roleGroupDecider: Decider<RoleGroupCommand, RoleGroupState, RoleGroupEvent> = {
  initialState: () => ({ status: 'none', group: null }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateRoleGroup': {
        const g = command.group;
        if (!mayWrite(command.caller, [g.code])) return refuse('forbidden', ROLE_TEXT.groupForbidden);
        if (state.status !== 'none') return refuse('conflict', ROLE_TEXT.groupExists);
        if (!g.groupName.trim()) return refuse('invalid', ROLE_TEXT.blankGroupName);
        return [{ type: 'RoleGroupCreated', data: { ...g, groupName: g.groupName.trim() } }];
      }
      case 'UpdateRoleGroup': {
        const { change } = command;
        const group = state.status === 'live' ? state.group : null;
        if (!group) return refuse('notFound', ROLE_TEXT.groupMissing(change.roleGroupId));
        if (!mayWrite(command.caller, [group.code, change.code ?? group.code])) return refuse('forbidden', ROLE_TEXT.groupForbidden);
        const groupName = change.groupName?.trim();
        if (groupName !== undefined && !groupName) return refuse('invalid', ROLE_TEXT.blankGroupName);
        const differs = changedFields(group, { ...change, ...(groupName !== undefined && { groupName }) }, 'roleGroupId');
        // nothing differs: nothing to record
        return Object.keys(differs).length ? [{ type: 'RoleGroupUpdated', data: { roleGroupId: change.roleGroupId, ...differs } }] : [];
      }
      case 'SetPriceConfig': {
        const group = state.status === 'live' ? state.group : null;
        if (!group) return refuse('notFound', '采购角色组不存在');
        if (!command.allowed) return refuse('forbidden', '没有修改采购角色组配置的权限');
        const config = { ...group.config, ...command.config };
        return sameJson(config, group.config) ? [] : [{ type: 'RoleGroupUpdated', data: { roleGroupId: command.roleGroupId, config } }];
      }
      case 'DeleteRoleGroup': {
        const group = state.status === 'live' ? state.group : null;
        if (!group) return refuse('notFound', ROLE_TEXT.groupMissing(command.roleGroupId));
        if (!mayWrite(command.caller, [group.code])) return refuse('forbidden', ROLE_TEXT.groupForbidden);
        return [{ type: 'RoleGroupDeleted', data: { roleGroupId: command.roleGroupId } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'RoleGroupCreated': {
        const { roleGroupId: _id, ...group } = event.data;
        return { status: 'live', group };
      }
      case 'RoleGroupUpdated': {
        const { roleGroupId: _id, ...change } = event.data;
        return { ...state, group: state.group && withChanges(state.group, change) };
      }
      case 'RoleGroupDeleted':
        return { ...state, status: 'deleted' };
    }
  },
};

// ---- role relations (§3 relationPath, child, depth): one stream per org

export interface RoleRelationAdded { relationId: string; parentRoleId: string; childRoleId: string; relationPath: string; depth: number }
export interface RoleRelationRemoved { relationId: string }

export type RoleRelationEvent =
  | DomainEvent<'RoleRelationAdded', RoleRelationAdded>
  | DomainEvent<'RoleRelationRemoved', RoleRelationRemoved>;

/** mayManage: the caller may see and manage both roles (the parent's, to remove one) */
export type RoleRelationCommand =
  | { type: 'AddRoleRelations'; relations: { relationId: string; parentRoleId: string; childRoleId: string; mayManage: boolean }[] }
  | { type: 'RemoveRoleRelation'; relationId: string; mayManage: boolean };

export interface RoleRelationState { relations: readonly RoleRelationAdded[] }

export const roleRelationDecider: Decider<RoleRelationCommand, RoleRelationState, RoleRelationEvent> = {
  initialState: () => ({ relations: [] }),

  decide(command, state) {
    switch (command.type) {
      case 'AddRoleRelations': {
        if (!command.relations.length) return refuse('invalid', ROLE_TEXT.noRelations);
        const edges = [...state.relations];
        const added: RoleRelationEvent[] = [];
        for (const { relationId, parentRoleId, childRoleId, mayManage } of command.relations) {
          if (!mayManage) return refuse('forbidden', ROLE_TEXT.privileged);
          if (edges.some((e) => e.parentRoleId === parentRoleId && e.childRoleId === childRoleId)) return refuse('conflict', ROLE_TEXT.relationExists);
          if (relationMakesCycle(edges, parentRoleId, childRoleId)) return refuse('unprocessable', ROLE_TEXT.relationCycle);
          // the path runs from the top of the parent's line down to the child
          const above = edges.find((e) => e.childRoleId === parentRoleId);
          const relationPath = `${above ? above.relationPath : parentRoleId}/${childRoleId}`;
          const relation: RoleRelationAdded = { relationId, parentRoleId, childRoleId, relationPath, depth: relationPath.split('/').length - 1 };
          edges.push(relation);
          added.push({ type: 'RoleRelationAdded', data: relation });
        }
        return added;
      }
      case 'RemoveRoleRelation':
        if (!state.relations.some((r) => r.relationId === command.relationId)) return refuse('notFound', ROLE_TEXT.relationMissing);
        if (!command.mayManage) return refuse('forbidden', ROLE_TEXT.privileged);
        return [{ type: 'RoleRelationRemoved', data: { relationId: command.relationId } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'RoleRelationAdded': return { relations: [...state.relations, event.data] };
      case 'RoleRelationRemoved': return { relations: state.relations.filter((r) => r.relationId !== event.data.relationId) };
    }
  },
};

// ---- the roles a member holds in an org (his member stream; joining and leaving the org are the users module's)

export interface UserRoleGranted { userId: string; roleId: string }
export interface UserRoleRevoked { userId: string; roleId: string }

export type MemberRoleEvent = DomainEvent<'UserRoleGranted', UserRoleGranted> | DomainEvent<'UserRoleRevoked', UserRoleRevoked>;

/**
 * What a grant must respect besides managing the role (issue 27, domain/orgKind.ts grantRefusal): `self`, the
 * caller grants to himself; `fitsOrgKind`, the role holds no party power the org's kind lacks. A grant by a rule
 * rather than a person (a trial applicant's role) is neither.
 */
export interface GrantFacts { self: boolean; fitsOrgKind: boolean }

/** isMember: the user belongs to the org; mayManage: the caller may see and give out the role(s) */
export type MemberRoleCommand =
  | { type: 'GrantRole'; userId: string; roleId: string; isMember: boolean; mayManage: boolean; grant: GrantFacts }
  | { type: 'RevokeRole'; userId: string; roleId: string; isMember: boolean; mayManage: boolean }
  /** moves the user from one role to another (the same role: grants it) */
  | { type: 'MoveRole'; userId: string; fromRoleId: string; toRoleId: string; isMember: boolean; mayManage: boolean; grant: GrantFacts };

/** Granting a role is itself a power (issue 27): never to oneself, never a role beyond the org's kind. */
export function grantRefusal(grant: GrantFacts) {
  if (grant.self) return refuse('forbidden', ROLE_TEXT.selfGrant);
  if (!grant.fitsOrgKind) return refuse('forbidden', ROLE_TEXT.unfitRole);
  return null;
}

export interface MemberRoleState { roles: ReadonlySet<string> }

export const memberRoleDecider: Decider<MemberRoleCommand, MemberRoleState, MemberRoleEvent> = {
  initialState: () => ({ roles: new Set() }),

  decide(command, state) {
    if (!command.mayManage) return refuse('forbidden', ROLE_TEXT.privileged);
    const { userId } = command;
    switch (command.type) {
      case 'GrantRole':
        if (!command.isMember) return refuse('notFound', ROLE_TEXT.notMember);
        if (state.roles.has(command.roleId)) return [];
        return grantRefusal(command.grant) ?? [{ type: 'UserRoleGranted', data: { userId, roleId: command.roleId } }];
      case 'RevokeRole':
        // a former member may still hold it: taking it away is fine
        if (!state.roles.has(command.roleId)) return command.isMember ? [] : refuse('notFound', ROLE_TEXT.notMember);
        return [{ type: 'UserRoleRevoked', data: { userId, roleId: command.roleId } }];
      case 'MoveRole': {
        if (!command.isMember) return refuse('notFound', ROLE_TEXT.notMember);
        const { fromRoleId, toRoleId } = command;
        const refused = state.roles.has(toRoleId) ? null : grantRefusal(command.grant);
        if (refused) return refused;
        return [
          ...(fromRoleId !== toRoleId && state.roles.has(fromRoleId) ? [{ type: 'UserRoleRevoked' as const, data: { userId, roleId: fromRoleId } }] : []),
          ...(!state.roles.has(toRoleId) ? [{ type: 'UserRoleGranted' as const, data: { userId, roleId: toRoleId } }] : []),
        ];
      }
    }
  },

  evolve(state, event) {
    const roles = new Set(state.roles);
    if (event.type === 'UserRoleGranted') roles.add(event.data.roleId);
    else roles.delete(event.data.roleId);
    return { roles };
  },
};
