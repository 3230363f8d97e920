// Service orders (payToBuy, issue 35), projected from their streams. The plan an order gives is set on the org by
// OrgSettingsSet (the org's own projection); here the orders themselves, for the plan screen and the platform.
import { defineProjection } from '../../store/projections.ts';
import type { ServiceOrderCancelled, ServiceOrderPaid, ServiceOrderPlaced } from '../../../domain/aggregates/serviceOrder.ts';

export const serviceOrderStream = (id: string) => `serviceorder-${id}`;

defineProjection({
  ServiceOrderPlaced: async (tx, { data, orgId }: { data: ServiceOrderPlaced; orgId: string }) => {
    await tx.insertInto('service_orders').values({
      org_id: orgId, id: data.id, edition: data.edition, years: data.years, amount: data.amount, method: data.method, status: 'pending',
      placed_by: data.placedBy, placed_at: data.at, reference: '', paid_at: null, confirmed_by: null, expiration: null,
    }).execute();
  },
  ServiceOrderPaid: async (tx, { data, orgId }: { data: ServiceOrderPaid; orgId: string }) => {
    await tx.updateTable('service_orders').set({ status: 'paid', reference: data.reference, paid_at: data.paidAt, confirmed_by: data.confirmedBy, expiration: data.expiration })
      .where('org_id', '=', orgId).where('id', '=', data.id).execute();
  },
  ServiceOrderCancelled: async (tx, { data, orgId }: { data: ServiceOrderCancelled; orgId: string }) => {
    await tx.updateTable('service_orders').set({ status: 'cancelled' }).where('org_id', '=', orgId).where('id', '=', data.id).execute();
  },
});
