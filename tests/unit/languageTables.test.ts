// Issue 28: the words domain/ keeps in zh-CN and the console shows in the chosen language — the nutrients' names,
// the food label's built-in texts, the §9 units and seasons — each have a catalogue entry keyed by the domain's own
// text, word for word, translated in zh-TW and en-US (en-US with no Chinese left). A text changed or added in
// domain/ without its entry fails here.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NUTRIENT_CATALOGUE } from '../../domain/nutrientCatalogue.ts';
import { DEFAULT_REMARK, defaultFoodLabelConfig, FOOD_LABEL_GROUP_NAMES, NET_CONTENT_UNITS, PRODUCT_GRADES } from '../../domain/foodLabel.ts';
import { SEASONS, UNITS } from '../../domain/constants.ts';
import { labelLines, type LabelFood } from '../../domain/nutritionLabel.ts';
import { parsePo } from '../support/po.ts';

const catalog = (locale: string) =>
  new Map(parsePo(fs.readFileSync(`locales/${locale}.po`, 'utf8')).filter((e) => !e.obsolete).map((e) => [`${e.msgctxt ?? ''}\u0004${e.msgid}`, e.msgstr]));
const read = (file: string) => fs.readFileSync(file, 'utf8');

const config = defaultFoodLabelConfig();
const labelTexts = [
  ...Object.values(FOOD_LABEL_GROUP_NAMES),
  ...config.fields.map((f) => f.defaultLabel),
  ...config.fields.flatMap((f) => (f.options ?? []).map((o) => o.label)),
  ...NET_CONTENT_UNITS, ...PRODUCT_GRADES, DEFAULT_REMARK, config.saltConversionTip.text, '无',
];

const TABLES = [
  { name: 'nutrient names', file: 'src/screens/meal/shared/nutritionTexts.ts', context: '', texts: NUTRIENT_CATALOGUE.map((n) => n.cnName) },
  { name: 'food-label texts', file: 'src/components/foodLabelTexts.ts', context: '', texts: [...new Set(labelTexts)] },
  { name: 'units', file: 'src/components/unitNames.ts', context: 'unit', texts: [...UNITS] },
  { name: 'seasons', file: 'src/screens/meal/shared/options.ts', context: 'season', texts: [...SEASONS] },
];

describe.each(TABLES)('$name in every language (issue 28)', ({ file, context, texts }) => {
  const source = read(file);
  it('has an entry for each of the domain\'s texts, word for word', () => {
    const entry = (text: string) => (context ? `message: '${text}'` : `msg\`${text}\``);
    expect(texts.filter((text) => !source.includes(entry(text)))).toEqual([]);
  });
  it.each(['zh-TW', 'en-US'])('translates each in %s', (locale) => {
    const c = catalog(locale);
    expect(texts.filter((text) => !c.get(`${context}\u0004${text}`))).toEqual([]);
    if (locale === 'en-US') expect(texts.filter((text) => /[\u4e00-\u9fff]/.test(c.get(`${context}\u0004${text}`) ?? ''))).toEqual([]);
  });
});

describe('a printed label in another language (issue 28)', () => {
  const food: LabelFood = {
    name: '番茄炒蛋', ingredients: [{ name: '番茄', grams: 100 }], allergens: [], netGrams: 120, portionGrams: 120,
    per100g: {}, incomplete: [],
  } as unknown as LabelFood;
  it('prints the built-in words through the words it is given, the org\'s own texts as written', () => {
    const custom = { ...config, fields: config.fields.map((f) => (f.field === 'storageCondition' ? { ...f, customLabel: '存放', value: '冷藏' } : f)) };
    const words = { text: (t: string) => `«${t}»`, weekday: () => 'Monday', weekdayAndMeal: (w: string, m: string) => `${w} ${m}`, amount: (v: number, u: string) => `${v} ${u}`, period: (v: number, u: string) => `${v}${u}` };
    const lines = labelLines(custom, food, { scene: 'menu', day: '2027-03-01', mealName: 'Lunch', words });
    const byField = new Map(lines.map((l) => [l.field, l]));
    expect(byField.get('burdenSheet')?.label).toBe('«配料表»');
    expect(byField.get('netContent')?.text).toBe('120 «克»');
    expect(byField.get('anaphylactogen')?.text).toBe('«无»');
    expect(byField.get('qualityGuaranteePeriod')?.text).toBe('1d');
    // the org's own name and value stay as it typed them
    expect(byField.get('storageCondition')).toMatchObject({ label: '存放', text: '«冷藏»' });
    // without words, the §3 zh-CN as before
    const plain = new Map(labelLines(config, food, { scene: 'menu', day: '2027-03-01', mealName: '午餐' }).map((l) => [l.field, l]));
    expect(plain.get('netContent')?.text).toBe('120克');
    expect(plain.get('qualityGuaranteePeriod')?.text).toBe('1天');
  });
});
