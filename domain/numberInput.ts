import { ARITHMETIC_DECIMALS } from './constants.ts';

/** Moves the decimal point by `places` through the exponent, which avoids 1.005 * 100 = 100.49999… */
function shift(n: number, places: number): number {
  const [mantissa, exponent = '0'] = String(n).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

// §5 half-up rounding to precision (halves go away from zero, so -2.5 → -3 like 2.5 → 3)
export function roundHalfUp(value: number, precision: number): number {
  if (!Number.isFinite(value)) return value;
  const rounded = Math.sign(value) * shift(Math.round(shift(Math.abs(value), precision)), -precision);
  return rounded === 0 ? 0 : rounded; // no -0
}

const SCALE6 = 10 ** ARITHMETIC_DECIMALS;

// §9 arithmetic rounded to 6 decimals. The nutrition maths rounds every line and sum (hundreds of thousands of
// calls for a four-week cycle), so the common case is computed in floating point: when the scaled value is not
// within its rounding error of a half, Math.round gives the integer the exact decimal shift would, and dividing
// that integer by 10^6 is correctly rounded just as parsing `${r}e-6` is. Near a half (1.0000005) the exact
// decimal shift of roundHalfUp decides.
export function round6(n: number): number {
  const m = Math.abs(n) * SCALE6;
  if (m < 2 ** 50) {
    const off = Math.abs(m - Math.floor(m) - 0.5);
    if (off > 1e-6 + m * 1e-15) {
      const r = (Math.sign(n) * Math.round(m)) / SCALE6;
      return r === 0 ? 0 : r; // no -0
    }
  }
  return roundHalfUp(n, ARITHMETIC_DECIMALS);
}

export interface NumberInputOptions {
  min?: number;
  max?: number;
  precision?: number;
}

function clamp(n: number, { min, max }: NumberInputOptions): number {
  if (max !== undefined && n > max) return max;
  if (min !== undefined && n < min) return min;
  return n;
}

function settle(n: number, opts: NumberInputOptions): number {
  return clamp(opts.precision === undefined ? n : roundHalfUp(n, opts.precision), opts);
}

// §5 number input: empty gives null; non-numeric typing reverted; clamp to min/max; half-up to precision
export function normalizeNumberInput(raw: string, opts: NumberInputOptions & { previous: number | null }): number | null {
  const text = raw.trim();
  if (text === '') return null;
  const n = Number(text);
  if (!Number.isFinite(n)) return opts.previous;
  return settle(n, opts);
}

/** Decimal places of a number, also when String() writes it with an exponent (1e-7). */
function decimalsOf(n: number): number {
  const [mantissa, exponent = '0'] = String(n).split('e');
  return Math.max(0, (mantissa.split('.')[1] ?? '').length - Number(exponent));
}

// §5 step and arrow keys: one step up (1) or down (-1) from the value (from min, else 0, when empty)
export function stepNumber(value: number | null, step: number, direction: 1 | -1, opts: NumberInputOptions = {}): number {
  const base = value ?? opts.min ?? 0;
  // without an explicit precision, keep as many decimals as the operands have, so 0.1 + 0.2 gives 0.3
  const precision = opts.precision ?? Math.max(decimalsOf(base), decimalsOf(step));
  return clamp(roundHalfUp(base + direction * step, precision), opts);
}
