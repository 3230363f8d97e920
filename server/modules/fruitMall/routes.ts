// Issue 34, the fresh-fruit mall's back office (contracts/fruitMall.ts): the platform's fruit orgs and statistics, a
// fruit org's goods, orders and picking list. Who may call each route is server/http/routePowers.ts's entry (the
// screen power) with the party guard here: a fruit org is an org of kind 'fruit' (domain/orgKind.ts), so an admin of a
// school, who passes every screen power in his own school, is still no fruit org. Everything a fruit org reads or
// changes is its own org's (request.orgApp.orgId): another org's order or SKU is simply not found.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { platformOnly } from '../../http/guards.ts';
import { partyOfRequest } from '../../http/parties.ts';
import type { Tx } from '../../store/eventStore.ts';
import { clientVersion, decideAndAppend, metaOf, runDecisions } from '../../store/command.ts';
import { listPage } from '../../http/listQuery.ts';
import { streamVersionOf } from '../../store/versions.ts';
import { hashPassword } from '../../auth/password.ts';
import { createOrgFromTemplate } from '../orgInit/routes.ts';
import { SEED_TEMPLATE_IDS } from '../orgInit/seedTemplates.ts';
import { mallStreams } from '../mall/streams.ts';
import * as api from '../../../contracts/fruitMall.ts';
import { productDecider, skuDecider, type ProductCreated, type SkuCreated } from '../../../domain/aggregates/product.ts';
import { fruitOrgDecider, fruitOrgStream } from '../../../domain/aggregates/fruitOrg.ts';
import { fruitOrderDecider, fruitOrderStream, type FruitOrderCommand } from '../../../domain/aggregates/fruitOrder.ts';
import {
  FRUIT_LIMITS, FRUIT_TEXT, fruitOfferOf, fruitOfferProblem, isDay, type FruitDayStatus,
} from '../../../domain/fruitMall.ts';
import { isValidPhone } from '../../../domain/phone.ts';
import { orgKindOf, type OrgKind } from '../../../domain/orgKind.ts';
import { ordersFrom, orderRows } from './orderView.ts';
import { paymentsOf, type Payments } from '../../payments/PaymentAdapter.ts';

/** A member of a fruit org (its kind, whatever his role's code). */
export function requireFruit(request: FastifyRequest): void {
  if (partyOfRequest(request) !== 'fruit') throw forbidden(FRUIT_TEXT.notFruitOrg);
}
/** The platform, or a fruit org reading its own statistics. */
export function requireFruitOrPlatform(request: FastifyRequest): void {
  if (!request.platform) requireFruit(request);
}
const platform = platformOnly(FRUIT_TEXT.notPlatform);
const STATS_MAX_DAYS = 366;

/** The deployment's payment adapters, one set per server (the simulated gateway keeps what it charged). */
const paymentsByApp = new WeakMap<FastifyInstance, Payments>();
export const paymentsOfApp = (app: FastifyInstance): Payments => paymentsByApp.get(app)!;

