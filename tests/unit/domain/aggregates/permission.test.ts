import { describe, it } from 'vitest';
import { permissionDecider, PERMISSION_TEXT, type PermissionCreated, type PermissionEvent } from '../../../../domain/aggregates/permission.ts';
import { given } from '../../../support/decider.ts';

const menu: PermissionCreated = {
  permissionId: 'p1', appId: 'a', moduleId: 'menuManage', parentId: 'mealModule', moduleName: '菜品管理', groupName: 'pcMenu', power: '', powerName: '',
  sort: 2, enable: true, extraInfo: { path: '/menu', meta: { title: '菜品管理', icon: 'Dish' } },
};
const created: PermissionEvent = { type: 'PermissionCreated', data: menu };
const deleted: PermissionEvent = { type: 'PermissionDeleted', data: { permissionId: 'p1' } };

describe('permission decider', () => {
  it('adds a node to the tree once; moduleId and groupName may not be blank', () => {
    given(permissionDecider).when({ type: 'CreatePermission', permission: menu }).then([created]);
    given(permissionDecider, [created]).when({ type: 'CreatePermission', permission: menu }).thenRefused('conflict', PERMISSION_TEXT.exists);
    given(permissionDecider).when({ type: 'CreatePermission', permission: { ...menu, moduleId: ' ' } }).thenRefused('invalid');
  });

  it('records only what an edit changes (extraInfo keys in any order are the same)', () => {
    given(permissionDecider, [created]).when({
      type: 'UpdatePermission', change: { permissionId: 'p1', sort: 2, enable: false, extraInfo: { meta: { icon: 'Dish', title: '菜品管理' }, path: '/menu' } },
    }).then([{ type: 'PermissionUpdated', data: { permissionId: 'p1', enable: false } }]);
    given(permissionDecider, [created]).when({ type: 'UpdatePermission', change: { permissionId: 'p1', moduleName: '菜品管理', power: undefined } }).then([]);
  });

  it('edits and deletes only a node that is there', () => {
    given(permissionDecider, [created]).when({ type: 'DeletePermission', permissionId: 'p1' }).then([deleted]);
    given(permissionDecider, [created, deleted]).when({ type: 'DeletePermission', permissionId: 'p1' }).thenRefused('notFound', PERMISSION_TEXT.permissionMissing('p1'));
    given(permissionDecider).when({ type: 'UpdatePermission', change: { permissionId: 'p1', sort: 1 } }).thenRefused('notFound', '权限不存在：p1');
  });
});
