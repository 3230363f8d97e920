// Demo orders (issue 11), inside seedDemo's transaction. A second supplier, the delivery centre org-jcps, gets
// goods approved for its purchaser group (M1) and both demo schools link to it, so a school chooses between two
// suppliers; its route 城东线 (M7) names school A and the demo delivery user. Then about three weeks of orders for
// each school with each supplier (demoOrderPlan.ts says which, on any day), taken through the order decider with the
// facts the server would gather, so every order obeys the rules a purchaser meets. Idempotent: a school that has
// orders is left alone.
import crypto from 'node:crypto';
import { appendToStream, type EventMeta, type NewEvent, type Tx } from '../store/eventStore.ts';
import { decideAndAppend } from '../store/command.ts';
import { demoSkuFoodEvents } from './demoSkuFoods.ts';
import { mallStreams } from '../modules/mall/streams.ts';
import { categoryStream } from '../modules/categories/routes.ts';
import { routeStream } from '../modules/mall/routeRoutes.ts';
import { placingFacts } from '../modules/orders/access.ts';
import type { CategoryCreated } from '../../domain/aggregates/category.ts';
import type { MallSupplierCreated, ProductCreated, SkuCreated, SkuPriceCreated } from '../modules/mall/projection.ts';
import type { MallRouteCreated } from '../../domain/aggregates/deliveryRoute.ts';
import { orderDecider, orderStream } from '../../domain/aggregates/order.ts';
import { demoOrders } from './demoOrderPlan.ts';
import { logisticsDecider, logisticsStream } from '../../domain/aggregates/logistics.ts';
import { DEFAULT_PRICE_END, DEFAULT_PRICE_START, IS_CHECK } from '../../domain/priceApproval.ts';
import { dayOf } from '../../domain/priceCycle.ts';
import { MALL_SCHOOL_ORGS, MALL_SUPPLIER_ORG } from './seedMall.ts';

export const SECOND_SUPPLIER_ORG = 'org-jcps';
const SECOND_SUPPLIER_NAME = '集采配送中心';

/** [product, unit, price, spec] per category of the second supplier: fewer goods, some also sold by the first. */
const SECOND_GOODS: Record<string, [string, string, number, string][]> = {
  生鲜蔬菜: [['大白菜', '斤', 1.1, '500g'], ['土豆', '斤', 1.7, '500g'], ['西红柿', '斤', 3.6, '500g'], ['黄瓜', '斤', 2.6, '500g'], ['胡萝卜', '斤', 1.5, '500g'], ['菠菜', '斤', 4.0, '500g']],
  肉禽蛋: [['猪里脊肉', '斤', 18.5, '500g'], ['鸡胸肉', '斤', 11.2, '500g'], ['鲜鸡蛋', '板', 17.2, '30枚/板'], ['牛腩', '斤', 43, '500g']],
  粮油: [['东北大米', '袋', 61, '10kg/袋'], ['非转基因大豆油', '桶', 66, '5L/桶']],
};

export interface SeedOrdersOptions { now: Date; meta: EventMeta }


