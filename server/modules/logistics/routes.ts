// §2 mallLogisticsManage, mallDeliveryManage (issue 11): the supplier's deliveries at §7 `/v4/mall/logistics`.
// Every write is the delivery decider (domain/aggregates/logistics.ts) on the delivery's stream in the supplier's
// org; the handler only gathers its facts (the route, the orders, which are already on a delivery). Marking a stop
// may move the order too: that is the order decider's own DispatchOrder / DeliverOrder on the order's stream, in
// the same transaction, so a refused order action leaves the stop unmarked. Who sees what (§6 M7):
// - the supplier: its deliveries (it alone writes them);
// - a delivery user of the supplier: the deliveries on routes naming him, whose stops he marks;
// - a school: the deliveries carrying its orders, with its own stops only; the platform: all; anyone else: none.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import type { Tx } from '../../store/eventStore.ts';
import { ok } from '../../http/envelope.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { clientVersion, decideAndAppend, lockKey, metaOf, runDecisions } from '../../store/command.ts';
import { streamVersionOf } from '../../store/versions.ts';
import * as api from '../../../contracts/logistics.ts';
import { logisticsDecider, logisticsStream, type LogisticsChecks, type LogisticsStop } from '../../../domain/aggregates/logistics.ts';
import { orderDecider, orderStream } from '../../../domain/aggregates/order.ts';
import type { OrderParty } from '../../../domain/order.ts';
import { partyOfRequest } from '../../http/parties.ts';
import { DELIVERABLE_ORDER_STATUSES, LOGISTICS_TEXT, MARK_ORDER_ACTION, orderActionNeeded, stopsInRouteOrder } from '../../../domain/logistics.ts';
import { parseDay } from '../../../domain/priceCycle.ts';
import carReportRoutes from './carReportRoutes.ts';
import { linkPermissions, NO_PERMISSIONS, pairKey, partyOnly } from '../orders/access.ts';
import { paged } from '../../http/listQuery.ts';
import { PAGE } from '../../../domain/constants.ts';

const member = { auth: 'orgApp' } as const;
/** the logistics lists page in SQL: 100 rows unless `$limit` says (server/http/listQuery.ts) */
const logisticsList = { ...member, listPage: { size: 100, max: PAGE.generic } } as const;
const STREAM_TYPE = 'logistics';

type Eb = ExpressionBuilder<Database & { l: Database['logistics'] }, 'l'>;
interface Viewer {
  party: OrderParty; orgId: string; userId: string;
  /** the delivery user's routes (null: not a delivery user) */
  routeIds: string[] | null;
  scope: ((eb: Eb) => Expression<SqlBool>) | null;
}
const none = (eb: Eb) => eb.val(false) as unknown as Expression<SqlBool>;

/** Who the caller is toward deliveries and which he sees (the car report reads the same: ./carReportRoutes.ts). */
export async function viewerOf(db: ModuleContext['db'], request: OrgAppRequest): Promise<Viewer> {
  const orgId = request.orgApp.orgId;
  const party = partyOfRequest(request);
  const base = { party, orgId, userId: request.user.userId, routeIds: null };
  switch (party) {
    case 'platform': return { ...base, scope: null };
    case 'supplier': return { ...base, scope: (eb) => eb('l.org_id', '=', orgId) };
    case 'delivery': {
      const routeIds = (await db.selectFrom('mall_routes').select('object_id').where('org_id', '=', orgId).where('is_delete', '=', false)
        .where('delivery_user_ids', '@>', JSON.stringify([request.user.userId])).execute()).map((r) => r.object_id);
      return { ...base, routeIds, scope: routeIds.length ? (eb) => eb.and([eb('l.org_id', '=', orgId), eb('l.route_id', 'in', routeIds)]) : none };
    }
    case 'school': return {
      ...base,
      scope: (eb) => eb.exists(eb.selectFrom('logistics_stops as s').select('s.order_id')
        .whereRef('s.org_id', '=', 'l.org_id').whereRef('s.logistics_id', '=', 'l.id').where('s.school_org_id', '=', orgId)),
    };
    default: return { ...base, scope: none };
  }
}

