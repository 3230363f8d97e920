import { describe, expect, it } from 'vitest';
import { childrenFollowing, permissionDecider, PERMISSION_TEXT, type PermissionCreated, type PermissionEvent } from '../../../../domain/aggregates/permission.ts';
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

  it('moves a node in the tree: moduleId and groupName are edited like any field, never to blank', () => {
    given(permissionDecider, [created]).when({ type: 'UpdatePermission', change: { permissionId: 'p1', moduleId: 'dishManage', groupName: 'quickEntry', sort: 2 } })
      .then([{ type: 'PermissionUpdated', data: { permissionId: 'p1', moduleId: 'dishManage', groupName: 'quickEntry' } }]);
    // the same values again: nothing
    given(permissionDecider, [created]).when({ type: 'UpdatePermission', change: { permissionId: 'p1', moduleId: 'menuManage', groupName: 'pcMenu' } }).then([]);
    // moved once, the state holds the new place: moving it back records the change back
    const moved: PermissionEvent = { type: 'PermissionUpdated', data: { permissionId: 'p1', moduleId: 'dishManage' } };
    given(permissionDecider, [created, moved]).when({ type: 'UpdatePermission', change: { permissionId: 'p1', moduleId: 'dishManage' } }).then([]);
    given(permissionDecider, [created, moved]).when({ type: 'UpdatePermission', change: { permissionId: 'p1', moduleId: 'menuManage' } })
      .then([{ type: 'PermissionUpdated', data: { permissionId: 'p1', moduleId: 'menuManage' } }]);
    given(permissionDecider, [created]).when({ type: 'UpdatePermission', change: { permissionId: 'p1', moduleId: '  ' } }).thenRefused('invalid', PERMISSION_TEXT.blank);
    given(permissionDecider, [created]).when({ type: 'UpdatePermission', change: { permissionId: 'p1', groupName: '' } }).thenRefused('invalid', PERMISSION_TEXT.blank);
  });

  it('the nodes under a renamed moduleId follow it, unless another node still carries the old one', () => {
    const tree = [
      { permissionId: 'p1', moduleId: 'dishManage', parentId: 'mealModule' },
      { permissionId: 'p2', moduleId: 'dishExport', parentId: 'menuManage' },
      { permissionId: 'p3', moduleId: 'dishImport', parentId: 'menuManage' },
      { permissionId: 'p4', moduleId: 'orderList', parentId: 'mealModule' },
    ];
    expect(childrenFollowing({ permissionId: 'p1', from: 'menuManage' }, tree)).toEqual(['p2', 'p3']);
    // a quick entry still named menuManage: the powers stay under it
    expect(childrenFollowing({ permissionId: 'p1', from: 'menuManage' }, [...tree, { permissionId: 'q1', moduleId: 'menuManage', parentId: '-1' }])).toEqual([]);
    // the renamed node is never its own child
    expect(childrenFollowing({ permissionId: 'p1', from: 'menuManage' }, [{ permissionId: 'p1', moduleId: 'x', parentId: 'menuManage' }])).toEqual([]);
  });

  it('edits and deletes only a node that is there', () => {
    given(permissionDecider, [created]).when({ type: 'DeletePermission', permissionId: 'p1' }).then([deleted]);
    given(permissionDecider, [created, deleted]).when({ type: 'DeletePermission', permissionId: 'p1' }).thenRefused('notFound', PERMISSION_TEXT.permissionMissing('p1'));
    given(permissionDecider).when({ type: 'UpdatePermission', change: { permissionId: 'p1', sort: 1 } }).thenRefused('notFound', '权限不存在：p1');
  });
});
