// Deliveries (issue 11), projected from the supplier's delivery streams: the delivery row (its status and
// counts again from its stops after each change) and one row per stop in driving order. A deleted delivery
// leaves no rows: its orders are free for another delivery.
import { sql } from 'kysely';
import { defineProjection } from '../../store/projections.ts';
import type { Tx } from '../../store/eventStore.ts';
import type { LogisticsCreated, LogisticsDeleted, LogisticsStop, LogisticsStopMarked, LogisticsUpdated } from '../../../domain/aggregates/logistics.ts';

type Ev<T> = { data: T; orgId: string };

async function putStops(tx: Tx, orgId: string, id: string, stops: LogisticsStop[]) {
  await tx.deleteFrom('logistics_stops').where('org_id', '=', orgId).where('logistics_id', '=', id).execute();
  if (!stops.length) return;
  await tx.insertInto('logistics_stops').values(stops.map((s, i) => ({
    org_id: orgId, logistics_id: id, order_id: s.orderId, sort: i, order_no: s.orderNo, school_org_id: s.schoolOrgId, school_name: s.schoolName, status: 'pending',
  }))).execute();
}

/** Status, counts and keyword again from the stops (domain/logistics.ts logisticsStatus, in SQL). */
async function refresh(tx: Tx, orgId: string, id: string, at: string) {
  await tx.updateTable('logistics').set({
    updated_at: at,
    stop_count: sql<number>`(SELECT count(*) FROM logistics_stops s WHERE s.org_id = ${orgId} AND s.logistics_id = ${id})`,
    arrived_count: sql<number>`(SELECT count(*) FROM logistics_stops s WHERE s.org_id = ${orgId} AND s.logistics_id = ${id} AND s.status = 'arrived')`,
    status: sql<string>`(SELECT CASE WHEN bool_and(s.status = 'pending') THEN 'planned' WHEN bool_and(s.status = 'arrived') THEN 'done' ELSE 'onRoad' END
      FROM logistics_stops s WHERE s.org_id = ${orgId} AND s.logistics_id = ${id})`,
    keyword: sql<string>`concat_ws(' ', route_name, vehicle, driver_name, driver_phone,
      (SELECT string_agg(s.school_name || ' ' || s.order_no, ' ') FROM logistics_stops s WHERE s.org_id = ${orgId} AND s.logistics_id = ${id}))`,
  }).where('org_id', '=', orgId).where('id', '=', id).execute();
}

const mark = (status: 'departed' | 'arrived') => async (tx: Tx, { data, orgId }: Ev<LogisticsStopMarked>) => {
  await tx.updateTable('logistics_stops').set({ status, ...(status === 'departed' ? { departed_at: data.at } : { arrived_at: data.at }) })
    .where('org_id', '=', orgId).where('logistics_id', '=', data.id).where('order_id', '=', data.orderId).execute();
  await refresh(tx, orgId, data.id, data.at);
};

defineProjection({
  LogisticsCreated: async (tx, { data, orgId }: Ev<LogisticsCreated>) => {
    await tx.insertInto('logistics').values({
      org_id: orgId, id: data.id, delivery_date: data.deliveryDate, route_id: data.routeId, route_name: data.routeName, vehicle: data.vehicle,
      driver_name: data.driverName, driver_phone: data.driverPhone, remark: data.remark, status: 'planned', stop_count: 0, arrived_count: 0, keyword: '',
      created_at: data.at, updated_at: data.at,
    }).execute();
    await putStops(tx, orgId, data.id, data.stops);
    await refresh(tx, orgId, data.id, data.at);
  },
  LogisticsUpdated: async (tx, { data, orgId }: Ev<LogisticsUpdated>) => {
    await tx.updateTable('logistics').set({
      ...(data.routeId !== undefined && { route_id: data.routeId }), ...(data.routeName !== undefined && { route_name: data.routeName }),
      ...(data.vehicle !== undefined && { vehicle: data.vehicle }), ...(data.driverName !== undefined && { driver_name: data.driverName }),
      ...(data.driverPhone !== undefined && { driver_phone: data.driverPhone }), ...(data.remark !== undefined && { remark: data.remark }),
    }).where('org_id', '=', orgId).where('id', '=', data.id).execute();
    if (data.stops) await putStops(tx, orgId, data.id, data.stops);
    await refresh(tx, orgId, data.id, data.at);
  },
  LogisticsDeleted: async (tx, { data, orgId }: Ev<LogisticsDeleted>) => {
    await tx.deleteFrom('logistics_stops').where('org_id', '=', orgId).where('logistics_id', '=', data.id).execute();
    await tx.deleteFrom('logistics').where('org_id', '=', orgId).where('id', '=', data.id).execute();
  },
  LogisticsStopDeparted: mark('departed'),
  LogisticsStopArrived: mark('arrived'),
});
