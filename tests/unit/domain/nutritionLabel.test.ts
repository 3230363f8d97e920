// Hand-worked food labels (issue 10): every expected figure below is worked out by hand in the comment beside it
// from the GB 28050 data of server/data/standards.json, so a change of a rule or of the data shows here.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addDays, batchNumber, CORE_LABEL_NUTRIENTS, GB28050, declareNutrient, formatDeclared, formatLabelDate, gb28050Of, guaranteePeriodText, labelFoodOfDish, labelLines,
  nutritionTable, packageLabelFood, produceDayOf, scaleLabelFood, weekdayOf, type LabelFood,
} from '../../../domain/nutritionLabel.ts';
import { defaultFoodLabelConfig, setFieldEnabled, SODIUM_TO_SALT, type FoodLabelConfig } from '../../../domain/foodLabel.ts';
import { NUTRIENT_KEYS, type Nutrients } from '../../../domain/nutrition.ts';

const standards = JSON.parse(fs.readFileSync(new URL('../../../server/data/standards.json', import.meta.url), 'utf8')) as unknown;
const gb = gb28050Of(standards);

const nutrients = (given: Partial<Nutrients>): Nutrients => Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, given[k] ?? null])) as Nutrients;

const rice: LabelFood = {
  name: '米饭', ingredients: [{ name: '稻米', grams: 200 }], allergens: [], netGrams: 200, incomplete: [],
  // per portion of 200 g
  nutrients: nutrients({ energyKcal: 300, protein: 12.34, fat: 0.9, cho: 45.678, sodium: 8 }),
};

describe('GB 28050 figures read from standards.json', () => {
  it('are the data file\'s NRV, thresholds, intervals and salt factor under our nutrient keys', () => {
    expect(gb.nrv).toMatchObject({ energyKcal: 8400, protein: 60, fat: 60, cho: 300, sodium: 2000, calcium: 800, vitaminC: 100 });
    expect(gb.zero).toMatchObject({ energyKcal: 17, protein: 0.5, fat: 0.5, cho: 0.5, fiber: 0.5, sodium: 5 });
    expect(gb.interval).toMatchObject({ energyKcal: 1, protein: 0.1, fat: 0.1, cho: 0.1, sodium: 1, nrvPercent: 1 });
    // the salt factor of the standard is the one §3's salt tip states
    expect(gb.saltFactor).toBe(SODIUM_TO_SALT);
    // what the screens and the server use is the same file as loaded by domain/nutritionStandards
    expect(GB28050).toEqual(gb);
  });

  it('the data file is the shared reference copy', () => {
    const shared = '/work/shared/data/nutrition/standards.json';
    if (fs.existsSync(shared)) expect(fs.readFileSync(new URL('../../../server/data/standards.json', import.meta.url), 'utf8')).toBe(fs.readFileSync(shared, 'utf8'));
  });

  it('refuses data without the energy NRV or the salt factor instead of inventing one', () => {
    expect(() => gb28050Of({ gb28050: { nrv: { records: [] }, saltFromSodium: { factor: 2.5 } } })).toThrow(/energy NRV/);
    expect(() => gb28050Of({ gb28050: { nrv: { records: [{ nutrient: 'energy', value: 8400, unit: 'kJ' }] } } })).toThrow(/salt/);
    expect(() => gb28050Of(null)).toThrow();
    // no energy factors: no label energy (issue 30: energy is 17P + 37F + 17C + 8 fibre, never guessed)
    expect(() => gb28050Of({ gb28050: { nrv: { records: [{ nutrient: 'energy', value: 8400, unit: 'kJ' }] }, saltFromSodium: { factor: 2.5 } } })).toThrow(/energyFactors/);
  });
});

