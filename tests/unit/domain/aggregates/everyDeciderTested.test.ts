// Issue 14 "every decider has unit tests": each decider exported from domain/aggregates/<name>.ts is named in
// tests/unit/domain/aggregates/<name>.test.ts, so a new aggregate cannot land without its given-when-then tests.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../../..');
const aggregates = join(root, 'domain/aggregates');

const deciders = readdirSync(aggregates).filter((f) => f.endsWith('.ts')).flatMap((file) =>
  [...readFileSync(join(aggregates, file), 'utf8').matchAll(/export const (\w+)\s*:\s*Decider</g)].map((m) => ({ file, name: m[1] })));

describe('every decider in domain/aggregates', () => {
  it('finds the deciders (the scan itself works)', () => {
    expect(deciders.map((d) => d.name)).toEqual(expect.arrayContaining(['noticeDecider', 'userDecider', 'membershipDecider', 'priceDecider']));
  });
  it.each(deciders)('$name ($file) has given-when-then tests in its test file', ({ file, name }) => {
    const test = join(import.meta.dirname, file.replace(/\.ts$/, '.test.ts'));
    expect(existsSync(test), `${test} is missing`).toBe(true);
    const text = readFileSync(test, 'utf8');
    expect(text).toMatch(new RegExp(`given\\(${name}\\b`));
  });
});
