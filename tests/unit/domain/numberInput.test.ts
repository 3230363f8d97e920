import { describe, it, expect } from 'vitest';
import { normalizeNumberInput, round6, roundHalfUp, stepNumber } from '../../../domain/numberInput.ts';

describe('roundHalfUp (§5)', () => {
  it('rounds halves up, without binary floating-point surprises', () => {
    expect(roundHalfUp(1.005, 2)).toBe(1.01);
    expect(roundHalfUp(2.5, 0)).toBe(3);
    expect(roundHalfUp(1.234, 2)).toBe(1.23);
    expect(roundHalfUp(1.2, 3)).toBe(1.2);
    expect(roundHalfUp(1234.5, -1)).toBe(1230);
  });
  it('rounds negative halves away from zero and gives no -0', () => {
    expect(roundHalfUp(-2.5, 0)).toBe(-3);
    expect(roundHalfUp(-1.005, 2)).toBe(-1.01);
    expect(Object.is(roundHalfUp(-0.0001, 2), 0)).toBe(true);
  });
  it('handles numbers written with an exponent', () => {
    expect(roundHalfUp(1e-7, 6)).toBe(0);
    expect(roundHalfUp(5e-7, 6)).toBe(0.000001);
  });
});

describe('round6 (§9)', () => {
  it('rounds arithmetic to 6 decimals', () => {
    expect(round6(0.1 + 0.2)).toBe(0.3);
    expect(round6(1 / 3)).toBe(0.333333);
    expect(round6(2 / 3)).toBe(0.666667);
  });
});

describe('normalizeNumberInput (§5)', () => {
  it('gives null for empty input', () => {
    expect(normalizeNumberInput('', { previous: 3 })).toBeNull();
    expect(normalizeNumberInput('  ', { previous: 3 })).toBeNull();
  });
  it('reverts non-numeric typing to the previous value', () => {
    expect(normalizeNumberInput('12a', { previous: 12 })).toBe(12);
    expect(normalizeNumberInput('abc', { previous: null })).toBeNull();
    expect(normalizeNumberInput('Infinity', { previous: 4 })).toBe(4);
  });
  it('clamps to min and max and rounds to precision', () => {
    expect(normalizeNumberInput('150', { min: 0, max: 100, previous: null })).toBe(100);
    expect(normalizeNumberInput('-5', { min: 0, max: 100, previous: null })).toBe(0);
    expect(normalizeNumberInput('3.14159', { precision: 2, previous: null })).toBe(3.14);
    expect(normalizeNumberInput('2.675', { precision: 2, previous: null })).toBe(2.68);
    expect(normalizeNumberInput(' 42 ', { previous: null })).toBe(42);
  });
});

describe('stepNumber (§5)', () => {
  it('steps up and down without float noise', () => {
    expect(stepNumber(0.1, 0.2, 1)).toBe(0.3);
    expect(stepNumber(1, 0.1, -1)).toBe(0.9);
    expect(stepNumber(5, 1, 1)).toBe(6);
  });
  it('stays within min and max', () => {
    expect(stepNumber(10, 1, 1, { max: 10 })).toBe(10);
    expect(stepNumber(0, 1, -1, { min: 0 })).toBe(0);
  });
  it('starts from min, else 0, when empty', () => {
    expect(stepNumber(null, 1, 1, { min: 5 })).toBe(6);
    expect(stepNumber(null, 1, -1)).toBe(-1);
  });
  it('rounds to an explicit precision', () => {
    expect(stepNumber(1.26, 0.1, 1, { precision: 1 })).toBe(1.4);
  });
});
