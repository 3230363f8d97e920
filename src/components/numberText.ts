// For forms that keep a number as the text typed (a draft checked when saved): the value and change handler of a
// NumberInput over that text, so the field still applies the §5 rules (issue 15: one number input everywhere).
export function numberText(text: string, set: (text: string) => void): { value: number | null; onChange: (value: number | null) => void } {
  const trimmed = text.trim();
  const n = Number(trimmed);
  return { value: trimmed === '' || !Number.isFinite(n) ? null : n, onChange: (value) => set(value === null ? '' : String(value)) };
}
