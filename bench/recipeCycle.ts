// A four-week recipe cycle at full size (issue 9): 60 dishes of the org, 4 age groups, three meals every day of
// the four weeks (84 cells, 4 dishes each). Figures: opening it (GET /v4/mall/recipe/cycle/{id}, loopback round
// trip = server time), saving one cell edit (PUT …/cell with the version read: load the stream, decide, append,
// project), and the time from "open" to a rendered grid in Chromium. Run alone: node --import tsx bench/recipeCycle.ts
import { fileURLToPath } from 'node:url';
import { apiSession, median, percentile, startServerProcess, type BenchServer } from './serverProcess.ts';
import { launchBrowser } from '../tests/support/browser.ts';
import { MEAL_PATTERN_CODES } from '../domain/constants.ts';

const DISHES = 60;
const ROUNDS = 40;
const UI_ROUNDS = 5;
const FOODS = ['01123', '11529', '04044'];

const stats = (xs: number[]) => ({ p50Ms: +percentile(xs, 50).toFixed(1), p95Ms: +percentile(xs, 95).toFixed(1) });

export async function benchRecipeCycle(server: BenchServer) {
  const dietitian = await apiSession(server, '13800000006', 'org-ygsy');
  const cats = (await dietitian<{ rows: { id: string; name: string }[] }>('/v2/category?groupName=menuCategory')).rows;
  const dishIds: string[] = [];
  for (let i = 0; i < DISHES; i++) {
    const dish = await dietitian<{ id: string }>('/v4/mall/menu', {
      method: 'POST',
      body: { name: `压测菜品${i}`, categoryId: cats[i % cats.length].id, lines: FOODS.slice(0, 1 + (i % 3)).map((foodId, j) => ({ foodId, weight: 40 + 10 * j })) },
    });
    dishIds.push(dish.id);
  }
  const cycle = await dietitian<{ id: string; version: number; days: number }>('/v4/mall/recipe/cycle', {
    method: 'POST',
    body: {
      name: '压测四周食谱', startDate: '2026-11-30', cycleOption: 'week', weeks: 4, mealPattern: MEAL_PATTERN_CODES['三餐'],
      ageGroups: [{ ageRange: '6-8', people: 100 }, { ageRange: '9-11', people: 100 }, { ageRange: '12-14', people: 100 }, { ageRange: '15-17', people: 100 }],
    },
  });
  const cells = Array.from({ length: cycle.days * 3 }, (_, i) => ({
    day: Math.floor(i / 3), mealCode: [1, 3, 5][i % 3], dishes: [0, 1, 2, 3].map((k) => ({ dishId: dishIds[(i * 4 + k) % DISHES] })),
  }));
  let version = (await dietitian<{ version: number }>(`/v4/mall/recipe/cycle/${cycle.id}/cell`, { method: 'PUT', body: { cells, version: cycle.version } })).version;

  const open: number[] = [];
  let bytes = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    const detail = await dietitian<{ cells: unknown[] }>(`/v4/mall/recipe/cycle/${cycle.id}`);
    open.push(performance.now() - t);
    bytes = JSON.stringify(detail).length;
  }

  // one cell edit at a time, as the grid sends it: a dish swapped in Monday lunch, with the version read
  const save: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    const res = await dietitian<{ version: number }>(`/v4/mall/recipe/cycle/${cycle.id}/cell`, {
      method: 'PUT', body: { version, cells: [{ day: 0, mealCode: 3, dishes: [{ dishId: dishIds[r % DISHES] }, { dishId: dishIds[(r + 7) % DISHES] }] }] },
    });
    save.push(performance.now() - t);
    version = res.version;
  }

  // the screen: "open" clicked → the first week's grid shows its dishes
  const ui: number[] = [];
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/#/login`);
    await page.getByTestId('login-tab-password').click();
    await page.getByTestId('login-username').fill('13800000006');
    await page.getByTestId('login-password').fill(process.env.DEMO_PASSWORD ?? 'demo1234');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('orgapp-item').filter({ hasText: '阳光实验小学' }).first().click();
    await page.getByTestId('home-page').waitFor();
    await page.goto(`${server.url}/#/mallRecipeCycleManage`);
    for (let r = 0; r < UI_ROUNDS; r++) {
      await page.getByTestId('screen-mallRecipeCycleManage').waitFor();
      const row = page.getByTestId('recipe-table').locator('tr').filter({ hasText: '压测四周食谱' });
      await row.waitFor();
      const t = performance.now();
      await row.getByTestId('recipe-open').click();
      await page.getByTestId('cell-4-5').getByTestId('cell-dish').nth(3).waitFor();
      ui.push(performance.now() - t);
      await page.getByTestId('recipe-back').click();
    }
  } finally {
    await browser.close();
  }

  return {
    openCycle: { ...stats(open), cells: cells.length, dishesInCells: cells.length * 4, responseKB: +(bytes / 1024).toFixed(1) },
    saveOneCell: { ...stats(save), streamEventsAtEnd: ROUNDS + 2 },
    openToRenderedGrid: { medianMs: +median(ui).toFixed(0), rounds: UI_ROUNDS },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServerProcess();
  try {
    console.log(JSON.stringify(await benchRecipeCycle(server), null, 2));
  } finally {
    await server.stop();
  }
}
