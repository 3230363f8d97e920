// §2 shippingList 发货单（已停用）(issue 35): read-only. A legacy shipping note is an order that was shipped without
// being a stop of any delivery (deliveries replaced shipping notes). The caller sees those of the orders he sees in the
// order list (./access.ts orderViewerOf: a school its own, a supplier those placed with it, ...), nothing else.
import { sql, type SqlBool } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { paged } from '../../http/listQuery.ts';
import { route } from '../../http/route.ts';
import { orderViewerOf } from './access.ts';
import * as api from '../../../contracts/shippingList.ts';

/** The statuses of an order that has left the supplier. */
const SHIPPED = ['dispatched', 'delivered', 'received', 'settled'] as const;

export default async function shippingListRoutes(app: FastifyInstance, { db }: ModuleContext) {
  route(app, api.listShippingNotes, { auth: 'orgApp', listPage: { size: 20, max: 100 } }, async (request) => {
    const viewer = await orderViewerOf(db, request);
    let base = db.selectFrom('orders as o').where('o.status', 'in', [...SHIPPED])
      .where(sql<SqlBool>`NOT EXISTS (SELECT 1 FROM logistics_stops s WHERE s.org_id = o.supplier_org_id AND s.order_id = o.id)`);
    if (viewer.scope) base = base.where(viewer.scope);
    const [rows, count] = await Promise.all([
      paged(base.select(['o.id', 'o.order_no', 'o.org_name', 'o.supplier_name', sql<string>`to_char(o.delivery_date, 'YYYY-MM-DD')`.as('delivery_date'), 'o.status', 'o.amount'])
        .orderBy('o.delivery_date', 'desc').orderBy('o.id'), request).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({
      rows: rows.map((r) => ({
        orderId: r.id, orderNo: r.order_no, orgName: r.org_name, supplierName: r.supplier_name, deliveryDate: r.delivery_date, status: r.status, amount: Number(r.amount),
      })),
      count: Number(count.n),
    });
  });
}
