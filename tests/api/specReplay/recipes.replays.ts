// §7 recipe calls as replays (see replay.ts): the ingredient library and its product links, nutrition, dishes,
// recipe cycles with their analysis, recipe shares and Excel templates. School A's dietitian writes (a recipe
// writer of the org), its purchaser reads what every member reads. The replays run in order: a dish made here
// fills the cycle made here, which is analysed, shared and finally deleted with the dish.
import { expect } from 'vitest';
import { call, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from '../usersApi.ts';
import { auth } from '../mallApi.ts';
import { MEAL_CODES, MEAL_PATTERN_CODES } from '../../../domain/constants.ts';
import type { Replay, ReplayContext } from './replay.ts';
import type { FoodIngredient, IngredientProduct } from '../../../contracts/foodIngredients.ts';
import type { Dish } from '../../../contracts/dishes.ts';
import type { RecipeCycleDetail, RecipeCycleList } from '../../../contracts/recipeCycles.ts';
import type { AnalysisData, CalculationData, CycleAnalysisData } from '../../../contracts/nutrition.ts';
import type { RecipeExcelTemplate, RecipeExcelTemplateList, RecipeShare, RecipeShareList } from '../../../contracts/recipeSharing.ts';

const sessions = new Map<string, Promise<Session>>();
/** one sign-in per demo user and school for the whole file (scrypt costs ~200 ms) */
const as = ({ server }: ReplayContext, user: string, school = SCHOOL_A) => {
  const k = `${user}@${school}`;
  if (!sessions.has(k)) sessions.set(k, signIn(server, user, school));
  return sessions.get(k)!;
};
const dietitian = (ctx: ReplayContext) => as(ctx, DEMO.dietitian);
const purchaser = (ctx: ReplayContext) => as(ctx, DEMO.purchaser);

// what earlier replays made, for the later ones
let localFood: FoodIngredient;
let dish: Dish;
let cycle: RecipeCycleDetail;
let share: RecipeShare;
let template: RecipeExcelTemplate;

/** 西红柿鸡蛋汤 of net grams: tomato, egg, soybean oil, salt (foodIds of server/data/foods.json) */
const soupLines = [{ foodId: '11529', weight: 80 }, { foodId: '01123', weight: 30 }, { foodId: '04044', weight: 3 }, { foodId: '02047', weight: 1 }];

export const replays: Replay[] = [
  // --- the ingredient library ---------------------------------------------------------------------------------
  {
    call: 'POST /v4/mall/food/ingredients',
    request: async (ctx) => ({
      as: await dietitian(ctx), path: '/v4/mall/food/ingredients',
      body: {
        nameZh: '学校自制豆花', nameEn: 'School-made tofu pudding', group: '大豆类及其制品和坚果', ediblePortionPct: 100,
        per100g: { energyKcal: 50, protein: 4.5, fat: 2.1, cho: 3.2, calcium: 60, vitaminC: null },
      },
    }),
    check: (data) => {
      localFood = data as FoodIngredient;
      expect(localFood).toMatchObject({ nameZh: '学校自制豆花', nameEn: 'School-made tofu pudding', source: 'local', ediblePortionPct: 100 });
      expect(localFood.per100g).toMatchObject({ protein: 4.5, vitaminC: null });
    },
  },
  {
    call: 'GET /v4/mall/food/ingredients',
    request: async (ctx) => ({ as: await dietitian(ctx), path: '/v4/mall/food/ingredients', query: { $limit: 10, foodId: `01123,${localFood.foodId}` } }),
    check: (data) => {
      const { rows } = data as { rows: FoodIngredient[] };
      expect(rows.map((r) => r.foodId).sort()).toEqual(['01123', localFood.foodId].sort());
    },
  },
  {
    call: 'PUT /v4/mall/food/ingredients/{foodId}',
    request: async (ctx) => ({
      as: await dietitian(ctx), path: `/v4/mall/food/ingredients/${localFood.foodId}`,
      body: {
        nameZh: '学校自制嫩豆花', nameEn: 'School-made soft tofu pudding', group: '大豆类及其制品和坚果', ediblePortionPct: 98,
        per100g: { protein: 5, calcium: 78 }, version: localFood.version,
      },
    }),
    check: (data) => {
      const food = data as FoodIngredient;
      expect([food.nameZh, food.ediblePortionPct, food.per100g.protein, food.per100g.calcium, food.per100g.energyKcal]).toEqual(['学校自制嫩豆花', 98, 5, 78, 50]);
    },
  },
  {
    call: 'DELETE /v4/mall/food/ingredients/{id}',
    request: async (ctx) => ({ as: await dietitian(ctx), path: `/v4/mall/food/ingredients/${localFood.foodId}` }),
    check: async (_data, ctx) => {
      const left = await call<{ count: number }>(ctx.server, 'GET', `/v4/mall/food/ingredients?foodId=${localFood.foodId}`, auth(await dietitian(ctx)));
      expect(left.body.data.count).toBe(0);
    },
  },
  {
    call: 'GET /v4/mall/food/ingredients/product',
    request: async (ctx) => {
      const me = await purchaser(ctx);
      // a product of the demo supplier linked to rice (server/seed/demoSkuFoods.ts)
      const rice = await call<{ rows: IngredientProduct[] }>(ctx.server, 'GET', '/v4/mall/food/ingredients/product?foodId=20450', auth(me));
      const productId = rice.body.data.rows[0]?.productId;
      expect(productId, 'the demo links rice to a product').toBeTruthy();
      return { as: me, path: '/v4/mall/food/ingredients/product', query: { productId, $skip: 0 } };
    },
    check: (data) => {
      const { rows } = data as { rows: IngredientProduct[] };
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.productId)).size).toBe(1);
      expect(rows.map((r) => r.foodId)).toContain('20450');
    },
  },

  // --- nutrition -------------------------------------------------------------------------------------------------
  {
    call: 'POST /v5/mall/nutrition/calculate',
    request: async (ctx) => ({
      as: await dietitian(ctx), path: '/v5/mall/nutrition/calculate',
      body: { items: [{ foodId: '01123', weight: 100, weightType: 'gross' }, { foodId: '04044', weight: 10, weightType: 'net' }] },
    }),
    check: (data) => {
      const c = data as CalculationData;
      expect(c.items.map((i) => [i.foodId, i.weightType])).toEqual([['01123', 'gross'], ['04044', 'net']]);
      expect(c.items[1].netWeight).toBe(10);
      expect(c.total.energyKcal).toBeGreaterThan(0);
    },
  },
  {
    call: 'POST /v5/mall/nutrition/analysis',
    request: async (ctx) => ({
      as: await dietitian(ctx), path: '/v5/mall/nutrition/analysis',
      body: {
        ageGroup: '9-11', sex: 'mixed',
        meals: [{
          mealCode: MEAL_CODES['午餐'],
          dishes: [
            { name: '米饭', items: [{ foodId: '20444', weight: 130, weightType: 'net' }] },
            { name: '番茄炒蛋', items: [{ foodId: '11529', weight: 150, weightType: 'gross' }, { foodId: '01123', weight: 60, weightType: 'gross' }, { foodId: '04044', weight: 10, weightType: 'net' }] },
          ],
        }],
      },
    }),
    check: (data) => {
      const a = data as AnalysisData;
      expect([a.ageGroup, a.mealCodes]).toEqual(['9-11', [MEAL_CODES['午餐']]]);
      expect(a.energy.value).toBeGreaterThan(0);
    },
  },

  // --- dishes --------------------------------------------------------------------------------------------------
  {
    call: 'POST /v4/mall/menu',
    request: async (ctx) => {
      const me = await dietitian(ctx);
      const cats = (await call<{ rows: { id: string; name: string; isPackage: number }[] }>(ctx.server, 'GET', '/v2/category?groupName=menuCategory', auth(me))).body.data.rows;
      const soup = cats.find((c) => c.name === '汤类' && !c.isPackage)!;
      return {
        as: me, path: '/v4/mall/menu',
        body: {
          name: '西红柿鸡蛋汤', categoryId: soup.id, lines: soupLines, tags: ['家常', '清淡'], people: ['6-8', '9-11'], season: '夏',
          allergens: ['蛋类'], note: '番茄去皮，蛋液最后淋入', photo: null, dosageMode: 'netWeight',
        },
      };
    },
    check: (data) => {
      dish = data as Dish;
      expect(dish).toMatchObject({ name: '西红柿鸡蛋汤', categoryName: '汤类', tags: ['家常', '清淡'], people: ['6-8', '9-11'], season: '夏', allergens: ['蛋类'], dosageMode: 'netWeight' });
      expect(dish.lines.map((l) => l.foodId)).toEqual(soupLines.map((l) => l.foodId));
    },
  },
  {
    call: 'GET /v4/mall/menu',
    request: async (ctx) => ({ as: await purchaser(ctx), path: '/v4/mall/menu', query: { name: 'xhsjdt', categoryId: dish.categoryId, $limit: 20, $skip: 0 } }),
    check: (data) => expect((data as { rows: Dish[] }).rows.map((d) => d.id)).toEqual([dish.id]),
  },
  {
    call: 'PUT /v4/mall/menu/{id}',
    request: async (ctx) => ({
      as: await dietitian(ctx), path: `/v4/mall/menu/${dish.id}`,
      body: {
        name: '番茄蛋花汤', categoryId: dish.categoryId, lines: [...soupLines, { foodId: '11457', weight: 20 }], tags: ['家常'], people: ['6-8', '9-11', '12-14'],
        season: null, allergens: ['蛋类'], note: '加一把菠菜', photo: null, dosageMode: 'grossWeight', version: dish.version,
      },
    }),
    check: (data) => {
      const changed = data as Dish;
      expect(changed).toMatchObject({ name: '番茄蛋花汤', season: null, dosageMode: 'grossWeight', version: dish.version + 1 });
      expect(changed.lines).toHaveLength(soupLines.length + 1);
      dish = changed;
    },
  },

  // --- recipe cycles -------------------------------------------------------------------------------------------
  {
    call: 'POST /v4/mall/recipe/cycle',
    request: async (ctx) => ({
      as: await dietitian(ctx), path: '/v4/mall/recipe/cycle',
      body: {
        name: '十二月第二周食谱', startDate: '2026-12-07', cycleOption: 'week', weeks: 1, mealPattern: MEAL_PATTERN_CODES['一餐'],
        ageGroups: [{ ageRange: '6-8', people: 120 }, { ageRange: '9-11', people: 150 }],
      },
    }),
    check: (data) => {
      cycle = data as RecipeCycleDetail;
      expect(cycle).toMatchObject({ name: '十二月第二周食谱', startDate: '2026-12-07', cycleOption: 'week', weeks: 1, status: 'draft' });
    },
  },
  {
    call: 'GET /v4/mall/recipe/cycle',
    request: async (ctx) => ({ as: await dietitian(ctx), path: '/v4/mall/recipe/cycle', query: { name: '十二月第二周', status: 'draft', $limit: 20 } }),
    check: (data) => expect((data as RecipeCycleList).rows.map((r) => r.id)).toContain(cycle.id),
  },
  {
    call: 'GET /v4/mall/recipe/cycle/{id}',
    request: async (ctx) => ({ as: await dietitian(ctx), path: `/v4/mall/recipe/cycle/${cycle.id}` }),
    check: (data) => expect((data as RecipeCycleDetail).ageGroups).toEqual(cycle.ageGroups),
  },
  {
    call: 'PUT /v4/mall/recipe/cycle/{id}',
    request: async (ctx) => ({
      as: await dietitian(ctx), path: `/v4/mall/recipe/cycle/${cycle.id}`,
      body: {
        name: '十二月第二周午餐食谱', mealPattern: MEAL_PATTERN_CODES['一餐'],
        ageGroups: [{ ageRange: '6-8', people: 118 }, { ageRange: '9-11', people: 152 }], version: cycle.version,
      },
    }),
    check: (data) => {
      const changed = data as RecipeCycleDetail;
      expect([changed.name, changed.ageGroups.map((g) => g.people)]).toEqual(['十二月第二周午餐食谱', [118, 152]]);
      cycle = changed;
    },
  },
  {
    call: 'GET /v5/mall/recipe/cycle/{id}/analysis',
    request: async (ctx) => {
      const me = await dietitian(ctx);
      // Monday's lunch holds the soup, so the analysis has a day to count
      const set = await call<RecipeCycleDetail>(ctx.server, 'PUT', `/v4/mall/recipe/cycle/${cycle.id}/cell`, {
        ...auth(me), body: { version: cycle.version, cells: [{ day: 0, mealCode: MEAL_CODES['午餐'], dishes: [{ dishId: dish.id, dosages: { '6-8': 150, '9-11': 200 } }] }] },
      });
      expect(set.status, set.body.status_text).toBe(200);
      cycle = set.body.data;
      return { as: me, path: `/v5/mall/recipe/cycle/${cycle.id}/analysis`, query: { ageGroup: '9-11', sex: 'mixed' } };
    },
    check: (data) => {
      const a = data as CycleAnalysisData;
      expect([a.cycleId, a.ageGroups.map((g) => g.ageGroup)]).toEqual([cycle.id, ['9-11']]);
      expect(a.ageGroups[0].weeks[0].days[0].analysis?.energy.value).toBeGreaterThan(0);
    },
  },

  // --- recipe shares -------------------------------------------------------------------------------------------
  {
    call: 'POST /v4/mall/recipe/share',
    request: async (ctx) => {
      const me = await dietitian(ctx);
      const list = (await call<RecipeShareList>(ctx.server, 'GET', '/v4/mall/recipe/share', auth(me))).body.data;
      const schoolB = list.orgs.find((o) => o.orgName === SCHOOL_B)!;
      return { as: me, path: '/v4/mall/recipe/share', body: { name: '阳光小学十二月午餐', cycleId: cycle.id, orgIds: [schoolB.orgId], remark: '供明德中学参考' } };
    },
    check: (data) => {
      share = data as RecipeShare;
      expect(share).toMatchObject({ name: '阳光小学十二月午餐', cycleId: cycle.id, remark: '供明德中学参考', own: true });
    },
  },
  {
    call: 'GET /v4/mall/recipe/share',
    // the receiving school lists the shares school A made
    request: async (ctx) => ({ as: await as(ctx, DEMO.dietitian, SCHOOL_B), path: '/v4/mall/recipe/share', query: { orgId: share.orgId, $limit: 20 } }),
    check: (data) => {
      const rows = (data as RecipeShareList).rows;
      expect(rows.find((r) => r.id === share.id)).toMatchObject({ own: false, orgName: SCHOOL_A });
      expect(rows.every((r) => r.orgId === share.orgId)).toBe(true);
    },
  },
  {
    call: 'PUT /v4/mall/recipe/share/{id}',
    request: async (ctx) => ({
      as: await dietitian(ctx), path: `/v4/mall/recipe/share/${share.id}`,
      body: { name: '阳光小学十二月午餐（修订）', cycleId: cycle.id, orgIds: share.orgIds, remark: '人数已按十二月更新', version: share.version },
    }),
    check: (data) => expect(data).toMatchObject({ name: '阳光小学十二月午餐（修订）', remark: '人数已按十二月更新', version: share.version + 1 }),
  },

  // --- Excel templates -----------------------------------------------------------------------------------------
  {
    call: 'POST /v4/mall/recipe/exceltpl',
    request: async (ctx) => ({
      as: await dietitian(ctx), path: '/v4/mall/recipe/exceltpl',
      body: { name: '按天排版', layout: 'dayRows', title: '阳光实验小学一周食谱', showDosage: true, showWeekend: false },
    }),
    check: (data) => {
      template = data as RecipeExcelTemplate;
      expect(template).toMatchObject({ name: '按天排版', layout: 'dayRows', title: '阳光实验小学一周食谱', showDosage: true, showWeekend: false, builtIn: false });
    },
  },
  {
    call: 'GET /v4/mall/recipe/exceltpl',
    request: async (ctx) => ({ as: await purchaser(ctx), path: '/v4/mall/recipe/exceltpl' }),
    check: (data) => {
      const { rows } = data as RecipeExcelTemplateList;
      expect(rows[0].builtIn).toBe(true);
      expect(rows.map((r) => r.id)).toContain(template.id);
    },
  },
  {
    call: 'PUT /v4/mall/recipe/exceltpl/{id}',
    request: async (ctx) => ({
      as: await dietitian(ctx), path: `/v4/mall/recipe/exceltpl/${template.id}`,
      body: { name: '按天排版（含周末）', layout: 'mealRows', title: '阳光实验小学食谱', showDosage: false, showWeekend: true, version: template.version },
    }),
    check: (data) => expect(data).toMatchObject({ name: '按天排版（含周末）', layout: 'mealRows', showDosage: false, showWeekend: true, version: template.version + 1 }),
  },
  {
    call: 'DELETE /v4/mall/recipe/exceltpl',
    request: async (ctx) => ({ as: await dietitian(ctx), path: '/v4/mall/recipe/exceltpl', body: { id: template.id, version: template.version + 1 } }),
    check: async (_data, ctx) => {
      const left = await call<RecipeExcelTemplateList>(ctx.server, 'GET', '/v4/mall/recipe/exceltpl', auth(await dietitian(ctx)));
      expect(left.body.data.rows.map((r) => r.id)).not.toContain(template.id);
    },
  },

  // --- removals last: the cycle, then its dish -----------------------------------------------------------------
  {
    call: 'DELETE /v4/mall/recipe/cycle/{id}',
    request: async (ctx) => ({ as: await dietitian(ctx), path: `/v4/mall/recipe/cycle/${cycle.id}` }),
    check: async (_data, ctx) => {
      expect((await call(ctx.server, 'GET', `/v4/mall/recipe/cycle/${cycle.id}`, auth(await dietitian(ctx)))).status).toBe(404);
    },
  },
  {
    call: 'DELETE /v4/mall/menu/{id}',
    request: async (ctx) => ({ as: await dietitian(ctx), path: `/v4/mall/menu/${dish.id}` }),
    check: async (_data, ctx) => {
      const left = await call<{ rows: Dish[] }>(ctx.server, 'GET', `/v4/mall/menu?id=${dish.id}`, auth(await dietitian(ctx)));
      expect(left.body.data.rows).toEqual([]);
    },
  },
];
