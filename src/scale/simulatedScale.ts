// The simulated scale (issue 11): a weight you set, read back unstable while it "settles" and stable after the
// settle time, like goods put on a real platter. It stands in for a real scale in tests and demos, behind the same
// ScaleAdapter interface.
import { listeners, type ScaleAdapter, type ScaleReading, type ScaleStatus } from './ScaleAdapter.ts';

export interface SimulatedScale extends ScaleAdapter {
  readonly kind: 'simulated';
  /** puts `grams` on the platter: unstable readings until `settleMs` have passed, then stable ones */
  setWeight(grams: number): void;
}

export interface SimulatedOptions {
  /** ms from a change of weight to a stable reading */
  settleMs?: number;
  /** ms between readings, as a scale's continuous output repeats */
  intervalMs?: number;
  /** the clock and timers (tests pass fakes) */
  now?: () => number;
}

export const SIMULATED_SETTLE_MS = 600;

export function simulatedScale({ settleMs = SIMULATED_SETTLE_MS, intervalMs = 200, now = () => Date.now() }: SimulatedOptions = {}): SimulatedScale {
  const readings = listeners<[ScaleReading]>();
  const status = listeners<[ScaleStatus, string?]>();
  let grams = 0;
  let changedAt = -Infinity;
  let timer: ReturnType<typeof setInterval> | null = null;
  const reading = (): ScaleReading => ({ grams, stable: now() - changedAt >= settleMs });
  const tick = () => readings.emit(reading());
  return {
    kind: 'simulated',
    async connect() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      status.emit('connected');
      tick();
    },
    subscribe: readings.add,
    onStatus: status.add,
    setWeight(g) {
      grams = Math.round(g * 10) / 10;
      changedAt = now();
      if (timer) tick();
    },
    async disconnect() {
      if (timer) clearInterval(timer);
      timer = null;
      status.emit('closed');
    },
  };
}
