// Issue 10, the console side of the nutrition screens: the lines a dish becomes for the calculate and analysis
// calls, the % shown beside a target, and the chart's band lines taken from the §5 bands of the domain.
import { describe, expect, it } from 'vitest';
import { dishItems, percentText, PORTIONS_MAX } from '../../../src/screens/meal/shared/nutritionLines.ts';
import { bandEdges, bandTicks, CHART_CAP_PCT, scoreText } from '../../../src/screens/meal/shared/nutritionAnalysis/analysisModel.ts';
import { foodAmountBand, nutrientBand } from '../../../domain/nutritionStandards.ts';

describe('nutrition screens', () => {
  it('turns a dish into its lines × portions, gross when the dish is weighed gross', () => {
    const dish = { dosageMode: 'grossWeight' as const, lines: [{ foodId: '11352', weight: 100 }, { foodId: '10008', weight: 33.3 }] };
    expect(dishItems(dish, 1.5)).toEqual([
      { foodId: '11352', weight: 150, weightType: 'gross' },
      // §9 six decimals, not 49.949999999999996
      { foodId: '10008', weight: 49.95, weightType: 'gross' },
    ]);
    expect(dishItems({ ...dish, dosageMode: 'netWeight' }, 1)[0].weightType).toBe('net');
    for (const bad of [0, -1, NaN, PORTIONS_MAX + 1]) expect(dishItems(dish, bad), String(bad)).toEqual([]);
  });

  it('says a share of a target in whole percent, and a dash where there is no value or no target', () => {
    expect(percentText(262.5, 800)).toBe('33%');
    expect(percentText(0, 800)).toBe('0%');
    expect(percentText(null, 800)).toBe('—');
    expect(percentText(10, null)).toBe('—');
    expect(percentText(10, 0)).toBe('—');
  });

  it('draws the grid lines of the % charts at the edges of the §5 bands', () => {
    const edges = [nutrientBand('energyKcal'), nutrientBand('protein'), nutrientBand('calcium'), foodAmountBand()]
      .flatMap((b) => [b.minPct, b.maxPct]).filter((x): x is number => x !== null);
    expect(bandEdges()).toEqual([...new Set(edges)].sort((a, b) => a - b));
    expect(bandEdges()).toEqual([80, 90, 110, 120]);
    const ticks = bandTicks(163);
    expect(ticks.slice(0, 5)).toEqual([0, 80, 90, 110, 120]);
    expect(ticks.at(-1)).toBeGreaterThan(163);
    expect(bandTicks(20).at(-1)).toBe(150);
    // one bar far above the bands does not stretch the axis (the bar is drawn to the cap, its label keeps the figure)
    expect(bandTicks(480).at(-1)).toBe(CHART_CAP_PCT);
  });

  it('shows a score with one decimal, half up', () => {
    expect(scoreText(67.766667)).toBe('67.8');
    expect(scoreText(80)).toBe('80');
    expect(scoreText(79.95)).toBe('80');
  });
});
