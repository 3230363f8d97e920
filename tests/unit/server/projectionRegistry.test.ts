// One projection registry (issue 14): every file that registers projection handlers is listed in
// server/modules/projections.ts, and none registers them elsewhere (a route file, a seed).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve('server');
const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));

describe('projection registry', () => {
  const registering = files(root).filter((f) => !f.endsWith(path.join('store', 'projections.ts')) && /\bdefineProjection\(/.test(fs.readFileSync(f, 'utf8')));
  const registry = fs.readFileSync(path.join(root, 'modules', 'projections.ts'), 'utf8');
  const listed = [...registry.matchAll(/^import '\.\/(.+)';$/gm)].map((m) => path.join(root, 'modules', m[1]));

  it('lists every file that defines projections, and only such files', () => {
    expect(registering.length).toBeGreaterThan(10);
    expect([...listed].sort()).toEqual([...registering].sort());
  });

  it('keeps projections in files named for them', () => {
    expect(registering.filter((f) => !/[pP]rojection\.ts$/.test(f))).toEqual([]);
  });
});
