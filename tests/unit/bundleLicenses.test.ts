// The licences list of 关于我们 (issue 35): generated from the bundled modules' package.json, not hand-kept.
import { describe, expect, it } from 'vitest';
import { bundledPackages, licenseOf, packageDirOf } from '../../scripts/bundleLicenses.ts';

describe('bundled packages', () => {
  it('finds the package of a module, scoped or nested, and ignores our own sources', () => {
    expect(packageDirOf('/w/node_modules/react/index.js')).toBe('/w/node_modules/react');
    expect(packageDirOf('/w/node_modules/@fluentui/react-button/lib/index.js?v=1')).toBe('/w/node_modules/@fluentui/react-button');
    expect(packageDirOf('\0/w/node_modules/a/node_modules/b/x.js')).toBe('/w/node_modules/a/node_modules/b');
    expect(packageDirOf('C:\\w\\node_modules\\dompurify\\dist\\purify.es.mjs')).toBe('C:/w/node_modules/dompurify');
    expect(packageDirOf('/w/src/app/App.tsx')).toBeNull();
  });
  it('reads the SPDX licence, the old object and list forms', () => {
    expect(licenseOf({ license: 'MIT' })).toBe('MIT');
    expect(licenseOf({ license: { type: 'BSD-3-Clause' } })).toBe('BSD-3-Clause');
    expect(licenseOf({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] })).toBe('(MIT OR Apache-2.0)');
    expect(licenseOf({})).toBe('UNKNOWN');
  });
  it('lists each package once, sorted, from the package.json files', () => {
    const files: Record<string, string> = {
      '/w/node_modules/react/package.json': JSON.stringify({ name: 'react', version: '19.1.0', license: 'MIT', homepage: 'https://react.dev/' }),
      '/w/node_modules/@lingui/core/package.json': JSON.stringify({ name: '@lingui/core', version: '5.0.0', license: 'MIT' }),
    };
    const read = (f: string) => { const v = files[f.replace(/\\/g, '/')]; if (!v) throw new Error('missing'); return v; };
    const list = bundledPackages(['/w/node_modules/react/index.js', '/w/node_modules/react/cjs/x.js', '/w/node_modules/@lingui/core/dist/a.mjs', '/w/node_modules/gone/x.js', '/w/src/a.ts'], read);
    expect(list).toEqual([
      { name: '@lingui/core', version: '5.0.0', license: 'MIT' },
      { name: 'react', version: '19.1.0', license: 'MIT', homepage: 'https://react.dev/' },
    ]);
  });
});
