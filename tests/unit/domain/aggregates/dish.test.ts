import { describe, expect, it } from 'vitest';
import { given } from '../../../support/decider.ts';
import { dishDecider, DISH_LIMITS, type DishEvent } from '../../../../domain/aggregates/dish.ts';

const lines = [{ foodId: '11529', weight: 150 }, { foodId: '01123', weight: 50 }];
const create = (fields: Record<string, unknown> = {}, facts: { categoryExists?: boolean; unknownFoods?: string[] } = {}) => ({
  type: 'CreateDish' as const, dishId: 'd1', fields: { name: '番茄炒蛋', categoryId: 'c-veg', lines, ...fields },
  categoryExists: facts.categoryExists ?? true, unknownFoods: facts.unknownFoods ?? [],
});
const created: DishEvent = {
  type: 'DishCreated',
  data: { dishId: 'd1', name: '番茄炒蛋', categoryId: 'c-veg', tags: [], people: [], season: null, allergens: [], note: '', photo: null, dosageMode: 'netWeight', lines },
};

describe('dish decider', () => {
  it('creates a dish with the defaults: no season, net weights', () => {
    given(dishDecider).when(create({ name: ' 番茄炒蛋 ' })).then([created]);
  });
  it('keeps tags, audience, season, allergens and the gross dosage mode, list items trimmed once', () => {
    const events = dishDecider.decide(create({ tags: [' 家常 ', '家常', ''], people: ['小学'], season: '夏', allergens: ['蛋类'], dosageMode: 'grossWeight' }), dishDecider.initialState());
    expect(events).toEqual([{ type: 'DishCreated', data: { ...created.data, tags: ['家常'], people: ['小学'], season: '夏', allergens: ['蛋类'], dosageMode: 'grossWeight' } }]);
  });
  it('refuses empty and long names, an unknown category, unknown foods', () => {
    given(dishDecider).when(create({ name: '  ' })).thenRefused('invalid', /名称不能为空/);
    given(dishDecider).when(create({ name: '菜'.repeat(DISH_LIMITS.nameMax + 1) })).thenRefused('invalid', /不能超过 50/);
    given(dishDecider).when(create({}, { categoryExists: false })).thenRefused('invalid', /分类不存在/);
    given(dishDecider).when(create({}, { unknownFoods: ['99999'] })).thenRefused('invalid', /食材不存在：99999/);
  });
  it('refuses zero, negative, absurd and non-finite weights, naming the line', () => {
    for (const weight of [0, -5, 2000.5, 1e9, Number.NaN]) {
      given(dishDecider).when(create({ lines: [{ foodId: '11529', weight: 100 }, { foodId: '01123', weight }] })).thenRefused('invalid', /第 2 行/);
    }
    given(dishDecider).when(create({ lines: [{ foodId: '11529', weight: 2000 }] })).then([{ ...created, data: { ...created.data, lines: [{ foodId: '11529', weight: 2000 }] } }]);
  });
  it('refuses a food twice, more than 60 lines, an unknown season or dosage mode', () => {
    given(dishDecider).when(create({ lines: [...lines, { foodId: '11529', weight: 10 }] })).thenRefused('invalid', /重复/);
    const many = Array.from({ length: DISH_LIMITS.lines + 1 }, (_, i) => ({ foodId: `f${i}`, weight: 10 }));
    given(dishDecider).when(create({ lines: many })).thenRefused('invalid', /最多 60/);
    given(dishDecider).when(create({ season: '雨季' })).thenRefused('invalid', /季节/);
    given(dishDecider).when(create({ dosageMode: 'byGuess' })).thenRefused('invalid', /用量方式/);
  });
  it('records only what an update changes; the same values record nothing', () => {
    given(dishDecider, [created]).when({ type: 'UpdateDish', dishId: 'd1', change: { name: '番茄炒蛋', note: '先炒蛋' }, categoryExists: false, unknownFoods: [] })
      .then([{ type: 'DishUpdated', data: { dishId: 'd1', note: '先炒蛋' } }]);
    given(dishDecider, [created]).when({ type: 'UpdateDish', dishId: 'd1', change: { lines }, categoryExists: false, unknownFoods: [] }).then([]);
  });
  it('checks an update as a whole: a new category must exist, weights stay bounded', () => {
    given(dishDecider, [created]).when({ type: 'UpdateDish', dishId: 'd1', change: { categoryId: 'gone' }, categoryExists: false, unknownFoods: [] }).thenRefused('invalid', /分类/);
    given(dishDecider, [created]).when({ type: 'UpdateDish', dishId: 'd1', change: { lines: [{ foodId: '11529', weight: -1 }] }, categoryExists: true, unknownFoods: [] }).thenRefused('invalid');
  });
  it('removes a live dish once', () => {
    given(dishDecider, [created]).when({ type: 'RemoveDish', dishId: 'd1' }).then([{ type: 'DishRemoved', data: { dishId: 'd1' } }]);
    given(dishDecider, [created, { type: 'DishRemoved', data: { dishId: 'd1' } }]).when({ type: 'RemoveDish', dishId: 'd1' }).thenRefused('notFound');
    given(dishDecider).when({ type: 'UpdateDish', dishId: 'd1', change: { name: 'x' }, categoryExists: true, unknownFoods: [] }).thenRefused('notFound');
  });
});