const editable = (v: Viewer, orgId: string) => v.party === 'supplier' && v.orgId === orgId;
const markable = (v: Viewer, orgId: string, routeId: string) => editable(v, orgId) || (v.party === 'delivery' && v.orgId === orgId && !!v.routeIds?.includes(routeId));

const select = [
  'l.org_id', 'l.id', sql<string>`to_char(l.delivery_date, 'YYYY-MM-DD')`.as('delivery_date'), 'l.route_id', 'l.route_name', 'l.vehicle', 'l.driver_name',
  'l.driver_phone', 'l.remark', 'l.status', 'l.stop_count', 'l.arrived_count', 'l.created_at', 'l.updated_at', streamVersionOf('l', 'logistics', 'id').as('version'),
] as const;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export default async function logisticsRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db, clock } = ctx;
  // carReport's call lives beside the deliveries it reads (GET /v4/mall/logistics/carreport, before /{id})
  await carReportRoutes(app, ctx);
  const visible = (v: Viewer) => {
    const q = db.selectFrom('logistics as l');
    return v.scope ? q.where(v.scope) : q;
  };

  async function details(v: Viewer, rows: Awaited<ReturnType<typeof findRows>>): Promise<api.LogisticsDetail[]> {
    if (!rows.length) return [];
    let stops = db.selectFrom('logistics_stops as s')
      .leftJoin('orders as o', (j) => j.onRef('o.org_id', '=', 's.school_org_id').onRef('o.id', '=', 's.order_id'))
      .select(['s.org_id', 's.logistics_id', 's.order_id', 's.order_no', 's.school_org_id', 's.school_name', 's.sort', 's.status', 's.departed_at', 's.arrived_at', 'o.status as order_status', 'o.amount'])
      .where((eb) => eb.or(rows.map((r) => eb.and([eb('s.org_id', '=', r.org_id), eb('s.logistics_id', '=', r.id)]))));
    // a school reads its own stops, not the other schools on the truck
    if (v.party === 'school') stops = stops.where('s.school_org_id', '=', v.orgId);
    const all = await stops.orderBy('s.sort').execute();
    return rows.map((r) => ({
      id: r.id, supplierId: r.org_id, deliveryDate: r.delivery_date, routeId: r.route_id, routeName: r.route_name, vehicle: r.vehicle, driverName: r.driver_name,
      driverPhone: r.driver_phone, remark: r.remark, status: r.status as api.LogisticsRow['status'], stopCount: r.stop_count, arrivedCount: r.arrived_count,
      createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(), version: Number(r.version ?? 0),
      editable: editable(v, r.org_id), markable: markable(v, r.org_id, r.route_id),
      stops: all.filter((s) => s.org_id === r.org_id && s.logistics_id === r.id).map((s) => ({
        orderId: s.order_id, orderNo: s.order_no, schoolOrgId: s.school_org_id, schoolName: s.school_name, sort: s.sort, status: s.status as api.LogisticsStop['status'],
        departedAt: iso(s.departed_at), arrivedAt: iso(s.arrived_at), orderStatus: (s.order_status ?? null) as api.LogisticsStop['orderStatus'],
        amount: s.amount === null ? null : Number(s.amount),
      })),
    }));
  }

  function findRows(v: Viewer, where: (q: ReturnType<typeof visible>) => ReturnType<typeof visible>) {
    return where(visible(v)).select([...select]).execute();
  }

  async function one(v: Viewer, id: string): Promise<api.LogisticsDetail> {
    const [d] = await details(v, await findRows(v, (q) => q.where('l.id', '=', id)));
    if (!d) throw notFound(LOGISTICS_TEXT.notFound);
    return d;
  }

  async function list(request: OrgAppRequest, q: api.LogisticsSearchQuery): Promise<api.LogisticsList> {
    const v = await viewerOf(db, request);
    for (const d of [q.deliveryDate, q.startDate, q.endDate]) if (d && !parseDay(d)) throw badRequest('参数错误：日期不正确');
    let base = visible(v);
    if (q.deliveryDate) base = base.where('l.delivery_date', '=', q.deliveryDate);
    if (q.startDate) base = base.where('l.delivery_date', '>=', q.startDate);
    if (q.endDate) base = base.where('l.delivery_date', '<=', q.endDate);
    if (q.routeId) base = base.where('l.route_id', '=', q.routeId);
    if (q.status) base = base.where('l.status', '=', q.status);
    if (q.orderId) {
      const orderId = q.orderId;
      base = base.where((eb) => eb.exists(eb.selectFrom('logistics_stops as s').select('s.order_id').whereRef('s.org_id', '=', 'l.org_id')
        .whereRef('s.logistics_id', '=', 'l.id').where('s.order_id', '=', orderId)));
    }
    const keyword = q.keyword?.trim();
    if (keyword) base = base.where('l.keyword', 'ilike', `%${keyword.replace(/[%_\\]/g, '\\$&')}%`);
    const [rows, count] = await Promise.all([
      paged(base.select([...select]).orderBy('l.delivery_date', 'desc').orderBy('l.route_name').orderBy('l.id'), request).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: await details(v, rows), count: Number(count.n) };
  }

  /**
   * The stops of `orderIds` on `routeId` for the supplier's delivery day, in driving order, and what is wrong
   * with them, read under the supplier's delivery lock so two deliveries cannot take one order at once.
   */
  async function plan(tx: Tx, orgId: string, logisticsId: string, deliveryDate: string, routeId: string, orderIds: string[]) {
    await lockKey(tx, 'logistics-orders', orgId);
    const route = await tx.selectFrom('mall_routes').select(['name', 'purchaser_org_ids']).where('org_id', '=', orgId).where('object_id', '=', routeId)
      .where('is_delete', '=', false).executeTakeFirst();
    const schools = (route?.purchaser_org_ids as string[] | undefined) ?? [];
    const ids = [...new Set(orderIds)];
    const orders = ids.length ? await tx.selectFrom('orders').select(['id', 'order_no', 'org_id', 'org_name', 'status', sql<string>`to_char(delivery_date, 'YYYY-MM-DD')`.as('day')])
      .where('supplier_org_id', '=', orgId).where('id', 'in', ids).execute() : [];
    const byId = new Map(orders.map((o) => [o.id, o]));
    const invalidOrders = ids.filter((id) => {
      const o = byId.get(id);
      return !o || o.day !== deliveryDate || !(DELIVERABLE_ORDER_STATUSES as readonly string[]).includes(o.status) || (route && !schools.includes(o.org_id));
    }).map((id) => byId.get(id)?.order_no ?? id);
    const taken = ids.length ? await tx.selectFrom('logistics_stops').select(['order_no']).where('org_id', '=', orgId).where('order_id', 'in', ids)
      .where('logistics_id', '<>', logisticsId).execute() : [];
    const stops: LogisticsStop[] = stopsInRouteOrder(schools, orderIds.map((id) => {
      const o = byId.get(id);
      return { orderId: id, orderNo: o?.order_no ?? id, schoolOrgId: o?.org_id ?? '', schoolName: o?.org_name ?? '' };
    }));
    // the school decides who delivers to it (mallSupplierPermissionManage): an order of a school that switched this
    // supplier's delivery off cannot go on a truck, as marking its stop could not dispatch it either
    const perms = await linkPermissions(tx, [...new Set(orders.map((o) => o.org_id))].map((school) => ({ orgId: school, supplierOrgId: orgId })));
    const undeliverableOrders = ids.flatMap((id) => {
      const o = byId.get(id);
      return o && !(perms.get(pairKey(o.org_id, orgId)) ?? NO_PERMISSIONS).delivery ? [o.order_no] : [];
    });
    const checks: LogisticsChecks = { routeInvalid: !route, invalidOrders, takenOrders: taken.map((t) => t.order_no), undeliverableOrders };
    return { routeName: route?.name ?? '', stops, checks };
  }

  /** The schools on the delivery hear of it too (the append tells the supplier's org). */
  async function tellSchools(tx: Tx, schoolOrgIds: string[], id: string, types: string[]) {
    for (const orgId of new Set(schoolOrgIds.filter(Boolean))) {
      await sql`SELECT pg_notify('events', ${JSON.stringify({ orgId, streamId: logisticsStream(id), types })})`.execute(tx);
    }
  }

  // planning deliveries is the supplier's: declared on the routes, checked before the body is read
  const supplierOnly = { auth: 'orgApp', guard: partyOnly('supplier', '只有供应商可以安排配送') } as const;

  route(app, api.listLogistics, logisticsList, async (request) => ok(await list(request, request.query)));
  route(app, api.searchLogistics, logisticsList, async (request) => ok(await list(request, request.query)));
  route(app, api.getLogistics, member, async (request) => ok(await one(await viewerOf(db, request), request.params.id)));

  route(app, api.createLogistics, supplierOnly, async (request) => {
    const v = await viewerOf(db, request);
    const b = request.body;
    if (!parseDay(b.deliveryDate)) throw badRequest('参数错误：配送日期不正确');
    const id = crypto.randomUUID();
    const now = clock();
    await runDecisions(db, async (tx) => {
      const p = await plan(tx, v.orgId, id, b.deliveryDate, b.routeId, b.orderIds);
      const result = await decideAndAppend(tx, {
        orgId: v.orgId, streamId: logisticsStream(id), streamType: STREAM_TYPE, decider: logisticsDecider, meta: metaOf(request, now),
        command: {
          type: 'CreateLogistics', ...p.checks,
          logistics: {
            id, deliveryDate: b.deliveryDate, routeId: b.routeId, routeName: p.routeName, vehicle: b.vehicle ?? '', driverName: b.driverName ?? '',
            driverPhone: b.driverPhone ?? '', remark: b.remark ?? '', stops: p.stops, at: now.toISOString(),
          },
        },
      });
      await tellSchools(tx, p.stops.map((s) => s.schoolOrgId), id, result.decided.map((e) => e.type));
    });
    return ok(await one(v, id));
  });

  /** A delivery the supplier may change: its own; one it cannot see is not found. */
  async function own(v: Viewer, id: string) {
    const row = await visible(v).select([...select]).where('l.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(LOGISTICS_TEXT.notFound);
    return row;
  }

  route(app, api.updateLogistics, supplierOnly, async (request) => {
    const v = await viewerOf(db, request);
    const { id, version, routeId, orderIds, ...fields } = request.body;
    const row = await own(v, id);
    const expected = version ?? clientVersion(request);
    const now = clock();
    await runDecisions(db, async (tx) => {
      let stops: LogisticsStop[] | undefined;
      let routeName: string | undefined;
      let checks: LogisticsChecks = { routeInvalid: false, invalidOrders: [], takenOrders: [] };
      if (routeId !== undefined || orderIds) {
        const current = orderIds ?? (await tx.selectFrom('logistics_stops').select('order_id').where('org_id', '=', row.org_id).where('logistics_id', '=', id)
          .orderBy('sort').execute()).map((s) => s.order_id);
        const p = await plan(tx, row.org_id, id, row.delivery_date, routeId ?? row.route_id, current);
        ({ stops, checks } = p);
        routeName = p.routeName;
      }
      const result = await decideAndAppend(tx, {
        orgId: row.org_id, streamId: logisticsStream(id), streamType: STREAM_TYPE, decider: logisticsDecider, meta: metaOf(request, now), expectedVersion: expected,
        command: {
          type: 'UpdateLogistics', ...checks,
          change: { id, at: now.toISOString(), ...fields, ...(routeId !== undefined && { routeId, routeName }), ...(stops && { stops }) },
        },
      });
      const schools = await tx.selectFrom('logistics_stops').select('school_org_id').where('org_id', '=', row.org_id).where('logistics_id', '=', id).execute();
      await tellSchools(tx, [...schools.map((s) => s.school_org_id), ...(stops ?? []).map((s) => s.schoolOrgId)], id, result.decided.map((e) => e.type));
    }, expected === undefined);
    return ok(await one(v, id));
  });

  route(app, api.deleteLogistics, supplierOnly, async (request) => {
    const v = await viewerOf(db, request);
    const row = await own(v, request.body.id);
    const now = clock();
    await runDecisions(db, async (tx) => {
      const schools = await tx.selectFrom('logistics_stops').select('school_org_id').where('org_id', '=', row.org_id).where('logistics_id', '=', row.id).execute();
      const result = await decideAndAppend(tx, {
        orgId: row.org_id, streamId: logisticsStream(row.id), streamType: STREAM_TYPE, decider: logisticsDecider, meta: metaOf(request, now),
        expectedVersion: clientVersion(request), command: { type: 'DeleteLogistics', id: row.id, at: now.toISOString() },
      });
      await tellSchools(tx, schools.map((s) => s.school_org_id), row.id, result.decided.map((e) => e.type));
    }, clientVersion(request) === undefined);
    return ok({ id: row.id });
  });

  route(app, api.markStop, member, async (request) => {
    const v = await viewerOf(db, request);
    const { orderId } = request.params;
    const b = request.body;
    const stop = await visible(v).innerJoin('logistics_stops as s', (j) => j.onRef('s.org_id', '=', 'l.org_id').onRef('s.logistics_id', '=', 'l.id'))
      .select(['l.org_id', 'l.id', 'l.route_id', 's.school_org_id']).where('s.order_id', '=', orderId)
      .$if(v.party === 'school', (q) => q.where('s.school_org_id', '=', v.orgId)).executeTakeFirst();
    if (!stop) throw notFound(LOGISTICS_TEXT.stopNotFound);
    if (!markable(v, stop.org_id, stop.route_id)) throw forbidden('只有本路线的配送员或供应商可以标记出发和到达');
    const expected = b.version ?? clientVersion(request);
    const now = clock();
    await runDecisions(db, async (tx) => {
      const meta = metaOf(request, now);
      const result = await decideAndAppend(tx, {
        orgId: stop.org_id, streamId: logisticsStream(stop.id), streamType: STREAM_TYPE, decider: logisticsDecider, meta, expectedVersion: expected,
        command: { type: 'MarkStop', id: stop.id, orderId, mark: b.action, at: now.toISOString() },
      });
      await tellSchools(tx, [stop.school_org_id], stop.id, result.decided.map((e) => e.type));
      if (!b.orderAction) return;
      // the order's own step, decided by the order decider under the school's permissions for this supplier
      const order = await tx.selectFrom('orders').select(['status']).where('org_id', '=', stop.school_org_id).where('id', '=', orderId).executeTakeFirst();
      if (!order || !orderActionNeeded(b.action, order.status)) return;
      const perms = (await linkPermissions(tx, [{ orgId: stop.school_org_id, supplierOrgId: stop.org_id }])).get(pairKey(stop.school_org_id, stop.org_id)) ?? NO_PERMISSIONS;
      const acting = { orderId, by: v.party, permissions: perms, at: now.toISOString() };
      const decided = await decideAndAppend(tx, {
        orgId: stop.school_org_id, streamId: orderStream(orderId), streamType: 'order', decider: orderDecider, meta,
        command: MARK_ORDER_ACTION[b.action] === 'dispatch' ? { type: 'DispatchOrder', ...acting } : { type: 'DeliverOrder', ...acting },
      });
      // the supplier's order list hears of it (the append told the school)
      await sql`SELECT pg_notify('events', ${JSON.stringify({ orgId: stop.org_id, streamId: orderStream(orderId), types: decided.decided.map((e) => e.type) })})`.execute(tx);
    }, expected === undefined);
    return ok(await one(v, stop.id));
  });
}
