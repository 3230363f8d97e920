// Issue 34: a member orders fruit on the storefront (contracts/fruitMall.ts, auth 'member': the session of
// POST /v1/storefront/login). The fruit org is the session's org, a fruit org whose storefront is open; the member is
// the session's member, his level read from the org's member list on every call. Nothing in a body names the org,
// the member, a price or a discount: the decider decides them (domain/aggregates/fruitOrder.ts). Another member's
// order is not found.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { route, type MemberRequest } from '../../http/route.ts';
import { badRequest, notFound, unprocessable } from '../../http/errors.ts';
import { listPage } from '../../http/listQuery.ts';
import { perAddressLimit } from '../../http/anonymousRateLimit.ts';
import { refusalError } from '../../http/refusal.ts';
import type { EventMeta } from '../../store/eventStore.ts';
import { decideAndAppend, runDecisions } from '../../store/command.ts';
import { isRefusal } from '../../../domain/decider.ts';
import * as api from '../../../contracts/fruitMall.ts';
import { fruitOrderDecider, fruitOrderStream, type FruitOrderCommand, type FruitOrderPlaced } from '../../../domain/aggregates/fruitOrder.ts';
import { FRUIT_LIMITS, FRUIT_TEXT, fruitOfferOf, levelPriceOf } from '../../../domain/fruitMall.ts';
import { dayOf } from '../../../domain/priceCycle.ts';
import { canonicalJson, IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER, isIdempotencyKey } from '../../../domain/idempotency.ts';
import { ordersFrom, orderRows } from '../fruitMall/orderView.ts';
import { paymentsOfApp } from '../fruitMall/routes.ts';
import { chargeOrder, placeCommand, placeFacts, placeFruitOrder } from '../fruitMall/placeOrder.ts';
import { openShop, STOREFRONT_TEXT } from './memberSignIn.ts';

const member = { auth: 'member' } as const;

