// §2 orderList, foodPurchase, orderLogList, mallOrderSpec (issue 11): orders placed by a school with one of its
// suppliers. Every write is the order decider (domain/aggregates/order.ts) on the order's stream in the school's
// org, at the version the caller read when sent; the handler only gathers the facts (access.ts). An order the
// caller may not see is simply not found. After each commit the supplier's consoles are told too (the school's
// are told by the append itself), so the supplier's list refreshes without a reload.
import { listOrder, paged } from '../../http/listQuery.ts';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import { badRequest, HttpError, notFound, unprocessable } from '../../http/errors.ts';
import type { Tx } from '../../store/eventStore.ts';
import { clientVersion, decideAndAppend, metaOf, runDecisions } from '../../store/command.ts';
import { streamVersionOf } from '../../store/versions.ts';
import * as api from '../../../contracts/orders.ts';
import {
  ACTION_EVENTS, orderDecider, orderSettingsDecider, orderSettingsStream, orderStream, type OrderCommand, type OrderEvent, type OrderReceived, type ScaleFact,
} from '../../../domain/aggregates/order.ts';
import { DIFFERENCE_RESULTS, differenceResults, type ToleranceKind, type WeighResult } from '../../../domain/scale.ts';
import {
  ORDER_STATUSES, ORDER_TEXT, actionsFor, mayEditOrderSettings, statusFilter, type OrderAction, type OrderStatus,
} from '../../../domain/order.ts';
import { CREDITED_STATUSES, RETURN_LOG_ACTIONS, payableAmount, type ReturnStatus } from '../../../domain/orderReturn.ts';
import { dayOf, parseDay } from '../../../domain/priceCycle.ts';
import { canonicalJson, IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER, isIdempotencyKey } from '../../../domain/idempotency.ts';
import { linkPermissions, NO_PERMISSIONS, orderViewerOf, pairKey, partyOnly, placingFacts, settingsOf, type OrderViewer } from './access.ts';
import { draftExpectation } from '../../../domain/draftPrice.ts';
import { PAGE } from '../../../domain/constants.ts';

const member = { auth: 'orgApp' } as const;
/** The order list's `$orderby` fields (server/http/listQuery.ts) and the column each sorts by. */
const ORDER_SORT = {
  orderNo: 'o.order_no', orgName: 'o.org_name', supplierName: 'o.supplier_name', deliveryDate: 'o.delivery_date', status: 'o.status',
  amount: 'o.amount', createdAt: 'o.created_at', submittedAt: 'o.submitted_at', updatedAt: 'o.updated_at',
} as const;
const orderList = { ...member, listOrderable: Object.keys(ORDER_SORT), listPage: { size: PAGE.orders, max: PAGE.orders } } as const;
const STREAM_TYPE = 'order';

const select = [
  'o.org_id', 'o.id', 'o.order_no', 'o.org_name', 'o.supplier_org_id', 'o.supplier_name', sql<string>`to_char(o.delivery_date, 'YYYY-MM-DD')`.as('delivery_date'),
  'o.status', 'o.amount', 'o.received_amount', 'o.line_count', 'o.remark', 'o.reason', 'o.created_by', 'o.created_by_name', 'o.created_at',
  'o.submitted_at', 'o.updated_at', streamVersionOf('o', 'order', 'id').as('version'),
  // what the supplier took back: its accepted returns come off what the school pays (domain/orderReturn.ts payableAmount)
  sql<string>`(SELECT coalesce(sum(r.amount), 0) FROM order_returns r WHERE r.org_id = o.org_id AND r.order_id = o.id
    AND r.status IN (${sql.join(CREDITED_STATUSES)}))`.as('returned_amount'),
  'o.confirm_note',
  // the lines weighed beyond the scale's tolerance, from the stored verdicts: the list marks such orders
  ...DIFFERENCE_RESULTS.map((result) => sql<number>`(SELECT count(*)::int FROM order_lines l WHERE l.org_id = o.org_id AND l.order_id = o.id
    AND l.weigh_result = ${result})`.as(`${result}_lines`)),
] as const;

interface Row {
  org_id: string; id: string; order_no: string; org_name: string; supplier_org_id: string; supplier_name: string; delivery_date: string; status: string;
  amount: string; received_amount: string | null; line_count: number; remark: string; reason: string; created_by: string; created_by_name: string;
  created_at: Date; submitted_at: Date | null; updated_at: Date; version: string | null; returned_amount: string;
  confirm_note: string; short_lines: number; over_lines: number;
}

