// §7 mall calls of the base group as replays (see replay.ts): specs/settings, delivery routes, products, SKUs,
// prices and their approval, supplier links, imports. They run in this order on one seeded server: the demo
// supplier (鲜丰, org-xfsp) makes a product with SKUs, prices it, the bureau of its area (城东区) approves, the
// school buys at the approved price, and the trial school links the supplier. Ids made by one replay are kept
// in the variables below for the later ones.
import { expect } from 'vitest';
import { call, signIn, DEMO, SCHOOL_A, type Session } from '../usersApi.ts';
import { auth, purchaserGroups, type GroupConfig, type Price } from '../mallApi.ts';
import type { TestServer } from '../../support/testServer.ts';
import type { Replay } from './replay.ts';

const SUPPLIER_ORG = 'org-xfsp';
const SCHOOL_A_ORG = 'org-ygsy';
const BUREAU_ORG = 'org-cdjyj';
const SECOND_SCHOOL = '集采配送中心';

// sign-in costs ~200 ms of scrypt: one session per user and org for the file's server
const sessions = new Map<string, Promise<Session>>();
const as = (server: TestServer, username: string, orgName?: string): Promise<Session> => {
  const key = `${server.url}|${username}|${orgName ?? ''}`;
  if (!sessions.has(key)) sessions.set(key, signIn(server, username, orgName));
  return sessions.get(key)!;
};
const supplier = (server: TestServer) => as(server, DEMO.supplier);
const bureau = (server: TestServer) => as(server, DEMO.bureau);
const school = (server: TestServer) => as(server, DEMO.purchaser, SCHOOL_A);
const dietitian = (server: TestServer) => as(server, DEMO.dietitian, SCHOOL_A);
// the platform's provider is the system provider (a link manager) of every demo org, the trial school too
/** the platform acting in the delivery centre, which buys from 鲜丰 too: a trial school may not link a real supplier (issue 27 sandbox), and the schools already link it */
const linkingAdmin = (server: TestServer) => as(server, DEMO.provider, SECOND_SCHOOL);

let groups: { withApproval: GroupConfig; without: GroupConfig } | undefined;
const roleGroups = async (server: TestServer) => (groups ??= await purchaserGroups(server, await supplier(server)));

/** The supplier's goods category of that name (group mallProduct). */
async function categoryId(server: TestServer, name: string): Promise<string> {
  const cats = await call<{ rows: { id: string; name: string }[] }>(server, 'GET', '/v2/category?groupName=mallProduct', auth(await supplier(server)));
  const found = cats.body.data.rows.find((c) => c.name === name);
  if (!found) throw new Error(`no goods category ${name}`);
  return found.id;
}

/** The seeded SKU of a demo good (its name starts the SKU's). */
async function demoSku(server: TestServer, good: string): Promise<{ skuId: string; productId: string }> {
  const res = await call<{ rows: { skuId: string; productId: string; name: string }[] }>(server, 'GET', `/v4/mall/sku?name=${encodeURIComponent(good)}`, auth(await supplier(server)));
  const found = res.body.data.rows.find((s) => s.name.startsWith(`${good} `));
  if (!found) throw new Error(`no demo SKU of ${good}`);
  return found;
}

type Rows<T> = { rows: T[]; count?: number };
interface Product { id: string; name: string; status: number; isUppershelf: number; rawRipe: string; priceClass: string | null; unit: string; extraInfo: Record<string, unknown> }
interface Sku { skuId: string; productId: string; name: string; spec: string; unit: string; sort: number; enable: number }

let specId = '';
let deliveryGroup = '';
let routeId = '';
let routeVersion = 0;
let vegetables = '';
let productId = '';
let skuIds: string[] = [];
let extraSkuId = '';
let bulkSkuIds: string[] = [];
let pendingPrice: Price | undefined;
let openPrice: Price | undefined;
let linkId = '';

