import { describe, expect, it } from 'vitest';
import { cycleWeeks, recipeLogDetail, weekCopyPairs, weekTable, weekdayOf, BUILT_IN_EXCEL_TEMPLATE } from '../../../domain/recipeSharing.ts';

describe('weeks of a cycle (§9 weeks start Monday)', () => {
  it('a week cycle is runs of seven days from its Monday', () => {
    expect(cycleWeeks({ startDate: '2026-11-23', cycleOption: 'week', weeks: 2 })).toEqual([[0, 1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12, 13]]);
  });
  it('a month cycle is cut by the month: February 2027 starts on a Monday, December 2026 on a Tuesday', () => {
    expect(cycleWeeks({ startDate: '2027-02-01', cycleOption: 'month', weeks: 0 }).map((w) => w.length)).toEqual([7, 7, 7, 7]);
    const dec = cycleWeeks({ startDate: '2026-12-01', cycleOption: 'month', weeks: 0 });
    expect(dec.map((w) => w.length)).toEqual([6, 7, 7, 7, 4]);
    expect(weekdayOf('2026-12-01', 0)).toBe(1);
    expect(weekdayOf('2026-12-01', 6)).toBe(0);
  });
  it('copying a cut week onto a whole one pairs days by weekday', () => {
    const dec = cycleWeeks({ startDate: '2026-12-01', cycleOption: 'month', weeks: 0 });
    expect(weekCopyPairs(dec, '2026-12-01', 0, 1)).toEqual([[0, 7], [1, 8], [2, 9], [3, 10], [4, 11], [5, 12]]);
    expect(weekCopyPairs(dec, '2026-12-01', 1, 4)).toEqual([[6, 27], [7, 28], [8, 29], [9, 30]]);
  });
});

describe('a week as an exported table', () => {
  const base = {
    cycle: { name: '秋季第一周', startDate: '2026-11-23', ageGroups: [{ ageRange: '6-8' }, { ageRange: '9-11' }] },
    days: [0, 1, 2, 3, 4, 5, 6], mealCodes: [1, 3],
    cells: [
      { day: 0, mealCode: 3, dishes: [{ dishId: 'rice', dosages: { '6-8': 150, '9-11': 180 } }, { dishId: 'pork', dosages: { '6-8': 80, '9-11': 90 } }] },
      { day: 6, mealCode: 1, dishes: [{ dishId: 'milk', dosages: { '6-8': 200, '9-11': 200 } }] },
    ],
    dishName: (id: string) => ({ rice: '米饭', pork: '红烧肉', milk: '牛奶' })[id] ?? id,
    labels: { weekdays: ['周一', '周二', '周三', '周四', '周五', '周六', '周日'], meal: (m: number) => (m === 1 ? '早餐' : '午餐'), corner: '餐次', grams: 'g' },
  };
  it('meal rows: a column per weekday, a planned Sunday kept, an empty Saturday left out; dosages per age group', () => {
    const t = weekTable({ ...base, template: BUILT_IN_EXCEL_TEMPLATE });
    expect(t.title).toBe('秋季第一周');
    expect(t.rows[0]).toEqual(['餐次', '周一 2026-11-23', '周二 2026-11-24', '周三 2026-11-25', '周四 2026-11-26', '周五 2026-11-27', '周日 2026-11-29']);
    expect(t.rows[2][1]).toBe('米饭（6-8 150g / 9-11 180g）\n红烧肉（6-8 80g / 9-11 90g）');
    expect(t.rows[1][6]).toBe('牛奶（6-8 200g / 9-11 200g）');
  });
  it('day rows without dosages, with the template title', () => {
    const t = weekTable({ ...base, template: { layout: 'dayRows', title: '阳光小学食谱', showDosage: false, showWeekend: true } });
    expect(t.title).toBe('阳光小学食谱');
    expect(t.rows[0]).toEqual(['餐次', '早餐', '午餐']);
    expect(t.rows).toHaveLength(8);
    expect(t.rows[1]).toEqual(['周一 2026-11-23', '', '米饭\n红烧肉']);
  });
});

describe('recipe log details', () => {
  it('says which days and meals an edit touched, where a copy came from, and a rejection remark', () => {
    expect(recipeLogDetail('RecipeCycleCellsSet', { cells: [{ day: 2, mealCode: 3 }, { day: 0, mealCode: 3 }, { day: 2, mealCode: 1 }] })).toEqual({ days: [0, 2], meals: [1, 3] });
    expect(recipeLogDetail('RecipeCycleCreated', { name: 'x', copiedFrom: { name: '云食谱 A' } })).toEqual({ name: 'x', copiedFrom: '云食谱 A' });
    expect(recipeLogDetail('RecipeCycleRejected', { remark: '少一道菜' })).toEqual({ remark: '少一道菜' });
    expect(recipeLogDetail('RecipeCycleDayCopied', { fromDay: 0, toDay: 1, cells: [{ day: 1, mealCode: 3 }] })).toEqual({ fromDay: 0, toDay: 1, meals: [3] });
    expect(recipeLogDetail('RecipeCycleUpdated', { name: 'y', ageGroups: [] })).toEqual({ fields: ['name', 'ageGroups'], name: 'y' });
  });
});
