// Orders (issue 11), projected from the order streams of the school that placed them: the order row (status,
// amounts of the open and of the received lines, the search keyword) and one row per line. Amounts are the
// domain's (domain/money.ts lineAmount: quantity × price to the fen); an order's totals are the sums of its lines.
import { sql } from 'kysely';
import { defineProjection } from '../../store/projections.ts';
import type { Tx } from '../../store/eventStore.ts';
import { lineAmount } from '../../../domain/money.ts';
import type {
  OrderConfirmed, OrderCreated, OrderReasoned, OrderReceived, OrderSettingsSet, OrderStepped, OrderSubmitted,
} from '../../../domain/aggregates/order.ts';
import { ORDER_TRANSITIONS } from '../../../domain/order.ts';

type Ev<T> = { data: T; orgId: string };

/** The order's totals again from its lines, with its new status. */
async function totals(tx: Tx, orgId: string, orderId: string, set: { status: string; at: string; reason?: string; submitted?: boolean }) {
  await tx.updateTable('orders').set({
    status: set.status, updated_at: set.at,
    ...(set.reason !== undefined && { reason: set.reason }),
    ...(set.submitted && { submitted_at: set.at }),
    amount: sql<string>`(SELECT coalesce(sum(l.amount), 0) FROM order_lines l WHERE l.org_id = ${orgId} AND l.order_id = ${orderId} AND l.status = 'open')`,
    received_amount: sql<string | null>`(SELECT sum(l.received_amount) FROM order_lines l WHERE l.org_id = ${orgId} AND l.order_id = ${orderId} AND l.status = 'open')`,
  }).where('org_id', '=', orgId).where('id', '=', orderId).execute();
}

async function prices(tx: Tx, orgId: string, orderId: string) {
  const rows = await tx.selectFrom('order_lines').select(['sku_id', 'price', 'quantity']).where('org_id', '=', orgId).where('order_id', '=', orderId).execute();
  return new Map(rows.map((r) => [r.sku_id, { price: Number(r.price ?? 0), quantity: Number(r.quantity) }]));
}

const step = (status: string) => async (tx: Tx, { data, orgId }: Ev<OrderStepped>) => {
  await tx.updateTable('orders').set({ status, updated_at: data.at }).where('org_id', '=', orgId).where('id', '=', data.orderId).execute();
};
const reasoned = (status: string) => async (tx: Tx, { data, orgId }: Ev<OrderReasoned>) => {
  await tx.updateTable('orders').set({ status, reason: data.reason, updated_at: data.at }).where('org_id', '=', orgId).where('id', '=', data.orderId).execute();
};

defineProjection({
  OrderCreated: async (tx, { data, orgId }: Ev<OrderCreated>) => {
    const keyword = [data.orderNo, data.orgName, data.supplierName, ...new Set(data.lines.map((l) => l.productName))].join(' ');
    await tx.insertInto('orders').values({
      org_id: orgId, id: data.orderId, order_no: data.orderNo, org_name: data.orgName, supplier_org_id: data.supplierOrgId, supplier_name: data.supplierName,
      delivery_date: data.deliveryDate, status: data.status, amount: 0, received_amount: null, line_count: data.lines.length, remark: data.remark, reason: '',
      keyword, created_by: data.createdBy, created_by_name: data.createdByName, created_at: data.at, submitted_at: data.status === 'submitted' ? data.at : null,
      updated_at: data.at, idempotency_key: data.idempotency?.key ?? null, request_fingerprint: data.idempotency?.fingerprint ?? null,
    }).execute();
    await tx.insertInto('order_lines').values(data.lines.map((l, i) => ({
      org_id: orgId, order_id: data.orderId, sku_id: l.skuId, sort: i, product_id: l.productId, product_name: l.productName, sku_name: l.skuName,
      spec: l.spec, unit: l.unit, category_id: l.categoryId, quantity: l.quantity, price: l.price, amount: l.price === null ? 0 : lineAmount(l.price, l.quantity),
      status: 'open', refuse_reason: '', remark: '',
    }))).execute();
    await totals(tx, orgId, data.orderId, { status: data.status, at: data.at });
  },
  OrderSubmitted: async (tx, { data, orgId }: Ev<OrderSubmitted>) => {
    const lines = await prices(tx, orgId, data.orderId);
    for (const p of data.prices) {
      await tx.updateTable('order_lines').set({ price: p.price, amount: lineAmount(p.price, lines.get(p.skuId)?.quantity ?? 0) })
        .where('org_id', '=', orgId).where('order_id', '=', data.orderId).where('sku_id', '=', p.skuId).execute();
    }
    await totals(tx, orgId, data.orderId, { status: 'submitted', at: data.at, submitted: true });
  },
  OrderConfirmed: async (tx, { data, orgId }: Ev<OrderConfirmed>) => {
    const lines = await prices(tx, orgId, data.orderId);
    for (const c of data.changed) {
      await tx.updateTable('order_lines').set({ quantity: c.quantity, amount: lineAmount(lines.get(c.skuId)?.price ?? 0, c.quantity) })
        .where('org_id', '=', orgId).where('order_id', '=', data.orderId).where('sku_id', '=', c.skuId).execute();
    }
    for (const r of data.refused) {
      await tx.updateTable('order_lines').set({ status: 'refused', refuse_reason: r.reason })
        .where('org_id', '=', orgId).where('order_id', '=', data.orderId).where('sku_id', '=', r.skuId).execute();
    }
    // the supplier's note to the school (older confirmations carry none)
    await tx.updateTable('orders').set({ confirm_note: data.note ?? '' }).where('org_id', '=', orgId).where('id', '=', data.orderId).execute();
    await totals(tx, orgId, data.orderId, { status: ORDER_TRANSITIONS.confirm.to, at: data.at });
  },
  OrderReceived: async (tx, { data, orgId }: Ev<OrderReceived>) => {
    const lines = await prices(tx, orgId, data.orderId);
    for (const r of data.lines) {
      await tx.updateTable('order_lines').set({
        received_quantity: r.receivedQuantity, received_amount: lineAmount(lines.get(r.skuId)?.price ?? 0, r.receivedQuantity), remark: r.remark,
        // weighed on a scale (older receipts and lines counted by hand carry none)
        weighed_grams: r.weighedGrams ?? null, scale_id: r.scaleId ?? null, scale_name: r.scaleName ?? '', allowed_grams: r.allowedGrams ?? null, weigh_result: r.weighResult ?? null,
      })
        .where('org_id', '=', orgId).where('order_id', '=', data.orderId).where('sku_id', '=', r.skuId).execute();
    }
    await totals(tx, orgId, data.orderId, { status: ORDER_TRANSITIONS.receive.to, at: data.at });
  },
  OrderRefused: reasoned(ORDER_TRANSITIONS.refuse.to),
  OrderCancelled: reasoned(ORDER_TRANSITIONS.cancel.to),
  OrderDispatched: step(ORDER_TRANSITIONS.dispatch.to),
  OrderDelivered: step(ORDER_TRANSITIONS.deliver.to),
  OrderSettled: step(ORDER_TRANSITIONS.settle.to),
  OrderSettingsSet: async (tx, { data, orgId }: Ev<OrderSettingsSet>) => {
    const row = {
      cutoff_days: data.cutoffDays, cutoff_time: data.cutoffTime, minimum_amount: data.minimumAmount,
      supplier_may_change_quantity: data.supplierMayChangeQuantity, updated_at: data.at,
    };
    await tx.insertInto('order_settings').values({ org_id: orgId, ...row }).onConflict((oc) => oc.column('org_id').doUpdateSet(row)).execute();
  },
});
