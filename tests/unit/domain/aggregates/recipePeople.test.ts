// Given-when-then for the recipe people groups (issue 9, §7 recipe people config and custom people).
import { describe, expect, it } from 'vitest';
import {
  PEOPLE_ENERGY, recipePeopleDecider, type CustomPeopleFields, type RecipePeopleEvent,
} from '../../../../domain/aggregates/recipePeople.ts';
import { given } from '../../../support/decider.ts';
import { fold, isRefusal } from '../../../../domain/decider.ts';
import type { SportPrescription } from '../../../../domain/sportPrescription.ts';

const energy = PEOPLE_ENERGY.find((e) => e.ageRange === '9-11')!;
const reference: RecipePeopleEvent = { type: 'RecipePeopleAdded', data: {
  peopleId: 'p1', peopleEnergyId: 'wst554-9-11', name: '9-11岁学生', ageRange: '9-11', customAvgAge: null, energyKcal: 2000,
  foodIngredients: [], enable: true, defaultEnable: false, sort: 0,
} };
const fields: CustomPeopleFields = { name: '教职工', minAge: 25, maxAge: 60, energyKcal: 2200, foodIngredients: [{ field: '谷薯类', dosage: 300 }] };
const custom: RecipePeopleEvent = { type: 'RecipePeopleAdded', data: {
  peopleId: 'p2', peopleEnergyId: null, name: '教职工', ageRange: '25-60', customAvgAge: 42.5, energyKcal: 2200,
  foodIngredients: [{ field: '谷薯类', dosage: 300 }], enable: true, defaultEnable: false, sort: 10,
} };

