// §2 carReport (issue 11): GET /v4/mall/logistics/carreport — per vehicle and driver over a period, from the
// deliveries the caller may see as the logistics screens do (./routes.ts viewerOf, §6 M7): the supplier its own,
// a delivery user those on his routes, the platform all. Nobody else has vehicles to report on (403). This file
// reads the stops, their orders and open lines; domain/carReport.ts does the counting.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import * as api from '../../../contracts/carReport.ts';
import { CAR_REPORT_TEXT, DEFAULT_ARRIVE_BY, carReport, periodProblem, type CarStop } from '../../../domain/carReport.ts';
import { viewerOf } from './routes.ts';

const member = { auth: 'orgApp' } as const;

export default async function carReportRoutes(app: FastifyInstance, { db }: ModuleContext) {
  route(app, api.getCarReport, member, async (request) => {
    const v = await viewerOf(db, request);
    if (v.party !== 'supplier' && v.party !== 'delivery' && v.party !== 'platform') throw forbidden(CAR_REPORT_TEXT.notCarrier);
    const q = request.query;
    const problem = periodProblem(q.startDate, q.endDate);
    if (problem) throw badRequest(problem);
    const arriveBy = q.arriveBy ?? DEFAULT_ARRIVE_BY;

    let deliveries = db.selectFrom('logistics as l').select(['l.org_id', 'l.id', 'l.vehicle', 'l.driver_name', sql<string>`to_char(l.delivery_date, 'YYYY-MM-DD')`.as('delivery_date')])
      .where('l.delivery_date', '>=', q.startDate).where('l.delivery_date', '<=', q.endDate);
    if (v.scope) deliveries = deliveries.where(v.scope);
    if (q.routeId) deliveries = deliveries.where('l.route_id', '=', q.routeId);
    const rows = await deliveries.execute();
    const stops: CarStop[] = [];
    if (rows.length) {
      const stopRows = await db.selectFrom('logistics_stops as s')
        .leftJoin('orders as o', (j) => j.onRef('o.org_id', '=', 's.school_org_id').onRef('o.id', '=', 's.order_id'))
        .select(['s.org_id', 's.logistics_id', 's.order_id', 's.school_org_id', 's.status', 's.arrived_at', 'o.amount'])
        .where((eb) => eb.or(rows.map((r) => eb.and([eb('s.org_id', '=', r.org_id), eb('s.logistics_id', '=', r.id)]))))
        .execute();
      const orderKeys = [...new Map(stopRows.map((s) => [`${s.school_org_id}/${s.order_id}`, s])).values()];
      const lines = orderKeys.length ? await db.selectFrom('order_lines').select(['org_id', 'order_id', 'quantity', 'unit', 'spec'])
        .where((eb) => eb.or(orderKeys.map((s) => eb.and([eb('org_id', '=', s.school_org_id), eb('order_id', '=', s.order_id)]))))
        .where('status', '=', 'open').execute() : [];
      const linesOf = new Map<string, CarStop['lines'][number][]>();
      for (const l of lines) {
        const key = `${l.org_id}/${l.order_id}`;
        linesOf.set(key, [...(linesOf.get(key) ?? []), { quantity: Number(l.quantity), unit: l.unit, spec: l.spec }]);
      }
      const byDelivery = new Map(rows.map((r) => [`${r.org_id}/${r.id}`, r]));
      for (const s of stopRows) {
        const d = byDelivery.get(`${s.org_id}/${s.logistics_id}`)!;
        stops.push({
          logisticsId: `${s.org_id}/${s.logistics_id}`, deliveryDate: d.delivery_date,
          vehicle: d.vehicle, driverName: d.driver_name, orderId: `${s.school_org_id}/${s.order_id}`, schoolOrgId: s.school_org_id,
          status: s.status as CarStop['status'], arrivedAt: s.arrived_at ? new Date(s.arrived_at).toISOString() : null,
          amount: Number(s.amount ?? 0), lines: linesOf.get(`${s.school_org_id}/${s.order_id}`) ?? [],
        });
      }
    }
    const report = carReport(stops, arriveBy);
    return ok({ startDate: q.startDate, endDate: q.endDate, arriveBy, rows: report.rows, totals: report.totals });
  });
}
