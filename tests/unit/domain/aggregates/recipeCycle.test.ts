import { describe, expect, it } from 'vitest';
import { recipeCycleDecider, type RecipeCycleCommand, type RecipeCycleEvent } from '../../../../domain/aggregates/recipeCycle.ts';
import { MEAL_PATTERN_CODES } from '../../../../domain/constants.ts';
import {
  mealsOfPattern, recipeQuotaRefusal, recipeUserLimit, cycleDays, isRecipeEditor, mayCreate, mayEdit, seesUnpublished, type Cell,
} from '../../../../domain/recipeCycle.ts';
import { given } from '../../../support/decider.ts';

const quota = { enabled: true, exempt: false, used: 0 };
const create = {
  type: 'CreateRecipeCycle', cycleId: 'c1', name: ' 秋季第一周 ', startDate: '2026-11-23', cycleOption: 'week', weeks: 2,
  mealPattern: MEAL_PATTERN_CODES['两餐'], ageGroups: [{ ageRange: '6-8', people: 120 }, { ageRange: '9-11', people: 80 }],
  createdBy: 'u-diet', createdByName: '周丽华', quota,
} satisfies RecipeCycleCommand;
const created: RecipeCycleEvent = {
  type: 'RecipeCycleCreated',
  data: {
    cycleId: 'c1', name: '秋季第一周', startDate: '2026-11-23', cycleOption: 'week', weeks: 2, mealPattern: 3,
    ageGroups: [{ ageRange: '6-8', people: 120 }, { ageRange: '9-11', people: 80 }], createdBy: 'u-diet', createdByName: '周丽华',
  },
};
const dishes = { rice: { name: '米饭', portion: 150 }, pork: { name: '红烧肉', portion: 80 }, empty: { name: '未配料', portion: 0 } };
const mondayLunch: Cell = { day: 0, mealCode: 3, dishes: [{ dishId: 'rice', dosages: { '6-8': 150, '9-11': 180 } }, { dishId: 'pork', dosages: { '6-8': 80, '9-11': 80 } }] };
const cellsSet: RecipeCycleEvent = { type: 'RecipeCycleCellsSet', data: { cycleId: 'c1', cells: [mondayLunch] } };
const setMonday = {
  type: 'SetRecipeCells', cycleId: 'c1', dishes,
  cells: [{ day: 0, mealCode: 3, dishes: [{ dishId: 'rice', dosages: { '9-11': 180 } }, { dishId: 'pork' }] }],
} satisfies RecipeCycleCommand;
const ev = (type: RecipeCycleEvent['type'], extra: Record<string, unknown> = {}) => ({ type, data: { cycleId: 'c1', ...extra } }) as RecipeCycleEvent;

describe('recipe cycle rules (§9)', () => {
  it('meal patterns name the meals of a day; one meal is lunch, two add breakfast, three add dinner', () => {
    expect(mealsOfPattern(MEAL_PATTERN_CODES['一餐'])).toEqual([3]);
    expect(mealsOfPattern(MEAL_PATTERN_CODES['两餐'])).toEqual([1, 3]);
    expect(mealsOfPattern(MEAL_PATTERN_CODES['三餐三点'])).toEqual([1, 2, 3, 4, 5, 6]);
    for (const code of Object.values(MEAL_PATTERN_CODES)) expect(mealsOfPattern(code).length).toBeGreaterThan(0);
    expect(mealsOfPattern(42)).toEqual([]);
  });
  it('a week cycle spans whole weeks; a month cycle the days of its month', () => {
    expect(cycleDays({ startDate: '2026-11-23', cycleOption: 'week', weeks: 4 })).toBe(28);
    expect(cycleDays({ startDate: '2026-02-01', cycleOption: 'month', weeks: 0 })).toBe(28);
    expect(cycleDays({ startDate: '2028-02-01', cycleOption: 'month', weeks: 0 })).toBe(29);
  });
  it('the user limit is 5 by default, floored, plus the extra times; off when disabled or for system providers', () => {
    expect(recipeUserLimit({})).toBe(5);
    expect(recipeUserLimit({ limit: 3.9, extra: 2.5 })).toBe(5);
    expect(recipeQuotaRefusal({ ...quota, used: 4 })).toBeNull();
    expect(recipeQuotaRefusal({ ...quota, used: 5 })).toMatch(/最多可新建 5 个/);
    expect(recipeQuotaRefusal({ ...quota, used: 5, extra: 1 })).toBeNull();
    expect(recipeQuotaRefusal({ ...quota, used: 50, exempt: true })).toBeNull();
    expect(recipeQuotaRefusal({ ...quota, used: 50, enabled: false })).toBeNull();
  });
});

