// Purchase plans (issue 11): a week worked by hand, then the edges (week bounds, no SKU, order grouping).
import { describe, expect, it } from 'vitest';
import {
  planCoverage,
  cycleMonths, gramsPerUnit, jinToKg, kgToJin, monthDays, planExportRows, planOrderKey, plannedOrders, planOrders, planTotals, purchasePlan, weekDays, weekStartOf,
  type PlanInput, type PlanLine, type PlanSku, type UnmatchedLine,
} from '../../../domain/purchasePlan.ts';

const sku = (over: Partial<PlanSku>): PlanSku => ({
  skuId: 'k', supplierId: 's1', supplierName: '甲', productName: '土豆', skuName: '土豆', spec: '', unit: '斤', foodId: 'P', ratio: 1, price: 3, mayOrder: true, ...over,
});

// 100 eaters of 6-8 eat 100 g of the dish, 50 of 9-11 eat 150 g: 17 500 g of the dish on day 0.
// The dish (net weights) is 80 g potato + 20 g carrot per 100 g portion:
//   potato net 14 000 g, edible 80 % → gross 17 500 g = 35 斤 = 17.5 千克;
//   carrot net 3 500 g, edible unknown → gross taken as 3 500 g.
// Potato is sold at 3.00/斤 (0.006/g) by 甲 and 5.00/千克 (0.005/g) by 乙: 乙 is cheaper, 17.5 × 5 = 87.50.
const input: PlanInput = {
  startDate: '2026-11-30',
  ageGroups: [{ ageRange: '6-8', people: 100 }, { ageRange: '9-11', people: 50 }],
  days: [0, 6],
  cells: [
    { day: 0, mealCode: 3, dishes: [{ dishId: 'D', dosages: { '6-8': 100, '9-11': 150 } }] },
    // day 8 is in the second week: not in this plan
    { day: 8, mealCode: 3, dishes: [{ dishId: 'D', dosages: { '6-8': 100, '9-11': 150 } }] },
  ],
  dishes: { D: { weightType: 'net', lines: [{ foodId: 'P', weight: 80 }, { foodId: 'C', weight: 20 }] } },
  foods: { P: { foodId: 'P', name: '马铃薯', ediblePortionPct: 80 }, C: { foodId: 'C', name: '胡萝卜', ediblePortionPct: null } },
  skus: [
    sku({ skuId: 'jin', supplierId: 's1', supplierName: '甲', unit: '斤', price: 3 }),
    sku({ skuId: 'kg', supplierId: 's2', supplierName: '乙', unit: '千克', price: 5 }),
    sku({ skuId: 'bag', foodId: 'C', unit: '袋', price: 2 }),
  ],
};

describe('purchasePlan', () => {
  it('works the hand example: gross by edible portion, grams to the unit, the cheapest SKU per gram', () => {
    const plan = purchasePlan(input);
    expect(plan.lines).toHaveLength(1);
    expect(plan.lines[0]).toMatchObject({
      date: '2026-11-30', foodId: 'P', netGrams: 14000, grossGrams: 17500, skuId: 'kg', supplierId: 's2', unit: '千克', quantity: 17.5, price: 5, amount: 87.5,
    });
    expect(plan.unmatched).toEqual([{ date: '2026-11-30', foodId: 'C', foodName: '胡萝卜', netGrams: 3500, grossGrams: 3500, reason: 'noWeightUnit' }]);
    expect(plan.amount).toBe(87.5);
  });

  it('in 斤 when only the 斤 SKU is priced; a gross-weight dish is not grossed up again', () => {
    const skus = input.skus.map((s) => (s.skuId === 'kg' ? { ...s, price: null } : s));
    expect(purchasePlan({ ...input, skus }).lines[0]).toMatchObject({ skuId: 'jin', quantity: 35, amount: 105 });
    const gross = purchasePlan({ ...input, skus, dishes: { D: { ...input.dishes.D!, weightType: 'gross' } } });
    expect(gross.lines[0]).toMatchObject({ netGrams: 11200, grossGrams: 14000, quantity: 28 });
  });

  it('lists why a food is unmatched: no SKU, no price, no order permission', () => {
    const reasons = (skus: PlanSku[]) => purchasePlan({ ...input, skus }).unmatched.find((u) => u.foodId === 'P')?.reason;
    expect(reasons([])).toBe('noSku');
    expect(reasons([sku({ price: null })])).toBe('noPrice');
    expect(reasons([sku({ mayOrder: false })])).toBe('noOrderPermission');
  });

  it('uses the portion for an age group without a dosage, and rounds quantities up', () => {
    const plan = purchasePlan({ ...input, cells: [{ day: 1, mealCode: 3, dishes: [{ dishId: 'D', dosages: {} }] }], ageGroups: [{ ageRange: '6-8', people: 3 }] });
    // 300 g dish → potato net 240 g → gross 300 g → 0.3 kg
    expect(plan.lines[0]).toMatchObject({ date: '2026-12-01', grossGrams: 300, quantity: 0.3, amount: 1.5 });
    const odd = purchasePlan({ ...input, cells: [{ day: 1, mealCode: 3, dishes: [{ dishId: 'D', dosages: { '6-8': 1 } }] }], ageGroups: [{ ageRange: '6-8', people: 7 }] });
    // 7 g dish → 5.6 g net → 7 g gross → 0.007 kg → 0.01
    expect(odd.lines[0]!.quantity).toBe(0.01);
  });
});

