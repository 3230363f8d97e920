// Demo orders (issue 11), inside seedDemo's transaction. A second supplier, the delivery centre org-jcps, gets
// goods approved for its purchaser group (M1) and both demo schools link to it, so a school chooses between two
// suppliers; its route 城东线 (M7) names school A and the demo delivery user. Then about three weeks of orders
// (delivery days from two weeks back to one week ahead, weekdays) for each school with each supplier, taken through
// the order decider with the facts the server would gather, so every order obeys the rules a purchaser meets:
// old ones settled (one refused, one cancelled), the last days' received, yesterday's delivered, today's dispatched,
// tomorrow's confirmed, later ones submitted, the last a draft. Idempotent: a school that has orders is left alone.
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
import { orderDecider, orderStream, type LineChange, type OrderCommand } from '../../domain/aggregates/order.ts';
import { logisticsDecider, logisticsStream } from '../../domain/aggregates/logistics.ts';
import type { OrderParty } from '../../domain/order.ts';
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

const DAY = 86_400_000;
/** An instant on a China-time day (YYYY-MM-DD) at hour:minute. */
const at = (day: string, hour: number, minute = 0) => new Date(Date.parse(`${day}T00:00:00Z`) + ((hour - 8) * 60 + minute) * 60_000);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

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
  // weekdays, and the days from three back to tomorrow whatever day they are, so the in-between states are always there
  const days: string[] = [];
  for (let d = -14; d <= 7; d++) {
    const day = addDays(today, d);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if ((weekday !== 0 && weekday !== 6) || (d >= -3 && d <= 1)) days.push(day);
  }
  /** An instant of the story, never later than now (a minute before it for today's steps). */
  const past = (t: Date, minutesBefore: number) => (t < opts.now ? t : new Date(opts.now.getTime() - minutesBefore * 60_000));
  let orders = 0;
  for (const [s, school] of MALL_SCHOOL_ORGS.entries()) {
    for (const [k, sup] of suppliers.entries()) {
      const skus = (await tx.selectFrom('skus').select('sku_id').where('org_id', '=', sup.orgId).where('is_delete', '=', false).orderBy('created_at').orderBy('sku_id').execute()).map((r) => r.sku_id);
      // the SKUs the school may order now (an effective price); pending ones are left out
      const facts = await placingFacts(tx, school, sup.orgId, skus, opts.now);
      const priced = skus.filter((id) => facts.skus[id]?.price != null);
      if (!priced.length) continue;
      for (const [i, day] of days.entries()) {
        const n = 3 + ((i + s + k) % 3);
        const picked = Array.from({ length: n }, (_, j) => priced[(i * 5 + j * 3 + s * 7 + k) % priced.length]!).filter((v, j, all) => all.indexOf(v) === j);
        const items = picked.map((skuId, j) => ({ skuId, quantity: [2, 5, 10, 3, 1.5, 8][(i + j) % 6]! * (school === MALL_SCHOOL_ORGS[0] ? 1 : 2) }));
        const placedAt = past(at(addDays(day, -2), 10, (i * 7) % 60), 90 - i);
        const orderId = crypto.randomUUID();
        const streamId = orderStream(orderId);
        const run = async (command: OrderCommand, who: { user_id: string; username: string }, when: Date) => {
          await decideAndAppend(tx, {
            orgId: school, streamId, streamType: 'order', decider: orderDecider, command, meta: { ...opts.meta, userId: who.user_id, username: who.username, time: when.toISOString() },
          });
          events += 1;
        };
        const daysAhead = Math.round((Date.parse(day) - Date.parse(today)) / DAY);
        const isDraft = i === days.length - 1;
        await run({
          type: 'CreateOrder', by: 'school', draft: isDraft, items,
          // the demo prices hold from 2000 on: the facts gathered once stand for any day of the story
          facts: { ...facts, now: placedAt.toISOString() },
          order: {
            orderId, orderNo: `DD${dayOf(placedAt).replace(/-/g, '')}${String(100000 + orders).slice(-6)}`, orgName: orgNames.get(school) ?? '', supplierOrgId: sup.orgId,
            supplierName: orgNames.get(sup.orgId) ?? '', deliveryDate: day, remark: i % 4 === 0 ? '请早上 7 点前送到后门' : '', createdBy: purchaser.user_id, createdByName: purchaser.name,
          },
        }, purchaser, placedAt);
        orders += 1;
        if (isDraft || daysAhead >= 2) continue;
        const step = (type: Exclude<OrderCommand['type'], 'CreateOrder' | 'SubmitOrder'>, by: OrderParty, who: typeof purchaser, when: Date, extra: Record<string, unknown> = {}) =>
          run({ type, orderId, by, permissions: { order: true, delivery: true }, at: when.toISOString(), ...extra } as OrderCommand, who, when);
        const confirmedAt = past(at(addDays(day, -2), 15), 30);
        if (i === 1) { await step('RefuseOrder', 'supplier', sup.actor, confirmedAt, { reason: '该配送日线路停运' }); continue; }
        if (i === 3) { await step('CancelOrder', 'school', purchaser, at(addDays(day, -2), 11), { reason: '学校活动停餐' }); continue; }
        const refuseLine: LineChange[] = i % 5 === 2 && picked.length > 1 ? [{ skuId: picked[picked.length - 1]!, refused: true, reason: '当日缺货' }] : [];
        await step('ConfirmOrder', 'supplier', sup.actor, confirmedAt, { lines: refuseLine, supplierMayChangeQuantity: false });
        if (daysAhead >= 1) continue;
        await step('DispatchOrder', 'supplier', sup.driver, past(at(day, 6), 20));
        // today's are on the road
        if (daysAhead === 0) continue;
        await step('DeliverOrder', 'supplier', sup.driver, at(day, 8));
        // yesterday's wait to be received
        if (daysAhead === -1) continue;
        // what arrived: now and then a little short
        const received = items.filter((it) => !refuseLine.some((r) => r.skuId === it.skuId))
          .map((it, j) => ({ skuId: it.skuId, receivedQuantity: (i + j) % 4 === 0 ? Math.round(it.quantity * 0.9 * 1000) / 1000 : it.quantity, remark: (i + j) % 4 === 0 ? '称重短少' : '' }));
        await step('ReceiveOrder', 'school', purchaser, at(day, 9), { lines: received });
        if (daysAhead >= -3) continue;
        await step('SettleOrder', 'school', purchaser, at(addDays(day, 3), 16));
      }
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