describe('who sees and changes a cycle (§6 recipe roles 1, 2, 5)', () => {
  const viewer = (roleCodes: string[], admin = false, roleNames: string[] = []) => ({ admin, roleCodes, roleNames, userId: 'me' });
  it('dietitians and admins edit every cycle; a purchaser only hers; a supplier none', () => {
    expect(isRecipeEditor(viewer(['5']))).toBe(true);
    expect(isRecipeEditor(viewer([], true))).toBe(true);
    expect(mayEdit(viewer(['1']), 'me')).toBe(true);
    expect(mayEdit(viewer(['1']), 'someone')).toBe(false);
    expect(mayEdit(viewer(['2']), 'me')).toBe(false);
    expect(mayCreate(viewer(['1']))).toBe(true);
    expect(mayCreate(viewer(['2']))).toBe(false);
  });
  it('a supplier and a purchaser who did not write it see only what is published', () => {
    expect(seesUnpublished(viewer(['2']), 'someone')).toBe(false);
    expect(seesUnpublished(viewer(['1']), 'someone')).toBe(false);
    expect(seesUnpublished(viewer(['1']), 'me')).toBe(true);
    expect(seesUnpublished(viewer(['5']), 'someone')).toBe(true);
  });
});

describe('recipe cycle decider', () => {
  it('creates a cycle with its name trimmed', () => {
    given(recipeCycleDecider).when(create).then([created]);
    given(recipeCycleDecider, [created]).when(create).thenRefused('conflict');
  });
  it('refuses a bad header: empty name, a week cycle not starting on Monday, weeks, pattern, age groups', () => {
    given(recipeCycleDecider).when({ ...create, name: '  ' }).thenRefused('invalid', /名称不能为空/);
    given(recipeCycleDecider).when({ ...create, startDate: '2026-11-24' }).thenRefused('invalid', /星期一/);
    given(recipeCycleDecider).when({ ...create, startDate: '2026-02-30' }).thenRefused('invalid', /YYYY-MM-DD/);
    given(recipeCycleDecider).when({ ...create, weeks: 0 }).thenRefused('invalid', /周数/);
    given(recipeCycleDecider).when({ ...create, weeks: 9 }).thenRefused('invalid', /周数/);
    given(recipeCycleDecider).when({ ...create, mealPattern: 42 }).thenRefused('invalid', /餐次模式/);
    given(recipeCycleDecider).when({ ...create, ageGroups: [] }).thenRefused('invalid', /年龄段/);
    given(recipeCycleDecider).when({ ...create, ageGroups: [{ ageRange: '6-8', people: 1 }, { ageRange: '6-8', people: 2 }] }).thenRefused('invalid', /不能重复/);
    given(recipeCycleDecider).when({ ...create, ageGroups: [{ ageRange: '6-8', people: -1 }] }).thenRefused('invalid', /就餐人数/);
    given(recipeCycleDecider).when({ ...create, cycleOption: 'month', startDate: '2026-11-02' }).thenRefused('invalid', /1 日/);
  });
  it('refuses the sixth new cycle of a user with a clear message', () => {
    given(recipeCycleDecider).when({ ...create, quota: { ...quota, used: 5 } }).thenRefused('unprocessable', /最多可新建 5 个周食谱/);
  });
  it('sets a cell, filling each age group with the dish portion where no dosage is sent', () => {
    given(recipeCycleDecider, [created]).when(setMonday).then([cellsSet]);
    // the same content again records nothing
    given(recipeCycleDecider, [created, cellsSet]).when(setMonday).then([]);
  });
  it('refuses a day outside the cycle, a meal not in the pattern, unknown dishes and absurd dosages', () => {
    const cell = (c: { day?: number; mealCode?: number; dishes?: { dishId: string; dosages?: Record<string, number> }[] }) => ({ ...setMonday, cells: [{ ...setMonday.cells[0], ...c }] });
    given(recipeCycleDecider, [created]).when(cell({ day: 14 })).thenRefused('invalid', /第 15 天不在食谱周期内（共 14 天）/);
    given(recipeCycleDecider, [created]).when(cell({ day: -1 })).thenRefused('invalid', /不在食谱周期内/);
    given(recipeCycleDecider, [created]).when(cell({ mealCode: 5 })).thenRefused('invalid', /晚餐 不在餐次模式「两餐」内/);
    given(recipeCycleDecider, [created]).when(cell({ dishes: [{ dishId: 'ghost' }] })).thenRefused('invalid', /菜品不存在：ghost/);
    given(recipeCycleDecider, [created]).when(cell({ dishes: [{ dishId: 'rice', dosages: { '6-8': -5 } }] })).thenRefused('invalid', /用量/);
    given(recipeCycleDecider, [created]).when(cell({ dishes: [{ dishId: 'rice', dosages: { '6-8': 50_000 } }] })).thenRefused('invalid', /不超过 1000 克/);
    given(recipeCycleDecider, [created]).when(cell({ dishes: [{ dishId: 'rice', dosages: { '15-17': 100 } }] })).thenRefused('invalid', /年龄段/);
    given(recipeCycleDecider, [created]).when(cell({ dishes: [{ dishId: 'empty' }] })).thenRefused('invalid', /未配料.*没有份量/);
    given(recipeCycleDecider, [created]).when(cell({ dishes: [{ dishId: 'rice' }, { dishId: 'rice' }] })).thenRefused('invalid', /不能重复/);
    given(recipeCycleDecider, [created]).when({ ...setMonday, cells: [setMonday.cells[0], setMonday.cells[0]] }).thenRefused('invalid', /只能出现一次/);
    const many = Array.from({ length: 10_000 }, (_, i) => ({ day: i % 14, mealCode: 3, dishes: [] }));
    given(recipeCycleDecider, [created]).when({ ...setMonday, cells: many }).thenRefused('invalid', /一次最多/);
  });
  it('copies a day onto another, emptying target meals the source lacks', () => {
    const tuesdayBreakfast: RecipeCycleEvent = { type: 'RecipeCycleCellsSet', data: { cycleId: 'c1', cells: [{ day: 1, mealCode: 1, dishes: [{ dishId: 'rice', dosages: { '6-8': 100, '9-11': 100 } }] }] } };
    given(recipeCycleDecider, [created, cellsSet, tuesdayBreakfast]).when({ type: 'CopyRecipeDay', cycleId: 'c1', fromDay: 0, toDay: 1 }).then([{
      type: 'RecipeCycleDayCopied',
      data: { cycleId: 'c1', fromDay: 0, toDay: 1, cells: [{ ...mondayLunch, day: 1 }, { day: 1, mealCode: 1, dishes: [] }] },
    }]);
    given(recipeCycleDecider, [created, cellsSet]).when({ type: 'CopyRecipeDay', cycleId: 'c1', fromDay: 0, toDay: 0 }).thenRefused('invalid');
    given(recipeCycleDecider, [created, cellsSet]).when({ type: 'CopyRecipeDay', cycleId: 'c1', fromDay: 0, toDay: 20 }).thenRefused('invalid', /不在食谱周期内/);
    const state = given(recipeCycleDecider, [created, cellsSet, tuesdayBreakfast]).when({ type: 'CopyRecipeDay', cycleId: 'c1', fromDay: 0, toDay: 1 }).state();
    expect([...state.cells.keys()].sort()).toEqual(['0:3', '1:3']);
  });
  it('copies a week', () => {
    const state = given(recipeCycleDecider, [created, cellsSet]).when({ type: 'CopyRecipeWeek', cycleId: 'c1', fromWeek: 0, toWeek: 1 }).state();
    expect(state.cells.get('7:3')).toEqual(mondayLunch.dishes);
    given(recipeCycleDecider, [created, cellsSet]).when({ type: 'CopyRecipeWeek', cycleId: 'c1', fromWeek: 0, toWeek: 2 }).thenRefused('invalid', /第 3 周/);
  });
  it('changes the header; age groups only change in count once dishes have dosages', () => {
    given(recipeCycleDecider, [created]).when({ type: 'UpdateRecipeCycle', cycleId: 'c1', name: '新名字', ageGroups: [{ ageRange: '6-8', people: 120 }, { ageRange: '9-11', people: 80 }] })
      .then([{ type: 'RecipeCycleUpdated', data: { cycleId: 'c1', name: '新名字' } }]);
    given(recipeCycleDecider, [created, cellsSet]).when({ type: 'UpdateRecipeCycle', cycleId: 'c1', ageGroups: [{ ageRange: '6-8', people: 1 }] }).thenRefused('invalid', /增删年龄段/);
    given(recipeCycleDecider, [created, cellsSet]).when({ type: 'UpdateRecipeCycle', cycleId: 'c1', mealPattern: MEAL_PATTERN_CODES['三餐'] })
      .then([{ type: 'RecipeCycleUpdated', data: { cycleId: 'c1', mealPattern: 6 } }]);
    given(recipeCycleDecider, [created, cellsSet]).when({ type: 'UpdateRecipeCycle', cycleId: 'c1', mealPattern: MEAL_PATTERN_CODES['两餐'] }).then([]);
  });

  describe('approval lifecycle', () => {
    const submitted = ev('RecipeCycleSubmitted', { submittedBy: 'u-diet' });
    const approved = ev('RecipeCycleApproved', { remark: '' });
    const approve = { type: 'ApproveRecipeCycle', cycleId: 'c1', approverId: 'u-admin', ownAllowed: false } as const;
    const published = ev('RecipeCyclePublished');
    it('draft → submitted → approved → published → withdrawn', () => {
      given(recipeCycleDecider, [created, cellsSet]).when({ type: 'SubmitRecipeCycle', cycleId: 'c1', approvalEnabled: true, submittedBy: 'u-diet' }).then([submitted]);
      given(recipeCycleDecider, [created, cellsSet, submitted]).when(approve).then([approved]);
      given(recipeCycleDecider, [created, cellsSet, submitted, approved]).when({ type: 'PublishRecipeCycle', cycleId: 'c1', approvalEnabled: true }).then([published]);
      given(recipeCycleDecider, [created, cellsSet, submitted, approved, published]).when({ type: 'WithdrawRecipeCycle', cycleId: 'c1' }).then([ev('RecipeCycleWithdrawn')]);
    });
    it('an empty cycle is not submitted; a submitted, approved or published one is not edited', () => {
      given(recipeCycleDecider, [created]).when({ type: 'SubmitRecipeCycle', cycleId: 'c1', approvalEnabled: true, submittedBy: 'u-diet' }).thenRefused('unprocessable', /还没有菜品/);
      for (const past of [[submitted], [submitted, approved], [submitted, approved, published]]) {
        given(recipeCycleDecider, [created, cellsSet, ...past]).when(setMonday).thenRefused('conflict', /不能修改/);
        given(recipeCycleDecider, [created, cellsSet, ...past]).when({ type: 'DeleteRecipeCycle', cycleId: 'c1' }).thenRefused('conflict');
      }
    });
    it('a rejection needs a remark; a rejected cycle goes back to draft when edited', () => {
      given(recipeCycleDecider, [created, cellsSet, submitted]).when({ type: 'RejectRecipeCycle', cycleId: 'c1', remark: ' ' }).thenRefused('invalid', /驳回原因/);
      const rejected = ev('RecipeCycleRejected', { remark: '蔬菜太少' });
      given(recipeCycleDecider, [created, cellsSet, submitted]).when({ type: 'RejectRecipeCycle', cycleId: 'c1', remark: ' 蔬菜太少 ' }).then([rejected]);
      const edit = { ...setMonday, cells: [{ day: 1, mealCode: 3, dishes: [{ dishId: 'rice' }] }] };
      const state = given(recipeCycleDecider, [created, cellsSet, submitted, rejected]).when(edit).state();
      expect(state.status).toBe('draft');
      given(recipeCycleDecider, [created, cellsSet, submitted, rejected]).when(approve).thenRefused('conflict', /已提交/);
    });
    it('without approval a draft is published directly, submitting publishes it too, both recorded as unreviewed; with it a draft cannot be published', () => {
      const unreviewed = ev('RecipeCyclePublished', { withoutApproval: true });
      given(recipeCycleDecider, [created, cellsSet]).when({ type: 'PublishRecipeCycle', cycleId: 'c1', approvalEnabled: false }).then([unreviewed]);
      given(recipeCycleDecider, [created, cellsSet]).when({ type: 'SubmitRecipeCycle', cycleId: 'c1', approvalEnabled: false, submittedBy: 'u-diet' }).then([unreviewed]);
      given(recipeCycleDecider, [created]).when({ type: 'SubmitRecipeCycle', cycleId: 'c1', approvalEnabled: false, submittedBy: 'u-diet' }).thenRefused('unprocessable', /还没有菜品/);
      given(recipeCycleDecider, [created, cellsSet]).when({ type: 'PublishRecipeCycle', cycleId: 'c1', approvalEnabled: true }).thenRefused('conflict', /审核通过/);
    });
    it('the one who submitted does not approve his own submission where approvers are named (issue 28)', () => {
      given(recipeCycleDecider, [created, cellsSet, submitted]).when({ ...approve, approverId: 'u-diet' }).thenRefused('forbidden', /自己提交/);
      given(recipeCycleDecider, [created, cellsSet, submitted]).when({ ...approve, approverId: 'u-diet', ownAllowed: true }).then([approved]);
      // a submission recorded before issue 28 counts as the author's
      given(recipeCycleDecider, [created, cellsSet, ev('RecipeCycleSubmitted')]).when({ ...approve, approverId: create.createdBy }).thenRefused('forbidden');
    });
    it('a deleted cycle is not found', () => {
      const deleted = ev('RecipeCycleDeleted');
      given(recipeCycleDecider, [created, deleted]).when(setMonday).thenRefused('notFound');
      given(recipeCycleDecider).when({ type: 'DeleteRecipeCycle', cycleId: 'c1' }).thenRefused('notFound');
    });
  });
});

