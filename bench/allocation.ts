// Smart meal allocation (issue 10): the optimiser on one week and on four weeks of a cycle. A school's lunch of
// seven dishes (every WS/T 554 group) five days a week for four weeks, two age groups (9-11, 12-14) with 100
// eaters each, the supplier's demo SKUs linked to the foods so the costs are the school's effective approved prices.
// Figures: the server's own time for a proposal (elapsedMs: reading the cycle, foods and prices, building and
// solving one linear programme per age group with HiGHS, scoring before and after) and the loopback round trip,
// p50 and p95; the programme's size (dosage lines) and whether each age group was solved.
// Run alone: node --import tsx bench/allocation.ts
import { fileURLToPath } from 'node:url';
import { apiSession, percentile, startServerProcess, type BenchServer } from './serverProcess.ts';
import { MEAL_PATTERN_CODES } from '../domain/constants.ts';
import type { AllocationProposal } from '../contracts/mealAllocation.ts';

const ROUNDS = 15;
const LUNCH = 3;
const DISHES: [name: string, category: string, lines: [string, number][]][] = [
  ['压测米饭', '主食', [['20444', 130]]],
  ['压测菠菜炒胡萝卜', '素菜', [['11457', 100], ['11124', 50], ['04044', 7], ['02047', 0.8]]],
  ['压测番茄炒蛋', '半荤半素', [['11529', 40], ['01123', 20], ['04044', 3], ['02047', 0.5]]],
  ['压测肉末豆腐', '荤菜', [['10187', 20], ['16427', 35], ['04044', 4], ['02047', 0.7]]],
  ['压测清蒸鲈鱼', '荤菜', [['15091', 18], ['02047', 0.2]]],
  ['压测牛奶', '乳品', [['01211', 80]]],
  ['压测橙子', '配料', [['09200', 90]]],
];
const SKU_FOODS: [string, string][] = [
  ['糯米', '20444'], ['菠菜', '11457'], ['胡萝卜', '11124'], ['非转基因大豆油', '04044'], ['食用盐', '02047'], ['西红柿', '11529'],
  ['猪五花肉', '10187'], ['草鱼', '15091'], ['纯牛奶', '01211'],
];

const stats = (xs: number[]) => ({ p50Ms: +percentile(xs, 50).toFixed(1), p95Ms: +percentile(xs, 95).toFixed(1) });

export async function benchAllocation(server: BenchServer) {
  const admin = await apiSession(server, '13800000008', 'org-ygsy');
  await admin('/v1/config/org', { method: 'PUT', body: { path: 'recipeConfig.aiMealsAllocate.enable', value: true } });
  const supplier = await apiSession(server, '13800000003', 'org-xfsp');
  const skus = (await supplier<{ rows: { skuId: string; productName: string }[] }>('/v5/mall/sku/price?$limit=1000')).rows;
  for (const [product, foodId] of SKU_FOODS) {
    const sku = skus.find((s) => s.productName === product);
    if (sku) await supplier('/v4/mall/sku/ingredients', { method: 'PUT', body: { skuId: sku.skuId, ingredients: [{ foodId, ratio: 1 }] } });
  }
  const dietitian = await apiSession(server, '13800000006', 'org-ygsy');
  const cats = new Map((await dietitian<{ rows: { id: string; name: string }[] }>('/v2/category?groupName=menuCategory')).rows.map((c) => [c.name, c.id]));
  const dishIds: string[] = [];
  for (const [name, category, lines] of DISHES) {
    const dish = await dietitian<{ id: string }>('/v4/mall/menu', { method: 'POST', body: { name, categoryId: cats.get(category), lines: lines.map(([foodId, weight]) => ({ foodId, weight })) } });
    dishIds.push(dish.id);
  }
  const cycle = await dietitian<{ id: string; version: number }>('/v4/mall/recipe/cycle', {
    method: 'POST',
    body: {
      name: '压测智能配餐', startDate: '2026-11-30', cycleOption: 'week', weeks: 4, mealPattern: MEAL_PATTERN_CODES['一餐'],
      ageGroups: [{ ageRange: '9-11', people: 100 }, { ageRange: '12-14', people: 100 }],
    },
  });
  const cells = [0, 1, 2, 3].flatMap((w) => [0, 1, 2, 3, 4].map((d) => ({ day: w * 7 + d, mealCode: LUNCH, dishes: dishIds.map((dishId) => ({ dishId })) })));
  await dietitian(`/v4/mall/recipe/cycle/${cycle.id}/cell`, { method: 'PUT', body: { cells, version: cycle.version } });

  const run = async (body: Record<string, unknown>) => {
    const server: number[] = [];
    const trip: number[] = [];
    let last: AllocationProposal | null = null;
    for (let r = 0; r < ROUNDS; r++) {
      const t = performance.now();
      last = await dietitian<AllocationProposal>(`/v5/mall/recipe/cycle/${cycle.id}/allocate`, { method: 'POST', body });
      trip.push(performance.now() - t);
      server.push(last.elapsedMs);
    }
    return {
      lines: last!.lines.length,
      groups: last!.groups.map((g) => `${g.ageRange}:${g.status}${g.status === 'optimal' ? ` ¥${g.costBefore}→¥${g.costAfter}` : ''}`).join(' '),
      serverP50Ms: stats(server).p50Ms, serverP95Ms: stats(server).p95Ms, roundTripP50Ms: stats(trip).p50Ms, roundTripP95Ms: stats(trip).p95Ms,
    };
  };
  return {
    'one week, every day in range': await run({ week: 0, level: 'day' }),
    'four weeks, every day in range': await run({ weeks: [0, 1, 2, 3], level: 'day' }),
    'one week, week average in range': await run({ week: 0, level: 'week' }),
    'four weeks, week average in range': await run({ weeks: [0, 1, 2, 3], level: 'week' }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServerProcess();
  try {
    console.table(await benchAllocation(server));
  } finally {
    await server.stop();
  }
}