describe('recipe people decider', () => {
  it('the reference groups are the four §9 age ranges with their WS/T 554 energy', () => {
    expect(PEOPLE_ENERGY.map((e) => e.ageRange)).toEqual(['6-8', '9-11', '12-14', '15-17']);
    expect(energy.energyKcal).toEqual({ male: 2100, female: 1900 });
  });
  it('adds a reference group once, with the mean of the male and female energy', () => {
    given(recipePeopleDecider).when({ type: 'AddReferencePeople', peopleId: 'p1', energy, added: false, count: 0, sort: 0 }).then([reference]);
    given(recipePeopleDecider).when({ type: 'AddReferencePeople', peopleId: 'p1', energy, added: true, count: 1, sort: 0 }).thenRefused('conflict', '该参考人群已添加');
    given(recipePeopleDecider).when({ type: 'AddReferencePeople', peopleId: 'p1', energy: null, added: false, count: 0, sort: 0 }).thenRefused('invalid', '参数错误：参考人群不存在');
  });
  it('adds a custom group (customAvgAge marks it), refusing bad fields and a taken name', () => {
    given(recipePeopleDecider).when({ type: 'AddCustomPeople', peopleId: 'p2', fields: { ...fields, name: ' 教职工 ' }, nameTaken: false, count: 1, sort: 10 }).then([custom]);
    const refused = (f: Partial<CustomPeopleFields>, text: RegExp, nameTaken = false) =>
      given(recipePeopleDecider).when({ type: 'AddCustomPeople', peopleId: 'p2', fields: { ...fields, ...f }, nameTaken, count: 1, sort: 0 }).thenRefused(nameTaken ? 'conflict' : 'invalid', text);
    refused({ name: '  ' }, /人群名称不能为空/);
    refused({ minAge: 12, maxAge: 8 }, /最小年龄不大于最大年龄/);
    refused({ maxAge: 500 }, /年龄须为/);
    refused({ energyKcal: -1 }, /能量须为/);
    refused({ foodIngredients: [{ field: '零食', dosage: 1 }] }, /食物类别只能是/);
    refused({ foodIngredients: [{ field: '蛋类', dosage: 1 }, { field: '蛋类', dosage: 2 }] }, /不能重复/);
    refused({ foodIngredients: [{ field: '蛋类', dosage: 1e9 }] }, /食物用量须为/);
    refused({}, /人群「教职工」已存在/, true);
    given(recipePeopleDecider).when({ type: 'AddCustomPeople', peopleId: 'p2', fields, nameTaken: false, count: 200, sort: 0 }).thenRefused('unprocessable', /最多 200 个人群/);
  });
  it('changes a custom group (only what differs); a reference group only enables', () => {
    given(recipePeopleDecider, [custom]).when({ type: 'UpdateCustomPeople', peopleId: 'p2', change: { maxAge: 50, energyKcal: 2200 }, nameTaken: false })
      .then([{ type: 'RecipePeopleUpdated', data: { peopleId: 'p2', ageRange: '25-50', customAvgAge: 37.5 } }]);
    given(recipePeopleDecider, [custom]).when({ type: 'UpdateCustomPeople', peopleId: 'p2', change: { minAge: 70 }, nameTaken: false }).thenRefused('invalid', /年龄/);
    given(recipePeopleDecider, [custom]).when({ type: 'UpdateCustomPeople', peopleId: 'p2', change: { name: '厨师' }, nameTaken: true }).thenRefused('conflict', /已存在/);
    given(recipePeopleDecider, [custom]).when({ type: 'UpdateCustomPeople', peopleId: 'p2', change: { name: '教职工' }, nameTaken: false }).then([]);
    given(recipePeopleDecider, [reference]).when({ type: 'UpdateCustomPeople', peopleId: 'p1', change: { name: 'x' }, nameTaken: false }).thenRefused('unprocessable', /参考人群只能启用或停用/);
    given(recipePeopleDecider, [reference]).when({ type: 'SetPeopleEnable', peopleId: 'p1', enable: false })
      .then([{ type: 'RecipePeopleUpdated', data: { peopleId: 'p1', enable: false } }]);
    given(recipePeopleDecider, [reference]).when({ type: 'SetPeopleEnable', peopleId: 'p1', enable: true }).then([]);
  });
  it('marks default, removes, and refuses what is not there', () => {
    given(recipePeopleDecider, [reference]).when({ type: 'SetPeopleDefault', peopleId: 'p1', defaultEnable: true })
      .then([{ type: 'RecipePeopleDefaultSet', data: { peopleId: 'p1', defaultEnable: true } }]);
    given(recipePeopleDecider, [reference, { type: 'RecipePeopleDefaultSet', data: { peopleId: 'p1', defaultEnable: true } }])
      .when({ type: 'SetPeopleDefault', peopleId: 'p1', defaultEnable: true }).then([]);
    const removed: RecipePeopleEvent = { type: 'RecipePeopleRemoved', data: { peopleId: 'p1' } };
    given(recipePeopleDecider, [reference]).when({ type: 'RemovePeople', peopleId: 'p1' }).then([removed]);
    given(recipePeopleDecider, [reference, removed]).when({ type: 'RemovePeople', peopleId: 'p1' }).thenRefused('notFound', '人群不存在');
    given(recipePeopleDecider).when({ type: 'SetPeopleDefault', peopleId: 'p9', defaultEnable: true }).thenRefused('notFound');
  });
  it('an exercise prescription (issue 35) sets a custom group\'s ages and the target worked from it, on a new group or an existing one', () => {
    // 12-year-olds, boys 40 kg, girls 38 kg, half girls, light PAL, two 45-minute basketball games: 2043 kcal
    // (worked by hand in tests/unit/energyDemand.test.ts)
    const prescription: SportPrescription = {
      formulaId: 'who1985', pal: 'light', minAge: 12, maxAge: 12, boysWeightKg: 40, girlsWeightKg: 38, girlsSharePct: 50,
      activities: [{ activityId: 'basketballGame', minutesPerSession: 45, sessionsPerWeek: 2 }],
    };
    const prescribed = (peopleId: string): RecipePeopleEvent => ({ type: 'RecipePeopleSportPrescribed', data: { peopleId, prescription, energyKcal: 2043 } });
    given(recipePeopleDecider).when({ type: 'PrescribeSport', peopleId: 'p3', prescription, create: { name: ' 篮球队 ', nameTaken: false, count: 2, sort: 20 } }).then([
      { type: 'RecipePeopleAdded', data: {
        peopleId: 'p3', peopleEnergyId: null, name: '篮球队', ageRange: '12-12', customAvgAge: 12, energyKcal: 2043, foodIngredients: [], enable: true, defaultEnable: false, sort: 20,
      } },
      prescribed('p3'),
    ]);
    given(recipePeopleDecider, [custom]).when({ type: 'PrescribeSport', peopleId: 'p2', prescription, create: null }).then([
      { type: 'RecipePeopleUpdated', data: { peopleId: 'p2', energyKcal: 2043, ageRange: '12-12', customAvgAge: 12 } },
      prescribed('p2'),
    ]);
    // three more sessions a week raise the target: the same class, a higher need
    const more = { ...prescription, activities: [{ activityId: 'basketballGame', minutesPerSession: 45, sessionsPerWeek: 5 }] };
    const decided = recipePeopleDecider.decide({ type: 'PrescribeSport', peopleId: 'p2', prescription: more, create: null }, fold(recipePeopleDecider, [custom]));
    expect(isRefusal(decided)).toBe(false);
    const raised = (decided as RecipePeopleEvent[]).find((e) => e.type === 'RecipePeopleSportPrescribed')!.data as { energyKcal: number };
    // three more 45-minute games: (8 − 1) × 0.75 h × 3 ÷ 7 × (40 + 38) ÷ 2 = 87.75 kcal a day more
    expect(raised.energyKcal).toBe(Math.round(2043 + (7 * 0.75 * 3 / 7) * 39));
    // a reference group keeps its standard; a taken name; what the formulas are not for
    given(recipePeopleDecider, [reference]).when({ type: 'PrescribeSport', peopleId: 'p1', prescription, create: null }).thenRefused('unprocessable', /参考人群/);
    given(recipePeopleDecider).when({ type: 'PrescribeSport', peopleId: 'p3', prescription, create: { name: '教职工', nameTaken: true, count: 2, sort: 20 } }).thenRefused('conflict');
    given(recipePeopleDecider).when({ type: 'PrescribeSport', peopleId: 'p9', prescription, create: null }).thenRefused('notFound');
    for (const bad of [
      { ...prescription, pal: 'extreme' }, { ...prescription, formulaId: 'harrisBenedict' }, { ...prescription, boysWeightKg: 5 }, { ...prescription, girlsSharePct: 120 },
      { ...prescription, minAge: 14, maxAge: 12 }, { ...prescription, activities: [{ activityId: 'chess', minutesPerSession: 45, sessionsPerWeek: 2 }] },
      { ...prescription, activities: [{ activityId: 'jogging', minutesPerSession: 45, sessionsPerWeek: 30 }] }, null, 'x',
    ]) {
      given(recipePeopleDecider, [custom]).when({ type: 'PrescribeSport', peopleId: 'p2', prescription: bad, create: null }).thenRefused('invalid', /运动处方无效/);
    }
  });
});
