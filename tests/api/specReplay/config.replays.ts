// §7 config, org-init and category calls as replays (see replay.ts): an org admin's settings, theme and texts;
// the platform's apps, product permissions, init templates and the seven org-creation steps on a fresh org id;
// a supplier's categories, created, read, changed and deleted through both the v1 (polardb) and v2 calls.
import { expect } from 'vitest';
import { call, signIn, DEMO, SCHOOL_A, SCHOOL_B, type Session } from '../usersApi.ts';
import { auth } from '../mallApi.ts';
import type { InitTemplate } from '../../../domain/orgInit.ts';
import type { Replay, ReplayContext } from './replay.ts';
import { yearOf } from '../../../domain/priceCycle.ts';

// sign-in costs a scrypt hash: one session per user and org for the whole file (one server per file)
const sessions = new Map<string, Promise<Session>>();
const as = ({ server }: ReplayContext, username: string, orgName?: string) => {
  const k = `${username}@${orgName ?? ''}`;
  if (!sessions.has(k)) sessions.set(k, signIn(server, username, orgName));
  return sessions.get(k)!;
};
/** the school's org admin (config power), the platform operator, the supplier (catalogue editor) */
const admin = (ctx: ReplayContext) => as(ctx, DEMO.schoolAdmin, SCHOOL_A);
const provider = (ctx: ReplayContext) => as(ctx, DEMO.provider, SCHOOL_A);
const supplier = (ctx: ReplayContext) => as(ctx, DEMO.supplier);

type Row = Record<string, unknown>;
const rowsOf = (data: unknown) => (data as { rows: Row[] }).rows;

// ids later replays use, set by earlier ones
let newAppId = '';
let freshOrgId = '';
let templateId = '';
let templateName = '';
let polardbCategoryId = '';
let v2CategoryIds: string[] = [];
const year = yearOf(new Date());

