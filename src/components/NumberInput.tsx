// §5 number input, one component for every numeric field (issue 15): the rules are domain/numberInput.ts's —
// empty gives null, typing that is not a number is reverted, the value is clamped to min/max and rounded half-up
// to `precision` when the field is left, ↑/↓ step by `step`. While typing, partial numbers ("1.", "-") stay.
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Input, type InputProps } from '@fluentui/react-components';
import { normalizeNumberInput, stepNumber } from '../../domain/numberInput.ts';

export interface NumberInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type' | 'defaultValue' | 'min' | 'max' | 'step'> {
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  /** arrow-key step (default 1) */
  step?: number;
  /** decimals kept, half-up (§5) */
  precision?: number;
  /**
   * The settled value when the field is left or stepped with ↑/↓: for fields that save at once (a sort in a table
   * row), which must not save every keystroke.
   */
  onCommit?: (value: number | null) => void;
  /**
   * For a field that cannot be empty (a required count): emptying it keeps the last value while typing, and
   * leaving it empty settles to this value. Without it, empty gives null (§5).
   */
  fallback?: number;
}

/** What typing may leave in the field on its way to a number: digits, one point, a leading minus where allowed. */
const partial = (text: string, negative: boolean) => (negative ? /^-?\d*\.?\d*$/ : /^\d*\.?\d*$/).test(text);
const textOf = (n: number | null) => (n === null ? '' : String(n));

export function NumberInput({ value, onChange, onCommit, fallback, min, max, step = 1, precision, onBlur, onKeyDown, ...rest }: NumberInputProps) {
  const [text, setText] = useState(textOf(value));
  // a value set from outside (a reset, a loaded record) shows; the field's own typing is not overwritten
  useEffect(() => {
    setText((current) => (normalizeNumberInput(current, { min, max, precision, previous: null }) === value ? current : textOf(value)));
  }, [value, min, max, precision]);
  const opts = { min, max, precision };
  const commit = (raw: string) => {
    const typed = normalizeNumberInput(raw, { ...opts, previous: value });
    const n = typed === null && fallback !== undefined ? fallback : typed;
    setText(textOf(n));
    if (n !== value) onChange(n);
    onCommit?.(n);
  };
  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      const current = normalizeNumberInput(text, { ...opts, previous: value });
      const n = stepNumber(current, step, e.key === 'ArrowUp' ? 1 : -1, opts);
      setText(textOf(n));
      onChange(n);
      onCommit?.(n);
    }
    onKeyDown?.(e);
  };
  return (
    <Input
      {...rest}
      inputMode="decimal"
      value={text}
      onChange={(_, d) => {
        // §5 typing that is not a number is reverted: the field keeps what it had
        if (!partial(d.value.trim(), min === undefined || min < 0)) return;
        setText(d.value);
        const n = d.value.trim() === '' ? null : Number(d.value);
        if (n === null) { if (fallback === undefined) onChange(null); }
        else if (Number.isFinite(n)) onChange(n);
      }}
      onBlur={(e) => { commit(text); onBlur?.(e); }}
      onKeyDown={keyDown}
    />
  );
}
