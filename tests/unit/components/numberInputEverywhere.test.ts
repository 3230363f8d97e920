// Issue 15: one number input applies the §5 rules (src/components/NumberInput.tsx), so no numeric field in src/ may go
// around it: no native number input, no Fluent SpinButton, no text input opened with a decimal keypad. A field that
// needs a number as text (a draft checked on save) wraps NumberInput with src/components/numberText.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else if (/\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

/** The one place allowed to build a numeric field from the raw parts. */
const NUMBER_INPUT = path.join('src', 'components', 'NumberInput.tsx');

const BYPASSES: { name: string; pattern: RegExp }[] = [
  { name: 'type="number"', pattern: /\btype\s*=\s*\{?\s*["'`]number["'`]/g },
  { name: 'SpinButton', pattern: /\bSpinButton\b/g },
  { name: 'inputMode="decimal"', pattern: /\binputMode\s*=\s*\{?\s*["'`]decimal["'`]/g },
];

/** `file:line what` for each numeric field in a source text that does not go through NumberInput. */
export function bypassesIn(file: string, text: string): string[] {
  const found: string[] = [];
  for (const { name, pattern } of BYPASSES) {
    for (const m of text.matchAll(pattern)) found.push(`${file}:${text.slice(0, m.index).split('\n').length} ${name}`);
  }
  return found;
}

describe('every numeric field goes through NumberInput', () => {
  it('finds each way around it (the finder itself)', () => {
    const sample = [
      '<Input type="number" value={a} />',
      "<Input type='number' />",
      '<Input type={"number"} />',
      "import { SpinButton } from '@fluentui/react-components';",
      '<Input value={b} inputMode="decimal" />',
      '<Input inputMode="numeric" maxLength={11} />', // a phone number or an SMS code is digits, not a number
      '<NumberInput value={c} onChange={setC} />',
    ].join('\n');
    expect(bypassesIn('x.tsx', sample)).toEqual(['x.tsx:1 type="number"', 'x.tsx:2 type="number"', 'x.tsx:3 type="number"', 'x.tsx:4 SpinButton', 'x.tsx:5 inputMode="decimal"']);
  });

  it('no file in src/ has a number field of its own', () => {
    // the members' storefront (src/storefront, issue 34) is its own entry without Fluent UI, held to a 100 KB budget
    const files = filesUnder(path.resolve('src')).filter((f) => path.relative(process.cwd(), f) !== NUMBER_INPUT && !f.includes(`${path.sep}storefront${path.sep}`));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => bypassesIn(path.relative(process.cwd(), f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('NumberInput is the field the numeric screens use', () => {
    const users = filesUnder(path.resolve('src')).filter((f) => /<NumberInput\b/.test(readFileSync(f, 'utf8')));
    // prices, quantities, weights, sorts, minimum amounts, cut-off days, people counts…
    expect(users.length).toBeGreaterThanOrEqual(20);
  });
});
