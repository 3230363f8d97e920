// Whole packages (issue 30 point 6): a week's plan of salt, rice and tofu worked by hand, the carry of a surplus
// only where the goods keep, the purchaser's edits read as a balance, and the order rule for a package unit.
import { describe, expect, it } from 'vitest';
import { planOrders, purchasePlan, type PlanInput, type PlanSku } from '../../../domain/purchasePlan.ts';
import { goodsKeep, isPackageUnit, packageBalances, wholePackageProblem, wholePackagesFor } from '../../../domain/wholePackages.ts';

const sku = (over: Partial<PlanSku> & Pick<PlanSku, 'skuId' | 'foodId' | 'unit' | 'price'>): PlanSku => ({
  supplierId: 's1', supplierName: '甲', productName: over.skuId, skuName: over.skuId, spec: '', ratio: 1, mayOrder: true, ...over,
});

// 100 eaters, no dosage set: each eats the dish's portion, so a line of w grams is 100 × w grams of that food that day.
// One dish a day, Monday 2026-11-30 (day 0) to Friday (day 4); every food is 100 % edible (gross = net).
//   rice  g/person 184, 150, 184, 120, 160 → 18.4, 15, 18.4, 12, 16 kg → 10 kg bags needed 1.84, 1.5, 1.84, 1.2, 1.6
//   salt  g/person 4.16, 3, 5, 1, 3.8     → 416, 300, 500, 100, 380 g → 400 g bags needed 1.04, 0.75, 1.25, 0.25, 0.95
//   tofu  g/person 3.2 every day          → 320 g → 500 g boxes needed 0.64 every day
//   cabbage (Monday only) 3.33 g/person   → 333 g → 0.666 斤, weighed: 0.67 斤
const RICE = [184, 150, 184, 120, 160];
const SALT = [4.16, 3, 5, 1, 3.8];
const weekInput: PlanInput = {
  startDate: '2026-11-30',
  ageGroups: [{ ageRange: '9-11', people: 100 }],
  days: [0, 6],
  cells: [0, 1, 2, 3, 4].map((day) => ({ day, mealCode: 3, dishes: [{ dishId: `D${day}`, dosages: {} }] })),
  dishes: Object.fromEntries([0, 1, 2, 3, 4].map((d) => [`D${d}`, {
    weightType: 'net' as const,
    lines: [
      { foodId: '20450', weight: RICE[d]! }, { foodId: '02047', weight: SALT[d]! }, { foodId: '16126', weight: 3.2 },
      ...(d === 0 ? [{ foodId: 'cab', weight: 3.33 }] : []),
    ],
  }])),
  foods: {
    '20450': { foodId: '20450', name: '粳米', ediblePortionPct: 100, group: '谷薯类' },
    '02047': { foodId: '02047', name: '食盐', ediblePortionPct: 100, group: '盐' },
    '16126': { foodId: '16126', name: '北豆腐', ediblePortionPct: 100, group: '大豆类及其制品和坚果' },
    cab: { foodId: 'cab', name: '白菜', ediblePortionPct: 100, group: '蔬菜类' },
  },
  skus: [
    sku({ skuId: 'rice', foodId: '20450', unit: '袋', spec: '10kg/袋', price: 55 }),
    sku({ skuId: 'salt', foodId: '02047', unit: '袋', spec: '400g/袋', price: 3.5 }),
    sku({ skuId: 'tofu', foodId: '16126', unit: '盒', spec: '500g/盒', price: 4 }),
    sku({ skuId: 'cab', foodId: 'cab', unit: '斤', price: 2 }),
  ],
};

