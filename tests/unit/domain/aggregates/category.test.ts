import { describe, it } from 'vitest';
import { categoryDecider, specDecider, type CategoryCreated, type CategoryEvent, type SpecEvent } from '../../../../domain/aggregates/category.ts';
import { given } from '../../../support/decider.ts';

const veg: CategoryCreated = { id: 'c1', appId: 'a', parentId: '-1', name: '蔬菜', groupName: 'goodsCategory', enable: true, sort: 0, isPackage: false, extraInfo: {} };
const created: CategoryEvent = { type: 'CategoryCreated', data: veg };

describe('category decider', () => {
  it('creates a category, its name trimmed, under the root or a parent that exists', () => {
    given(categoryDecider).when({ type: 'CreateCategory', category: { ...veg, name: ' 蔬菜 ' }, parentExists: false }).then([created]);
    const child = { ...veg, id: 'c2', parentId: 'c1', name: '叶菜' };
    given(categoryDecider).when({ type: 'CreateCategory', category: child, parentExists: true }).then([{ type: 'CategoryCreated', data: child }]);
  });
  it('refuses a blank name, a missing parent, itself as parent and a second create', () => {
    given(categoryDecider).when({ type: 'CreateCategory', category: { ...veg, name: '  ' }, parentExists: false }).thenRefused('invalid', /名称不能为空/);
    given(categoryDecider).when({ type: 'CreateCategory', category: { ...veg, parentId: 'nope' }, parentExists: false }).thenRefused('invalid', /上级分类不存在/);
    given(categoryDecider).when({ type: 'CreateCategory', category: { ...veg, parentId: 'c1' }, parentExists: true }).thenRefused('invalid', /不能是自己/);
    given(categoryDecider, [created]).when({ type: 'CreateCategory', category: veg, parentExists: false }).thenRefused('conflict');
  });
  it('records only what changes', () => {
    given(categoryDecider, [created]).when({ type: 'UpdateCategory', change: { id: 'c1', name: '蔬菜', sort: 5, enable: true } })
      .then([{ type: 'CategoryUpdated', data: { id: 'c1', sort: 5 } }]);
    given(categoryDecider, [created]).when({ type: 'UpdateCategory', change: { id: 'c1', name: ' 蔬菜 ' } }).then([]);
  });
  it('refuses to change or delete a deleted category', () => {
    const deleted: CategoryEvent = { type: 'CategoryDeleted', data: { id: 'c1', isPhysicalDelete: false } };
    given(categoryDecider, [created]).when({ type: 'DeleteCategory', id: 'c1', isPhysicalDelete: false }).then([deleted]);
    given(categoryDecider, [created, deleted]).when({ type: 'UpdateCategory', change: { id: 'c1', sort: 1 } }).thenRefused('notFound');
    given(categoryDecider, [created, deleted]).when({ type: 'DeleteCategory', id: 'c1', isPhysicalDelete: true }).thenRefused('notFound');
  });
  it('refuses a blank new name and itself as new parent', () => {
    given(categoryDecider, [created]).when({ type: 'UpdateCategory', change: { id: 'c1', name: ' ' } }).thenRefused('invalid');
    given(categoryDecider, [created]).when({ type: 'UpdateCategory', change: { id: 'c1', parentId: 'c1' } }).thenRefused('invalid');
  });
});

describe('spec decider', () => {
  const spec = { id: 's1', appId: 'a', name: '包装', options: { list: ['袋'] }, sort: 99 };
  const specCreated: SpecEvent = { type: 'SpecCreated', data: spec };
  it('creates a spec with a free name and refuses a taken one', () => {
    given(specDecider).when({ type: 'CreateSpec', spec: { ...spec, name: ' 包装' }, nameTaken: false }).then([specCreated]);
    given(specDecider).when({ type: 'CreateSpec', spec, nameTaken: true }).thenRefused('invalid', /已存在/);
  });
  it('renames only to a free name; keeping its own name is fine', () => {
    given(specDecider, [specCreated]).when({ type: 'UpdateSpec', change: { id: 's1', name: '重量' }, nameTaken: true }).thenRefused('invalid');
    given(specDecider, [specCreated]).when({ type: 'UpdateSpec', change: { id: 's1', name: '包装', sort: 1 }, nameTaken: false })
      .then([{ type: 'SpecUpdated', data: { id: 's1', name: '包装', sort: 1 } }]);
    given(specDecider).when({ type: 'UpdateSpec', change: { id: 's1', sort: 1 }, nameTaken: false }).thenRefused('notFound');
  });

  it('a recipe setting (mallRecipeSpec) keeps the shape of its options; other specs take any options', () => {
    const taboo = { id: 's9', appId: 'a', name: '食物禁忌', options: { foodTaboosEnable: true }, sort: 99 };
    given(specDecider).when({ type: 'CreateSpec', spec: taboo, nameTaken: false }).then([{ type: 'SpecCreated', data: taboo }]);
    given(specDecider).when({ type: 'CreateSpec', spec: { ...taboo, options: { foodTaboosEnable: 'yes' } }, nameTaken: false }).thenRefused('invalid', /foodTaboosEnable 须为布尔值/);
    const exported: SpecEvent = { type: 'SpecCreated', data: { id: 's8', appId: 'a', name: '采购计划导出内容', options: { exportContent: ['foodName'] }, sort: 99 } };
    given(specDecider, [exported]).when({ type: 'UpdateSpec', change: { id: 's8', options: { exportContent: [] } }, nameTaken: false }).thenRefused('invalid', /至少选择一项/);
    given(specDecider, [exported]).when({ type: 'UpdateSpec', change: { id: 's8', options: { exportContent: ['foodName', 'secret'] } }, nameTaken: false })
      .thenRefused('invalid', /不支持「secret」/);
    given(specDecider, [exported]).when({ type: 'UpdateSpec', change: { id: 's8', options: { exportContent: ['foodName', 'amount'] } }, nameTaken: false })
      .then([{ type: 'SpecUpdated', data: { id: 's8', options: { exportContent: ['foodName', 'amount'] } } }]);
    given(specDecider, [specCreated]).when({ type: 'UpdateSpec', change: { id: 's1', options: { anything: 1 } }, nameTaken: false })
      .then([{ type: 'SpecUpdated', data: { id: 's1', options: { anything: 1 } } }]);
  });
});

describe('a category in use', () => {
  it('is not deleted while dishes or set meals are filed under it (issue 9)', () => {
    given(categoryDecider, [created]).when({ type: 'DeleteCategory', id: 'c1', isPhysicalDelete: false, usedBy: 3 }).thenRefused('conflict', /还有 3 个菜品或套餐/);
    given(categoryDecider, [created]).when({ type: 'DeleteCategory', id: 'c1', isPhysicalDelete: false, usedBy: 0 })
      .then([{ type: 'CategoryDeleted', data: { id: 'c1', isPhysicalDelete: false } }]);
  });
});