describe('copying a whole cycle (issue 9)', () => {
  const from = { orgId: 'standard', cycleId: 'cloud-1', name: '云食谱 A' };
  const clone = {
    type: 'CloneRecipeCycle', cycleId: 'c2', name: '秋季第二轮', startDate: '2026-12-07', cycleOption: 'week', weeks: 1,
    mealPattern: MEAL_PATTERN_CODES['两餐'], ageGroups: [{ ageRange: '6-8', people: 120 }, { ageRange: '9-11', people: 80 }],
    createdBy: 'u-diet', createdByName: '周丽华', quota, from, dishes,
    cells: [
      { day: 0, mealCode: 3, dishes: [{ dishId: 'rice', dosages: { '6-8': 150, '9-11': 180 } }] },
      // the second week is beyond a one-week copy: left out
      { day: 7, mealCode: 3, dishes: [{ dishId: 'pork', dosages: { '6-8': 80, '9-11': 80 } }] },
    ],
  } satisfies RecipeCycleCommand;
  it('creates the new cycle with the source named and the cells that fit', () => {
    given(recipeCycleDecider).when(clone).then([
      { type: 'RecipeCycleCreated', data: {
        cycleId: 'c2', name: '秋季第二轮', startDate: '2026-12-07', cycleOption: 'week', weeks: 1, mealPattern: 3,
        ageGroups: clone.ageGroups, createdBy: 'u-diet', createdByName: '周丽华', copiedFrom: from,
      } },
      { type: 'RecipeCycleCellsSet', data: { cycleId: 'c2', cells: [{ day: 0, mealCode: 3, dishes: [{ dishId: 'rice', dosages: { '6-8': 150, '9-11': 180 } }] }] } },
    ]);
  });
  it('the copy is a draft of its own; the header rules and the user limit hold; unknown dishes are refused', () => {
    const s = given(recipeCycleDecider).when(clone).state();
    expect(s).toMatchObject({ status: 'draft', exists: true, startDate: '2026-12-07' });
    expect(s.cells.size).toBe(1);
    given(recipeCycleDecider).when({ ...clone, startDate: '2026-12-08' }).thenRefused('invalid');
    given(recipeCycleDecider).when({ ...clone, quota: { enabled: true, exempt: false, used: 5 } }).thenRefused('unprocessable');
    given(recipeCycleDecider).when({ ...clone, dishes: {} }).thenRefused('invalid', /菜品不存在/);
    given(recipeCycleDecider, [created]).when({ ...clone, cycleId: 'c1' }).thenRefused('conflict');
  });
  it('a month copy keeps the days its month has', () => {
    const month = { ...clone, cycleOption: 'month' as const, startDate: '2027-02-01', weeks: 0, cells: [
      { day: 27, mealCode: 3, dishes: [{ dishId: 'rice' }] }, { day: 30, mealCode: 3, dishes: [{ dishId: 'rice' }] },
    ] };
    const s = given(recipeCycleDecider).when(month).state();
    expect([...s.cells.keys()]).toEqual(['27:3']);
  });
});

describe('copying a week of a month cycle (§9 weeks start Monday)', () => {
  const monthCreated: RecipeCycleEvent = { type: 'RecipeCycleCreated', data: { ...created.data, cycleOption: 'month', startDate: '2026-12-01', weeks: 0 } as never };
  it('the first (cut) week of December starts on Tuesday: its days land on the same weekdays of the next week', () => {
    const tuesday: RecipeCycleEvent = { type: 'RecipeCycleCellsSet', data: { cycleId: 'c1', cells: [{ ...mondayLunch, day: 0 }] } };
    given(recipeCycleDecider, [monthCreated, tuesday]).when({ type: 'CopyRecipeWeek', cycleId: 'c1', fromWeek: 0, toWeek: 1 })
      .then([{ type: 'RecipeCycleWeekCopied', data: { cycleId: 'c1', fromWeek: 0, toWeek: 1, cells: [{ ...mondayLunch, day: 7 }] } }]);
    given(recipeCycleDecider, [monthCreated]).when({ type: 'CopyRecipeWeek', cycleId: 'c1', fromWeek: 0, toWeek: 5 }).thenRefused('invalid', /共 5 周/);
  });
});
