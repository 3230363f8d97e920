// Issue 34: the storefront's member calls (contracts/fruitMall.ts, header `membertoken`). A member is a phone number
// the schools' member lists hold (§3 product members): he signs in by an SMS code, sees the fruit of his child's
// school at his level's price there, orders, and reads or cancels only his own orders. Who he is comes from his
// session alone: nothing in a body names the member, and the price, the days and the amount are decided on the
// server (domain/aggregates/fruitOrder.ts). These routes are public to the staff auth hook: the member session is
// checked here, on every call.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { badRequest, forbidden, HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { perAddressLimit } from '../../http/anonymousRateLimit.ts';
import type { Tx } from '../../store/eventStore.ts';
import { decideAndAppend, lockKey, metaOf, runDecisions } from '../../store/command.ts';
import { checkSmsCode, MEMBER_SMS_PURPOSE, sendSmsCode } from '../passport/smsCodes.ts';
import * as api from '../../../contracts/fruitMall.ts';
import { fruitOrderDecider, fruitOrderStream, type FruitOrderCommand, type PlaceFacts } from '../../../domain/aggregates/fruitOrder.ts';
import { FRUIT_TEXT, fruitOfferOf, levelPriceOf } from '../../../domain/fruitMall.ts';
import { isValidPhone } from '../../../domain/phone.ts';
import { dayOf } from '../../../domain/priceCycle.ts';
import { canonicalJson, IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER, isIdempotencyKey } from '../../../domain/idempotency.ts';
import { issueMemberToken, memberPhoneOf, membershipsOf, revokeMemberToken } from './memberAuth.ts';
import { ordersFrom, orderRows } from './orderView.ts';
import { paymentsOfApp } from './routes.ts';

const publicRoute = { auth: 'public' } as const;

