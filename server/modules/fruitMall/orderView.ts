// Issue 34: fruit orders as the contract shows them (contracts/fruitMall.ts FruitOrderRow), for the fruit org's
// screens and the member's "my orders" alike; `actions` are what the reader may do now (domain fruitOrderActionsFor).
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { streamVersionOf } from '../../store/versions.ts';
import type { FruitOrderRow } from '../../../contracts/fruitMall.ts';
import { fruitOrderActionsFor, type FruitDayStatus, type FruitOrderStatus, type FruitPayment, type FruitPlan } from '../../../domain/fruitMall.ts';

export const ORDER_COLUMNS = [
  'f.org_id', 'f.id', 'f.order_no', 'f.member_name', 'f.member_phone', 'f.member_level', 'f.child_name', 'f.school_org_id', 'f.school_name', 'f.grade',
  'f.class_name', 'f.sku_id', 'f.sku_name', 'f.spec', 'f.unit', 'f.plan', 'f.quantity', 'f.unit_price', 'f.amount', 'f.refunded', 'f.payment', 'f.status',
  'f.created_at', 'o.name as fruit_org_name', 'f.list_amount', 'f.discount', 'f.campaign_name', 'f.groupon_id',
] as const;

/** Orders joined with their fruit org's name (alias f, o). */
export const ordersFrom = (db: Kysely<Database>) =>
  db.selectFrom('fruit_orders as f').innerJoin('orgs as o', 'o.org_id', 'f.org_id');

type OrderQuery = ReturnType<typeof ordersFrom>;
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const select = (q: OrderQuery) => q.select([...ORDER_COLUMNS, streamVersionOf('f', 'fruitOrder', 'id').as('version')]);

export async function orderRows(db: Kysely<Database>, q: OrderQuery, party: 'member' | 'fruit', page?: { limit: number; offset: number }): Promise<FruitOrderRow[]> {
  let s: SelectQueryBuilder<never, never, Row> = select(q).orderBy('f.created_at', 'desc').orderBy('f.id', 'desc') as never;
  if (page) s = s.limit(page.limit).offset(page.offset);
  const rows = await s.execute();
  if (!rows.length) return [];
  const days = await db.selectFrom('fruit_order_days').select(['org_id', 'order_id', 'day', 'status', 'refund_requested_at'])
    .where((eb) => eb.or(rows.map((r) => eb.and([eb('org_id', '=', r.org_id), eb('order_id', '=', r.id)]))))
    .orderBy('day').execute();
  return rows.map((r) => {
    const own = days.filter((d) => d.org_id === r.org_id && d.order_id === r.id).map((d) => ({ day: String(d.day), status: d.status as FruitDayStatus, refundRequested: d.refund_requested_at !== null }));
    const facts = { status: r.status as FruitOrderStatus, payment: r.payment as FruitPayment, days: Object.fromEntries(own.map((d) => [d.day, d.status])) };
    return {
      orderId: r.id, orderNo: r.order_no, fruitOrgId: r.org_id, fruitOrgName: r.fruit_org_name, memberName: r.member_name, memberPhone: r.member_phone,
      memberLevel: r.member_level, childName: r.child_name, schoolOrgId: r.school_org_id, schoolName: r.school_name, grade: r.grade, className: r.class_name,
      skuId: r.sku_id, skuName: r.sku_name, spec: r.spec, unit: r.unit, plan: r.plan as FruitPlan, quantity: r.quantity, unitPrice: Number(r.unit_price),
      amount: Number(r.amount), refunded: Number(r.refunded), listAmount: Number(r.list_amount ?? r.amount), discount: Number(r.discount),
      campaignName: r.campaign_name, grouponId: r.groupon_id, payment: r.payment as FruitPayment, status: r.status as FruitOrderStatus, days: own,
      actions: fruitOrderActionsFor(facts, party), createdAt: r.created_at.toISOString(), version: Number(r.version ?? 0),
    };
  });
}
