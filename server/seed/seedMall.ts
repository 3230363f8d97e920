// Demo goods and prices (issue 5), written as events inside seedDemo's transaction: the supplier org-xfsp's
// categories, 106 products with SKUs across grain, vegetables, meat, fish, fruit, tofu, eggs, dairy, oil and seasonings (every
// food the demo dishes use, issue 28), priced for
// its purchaser role group (M1, approval and modify limit on) and a second group without approval; the demo
// schools buy from it under the first group.
import crypto from 'node:crypto';
import { appendToStream, streamVersion, type EventMeta, type NewEvent, type Tx } from '../store/eventStore.ts';
import { streams } from '../modules/users/streams.ts';
import { mallStreams } from '../modules/mall/streams.ts';
import { categoryStream } from '../modules/categories/routes.ts';
import type { CategoryCreated } from '../../domain/aggregates/category.ts';
import type { MallSupplierCreated, ProductCreated, SkuCreated, SkuPriceCreated } from '../modules/mall/projection.ts';
import type { RoleGroupCreated } from '../modules/roles/projection.ts';
import { DEFAULT_PRICE_END, DEFAULT_PRICE_START, IS_CHECK } from '../../domain/priceApproval.ts';
import { demoSkuFoodEvents } from './demoSkuFoods.ts';

export const MALL_SUPPLIER_ORG = 'org-xfsp';
export const MALL_SCHOOL_ORGS = ['org-ygsy', 'org-mdzx'];

