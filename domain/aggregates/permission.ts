// §7 the permission tree of an org-app: menu entries and power nodes, one stream per node (`permission-<id>`).
// Which roles hold a node is the role's (role.ts); deleting a node takes it from every role (the projection).
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { changedFields, withChanges } from './changes.ts';

export interface PermissionCreated {
  permissionId: string; appId: string; moduleId: string; parentId: string; moduleName: string; groupName: string;
  power: string; powerName: string; sort: number; enable: boolean; extraInfo: Record<string, unknown>;
}
/**
 * Every §3 field of a node but its id and app may be edited (PUT /v2/permission/{id}), moduleId and groupName too: they
 * move the node in the tree (its §6 power key groupName-parentId-moduleId follows), see childrenFollowing.
 */
export type PermissionUpdated = { permissionId: string } & Partial<Omit<PermissionCreated, 'permissionId' | 'appId'>>;
export interface PermissionDeleted { permissionId: string }

export type PermissionEvent =
  | DomainEvent<'PermissionCreated', PermissionCreated>
  | DomainEvent<'PermissionUpdated', PermissionUpdated>
  | DomainEvent<'PermissionDeleted', PermissionDeleted>;

export type PermissionCommand =
  | { type: 'CreatePermission'; permission: PermissionCreated }
  | { type: 'UpdatePermission'; change: PermissionUpdated }
  | { type: 'DeletePermission'; permissionId: string };

export interface PermissionState {
  status: 'none' | 'live' | 'deleted';
  permission: Omit<PermissionCreated, 'permissionId'> | null;
}

export const PERMISSION_TEXT = {
  permissionMissing: (p: string) => `权限不存在：${p}`,
  exists: '权限已存在',
  blank: '参数错误：权限的 moduleId 和 groupName 不能为空',
  badRange: '部门查询范围不正确（all、departmentAndSubordinateDepartments 或 specificDepartment 加 departmentIds）',
} as const;

export const permissionDecider: Decider<PermissionCommand, PermissionState, PermissionEvent> = {
  initialState: () => ({ status: 'none', permission: null }),

  decide(command, state) {
    switch (command.type) {
      case 'CreatePermission': {
        const p = command.permission;
        if (state.status !== 'none') return refuse('conflict', PERMISSION_TEXT.exists);
        if (!p.moduleId.trim() || !p.groupName.trim()) return refuse('invalid', PERMISSION_TEXT.blank);
        return [{ type: 'PermissionCreated', data: p }];
      }
      case 'UpdatePermission': {
        const { change } = command;
        if (state.status !== 'live' || !state.permission) return refuse('notFound', PERMISSION_TEXT.permissionMissing(change.permissionId));
        if ((change.moduleId !== undefined && !change.moduleId.trim()) || (change.groupName !== undefined && !change.groupName.trim())) {
          return refuse('invalid', PERMISSION_TEXT.blank);
        }
        const differs = changedFields(state.permission, change, 'permissionId');
        // nothing differs: nothing to record
        return Object.keys(differs).length ? [{ type: 'PermissionUpdated', data: { permissionId: change.permissionId, ...differs } }] : [];
      }
      case 'DeletePermission':
        if (state.status !== 'live') return refuse('notFound', PERMISSION_TEXT.permissionMissing(command.permissionId));
        return [{ type: 'PermissionDeleted', data: { permissionId: command.permissionId } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PermissionCreated': {
        const { permissionId: _id, ...permission } = event.data;
        return { status: 'live', permission };
      }
      case 'PermissionUpdated': {
        const { permissionId: _id, ...change } = event.data;
        return { ...state, permission: state.permission && withChanges(state.permission, change) };
      }
      case 'PermissionDeleted':
        return { ...state, status: 'deleted' };
    }
  },
};

/** A node of the org-app's tree as its children name it. */
export interface TreeNode { permissionId: string; moduleId: string; parentId: string }

/**
 * The nodes that follow a node whose moduleId changed from `from` (children name their parent by moduleId, §2 menu
 * entries nest by parentId, a power's key holds it): those whose parentId is `from`, so none is left under a parent
 * that is gone. When another node of the org-app still carries `from`, that node is their parent and none moves.
 * `nodes` is the org-app's tree; the renamed node itself never follows.
 */
export function childrenFollowing(renamed: { permissionId: string; from: string }, nodes: readonly TreeNode[]): string[] {
  if (nodes.some((n) => n.moduleId === renamed.from && n.permissionId !== renamed.permissionId)) return [];
  return nodes.filter((n) => n.parentId === renamed.from && n.permissionId !== renamed.permissionId).map((n) => n.permissionId);
}