describe('a week of whole packages, worked by hand', () => {
  const plan = purchasePlan(weekInput);
  const of = (skuId: string) => plan.lines.filter((l) => l.skuId === skuId).map((l) => [l.date.slice(5), l.needQuantity, l.carriedIn, l.quantity, l.surplus]);

  it('salt keeps: 2 bags for Monday\'s 1.04, the 0.96 left covers Tuesday, 5 bags for the week instead of 7', () => {
    // Mon need 1.04, stock 0    → buy 2, left 0.96
    // Tue need 0.75, stock 0.96 → buy 0, left 0.21
    // Wed need 1.25, stock 0.21 → 1.04 missing → buy 2, left 0.96
    // Thu need 0.25, stock 0.96 → buy 0, left 0.71
    // Fri need 0.95, stock 0.71 → 0.24 missing → buy 1, left 0.76
    expect(of('salt')).toEqual([
      ['11-30', 1.04, 0, 2, 0.96], ['12-01', 0.75, 0.75, 0, 0.21], ['12-02', 1.25, 0.21, 2, 0.96], ['12-03', 0.25, 0.25, 0, 0.71], ['12-04', 0.95, 0.71, 1, 0.76],
    ]);
    expect(plan.lines.every((l) => l.skuId !== 'salt' || l.keeps)).toBe(true);
  });

  it('rice keeps: 10 kg bags, 8 bags for a need of 7.98', () => {
    // Mon 1.84 → 2 (0.16 left); Tue 1.5 − 0.16 = 1.34 → 2 (0.66); Wed 1.84 − 0.66 = 1.18 → 2 (0.82);
    // Thu 1.2 − 0.82 = 0.38 → 1 (0.62); Fri 1.6 − 0.62 = 0.98 → 1 (0.02)
    expect(of('rice')).toEqual([
      ['11-30', 1.84, 0, 2, 0.16], ['12-01', 1.5, 0.16, 2, 0.66], ['12-02', 1.84, 0.66, 2, 0.82], ['12-03', 1.2, 0.82, 1, 0.62], ['12-04', 1.6, 0.62, 1, 0.02],
    ]);
  });

  it('tofu does not keep: a whole box every day, 0.36 over each day and nothing carried (5 boxes, not 4)', () => {
    expect(of('tofu')).toEqual(['11-30', '12-01', '12-02', '12-03', '12-04'].map((d) => [d, 0.64, 0, 1, 0.36]));
    expect(plan.lines.filter((l) => l.skuId === 'tofu').every((l) => !l.keeps && l.wholePackages)).toBe(true);
  });

  it('a weighed SKU keeps the hundredth: 0.666 斤 → 0.67 斤, nothing carried', () => {
    expect(plan.lines.find((l) => l.skuId === 'cab')).toMatchObject({ needQuantity: 0.666, quantity: 0.67, wholePackages: false, carriedIn: 0, surplus: 0.004, amount: 1.34 });
  });

  it('every packaged line is a whole number; the money is bags × price; orders leave out the days the stock covers', () => {
    expect(plan.lines.filter((l) => l.wholePackages).every((l) => Number.isInteger(l.quantity))).toBe(true);
    // salt 5 × 3.50 = 17.50, rice 8 × 55 = 440, tofu 5 × 4 = 20, cabbage 0.67 × 2 = 1.34 → 478.84
    expect(plan.amount).toBe(478.84);
    const items = planOrders(plan.lines).map((o) => [o.deliveryDate.slice(5), Object.fromEntries(o.items.map((i) => [i.skuId, i.quantity]))]);
    expect(items).toEqual([
      ['11-30', { cab: 0.67, rice: 2, salt: 2, tofu: 1 }],
      ['12-01', { rice: 2, tofu: 1 }],
      ['12-02', { rice: 2, salt: 2, tofu: 1 }],
      ['12-03', { rice: 1, tofu: 1 }],
      ['12-04', { rice: 1, salt: 1, tofu: 1 }],
    ]);
  });
});

describe('the carry stays within a week of the cycle', () => {
  it('a plan of Wednesday to Friday (a month starting mid-week) buys what the week plan buys on those days', () => {
    const week = purchasePlan(weekInput);
    const part = purchasePlan({ ...weekInput, days: [2, 4] });
    expect(part.lines).toEqual(week.lines.filter((l) => l.date >= '2026-12-02'));
    // Wednesday's salt still uses Tuesday's 0.21 bag
    expect(part.lines.find((l) => l.skuId === 'salt')).toMatchObject({ date: '2026-12-02', carriedIn: 0.21, quantity: 2 });
  });

  it('the next week starts with an empty store room: Friday\'s 0.76 bag of salt is not carried into Monday', () => {
    // next Monday (day 7): 1 g of salt a person → 100 g = 0.25 bag → 1 bag
    const twoWeeks = purchasePlan({
      ...weekInput, days: [0, 13],
      cells: [...weekInput.cells, { day: 7, mealCode: 3, dishes: [{ dishId: 'S', dosages: {} }] }],
      dishes: { ...weekInput.dishes, S: { weightType: 'net', lines: [{ foodId: '02047', weight: 1 }] } },
    });
    expect(twoWeeks.lines.find((l) => l.date === '2026-12-07')).toMatchObject({ cycleWeek: 2, needQuantity: 0.25, carriedIn: 0, quantity: 1, surplus: 0.75 });
  });
});

