// Issue 13: the nutrition rules' texts the server sends in zh-CN (advice per nutrient, food group names) are
// shown in en-US and zh-TW through src/screens/meal/shared/nutritionTexts.ts. Its entries must be the domain's
// texts word for word and translated in both catalogs: a rule text changed in domain/ without its entry fails here.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NUTRIENT_CATALOGUE } from '../../domain/nutrientCatalogue.ts';
import { FOOD_GROUPS } from '../../domain/ingredients.ts';
import { RECOMMENDED_GROUPS } from '../../domain/nutritionStandards.ts';
import { parsePo } from '../support/po.ts';

const catalog = (locale: string) => new Map(parsePo(fs.readFileSync(`locales/${locale}.po`, 'utf8')).filter((e) => !e.obsolete).map((e) => [e.msgid, e.msgstr]));
const source = fs.readFileSync('src/screens/meal/shared/nutritionTexts.ts', 'utf8');
const texts = [...NUTRIENT_CATALOGUE.map((n) => n.nutritionAnalysisProposal.text), ...new Set([...FOOD_GROUPS, ...RECOMMENDED_GROUPS])];

describe('nutrition rule texts in every language (issue 13)', () => {
  it('has an entry for every advice text and food group, word for word', () => {
    expect(texts.filter((text) => !source.includes(`msg\`${text}\``))).toEqual([]);
  });
  it.each(['zh-TW', 'en-US'])('translates each of them in %s', (locale) => {
    const c = catalog(locale);
    const missing = texts.filter((text) => !c.get(text));
    expect(missing).toEqual([]);
    // en-US: no Chinese left in the translation
    if (locale === 'en-US') expect(texts.filter((text) => /[\u4e00-\u9fff]/.test(c.get(text) ?? ''))).toEqual([]);
  });
});
