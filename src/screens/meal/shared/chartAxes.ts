// How the console's charts lay out their axes (issue 28 point 9). Two defaults of @fluentui/react-charts lose text:
// the y axis keeps a fixed 40 px left margin unless told to measure its tick labels, so "19.76k" was drawn from its
// second digit on; and a category axis drops any label wider than its slot (its wrapping breaks at spaces only, so a
// Chinese name such as 奶及奶制品 is one word, dropped beside a long neighbour). Measured y labels, and category
// labels laid out to fit (on a phone turned 45° so each keeps its whole name; wider, the library's auto layout that
// wraps at spaces or staggers on two rows), keep every label on the chart in every language.
import { useViewport } from '../../../shell/useViewport.ts';

/** Y-axis tick labels measured: the left margin grows to the longest one. */
export const MEASURED_Y_AXIS = { showYAxisLables: true } as const;

/** Props of a category (string) x axis on which every category keeps its label. */
export function useCategoryXAxis(): { rotateXAxisLables: true } | { xAxis: { tickLayout: 'auto' } } {
  return useViewport() === 'phone' ? { rotateXAxisLables: true } : { xAxis: { tickLayout: 'auto' } };
}

/**
 * A date x axis: as many dated ticks as the width holds (eight dates of ten characters overlapped on a phone), and
 * room at the right for half the last one (a label is centred on its tick, the last tick on the chart's edge).
 */
export function useDateXAxis(): { ticks: number; margins: { right: number } } {
  return { ticks: useViewport() === 'phone' ? 4 : 8, margins: { right: 36 } };
}