/** [product, unit, price for the M1 group, spec] per category; the second group pays about 8% more. */
export const DEMO_GOODS: Record<string, [string, string, number, string][]> = {
  粮食: [
    ['东北大米', '袋', 62.5, '10kg/袋'], ['五常稻花香大米', '袋', 89.9, '10kg/袋'], ['特一级面粉', '袋', 38, '10kg/袋'], ['挂面', '包', 6.8, '1kg/包'],
    ['小米', '斤', 5.5, '500g'], ['玉米糁', '斤', 3.2, '500g'], ['糯米', '斤', 4.6, '500g'], ['燕麦片', '袋', 18.9, '1kg/袋'],
    // issue 28: every food the demo dishes use is sold, priced and approved (the pending grains above keep an approved twin)
    ['标准面粉', '袋', 92, '25kg/袋'], ['黄小米', '袋', 26, '5kg/袋'], ['玉米面', '袋', 14.5, '5kg/袋'], ['籼米', '袋', 55, '10kg/袋'], ['糙米', '袋', 9.8, '1kg/袋'],
    ['鲜面条', '斤', 3, '500g'], ['玉米淀粉', '袋', 4.5, '500g/袋'], ['绿豆', '斤', 5.8, '500g'], ['红小豆', '斤', 6.5, '500g'],
  ],
  蔬菜: [
    ['大白菜', '斤', 1.2, '500g'], ['土豆', '斤', 1.8, '500g'], ['西红柿', '斤', 3.5, '500g'], ['黄瓜', '斤', 2.8, '500g'], ['胡萝卜', '斤', 1.6, '500g'],
    ['青椒', '斤', 3.9, '500g'], ['菠菜', '斤', 4.2, '500g'], ['西兰花', '斤', 5.6, '500g'], ['洋葱', '斤', 1.9, '500g'], ['冬瓜', '斤', 1.1, '500g'],
    ['茄子', '斤', 3.3, '500g'], ['生菜', '斤', 3.8, '500g'], ['豆芽', '斤', 2.2, '500g'], ['香菇', '斤', 9.8, '500g'],
    ['四季豆', '斤', 4.5, '500g'], ['大蒜', '斤', 6, '500g'], ['生姜', '斤', 6.5, '500g'], ['小葱', '斤', 4, '500g'], ['丝瓜', '斤', 3.6, '500g'],
    ['芹菜', '斤', 2.6, '500g'], ['小白菜', '斤', 2.4, '500g'], ['卷心菜', '斤', 1.5, '500g'], ['红辣椒', '斤', 5.2, '500g'], ['白萝卜', '斤', 1.2, '500g'],
    ['南瓜', '斤', 1.6, '500g'], ['红薯', '斤', 1.8, '500g'], ['甜玉米', '斤', 2.5, '500g'], ['青豌豆', '斤', 6, '500g'], ['鲜黑木耳', '斤', 7, '500g'],
    ['鲜海带', '斤', 3, '500g'], ['鲜紫菜', '斤', 12, '500g'],
  ],
  肉类: [
    ['猪里脊肉', '斤', 18.8, '500g'], ['猪五花肉', '斤', 16.5, '500g'], ['猪肋排', '斤', 26, '500g'], ['牛腩', '斤', 42, '500g'], ['牛里脊', '斤', 56, '500g'],
    ['鸡胸肉', '斤', 11.5, '500g'], ['鸡腿', '斤', 12.8, '500g'], ['鸡翅中', '斤', 24.5, '500g'], ['羊肉卷', '盒', 35, '500g/盒'], ['草鱼', '斤', 9.6, '500g'],
    ['带鱼段', '斤', 22, '500g'],
    ['猪瘦肉', '斤', 17.5, '500g'], ['猪肉末', '斤', 15.8, '500g'], ['牛腱子肉', '斤', 45, '500g'], ['去皮鸭肉', '斤', 14, '500g'],
  ],
  水产: [['鳕鱼块', '斤', 38, '500g'], ['鲈鱼', '斤', 26, '500g'], ['鲜虾', '斤', 32, '500g'], ['冻虾仁', '袋', 36, '1kg/袋']],
  水果: [
    ['苹果', '斤', 4.8, '500g'], ['香蕉', '斤', 3.5, '500g'], ['橙子', '斤', 4.2, '500g'], ['梨', '斤', 3.6, '500g'], ['葡萄', '斤', 7.5, '500g'],
    ['猕猴桃', '斤', 6.8, '500g'], ['草莓', '斤', 12, '500g'], ['蓝莓', '盒', 15.8, '125g/盒'], ['柠檬', '斤', 6, '500g'], ['红枣', '袋', 16.8, '500g/袋'],
  ],
  豆制品: [['北豆腐', '斤', 3.2, '500g'], ['南豆腐', '盒', 2.8, '400g/盒'], ['内酯豆腐', '盒', 2.5, '350g/盒']],
  蛋类: [['鲜鸡蛋', '板', 16.8, '30枚/板'], ['土鸡蛋', '盒', 29.9, '20枚/盒'], ['鲜鸭蛋', '板', 21, '30枚/板'], ['鹌鹑蛋', '盒', 12.5, '50枚/盒'], ['液态蛋清', '盒', 18, '1kg/盒']],
  乳制品: [
    ['纯牛奶', '箱', 58, '250ml×24盒'], ['学生饮用奶', '箱', 52, '200ml×24盒'], ['原味酸奶', '箱', 66, '200g×20杯'], ['奶酪棒', '包', 19.9, '500g/包'],
    ['高钙牛奶', '箱', 62, '250ml×24盒'], ['豆浆', '瓶', 4.5, '1L/瓶'], ['低脂牛奶', '箱', 60, '250ml×24盒'],
  ],
  食用油: [
    ['压榨花生油', '桶', 129, '5L/桶'], ['非转基因大豆油', '桶', 68, '5L/桶'], ['菜籽油', '桶', 79, '5L/桶'], ['玉米胚芽油', '桶', 72, '5L/桶'],
    ['芝麻香油', '瓶', 22.8, '400ml/瓶'],
  ],
  调味品: [
    ['食用盐', '袋', 2.5, '400g/袋'], ['白砂糖', '袋', 6.8, '1kg/袋'], ['生抽酱油', '瓶', 12.5, '1.9L/瓶'], ['老抽酱油', '瓶', 11.8, '1.9L/瓶'],
    ['米醋', '瓶', 8.9, '1.75L/瓶'], ['蚝油', '瓶', 9.8, '700g/瓶'], ['郫县豆瓣酱', '袋', 7.5, '500g/袋'], ['鸡精', '袋', 15.6, '1kg/袋'], ['蜂蜜', '瓶', 28, '500g/瓶'],
  ],
};

/** How many of the M1 prices stay pending, so the approval queue has work in the demo. */
export const DEMO_PENDING_PRICES = 6;

export interface SeedMallOptions { now: Date; meta: EventMeta }