/** A fruit order's number: the day and six random digits. */
export const fruitOrderNo = (now: Date) => `XG${dayOf(now).replace(/-/g, '')}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;

/** The meta of what a member does (his id, never a staff user's). */
export const memberMeta = (request: MemberRequest, now: Date): EventMeta => ({
  username: `member:${request.member.memberId}`, memberId: request.member.memberId, member: request.member.phone, requestId: request.id,
  route: `${request.method} ${request.routeOptions.url ?? ''}`, time: now.toISOString(),
});

export default async function storefrontFruitRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db, clock } = ctx;

  /** The member's storefront: open, and a fruit org's (only a fruit org sells fruit to members). */
  async function fruitShopOf(request: MemberRequest): Promise<string> {
    const shop = await openShop(db, request.member.orgId);
    if (!shop) throw notFound(STOREFRONT_TEXT.closed);
    const org = await db.selectFrom('orgs').select('kind').where('org_id', '=', shop.orgId).executeTakeFirst();
    if (org?.kind !== 'fruit') throw unprocessable(FRUIT_TEXT.notFruitShop);
    return shop.orgId;
  }

  /** One of the member's own orders (another member's is not found). */
  async function ownOrder(request: MemberRequest, orderId: string) {
    const [row] = await orderRows(db, ordersFrom(db).where('f.org_id', '=', request.member.orgId).where('f.id', '=', orderId)
      .where('f.member_user_id', '=', request.member.memberId), 'member');
    if (!row) throw notFound(FRUIT_TEXT.orderMissing);
    return row;
  }

  route(app, api.memberOffer, member, async (request) => {
    const orgId = await fruitShopOf(request);
    const [org, schools, rows] = await Promise.all([
      db.selectFrom('orgs').select('name').where('org_id', '=', orgId).executeTakeFirstOrThrow(),
      db.selectFrom('fruit_schools as l').innerJoin('orgs as s', 's.org_id', 'l.school_org_id').select(['s.org_id', 's.name'])
        .where('l.org_id', '=', orgId).orderBy('s.name').execute(),
      db.selectFrom('skus as s')
        .innerJoin('products as p', (j) => j.onRef('p.org_id', '=', 's.org_id').onRef('p.id', '=', 's.product_id'))
        .select(['s.sku_id', 'p.name', 's.spec', 's.unit', 'p.extra_info as product_extra', 's.extra_info'])
        .where('s.org_id', '=', orgId).where('s.is_delete', '=', false).where('p.is_delete', '=', false).where('p.is_uppershelf', '=', true)
        .where(sql<boolean>`s.extra_info ? 'fruit'`).orderBy('p.name').execute(),
    ]);
    const level = request.member.level;
    return ok({
      fruitOrgName: org.name,
      schools: schools.map((s) => ({ orgId: s.org_id, name: s.name })),
      items: rows.flatMap((r) => {
        const offer = fruitOfferOf(r.extra_info);
        if (!offer) return [];
        const images = (r.product_extra as { images?: unknown })?.images;
        return [{
          skuId: r.sku_id, name: r.name, spec: r.spec, unit: r.unit, photos: Array.isArray(images) ? (images as string[]) : [],
          season: offer.season, price: levelPriceOf(offer, level), level,
        }];
      }),
    });
  });

  route(app, api.quoteMemberOrder, member, async (request) => {
    const orgId = await fruitShopOf(request);
    const now = clock();
    const facts = await placeFacts(db, orgId, request.member.memberId, request.body, now);
    const decision = fruitOrderDecider.decide(placeCommand('quote', 'quote', now, facts, request.body), fruitOrderDecider.initialState());
    if (isRefusal(decision)) throw refusalError(decision);
    const d = decision[0]!.data as FruitOrderPlaced;
    return ok({ days: d.days, unitPrice: d.unitPrice, listAmount: d.listAmount ?? d.amount, discount: d.discount ?? 0, amount: d.amount, campaignName: d.campaign?.name ?? null });
  });

  // orders are bounded per client address as well as checked per member (domain/anonymousLimits.ts)
  const ordersPerAddress = { ...member, rateLimit: perAddressLimit(ctx.settings, 'storefrontOrdersPerAddress') };
  route(app, api.placeMemberOrder, ordersPerAddress, async (request, reply) => {
    const now = clock();
    const orgId = await fruitShopOf(request);
    const { memberId } = request.member;
    const b = request.body;
    const payments = paymentsOfApp(app);
    if (b.payment === 'gateway' && !payments.gateway) throw unprocessable(FRUIT_TEXT.paymentUnavailable);
    const sentKey = request.headers[IDEMPOTENCY_HEADER];
    if (sentKey !== undefined && !isIdempotencyKey(sentKey)) throw badRequest(FRUIT_TEXT.badIdempotencyKey);
    const idempotency = sentKey === undefined ? undefined : { key: sentKey, fingerprint: crypto.createHash('sha256').update(canonicalJson(b)).digest('hex') };
    const earlier = async () => {
      if (!idempotency) return undefined;
      const row = await db.selectFrom('fruit_orders').select(['id', 'order_no', 'request_fingerprint'])
        .where('org_id', '=', orgId).where('member_user_id', '=', memberId).where('idempotency_key', '=', idempotency.key).executeTakeFirst();
      if (row && row.request_fingerprint !== idempotency.fingerprint) throw unprocessable(FRUIT_TEXT.idempotencyKeyReused(row.order_no));
      return row;
    };
    const replay = async (row: { id: string }) => {
      reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return ok(await ownOrder(request, row.id));
    };
    const before = await earlier();
    if (before) return replay(before);
    const orderId = crypto.randomUUID();
    const orderNo = fruitOrderNo(now);
    const meta = memberMeta(request, now);
    let placed: FruitOrderPlaced;
    try {
      placed = await runDecisions(db, (tx) => placeFruitOrder(tx, { orgId, memberId, orderId, orderNo, spec: b, now, meta, idempotency }));
    } catch (e) {
      const raced = idempotency && (e as { constraint?: string }).constraint === 'fruit_orders_idempotency' ? await earlier() : undefined;
      if (raced) return replay(raced);
      throw e;
    }
    await chargeOrder(db, payments, { orgId, orderId, orderNo, payment: b.payment, amount: placed.amount, meta, clock });
    return ok(await ownOrder(request, orderId));
  });

  route(app, api.listMemberOrders, { ...member, listPage: { size: 50, max: FRUIT_LIMITS.ordersPerPage } }, async (request) => {
    const base = ordersFrom(db).where('f.org_id', '=', request.member.orgId).where('f.member_user_id', '=', request.member.memberId);
    const [rows, count] = await Promise.all([
      orderRows(db, base, 'member', { limit: listPage(request).limit, offset: listPage(request).skip }),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows, count: Number(count.n) });
  });

  const decide = (request: MemberRequest, orderId: string, command: FruitOrderCommand, now: Date) => runDecisions(db, (tx) => decideAndAppend(tx, {
    orgId: request.member.orgId, streamId: fruitOrderStream(orderId), streamType: 'fruitOrder', decider: fruitOrderDecider, meta: memberMeta(request, now), command,
  }));

  route(app, api.cancelMemberOrder, member, async (request) => {
    const now = clock();
    const order = await ownOrder(request, request.params.orderId);
    await decide(request, order.orderId, { type: 'CancelFruitOrder', orderId: order.orderId, by: 'member', at: now.toISOString() }, now);
    return ok(await ownOrder(request, order.orderId));
  });

  route(app, api.askMemberRefund, member, async (request) => {
    const now = clock();
    const order = await ownOrder(request, request.params.orderId);
    await decide(request, order.orderId, {
      type: 'RequestFruitRefund', orderId: order.orderId, day: request.body.day, reason: request.body.reason ?? '', today: dayOf(now), at: now.toISOString(),
    }, now);
    return ok(await ownOrder(request, order.orderId));
  });
}