describe('nutrient table per 100 g and per portion', () => {
  const table = nutritionTable(rice, gb);
  const row = (k: string) => table.rows.find((r) => r.key === k)!;

  it('shows the core nutrients in GB 28050 order, energy in kJ', () => {
    expect(table.rows.map((r) => r.key)).toEqual([...CORE_LABEL_NUTRIENTS]);
    expect(row('energyKcal').unit).toBe('kJ');
    expect(table.portionGrams).toBe(200);
  });

  it('energy by the GB 28050 factors, not kcal × 4.1868 (issue 30): 17 × 12.34 + 37 × 0.9 + 17 × 45.678 (no fibre known) = 1019.606 → 1020 kJ; 509.803 → 510 kJ/100 g; NRV 12 % and 6 %', () => {
    expect(row('energyKcal')).toMatchObject({ per100g: 510, perPortion: 1020, nrvPercent: 12, nrvPercentPer100g: 6 });
  });

  it('protein: 6.17 → 6.2 g/100 g; 12.34 → 12.3 g; NRV 12.3/60 = 20.5 → 21 % (half up), 6.2/60 = 10.3 → 10 %', () => {
    expect(row('protein')).toMatchObject({ per100g: 6.2, perPortion: 12.3, nrvPercent: 21, nrvPercentPer100g: 10 });
  });

  it('fat: 0.45 g/100 g is at or below the 0.5 g threshold, so 0 in both columns though the portion holds 0.9 g', () => {
    expect(row('fat')).toMatchObject({ per100g: 0, perPortion: 0, nrvPercent: 0 });
  });

  it('carbohydrate: 22.839 → 22.8 g/100 g; 45.678 → 45.7 g; NRV 45.7/300 = 15.2 → 15 %; no fibre known to take off: marked incomplete', () => {
    expect(row('cho')).toMatchObject({ per100g: 22.8, perPortion: 45.7, nrvPercent: 15, incomplete: true });
  });

  it('sodium 4 mg/100 g is under the 5 mg threshold: 0 mg, and the salt line 0 g', () => {
    expect(row('sodium')).toMatchObject({ per100g: 0, perPortion: 0, nrvPercent: 0 });
    expect(table.saltPerPortion).toBe(0);
  });

  it('salt = sodium × 2.5 / 1000: 600 mg per 200 g portion → 1.5 g per portion, 300 mg/100 g → 0.75 → 0.8 g; NRV 600/2000 = 30 %', () => {
    const salty = nutritionTable({ ...rice, nutrients: nutrients({ ...rice.nutrients, sodium: 600 }) }, gb);
    expect(salty.saltPerPortion).toBe(1.5);
    expect(salty.saltPer100g).toBe(0.8);
    expect(salty.rows.find((r) => r.key === 'sodium')).toMatchObject({ per100g: 300, perPortion: 600, nrvPercent: 30 });
  });

  it('energy 4 kcal/100 g = 16.75 kJ is under the 17 kJ threshold: declared 0 kJ', () => {
    expect(declareNutrient('energyKcal', 4, 8, gb)).toMatchObject({ per100g: 0, perPortion: 0, nrvPercent: 0 });
    // 5 kcal = 20.93 kJ is above it: 21 kJ, and 10 kcal = 41.868 → 42 kJ
    expect(declareNutrient('energyKcal', 5, 10, gb)).toMatchObject({ per100g: 21, perPortion: 42 });
  });

  it('a nutrient without a standard interval uses the catalogue decimals (vitamin B1: 2) and its NRV (1.4 mg)', () => {
    // 0.123 mg → 0.12 mg; 0.12/1.4 = 8.57 → 9 %
    expect(declareNutrient('vitaminB1', 0.0615, 0.123, gb)).toMatchObject({ perPortion: 0.12, nrvPercent: 9, decimals: 2 });
  });

  it('an unknown nutrient stays unknown (a dash), never 0; an incomplete one is marked', () => {
    const t = nutritionTable({ ...rice, nutrients: nutrients({ energyKcal: 300 }), incomplete: ['protein'] }, gb);
    const protein = t.rows.find((r) => r.key === 'protein')!;
    expect(protein).toMatchObject({ per100g: null, perPortion: null, nrvPercent: null, incomplete: true });
    expect(formatDeclared(protein.perPortion, protein.decimals)).toBe('—');
    expect(t.saltPerPortion).toBeNull();
    expect(nutritionTable({ ...rice, netGrams: null }, gb).rows[0]).toMatchObject({ per100g: null, perPortion: 1020 });
  });
});

