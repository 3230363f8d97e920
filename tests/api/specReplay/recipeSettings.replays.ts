// §7 recipe settings as replays (see replay.ts): people groups (reference and custom, the custom age range sent as
// minAge and maxAge), recipe labels and their config, and the form-service items of the recipe user limit. School
// A's dietitian keeps the settings, its purchaser reads them; the platform operator (the demo system provider)
// writes the limit tables, and the dietitian reads her own record.
import { expect } from 'vitest';
import { call, signIn, DEMO, SCHOOL_A, type Session } from '../usersApi.ts';
import { auth } from '../mallApi.ts';
import type { Replay, ReplayContext } from './replay.ts';
import type { PeopleEnergy, RecipeLabel, RecipePeople } from '../../../contracts/recipeSettings.ts';
import type { FormItem } from '../../../contracts/forms.ts';

const sessions = new Map<string, Promise<Session>>();
/** one sign-in per demo user for the whole file (scrypt costs ~200 ms) */
const as = ({ server }: ReplayContext, user: string) => {
  if (!sessions.has(user)) sessions.set(user, signIn(server, user, SCHOOL_A));
  return sessions.get(user)!;
};
const dietitian = (ctx: ReplayContext) => as(ctx, DEMO.dietitian);
const purchaser = (ctx: ReplayContext) => as(ctx, DEMO.purchaser);
const operator = (ctx: ReplayContext) => as(ctx, DEMO.provider);

// what earlier replays made, for the later ones
let reference: RecipePeople;
let staff: RecipePeople;
let label: RecipeLabel;
let limit: FormItem;

const LIMIT_TABLE = 'mallRecipeCycleUserLimite';

