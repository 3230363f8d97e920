// Issue 28 point 8: the recipe grid is a data grid for the keyboard too (WAI-ARIA grid pattern): the arrow keys
// move to the neighbouring day (left/right) or meal (up/down) and stop at the edges, Home/End go to the row's
// first/last day, Ctrl+Home/End to the grid's first/last cell. Pure, so the moves are tested without a browser.

export interface GridCell { day: number; mealCode: number }

/** Where `key` moves from `from` in a grid of `days` (columns) × `meals` (rows); null when the key is no move. */
export function moveInGrid(from: GridCell, key: string, days: readonly number[], meals: readonly number[], ctrl = false): GridCell | null {
  if (!days.length || !meals.length) return null;
  // a cell no longer shown (another week, the weekend hidden) moves from the grid's first cell
  const d = Math.max(0, days.indexOf(from.day));
  const m = Math.max(0, meals.indexOf(from.mealCode));
  const at = (di: number, mi: number): GridCell => ({
    day: days[Math.min(days.length - 1, Math.max(0, di))], mealCode: meals[Math.min(meals.length - 1, Math.max(0, mi))],
  });
  switch (key) {
    case 'ArrowLeft': return at(d - 1, m);
    case 'ArrowRight': return at(d + 1, m);
    case 'ArrowUp': return at(d, m - 1);
    case 'ArrowDown': return at(d, m + 1);
    case 'Home': return ctrl ? at(0, 0) : at(0, m);
    case 'End': return ctrl ? at(days.length - 1, meals.length - 1) : at(days.length - 1, m);
    default: return null;
  }
}

/** The day before (-1) or after (+1) `day` among the shown days of every week, with the week it lies in; null past the ends. */
export function stepDay(weeks: readonly (readonly number[])[], day: number, delta: -1 | 1): { day: number; week: number } | null {
  const flat = weeks.flatMap((days, week) => days.map((d) => ({ day: d, week })));
  const i = flat.findIndex((x) => x.day === day);
  if (i < 0) return null;
  return flat[i + delta] ?? null;
}