describe('portions and packages', () => {
  const egg: LabelFood = {
    name: '番茄炒蛋', ingredients: [{ name: '番茄', grams: 80 }, { name: '鸡蛋', grams: 50 }], allergens: ['蛋类'], netGrams: 130, incomplete: ['vitaminC'],
    nutrients: nutrients({ energyKcal: 100, protein: 7, fat: 6, cho: 4, sodium: 200, vitaminC: 10 }),
  };

  it('scales a portion by dosage / dish portion: 1.5 × rice is 300 g and 450 kcal', () => {
    const big = scaleLabelFood(rice, 1.5);
    expect(big.netGrams).toBe(300);
    expect(big.nutrients.energyKcal).toBe(450);
    expect(big.ingredients[0].grams).toBe(300);
    expect(() => scaleLabelFood(rice, 0)).toThrow();
  });

  it('adds a meal\'s dishes up: 330 g, 400 kcal, allergens joined, ingredients heaviest first', () => {
    const meal = packageLabelFood('午餐', [rice, egg]);
    expect(meal.netGrams).toBe(330);
    expect(meal.nutrients.energyKcal).toBe(400);
    expect(meal.nutrients.sodium).toBe(208);
    expect(meal.allergens).toEqual(['蛋类']);
    expect(meal.ingredients.map((i) => i.name)).toEqual(['稻米', '番茄', '鸡蛋']);
    // rice does not know vitamin C: the package's 10 mg is a lower bound
    expect(meal.nutrients.vitaminC).toBe(10);
    expect(meal.incomplete).toContain('vitaminC');
    // GB 28050 energy: 17 × 19.34 + 37 × 6.9 + 17 × 49.678 = 1428.606 → 1429 kJ (NRV 17.01 → 17 %);
    // per 100 g 1428.606 / 330 × 100 = 432.91 → 433 kJ
    expect(nutritionTable(meal, gb).rows[0]).toMatchObject({ per100g: 433, perPortion: 1429, nrvPercent: 17 });
  });
});

describe('dates and the batch number', () => {
  it('formats days with YYYY, MM, DD, HH and mm', () => {
    expect(formatLabelDate('2026-11-23', 'YYYYMMDD')).toBe('20261123');
    expect(formatLabelDate('2026-11-23', 'YYYY-MM-DD HH:mm', '7:05')).toBe('2026-11-23 07:05');
    expect(formatLabelDate('2026-11-23', 'YYYY-MM-DD HH时', '11:00')).toBe('2026-11-23 11时');
    expect(() => formatLabelDate('23/11/2026', 'YYYY')).toThrow();
  });

  it('batch number = prefix + production day in dateFormat + suffix', () => {
    expect(batchNumber({ prefix: 'PC', suffix: '-A', dateFormat: 'YYYYMMDD' }, '2026-11-22')).toBe('PC20261122-A');
    expect(batchNumber({ prefix: '', suffix: '', dateFormat: '' }, '2026-11-22')).toBe('20261122');
    expect(batchNumber({ prefix: 'B', suffix: '', dateFormat: 'YYMMDD' }, '2026-03-01')).toBe('B260301');
  });

  it('production day: the recipe day or the day before; months and years roll over', () => {
    expect(produceDayOf('2026-03-01', 'recipeDatePrevious')).toBe('2026-02-28');
    expect(produceDayOf('2026-03-01', 'recipeDate')).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekdayOf('2026-11-23')).toBe('星期一');
  });

  it('guarantee period rule 1d → 1天, 12h → 12小时, free text as written', () => {
    expect(guaranteePeriodText('1d')).toBe('1天');
    expect(guaranteePeriodText('12h')).toBe('12小时');
    expect(guaranteePeriodText('冷藏3天')).toBe('冷藏3天');
  });
});

