// §2 mallOrderReturnManage (issue 11): returns of received goods. A return lives in the school's org beside its
// order (stream `orderReturn-<id>`); who sees it is who sees the order (server/modules/orders/access.ts): the
// school its own, the supplier those of orders placed with it, salesmen, delivery users and bureaus as for the
// orders, the platform all. A return the caller may not see is simply not found. Creating one locks the order's
// returns (lockKey) so two returns at once cannot together take back more than was received.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Tx } from '../../store/eventStore.ts';
import { clientVersion, decideAndAppend, lockKey, metaOf, runDecisions } from '../../store/command.ts';
import { streamVersionOf } from '../../store/versions.ts';
import * as api from '../../../contracts/orderReturns.ts';
import { orderReturnDecider, orderReturnStream, type OrderReturnCommand, type ReturnFacts } from '../../../domain/aggregates/orderReturn.ts';
import {
  RETURN_STATUSES, RETURN_TEXT, STANDING_STATUSES, returnActionsFor, type ReturnAction, type ReturnStatus, type ReturnableLine,
} from '../../../domain/orderReturn.ts';
import { ALL_STATUSES, type OrderStatus } from '../../../domain/order.ts';
import { dayOf } from '../../../domain/priceCycle.ts';
import { orderViewerOf, partyOnly, type OrderViewer } from '../orders/access.ts';
import { commaList, paged } from '../../http/listQuery.ts';
import { PAGE } from '../../../domain/constants.ts';

const member = { auth: 'orgApp' } as const;
const STREAM_TYPE = 'orderReturn';

interface Row {
  org_id: string; id: string; return_no: string; order_id: string; order_no: string; org_name: string; supplier_org_id: string; supplier_name: string;
  status: string; reason: string; dispute_reason: string; photos: unknown; amount: string; created_by: string; created_by_name: string;
  created_at: Date; decided_at: Date | null; version: string | null;
}

/** '全部', '' or nothing → every status; else known statuses separated by commas (an unknown one is an error). */
function statusesOf(value: string | undefined): ReturnStatus[] | null {
  const parts = commaList(value);
  if (!parts.length || parts.includes(ALL_STATUSES)) return null;
  const unknown = parts.filter((p) => !(RETURN_STATUSES as readonly string[]).includes(p));
  if (unknown.length) throw badRequest(`参数错误：未知的退货单状态 ${unknown.join('、').slice(0, 100)}`);
  return parts as ReturnStatus[];
}