export default async function fruitMallRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db, clock } = ctx;
  const payments = paymentsOf(ctx.settings.paymentGateway);
  paymentsByApp.set(app, payments);

  // ---- fruit orgs (the platform)

  async function fruitOrgRows(orgIds?: string[]): Promise<api.FruitOrgRow[]> {
    let q = db.selectFrom('orgs').select(['org_id', 'name', 'created_at', streamVersionOf('orgs', 'fruitOrg', 'org_id').as('version')]).where('kind', '=', 'fruit');
    if (orgIds) q = q.where('org_id', 'in', orgIds.length ? orgIds : ['']);
    const orgs = await q.orderBy('created_at', 'desc').orderBy('org_id').execute();
    const links = orgs.length ? await db.selectFrom('fruit_schools as l').innerJoin('orgs as s', 's.org_id', 'l.school_org_id')
      .select(['l.org_id', 'l.school_org_id', 's.name']).where('l.org_id', 'in', orgs.map((o) => o.org_id)).orderBy('s.name').execute() : [];
    return orgs.map((o) => ({
      orgId: o.org_id, name: o.name, createdAt: o.created_at.toISOString(), version: Number(o.version ?? 0),
      schools: links.filter((l) => l.org_id === o.org_id).map((l) => ({ orgId: l.school_org_id, name: l.name })),
    }));
  }

  async function setSchools(tx: Tx, request: FastifyRequest, orgId: string, schoolOrgIds: string[], expectedVersion?: number) {
    const ids = [...new Set([orgId, ...schoolOrgIds])];
    const rows = await tx.selectFrom('orgs').select(['org_id', 'kind', 'org_type']).where('org_id', 'in', ids).execute();
    const kindOf = (id: string): OrgKind | null => {
      const r = rows.find((o) => o.org_id === id);
      return r ? orgKindOf({ kind: r.kind, orgType: r.org_type }) : null;
    };
    await decideAndAppend(tx, {
      orgId, streamId: fruitOrgStream(orgId), streamType: 'fruitOrg', decider: fruitOrgDecider, meta: metaOf(request, clock()), expectedVersion,
      command: { type: 'SetFruitSchools', orgId, at: clock().toISOString(), kind: kindOf(orgId), schools: schoolOrgIds.map((s) => ({ orgId: s, kind: kindOf(s) })) },
    });
  }

  route(app, api.listFruitOrgs, { auth: 'orgApp', guard: platform }, async () => {
    const rows = await fruitOrgRows();
    return ok({ rows, count: rows.length });
  });

  route(app, api.listSchoolsForFruit, { auth: 'orgApp', guard: platform }, async () => {
    const rows = await db.selectFrom('orgs').select(['org_id', 'name']).where('kind', '=', 'school').orderBy('name').execute();
    return ok(rows.map((r) => ({ orgId: r.org_id, name: r.name })));
  });

  route(app, api.createFruitOrg, { auth: 'orgApp', guard: platform }, async (request) => {
    const b = request.body;
    const orgName = b.orgName.trim();
    const adminPhone = b.adminPhone.trim();
    if (!orgName) throw badRequest('参数错误：机构名称不能为空');
    if (!isValidPhone(adminPhone)) throw badRequest(`管理员手机号格式不正确：${b.adminPhone}`);
    const passwordHash = await hashPassword(ctx.settings.defaultPassword);
    const now = clock();
    const app0 = await db.selectFrom('org_apps').select('app_id').where('key', '=', request.orgApp.key).executeTakeFirstOrThrow();
    const created = await runDecisions(db, async (tx) => {
      // the fruit-org template: its roles hold the fruit screens; the org is of kind fruit whatever the template says
      const org = await createOrgFromTemplate(tx, request, now, passwordHash, {
        templateId: SEED_TEMPLATE_IDS.fruit, orgName, appId: app0.app_id, kind: 'fruit', expiration: null, userLimit: null, adminPhone,
        adminName: b.adminName,
      });
      await setSchools(tx, request, org.orgId, b.schoolOrgIds);
      return org;
    });
    return ok((await fruitOrgRows([created.orgId]))[0]!);
  });

  route(app, api.setFruitSchools, { auth: 'orgApp', guard: platform }, async (request) => {
    const { orgId } = request.params;
    await runDecisions(db, (tx) => setSchools(tx, request, orgId, request.body.schoolOrgIds, clientVersion(request)), clientVersion(request) === undefined);
    const row = (await fruitOrgRows([orgId]))[0];
    if (!row) throw notFound(FRUIT_TEXT.fruitOrgMissing);
    return ok(row);
  });

  // ---- statistics

  route(app, api.fruitStatistics, { auth: 'orgApp', guard: requireFruitOrPlatform }, async (request) => {
    const q = request.query;
    const own = request.orgApp.orgId;
    // a fruit org reads its own; only the platform names another
    const orgId = request.platform ? (q.fruitOrgId ?? own) : own;
    if (!request.platform && q.fruitOrgId && q.fruitOrgId !== own) throw forbidden('无权访问其他机构的数据');
    if (!isDay(q.from) || !isDay(q.to) || q.from > q.to) throw badRequest(FRUIT_TEXT.badDay);
    if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 >= STATS_MAX_DAYS) throw badRequest(`统计区间最长 ${STATS_MAX_DAYS} 天`);
    const base = db.selectFrom('fruit_order_days as d')
      .innerJoin('fruit_orders as f', (j) => j.onRef('f.org_id', '=', 'd.org_id').onRef('f.id', '=', 'd.order_id'))
      .where('d.org_id', '=', orgId).where('d.day', '>=', q.from).where('d.day', '<=', q.to)
      // what was paid: placed and cancelled orders took no money
      .where('f.status', 'in', ['paid', 'delivered', 'refunded']);
    const cells = [
      sql<string>`count(DISTINCT d.order_id)`.as('orders'), sql<string>`count(DISTINCT f.member_phone)`.as('members'),
      sql<string>`coalesce(sum(d.quantity) FILTER (WHERE d.status <> 'refunded'), 0)`.as('units'),
      sql<string>`coalesce(sum(d.amount) FILTER (WHERE d.status <> 'refunded'), 0)`.as('revenue'),
      sql<string>`coalesce(sum(d.amount) FILTER (WHERE d.status = 'refunded'), 0)`.as('refunds'),
    ] as const;
    const cell = (r: { orders: string; members: string; units: string; revenue: string; refunds: string }) => ({
      orders: Number(r.orders), members: Number(r.members), units: Number(r.units), revenue: Number(r.revenue), refunds: Number(r.refunds),
    });
    const [totals, byDay, bySchool, byClass] = await Promise.all([
      base.select([...cells]).executeTakeFirstOrThrow(),
      base.select(['d.day', ...cells]).groupBy('d.day').orderBy('d.day').execute(),
      base.select(['f.school_org_id', 'f.school_name', ...cells]).groupBy(['f.school_org_id', 'f.school_name']).orderBy('f.school_name').execute(),
      base.select(['f.school_org_id', 'f.school_name', 'f.grade', 'f.class_name', ...cells]).groupBy(['f.school_org_id', 'f.school_name', 'f.grade', 'f.class_name'])
        .orderBy('f.school_name').orderBy('f.grade').orderBy('f.class_name').execute(),
    ]);
    return ok({
      totals: cell(totals),
      byDay: byDay.map((r) => ({ day: String(r.day), ...cell(r) })),
      bySchool: bySchool.map((r) => ({ schoolOrgId: r.school_org_id, schoolName: r.school_name, ...cell(r) })),
      byClass: byClass.map((r) => ({ schoolOrgId: r.school_org_id, schoolName: r.school_name, grade: r.grade, className: r.class_name, ...cell(r) })),
    });
  });

  // ---- goods (the fruit org's own)

  const skuRows = async (orgId: string, skuId?: string): Promise<api.FruitSkuRow[]> => {
    let q = db.selectFrom('skus as s').innerJoin('products as p', (j) => j.onRef('p.org_id', '=', 's.org_id').onRef('p.id', '=', 's.product_id'))
      .select(['s.sku_id', 's.product_id', 'p.name', 's.spec', 's.unit', 'p.is_uppershelf', 'p.extra_info as product_extra', 's.extra_info', 's.updated_at', streamVersionOf('s', 'sku', 'sku_id').as('version')])
      .where('s.org_id', '=', orgId).where('s.is_delete', '=', false).where('p.is_delete', '=', false)
      .where(sql<boolean>`s.extra_info ? 'fruit'`);
    if (skuId) q = q.where('s.sku_id', '=', skuId);
    const rows = await q.orderBy('p.name').orderBy('s.sku_id').execute();
    return rows.map((r) => {
      const images = (r.product_extra as { images?: unknown })?.images;
      return {
        skuId: r.sku_id, productId: r.product_id, name: r.name, spec: r.spec, unit: r.unit, onShelf: r.is_uppershelf,
        photos: Array.isArray(images) ? (images as string[]) : [], offer: fruitOfferOf(r.extra_info) ?? { levelPrices: {}, dailyStock: 0, season: [] },
        updatedAt: r.updated_at.toISOString(), version: Number(r.version ?? 0),
      };
    });
  };

  function checkOffer(input: api.FruitSkuInput) {
    const problem = fruitOfferProblem(input.offer);
    if (problem) throw badRequest(problem);
    if (!input.name.trim()) throw badRequest('参数错误：缺少商品名称');
  }

  route(app, api.listFruitSkus, { auth: 'orgApp', guard: requireFruit }, async (request) => {
    const rows = await skuRows(request.orgApp.orgId);
    return ok({ rows, count: rows.length });
  });

  route(app, api.createFruitSku, { auth: 'orgApp', guard: requireFruit }, async (request) => {
    const b = request.body;
    checkOffer(b);
    const orgId = request.orgApp.orgId;
    const now = clock();
    const at = now.toISOString();
    const meta = metaOf(request, now);
    const product: ProductCreated = {
      id: crypto.randomUUID(), name: b.name, cid: null, categoryId: null, status: 1, isPackage: false, isUppershelf: b.onShelf, rawRipe: '', unit: b.unit,
      priceClass: null, extraInfo: { images: b.photos, fruit: true }, at,
    };
    const sku: SkuCreated = { skuId: crypto.randomUUID(), productId: product.id, name: b.name, spec: b.spec, unit: b.unit, sort: 0, enable: true, extraInfo: { fruit: b.offer }, at };
    await runDecisions(db, async (tx) => {
      await decideAndAppend(tx, { orgId, streamId: mallStreams.product(product.id), streamType: 'product', decider: productDecider, meta, command: { type: 'CreateProduct', product, categoryKnown: true } });
      await decideAndAppend(tx, { orgId, streamId: mallStreams.sku(sku.skuId), streamType: 'sku', decider: skuDecider, meta, command: { type: 'CreateSku', sku, productLive: true } });
    });
    return ok((await skuRows(orgId, sku.skuId))[0]!);
  });

  route(app, api.updateFruitSku, { auth: 'orgApp', guard: requireFruit }, async (request) => {
    const b = request.body;
    checkOffer(b);
    const orgId = request.orgApp.orgId;
    const [current] = await skuRows(orgId, request.params.skuId);
    if (!current) throw notFound(FRUIT_TEXT.skuMissing);
    const now = clock();
    const at = now.toISOString();
    const meta = metaOf(request, now);
    // the version read is the SKU stream's (every change of a fruit SKU appends to it): stale → 409
    const expectedVersion = clientVersion(request);
    await runDecisions(db, async (tx) => {
      const extra = (await tx.selectFrom('products').select('extra_info').where('org_id', '=', orgId).where('id', '=', current.productId).executeTakeFirstOrThrow()).extra_info as Record<string, unknown>;
      await decideAndAppend(tx, {
        orgId, streamId: mallStreams.product(current.productId), streamType: 'product', decider: productDecider, meta,
        command: { type: 'UpdateProduct', categoryKnown: true, change: { id: current.productId, at, name: b.name, unit: b.unit, isUppershelf: b.onShelf, extraInfo: { ...extra, images: b.photos } } },
      });
      const skuExtra = (await tx.selectFrom('skus').select('extra_info').where('org_id', '=', orgId).where('sku_id', '=', current.skuId).executeTakeFirstOrThrow()).extra_info as Record<string, unknown>;
      await decideAndAppend(tx, {
        orgId, streamId: mallStreams.sku(current.skuId), streamType: 'sku', decider: skuDecider, meta,
        command: { type: 'UpdateSku', rowLive: true, change: { skuId: current.skuId, at, name: b.name, spec: b.spec, unit: b.unit, extraInfo: { ...skuExtra, fruit: b.offer } } }, expectedVersion,
      });
    }, expectedVersion === undefined);
    return ok((await skuRows(orgId, current.skuId))[0]!);
  });

  // ---- orders (the fruit org's own)

  route(app, api.listFruitOrders, { auth: 'orgApp', guard: requireFruit, listPage: { size: 50, max: FRUIT_LIMITS.ordersPerPage } }, async (request) => {
    const q = request.query;
    let base = ordersFrom(db).where('f.org_id', '=', request.orgApp.orgId);
    if (q.schoolOrgId) base = base.where('f.school_org_id', '=', q.schoolOrgId);
    if (q.status) base = base.where('f.status', '=', q.status);
    if (q.day) {
      const day = q.day;
      base = base.where(({ exists, selectFrom }) => exists(selectFrom('fruit_order_days as d').select('d.day')
        .whereRef('d.org_id', '=', 'f.org_id').whereRef('d.order_id', '=', 'f.id').where('d.day', '=', day)));
    }
    const [rows, count] = await Promise.all([
      orderRows(db, base, 'fruit', { limit: listPage(request).limit, offset: listPage(request).skip }),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows, count: Number(count.n) });
  });

  async function oneOrder(orgId: string, orderId: string, party: 'member' | 'fruit') {
    const [row] = await orderRows(db, ordersFrom(db).where('f.org_id', '=', orgId).where('f.id', '=', orderId), party);
    if (!row) throw notFound(FRUIT_TEXT.orderMissing);
    return row;
  }

  /** Decides one command on a fruit order; a refusal becomes its HTTP error, nothing written. */
  async function decideOrder(tx: Tx, request: FastifyRequest, orgId: string, command: FruitOrderCommand, expectedVersion?: number, dryRun = false) {
    return decideAndAppend(tx, {
      orgId, streamId: fruitOrderStream(command.orderId), streamType: 'fruitOrder', decider: fruitOrderDecider, meta: metaOf(request, clock()), command, expectedVersion,
    }, dryRun);
  }

  route(app, api.actOnFruitOrder, { auth: 'orgApp', guard: requireFruit }, async (request) => {
    const orgId = request.orgApp.orgId;
    const order = await oneOrder(orgId, request.params.orderId, 'fruit');
    const { action, day, reason } = request.body;
    const now = clock();
    const at = now.toISOString();
    const expectedVersion = clientVersion(request);
    const orderId = order.orderId;
    // a gateway order is paid by the gateway: the fruit org records only a payment made at school
    if (action === 'pay' && order.payment !== 'offline') throw conflict(FRUIT_TEXT.paymentUnavailable);
    if ((action === 'deliver' || action === 'refund') && !day) throw badRequest(FRUIT_TEXT.badDay);
    const command: FruitOrderCommand = action === 'pay' ? { type: 'PayFruitOrder', orderId, paymentRef: `OFFLINE-${request.user.userId.slice(0, 8)}`, at }
      : action === 'cancel' ? { type: 'CancelFruitOrder', orderId, by: 'fruit', at }
        : action === 'deliver' ? { type: 'DeliverFruitDay', orderId, day: day!, at }
          : { type: 'RefundFruitDay', orderId, day: day!, refundRef: '', reason: reason ?? '', at };
    await runDecisions(db, async (tx) => {
      if (command.type === 'RefundFruitDay') {
        // decided first without writing, so money goes back only for a day that may be refunded
        await decideOrder(tx, request, orgId, command, expectedVersion, true);
        const paid = await tx.selectFrom('fruit_orders').select(['payment_ref', 'payment']).where('org_id', '=', orgId).where('id', '=', orderId).executeTakeFirstOrThrow();
        // what that day was paid (its share after a campaign's discount)
        const dayRow = await tx.selectFrom('fruit_order_days').select('amount').where('org_id', '=', orgId).where('order_id', '=', orderId).where('day', '=', command.day).executeTakeFirstOrThrow();
        const adapter = paid.payment === 'gateway' ? payments.gateway : payments.offline;
        if (!adapter) throw conflict(FRUIT_TEXT.paymentUnavailable);
        command.refundRef = (await adapter.refund({ orderId, paymentRef: paid.payment_ref, amount: Number(dayRow.amount), day: command.day })).ref;
      }
      await decideOrder(tx, request, orgId, command, expectedVersion);
    }, expectedVersion === undefined);
    return ok(await oneOrder(orgId, orderId, 'fruit'));
  });

  // ---- the day's picking list

  const pickedDays = (orgId: string, day: string) => db.selectFrom('fruit_order_days as d')
    .innerJoin('fruit_orders as f', (j) => j.onRef('f.org_id', '=', 'd.org_id').onRef('f.id', '=', 'd.order_id'))
    .where('d.org_id', '=', orgId).where('d.day', '=', day).where('d.status', '<>', 'refunded')
    // only paid orders are picked: an order paid at school is recorded paid before it is packed
    .where('f.status', 'in', ['paid', 'delivered']);

  route(app, api.pickingList, { auth: 'orgApp', guard: requireFruit }, async (request) => {
    const { day } = request.query;
    if (!isDay(day)) throw badRequest(FRUIT_TEXT.badDay);
    const rows = await pickedDays(request.orgApp.orgId, day)
      .select(['f.id', 'f.school_org_id', 'f.school_name', 'f.grade', 'f.class_name', 'f.child_name', 'f.sku_id', 'f.sku_name', 'f.spec', 'f.unit', 'd.quantity', 'd.status'])
      .orderBy('f.school_name').orderBy('f.grade').orderBy('f.class_name').orderBy('f.child_name').execute();
    const schools: api.PickingList['schools'] = [];
    for (const r of rows) {
      let school = schools.find((s) => s.schoolOrgId === r.school_org_id);
      if (!school) schools.push(school = { schoolOrgId: r.school_org_id, schoolName: r.school_name, classes: [] });
      let cls = school.classes.find((c) => c.grade === r.grade && c.className === r.class_name);
      if (!cls) school.classes.push(cls = { grade: r.grade, className: r.class_name, items: [], children: [] });
      const item = cls.items.find((i) => i.skuId === r.sku_id);
      if (item) item.quantity += r.quantity;
      else cls.items.push({ skuId: r.sku_id, skuName: r.sku_name, spec: r.spec, unit: r.unit, quantity: r.quantity });
      cls.children.push({ orderId: r.id, childName: r.child_name, skuName: r.sku_name, quantity: r.quantity, status: r.status as FruitDayStatus });
    }
    return ok({ day, schools });
  });

  route(app, api.deliverPicking, { auth: 'orgApp', guard: requireFruit }, async (request) => {
    const b = request.body;
    if (!isDay(b.day)) throw badRequest(FRUIT_TEXT.badDay);
    const orgId = request.orgApp.orgId;
    const at = clock().toISOString();
    const delivered = await runDecisions(db, async (tx) => {
      let q = tx.selectFrom('fruit_order_days as d')
        .innerJoin('fruit_orders as f', (j) => j.onRef('f.org_id', '=', 'd.org_id').onRef('f.id', '=', 'd.order_id'))
        .select('f.id').where('d.org_id', '=', orgId).where('d.day', '=', b.day).where('d.status', '=', 'pending')
        .where('f.status', '=', 'paid').where('f.school_org_id', '=', b.schoolOrgId);
      if (b.grade !== undefined) q = q.where('f.grade', '=', b.grade);
      if (b.className !== undefined) q = q.where('f.class_name', '=', b.className);
      const ids = (await q.execute()).map((r) => r.id);
      for (const orderId of ids) await decideOrder(tx, request, orgId, { type: 'DeliverFruitDay', orderId, day: b.day, at });
      return ids.length;
    });
    return ok({ delivered });
  });
}
