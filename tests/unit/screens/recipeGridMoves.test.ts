// Issue 28 point 8: the recipe grid's keyboard moves (arrows, Home/End, Ctrl+Home/End) and the phone's day switcher.
import { describe, expect, it } from 'vitest';
import { moveInGrid, stepDay } from '../../../src/screens/meal/mallRecipeCycleManage/gridMoves.ts';

const DAYS = [0, 1, 2, 3, 4];
const MEALS = [1, 3, 5];

describe('moveInGrid', () => {
  it('moves to the neighbouring day or meal and stops at the edges', () => {
    expect(moveInGrid({ day: 2, mealCode: 3 }, 'ArrowRight', DAYS, MEALS)).toEqual({ day: 3, mealCode: 3 });
    expect(moveInGrid({ day: 2, mealCode: 3 }, 'ArrowLeft', DAYS, MEALS)).toEqual({ day: 1, mealCode: 3 });
    expect(moveInGrid({ day: 2, mealCode: 3 }, 'ArrowUp', DAYS, MEALS)).toEqual({ day: 2, mealCode: 1 });
    expect(moveInGrid({ day: 2, mealCode: 3 }, 'ArrowDown', DAYS, MEALS)).toEqual({ day: 2, mealCode: 5 });
    expect(moveInGrid({ day: 4, mealCode: 5 }, 'ArrowRight', DAYS, MEALS)).toEqual({ day: 4, mealCode: 5 });
    expect(moveInGrid({ day: 0, mealCode: 1 }, 'ArrowUp', DAYS, MEALS)).toEqual({ day: 0, mealCode: 1 });
  });

  it('goes to the row ends with Home/End and to the grid ends with Ctrl', () => {
    expect(moveInGrid({ day: 2, mealCode: 3 }, 'Home', DAYS, MEALS)).toEqual({ day: 0, mealCode: 3 });
    expect(moveInGrid({ day: 2, mealCode: 3 }, 'End', DAYS, MEALS)).toEqual({ day: 4, mealCode: 3 });
    expect(moveInGrid({ day: 2, mealCode: 3 }, 'Home', DAYS, MEALS, true)).toEqual({ day: 0, mealCode: 1 });
    expect(moveInGrid({ day: 2, mealCode: 3 }, 'End', DAYS, MEALS, true)).toEqual({ day: 4, mealCode: 5 });
  });

  it('is no move for other keys or an empty grid, and starts from the first cell when the cell is not shown', () => {
    expect(moveInGrid({ day: 2, mealCode: 3 }, 'Enter', DAYS, MEALS)).toBeNull();
    expect(moveInGrid({ day: 2, mealCode: 3 }, 'ArrowRight', [], MEALS)).toBeNull();
    expect(moveInGrid({ day: 9, mealCode: 3 }, 'ArrowRight', DAYS, MEALS)).toEqual({ day: 1, mealCode: 3 });
  });
});

describe('stepDay', () => {
  // a month cycle cut by the month: a short first week, weekends hidden
  const WEEKS = [[0, 1], [4, 5, 6, 7, 8], [11]];
  it('moves across weeks and says which week the day lies in', () => {
    expect(stepDay(WEEKS, 1, 1)).toEqual({ day: 4, week: 1 });
    expect(stepDay(WEEKS, 4, -1)).toEqual({ day: 1, week: 0 });
    expect(stepDay(WEEKS, 5, 1)).toEqual({ day: 6, week: 1 });
  });
  it('stops at the cycle ends', () => {
    expect(stepDay(WEEKS, 0, -1)).toBeNull();
    expect(stepDay(WEEKS, 11, 1)).toBeNull();
    expect(stepDay(WEEKS, 3, 1)).toBeNull();
  });
});
