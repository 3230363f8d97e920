// The view model the analysis charts draw: one bar per nutrient or food group, its % of target and the verdict the
// server gave it. The band lines come from the §5 bands of domain/nutritionStandards.ts, not typed here.
import { roundHalfUp } from '../../../../../domain/numberInput.ts';
import { foodAmountBand, nutrientBand, TARGET_NUTRIENTS } from '../../../../../domain/nutritionStandards.ts';

/** A verdict as the charts colour it: inside the band, below it, above it, or not judged (no target). */
export type BarVerdict = 'ok' | 'low' | 'high' | 'none';

export interface ChartBar {
  key: string;
  label: string;
  /** % of target; null = no target to measure against */
  percent: number | null;
  verdict: BarVerdict;
  /** "12.3 / 15.0 g", shown in the bar's callout */
  detail: string;
}

/** Fluent palette colours (hex: SVG fills do not resolve CSS variables everywhere). */
export const BAND_COLORS: Record<BarVerdict, string> = { ok: '#107c10', low: '#d13438', high: '#ca5010', none: '#8a8886' };

/** Every edge of a §5 band (energy 90/110, protein 80/120, others 80, food groups 80/120), ascending. */
export function bandEdges(): number[] {
  const bands = [...TARGET_NUTRIENTS.map(nutrientBand), foodAmountBand()];
  const edges = new Set<number>();
  for (const b of bands) { edges.add(b.minPct); if (b.maxPct !== null) edges.add(b.maxPct); }
  return [...edges].sort((a, b) => a - b);
}

/** Bars above this % are drawn to it (their label keeps the real figure): one 500 % bar must not squeeze the bands. */
export const CHART_CAP_PCT = 200;

/** y ticks of a % chart: 0, the band edges (grid lines at 80/90/110/120 %), and a top of 150 %, or the cap above that. */
export function bandTicks(highest: number): number[] {
  return [0, ...bandEdges(), highest > 150 ? CHART_CAP_PCT : 150];
}

/** A score as shown: one decimal, half up (the server keeps §9 six decimals). */
export const scoreText = (score: number) => String(roundHalfUp(score, 1));