export default async function orderReturnRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  /** The returns whose order the caller sees (the order viewer's scope, applied to the return's order). */
  const visible = (viewer: OrderViewer) => {
    const q = db.selectFrom('order_returns as r');
    if (!viewer.scope) return q;
    const scope = viewer.scope;
    return q.where(({ exists, selectFrom }) => exists(
      selectFrom('orders as o').select('o.id').whereRef('o.org_id', '=', 'r.org_id').whereRef('o.id', '=', 'r.order_id')
        // the scope is written for `orders as o`; the subquery has the same alias
        .where((eb) => scope(eb as never) as Expression<SqlBool>),
    ));
  };

  const columns = [
    'r.org_id', 'r.id', 'r.return_no', 'r.order_id', 'r.order_no', 'r.org_name', 'r.supplier_org_id', 'r.supplier_name', 'r.status', 'r.reason',
    'r.dispute_reason', 'r.photos', 'r.amount', 'r.created_by', 'r.created_by_name', 'r.created_at', 'r.decided_at',
    streamVersionOf('r', 'orderReturn', 'id').as('version'),
  ] as const;

  async function view(viewer: OrderViewer, rows: Row[]): Promise<api.ReturnRow[]> {
    if (!rows.length) return [];
    const lines = await db.selectFrom('order_return_lines').selectAll()
      .where((eb) => eb.or(rows.map((r) => eb.and([eb('org_id', '=', r.org_id), eb('return_id', '=', r.id)]))))
      .orderBy('sort').execute();
    return rows.map((r) => ({
      returnId: r.id, returnNo: r.return_no, orderId: r.order_id, orderNo: r.order_no, orgId: r.org_id, orgName: r.org_name,
      supplierId: r.supplier_org_id, supplierName: r.supplier_name, status: r.status as ReturnStatus, reason: r.reason, disputeReason: r.dispute_reason,
      photos: Array.isArray(r.photos) ? (r.photos as string[]) : [], amount: Number(r.amount),
      lines: lines.filter((l) => l.org_id === r.org_id && l.return_id === r.id).map((l) => ({
        skuId: l.sku_id, productName: l.product_name, skuName: l.sku_name, unit: l.unit, price: Number(l.price), quantity: Number(l.quantity), amount: Number(l.amount),
      })),
      createdBy: r.created_by, createdByName: r.created_by_name, createdAt: r.created_at.toISOString(), decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
      actions: returnActionsFor(r.status as ReturnStatus, viewer.party), version: Number(r.version ?? 0),
    }));
  }

  async function findRow(viewer: OrderViewer, id: string): Promise<Row> {
    const row = await visible(viewer).select([...columns]).where('r.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(RETURN_TEXT.notFound);
    return row as Row;
  }
  const one = async (viewer: OrderViewer, id: string) => (await view(viewer, [await findRow(viewer, id)]))[0]!;

  /** The supplier's consoles hear of the change too (the append tells the school's org). */
  async function tellSupplier(tx: Tx, supplierOrgId: string, returnId: string, types: string[]) {
    if (!types.length) return;
    await sql`SELECT pg_notify('events', ${JSON.stringify({ orgId: supplierOrgId, streamId: orderReturnStream(returnId), types })})`.execute(tx);
  }

  /** The order's received lines with what its standing returns take back, read under the order's return lock. */
  async function returnFacts(tx: Tx, orgId: string, orderId: string, status: OrderStatus): Promise<ReturnFacts> {
    const lines = await tx.selectFrom('order_lines').select(['sku_id', 'product_name', 'sku_name', 'unit', 'price', 'received_quantity'])
      .where('org_id', '=', orgId).where('order_id', '=', orderId).where('status', '=', 'open').where('received_quantity', 'is not', null).execute();
    const returned = await tx.selectFrom('order_return_lines as l')
      .innerJoin('order_returns as r', (j) => j.onRef('r.org_id', '=', 'l.org_id').onRef('r.id', '=', 'l.return_id'))
      .select(['l.sku_id', (eb) => eb.fn.sum<string>('l.quantity').as('quantity')])
      .where('l.org_id', '=', orgId).where('l.order_id', '=', orderId).where('r.status', 'in', [...STANDING_STATUSES]).groupBy('l.sku_id').execute();
    const back = new Map(returned.map((r) => [r.sku_id, Number(r.quantity)]));
    const out: Record<string, ReturnableLine> = {};
    for (const l of lines) {
      out[l.sku_id] = {
        productName: l.product_name, skuName: l.sku_name, unit: l.unit, price: Number(l.price ?? 0), receivedQuantity: Number(l.received_quantity),
        returnedQuantity: back.get(l.sku_id) ?? 0,
      };
    }
    return { orderStatus: status, lines: out };
  }

  route(app, api.listReturns, { ...member, listPage: { size: PAGE.orders, max: PAGE.orders } }, async (request) => {
    const viewer = await orderViewerOf(db, request);
    const q = request.query;
    let base = visible(viewer);
    const statuses = statusesOf(q.status);
    if (statuses) base = base.where('r.status', 'in', statuses);
    if (q.orderId) base = base.where('r.order_id', '=', q.orderId);
    const [rows, count] = await Promise.all([
      paged(base.select([...columns]).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc'), request).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows: await view(viewer, rows as Row[]), count: Number(count.n) });
  });

  route(app, api.createReturn, { auth: 'orgApp', guard: partyOnly('school', RETURN_TEXT.notSchool) }, async (request) => {
    const viewer = await orderViewerOf(db, request);
    const b = request.body;
    const orgId = request.orgApp.orgId;
    // the school's own order only: another org's order is not found
    const order = await db.selectFrom('orders').select(['id', 'order_no', 'org_name', 'supplier_org_id', 'supplier_name', 'status'])
      .where('org_id', '=', orgId).where('id', '=', b.orderId).executeTakeFirst();
    if (!order) throw notFound(RETURN_TEXT.orderNotFound);
    const now = clock();
    const id = crypto.randomUUID();
    const returnNo = `TH${dayOf(now).replace(/-/g, '')}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
    await runDecisions(db, async (tx) => {
      await lockKey(tx, 'orderReturns', `${orgId}/${order.id}`);
      // the order's status again under the lock: a return and the order's own change cannot cross unseen
      const status = (await tx.selectFrom('orders').select('status').where('org_id', '=', orgId).where('id', '=', order.id).executeTakeFirstOrThrow()).status as OrderStatus;
      const command: OrderReturnCommand = {
        type: 'CreateReturn', by: viewer.party, reason: b.reason, photos: b.photos ?? [], items: b.items, at: now.toISOString(),
        facts: await returnFacts(tx, orgId, order.id, status),
        header: {
          returnId: id, returnNo, orderId: order.id, orderNo: order.order_no, orgName: order.org_name, supplierOrgId: order.supplier_org_id,
          supplierName: order.supplier_name, createdBy: request.user.userId, createdByName: request.user.name || request.user.username,
        },
      };
      const result = await decideAndAppend(tx, {
        orgId, streamId: orderReturnStream(id), streamType: STREAM_TYPE, decider: orderReturnDecider, command, meta: metaOf(request, now),
      });
      await tellSupplier(tx, order.supplier_org_id, id, result.decided.map((e) => e.type));
    });
    return ok(await one(viewer, id));
  });

  async function decide(request: OrgAppRequest, id: string, action: ReturnAction, reason: string, expectedVersion: number | undefined) {
    const viewer = await orderViewerOf(db, request);
    const row = await findRow(viewer, id);
    const now = clock();
    await runDecisions(db, async (tx) => {
      const result = await decideAndAppend(tx, {
        orgId: row.org_id, streamId: orderReturnStream(id), streamType: STREAM_TYPE, decider: orderReturnDecider, meta: metaOf(request, now), expectedVersion,
        command: { type: 'DecideReturn', returnId: id, action, reason, by: viewer.party, at: now.toISOString() },
      });
      await tellSupplier(tx, row.supplier_org_id, id, result.decided.map((e) => e.type));
    }, expectedVersion === undefined);
    return one(viewer, id);
  }

  route(app, api.actOnReturn, member, async (request) =>
    ok(await decide(request, request.params.returnId, request.body.action, request.body.reason ?? '', clientVersion(request))));

  route(app, api.withdrawReturn, member, async (request) => ok(await decide(request, request.params.id, 'withdraw', '', clientVersion(request))));
}