export async function seedOrders(tx: Tx, opts: SeedOrdersOptions): Promise<{ orders: number; events: number }> {
  let events = 0;
  const append = async (orgId: string, streamId: string, streamType: string, list: NewEvent[]) => {
    await appendToStream(tx, { orgId, streamId, streamType, expectedVersion: 0, events: list, meta: opts.meta });
    events += list.length;
  };
  const existing = await tx.selectFrom('orders').select('org_id').where('org_id', 'in', MALL_SCHOOL_ORGS).limit(1).execute();
  if (existing.length) return { orders: 0, events: 0 };
  const user = (username: string) => tx.selectFrom('users').select(['user_id', 'name', 'username']).where('username', '=', username).executeTakeFirstOrThrow();
  const [purchaser, supplierUser, deliveryUser] = await Promise.all([user('13800000002'), user('13800000003'), user('13800000004')]);
  const stamp = opts.now.toISOString();

  // the second supplier's goods, approved for its purchaser group (no approval configured there)
  const m1 = await tx.selectFrom('role_groups').select('role_group_id').where('org_id', '=', SECOND_SUPPLIER_ORG).where('code', '=', 'M1').orderBy('sort').executeTakeFirstOrThrow();
  let sort = 0;
  for (const [categoryName, goods] of Object.entries(SECOND_GOODS)) {
    const category: CategoryCreated = {
      id: crypto.randomUUID(), appId: '', parentId: '-1', name: categoryName, groupName: 'mallProduct', enable: true, sort: sort++, isPackage: false, extraInfo: {},
    };
    await append(SECOND_SUPPLIER_ORG, categoryStream(category.id), 'category', [{ type: 'CategoryCreated', data: { ...category } }]);
    for (const [name, unit, price, spec] of goods) {
      const product: ProductCreated = {
        id: crypto.randomUUID(), name, cid: category.id, categoryId: category.id, status: 1, isPackage: false, isUppershelf: true, rawRipe: 'raw', unit,
        priceClass: 'dqbd', extraInfo: {}, at: stamp,
      };
      const sku: SkuCreated = { skuId: crypto.randomUUID(), productId: product.id, name: `${name} ${spec}`, spec, unit, sort: 99, enable: true, extraInfo: {}, at: stamp };
      const p: SkuPriceCreated = {
        id: crypto.randomUUID(), skuId: sku.skuId, productId: product.id, supplierId: SECOND_SUPPLIER_ORG, roleGroupId: m1.role_group_id, price, marketAvg: null,
        isCheck: IS_CHECK.approved, startDate: DEFAULT_PRICE_START, endDate: DEFAULT_PRICE_END, enable: true, extraInfo: { isPriceNewCycle: true }, at: stamp,
      };
      await append(SECOND_SUPPLIER_ORG, mallStreams.product(product.id), 'product', [{ type: 'ProductCreated', data: { ...product } }]);
      await append(SECOND_SUPPLIER_ORG, mallStreams.sku(sku.skuId), 'sku', [{ type: 'SkuCreated', data: { ...sku } }, ...demoSkuFoodEvents(name, sku.skuId)]);
      await append(SECOND_SUPPLIER_ORG, mallStreams.price(p.id), 'skuprice', [{ type: 'SkuPriceCreated', data: { ...p } }]);
    }
  }
  for (const school of MALL_SCHOOL_ORGS) {
    const link: MallSupplierCreated = {
      objectId: crypto.randomUUID(), supplierOrgId: SECOND_SUPPLIER_ORG, name: SECOND_SUPPLIER_NAME, type: 'sxps', roleGroupId: m1.role_group_id, status: 1, enable: true, extraInfo: {},
    };
    await append(school, mallStreams.supplier(link.objectId), 'mallSupplier', [{ type: 'MallSupplierCreated', data: { ...link } }]);
  }
  // §6 M7: the route of the delivery centre that the demo delivery user drives, serving school A
  const m7 = await tx.selectFrom('role_groups').select('role_group_id').where('org_id', '=', SECOND_SUPPLIER_ORG).where('code', '=', 'M7').executeTakeFirst();
  const route: MallRouteCreated = {
    objectId: crypto.randomUUID(), name: '城东线', roleGroupId: m7?.role_group_id ?? null, manageRoleNames: ['delivery'], purchaserOrgIds: [MALL_SCHOOL_ORGS[0]!],
    deliveryUserIds: [deliveryUser.user_id], sort: 1, remark: '每日 6:00 出车', at: stamp,
  };
  await append(SECOND_SUPPLIER_ORG, routeStream(route.objectId), 'mallRoute', [{ type: 'MallRouteCreated', data: { ...route } }]);

  // the orders, through the decider
  const orgNames = new Map((await tx.selectFrom('orgs').select(['org_id', 'name']).execute()).map((o) => [o.org_id, o.name]));
  const suppliers = [
    { orgId: MALL_SUPPLIER_ORG, actor: supplierUser, driver: supplierUser },
    { orgId: SECOND_SUPPLIER_ORG, actor: supplierUser, driver: deliveryUser },
  ];
  const today = dayOf(opts.now);
  let orders = 0;
  for (const [s, school] of MALL_SCHOOL_ORGS.entries()) {
    for (const [k, sup] of suppliers.entries()) {
      const skus = (await tx.selectFrom('skus').select('sku_id').where('org_id', '=', sup.orgId).where('is_delete', '=', false).orderBy('created_at').orderBy('sku_id').execute()).map((r) => r.sku_id);
      // the SKUs the school may order now (an effective price); pending ones are left out
      const facts = await placingFacts(tx, school, sup.orgId, skus, opts.now);
      const planned = demoOrders({
        now: opts.now, schoolIndex: s, supplierIndex: k, quantityFactor: school === MALL_SCHOOL_ORGS[0] ? 1 : 2,
        priced: skus.filter((id) => facts.skus[id]?.price != null), facts, purchaser, actor: sup.actor, driver: sup.driver,
        order: { orgName: orgNames.get(school) ?? '', supplierOrgId: sup.orgId, supplierName: orgNames.get(sup.orgId) ?? '' },
        firstNumber: orders, newId: () => crypto.randomUUID(),
      });
      for (const order of planned) {
        for (const { command, who, when } of order.commands) {
          await decideAndAppend(tx, {
            orgId: school, streamId: orderStream(order.orderId), streamType: 'order', decider: orderDecider, command,
            meta: { ...opts.meta, userId: who.user_id, username: who.username, time: when.toISOString() },
          });
          events += 1;
        }
      }
      orders += planned.length;
    }
  }
  // today's delivery of the delivery centre on 城东线 (mallDeliveryManage): school A's orders on the road, no stop marked yet
  const todays = await tx.selectFrom('orders').select(['id', 'order_no', 'org_id', 'org_name']).where('org_id', 'in', route.purchaserOrgIds)
    .where('supplier_org_id', '=', SECOND_SUPPLIER_ORG).where('delivery_date', '=', today).where('status', '=', 'dispatched').orderBy('order_no').execute();
  if (todays.length) {
    const id = crypto.randomUUID();
    await decideAndAppend(tx, {
      orgId: SECOND_SUPPLIER_ORG, streamId: logisticsStream(id), streamType: 'logistics', decider: logisticsDecider,
      meta: { ...opts.meta, userId: supplierUser.user_id, username: supplierUser.username, time: stamp },
      command: {
        type: 'CreateLogistics', routeInvalid: false, invalidOrders: [], takenOrders: [],
        logistics: {
          id, deliveryDate: today, routeId: route.objectId, routeName: route.name, vehicle: '沪D·36512 厢式货车', driverName: deliveryUser.name, driverPhone: '13800000004',
          remark: '', stops: todays.map((o) => ({ orderId: o.id, orderNo: o.order_no, schoolOrgId: o.org_id, schoolName: o.org_name })), at: stamp,
        },
      },
    });
    events += 1;
  }
  return { orders, events };
}
