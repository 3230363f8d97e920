// Issue 35: no §2 entry of the screen registry is left "coming soon": each one that is not a shell building block
// (structural) loads a screen. §2 lists shippingList as deprecated: it too has a screen, a read-only page that says
// delivery replaced it and lists the legacy shipping notes, so none is excused.
// The registry is read as text: it uses Lingui's macros, which only the console's build compiles.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The keys of the registry's entries that neither load a screen nor are structural. */
export function entriesWithoutScreen(source: string): string[] {
  const out: string[] = [];
  for (const line of source.split('\n')) {
    const entry = /^\s*\{ key: '([A-Za-z]+)'/.exec(line);
    if (entry && !/\bload: \(\) => import\(/.test(line)) out.push(entry[1]!);
  }
  return out;
}

describe('the screen registry (§2)', () => {
  it('finds an entry without a screen (the finder itself)', () => {
    const sample = [
      "  structural('main', msg`主框架`),",
      "  { key: 'contacts', label: msg`通讯录管理`, load: () => import('./base/contacts/ContactsPage.tsx') },",
      "  { key: 'videoDevice', label: msg`视频设备管理` },",
    ].join('\n');
    expect(entriesWithoutScreen(sample)).toEqual(['videoDevice']);
  });

  it('has a screen for every entry, the deprecated shippingList included', () => {
    const source = readFileSync(path.resolve('src/screens/registry.ts'), 'utf8');
    const entries = source.match(/^\s*\{ key: '/gm) ?? [];
    expect(entries.length).toBeGreaterThan(80);
    expect(source).toMatch(/\{ key: 'shippingList', [^\n]*\bload: \(\) => import\('/);
    expect(entriesWithoutScreen(source)).toEqual([]);
  });
});
