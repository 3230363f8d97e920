import { describe, expect, it } from 'vitest';
import {
  orgLabelPanel, FOOD_LABEL_GROUPS, addCustomField, defaultFoodLabelConfig, effectiveOptions, fieldLabel, foodLabelConfigOf, groupedFields,
  moveField, removeCustomField, setCustomLabel, setCustomOptions, setFieldEnabled, sodiumToSalt, stepField, validateFoodLabelConfig,
  type FoodLabelConfig,
} from '../../../domain/foodLabel.ts';

const fieldOf = (c: FoodLabelConfig, name: string) => c.fields.find((f) => f.field === name)!;
const namesOf = (c: FoodLabelConfig, group: string) => groupedFields(c).find((g) => g.group === group)!.fields.map((f) => f.field);

describe('§3 default food-label field configuration', () => {
  const d = defaultFoodLabelConfig();

  it('has the six groups in order with the fields §3 lists, in order', () => {
    expect(groupedFields(d).map((g) => g.group)).toEqual(['foodbase', 'fooddate', 'producer', 'consignor', 'consignee', 'other']);
    expect(FOOD_LABEL_GROUPS).toEqual(['foodbase', 'fooddate', 'producer', 'consignor', 'consignee', 'other']);
    expect(namesOf(d, 'foodbase')).toEqual(['foodName', 'burdenSheet', 'productCategory', 'anaphylactogen', 'storageCondition', 'edibleMethods', 'netContent', 'price']);
    expect(namesOf(d, 'fooddate')).toEqual(['produceDate', 'qualityGuaranteePeriod', 'batchNo']);
    expect(namesOf(d, 'producer')).toEqual(['producer', 'produceAddress', 'producerPhone', 'productApprovalNumber', 'foodLicenseNo', 'productionPlace', 'productGrade']);
    expect(namesOf(d, 'consignor')).toEqual(['consignor', 'consignorAddress', 'consignorPhone']);
    expect(namesOf(d, 'consignee')).toEqual(['consignee', 'consigneeAddress', 'consigneePhone']);
    expect(namesOf(d, 'other')).toEqual(['remark']);
  });

  it('turns on exactly the fields §3 marks on', () => {
    const on = d.fields.filter((f) => f.enabled).map((f) => f.field);
    expect(on).toEqual(['foodName', 'burdenSheet', 'anaphylactogen', 'storageCondition', 'netContent', 'produceDate', 'qualityGuaranteePeriod',
      'producer', 'produceAddress', 'producerPhone', 'productApprovalNumber', 'foodLicenseNo']);
  });

  it('gives every field the §3 shape: system type, sort within group, empty custom label, built-in options', () => {
    for (const g of groupedFields(d)) g.fields.forEach((f, i) => expect(f.sort).toBe(i + 1));
    for (const f of d.fields) {
      expect(f).toMatchObject({ fieldType: 'system', customLabel: '', isUseCustomOptions: false });
      expect(f.defaultLabel).not.toBe('');
    }
    expect(d.fields.filter((f) => f.required).map((f) => f.field)).toEqual(['foodName']);
  });

  it('carries the §3 defaults and options', () => {
    expect(fieldOf(d, 'netContent')).toMatchObject({ unit: '克' });
    expect(effectiveOptions(fieldOf(d, 'netContent')).map((o) => o.label)).toEqual(['克', '千克', '毫升', '升', '厘米', '米']);
    expect(fieldOf(d, 'qualityGuaranteePeriod').rule).toBe('1d');
    expect(fieldOf(d, 'batchNo')).toMatchObject({ enabled: false, prefix: '', suffix: '', dateFormat: 'YYYYMMDD' });
    expect(fieldOf(d, 'productGrade')).toMatchObject({ value: '合格品', enabled: false });
    expect(effectiveOptions(fieldOf(d, 'productGrade')).map((o) => o.value)).toEqual(['优等品', '一等品', '合格品']);
    expect(fieldOf(d, 'produceDate').formats).toEqual(['YYYY-MM-DD', 'YYYY-MM-DD HH时', 'YYYY-MM-DD HH:mm']);
    const foodName = effectiveOptions(fieldOf(d, 'foodName'));
    expect(foodName.filter((o) => o.scene === 'menu')).toHaveLength(1);
    expect(foodName.filter((o) => o.scene === 'recipe')).toHaveLength(3);
    expect(effectiveOptions(fieldOf(d, 'burdenSheet')).filter((o) => o.scene === 'menu')).toHaveLength(2);
    expect(fieldOf(d, 'remark').value).toMatch(/盐/);
    expect(d.saltConversionTip).toMatchObject({ enabled: true, sodiumMg: 1, saltMg: 2.5 });
    expect(sodiumToSalt(400)).toBe(1000);
  });

  it('is a fresh copy each time and valid', () => {
    const a = defaultFoodLabelConfig();
    a.fields[0].customLabel = 'changed';
    expect(defaultFoodLabelConfig().fields[0].customLabel).toBe('');
    expect(validateFoodLabelConfig(defaultFoodLabelConfig())).toEqual([]);
  });
});

