// Issue 34: the fruit mall's tables, projected from the fruit org's streams: the schools it serves (fruitOrg-<org>),
// and each order with one row per school day it delivers (fruitOrder-<id>). The order's status follows the decider's
// evolve (domain/aggregates/fruitOrder.ts): the projection asks the same paidStatusOf of the days it holds.
import { defineProjection } from '../../store/projections.ts';
import type { Tx } from '../../store/eventStore.ts';
import type { FruitSchoolsSet } from '../../../domain/aggregates/fruitOrg.ts';
import type {
  FruitOrderCancelled, FruitOrderDayDelivered, FruitOrderDayRefunded, FruitOrderPaid, FruitOrderPlaced, FruitOrderRefundRequested,
} from '../../../domain/aggregates/fruitOrder.ts';
import { paidStatusOf, type FruitDayStatus } from '../../../domain/fruitMall.ts';
import { sumAmounts } from '../../../domain/money.ts';

type Ev<T> = { data: T; orgId: string };

/** A day delivered or refunded: the day's row, then the order's status and refunded sum from its days. */
async function dayChanged(tx: Tx, orgId: string, orderId: string, day: string, status: FruitDayStatus, at: string) {
  await tx.updateTable('fruit_order_days').set({ status }).where('org_id', '=', orgId).where('order_id', '=', orderId).where('day', '=', day).execute();
  const days = await tx.selectFrom('fruit_order_days').select(['day', 'status', 'amount']).where('org_id', '=', orgId).where('order_id', '=', orderId).execute();
  const refunded = sumAmounts(days.filter((d) => d.status === 'refunded').map((d) => Number(d.amount)));
  await tx.updateTable('fruit_orders').set({
    status: paidStatusOf(Object.fromEntries(days.map((d) => [String(d.day), d.status as FruitDayStatus]))), refunded, updated_at: at,
  }).where('org_id', '=', orgId).where('id', '=', orderId).execute();
}

defineProjection({
  FruitSchoolsSet: async (tx, { data, orgId }: Ev<FruitSchoolsSet>) => {
    await tx.deleteFrom('fruit_schools').where('org_id', '=', orgId).execute();
    if (data.schoolOrgIds.length) {
      await tx.insertInto('fruit_schools').values(data.schoolOrgIds.map((s) => ({ org_id: orgId, school_org_id: s }))).execute();
    }
  },
  FruitOrderPlaced: async (tx, { data, orgId }: Ev<FruitOrderPlaced>) => {
    await tx.insertInto('fruit_orders').values({
      org_id: orgId, id: data.orderId, order_no: data.orderNo, member_phone: data.member.phone, member_org_id: data.member.orgId,
      member_user_id: data.member.userId, member_name: data.member.name, member_level: data.member.level, child_name: data.child.name,
      school_org_id: data.child.schoolOrgId, school_name: data.child.schoolName, grade: data.child.grade, class_name: data.child.className,
      sku_id: data.sku.skuId, product_id: data.sku.productId, sku_name: data.sku.name, spec: data.sku.spec, unit: data.sku.unit, plan: data.plan,
      quantity: data.quantity, unit_price: data.unitPrice, day_amount: data.dayAmount, amount: data.amount, refunded: 0, payment: data.payment,
      payment_ref: '', status: 'placed', idempotency_key: data.idempotency?.key ?? null, request_fingerprint: data.idempotency?.fingerprint ?? null,
      created_at: data.at, updated_at: data.at, list_amount: data.listAmount ?? null, discount: data.discount ?? 0,
      campaign_name: data.campaign?.name ?? null, groupon_id: data.grouponId ?? null,
    }).execute();
    // each day's row holds what that day was paid (after a campaign's discount), so revenue and refunds add up
    await tx.insertInto('fruit_order_days').values(data.days.map((day, i) => ({
      org_id: orgId, order_id: data.orderId, day, sku_id: data.sku.skuId, school_org_id: data.child.schoolOrgId, quantity: data.quantity,
      amount: data.dayAmounts?.[i] ?? data.dayAmount, status: 'pending',
    }))).execute();
  },
  FruitOrderPaid: async (tx, { data, orgId }: Ev<FruitOrderPaid>) => {
    await tx.updateTable('fruit_orders').set({ status: 'paid', payment_ref: data.paymentRef, updated_at: data.at })
      .where('org_id', '=', orgId).where('id', '=', data.orderId).execute();
  },
  FruitOrderCancelled: async (tx, { data, orgId }: Ev<FruitOrderCancelled>) => {
    await tx.updateTable('fruit_orders').set({ status: 'cancelled', updated_at: data.at }).where('org_id', '=', orgId).where('id', '=', data.orderId).execute();
  },
  FruitOrderDayDelivered: async (tx, { data, orgId }: Ev<FruitOrderDayDelivered>) => dayChanged(tx, orgId, data.orderId, data.day, 'delivered', data.at),
  FruitOrderRefundRequested: async (tx, { data, orgId }: Ev<FruitOrderRefundRequested>) => {
    await tx.updateTable('fruit_order_days').set({ refund_requested_at: data.at, refund_reason: data.reason })
      .where('org_id', '=', orgId).where('order_id', '=', data.orderId).where('day', '=', data.day).execute();
  },
  FruitOrderDayRefunded: async (tx, { data, orgId }: Ev<FruitOrderDayRefunded>) => dayChanged(tx, orgId, data.orderId, data.day, 'refunded', data.at),
});
