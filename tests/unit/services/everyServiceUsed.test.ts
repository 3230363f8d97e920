// Issue 15: every function services/ exports is used by the console: referenced in src/ or machines/, or by another
// services/ function (a fetcher behind a queryOptions export). An exported call nobody makes is either wired into a
// screen or removed, and the §7 list (contracts/specCalls.ts) says why a documented call goes unused.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else if (/\.tsx?$/.test(e.name) && !/\.d\.ts$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Exported functions of a source text: `export [async] function f` and `export const f = [async] (…) =>` / `= function`. */
export function exportedFunctions(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/^export\s+(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)/gm)) names.add(m[1]);
  for (const m of text.matchAll(/^export\s+const\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s*)?(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*(?::[^=]+?)?=>/gm)) names.add(m[1]);
  for (const m of text.matchAll(/^export\s+const\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?function\b/gm)) names.add(m[1]);
  return [...names];
}

const occurrences = (text: string, name: string) => (text.match(new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g')) ?? []).length;

describe('every exported service function is used', () => {
  it('finds exports of each shape (the finder itself)', () => {
    expect(exportedFunctions([
      'export function a() {}', 'export async function b() {}', 'export const c = (x: number) => x;', 'export const d = async () => 1;',
      'export const e = function () {};', 'export const f = 3;', 'export interface G {}', 'export const h: Foo = (x) => x;',
    ].join('\n')).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'h']);
  });

  it('references each one from src/, machines/ or another service', () => {
    const services = filesUnder(path.resolve('services')).map((f) => ({ f, text: readFileSync(f, 'utf8') }));
    const consumers = [...filesUnder(path.resolve('src')), ...filesUnder(path.resolve('machines'))].map((f) => readFileSync(f, 'utf8')).join('\n');
    const unused: string[] = [];
    for (const { f, text } of services) {
      for (const name of exportedFunctions(text)) {
        const inConsumers = occurrences(consumers, name);
        // within services: every mention but the declaration itself
        const inServices = services.reduce((n, s) => n + occurrences(s.text, name), 0) - 1;
        const label = `${path.relative(process.cwd(), f)}: ${name}`;
        if (inConsumers === 0 && inServices === 0) unused.push(label);
      }
    }
    expect(unused).toEqual([]);
  });
});
