// Vite plugin (issue 35, §2 关于我们): what the console ships, generated at build, never hand-kept.
// - `licenses.json` beside the pages: every npm package whose modules are in the bundle's chunks, with its version and
//   the licence its package.json declares (the About screen fetches it when opened, so the entry carries none of it).
// - `__APP_BUILD__`: the commit and the time of the build (BUILD_COMMIT / BUILD_DATE when the CI sets them, else git).
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Plugin } from 'vite';

export interface BundledPackage { name: string; version: string; license: string; homepage?: string }

/** The package directory of a module inside node_modules (scoped names included), or null. */
export function packageDirOf(moduleId: string): string | null {
  const id = moduleId.replace(/\\/g, '/').replace(/^\0/, '').split('?')[0]!;
  const at = id.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const rest = id.slice(at + '/node_modules/'.length).split('/');
  const name = rest[0]?.startsWith('@') ? rest.slice(0, 2).join('/') : rest[0];
  return name ? `${id.slice(0, at)}/node_modules/${name}` : null;
}

/** A package.json's licence: the SPDX `license` string, the old `{type}` object or `licenses` array. */
export function licenseOf(pkg: { license?: unknown; licenses?: unknown }): string {
  const one = (l: unknown) => (typeof l === 'string' ? l : l && typeof l === 'object' && typeof (l as { type?: unknown }).type === 'string' ? (l as { type: string }).type : null);
  const direct = one(pkg.license);
  if (direct) return direct;
  if (Array.isArray(pkg.licenses)) {
    const all = pkg.licenses.map(one).filter((x): x is string => !!x);
    if (all.length) return all.length > 1 ? `(${all.join(' OR ')})` : all[0]!;
  }
  return 'UNKNOWN';
}

/** The packages of some module ids, each once (by name and version), sorted by name. */
export function bundledPackages(moduleIds: Iterable<string>, read = (file: string) => fs.readFileSync(file, 'utf8')): BundledPackage[] {
  const dirs = new Set<string>();
  for (const id of moduleIds) {
    const dir = packageDirOf(id);
    if (dir) dirs.add(dir);
  }
  const out = new Map<string, BundledPackage>();
  for (const dir of dirs) {
    let pkg: { name?: string; version?: string; license?: unknown; licenses?: unknown; homepage?: unknown };
    try { pkg = JSON.parse(read(path.join(dir, 'package.json'))) as typeof pkg; } catch { continue; }
    if (!pkg.name) continue;
    const entry: BundledPackage = { name: pkg.name, version: pkg.version ?? '', license: licenseOf(pkg), ...(typeof pkg.homepage === 'string' && { homepage: pkg.homepage }) };
    out.set(`${entry.name}@${entry.version}`, entry);
  }
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

function buildInfo(): { commit: string; date: string } {
  let commit = process.env.BUILD_COMMIT ?? '';
  if (!commit) {
    try { commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(); } catch { commit = ''; }
  }
  return { commit: commit || 'unknown', date: process.env.BUILD_DATE ?? new Date().toISOString() };
}

export function bundleLicenses(): Plugin {
  return {
    name: 'bundle-licenses',
    config: () => ({ define: { __APP_BUILD__: JSON.stringify(buildInfo()) } }),
    generateBundle(_options, bundle) {
      const ids: string[] = [];
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        const chunk = out as { moduleIds?: readonly string[]; modules?: Record<string, unknown> };
        ids.push(...(chunk.moduleIds ?? Object.keys(chunk.modules ?? {})));
      }
      this.emitFile({ type: 'asset', fileName: 'licenses.json', source: JSON.stringify(bundledPackages(ids)) });
    },
  };
}
