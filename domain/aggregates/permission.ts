// §7 the permission tree of an org-app: menu entries and power nodes, one stream per node (`permission-<id>`).
// Which roles hold a node is the role's (role.ts); deleting a node takes it from every role (the projection).
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { changedFields, withChanges } from './changes.ts';

export interface PermissionCreated {
  permissionId: string; appId: string; moduleId: string; parentId: string; moduleName: string; groupName: string;
  power: string; powerName: string; sort: number; enable: boolean; extraInfo: Record<string, unknown>;
}
/** moduleId and groupName place a node in the tree: they are not edited */
export type PermissionUpdated = { permissionId: string } & Partial<Omit<PermissionCreated, 'permissionId' | 'appId' | 'moduleId' | 'groupName'>>;
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
