// zh-CN is the source; zh-TW and en-US must be complete. `npm test` runs `lingui extract` first, so a
// message added in code without its translations makes this fail.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePo } from '../../support/po.ts';

const source = parsePo(fs.readFileSync('locales/zh-CN.po', 'utf8')).filter((e) => !e.obsolete);

describe('message catalogs', () => {
  it('has source messages', () => {
    expect(source.length).toBeGreaterThan(100);
  });

  for (const locale of ['zh-TW', 'en-US']) {
    it(`${locale} translates every source message`, () => {
      const entries = new Map(parsePo(fs.readFileSync(`locales/${locale}.po`, 'utf8')).filter((e) => !e.obsolete).map((e) => [e.msgid, e.msgstr]));
      const missing = source.filter((e) => !entries.get(e.msgid)?.trim()).map((e) => e.msgid);
      expect(missing, `untranslated in ${locale}`).toEqual([]);
    });
  }

  it('keeps placeholders in every translation', () => {
    for (const locale of ['zh-TW', 'en-US']) {
      for (const e of parsePo(fs.readFileSync(`locales/${locale}.po`, 'utf8')).filter((x) => !x.obsolete && x.msgstr)) {
        const names = (s: string) => [...s.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
        expect(names(e.msgstr), `${locale}: ${e.msgid}`).toEqual(names(e.msgid));
      }
    }
  });
});