describe('packageBalances', () => {
  const line = (date: string, skuId: string, needQuantity: number, keeps = true) => ({ date, skuId, needQuantity, wholePackages: true, keeps });

  it('rounds per SKU and delivery day: two foods on one SKU the same day share the packages', () => {
    // 0.3 + 0.5 = 0.8 of a bag: one bag, bought on the first line; the second uses its 0.7 and leaves 0.2
    const b = packageBalances([line('2026-11-30', 'x', 0.3), line('2026-11-30', 'x', 0.5, false)]);
    expect(b.map((l) => [l.quantity, l.carriedIn, l.surplus])).toEqual([[1, 0, 0.7], [0, 0.5, 0.2]]);
  });

  it('reads the purchaser\'s quantities: one bag of salt on Monday leaves Monday 0.04 short and nothing for Tuesday', () => {
    const edited = [{ ...line('2026-11-30', 'salt', 1.04), quantity: 1 }, { ...line('2026-12-01', 'salt', 0.75), quantity: 0 }];
    expect(packageBalances(edited, (l) => l.quantity).map((l) => [l.carriedIn, l.surplus])).toEqual([[0, -0.04], [0, -0.75]]);
  });

  it('takes the delivery order by date, whatever order the lines come in, and answers in their order', () => {
    // 30 Nov: 0.7 → 1 bag, 0.3 left; 1 Dec: 0.5 − 0.3 = 0.2 missing → 1 bag, 0.8 left
    const b = packageBalances([line('2026-12-01', 's', 0.5), line('2026-11-30', 's', 0.7)]);
    expect(b.map((l) => [l.date, l.carriedIn, l.quantity, l.surplus])).toEqual([['2026-12-01', 0.3, 1, 0.8], ['2026-11-30', 0, 1, 0.3]]);
  });

  it('buys nothing for a need the stock covers, and whole packages beyond it', () => {
    expect(wholePackagesFor(1.04)).toBe(2);
    expect(wholePackagesFor(2)).toBe(2);
    expect(wholePackagesFor(2.0000001)).toBe(2);
    expect(wholePackagesFor(0.5, 0.5)).toBe(0);
    expect(wholePackagesFor(0.5, 0.9)).toBe(0);
  });
});

describe('units and keeping', () => {
  it('a package unit is any unit that is not a weight or a volume', () => {
    for (const u of ['袋', '包', '箱', '瓶', '桶', '盒', '板', '个', '件', '中袋']) expect(isPackageUnit(u)).toBe(true);
    for (const u of ['斤', '千克', '公斤', 'kg', '克', 'g', '升', 'L', '毫升', '']) expect(isPackageUnit(u)).toBe(false);
  });

  it('keeps dry, shelf-stable goods and salt and oil of any id; not tofu, milk, vegetables or an unknown local food', () => {
    expect(goodsKeep({ foodId: '20450', group: '谷薯类' })).toBe(true);
    expect(goodsKeep({ foodId: 'local-1', group: '盐' })).toBe(true);
    expect(goodsKeep({ foodId: 'local-2', group: '植物油' })).toBe(true);
    expect(goodsKeep({ foodId: '01212', group: '奶及奶制品' })).toBe(true); // milk powder
    expect(goodsKeep({ foodId: '01211', group: '奶及奶制品' })).toBe(false); // milk
    expect(goodsKeep({ foodId: '16126', group: '大豆类及其制品和坚果' })).toBe(false); // tofu
    expect(goodsKeep({ foodId: '11352', group: '谷薯类' })).toBe(false); // potato
    expect(goodsKeep({ foodId: 'local-3', group: '谷薯类' })).toBe(false);
  });

  it('an order refuses a fraction of a package unit, naming the line; weighed units and whole packages pass', () => {
    expect(wholePackageProblem({ skuId: 'k1', name: '食盐', unit: '袋' }, 0.33)).toBe('参数错误：商品 食盐（k1）按袋整件订购，数量须为整数（收到 0.33）');
    expect(wholePackageProblem({ skuId: 'k1', name: '食盐', unit: '袋' }, 2)).toBeNull();
    expect(wholePackageProblem({ skuId: 'k2', name: '土豆', unit: '斤' }, 0.33)).toBeNull();
  });
});