export const replays: Replay[] = [
  // ---- org config of the current org-app ----
  {
    call: 'GET /v1/config/org',
    request: async (ctx) => {
      const s = await admin(ctx);
      return { as: s, path: '/v1/config/org', query: { orgId: s.orgApp!.orgId, appId: s.orgApp!.appId, path: 'titleName,nutritiousmeals.semester.first' } };
    },
    check: (data) => expect(data).toMatchObject({ titleName: '营养餐管理平台', 'nutritiousmeals.semester.first': { start: '09-01' } }),
  },
  {
    call: 'PUT /v1/config/org',
    request: async (ctx) => ({ as: await admin(ctx), path: '/v1/config/org', body: { path: 'systemNotify', value: { enable: true, content: '本周六 22:00–23:00 系统维护，请提前保存数据' } } }),
    check: (data) => expect(data).toEqual({ systemNotify: { enable: true, content: '本周六 22:00–23:00 系统维护，请提前保存数据' } }),
  },
  {
    call: 'PUT /v2/config/org',
    request: async (ctx) => {
      const s = await admin(ctx);
      return {
        as: s, path: '/v2/config/org',
        body: { orgId: s.orgApp!.orgId, appId: s.orgApp!.appId, config: { titleName: '阳光实验小学营养餐平台', 'nutritiousmeals.recipeNotCreateProduct': true } },
      };
    },
    check: (data) => expect(data).toEqual({ titleName: '阳光实验小学营养餐平台', 'nutritiousmeals.recipeNotCreateProduct': true }),
  },
  {
    call: 'PUT /v2/config/org/productPermission',
    request: async (ctx) => {
      // the platform sells school B its products: another org's org-app, which only the platform may set
      const target = (await as(ctx, DEMO.dietitian, SCHOOL_B)).orgApp!;
      return {
        as: await provider(ctx), path: '/v2/config/org/productPermission',
        body: { orgId: target.orgId, appId: target.appId, productPermission: { appIds: [target.appId], modules: ['mallHome', 'orderList'], expiration: `${year + 1}-08-31` } },
      };
    },
    check: (data) => expect(data).toMatchObject({ productPermission: { modules: ['mallHome', 'orderList'], expiration: `${year + 1}-08-31` } }),
  },

  // ---- apps ----
  {
    call: 'GET /v2/config/app',
    request: async (ctx) => {
      const s = await admin(ctx);
      return { as: s, path: '/v2/config/app', query: { appId: s.orgApp!.appId, $select: 'appId,appName,config', $limit: 10 } };
    },
    check: (data) => expect(rowsOf(data)).toEqual([expect.objectContaining({ appId: `cp${year}001`, config: expect.objectContaining({ mallRecipeUserLimite: 5 }) })]),
  },
  {
    call: 'POST /v2/config/app',
    request: async (ctx) => ({ as: await provider(ctx), path: '/v2/config/app', body: { appName: '智慧食堂', config: { mallRecipeUserLimite: 8 } } }),
    check: (data) => {
      expect(data).toMatchObject({ appId: `cp${year}002`, appName: '智慧食堂', config: { mallRecipeUserLimite: 8 }, orgCount: 0 });
      newAppId = (data as { appId: string }).appId;
    },
  },
  {
    call: 'PUT /v2/config/app/{appId}',
    request: async (ctx) => ({ as: await provider(ctx), path: `/v2/config/app/${newAppId}`, body: { appName: '智慧食堂平台', config: { mallRecipeUserLimite: 10 }, version: 1 } }),
    check: (data) => expect(data).toMatchObject({ appId: newAppId, appName: '智慧食堂平台', config: { mallRecipeUserLimite: 10 } }),
  },

  // ---- theme and texts ----
  {
    call: 'PUT /v1/config/theme',
    request: async (ctx) => ({ as: await admin(ctx), path: '/v1/config/theme', body: { ysdadminTheme: { brandColor: '#107C41', mode: 'dark', fixedHeader: true } } }),
    check: (data) => expect(data).toEqual({ ysdadminTheme: { brandColor: '#107C41', mode: 'dark', fixedHeader: true } }),
  },
  {
    call: 'GET /v1/config/theme',
    request: async (ctx) => ({ as: await admin(ctx), path: '/v1/config/theme' }),
    check: (data) => expect(data).toMatchObject({ ysdadminTheme: { brandColor: '#107C41', mode: 'dark' } }),
  },
  {
    call: 'PUT /v1/config/locales',
    request: async (ctx) => ({
      as: await admin(ctx), path: '/v1/config/locales',
      body: { locales: { 'zh-TW': { orgName: '陽光實驗小學' }, 'en-US': { orgName: 'Sunshine Experimental Primary School' } } },
    }),
    check: (data) => expect(data).toMatchObject({ 'en-US': { orgName: 'Sunshine Experimental Primary School' } }),
  },
  {
    call: 'GET /v1/config/locales',
    request: async (ctx) => ({ as: await admin(ctx), path: '/v1/config/locales' }),
    check: (data) => expect(data).toEqual({ 'zh-TW': { orgName: '陽光實驗小學' }, 'en-US': { orgName: 'Sunshine Experimental Primary School' } }),
  },

  // ---- the platform's orgs and init templates ----
  {
    call: 'GET /v1/config/app/org',
    request: async (ctx) => {
      const s = await provider(ctx);
      return { as: s, path: '/v1/config/app/org', query: { appId: s.orgApp!.appId, disabled: false, $limit: 20, $skip: 0 } };
    },
    check: (data) => expect(rowsOf(data).map((r) => r.orgName)).toEqual(expect.arrayContaining([SCHOOL_A, SCHOOL_B])),
  },
  {
    call: 'GET /v2/config/newestorgid',
    request: async (ctx) => ({ as: await provider(ctx), path: '/v2/config/newestorgid' }),
    check: (data) => {
      freshOrgId = (data as { orgId: string }).orgId;
      expect(freshOrgId).toMatch(/^org-[0-9a-f]{10}$/);
    },
  },
  {
    call: 'GET /v3/orgappinit/template',
    request: async (ctx) => ({ as: await provider(ctx), path: '/v3/orgappinit/template', query: { $select: 'name,disabled', $limit: 100 } }),
    check: (data) => {
      expect(rowsOf(data).map((t) => t.name)).toEqual(expect.arrayContaining(['学校模板', '供应商模板']));
      expect(Object.keys(rowsOf(data)[0]!).sort()).toEqual(['disabled', 'id', 'name']);
    },
  },
  {
    call: 'POST /v3/orgappinit/template',
    request: async (ctx) => {
      const s = await provider(ctx);
      const res = await call<{ rows: InitTemplate[] }>(ctx.server, 'GET', `/v3/orgappinit/template?name=${encodeURIComponent('学校模板')}`, auth(s));
      const school = res.body.data.rows.find((t) => t.name === '学校模板')!;
      // a template is its name and state, and the content it creates (the school template's, with a kitchen department)
      return { as: s, path: '/v3/orgappinit/template', body: { name: '小学模板', disabled: true, content: { ...school.content, departments: [...school.content.departments, { departmentName: '中心厨房' }] } } };
    },
    check: (data) => {
      expect(data).toMatchObject({ name: '小学模板', disabled: true });
      templateId = (data as { id: string }).id;
    },
  },
  {
    call: 'PUT /v3/orgappinit/template',
    request: async (ctx) => ({ as: await provider(ctx), path: '/v3/orgappinit/template', body: { id: templateId, name: '小学标准模板', disabled: false } }),
    check: (data) => {
      expect(data).toMatchObject({ id: templateId, name: '小学标准模板', disabled: false });
      templateName = (data as { name: string }).name;
    },
  },
  // the seven steps, in order, build the fresh org from the edited template
  ...(['config', 'org', 'menu', 'rolegroup', 'role', 'contacts', 'contactspermission'] as const).map((step): Replay => ({
    call: `POST /v3/orgappinit/${step}`,
    request: async (ctx) => {
      const s = await provider(ctx);
      return { as: s, path: `/v3/orgappinit/${step}`, body: { orgId: freshOrgId, orgName: '晨光小学', appId: s.orgApp!.appId, appName: s.orgApp!.appName, name: templateName } };
    },
    check: (data) => {
      expect(data).toMatchObject({ step, orgId: freshOrgId });
      // a fresh org: every step has something to write
      expect((data as { events: number }).events).toBeGreaterThan(0);
    },
  })),

  // ---- categories (the supplier's goods classes) ----
  {
    call: 'GET /v1/category/polardb',
    request: async (ctx) => {
      const s = await supplier(ctx);
      return { as: s, path: '/v1/category/polardb', query: { groupName: 'mallProduct', appId: s.orgApp!.appId, orgId: s.orgApp!.orgId } };
    },
    check: (data) => expect(rowsOf(data).length).toBeGreaterThan(3),
  },
  {
    call: 'POST /v1/category/polardb',
    request: async (ctx) => {
      const s = await supplier(ctx);
      const top = await call<{ rows: Row[] }>(ctx.server, 'GET', '/v2/category?groupName=mallProduct', auth(s));
      const parent = top.body.data.rows.find((c) => c.parentId === '-1')!;
      return { as: s, path: '/v1/category/polardb', body: { groupName: 'mallProduct', name: '有机杂粮', parentId: parent.id, sort: 3, enable: 1 } };
    },
    check: (data) => {
      expect(data).toMatchObject({ name: '有机杂粮', groupName: 'mallProduct', sort: 3, enable: 1 });
      polardbCategoryId = (data as { id: string }).id;
    },
  },
  {
    call: 'PUT /v1/category/polardb',
    request: async (ctx) => ({ as: await supplier(ctx), path: '/v1/category/polardb', body: { id: polardbCategoryId, name: '有机五谷杂粮', sort: 4, enable: 0 } }),
    check: (data) => expect(data).toMatchObject({ id: polardbCategoryId, name: '有机五谷杂粮', sort: 4, enable: 0 }),
  },
  {
    call: 'DELETE /v1/category/polardb',
    request: async (ctx) => {
      const s = await supplier(ctx);
      // one category of the group (the id narrows the group's delete to it)
      return { as: s, path: '/v1/category/polardb', body: { groupName: 'mallProduct', appId: s.orgApp!.appId, orgId: s.orgApp!.orgId, id: polardbCategoryId } };
    },
    check: (data) => expect(data).toEqual({ count: 1 }),
  },
  {
    call: 'POST /v2/category',
    request: async (ctx) => ({
      as: await supplier(ctx), path: '/v2/category',
      body: { groupName: 'mallPriceSupermarket', list: [{ name: '永辉超市', sort: 1 }, { name: '华润万家', sort: 2 }] },
    }),
    check: (data) => {
      expect(rowsOf(data).map((c) => c.name)).toEqual(['永辉超市', '华润万家']);
      v2CategoryIds = rowsOf(data).map((c) => c.id as string);
    },
  },
  {
    call: 'GET /v2/category',
    request: async (ctx) => {
      const s = await supplier(ctx);
      return { as: s, path: '/v2/category', query: { groupName: 'mallPriceSupermarket', orgId: s.orgApp!.orgId, categoryId: v2CategoryIds.join(','), $orderby: 'sort asc,id asc', $limit: 50 } };
    },
    check: (data) => expect(rowsOf(data).map((c) => c.id)).toEqual(v2CategoryIds),
  },
  {
    call: 'PUT /v2/category/{id}',
    request: async (ctx) => ({
      as: await supplier(ctx), path: `/v2/category/${v2CategoryIds[1]}`,
      body: { name: '华润万家超市', parentId: '-1', sort: 0, enable: 1, extraInfo: { priceSource: '超市零售价' } },
    }),
    check: (data) => expect(data).toMatchObject({ name: '华润万家超市', sort: 0, enable: 1, extraInfo: { priceSource: '超市零售价' } }),
  },
  {
    call: 'PUT /v2/category',
    request: async (ctx) => ({ as: await supplier(ctx), path: '/v2/category', body: { categorys: [{ id: v2CategoryIds[0], sort: 5 }, { id: v2CategoryIds[1], sort: 1, name: '华润万家' }] } }),
    check: (data) => expect(rowsOf(data).map((c) => [c.name, c.sort])).toEqual([['华润万家', 1], ['永辉超市', 5]]),
  },
  {
    call: 'DELETE /v2/category/{id}',
    request: async (ctx) => ({ as: await supplier(ctx), path: `/v2/category/${v2CategoryIds[0]}`, body: { isPhysicalDelete: true } }),
    check: (data) => expect(data).toEqual({ id: v2CategoryIds[0] }),
  },
];
