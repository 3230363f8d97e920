import { describe, it } from 'vitest';
import { given } from '../../../support/decider.ts';
import { dishPackageDecider, type DishPackageEvent } from '../../../../domain/aggregates/dishPackage.ts';
import { dishDecider } from '../../../../domain/aggregates/dish.ts';

const created: DishPackageEvent = { type: 'DishPackageCreated', data: { packageId: 'p1', name: '午餐A', categoryId: 'c', tags: [], dishes: [{ dishId: 'd1', portions: 1 }], note: '' } };
const create = (fields: Record<string, unknown>, facts: { categoryExists?: boolean; unknownDishes?: string[] } = {}) => ({
  type: 'CreateDishPackage' as const, packageId: 'p1', fields: { name: '午餐A', categoryId: 'c', dishes: [{ dishId: 'd1', portions: 1 }], ...fields },
  categoryExists: facts.categoryExists ?? true, unknownDishes: facts.unknownDishes ?? [],
});

describe('set meal decider', () => {
  it('creates a set meal of known dishes under a package category', () => {
    given(dishPackageDecider).when(create({ name: ' 午餐A ' })).then([created]);
  });
  it('refuses no dishes, bad portions, repeats, unknown dishes and a category that is not a package one', () => {
    given(dishPackageDecider).when(create({ dishes: [] })).thenRefused('invalid', /至少/);
    given(dishPackageDecider).when(create({ dishes: [{ dishId: 'd1', portions: -1 }] })).thenRefused('invalid', /份数/);
    given(dishPackageDecider).when(create({ dishes: [{ dishId: 'd1', portions: 1 }, { dishId: 'd1', portions: 2 }] })).thenRefused('invalid', /重复/);
    given(dishPackageDecider).when(create({}, { unknownDishes: ['d9'] })).thenRefused('invalid', /d9/);
    given(dishPackageDecider).when(create({}, { categoryExists: false })).thenRefused('invalid', /分类/);
  });
  it('records only what changed', () => {
    given(dishPackageDecider, [created]).when({ type: 'UpdateDishPackage', packageId: 'p1', change: { name: '午餐A', note: '秋季' }, categoryExists: false, unknownDishes: [] })
      .then([{ type: 'DishPackageUpdated', data: { packageId: 'p1', note: '秋季' } }]);
  });
  it('a dish held by a set meal is not removed', () => {
    const dish = { type: 'DishCreated' as const, data: { dishId: 'd1', name: '米饭', categoryId: 'c', tags: [], people: [], season: null, allergens: [], note: '', photo: null, dosageMode: 'netWeight' as const, lines: [] } };
    given(dishDecider, [dish]).when({ type: 'RemoveDish', dishId: 'd1', packagesUsing: 1 }).thenRefused('conflict', /套餐/);
  });
});