describe('boxes of eggs and barrels of oil (issue 28)', () => {
  // 150 eaters eat 200 g of a dish of 100 g egg (edible 88 %) and 100 g soybean oil, net: egg 15 000 g net → gross
  // 17 045.454545 g; oil 15 000 g (edible 100 %). Eggs: 20枚/盒 at 50 g = 1000 g → a need of 17.045455 盒, bought
  // whole (issue 30): 18 盒 at 29.90 = 538.20, 0.954545 盒 over. Oil: 5L/桶 at 0.92 g/ml = 4600 g → a need of
  // 3.26087 桶, bought whole: 4 桶 at 68 = 272.00, 0.73913 桶 over.
  const eggOil: PlanInput = {
    ...input, ageGroups: [{ ageRange: '6-8', people: 150 }], cells: [{ day: 0, mealCode: 3, dishes: [{ dishId: 'E', dosages: { '6-8': 200 } }] }],
    dishes: { E: { weightType: 'net', lines: [{ foodId: 'egg', weight: 100 }, { foodId: 'oil', weight: 100 }] } },
    foods: {
      egg: { foodId: 'egg', name: '鸡蛋', ediblePortionPct: 88, gramsPerPiece: 50, densityGPerMl: null },
      oil: { foodId: 'oil', name: '大豆油', ediblePortionPct: 100, gramsPerPiece: null, densityGPerMl: 0.92 },
    },
    skus: [
      sku({ skuId: 'box', foodId: 'egg', unit: '盒', spec: '20枚/盒', price: 29.9 }),
      sku({ skuId: 'barrel', foodId: 'oil', unit: '桶', spec: '5L/桶', price: 68 }),
    ],
  };

  it('plans them by the food\'s piece weight and density', () => {
    const plan = purchasePlan(eggOil);
    expect(plan.unmatched).toEqual([]);
    expect(plan.lines.find((l) => l.foodId === 'egg')).toMatchObject({
      skuId: 'box', unitGrams: 1000, needQuantity: 17.045455, wholePackages: true, quantity: 18, surplus: 0.954545, amount: 538.2,
    });
    expect(plan.lines.find((l) => l.foodId === 'oil')).toMatchObject({
      skuId: 'barrel', unitGrams: 4600, needQuantity: 3.26087, wholePackages: true, quantity: 4, surplus: 0.73913, amount: 272,
    });
  });

  it('still cannot plan them when the food\'s weights are unknown', () => {
    const foods = { egg: { foodId: 'egg', name: '鸡蛋', ediblePortionPct: 88 }, oil: { foodId: 'oil', name: '大豆油', ediblePortionPct: 100 } };
    expect(purchasePlan({ ...eggOil, foods }).unmatched.map((u) => [u.foodId, u.reason])).toEqual([['egg', 'noWeightUnit'], ['oil', 'noWeightUnit']]);
  });

  it('reads the defaults when the food gives them, and the weighing rule stays for scales', () => {
    expect(gramsPerUnit('盒', '20枚/盒', { gramsPerPiece: 50, densityGPerMl: null })).toBe(1000);
    expect(gramsPerUnit('盒', '20枚/盒')).toBeNull();
  });
});