const num = (v: string | number | null) => (v === null ? null : Number(v));

export default async function orderRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  async function rowsView(viewer: OrderViewer, rows: Row[]): Promise<api.OrderRow[]> {
    const perms = await linkPermissions(db, rows.map((r) => ({ orgId: r.org_id, supplierOrgId: r.supplier_org_id })));
    return rows.map((r) => ({
      id: r.id, orderNo: r.order_no, orgId: r.org_id, orgName: r.org_name, supplierId: r.supplier_org_id, supplierName: r.supplier_name,
      deliveryDate: r.delivery_date, status: r.status as OrderStatus, amount: Number(r.amount), receivedAmount: num(r.received_amount),
      returnedAmount: Number(r.returned_amount),
      payableAmount: payableAmount({ amount: Number(r.amount), receivedAmount: num(r.received_amount) }, Number(r.returned_amount)),
      lineCount: r.line_count, remark: r.remark, reason: r.reason, confirmNote: r.confirm_note, shortLines: r.short_lines, overLines: r.over_lines, createdBy: r.created_by, createdByName: r.created_by_name,
      createdAt: r.created_at.toISOString(), submittedAt: r.submitted_at ? r.submitted_at.toISOString() : null, updatedAt: r.updated_at.toISOString(),
      actions: actionsFor(r.status as OrderStatus, viewer.party, perms.get(pairKey(r.org_id, r.supplier_org_id)) ?? NO_PERMISSIONS),
      version: Number(r.version ?? 0),
    }));
  }

  const visible = (viewer: OrderViewer) => {
    const q = db.selectFrom('orders as o');
    const scoped = viewer.scope ? q.where(viewer.scope) : q;
    // a draft is the school's own until it is submitted
    return viewer.party === 'school' ? scoped : scoped.where('o.status', '<>', 'draft');
  };

  async function findRow(viewer: OrderViewer, id: string): Promise<Row> {
    const row = await visible(viewer).select([...select]).where('o.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(ORDER_TEXT.notFound);
    return row as Row;
  }

  async function detail(viewer: OrderViewer, id: string): Promise<api.OrderDetail> {
    const row = await findRow(viewer, id);
    const lines = await db.selectFrom('order_lines').selectAll().where('org_id', '=', row.org_id).where('order_id', '=', id).orderBy('sort').execute();
    const [view] = await rowsView(viewer, [row]);
    // the order's returns (in the school's org beside it): whoever sees the order sees them
    const returns = await db.selectFrom('order_returns').select(['id', 'return_no', 'status', 'amount', 'reason', 'created_at'])
      .where('org_id', '=', row.org_id).where('order_id', '=', id).orderBy('created_at').orderBy('id').execute();
    // a draft is priced at submission: until then say what it would cost now (issue 28), read as an order is priced
    const expected = row.status === 'draft'
      ? await (async () => {
        const facts = await placingFacts(db, row.org_id, row.supplier_org_id, [...new Set(lines.map((l) => l.sku_id))], clock());
        return draftExpectation(lines.map((l) => ({ skuId: l.sku_id, quantity: Number(l.quantity) })), (skuId) => facts.skus[skuId]?.price ?? null);
      })()
      : null;
    return {
      ...view!,
      ...(expected && { expectedAmount: expected.expectedAmount }),
      returns: returns.map((r) => ({
        returnId: r.id, returnNo: r.return_no, status: r.status as ReturnStatus, amount: Number(r.amount), reason: r.reason, createdAt: r.created_at.toISOString(),
      })),
      lines: lines.map((l, i) => {
        const received = num(l.received_quantity);
        return {
          ...(expected && expected.lines[i]),
          skuId: l.sku_id, productId: l.product_id, productName: l.product_name, skuName: l.sku_name, spec: l.spec, unit: l.unit,
          quantity: Number(l.quantity), price: Number(l.price ?? 0), amount: Number(l.amount), status: l.status as 'open' | 'refused',
          refuseReason: l.refuse_reason, receivedQuantity: received, receivedAmount: num(l.received_amount),
          difference: received === null ? null : Math.round((received - Number(l.quantity)) * 1000) / 1000, remark: l.remark,
          weighedGrams: num(l.weighed_grams), scaleName: l.scale_name, allowedGrams: num(l.allowed_grams), weighResult: l.weigh_result as WeighResult | null,
        };
      }),
    };
  }

  /** The enabled scales of the school that a receipt's lines name (a foreign, removed or disabled one: null). */
  async function scaleFacts(orgId: string, lines: readonly api.OrderLineAction[]): Promise<Record<string, ScaleFact | null>> {
    const ids = [...new Set(lines.map((l) => l.scaleId).filter((x): x is string => !!x))];
    if (!ids.length) return {};
    const rows = await db.selectFrom('scales').select(['id', 'name', 'tolerance_kind', 'tolerance'])
      .where('org_id', '=', orgId).where('id', 'in', ids).where('enabled', '=', true).execute();
    const found = new Map(rows.map((r) => [r.id, { name: r.name, toleranceKind: r.tolerance_kind as ToleranceKind, tolerance: Number(r.tolerance) }]));
    return Object.fromEntries(ids.map((id) => [id, found.get(id) ?? null]));
  }

  /** The supplier's consoles hear of the change too (appendToStream tells the school's). */
  async function tellSupplier(tx: Tx, supplierOrgId: string, orderId: string, types: string[]) {
    if (!types.length) return;
    await sql`SELECT pg_notify('events', ${JSON.stringify({ orgId: supplierOrgId, streamId: orderStream(orderId), types })})`.execute(tx);
  }

  /** One command on an order the caller sees, in the order's org, at the version the caller read (if sent). */
  async function act(request: OrgAppRequest, viewer: OrderViewer, id: string, input: { action: OrderAction; reason?: string; lines?: api.OrderLineAction[] }, expectedVersion: number | undefined) {
    const row = await findRow(viewer, id);
    const now = clock();
    const at = now.toISOString();
    const perms = (await linkPermissions(db, [{ orgId: row.org_id, supplierOrgId: row.supplier_org_id }])).get(pairKey(row.org_id, row.supplier_org_id)) ?? NO_PERMISSIONS;
    const base = { orderId: id, by: viewer.party, permissions: perms, at };
    const lines = input.lines ?? [];
    const command = async (): Promise<OrderCommand> => {
      switch (input.action) {
        case 'submit': {
          const skuIds = (await db.selectFrom('order_lines').select('sku_id').where('org_id', '=', row.org_id).where('order_id', '=', id).orderBy('sort').execute()).map((l) => l.sku_id);
          return { type: 'SubmitOrder', ...base, facts: await placingFacts(db, row.org_id, row.supplier_org_id, skuIds, now) };
        }
        case 'confirm': return {
          type: 'ConfirmOrder', ...base, lines, supplierMayChangeQuantity: (await settingsOf(db, row.org_id)).supplierMayChangeQuantity, note: input.reason,
        };
        case 'refuse': return { type: 'RefuseOrder', ...base, reason: input.reason ?? '' };
        case 'dispatch': return { type: 'DispatchOrder', ...base };
        case 'deliver': return { type: 'DeliverOrder', ...base };
        case 'receive': return { type: 'ReceiveOrder', ...base, lines, scales: await scaleFacts(row.org_id, lines) };
        case 'settle': return { type: 'SettleOrder', ...base };
        case 'cancel': return { type: 'CancelOrder', ...base, reason: input.reason ?? '' };
      }
    };
    const cmd = await command();
    await runDecisions(db, async (tx) => {
      const result = await decideAndAppend(tx, {
        orgId: row.org_id, streamId: orderStream(id), streamType: STREAM_TYPE, decider: orderDecider, command: cmd, meta: metaOf(request, now), expectedVersion,
      });
      await tellSupplier(tx, row.supplier_org_id, id, result.decided.map((e: OrderEvent) => e.type));
    }, expectedVersion === undefined);
  }

  async function list(request: OrgAppRequest, q: api.OrderQuery & { keyword?: string }): Promise<api.OrderList> {
    const viewer = await orderViewerOf(db, request);
    const statuses = statusFilter(q.status);
    if (!statuses.ok) throw badRequest(`参数错误：未知的订单状态 ${statuses.unknown.join('、').slice(0, 100)}`);
    let base = visible(viewer);
    if (statuses.statuses) base = base.where('o.status', 'in', statuses.statuses);
    if (q.supplierId) base = base.where('o.supplier_org_id', '=', q.supplierId);
    if (q.orgId) base = base.where('o.org_id', '=', q.orgId);
    for (const d of [q.startDate, q.endDate]) if (d && !parseDay(d)) throw badRequest('参数错误：日期不正确');
    if (q.startDate) base = base.where('o.delivery_date', '>=', q.startDate);
    if (q.endDate) base = base.where('o.delivery_date', '<=', q.endDate);
    if (q.weighDifference) {
      // orders with a line whose stored verdict is short or over; the verdicts inline, as the partial index of
      // migration 236 names them, so the planner may use it
      const results = differenceResults(q.weighDifference);
      base = base.where(sql<SqlBool>`EXISTS (SELECT 1 FROM order_lines l WHERE l.org_id = o.org_id AND l.order_id = o.id
        AND l.weigh_result IN (${sql.join(DIFFERENCE_RESULTS.map((r) => sql.lit(r)))}) AND l.weigh_result IN (${sql.join(results)}))`);
    }
    const keyword = q.keyword?.trim();
    if (keyword) base = base.where('o.keyword', 'ilike', `%${keyword.replace(/[%_\\]/g, '\\$&')}%`);
    const [rows, count] = await Promise.all([
      paged(listOrder(base.select([...select]), request, ORDER_SORT).orderBy('o.created_at', 'desc').orderBy('o.id', 'desc'), request).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: await rowsView(viewer, rows as Row[]), count: Number(count.n) };
  }

  route(app, api.listOrders, orderList, async (request) => ok(await list(request, request.query)));
  route(app, api.searchOrders, orderList, async (request) => ok(await list(request, request.query)));

  route(app, api.getOrder, member, async (request) => ok(await detail(await orderViewerOf(db, request), request.params.id)));

  /** The order an Idempotency-Key already placed in the school: the same request's answer, or 422 for another body. */
  async function placedWith(orgId: string, key: { key: string; fingerprint: string }) {
    const row = await db.selectFrom('orders').select(['id', 'order_no', 'request_fingerprint']).where('org_id', '=', orgId).where('idempotency_key', '=', key.key).executeTakeFirst();
    if (row && row.request_fingerprint !== key.fingerprint) throw unprocessable(ORDER_TEXT.idempotencyKeyReused(row.order_no));
    return row?.id;
  }

  route(app, api.createOrder, { auth: 'orgApp', guard: partyOnly('school', ORDER_TEXT.notYourAction('submit')) }, async (request, reply) => {
    const viewer = await orderViewerOf(db, request);
    const b = request.body;
    if (!parseDay(b.deliveryDate)) throw badRequest('参数错误：配送日期不正确');
    const now = clock();
    const orgId = request.orgApp.orgId;
    // a retried or repeated placing (a second click, a plan generated again) answers the order it placed (issue 28)
    const sentKey = request.headers[IDEMPOTENCY_HEADER];
    if (sentKey !== undefined && !isIdempotencyKey(sentKey)) throw badRequest(ORDER_TEXT.badIdempotencyKey);
    const idempotency = sentKey === undefined ? undefined : { key: sentKey, fingerprint: crypto.createHash('sha256').update(canonicalJson(b)).digest('hex') };
    const earlier = idempotency && await placedWith(orgId, idempotency);
    if (earlier) {
      reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return ok(await detail(viewer, earlier));
    }
    const facts = await placingFacts(db, orgId, b.supplierId, [...new Set(b.items.map((i) => i.skuId))], now);
    const org = await db.selectFrom('orgs').select('name').where('org_id', '=', orgId).executeTakeFirst();
    const supplier = await db.selectFrom('orgs').select('name').where('org_id', '=', b.supplierId).executeTakeFirst();
    const id = crypto.randomUUID();
    const orderNo = `DD${dayOf(now).replace(/-/g, '')}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
    const placed = await runDecisions(db, async (tx) => {
      const result = await decideAndAppend(tx, {
        orgId, streamId: orderStream(id), streamType: STREAM_TYPE, decider: orderDecider, meta: metaOf(request, now),
        command: {
          type: 'CreateOrder', by: viewer.party, draft: b.draft === true, facts, items: b.items,
          order: {
            orderId: id, orderNo, orgName: org?.name ?? '', supplierOrgId: b.supplierId, supplierName: supplier?.name ?? '', deliveryDate: b.deliveryDate,
            remark: b.remark?.trim() ?? '', createdBy: request.user.userId, createdByName: request.user.name || request.user.username,
            ...(idempotency && { idempotency }),
          },
        },
      });
      await tellSupplier(tx, b.supplierId, id, result.decided.map((e) => e.type));
      return id;
    }).catch(async (e: unknown) => {
      // the same key raced in: the index let one order through, this request answers it
      const raced = idempotency && (e as { code?: string; constraint?: string }).constraint === 'orders_idempotency_key' ? await placedWith(orgId, idempotency) : undefined;
      if (raced) {
        reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return raced;
      }
      throw e;
    });
    return ok(await detail(viewer, placed));
  });

  route(app, api.actOnOrder, member, async (request) => {
    const viewer = await orderViewerOf(db, request);
    await act(request, viewer, request.params.id, request.body, clientVersion(request));
    return ok(await detail(viewer, request.params.id));
  });

  route(app, api.batchOrders, member, async (request) => {
    const viewer = await orderViewerOf(db, request);
    const done: string[] = [];
    const errors: api.OrderBatchResult['errors'] = [];
    // each order on its own: one refused does not hold back the others
    for (const [i, o] of request.body.orders.entries()) {
      try {
        await act(request, viewer, o.id, o, o.version);
        done.push(o.id);
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
        errors.push({ row: i + 1, id: o.id, status: e.statusCode, errors: [e.message] });
      }
    }
    const rows = done.length ? await visible(viewer).select([...select]).where('o.id', 'in', done).execute() : [];
    return ok({ rows: await rowsView(viewer, rows as Row[]), errors });
  });

  route(app, api.listOrderLog, { ...member, listPage: { size: PAGE.orders, max: PAGE.orders } }, async (request) => {
    const viewer = await orderViewerOf(db, request);
    const q = request.query;
    // the order's own events and those of its returns (a return is part of the order's story)
    let base = visible(viewer).innerJoin('events as e', (j) => j.onRef('e.org_id', '=', 'o.org_id').on(sql<SqlBool>`(e.stream_id = 'order-' || o.id
      OR e.stream_id IN (SELECT 'orderReturn-' || r.id FROM order_returns r WHERE r.org_id = o.org_id AND r.order_id = o.id))`));
    if (q.orderId) base = base.where('o.id', '=', q.orderId);
    const [rows, count] = await Promise.all([
      paged(base.leftJoin('users as u', (j) => j.on(sql<SqlBool>`u.user_id = e.meta->>'userId'`))
        .leftJoin('order_returns as rr', (j) => j.onRef('rr.org_id', '=', 'e.org_id').on(sql<SqlBool>`'orderReturn-' || rr.id = e.stream_id`))
        .select(['e.position', 'e.type', 'e.data', 'e.meta', 'o.id', 'o.order_no', 'u.name as user_name', 'rr.return_no', 'rr.amount as return_amount'])
        // a return's event leaves the order in the status its last own event left it
        .select(sql<string | null>`CASE WHEN e.stream_id LIKE 'orderReturn-%' THEN (SELECT CASE WHEN p.type = 'OrderCreated' THEN p.data->>'status' ELSE p.type END
          FROM events p WHERE p.org_id = o.org_id AND p.stream_id = 'order-' || o.id AND p.position < e.position ORDER BY p.position DESC LIMIT 1) END`.as('order_before'))
        .orderBy('e.position', 'desc'), request).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows: rows.map((r) => logRow(r)), count: Number(count.n) });
  });

  route(app, api.getOrderSettings, member, async (request) => {
    const s = await settingsOf(db, request.orgApp.orgId);
    const version = await db.selectFrom('streams').select('stream_position').where('org_id', '=', request.orgApp.orgId)
      .where('stream_id', '=', orderSettingsStream(request.orgApp.orgId)).executeTakeFirst();
    return ok({ cutoffDays: s.cutoffDays, cutoffTime: s.cutoffTime, minimumAmount: s.minimumAmount, supplierMayChangeQuantity: s.supplierMayChangeQuantity, version: Number(version?.stream_position ?? 0) });
  });

  route(app, api.putOrderSettings, member, async (request) => {
    const orgId = request.orgApp.orgId;
    const viewer = await orderViewerOf(db, request);
    const { version, ...settings } = request.body;
    const now = clock();
    const result = await runDecisions(db, (tx) => decideAndAppend(tx, {
      orgId, streamId: orderSettingsStream(orgId), streamType: 'orderSettings', decider: orderSettingsDecider, meta: metaOf(request, now),
      expectedVersion: version ?? clientVersion(request),
      command: { type: 'SetOrderSettings', orgId, settings, allowed: mayEditOrderSettings(viewer.party, request.roles), at: now.toISOString() },
    }), (version ?? clientVersion(request)) === undefined);
    const s = await settingsOf(db, orgId);
    return ok({ cutoffDays: s.cutoffDays, cutoffTime: s.cutoffTime, minimumAmount: s.minimumAmount, supplierMayChangeQuantity: s.supplierMayChangeQuantity, version: result.version });
  });
}

const EVENT_ACTIONS = new Map<string, string>([['OrderCreated', 'create'], ...Object.entries(ACTION_EVENTS).map(([a, t]) => [t, a] as [string, string])]);
const EVENT_STATUS: Record<string, OrderStatus> = {
  OrderSubmitted: 'submitted', OrderConfirmed: 'confirmed', OrderRefused: 'refused', OrderDispatched: 'dispatched', OrderDelivered: 'delivered',
  OrderReceived: 'received', OrderSettled: 'settled', OrderCancelled: 'cancelled',
};

interface LogSource {
  position: string; type: string; data: unknown; meta: unknown; id: string; order_no: string; user_name: string | null;
  return_no: string | null; return_amount: string | null; order_before: string | null;
}

/** One event of an order as a log entry: who (meta), what (type and the lines it names), when. */
function logRow(r: LogSource): api.OrderLogRow {
  const data = (r.data ?? {}) as Record<string, unknown>;
  const meta = (r.meta ?? {}) as { userId?: string; username?: string; time?: string };
  const returnAction = (RETURN_LOG_ACTIONS as Record<string, string>)[r.type];
  if (returnAction) {
    const before = r.order_before ?? '';
    return {
      id: String(r.position), orderId: r.id, orderNo: r.order_no, type: r.type, action: returnAction,
      status: EVENT_STATUS[before] ?? ((ORDER_STATUSES as readonly string[]).includes(before) ? before as OrderStatus : 'received'),
      userId: meta.userId ?? '', userName: r.user_name || meta.username || '', at: String(data.at ?? meta.time ?? ''),
      reason: typeof data.reason === 'string' ? data.reason : '', returnNo: r.return_no ?? '', amount: Number(r.return_amount ?? 0),
      lines: r.type === 'ReturnCreated' ? ((data.lines as { skuId: string; quantity: number }[] | undefined) ?? []).map((l) => ({ skuId: l.skuId, returnedQuantity: l.quantity })) : [],
    };
  }
  const lines: api.OrderLogRow['lines'] = [];
  if (r.type === 'OrderConfirmed') {
    for (const c of (data.changed as { skuId: string; quantity: number }[] | undefined) ?? []) lines.push({ skuId: c.skuId, quantity: c.quantity });
    for (const c of (data.refused as { skuId: string; reason: string }[] | undefined) ?? []) lines.push({ skuId: c.skuId, refused: true, reason: c.reason });
  } else if (r.type === 'OrderReceived') {
    for (const c of (data.lines as OrderReceived['lines'] | undefined) ?? []) {
      lines.push({ skuId: c.skuId, receivedQuantity: c.receivedQuantity, ...(c.weighedGrams !== undefined && { weighedGrams: c.weighedGrams, weighResult: c.weighResult }) });
    }
  } else if (r.type === 'OrderCreated') {
    for (const c of (data.lines as { skuId: string; quantity: number }[] | undefined) ?? []) lines.push({ skuId: c.skuId, quantity: c.quantity });
  }
  const status = r.type === 'OrderCreated' ? (data.status as OrderStatus) : EVENT_STATUS[r.type] ?? 'submitted';
  return {
    id: String(r.position), orderId: r.id, orderNo: r.order_no, type: r.type, action: EVENT_ACTIONS.get(r.type) ?? r.type, status,
    userId: meta.userId ?? '', userName: r.user_name || meta.username || '', at: String(data.at ?? meta.time ?? ''),
    reason: typeof data.reason === 'string' ? data.reason : '', lines,
    ...(typeof data.note === 'string' && data.note && { note: data.note }),
  };
}