describe('printed fields of the org configuration', () => {
  const egg: LabelFood = {
    name: '番茄炒蛋', ingredients: [{ name: '番茄', grams: 80 }, { name: '鸡蛋', grams: 50 }], allergens: ['蛋类'], netGrams: 130, incomplete: [],
    nutrients: nutrients({ energyKcal: 100 }),
  };
  const ctx = { scene: 'menu' as const, day: '2026-11-23', mealName: '午餐', orgName: '第一小学' };

  it('prints the enabled fields in group order, leaving out the empty ones', () => {
    const lines = labelLines(defaultFoodLabelConfig(), egg, ctx);
    expect(lines.map((l) => l.field)).toEqual(['foodName', 'burdenSheet', 'anaphylactogen', 'netContent', 'produceDate', 'qualityGuaranteePeriod', 'producer']);
    expect(Object.fromEntries(lines.map((l) => [l.label, l.text]))).toEqual({
      食品名称: '番茄炒蛋', 配料表: '番茄、鸡蛋', 致敏物质: '蛋类', 净含量: '130克', 生产日期: '2026-11-23', 保质期: '1天', 生产者名称: '第一小学',
    });
  });

  it('uses the custom label, the chosen options and the batch number of the production day', () => {
    let config: FoodLabelConfig = setFieldEnabled(defaultFoodLabelConfig(), 'batchNo', true);
    config = {
      ...config,
      fields: config.fields.map((f) => {
        if (f.field === 'batchNo') return { ...f, prefix: 'PC', suffix: '', dateFormat: 'YYYYMMDD' };
        if (f.field === 'produceDate') return { ...f, value: 'recipeDatePrevious' };
        if (f.field === 'burdenSheet') return { ...f, value: 'foodNameAndDosage', customLabel: '配料' };
        if (f.field === 'foodName') return { ...f, value: 'weekdayAndMeal' };
        return f;
      }),
    };
    const menu = Object.fromEntries(labelLines(config, egg, ctx).map((l) => [l.field, l]));
    expect(menu.burdenSheet).toEqual({ field: 'burdenSheet', label: '配料', text: '番茄80g、鸡蛋50g' });
    expect(menu.produceDate.text).toBe('2026-11-22');
    expect(menu.batchNo.text).toBe('PC20261122');
    const meal = Object.fromEntries(labelLines(config, egg, { ...ctx, scene: 'recipe', dishNames: ['米饭', '番茄炒蛋'] }).map((l) => [l.field, l.text]));
    expect(meal.foodName).toBe('星期一午餐');
  });
});

