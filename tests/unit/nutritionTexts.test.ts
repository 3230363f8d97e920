// Issue 13: the nutrition rules' texts the server sends in zh-CN (advice per nutrient, food group names) are
// shown in en-US and zh-TW through src/screens/meal/shared/nutritionTexts.ts. Its entries must be the domain's
// texts word for word and translated in both catalogs: a rule text changed in domain/ without its entry fails here.
// The same for the analysis's notes on what it leaves unscored (sent in English by the domain, and those of
// standards.json): every note the domain can give has an entry, and that entry is translated in both catalogs.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NUTRIENT_CATALOGUE } from '../../domain/nutrientCatalogue.ts';
import { FOOD_GROUPS } from '../../domain/ingredients.ts';
import { RECOMMENDED_GROUPS, TARGET_NOTES } from '../../domain/nutritionStandards.ts';
import { ANALYSIS_NOTES, analysisNoteTexts } from '../../domain/nutritionAnalysis.ts';
import { parsePo } from '../support/po.ts';

const catalog = (locale: string) => new Map(parsePo(fs.readFileSync(`locales/${locale}.po`, 'utf8')).filter((e) => !e.obsolete).map((e) => [e.msgid, e.msgstr]));
const source = fs.readFileSync('src/screens/meal/shared/nutritionTexts.ts', 'utf8');
const texts = [...NUTRIENT_CATALOGUE.map((n) => n.nutritionAnalysisProposal.text), ...new Set([...FOOD_GROUPS, ...RECOMMENDED_GROUPS])];

/** The note entries of nutritionTexts.ts: the note the server sends (a domain constant or the file's text) → the zh-CN message. */
function noteEntries(): Map<string, string> {
  const named: Record<string, Record<string, string>> = { ANALYSIS_NOTES, TARGET_NOTES };
  const entries = new Map<string, string>();
  for (const m of source.matchAll(/^\s*(?:\[(\w+)\.(\w+)\]|'((?:[^'\\]|\\.)*)'):\s*msg`([^`]*)`,?$/gm)) {
    const note = m[1] ? named[m[1]]?.[m[2]!] : m[3]!.replace(/\\(.)/g, '$1');
    if (note !== undefined) entries.set(note, m[4]!);
  }
  return entries;
}

describe('nutrition rule texts in every language (issue 13)', () => {
  it('has an entry for every advice text and food group, word for word', () => {
    expect(texts.filter((text) => !source.includes(`msg\`${text}\``))).toEqual([]);
  });
  it('has an entry for every note the analysis can give on an unscored item', () => {
    const notes = analysisNoteTexts();
    // the domain's own notes and the file's (6-8 has no figures but energy)
    expect(notes).toEqual(expect.arrayContaining([ANALYSIS_NOTES.noTarget, TARGET_NOTES.noMainMeal]));
    expect(notes.some((n) => /6-8/.test(n))).toBe(true);
    const entries = noteEntries();
    expect(notes.filter((n) => !entries.has(n))).toEqual([]);
  });
  it.each(['zh-TW', 'en-US'])('translates every unscored note in %s', (locale) => {
    const c = catalog(locale);
    const messages = analysisNoteTexts().map((n) => noteEntries().get(n)).filter((m): m is string => m !== undefined);
    expect(messages.length).toBe(analysisNoteTexts().length);
    expect(messages.filter((m) => !c.get(m))).toEqual([]);
    if (locale === 'en-US') expect(messages.filter((m) => /[\u4e00-\u9fff]/.test(c.get(m) ?? ''))).toEqual([]);
  });
  it.each(['zh-TW', 'en-US'])('translates each of them in %s', (locale) => {
    const c = catalog(locale);
    const missing = texts.filter((text) => !c.get(text));
    expect(missing).toEqual([]);
    // en-US: no Chinese left in the translation
    if (locale === 'en-US') expect(texts.filter((text) => /[\u4e00-\u9fff]/.test(c.get(text) ?? ''))).toEqual([]);
  });
});