export default async function fruitMemberRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db, clock } = ctx;
  const writes = { auth: 'public', rateLimit: perAddressLimit(ctx.settings, 'passportWritesPerAddress') } as const;
  const membershipView = (m: Awaited<ReturnType<typeof membershipsOf>>[number]) => ({ orgId: m.orgId, orgName: m.orgName, userId: m.userId, name: m.name, level: m.level });

  route(app, api.requestMemberCode, writes, async (request) => {
    const phone = request.body.phone.trim();
    if (!isValidPhone(phone)) throw badRequest('手机号格式不正确');
    const now = clock();
    // the same answer for a phone no school lists: only a member's phone receives the code (issue 29's rule)
    const deliver = (await membershipsOf(db, phone)).length > 0;
    const { expiresAt } = await sendSmsCode(db, ctx.sms, { phone, purpose: MEMBER_SMS_PURPOSE, address: request.ip, now, deliver });
    return ok({ expiresAt: expiresAt.toISOString() });
  });

  route(app, api.memberSignIn, writes, async (request) => {
    const phone = request.body.phone.trim();
    const now = clock();
    await checkSmsCode(db, { phone, code: request.body.code.trim(), purpose: MEMBER_SMS_PURPOSE, now });
    const memberships = await membershipsOf(db, phone);
    if (!memberships.length) throw forbidden(FRUIT_TEXT.notMemberOfSchool);
    const { token, expiresAt } = await issueMemberToken(db, phone, now);
    return ok({ memberToken: token, expiresAt: expiresAt.toISOString(), phone, memberships: memberships.map(membershipView) });
  });

  route(app, api.memberSignOut, publicRoute, async (request) => {
    await memberPhoneOf(db, request, clock());
    await revokeMemberToken(db, request, clock());
    return ok({ ok: true });
  });

  route(app, api.memberMe, publicRoute, async (request) => {
    const phone = await memberPhoneOf(db, request, clock());
    return ok({ phone, memberships: (await membershipsOf(db, phone)).map(membershipView) });
  });

  route(app, api.memberOffer, publicRoute, async (request) => {
    const phone = await memberPhoneOf(db, request, clock());
    const [member] = await membershipsOf(db, phone, request.query.schoolOrgId);
    if (!member) throw forbidden(FRUIT_TEXT.notMemberOfSchool);
    const rows = await db.selectFrom('fruit_schools as l')
      .innerJoin('orgs as o', (j) => j.onRef('o.org_id', '=', 'l.org_id').on('o.kind', '=', 'fruit'))
      .innerJoin('skus as s', 's.org_id', 'l.org_id')
      .innerJoin('products as p', (j) => j.onRef('p.org_id', '=', 's.org_id').onRef('p.id', '=', 's.product_id'))
      .select(['l.org_id', 'o.name as org_name', 's.sku_id', 'p.name', 's.spec', 's.unit', 'p.extra_info as product_extra', 's.extra_info'])
      .where('l.school_org_id', '=', member.orgId).where('s.is_delete', '=', false).where('p.is_delete', '=', false).where('p.is_uppershelf', '=', true)
      .where(sql<boolean>`s.extra_info ? 'fruit'`)
      .orderBy('o.name').orderBy('p.name').execute();
    return ok(rows.flatMap((r) => {
      const offer = fruitOfferOf(r.extra_info);
      if (!offer) return [];
      const images = (r.product_extra as { images?: unknown })?.images;
      return [{
        fruitOrgId: r.org_id, fruitOrgName: r.org_name, skuId: r.sku_id, name: r.name, spec: r.spec, unit: r.unit,
        photos: Array.isArray(images) ? (images as string[]) : [], season: offer.season, price: levelPriceOf(offer, member.level), level: member.level,
      }];
    }));
  });

  /** What the decider needs to place an order, read under the SKU's stock lock. */
  async function placeFacts(tx: Tx, phone: string, b: api.MemberOrderInput, now: Date): Promise<PlaceFacts> {
    const sku = await tx.selectFrom('skus as s')
      .innerJoin('products as p', (j) => j.onRef('p.org_id', '=', 's.org_id').onRef('p.id', '=', 's.product_id'))
      .innerJoin('orgs as o', (j) => j.onRef('o.org_id', '=', 's.org_id').on('o.kind', '=', 'fruit'))
      .select(['s.sku_id', 's.product_id', 'p.name', 's.spec', 's.unit', 'p.is_uppershelf', 's.extra_info'])
      .where('s.org_id', '=', b.fruitOrgId).where('s.sku_id', '=', b.skuId).where('s.is_delete', '=', false).where('p.is_delete', '=', false)
      .executeTakeFirst();
    const offer = sku ? fruitOfferOf(sku.extra_info) : null;
    const serves = await tx.selectFrom('fruit_schools').select('school_org_id')
      .where('org_id', '=', b.fruitOrgId).where('school_org_id', '=', b.child.schoolOrgId).executeTakeFirst();
    const [member] = await membershipsOf(tx, phone, b.child.schoolOrgId);
    const holidays = await tx.selectFrom('holidays').select(['date', 'type']).execute();
    const ordered = await tx.selectFrom('fruit_order_days as d')
      .innerJoin('fruit_orders as f', (j) => j.onRef('f.org_id', '=', 'd.org_id').onRef('f.id', '=', 'd.order_id'))
      .select(['d.day', (eb) => eb.fn.sum<string>('d.quantity').as('n')])
      .where('d.org_id', '=', b.fruitOrgId).where('d.sku_id', '=', b.skuId).where('d.status', '<>', 'refunded').where('f.status', '<>', 'cancelled')
      .groupBy('d.day').execute();
    return {
      sku: sku && offer ? { skuId: sku.sku_id, productId: sku.product_id, name: sku.name, spec: sku.spec, unit: sku.unit, offer, onShelf: sku.is_uppershelf } : null,
      serves: !!serves,
      member: member ? { phone, orgId: member.orgId, userId: member.userId, name: member.name, level: member.level } : null,
      schoolName: member?.orgName ?? '',
      holidays: holidays.map((h) => ({ date: String(h.date), type: h.type })),
      today: dayOf(now),
      orderedByDay: Object.fromEntries(ordered.map((r) => [String(r.day), Number(r.n)])),
    };
  }

  route(app, api.placeMemberOrder, writes, async (request, reply) => {
    const now = clock();
    const phone = await memberPhoneOf(db, request, now);
    const b = request.body;
    const payments = paymentsOfApp(app);
    const adapter = b.payment === 'gateway' ? payments.gateway : payments.offline;
    if (!adapter) throw unprocessable(FRUIT_TEXT.paymentUnavailable);
    const sentKey = request.headers[IDEMPOTENCY_HEADER];
    if (sentKey !== undefined && !isIdempotencyKey(sentKey)) throw badRequest(FRUIT_TEXT.badIdempotencyKey);
    const idempotency = sentKey === undefined ? undefined : { key: sentKey, fingerprint: crypto.createHash('sha256').update(canonicalJson(b)).digest('hex') };
    const earlier = async () => {
      if (!idempotency) return undefined;
      const row = await db.selectFrom('fruit_orders').select(['id', 'org_id', 'order_no', 'request_fingerprint'])
        .where('member_phone', '=', phone).where('idempotency_key', '=', idempotency.key).executeTakeFirst();
      if (row && row.request_fingerprint !== idempotency.fingerprint) throw unprocessable(FRUIT_TEXT.idempotencyKeyReused(row.order_no));
      return row;
    };
    const replay = async (row: { id: string; org_id: string }) => {
      reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return ok(await memberOrder(phone, row.org_id, row.id));
    };
    const before = await earlier();
    if (before) return replay(before);
    const orderId = crypto.randomUUID();
    const orderNo = `XG${dayOf(now).replace(/-/g, '')}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
    const meta = { ...metaOf(request, now), username: phone, member: phone };
    try {
      await runDecisions(db, async (tx) => {
        // one order at a time per SKU: the stock left per day is read and taken under the lock (never oversold)
        await lockKey(tx, 'fruitStock', `${b.fruitOrgId}/${b.skuId}`);
        const command: FruitOrderCommand = {
          type: 'PlaceFruitOrder', orderId, orderNo, at: now.toISOString(), facts: await placeFacts(tx, phone, b, now), child: b.child,
          plan: b.plan, startDay: b.startDay, quantity: b.quantity, payment: b.payment, ...(idempotency && { idempotency }),
        };
        await decideAndAppend(tx, { orgId: b.fruitOrgId, streamId: fruitOrderStream(orderId), streamType: 'fruitOrder', decider: fruitOrderDecider, meta, command });
      });
    } catch (e) {
      const raced = idempotency && (e as { constraint?: string }).constraint === 'fruit_orders_idempotency' ? await earlier() : undefined;
      if (raced) return replay(raced);
      throw e;
    }
    // the money moves after the order is written: a declined charge cancels the order it was for
    const placed = await db.selectFrom('fruit_orders').select(['amount']).where('org_id', '=', b.fruitOrgId).where('id', '=', orderId).executeTakeFirstOrThrow();
    let charge;
    try {
      charge = await adapter.charge({ orderId, orderNo, amount: Number(placed.amount) });
    } catch {
      await runDecisions(db, (tx) => decideAndAppend(tx, {
        orgId: b.fruitOrgId, streamId: fruitOrderStream(orderId), streamType: 'fruitOrder', decider: fruitOrderDecider, meta,
        command: { type: 'CancelFruitOrder', orderId, by: 'member', at: clock().toISOString() },
      }));
      throw new HttpError(502, FRUIT_TEXT.paymentFailed);
    }
    if (charge.paid) {
      await runDecisions(db, (tx) => decideAndAppend(tx, {
        orgId: b.fruitOrgId, streamId: fruitOrderStream(orderId), streamType: 'fruitOrder', decider: fruitOrderDecider, meta,
        command: { type: 'PayFruitOrder', orderId, paymentRef: charge.ref, at: clock().toISOString() },
      }));
    }
    return ok(await memberOrder(phone, b.fruitOrgId, orderId));
  });

  /** One of the member's own orders (another member's is not found). */
  async function memberOrder(phone: string, orgId: string, orderId: string) {
    const [row] = await orderRows(db, ordersFrom(db).where('f.org_id', '=', orgId).where('f.id', '=', orderId).where('f.member_phone', '=', phone), 'member');
    if (!row) throw notFound(FRUIT_TEXT.orderMissing);
    return row;
  }

  route(app, api.listMemberOrders, publicRoute, async (request) => {
    const phone = await memberPhoneOf(db, request, clock());
    const base = ordersFrom(db).where('f.member_phone', '=', phone);
    const [rows, count] = await Promise.all([
      orderRows(db, base, 'member', { limit: request.query.$limit ?? 50, offset: request.query.$skip ?? 0 }),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows, count: Number(count.n) });
  });

  route(app, api.cancelMemberOrder, publicRoute, async (request) => {
    const now = clock();
    const phone = await memberPhoneOf(db, request, now);
    const row = await db.selectFrom('fruit_orders').select(['org_id', 'id']).where('id', '=', request.params.orderId).where('member_phone', '=', phone).executeTakeFirst();
    if (!row) throw notFound(FRUIT_TEXT.orderMissing);
    await runDecisions(db, (tx) => decideAndAppend(tx, {
      orgId: row.org_id, streamId: fruitOrderStream(row.id), streamType: 'fruitOrder', decider: fruitOrderDecider,
      meta: { ...metaOf(request, now), username: phone, member: phone },
      command: { type: 'CancelFruitOrder', orderId: row.id, by: 'member', at: now.toISOString() },
    }));
    return ok(await memberOrder(phone, row.org_id, row.id));
  });
}
