// Returns (issue 11), projected from the return streams of the school that made them: the return row (status,
// reasons, photos, amount) and one row per returned line (what the order's standing returns take back is read
// from these lines by the next return of the same order).
import { defineProjection } from '../../store/projections.ts';
import type { Tx } from '../../store/eventStore.ts';
import type { ReturnCreated, ReturnDecided } from '../../../domain/aggregates/orderReturn.ts';
import { RETURN_TRANSITIONS, type ReturnAction } from '../../../domain/orderReturn.ts';

type Ev<T> = { data: T; orgId: string };

const decided = (action: ReturnAction) => async (tx: Tx, { data, orgId }: Ev<ReturnDecided>) => {
  await tx.updateTable('order_returns').set({
    status: RETURN_TRANSITIONS[action].to, decided_at: data.at, updated_at: data.at,
    ...(action === 'dispute' && { dispute_reason: data.reason }),
  }).where('org_id', '=', orgId).where('id', '=', data.returnId).execute();
};

defineProjection({
  ReturnCreated: async (tx, { data, orgId }: Ev<ReturnCreated>) => {
    await tx.insertInto('order_returns').values({
      org_id: orgId, id: data.returnId, return_no: data.returnNo, order_id: data.orderId, order_no: data.orderNo, org_name: data.orgName,
      supplier_org_id: data.supplierOrgId, supplier_name: data.supplierName, status: 'pending', reason: data.reason, dispute_reason: '',
      photos: JSON.stringify(data.photos), amount: data.amount, line_count: data.lines.length, created_by: data.createdBy,
      created_by_name: data.createdByName, created_at: data.at, decided_at: null, updated_at: data.at,
    }).execute();
    await tx.insertInto('order_return_lines').values(data.lines.map((l, i) => ({
      org_id: orgId, return_id: data.returnId, sku_id: l.skuId, order_id: data.orderId, sort: i, product_name: l.productName, sku_name: l.skuName,
      unit: l.unit, price: l.price, quantity: l.quantity, amount: l.amount,
    }))).execute();
  },
  ReturnAccepted: decided('accept'),
  ReturnDisputed: decided('dispute'),
  ReturnWithdrawn: decided('withdraw'),
});