describe('issue 30: a GB 28050 panel of three dishes (foods.json values)', async () => {
  const { dishNutrients } = await import('../../../domain/nutrition.ts');
  const foods = new Map((JSON.parse(fs.readFileSync('server/data/foods.json', 'utf8')) as { foods: { id: string; nameZh: string; ediblePortionPct: number | null; per100g: Record<string, number | null> }[] }).foods
    .map((f) => [f.id, { foodId: f.id, ediblePortionPct: f.ediblePortionPct, per100g: f.per100g, nameZh: f.nameZh }]));
  const labelOf = (name: string, lines: [string, number][]) =>
    labelFoodOfDish({ name, allergens: [] }, dishNutrients(lines.map(([foodId, weight]) => ({ foodId, weight })), (id) => foods.get(id), 'netWeight'), (id) => foods.get(id)?.nameZh);
  // net grams. 11205 黄瓜 per 100 g: P 0.65, F 0.11, C 3.63, fibre 0.5, Na 2; 04044 大豆油: F 100
  const cucumber = labelOf('拌黄瓜', [['11205', 120], ['04044', 2]]);
  // 11529 番茄: P 0.88, F 0.2, C 3.89, fibre 1.2, Na 5; 01123 鸡蛋: P 12.56, F 9.51, C 0.72, fibre 0, Na 142
  const tomatoEgg = labelOf('番茄炒蛋', [['11529', 120], ['01123', 60]]);
  // 20444 籼米: P 7.13, F 0.66, C 79.95, fibre 1.3, Na 5
  const rice20444 = labelOf('米饭', [['20444', 120]]);

  it('cucumber salad: 17 × 0.78 + 37 × 2.132 + 17 × (4.356 − 0.6) + 8 × 0.6 = 160.796 → 161 kJ, not 35.68 kcal × 4.1868 = 149 kJ', () => {
    const t = nutritionTable(cucumber, gb);
    expect(t.rows[0]).toMatchObject({ key: 'energyKcal', perPortion: 161, per100g: 132 });
    // carbohydrate without its fibre: 4.356 − 0.6 = 3.756 → 3.8 g; per 100 g 3.078689 → 3.1 g
    expect(t.rows.find((r) => r.key === 'cho')).toMatchObject({ perPortion: 3.8, per100g: 3.1, incomplete: false });
  });

  it('tomato and egg: carbohydrate 5.1 − 1.44 = 3.66 → 3.7 g a portion, 2.0 g/100 g; energy 439.806 → 440 kJ', () => {
    const t = nutritionTable(tomatoEgg, gb);
    expect(t.rows.find((r) => r.key === 'cho')).toMatchObject({ perPortion: 3.7, per100g: 2 });
    expect(t.rows[0]).toMatchObject({ perPortion: 440, per100g: 244 });
  });

  it('the three as one meal: 2392 kJ (28 %), protein 17.9 g (30 %), fat 8.9 g (15 %), carbohydrate 101.8 g (34 %), sodium 100 mg (5 %)', () => {
    // P 0.78 + 8.592 + 8.556 = 17.928; F 2.132 + 5.946 + 0.792 = 8.87; C 4.356 + 5.1 + 95.94 = 105.396;
    // fibre 0.6 + 1.44 + 1.56 = 3.6; Na 2.4 + 91.2 + 6 = 99.6; 422 g
    // energy 17 × 17.928 + 37 × 8.87 + 17 × 101.796 + 8 × 3.6 = 2392.298 → 2392 kJ, 566.895 → 567 kJ/100 g, NRV 28.48 → 28 %
    const t = nutritionTable(packageLabelFood('午餐', [cucumber, tomatoEgg, rice20444]), gb);
    expect(t.portionGrams).toBe(422);
    expect(t.rows.map((r) => [r.key, r.perPortion, r.nrvPercent])).toEqual([
      ['energyKcal', 2392, 28], ['protein', 17.9, 30], ['fat', 8.9, 15], ['cho', 101.8, 34], ['sodium', 100, 5],
    ]);
    expect(t.rows[0].per100g).toBe(567);
    expect(t).toMatchObject({ panel: 'gb28050-2011', advisory: null });
  });

  it('the GB 28050-2025 "1+6" panel adds saturated fat and sugars, unknown (the data has none), and the salt-oil-sugar line', () => {
    const t = nutritionTable(tomatoEgg, gb, { panel: 'gb28050-2025' });
    expect(t.rows.map((r) => r.key)).toEqual(['energyKcal', 'protein', 'fat', 'saturatedFat', 'cho', 'sugars', 'sodium']);
    expect(t.rows.find((r) => r.key === 'saturatedFat')).toMatchObject({ per100g: null, perPortion: null, nrvPercent: null, noData: true });
    expect(t.rows.find((r) => r.key === 'sugars')).toMatchObject({ perPortion: null, noData: true });
    expect(t.advisory).toBe('saltOilSugar');
  });
});