export const replays: Replay[] = [
  // --- people groups -------------------------------------------------------------------------------------------
  {
    call: 'GET /v5/mall/recipe/people/energy',
    request: async (ctx) => ({ as: await purchaser(ctx), path: '/v5/mall/recipe/people/energy' }),
    check: (data) => expect((data as { rows: PeopleEnergy[] }).rows.map((e) => e.ageRange)).toEqual(['6-8', '9-11', '12-14', '15-17']),
  },
  {
    call: 'POST /v5/mall/recipe/people/config',
    request: async (ctx) => ({ as: await dietitian(ctx), path: '/v5/mall/recipe/people/config', body: { peopleEnergyId: 'wst554-9-11' } }),
    check: (data) => {
      reference = data as RecipePeople;
      expect(reference).toMatchObject({ peopleEnergyId: 'wst554-9-11', name: '9-11岁学生', ageRange: '9-11', custom: false, enable: 1 });
    },
  },
  {
    call: 'POST /v5/mall/recipe/people/config/custom',
    request: async (ctx) => ({
      as: await dietitian(ctx), path: '/v5/mall/recipe/people/config/custom',
      body: {
        name: '教职工', minAge: 25, maxAge: 60, energyKcal: 2250,
        foodIngredients: [{ field: '谷薯类', dosage: 300 }, { field: '蔬菜类', dosage: 450 }, { field: '畜禽肉类', dosage: 60 }],
      },
    }),
    check: (data) => {
      staff = data as RecipePeople;
      expect(staff).toMatchObject({ name: '教职工', ageRange: '25-60', customAvgAge: 42.5, custom: true, energyKcal: 2250 });
      expect(staff.foodIngredients).toHaveLength(3);
    },
  },
  {
    call: 'GET /v4/mall/recipe/people/config',
    request: async (ctx) => ({
      as: await purchaser(ctx), path: '/v4/mall/recipe/people/config', query: { enable: 1, isDelete: 0, ageRange: '25-60', 'extraInfo.category': 'custom' },
    }),
    check: (data) => expect((data as { rows: RecipePeople[] }).rows.map((r) => r.peopleId)).toEqual([staff.peopleId]),
  },
  {
    call: 'PUT /v5/mall/recipe/people/config',
    request: async (ctx) => ({
      as: await dietitian(ctx), path: '/v5/mall/recipe/people/config', body: { peopleId: reference.peopleId, enable: 0, sort: 5, version: reference.version },
    }),
    check: (data) => expect(data).toMatchObject({ peopleId: reference.peopleId, enable: 0, sort: 5 }),
  },
  {
    call: 'PUT /v5/mall/recipe/people/config/custom/{peopleId}',
    request: async (ctx) => ({
      as: await dietitian(ctx), path: `/v5/mall/recipe/people/config/custom/${staff.peopleId}`,
      body: {
        name: '食堂职工', minAge: 22, maxAge: 58, energyKcal: 2300,
        foodIngredients: [{ field: '谷薯类', dosage: 320 }, { field: '蔬菜类', dosage: 450 }], version: staff.version,
      },
    }),
    check: (data) => {
      expect(data).toMatchObject({ name: '食堂职工', ageRange: '22-58', customAvgAge: 40, energyKcal: 2300, version: staff.version + 1 });
      staff = data as RecipePeople;
    },
  },
  {
    call: 'PUT /v5/mall/recipe/people/config/custom/defaultEnable',
    request: async (ctx) => ({ as: await dietitian(ctx), path: '/v5/mall/recipe/people/config/custom/defaultEnable', body: { peopleId: staff.peopleId, defaultEnable: 1 } }),
    check: (data) => expect(data).toMatchObject({ peopleId: staff.peopleId, defaultEnable: 1 }),
  },
  {
    call: 'DELETE /v4/mall/recipe/people/config',
    request: async (ctx) => ({ as: await dietitian(ctx), path: '/v4/mall/recipe/people/config', body: { peopleId: reference.peopleId } }),
    check: async (_data, ctx) => {
      const left = await call<{ rows: RecipePeople[] }>(ctx.server, 'GET', '/v4/mall/recipe/people/config', auth(await dietitian(ctx)));
      expect(left.body.data.rows.map((r) => r.peopleId)).toEqual([staff.peopleId]);
    },
  },

  // --- recipe labels and their config --------------------------------------------------------------------------
  {
    call: 'GET /v4/mall/recipelabel/config',
    request: async (ctx) => ({ as: await purchaser(ctx), path: '/v4/mall/recipelabel/config' }),
    // defaults until the org saves its own
    check: (data) => expect(data).toEqual({ enable: true, multiple: true, required: false }),
  },
  {
    call: 'POST /v4/mall/recipelabel/config',
    request: async (ctx) => ({ as: await dietitian(ctx), path: '/v4/mall/recipelabel/config', body: { enable: true, multiple: false, required: false } }),
    check: (data) => expect(data).toEqual({ enable: true, multiple: false, required: false }),
  },
  {
    call: 'PUT /v4/mall/recipelabel/config',
    request: async (ctx) => ({ as: await dietitian(ctx), path: '/v4/mall/recipelabel/config', body: { enable: true, multiple: true, required: true } }),
    check: (data) => expect(data).toEqual({ enable: true, multiple: true, required: true }),
  },
  {
    call: 'POST /v4/mall/recipelabel',
    request: async (ctx) => ({ as: await dietitian(ctx), path: '/v4/mall/recipelabel', body: { name: '春季', color: '#107C41', sort: 1, enable: 1 } }),
    check: (data) => {
      label = data as RecipeLabel;
      expect(label).toMatchObject({ name: '春季', color: '#107C41', sort: 1, enable: 1 });
    },
  },
  {
    call: 'GET /v4/mall/recipelabel',
    request: async (ctx) => ({ as: await purchaser(ctx), path: '/v4/mall/recipelabel', query: { enable: 1 } }),
    check: (data) => expect((data as { rows: RecipeLabel[] }).rows.map((r) => r.name)).toEqual(['春季']),
  },
  {
    call: 'PUT /v4/mall/recipelabel',
    request: async (ctx) => ({
      as: await dietitian(ctx), path: '/v4/mall/recipelabel',
      body: { id: label.id, name: '春夏季', color: '#0F6CBD', sort: 2, enable: 1, isDelete: 0, version: label.version },
    }),
    check: async (data, ctx) => {
      expect(data).toEqual({ id: label.id, removed: false });
      const rows = (await call<{ rows: RecipeLabel[] }>(ctx.server, 'GET', '/v4/mall/recipelabel', auth(await purchaser(ctx)))).body.data.rows;
      expect(rows.find((r) => r.id === label.id)).toMatchObject({ name: '春夏季', color: '#0F6CBD', sort: 2 });
    },
  },

  // --- the form service: the recipe user limit tables ----------------------------------------------------------
  {
    call: 'POST /v1/form/table/{tableId}/item',
    request: async (ctx) => ({
      as: await operator(ctx), path: `/v1/form/table/${LIMIT_TABLE}/item`,
      body: { formData: { userphoneNumber: DEMO.dietitian, times: 2 }, orgId: (await dietitian(ctx)).orgApp!.orgId },
    }),
    check: async (data, ctx) => {
      limit = data as FormItem;
      expect(limit).toMatchObject({ tableId: LIMIT_TABLE, orgId: (await dietitian(ctx)).orgApp!.orgId, formData: { userphoneNumber: DEMO.dietitian, times: 2 }, isDelete: 0 });
    },
  },
  {
    call: 'GET /v1/form/table/item',
    // the dietitian reads her own extra times, as the cycle screen does before she creates one
    request: async (ctx) => {
      const me = await dietitian(ctx);
      return {
        as: me, path: '/v1/form/table/item',
        query: { tableId: LIMIT_TABLE, appId: me.orgApp!.appId, orgId: me.orgApp!.orgId, 'formData.userphoneNumber': DEMO.dietitian, isDelete: '0$n', $select: 'formData', $limit: 1000 },
      };
    },
    check: (data) => expect((data as { rows: FormItem[] }).rows.map((r) => [r.itemId, r.formData.times])).toEqual([[limit.itemId, 2]]),
  },
  {
    call: 'PUT /v1/form/table/{tableId}/item/{itemId}',
    request: async (ctx) => ({ as: await operator(ctx), path: `/v1/form/table/${LIMIT_TABLE}/item/${limit.itemId}`, body: { formData: { times: 4 } } }),
    check: (data) => expect((data as FormItem).formData).toEqual({ userphoneNumber: DEMO.dietitian, times: 4 }),
  },
  {
    call: 'DELETE /v1/form/table/{tableId}/item',
    request: async (ctx) => ({
      as: await operator(ctx), path: `/v1/form/table/${LIMIT_TABLE}/item`,
      body: { itemId: [limit.itemId], roleName: 'system_provider', orgId: limit.orgId },
    }),
    check: async (data, ctx) => {
      expect(data).toEqual({ count: 1 });
      const left = await call<{ count: number }>(ctx.server, 'GET', `/v1/form/table/item?tableId=${LIMIT_TABLE}`, auth(await dietitian(ctx)));
      expect(left.body.data.count).toBe(0);
    },
  },
];