export const replays: Replay[] = [
  // ---- specs / settings: a school's dietitian keeps the meals-people setting (§3 options.mealsPeople) ----
  {
    call: 'POST /v4/mall/spec',
    request: async ({ server }) => ({ as: await dietitian(server), path: '/v4/mall/spec', body: { name: '就餐人数', options: { mealsPeople: 320 }, sort: 1 } }),
    check: (data) => {
      const spec = data as { id: string; name: string; options: { mealsPeople: number }; sort: number };
      expect(spec).toMatchObject({ name: '就餐人数', options: { mealsPeople: 320 }, sort: 1 });
      specId = spec.id;
    },
  },
  {
    call: 'PUT /v4/mall/spec/{id}',
    request: async ({ server }) => ({ as: await dietitian(server), path: `/v4/mall/spec/${specId}`, body: { options: { mealsPeople: 345 } } }),
    check: (data) => expect(data).toMatchObject({ id: specId, options: { mealsPeople: 345 } }),
  },
  {
    call: 'GET /v4/mall/spec',
    request: async ({ server }) => {
      const s = await dietitian(server);
      return { as: s, path: '/v4/mall/spec', query: { name: '就餐人数', orgId: s.orgApp!.orgId, appId: s.orgApp!.appId } };
    },
    check: (data) => expect((data as Rows<{ id: string; options: object }>).rows).toEqual([expect.objectContaining({ id: specId, options: { mealsPeople: 345 } })]),
  },

  // ---- delivery routes of the supplier (§3 Route objectId, isDelete; §6 M7 manageRoleNames) ----
  {
    call: 'POST /v4/mall/route',
    request: async ({ server }) => {
      const s = await supplier(server);
      // the supplier's delivery role group (§6 M7) the route belongs to
      const m7 = await call<{ rows: { roleGroupId: string }[] }>(server, 'GET', '/v2/roles/group?code=M7', auth(s));
      deliveryGroup = m7.body.data.rows[0].roleGroupId;
      return {
        as: s, path: '/v4/mall/route',
        body: {
          name: '城南线', roleGroupId: deliveryGroup, manageRoleNames: ['delivery'], purchaserOrgIds: [SCHOOL_A_ORG],
          deliveryUserIds: [], sort: 2, remark: '每日 6:30 出车，先到阳光实验小学',
        },
      };
    },
    check: (data) => {
      const route = data as { objectId: string; version: number };
      expect(route).toMatchObject({ name: '城南线', roleGroupId: deliveryGroup, manageRoleNames: ['delivery'], purchaserOrgIds: [SCHOOL_A_ORG], isDelete: 0 });
      routeId = route.objectId;
      routeVersion = route.version;
    },
  },
  {
    call: 'GET /v4/mall/route',
    request: async ({ server }) => ({ as: await supplier(server), path: '/v4/mall/route', query: { $limit: 50, $skip: 0 } }),
    check: (data) => expect((data as Rows<{ objectId: string }>).rows.map((r) => r.objectId)).toContain(routeId),
  },
  {
    call: 'GET /v4/mall/route/search',
    request: async ({ server }) => ({ as: await supplier(server), path: '/v4/mall/route/search', query: { keyword: '城南' } }),
    check: (data) => expect((data as Rows<{ name: string }>).rows.map((r) => r.name)).toEqual(['城南线']),
  },
  {
    call: 'PUT /v4/mall/route/{objectId}',
    request: async ({ server }) => ({
      as: await supplier(server), path: `/v4/mall/route/${routeId}`,
      body: { name: '城南一线', manageRoleNames: ['delivery'], purchaserOrgIds: [SCHOOL_A_ORG, 'org-mdzx'], sort: 3, remark: '每日 6:00 出车', version: routeVersion },
    }),
    check: (data) => expect(data).toMatchObject({ objectId: routeId, name: '城南一线', purchaserOrgIds: [SCHOOL_A_ORG, 'org-mdzx'], sort: 3 }),
  },
  {
    call: 'DELETE /v4/mall/route/{id}',
    request: async ({ server }) => ({ as: await supplier(server), path: `/v4/mall/route/${routeId}` }),
    check: async (data, { server }) => {
      expect(data).toEqual({ objectId: routeId });
      const left = await call<Rows<{ objectId: string }>>(server, 'GET', '/v4/mall/route', auth(await supplier(server)));
      expect(left.body.data.rows.map((r) => r.objectId)).not.toContain(routeId);
    },
  },

  // ---- products (§3 product: id, cid, productId, status, categoryId, isPackage) ----
  {
    call: 'POST /v4/mall/product',
    request: async ({ server }) => {
      vegetables = await categoryId(server, '蔬菜');
      return {
        as: await supplier(server), path: '/v4/mall/product',
        body: {
          name: '有机胡萝卜', cid: vegetables, categoryId: vegetables, status: 0, isPackage: 0, isUppershelf: 0, rawRipe: 'raw', unit: '斤', priceClass: 'dqbd',
          extraInfo: { origin: '山东寿光' },
          skus: [
            { name: '有机胡萝卜 500g', spec: '500g', unit: '斤', sort: 1, enable: 1, extraInfo: { barcode: '6901234567892' } },
            { name: '有机胡萝卜 5kg/箱', spec: '5kg/箱', unit: '箱', sort: 2, enable: 1, extraInfo: {} },
          ],
        },
      };
    },
    check: (data) => {
      const p = data as Product & { skus: Sku[] };
      expect(p).toMatchObject({ name: '有机胡萝卜', categoryId: vegetables, status: 0, isUppershelf: 0, unit: '斤', priceClass: 'dqbd', extraInfo: { origin: '山东寿光' } });
      expect(p.skus.map((s) => [s.name, s.unit])).toEqual([['有机胡萝卜 500g', '斤'], ['有机胡萝卜 5kg/箱', '箱']]);
      productId = p.id;
      skuIds = p.skus.map((s) => s.skuId);
    },
  },
  {
    call: 'PUT /v4/mall/product/{id}',
    request: async ({ server }) => ({
      as: await supplier(server), path: `/v4/mall/product/${productId}`,
      body: {
        name: '有机胡萝卜（精选）', cid: vegetables, categoryId: vegetables, status: 0, isPackage: 0, isUppershelf: 0, rawRipe: 'raw', unit: '斤', priceClass: 'dqbd',
        extraInfo: { origin: '山东寿光', grade: '一级' },
      },
    }),
    check: (data) => expect(data).toMatchObject({ id: productId, name: '有机胡萝卜（精选）', extraInfo: { origin: '山东寿光', grade: '一级' } }),
  },
  {
    call: 'PUT /v4/mall/product/batchupdate/approvalstatus',
    request: async ({ server }) => ({ as: await supplier(server), path: '/v4/mall/product/batchupdate/approvalstatus', body: { productIds: [productId], status: 1 } }),
    check: (data) => expect((data as Rows<Product>).rows.map((p) => [p.id, p.status])).toEqual([[productId, 1]]),
  },
  {
    call: 'PUT /v4/mall/product/package/uppershelf',
    request: async ({ server }) => ({ as: await supplier(server), path: '/v4/mall/product/package/uppershelf', body: { productIds: [productId], isUppershelf: 1 } }),
    check: (data) => expect((data as Rows<Product>).rows.map((p) => [p.id, p.isUppershelf])).toEqual([[productId, 1]]),
  },
  {
    call: 'GET /v4/mall/product',
    request: async ({ server }) => ({
      as: await supplier(server), path: '/v4/mall/product',
      query: { id: productId, categoryId: vegetables, name: '胡萝卜', isUppershelf: 1, status: 1, supplierId: SUPPLIER_ORG, isPackage: 0, $limit: 20, $skip: 0 },
    }),
    check: (data) => expect((data as Rows<Product>).rows.map((p) => p.name)).toEqual(['有机胡萝卜（精选）']),
  },
  {
    call: 'GET /v4/mall/product/count',
    // a school counts the goods on the shelf of a supplier it buys from
    request: async ({ server }) => ({ as: await school(server), path: '/v4/mall/product/count', query: { categoryId: vegetables, name: '有机胡萝卜', supplierId: SUPPLIER_ORG } }),
    check: (data) => expect(data).toEqual({ count: 1 }),
  },

  // ---- SKUs ----
  {
    call: 'POST /v4/mall/sku',
    request: async ({ server }) => ({
      as: await supplier(server), path: '/v4/mall/sku',
      body: { productId, name: '有机胡萝卜 2.5kg/袋', spec: '2.5kg/袋', unit: '袋', sort: 3, enable: 1, extraInfo: { barcode: '6901234567908' } },
    }),
    check: (data) => {
      const s = data as Sku;
      expect(s).toMatchObject({ productId, name: '有机胡萝卜 2.5kg/袋', spec: '2.5kg/袋', unit: '袋', sort: 3, enable: 1 });
      extraSkuId = s.skuId;
    },
  },
  {
    call: 'PUT /v4/mall/sku',
    request: async ({ server }) => ({
      as: await supplier(server), path: '/v4/mall/sku',
      body: { skuId: extraSkuId, name: '有机胡萝卜 2.5kg/袋（净菜）', spec: '2.5kg/袋', unit: '袋', sort: 4, enable: 1, extraInfo: { barcode: '6901234567908', washed: true } },
    }),
    check: (data) => expect(data).toMatchObject({ skuId: extraSkuId, name: '有机胡萝卜 2.5kg/袋（净菜）', sort: 4, extraInfo: { washed: true } }),
  },
  {
    call: 'GET /v4/mall/sku',
    request: async ({ server }) => ({
      as: await supplier(server), path: '/v4/mall/sku',
      query: { productId, skuId: [...skuIds, extraSkuId].join(','), supplierId: SUPPLIER_ORG, name: '有机胡萝卜', $limit: 60, $skip: 0 },
    }),
    check: (data) => expect((data as Rows<Sku>).rows.map((s) => s.skuId).sort()).toEqual([...skuIds, extraSkuId].sort()),
  },
  {
    call: 'GET /v4/mall/sku/ingredients',
    // the demo tomato's SKU is linked to the food 西红柿 (USDA 11529); the school reads it from its supplier
    request: async ({ server }) => ({ as: await school(server), path: '/v4/mall/sku/ingredients', query: { skuId: (await demoSku(server, '西红柿')).skuId } }),
    check: (data) => expect((data as Rows<{ foodId: string }>).rows.map((r) => r.foodId)).toEqual(['11529']),
  },
  {
    call: 'POST /v4/mall/bulk/productsku',
    request: async ({ server }) => ({
      as: await supplier(server), path: '/v4/mall/bulk/productsku',
      body: {
        skus: [
          { row: 1, productId, name: '有机胡萝卜 10kg/箱', spec: '10kg/箱', unit: '箱', sort: 5, enable: 1, extraInfo: {} },
          { row: 2, productId, name: '有机胡萝卜 1kg/袋', spec: '1kg/袋', unit: '袋', sort: 6, enable: 0, extraInfo: { seasonal: true } },
        ],
      },
    }),
    check: (data) => {
      const res = data as Rows<Sku>;
      expect(res.rows.map((s) => [s.name, s.enable])).toEqual([['有机胡萝卜 10kg/箱', 1], ['有机胡萝卜 1kg/袋', 0]]);
      bulkSkuIds = res.rows.map((s) => s.skuId);
    },
  },
  {
    call: 'PUT /v4/mall/bulk/productsku',
    request: async ({ server }) => ({
      as: await supplier(server), path: '/v4/mall/bulk/productsku',
      body: {
        skus: bulkSkuIds.map((skuId, i) => ({
          row: i + 1, skuId, name: `有机胡萝卜 ${i ? '1kg/袋' : '10kg/箱'}（冷链）`, spec: i ? '1kg/袋' : '10kg/箱', unit: i ? '袋' : '箱', sort: 7 + i, enable: 1,
          extraInfo: { coldChain: true },
        })),
      },
    }),
    check: (data) => expect((data as Rows<Sku>).rows.map((s) => [s.skuId, s.name, s.enable])).toEqual([
      [bulkSkuIds[0], '有机胡萝卜 10kg/箱（冷链）', 1], [bulkSkuIds[1], '有机胡萝卜 1kg/袋（冷链）', 1],
    ]),
  },
  {
    call: 'PUT /v5/mall/sku/relationlock/skustatus',
    request: async ({ server }) => ({ as: await supplier(server), path: '/v5/mall/sku/relationlock/skustatus', body: { skuIds: bulkSkuIds, enable: 0 } }),
    check: (data) => expect((data as Rows<Sku>).rows.map((s) => s.enable)).toEqual([0, 0]),
  },
  {
    call: 'GET /v4/mall/sku/log',
    request: async ({ server }) => ({ as: await supplier(server), path: '/v4/mall/sku/log', query: { skuId: extraSkuId, productId, $limit: 20, $skip: 0 } }),
    check: (data) => expect((data as Rows<{ type: string }>).rows.map((r) => r.type)).toEqual(['SkuUpdated', 'SkuCreated']),
  },
  {
    call: 'DELETE /v4/mall/sku',
    request: async ({ server }) => ({ as: await supplier(server), path: '/v4/mall/sku', body: { skuId: extraSkuId } }),
    check: async (data, { server }) => {
      expect(data).toEqual({ skuId: extraSkuId });
      const left = await call<Rows<Sku>>(server, 'GET', `/v4/mall/sku?productId=${productId}`, auth(await supplier(server)));
      expect(left.body.data.rows.map((s) => s.skuId)).not.toContain(extraSkuId);
    },
  },

  // ---- prices: the supplier prices, the bureau of the area approves, the school buys at the approved price ----
  {
    call: 'POST /v5/mall/sku/price',
    request: async ({ server }) => {
      const s = await supplier(server);
      const { withApproval, without } = await roleGroups(server);
      const row = (roleGroupId: string, price: number, marketAvg: number, isCheck: number) => ({
        skuId: skuIds[0], price, marketAvg, isCheck, startDate: '2026-01-01', endDate: '2027-12-31', roleGroupId, supplierId: s.orgApp!.orgId, enable: 1, isDelete: 0,
        extraInfo: { checkRemark: '', mallAvgPrice: marketAvg, isPriceNewCycle: true, isCheckRecord: false },
      });
      // pending for the school's group (approval on), effective at once for the group without approval
      return { as: s, path: '/v5/mall/sku/price', body: { startDate: '2026-01-01', skuPrice: [row(withApproval.roleGroupId, 3.6, 3.9, 0), row(without.roleGroupId, 3.9, 4.2, 1)] } };
    },
    check: (data) => {
      const rows = (data as Rows<Price>).rows;
      expect(rows.map((p) => [p.price, p.isCheck, p.marketAvg])).toEqual([[3.6, 0, 3.9], [3.9, 1, 4.2]]);
      [pendingPrice, openPrice] = rows;
    },
  },
  {
    call: 'GET /v5/mall/sku/price',
    // the bureau's approval queue: pending prices of a supplier of its area
    request: async ({ server }) => ({
      as: await bureau(server), path: '/v5/mall/sku/price',
      query: {
        isCheck: '0', supplierId: SUPPLIER_ORG, skuId: skuIds[0], productId, roleGroupId: pendingPrice!.roleGroupId, categoryId: vegetables, keyword: '胡萝卜',
        includeDeleted: 0, $limit: 20, $skip: 0,
      },
    }),
    check: (data) => {
      const rows = (data as Rows<Price>).rows;
      expect(rows.map((p) => p.id)).toEqual([pendingPrice!.id]);
      expect(rows[0]).toMatchObject({ marketAvg: 3.9, lastApprovedPrice: null });
    },
  },
  {
    call: 'PUT /v5/mall/sku/price',
    request: async ({ server }) => ({
      as: await bureau(server), path: '/v5/mall/sku/price',
      body: {
        isCheckPrice: true, isEduBureauOrg: true, eduBureauOrgArea: '城东区',
        skuPrice: [{ id: pendingPrice!.id, isCheck: 1, version: pendingPrice!.version, extraInfo: { checkRemark: '与市场均价相符' } }],
      },
    }),
    check: (data) => expect((data as Rows<Price>).rows[0]).toMatchObject({ id: pendingPrice!.id, isCheck: 1, status: 'effective' }),
  },
  {
    call: 'GET /v5/mall/sku/price/log',
    request: async ({ server }) => ({ as: await supplier(server), path: '/v5/mall/sku/price/log', query: { skuPriceId: pendingPrice!.id, skuId: skuIds[0], $limit: 20, $skip: 0 } }),
    check: (data) => expect((data as Rows<{ type: string; username: string }>).rows.map((r) => [r.type, r.username])).toEqual([
      ['SkuPriceDecided', DEMO.bureau], ['SkuPriceCreated', DEMO.supplier],
    ]),
  },
  {
    call: 'GET /v5/mall/sku/price/latest-price',
    request: async ({ server }) => ({ as: await school(server), path: '/v5/mall/sku/price/latest-price', query: { $groupby: 'skuId,roleGroupId', supplierId: SUPPLIER_ORG, skuId: skuIds.join(',') } }),
    check: (data) => expect((data as Rows<Price>).rows.map((p) => [p.id, p.price])).toEqual([[pendingPrice!.id, 3.6]]),
  },
  {
    call: 'GET /v5/mall/sku/price/searchprice',
    request: async ({ server }) => ({ as: await school(server), path: '/v5/mall/sku/price/searchprice', query: { keyword: '有机胡萝卜', supplierId: SUPPLIER_ORG } }),
    check: (data) => expect((data as Rows<Price & { productName: string }>).rows.map((p) => [p.productName, p.price])).toEqual([['有机胡萝卜（精选）', 3.6]]),
  },
  {
    call: 'DELETE /v5/mall/sku/price',
    request: async ({ server }) => ({ as: await supplier(server), path: '/v5/mall/sku/price', body: { skuPriceId: openPrice!.id } }),
    check: async (data, { server }) => {
      expect(data).toEqual({ count: 1 });
      const left = await call<Rows<Price>>(server, 'GET', `/v5/mall/sku/price?id=${openPrice!.id}`, auth(await supplier(server)));
      expect(left.body.data.rows).toEqual([]);
    },
  },
  {
    call: 'POST /v5/mall/sku/importprice',
    request: async ({ server }) => {
      const s = await supplier(server);
      const { withApproval } = await roleGroups(server);
      // a pending price the import withdraws (delPriceIds), and the sheet's row for the product's second SKU
      const old = await call<Rows<Price>>(server, 'POST', '/v5/mall/sku/price', { ...auth(s), body: { skuPrice: [{ skuId: skuIds[1], price: 32, roleGroupId: withApproval.roleGroupId }] } });
      return {
        as: s, path: '/v5/mall/sku/importprice',
        body: {
          remark: '十二月报价', eduOrgId: BUREAU_ORG, delPriceIds: [old.body.data.rows[0].id],
          skuPrice: [{
            row: 2, skuId: skuIds[1], price: 30.5, marketAvg: 31, isCheck: 0, startDate: '2026-12-01', endDate: '2027-06-30', roleGroupId: withApproval.roleGroupId,
            supplierId: s.orgApp!.orgId, enable: 1, isDelete: 0, extraInfo: { checkRemark: '', mallAvgPrice: 31, isPriceNewCycle: true, isCheckRecord: false },
          }],
        },
      };
    },
    check: (data) => {
      const res = data as { rows: Price[]; count: number; deleted: number };
      expect(res).toMatchObject({ count: 1, deleted: 1 });
      expect(res.rows[0]).toMatchObject({ skuId: skuIds[1], price: 30.5, isCheck: 0, extraInfo: { importRemark: '十二月报价', eduOrgId: BUREAU_ORG } });
    },
  },

  // ---- supplier links: the delivery centre starts buying from 鲜丰 ----
  {
    call: 'GET /v4/mall/supplier',
    request: async ({ server }) => ({ as: await school(server), path: '/v4/mall/supplier', query: { type: 'sxps', supplierOrgId: SUPPLIER_ORG, name: '鲜丰' } }),
    check: (data) => expect((data as Rows<{ supplierOrgId: string }>).rows).toEqual([expect.objectContaining({ supplierOrgId: SUPPLIER_ORG, typeName: '生鲜配送' })]),
  },
  {
    call: 'POST /v4/mall/supplier',
    request: async ({ server }) => {
      const { withApproval } = await roleGroups(server);
      return {
        as: await linkingAdmin(server), path: '/v4/mall/supplier',
        body: {
          supplierOrgId: SUPPLIER_ORG, name: '鲜丰食品（集采）', type: 'sxps', roleGroupId: withApproval.roleGroupId, status: 1, enable: 1,
          extraInfo: { remark: '月结', permissions: { categoryIds: [vegetables], priceEdit: true, order: true, delivery: true } },
        },
      };
    },
    check: (data) => {
      const link = data as { objectId: string; extraInfo: { permissions: { categoryIds: string[] } } };
      expect(link).toMatchObject({ supplierOrgId: SUPPLIER_ORG, name: '鲜丰食品（集采）', type: 'sxps', enable: 1 });
      expect(link.extraInfo.permissions.categoryIds).toEqual([vegetables]);
      linkId = link.objectId;
    },
  },
  {
    call: 'PUT /v4/mall/supplier/{objectId}',
    request: async ({ server }) => {
      const { withApproval } = await roleGroups(server);
      return {
        as: await linkingAdmin(server), path: `/v4/mall/supplier/${linkId}`,
        body: {
          name: '鲜丰食品供应有限公司', type: 'sxps', roleGroupId: withApproval.roleGroupId, status: 1, enable: 1,
          extraInfo: { remark: '月结，每月 5 日对账', permissions: { categoryIds: [], priceEdit: true, order: true, delivery: false } },
        },
      };
    },
    check: (data) => expect(data).toMatchObject({
      objectId: linkId, name: '鲜丰食品供应有限公司', extraInfo: { remark: '月结，每月 5 日对账', permissions: { categoryIds: [], delivery: false } },
    }),
  },

  // ---- imports, images, goods for recipe foods ----
  {
    call: 'POST /v4/mall/import/product',
    request: async ({ server }) => {
      const meat = await categoryId(server, '肉类');
      return {
        as: await supplier(server), path: '/v4/mall/import/product',
        body: {
          file: '十二月新品.xlsx', statusUpdatedPrductCIds: [meat],
          products: [
            {
              row: 2, name: '酱牛肉', categoryName: '肉类', unit: '斤', priceClass: 'cqwd', rawRipe: 'raw', isPackage: 0, isUppershelf: 1, status: 0, extraInfo: { origin: '内蒙古' },
              skus: [{ name: '酱牛肉 500g', spec: '500g', unit: '斤', sort: 1 }],
            },
            { row: 3, name: '土豆', categoryId: vegetables, unit: '斤', skus: [{ name: '土豆 500g', spec: '500g', unit: '斤' }, { name: '土豆 10kg/袋', spec: '10kg/袋', unit: '袋' }] },
          ],
        },
      };
    },
    // a new product, and the demo 土豆 updated (its SKU of the same name changed, one added)
    check: (data) => expect(data).toEqual({ created: 1, updated: 1, skus: 3 }),
  },
  {
    call: 'POST /v4/mall/import/productimage',
    request: async ({ server }) => ({
      as: await supplier(server), path: '/v4/mall/import/productimage',
      body: { products: [{ id: productId, images: ['https://img.example.com/goods/carrot-1.jpg', 'https://img.example.com/goods/carrot-2.jpg'] }, { name: '酱牛肉', images: ['/files/goods/beef.png'] }] },
    }),
    check: async (data, { server }) => {
      expect(data).toEqual({ count: 2 });
      const p = await call<Rows<Product>>(server, 'GET', `/v4/mall/product?id=${productId}`, auth(await supplier(server)));
      expect(p.body.data.rows[0].extraInfo.images).toEqual(['https://img.example.com/goods/carrot-1.jpg', 'https://img.example.com/goods/carrot-2.jpg']);
    },
  },
  {
    call: 'POST /v4/mall/recipe/initproduct',
    // 芋头 (11518) and 山药 (11601) are foods no demo good carries yet (server/seed/demoSkuFoods.ts)
    request: async ({ server }) => ({ as: await supplier(server), path: '/v4/mall/recipe/initproduct', body: { foodIds: ['11518', '11601'] } }),
    check: (data) => {
      const res = data as { created: Product[]; existing: unknown[] };
      expect(res.created.map((p) => [p.name, p.extraInfo.foodId]).sort()).toEqual([['山药', '11601'], ['芋头', '11518']]);
      expect(res.existing).toEqual([]);
    },
  },
  {
    call: 'POST /v4/mall/product/rawripe',
    request: async ({ server }) => {
      const s = await supplier(server);
      const beef = await call<Rows<Product>>(server, 'GET', `/v4/mall/product?name=${encodeURIComponent('酱牛肉')}`, auth(s));
      return { as: s, path: '/v4/mall/product/rawripe', body: { productIds: beef.body.data.rows.map((p) => p.id), rawRipe: 'ripe' } };
    },
    check: (data) => expect((data as Rows<Product>).rows.map((p) => [p.name, p.rawRipe])).toEqual([['酱牛肉', 'ripe']]),
  },
  {
    call: 'DELETE /v4/mall/product/{id}',
    request: async ({ server }) => ({ as: await supplier(server), path: `/v4/mall/product/${productId}` }),
    check: async (data, { server }) => {
      expect(data).toEqual({ id: productId });
      const s = await supplier(server);
      const left = await call<Rows<Product>>(server, 'GET', `/v4/mall/product?id=${productId}`, auth(s));
      expect(left.body.data.rows).toEqual([]);
      // its SKUs go with it
      const skus = await call<Rows<Sku>>(server, 'GET', `/v4/mall/sku?productId=${productId}`, auth(s));
      expect(skus.body.data.rows).toEqual([]);
    },
  },
];