describe('units and weeks', () => {
  it('converts by §9: 500 g a 斤, 1000 g a 千克, 0.5 千克 a 斤', () => {
    expect(gramsPerUnit('斤')).toBe(500);
    expect(gramsPerUnit('千克')).toBe(1000);
    expect(gramsPerUnit('份')).toBeNull();
    expect(gramsPerUnit('袋', '10kg/袋')).toBe(10000);
    expect(gramsPerUnit('包', '500g/包')).toBe(500);
    expect(gramsPerUnit('箱', '2.5斤/箱')).toBe(1250);
    expect(gramsPerUnit('板', '30枚/板')).toBeNull();
    expect(gramsPerUnit('桶', '5L/桶')).toBeNull();
    expect(gramsPerUnit('箱', '200g×20杯')).toBeNull();
    expect(jinToKg(3)).toBe(1.5);
    expect(kgToJin(1.5)).toBe(3);
  });
  it('finds the days of a week', () => {
    expect(weekDays(28, 1)).toEqual([0, 6]);
    expect(weekDays(28, 4)).toEqual([21, 27]);
    expect(weekDays(28, 5)).toBeNull();
    expect(weekDays(30, 5)).toEqual([28, 29]);
    expect(weekDays(28, 0)).toBeNull();
    expect(weekDays(28, 1.5)).toBeNull();
  });
});

describe('planCoverage (issue 28)', () => {
  it('is the share of ingredient lines that found a SKU, an empty plan counting as covered', () => {
    expect(planCoverage({ lines: [1, 2, 3], unmatched: [4] })).toEqual({ ordered: 3, all: 4, share: 0.75 });
    expect(planCoverage({ lines: [], unmatched: [1] }).share).toBe(0);
    expect(planCoverage({ lines: [], unmatched: [] }).share).toBe(1);
  });
});

describe('planOrders', () => {
  it('makes one order per supplier and day, summing a SKU and leaving zeros out', () => {
    expect(planOrders([
      { date: '2026-12-01', supplierId: 'b', skuId: 'x', quantity: 1 },
      { date: '2026-11-30', supplierId: 'a', skuId: 'x', quantity: 1.5 },
      { date: '2026-11-30', supplierId: 'a', skuId: 'x', quantity: 2 },
      { date: '2026-11-30', supplierId: 'a', skuId: 'y', quantity: 0 },
    ])).toEqual([
      { supplierId: 'a', deliveryDate: '2026-11-30', items: [{ skuId: 'x', quantity: 3.5 }] },
      { supplierId: 'b', deliveryDate: '2026-12-01', items: [{ skuId: 'x', quantity: 1 }] },
    ]);
  });
});

describe('plannedOrders (issue 28)', () => {
  it('says what generating places: the open days\' orders with their money, the closed supplier days skipped', () => {
    const lines = [
      { date: '2026-11-30', supplierId: 'a', skuId: 'x', quantity: 2, amount: 7.2 },
      { date: '2026-11-30', supplierId: 'a', skuId: 'y', quantity: 1, amount: 0.15 },
      { date: '2026-11-30', supplierId: 'b', skuId: 'z', quantity: 0, amount: 0 },
      { date: '2026-12-01', supplierId: 'b', skuId: 'z', quantity: 3, amount: 30 },
      { date: '2026-11-29', supplierId: 'a', skuId: 'x', quantity: 1, amount: 3.6 },
    ];
    const days = [
      { date: '2026-11-29', suppliers: [{ supplierId: 'a', open: false }] },
      { date: '2026-11-30', suppliers: [{ supplierId: 'a', open: true }, { supplierId: 'b', open: true }] },
      { date: '2026-12-01', suppliers: [{ supplierId: 'b', open: true }] },
    ];
    const planned = plannedOrders(lines, days);
    expect(planned.place.map((o) => [o.deliveryDate, o.supplierId, o.amount])).toEqual([['2026-11-30', 'a', 7.35], ['2026-12-01', 'b', 30]]);
    expect(planned.amount).toBe(37.35);
    expect(planned.closed).toEqual([{ supplierId: 'a', deliveryDate: '2026-11-29' }]);
  });
  it('keys a plan order by cycle, day and supplier: the same day of the week and the month plan is one order', () => {
    expect(planOrderKey('c1', '2026-11-30', 'a')).toBe(planOrderKey('c1', '2026-11-30', 'a'));
    expect(new Set([planOrderKey('c1', '2026-11-30', 'a'), planOrderKey('c2', '2026-11-30', 'a'), planOrderKey('c1', '2026-12-01', 'a'), planOrderKey('c1', '2026-11-30', 'b')]).size).toBe(4);
  });
});