export async function seedMall(tx: Tx, opts: SeedMallOptions): Promise<{ products: number; skus: number; prices: number; events: number }> {
  const { meta } = opts;
  const at = opts.now.toISOString();
  let events = 0;
  const append = async (orgId: string, streamId: string, streamType: string, list: NewEvent[], expectedVersion = 0) => {
    await appendToStream(tx, { orgId, streamId, streamType, expectedVersion, events: list, meta });
    events += list.length;
  };
  const org = MALL_SUPPLIER_ORG;
  const m1 = await tx.selectFrom('role_groups').selectAll().where('org_id', '=', org).where('code', '=', 'M1').orderBy('sort').executeTakeFirstOrThrow();
  // §3 role group config: approval and the modify limit within the current week
  const m1Config = { ...(m1.config as object), priceApprovalEnable: true, priceModifyLimitEnable: true, priceApprovalTimeRule: '0w', priceApprovalGroup: null };
  await append(org, streams.roleGroup(m1.role_group_id), 'roleGroup', [{ type: 'RoleGroupUpdated', data: { roleGroupId: m1.role_group_id, config: m1Config } }],
    await streamVersion(tx, streams.roleGroup(m1.role_group_id)));
  const second: RoleGroupCreated = {
    roleGroupId: crypto.randomUUID(), groupName: '社会餐饮客户', code: 'M1', sort: m1.sort + 10, manageRoleNames: m1.manage_role_names,
    config: { priceApprovalEnable: false, priceModifyLimitEnable: false, priceApprovalTimeRule: '', priceApprovalGroup: null },
  };
  await append(org, streams.roleGroup(second.roleGroupId), 'roleGroup', [{ type: 'RoleGroupCreated', data: { ...second } }]);

  for (const school of MALL_SCHOOL_ORGS) {
    const link: MallSupplierCreated = {
      objectId: crypto.randomUUID(), supplierOrgId: org, name: '鲜丰食品供应有限公司', type: 'sxps', roleGroupId: m1.role_group_id, status: 1, enable: true, extraInfo: {},
    };
    await append(school, mallStreams.supplier(link.objectId), 'mallSupplier', [{ type: 'MallSupplierCreated', data: { ...link } }]);
  }

  let products = 0;
  let skus = 0;
  let prices = 0;
  let sort = 0;
  for (const [categoryName, goods] of Object.entries(DEMO_GOODS)) {
    const category: CategoryCreated = {
      id: crypto.randomUUID(), appId: '', parentId: '-1', name: categoryName, groupName: 'mallProduct', enable: true, sort: sort++, isPackage: false, extraInfo: {},
    };
    await append(org, categoryStream(category.id), 'category', [{ type: 'CategoryCreated', data: { ...category } }]);
    for (const [name, unit, price, spec] of goods) {
      const product: ProductCreated = {
        id: crypto.randomUUID(), name, cid: category.id, categoryId: category.id, status: 1, isPackage: false, isUppershelf: true, rawRipe: 'raw', unit,
        priceClass: ['蔬菜', '肉类', '水产', '水果', '豆制品'].includes(categoryName) ? 'dqbd' : 'cqwd', extraInfo: {}, at,
      };
      const sku: SkuCreated = { skuId: crypto.randomUUID(), productId: product.id, name: `${name} ${spec}`, spec, unit, sort: 99, enable: true, extraInfo: {}, at };
      await append(org, mallStreams.product(product.id), 'product', [{ type: 'ProductCreated', data: { ...product } }]);
      await append(org, mallStreams.sku(sku.skuId), 'sku', [{ type: 'SkuCreated', data: { ...sku } }, ...demoSkuFoodEvents(name, sku.skuId)]);
      products += 1;
      skus += 1;
      const pending = products <= DEMO_PENDING_PRICES;
      const base = { skuId: sku.skuId, productId: product.id, supplierId: org, startDate: DEFAULT_PRICE_START, endDate: DEFAULT_PRICE_END, enable: true, at };
      const forM1: SkuPriceCreated = {
        ...base, id: crypto.randomUUID(), roleGroupId: m1.role_group_id, price, marketAvg: Math.round(price * 105) / 100,
        isCheck: pending ? IS_CHECK.pending : IS_CHECK.approved, extraInfo: { isPriceNewCycle: true },
      };
      const forSecond: SkuPriceCreated = {
        ...base, id: crypto.randomUUID(), roleGroupId: second.roleGroupId, price: Math.round(price * 108) / 100, marketAvg: null, isCheck: IS_CHECK.approved,
        extraInfo: { isPriceNewCycle: true },
      };
      for (const p of [forM1, forSecond]) {
        await append(org, mallStreams.price(p.id), 'skuprice', [{ type: 'SkuPriceCreated', data: { ...p } }]);
        prices += 1;
      }
    }
  }
  return { products, skus, prices, events };
}
