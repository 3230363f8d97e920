// Issue 10: the WS/T 554 analysis of a four-week recipe cycle at full size: 60 dishes of 3-6 ingredients across
// the food groups, three meals every day of four weeks (84 cells, 4 dishes each), four age groups each at its own
// dosages. Figures: GET /v5/mall/recipe/cycle/{id}/analysis for all four age groups and for one (loopback round
// trip = server time: load cycle, cells, dishes and the org's foods, analyse 28 days and 4 weeks per age group),
// and the domain's analyseCycle alone in this process (the computation without I/O).
// Run alone: node --import tsx bench/nutrition.ts
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiSession, percentile, startServerProcess, type BenchServer } from './serverProcess.ts';
import { MEAL_PATTERN_CODES } from '../domain/constants.ts';
import { analyseCycle, type AnalysisFood, type CycleDish, type CycleFacts } from '../domain/nutritionAnalysis.ts';
import { AGE_GROUPS } from '../domain/nutritionStandards.ts';

const DISHES = 60;
const ROUNDS = 30;
const DOMAIN_ROUNDS = 30;
const MEALS = [1, 3, 5];
/** grams per person of a dish for each age group, as a share of its portion */
const DOSAGE_SHARE: Record<string, number> = { '6-8': 0.8, '9-11': 1, '12-14': 1.2, '15-17': 1.4 };

const stats = (xs: number[]) => ({ p50Ms: +percentile(xs, 50).toFixed(1), p95Ms: +percentile(xs, 95).toFixed(1) });

interface FoodRow { id: string; nameZh: string; group: string; ediblePortionPct: number | null; per100g: Record<string, number | null> }
const foods = (JSON.parse(fs.readFileSync('server/data/foods.json', 'utf8')) as { foods: FoodRow[] }).foods;

/** A dish i: a staple, a vegetable, a protein food, and up to three more of other groups (oil, salt, fruit …). */
function dishLines(i: number): { foodId: string; weight: number }[] {
  const of = (group: string) => foods.filter((f) => f.group === group);
  const pick = (group: string, n: number) => { const list = of(group); return list[n % list.length].id; };
  const protein = ['畜禽肉类', '鱼虾类', '蛋类', '大豆类及其制品和坚果', '奶及奶制品'][i % 5];
  const more = ['植物油', '盐', '水果类', '其他'].slice(0, i % 4);
  const lines = [
    { foodId: pick('谷薯类', i), weight: 60 + (i % 5) * 10 },
    { foodId: pick('蔬菜类', i * 3), weight: 80 + (i % 4) * 10 },
    { foodId: pick(protein, i), weight: 30 + (i % 3) * 10 },
    ...more.map((g, k) => ({ foodId: pick(g, i + k), weight: g === '盐' ? 1 : g === '植物油' ? 5 : 20 })),
  ];
  return [...new Map(lines.map((l) => [l.foodId, l])).values()];
}

export async function benchNutrition(server: BenchServer) {
  const dietitian = await apiSession(server, '13800000006', 'org-ygsy');
  // the §9 recipe categories (menuCategory also holds the package categories, which take no dishes)
  const RECIPE = ['主食', '荤菜', '素菜', '半荤半素', '汤类', '配料', '乳品'];
  const cats = (await dietitian<{ rows: { id: string; name: string }[] }>('/v2/category?groupName=menuCategory')).rows.filter((c) => RECIPE.includes(c.name));
  const dishes: CycleDish[] = [];
  for (let i = 0; i < DISHES; i++) {
    const lines = dishLines(i);
    const dish = await dietitian<{ id: string }>('/v4/mall/menu', { method: 'POST', body: { name: `分析压测菜品${i}`, categoryId: cats[i % cats.length].id, lines } });
    dishes.push({ id: dish.id, name: `分析压测菜品${i}`, lines, dosageMode: 'netWeight' });
  }
  const portion = (d: CycleDish) => d.lines.reduce((s, l) => s + l.weight, 0);
  const ageGroups = AGE_GROUPS.map((ageRange) => ({ ageRange, people: 100 }));
  const cycle = await dietitian<{ id: string; version: number; days: number }>('/v4/mall/recipe/cycle', {
    method: 'POST',
    body: { name: '营养分析压测四周', startDate: '2026-11-30', cycleOption: 'week', weeks: 4, mealPattern: MEAL_PATTERN_CODES['三餐'], ageGroups },
  });
  const cells = Array.from({ length: cycle.days * MEALS.length }, (_, i) => ({
    day: Math.floor(i / MEALS.length),
    mealCode: MEALS[i % MEALS.length],
    dishes: [0, 1, 2, 3].map((k) => {
      const dish = dishes[(i * 4 + k) % DISHES];
      return { dishId: dish.id, dosages: Object.fromEntries(AGE_GROUPS.map((g) => [g, Math.round(portion(dish) * DOSAGE_SHARE[g] * 10) / 10])) };
    }),
  }));
  await dietitian(`/v4/mall/recipe/cycle/${cycle.id}/cell`, { method: 'PUT', body: { cells, version: cycle.version } });

  const timed = async (path: string) => {
    const out: number[] = [];
    let bytes = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const t = performance.now();
      const data = await dietitian<unknown>(path);
      out.push(performance.now() - t);
      bytes = JSON.stringify(data).length;
    }
    return { ...stats(out), responseKB: +(bytes / 1024).toFixed(1) };
  };
  const all = await timed(`/v5/mall/recipe/cycle/${cycle.id}/analysis`);
  const one = await timed(`/v5/mall/recipe/cycle/${cycle.id}/analysis?ageGroup=9-11`);

  // the same cycle analysed in this process with the platform foods: the domain's share of the time
  const byId = new Map(foods.map((f) => [f.id, { ...f, foodId: f.id } as AnalysisFood]));
  const facts: CycleFacts = { startDate: '2026-11-30', days: cycle.days, ageGroups, cells, dishes: new Map(dishes.map((d) => [d.id, d])) };
  const domain: number[] = [];
  // CPU time as well: on a shared machine it barely moves with the others' load, unlike wall time
  const cpu0 = process.cpuUsage();
  for (let r = 0; r < DOMAIN_ROUNDS; r++) {
    const t = performance.now();
    analyseCycle(facts, (id) => byId.get(id));
    domain.push(performance.now() - t);
  }
  const cpuMsPerRun = +(process.cpuUsage(cpu0).user / 1000 / DOMAIN_ROUNDS).toFixed(1);

  return {
    'GET analysis, 4 age groups': { ...all, days: cycle.days, cells: cells.length, dishLines: cells.length * 4 },
    'GET analysis, ageGroup=9-11': one,
    'analyseCycle in process, 4 age groups': { ...stats(domain), cpuMsPerRun, analyses: AGE_GROUPS.length * (cycle.days + 4) },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServerProcess();
  try {
    console.log(JSON.stringify(await benchNutrition(server), null, 2));
  } finally {
    await server.stop();
  }
}