describe('month plans', () => {
  it('takes the days of a cycle in a month: a month cycle whole, a week cycle the part in that month', () => {
    // a four-week cycle from Monday 2026-11-23: 8 days in November, 20 in December
    expect(monthDays('2026-11-23', 28, '2026-11')).toEqual([0, 7]);
    expect(monthDays('2026-11-23', 28, '2026-12')).toEqual([8, 27]);
    expect(monthDays('2026-11-23', 28, '2027-01')).toBeNull();
    expect(monthDays('2026-11-23', 28, '2026-10')).toBeNull();
    expect(monthDays('2026-11-23', 28, '2026-13')).toBeNull();
    // a month cycle of February 2028 (a leap year)
    expect(monthDays('2028-02-01', 29, '2028-02')).toEqual([0, 28]);
    expect(cycleMonths('2026-11-23', 28)).toEqual(['2026-11', '2026-12']);
    expect(cycleMonths('2026-12-28', 14)).toEqual(['2026-12', '2027-01']);
    expect(cycleMonths('2028-02-01', 29)).toEqual(['2028-02']);
  });

  it('weeks start on Monday', () => {
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-30')).toBe('2026-11-30');
    expect(weekStartOf('2026-12-01')).toBe('2026-11-30');
  });

  it('totals each ingredient per week and for the month from the day lines, as edited', () => {
    const cells = [0, 1, 7].map((day) => ({ day, mealCode: 3 as const, dishes: [{ dishId: 'D', dosages: { '6-8': 100, '9-11': 150 } }] }));
    const plan = purchasePlan({ ...input, cells, days: [0, 13] });
    // 17.5 kg of potato a day on 11-30, 12-01 (week of 11-30) and 12-07 (week of 12-07)
    expect(plan.lines.map((l) => l.date)).toEqual(['2026-11-30', '2026-12-01', '2026-12-07']);
    const totals = planTotals(plan.lines);
    expect(totals.weeks).toEqual(['2026-11-30', '2026-12-07']);
    expect(totals.rows).toHaveLength(1);
    expect(totals.rows[0]).toMatchObject({
      foodId: 'P', skuId: 'kg', quantity: 52.5, amount: 262.5, grossGrams: 52500,
      weeks: { '2026-11-30': { quantity: 35, amount: 175, grossGrams: 35000 }, '2026-12-07': { quantity: 17.5, amount: 87.5, grossGrams: 17500 } },
    });
    expect(totals.amount).toBe(262.5);
    // an edited day counts as edited: 0.1 kg fewer on 12-01
    const edited = plan.lines.map((l) => (l.date === '2026-12-01' ? { ...l, quantity: 17.4, amount: 87 } : l));
    expect(planTotals(edited).rows[0]).toMatchObject({ quantity: 52.4, amount: 262, weeks: { '2026-11-30': { quantity: 34.9, amount: 174.5 } } });
  });
});

describe('the export follows the export setting', () => {
  const plan = purchasePlan(input);
  const remark = (r: { line: PlanLine } | { unmatched: UnmatchedLine }) => ('line' in r ? '' : `无:${r.unmatched.reason}`);
  it('holds the columns the setting names, in the setting\'s order', () => {
    const base = planExportRows(['foodName', 'quantity', 'amount'], plan.lines, plan.unmatched, remark);
    expect(base.fields).toEqual(['foodName', 'quantity', 'amount']);
    expect(base.rows).toEqual([['马铃薯', 17.5, 87.5], ['胡萝卜', null, null]]);
    // another setting, another sheet: the order is the setting's field order, not the order it was listed in
    const other = planExportRows(['remark', 'supplier', 'mealDate', 'foodName', 'price'], plan.lines, plan.unmatched, remark);
    expect(other.fields).toEqual(['foodName', 'price', 'supplier', 'mealDate', 'remark']);
    expect(other.rows).toEqual([['马铃薯', 5, '乙', '2026-11-30', ''], ['胡萝卜', null, '', '2026-11-30', '无:noWeightUnit']]);
  });
});