describe('food-label edits', () => {
  it('moves a field within its group and renumbers the sorts', () => {
    const c = moveField(defaultFoodLabelConfig(), 'price', 0);
    expect(namesOf(c, 'foodbase').slice(0, 2)).toEqual(['price', 'foodName']);
    expect(groupedFields(c)[0].fields.map((f) => f.sort)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(namesOf(c, 'fooddate')).toEqual(['produceDate', 'qualityGuaranteePeriod', 'batchNo']);
    const down = stepField(c, 'price', 1);
    expect(namesOf(down, 'foodbase').slice(0, 2)).toEqual(['foodName', 'price']);
    // at the top a step up keeps the place
    expect(namesOf(stepField(c, 'price', -1), 'foodbase')[0]).toBe('price');
    expect(validateFoodLabelConfig(down)).toEqual([]);
  });

  it('enables and disables, except a required field', () => {
    let c = setFieldEnabled(defaultFoodLabelConfig(), 'price', true);
    expect(fieldOf(c, 'price').enabled).toBe(true);
    c = setFieldEnabled(c, 'foodName', false);
    expect(fieldOf(c, 'foodName').enabled).toBe(true);
    expect(() => setFieldEnabled(c, 'nope', true)).toThrow(/nope/);
  });

  it('sets custom labels and options', () => {
    let c = setCustomLabel(defaultFoodLabelConfig(), 'producer', '  加工单位 ');
    expect(fieldLabel(fieldOf(c, 'producer'))).toBe('加工单位');
    expect(fieldLabel(fieldOf(setCustomLabel(c, 'producer', ''), 'producer'))).toBe('生产者名称');
    c = setCustomOptions(c, 'productGrade', ['特级', ' ', '特级', '一级'], true);
    expect(effectiveOptions(fieldOf(c, 'productGrade')).map((o) => o.label)).toEqual(['特级', '一级']);
    expect(setCustomOptions(c, 'productGrade', [], true).fields.find((f) => f.field === 'productGrade')!.isUseCustomOptions).toBe(false);
  });

  it('adds and removes org fields, never system ones', () => {
    let c = addCustomField(defaultFoodLabelConfig(), 'other', '温馨提示');
    expect(namesOf(c, 'other')).toEqual(['remark', 'custom1']);
    expect(fieldOf(c, 'custom1')).toMatchObject({ fieldType: 'custom', customLabel: '温馨提示', sort: 2 });
    expect(validateFoodLabelConfig(c)).toEqual([]);
    expect(() => removeCustomField(c, 'remark')).toThrow(/系统字段/);
    c = removeCustomField(c, 'custom1');
    expect(namesOf(c, 'other')).toEqual(['remark']);
  });
});

describe('validateFoodLabelConfig', () => {
  it('reports readable problems', () => {
    expect(validateFoodLabelConfig(null)).not.toEqual([]);
    expect(validateFoodLabelConfig({ fields: 'x' })).toEqual(['fields 必须是数组']);
    const d = defaultFoodLabelConfig();
    const withoutRemark = { ...d, fields: d.fields.filter((f) => f.field !== 'remark') };
    expect(validateFoodLabelConfig(withoutRemark)).toContain('缺少系统字段 remark');
    const off = { ...d, fields: d.fields.map((f) => (f.field === 'foodName' ? { ...f, enabled: false } : f)) };
    expect(validateFoodLabelConfig(off).join()).toMatch(/必填/);
    const moved = { ...d, fields: d.fields.map((f) => (f.field === 'price' ? { ...f, group: 'other' } : f)) };
    expect(validateFoodLabelConfig(moved).join()).toMatch(/换组/);
    const dup = { ...d, fields: [...d.fields, d.fields[0]] };
    expect(validateFoodLabelConfig(dup).join()).toMatch(/重复/);
  });

  it('completes an older stored copy with the system fields it lacks', () => {
    const d = defaultFoodLabelConfig();
    const stored = { fields: d.fields.filter((f) => f.field !== 'price').map((f) => (f.field === 'foodName' ? { ...f, customLabel: '品名' } : f)) };
    const c = foodLabelConfigOf(stored);
    expect(namesOf(c, 'foodbase').at(-1)).toBe('price');
    expect(fieldOf(c, 'foodName').customLabel).toBe('品名');
    expect(c.saltConversionTip.enabled).toBe(true);
    expect(foodLabelConfigOf(undefined)).toEqual(defaultFoodLabelConfig());
  });
});

describe('the GB 28050 panel setting (issue 30)', async () => {
  const { LABEL_PANELS, LABEL_PANEL_TEXT, defaultFoodLabelConfig: defaults, foodLabelConfigOf, validateFoodLabelConfig } = await import('../../../domain/foodLabel.ts');
  it('defaults to GB 28050-2011, keeps a stored 2025 choice, refuses anything else with the text naming both panels', () => {
    expect(defaults().panel).toBe('gb28050-2011');
    expect(foodLabelConfigOf({ ...defaults(), panel: 'gb28050-2025' }).panel).toBe('gb28050-2025');
    expect(foodLabelConfigOf({ ...defaults(), panel: 'gb2000' }).panel).toBe('gb28050-2011');
    expect(validateFoodLabelConfig({ ...defaults(), panel: 'gb2000' })).toEqual([LABEL_PANEL_TEXT]);
    for (const p of LABEL_PANELS) expect(LABEL_PANEL_TEXT).toContain(p);
  });
});

describe('orgLabelPanel (issue 30: the trace page follows the org\'s label setting)', () => {
  const cfg = (panel?: string) => ({ fields: [], ...(panel && { panel }) });
  it('takes an org-app\'s panel over the org-wide one, the first app by id when several chose, else the default', () => {
    expect(orgLabelPanel([])).toBe('gb28050-2011');
    expect(orgLabelPanel([{ appId: '', value: cfg('gb28050-2025') }])).toBe('gb28050-2025');
    expect(orgLabelPanel([{ appId: '', value: cfg('gb28050-2025') }, { appId: 'meal', value: cfg('gb28050-2011') }])).toBe('gb28050-2011');
    expect(orgLabelPanel([{ appId: 'b', value: cfg('gb28050-2011') }, { appId: 'a', value: cfg('gb28050-2025') }])).toBe('gb28050-2025');
    // a stored copy from before issue 30 (no panel) or a broken one does not decide
    expect(orgLabelPanel([{ appId: 'a', value: cfg() }, { appId: '', value: cfg('gb28050-2025') }])).toBe('gb28050-2025');
    expect(orgLabelPanel([{ appId: 'a', value: { panel: 'gb28050-1999' } }, { appId: 'b', value: null }])).toBe('gb28050-2011');
  });
});
